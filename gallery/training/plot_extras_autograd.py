"""
Custom autograd Functions in detail, saved-tensor hooks and anomaly detection
=============================================================================

The details of a custom ``torch.autograd.Function`` that decide whether its
gradients are right: why inputs are saved with ``ctx.save_for_backward``
and not as attributes of ``ctx``, why an in-place ``forward`` must call
``ctx.mark_dirty``, and what ``@once_differentiable`` gives up. Then two
tools that work on any graph: ``saved_tensors_hooks`` (what autograd keeps
for the backward pass) and ``detect_anomaly`` (which forward operation
produced a NaN gradient).
"""

import warnings

import torch
from torch.autograd.function import once_differentiable

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


# %% example-for: extras-custom-function, torch.autograd.function.FunctionCtx.save_for_backward
# ``save_for_backward`` notices an in-place change; ``ctx.x = x`` does not
# ------------------------------------------------------------------------
#
# Both functions compute ``exp(x)`` and need ``x`` in backward. The input is
# changed in place after the forward pass. The tensor saved with
# ``save_for_backward`` is checked against its version counter, so the
# backward raises. The one stored as ``ctx.x`` is simply read as it is now,
# and the gradient is silently wrong: ``exp(x + 1)`` instead of ``exp(x)``.


class ExpSaved(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.exp()

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * x.exp()


class ExpOnCtx(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.x = x  # not checked, and can keep the graph alive longer than needed
        return x.exp()

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.x.exp()


for function in (ExpSaved, ExpOnCtx):
    leaf = torch.tensor([0.0, 1.0], requires_grad=True)
    x = leaf * 1
    y = function.apply(x)
    x.add_(1)  # changes the saved input after the forward pass
    try:
        y.sum().backward()
        print(f"{function.__name__}: grad {leaf.grad}, correct {torch.tensor([0.0, 1.0]).exp()}")
    except RuntimeError as err:
        print(f"{function.__name__}: RuntimeError: {str(err).split('. Hint')[0]}")

# %% example-for: extras-custom-function, torch.autograd.function.FunctionCtx.mark_dirty
# ``mark_dirty``: an in-place forward
# -----------------------------------
#
# A forward that modifies its input in place and returns it must say so
# with ``ctx.mark_dirty(x)``. Autograd then moves the tensor's history onto
# the Function's node. Without it, the modified tensor keeps its old
# ``grad_fn`` (``CloneBackward0`` here), and a gradient taken through it
# skips the doubling: ``1`` instead of ``2``, with no error. An in-place
# Function on a leaf that requires grad is refused, as any in-place op is.


class DoubleInPlace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        return 2 * grad_output


class DoubleInPlaceUnmarked(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        return 2 * grad_output


for function in (DoubleInPlace, DoubleInPlaceUnmarked):
    leaf = torch.tensor([1.0, 2.0], requires_grad=True)
    x = leaf.clone()
    function.apply(x)
    x.sum().backward()
    print(f"{function.__name__:22} x={x.detach()} grad_fn={type(x.grad_fn).__name__:22} leaf.grad={leaf.grad}")

try:
    DoubleInPlace.apply(torch.ones(2, requires_grad=True))
except RuntimeError as err:
    print(f"on a leaf: RuntimeError: {err}")

# %% example-for: extras-custom-function, torch.autograd.function.once_differentiable
# ``@once_differentiable``: no second derivative
# ----------------------------------------------
#
# Decorating ``backward`` with ``@once_differentiable`` runs it with
# gradient recording off, so the backward may use operations autograd
# cannot differentiate. The price: a second derivative through it raises
# instead of being computed. Without the decorator, ``x ** 3`` squared
# gives the second derivative ``30 x ** 4 = 480`` at ``x = 2``.


def cube_backward(ctx, grad_output):
    (x,) = ctx.saved_tensors
    return grad_output * 3 * x ** 2


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    backward = staticmethod(cube_backward)


class CubeOnce(Cube):
    backward = staticmethod(once_differentiable(cube_backward))


for function in (Cube, CubeOnce):
    x = torch.tensor([2.0], requires_grad=True)
    (first,) = torch.autograd.grad((function.apply(x) ** 2).sum(), x, create_graph=True)
    try:
        first.backward()
        print(f"{function.__name__}: first {first.item()}, second {x.grad.item()}")
    except RuntimeError as err:
        print(f"{function.__name__}: first {first.item()}, second: RuntimeError: {err}")

# %% example-for: torch.autograd.graph.saved_tensors_hooks
# ``saved_tensors_hooks``: what autograd keeps, and in which form
# ---------------------------------------------------------------
#
# Every tensor an operation saves for its backward pass goes through
# ``pack_hook`` when it is saved and ``unpack_hook`` when backward needs it.
# Here ``x.sin() * x`` saves three tensors (``x`` for ``sin``, then both
# factors of the product), and the hooks keep them in float16 to halve
# their memory: the gradient comes out slightly different from the exact
# one. Offloading to the CPU works the same way
# (``torch.autograd.graph.save_on_cpu`` is such a pair of hooks).

saved = []


def pack_hook(tensor):
    saved.append((tuple(tensor.shape), tensor.dtype))
    return tensor.to(torch.float16)


def unpack_hook(tensor):
    return tensor.to(torch.float32)


x = torch.randn(3, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = (x.sin() * x).sum()
print("packed:", saved)
y.backward()
exact = x.detach().sin() + x.detach() * x.detach().cos()
print("grad through float16:", x.grad)
print("exact gradient      :", exact)
print("largest difference  :", (x.grad - exact).abs().max())
assert not torch.equal(x.grad, exact) and torch.allclose(x.grad, exact, atol=1e-2)

# %% example-for: torch.autograd.detect_anomaly
# ``detect_anomaly``: which forward operation made the NaN
# --------------------------------------------------------
#
# ``sqrt`` has an infinite slope at 0. Multiplying its output by 0 makes the
# forward result finite, but backward computes ``0 * inf = nan``, and the
# NaN arrives in ``x.grad`` with no hint of its origin. Inside
# ``detect_anomaly()`` the backward raises at the first node that returns
# a NaN, and a warning shows the line of the forward call that created that
# node. It slows everything down: use it to debug, not to train.

x = torch.tensor([0.0, 4.0], requires_grad=True)
mask = torch.tensor([0.0, 1.0])
(torch.sqrt(x) * mask).sum().backward()
print("without detect_anomaly, x.grad =", x.grad)

x.grad = None
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autograd.detect_anomaly():
        root = torch.sqrt(x)  # the forward call the warning points to
        try:
            (root * mask).sum().backward()
        except RuntimeError as err:
            print(f"RuntimeError: {err}")
for warning in caught:
    lines = str(warning.message).splitlines()
    print(f"{warning.category.__name__}: {lines[0]}")
    print("".join(f"    {line.strip()}\n" for line in lines if "torch.sqrt(" in line), end="")
assert any("SqrtBackward0" in str(w.message) for w in caught)
