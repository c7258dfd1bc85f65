"""
Leaves, requires_grad, .grad and retain_grad
============================================

Autograd fills ``.grad`` only on *leaf* tensors that require gradients: the
tensors you created yourself (parameters, inputs marked with
``requires_grad=True``). Every tensor computed from them is a non-leaf: it
records how it was made (``grad_fn``) but does not keep a gradient unless
``retain_grad()`` was called on it. This script shows which tensors are
leaves, what ``requires_grad`` changes, the warning printed when a non-leaf's
``.grad`` is read, and how gradients accumulate in ``.grad``.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def show(name, t):
    """One line per tensor: its autograd flags."""
    node = None if t.grad_fn is None else t.grad_fn.name()
    print(f"{name:>2}: requires_grad={t.requires_grad!s:<5} is_leaf={t.is_leaf!s:<5} grad_fn={node}")


# %% example-for: autograd-leaves
# Which tensors are leaves?
# -------------------------
#
# ``w`` and ``x`` are created by the user, so both are leaves, whether they
# require gradients or not. ``y`` is computed from ``w``, which requires
# gradients, so ``y`` requires gradients too and is not a leaf.

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
x = torch.tensor([4.0, 5.0, 6.0])  # data: no gradient wanted
y = w * x
loss = y.sum()
for name, t in (("w", w), ("x", x), ("y", y), ("l", loss)):
    show(name, t)

# %% example-for: autograd-leaves
# After backward: only the leaf that requires grad has ``.grad``
# --------------------------------------------------------------
#
# ``loss.backward()`` computes d(loss)/dw = x and stores it in ``w.grad``.
# ``x`` does not require grad, so its ``.grad`` stays ``None``. Reading the
# ``.grad`` of the non-leaf ``y`` returns ``None`` and raises a
# ``UserWarning``; the warning is caught here to print its text.

loss.backward()
print("w.grad:", w.grad)
print("x.grad:", x.grad)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y_grad = y.grad
print("y.grad:", y_grad)
assert y_grad is None and len(caught) == 1
message = str(caught[0].message).split(" (Triggered internally")[0]
print(f"{caught[0].category.__name__}: {message}")

# %% example-for: autograd-leaves, torch.Tensor.retain_grad
# ``retain_grad()`` keeps the gradient of a non-leaf
# --------------------------------------------------
#
# Call it before ``backward``. The non-leaf then gets ``.grad`` like a leaf
# (here d(loss)/dy, all ones because ``loss`` is a sum) and
# ``retains_grad`` says so. On a leaf it changes nothing.

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = w * x
y.retain_grad()
print("y.retains_grad:", y.retains_grad, "| y.is_leaf:", y.is_leaf)
y.sum().backward()
print("y.grad:", y.grad)
print("w.grad:", w.grad)
w.retain_grad()  # a leaf keeps its .grad anyway: no-op
print("w.retains_grad after retain_grad():", w.retains_grad)
try:  # x does not require grad: there is no gradient to keep
    x.retain_grad()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
assert torch.equal(y.grad, torch.ones(3))

# Too late: retain_grad() after backward does not bring back that pass's gradient.
y = w * x
y.sum().backward()
y.retain_grad()
print("retain_grad() after backward -> y.grad:", y.grad)
assert y.grad is None

# %% example-for: torch.Tensor.requires_grad
# ``requires_grad``: set it on leaves, read it everywhere
# -------------------------------------------------------
#
# The flag can be set at creation (``requires_grad=True``), by assigning the
# attribute, or with ``requires_grad_()``. It spreads: the result of an
# operation requires grad if any input does. Only floating-point and complex
# tensors can require grad, and only a leaf's flag can be changed.

a = torch.zeros(2)
a.requires_grad = True
b = torch.ones(2).requires_grad_()
c = torch.ones(2)
print("a:", a.requires_grad, "| b:", b.requires_grad, "| c:", c.requires_grad)
print("a + c:", (a + c).requires_grad, "| c * 2:", (c * 2).requires_grad)

try:
    torch.tensor([1, 2], requires_grad=True)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

d = a * 2
try:
    d.requires_grad = False
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("d.detach().requires_grad:", d.detach().requires_grad)

# %% example-for: torch.Tensor.is_leaf
# ``is_leaf`` and a classic trap: converting a parameter
# ------------------------------------------------------
#
# Every tensor with ``requires_grad=False`` is a leaf, even one computed from
# others. A conversion such as ``.double()`` (or ``.to(device)``) of a
# tensor that requires grad is an operation: the result is a new non-leaf,
# and backward fills the ``.grad`` of the original, not of the converted one.

p = torch.tensor([1.0, 2.0], requires_grad=True)
q = torch.tensor([1.0, 2.0]) * 3
print("p.is_leaf:", p.is_leaf, "| q (computed, no grad) is_leaf:", q.is_leaf)
try:
    p.is_leaf = False
except AttributeError as err:
    print(f"AttributeError: {err}")

print("p.float() is p (no change of dtype, no new tensor):", p.float() is p)
assert p.float() is p and p.to("cpu") is p
p64 = p.double()
print("p64.is_leaf:", p64.is_leaf, "| grad_fn:", p64.grad_fn.name())
(p64 ** 2).sum().backward()
print("p.grad:", p.grad)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the non-leaf warning shown above
    print("p64.grad:", p64.grad)

# Create the tensor with the wanted dtype (and device) from the start instead:
p64 = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
print("created as float64, is_leaf:", p64.is_leaf)

# %% example-for: torch.Tensor.grad
# ``.grad`` accumulates until you reset it
# ----------------------------------------
#
# ``.grad`` is ``None`` until the first backward that reaches the tensor.
# Each further backward *adds* to it. Reset it with ``p.grad = None`` (what
# ``optimizer.zero_grad()`` does by default) or zero it in place with
# ``p.grad.zero_()``. The gradient has the tensor's shape and dtype.

p = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
print("before backward:", p.grad)
for step in range(3):
    (p ** 2).sum().backward()  # d/dp = 2 * p = [2, 4, 6]
    print(f"after backward #{step + 1}:", p.grad)
assert torch.equal(p.grad, 3 * 2 * p.detach())
print("shape and dtype:", tuple(p.grad.shape), p.grad.dtype)

p.grad = None
(p ** 2).sum().backward()
print("after p.grad = None and one backward:", p.grad)
