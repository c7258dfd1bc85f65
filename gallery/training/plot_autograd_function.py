"""
A custom autograd.Function checked with gradcheck
=================================================

When an operation should have a hand-written backward (a formula that is
cheaper or more stable than the one autograd would derive, or code autograd
cannot see into), subclass ``torch.autograd.Function``: a static
``forward`` computes the result, ``setup_context`` (or ``forward`` itself,
in the older style) saves what ``backward`` needs with
``ctx.save_for_backward``, and a static ``backward`` turns the gradient of
the output into gradients of the inputs. The function is called through
``.apply``. ``torch.autograd.gradcheck`` compares the hand-written backward
with finite differences; give it float64 inputs.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


# %% example-for: autograd-custom-function, torch.autograd.Function
# forward, setup_context and backward
# -----------------------------------
#
# ``Softplus`` computes log(1 + exp(x)); its derivative is sigmoid(x). The
# forward receives only the inputs; ``setup_context`` receives the inputs
# and the output and saves the input for backward. ``backward`` receives
# one gradient per output and returns one gradient per input of
# ``forward``.


class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return torch.log1p(torch.exp(x))

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)


x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
y = Softplus.apply(x)
print("y:", y)
print("grad_fn:", y.grad_fn.name())
y.sum().backward()
print("x.grad:", x.grad)
print("sigmoid(x):", torch.sigmoid(x.detach()))
assert torch.allclose(x.grad, torch.sigmoid(x.detach()))
assert torch.allclose(y, torch.nn.functional.softplus(x))

# %% example-for: autograd-custom-function, torch.autograd.Function, torch.autograd.gradcheck
# Checking backward with ``gradcheck`` on float64
# -----------------------------------------------
#
# ``gradcheck`` perturbs each input element by ``eps`` and compares the
# numerical Jacobian with the one ``backward`` gives. It returns ``True`` or
# raises. Its tolerances are meant for float64: with float32 input it warns,
# and with the default ``eps`` it fails, as it almost always does, although
# the backward is correct.

x64 = torch.randn(4, dtype=torch.float64, requires_grad=True)
print("float64:", torch.autograd.gradcheck(Softplus.apply, (x64,)))

x32 = torch.tensor([0.5, 1.5], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        torch.autograd.gradcheck(Softplus.apply, (x32,))
    except RuntimeError as err:
        print(f"float32: {type(err).__name__}: {str(err).splitlines()[0]}")
assert any("double precision" in str(w.message) for w in caught)
print(f"{caught[0].category.__name__}: {str(caught[0].message).strip()}")

# %% example-for: autograd-custom-function, torch.autograd.gradcheck
# ``gradcheck`` catches a wrong backward
# --------------------------------------
#
# A deliberate bug: the backward forgets the factor 2 of d(x ** 2)/dx.
# ``gradcheck`` raises ``GradcheckError`` (a subclass of ``RuntimeError``)
# with both Jacobians.


class BadSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):  # older style: ctx as first argument of forward
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * x  # should be 2 * x


x64 = torch.tensor([1.0, 3.0], dtype=torch.float64, requires_grad=True)
try:
    torch.autograd.gradcheck(BadSquare.apply, (x64,))
except RuntimeError as err:
    print(f"{type(err).__name__}: {err}")
print("raise_exception=False:", torch.autograd.gradcheck(BadSquare.apply, (x64,), raise_exception=False))

# %% example-for: torch.autograd.Function
# Call ``.apply``, not the class or ``forward``
# ---------------------------------------------
#
# ``Softplus.apply(x)`` records the node in the graph. Calling
# ``Softplus.forward(x)`` directly computes the value but bypasses autograd
# (the result's ``grad_fn`` is the one of the plain ops inside, not
# ``SoftplusBackward``). Instantiating the class is deprecated (it warns),
# and calling the instance fails.

x = torch.tensor([1.0], requires_grad=True)
print("apply:  ", Softplus.apply(x).grad_fn.name())
print("forward:", Softplus.forward(x).grad_fn.name())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        Softplus()(x)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")
message = str(caught[0].message).replace(str(Softplus), "Softplus")
print(f"{caught[0].category.__name__}: {message}")

# %% example-for: torch.autograd.Function
# Several inputs, one of them not differentiable
# ----------------------------------------------
#
# ``backward`` returns one value per ``forward`` input, ``None`` for inputs
# that need no gradient (here the Python float ``scale``).
# ``ctx.needs_input_grad`` says which inputs require one.


seen = []  # what backward saw in ctx.needs_input_grad


class ScaledMul(torch.autograd.Function):
    @staticmethod
    def forward(a, b, scale):
        return a * b * scale

    @staticmethod
    def setup_context(ctx, inputs, output):
        a, b, scale = inputs
        ctx.save_for_backward(a, b)
        ctx.scale = scale  # non-tensors are stored as plain attributes

    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        seen.append(ctx.needs_input_grad)
        grad_a = grad_output * b * ctx.scale if ctx.needs_input_grad[0] else None
        grad_b = grad_output * a * ctx.scale if ctx.needs_input_grad[1] else None
        return grad_a, grad_b, None


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
ScaledMul.apply(a, b, 0.5).sum().backward()
print("needs_input_grad:", seen[-1])
print("a.grad:", a.grad, "| b.grad:", b.grad)
a64 = torch.randn(3, dtype=torch.float64, requires_grad=True)
b64 = torch.randn(3, dtype=torch.float64, requires_grad=True)
print("gradcheck:", torch.autograd.gradcheck(lambda p, q: ScaledMul.apply(p, q, 0.5), (a64, b64)))


# Returning fewer gradients than forward has inputs is an error:
class ForgotNone(ScaledMul):
    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        return grad_output * b * ctx.scale, grad_output * a * ctx.scale  # no None for scale


try:
    ForgotNone.apply(a, b, 0.5).sum().backward()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
