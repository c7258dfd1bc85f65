"""
Fused updates, random integers, aliases and Python callbacks
============================================================

``addcmul_`` and ``addcdiv_`` add a scaled product or quotient to a tensor
in one step, as optimizers do. ``random_`` fills a tensor with random
integers. ``clip`` and ``absolute`` are other names for ``clamp`` and
``abs``, and ``apply_`` runs a Python function on every element. The script
shows the formula, the defaults and the errors of each.
"""

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.Tensor.addcmul_
# ``addcmul_``: ``self += value * tensor1 * tensor2``
# ---------------------------------------------------
#
# The result is written into ``self``, which is returned. ``value`` is
# keyword-only; passed positionally it is a ``TypeError``. ``tensor1`` and
# ``tensor2`` broadcast to the shape of ``self`` (not the other way round).
# Adam keeps its running average of squared gradients this way.

p = torch.tensor([1.0, 2.0, 3.0])
t1, t2 = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0])
print("returns self:", p.addcmul_(t1, t2, value=0.5) is p, "|", p.tolist())
assert torch.equal(p, torch.tensor([1.0, 2.0, 3.0]) + 0.5 * t1 * t2)
try:
    p.addcmul_(t1, t2, 0.5)
except TypeError as err:
    print(f"TypeError: {err}")
print("broadcast:", torch.zeros(2, 3).addcmul_(torch.ones(3), torch.full((2, 1), 2.0)).tolist())
try:
    torch.zeros(3).addcmul_(torch.ones(2, 3), torch.ones(3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

grad = torch.tensor([0.1, -0.2, 0.3])
exp_avg_sq = torch.zeros(3)
exp_avg_sq.mul_(0.999).addcmul_(grad, grad, value=1 - 0.999)
print("v = 0.999 v + 0.001 g*g:", [f"{v:.1e}" for v in exp_avg_sq.tolist()])

# %% example-for: torch.Tensor.addcdiv_
# ``addcdiv_``: ``self += value * tensor1 / tensor2``
# ---------------------------------------------------
#
# Same shape rules as ``addcmul_``. Division by zero follows floating point
# (``inf``, or ``nan`` for 0 / 0), and integer tensors are refused outright.
# Adam's step is ``param.addcdiv_(exp_avg, denom, value=-step_size)``, with
# ``step_size`` the learning rate over the first moment's bias correction.

q = torch.ones(3)
print("returns self:", q.addcdiv_(t1, t2, value=2.0) is q, "|", [round(v, 4) for v in q.tolist()])
print("division by zero:", torch.zeros(2).addcdiv_(torch.tensor([1.0, 0.0]), torch.tensor([0.0, 0.0])).tolist())
try:
    torch.ones(3, dtype=torch.int64).addcdiv_(torch.tensor([1, 2, 3]), torch.tensor([2, 2, 2]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

param, exp_avg = torch.tensor([1.0, 1.0]), torch.tensor([0.5, -0.5])
denom = torch.tensor([0.25, 0.25]).sqrt().add_(1e-8)
print("step:", [round(v, 4) for v in param.addcdiv_(exp_avg, denom, value=-0.1).tolist()])

# %% example-for: torch.Tensor.random_
# ``random_(from, to)``: integers in ``[from, to - 1]``
# -----------------------------------------------------
#
# ``random_(to)`` means ``random_(0, to)``. Without arguments the range
# depends on the dtype: ``0 .. 255`` for ``uint8``, and ``0 .. 2**24`` for
# ``float32`` (every integer up to ``2**24`` is exact in ``float32``). The
# values are whole numbers even in a float tensor, and ``to`` must be
# larger than ``from``. The same seed gives the same values.

_ = torch.manual_seed(0)
print(torch.empty(8).random_(0, 10))
print(torch.empty(8, dtype=torch.int64).random_(5))
print(torch.empty(6, dtype=torch.uint8).random_())
big = torch.empty(1000).random_()
print("float32 without arguments: max", int(big.max()), "<= 2**24:", bool(big.max() <= 2**24),
      "| all whole:", torch.equal(big, big.floor()))
try:
    torch.empty(3).random_(5, 2)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
g = torch.Generator().manual_seed(1)
first = torch.empty(5, dtype=torch.int64).random_(0, 3, generator=g)
g.manual_seed(1)
print("same seed, same values:", torch.equal(first, torch.empty(5, dtype=torch.int64).random_(0, 3, generator=g)))

# %% example-for: torch.Tensor.clip
# ``clip`` is ``clamp`` under another name
# ----------------------------------------
#
# ``x.clip(min, max)`` gives what ``x.clamp(min, max)`` gives, for number
# and tensor bounds, and the same gradient (asserted); its error messages
# even say ``torch.clamp``. The two are separate method objects, so compare
# results, not the methods. With ``min > max`` every element becomes
# ``max``; an integer tensor clipped with float bounds becomes ``float32``.

t = torch.tensor([-3.0, -0.5, 0.5, 3.0])
print("clip(-1, 1):", t.clip(-1, 1).tolist(), "| clip(min=0):", t.clip(min=0).tolist())
assert torch.equal(t.clip(-1, 1), t.clamp(-1, 1))
bounds = torch.tensor([0.0, 0.0, 1.0, 1.0])
assert torch.equal(t.clip(max=bounds), t.clamp(max=bounds))
a, b = t.clone().requires_grad_(), t.clone().requires_grad_()
a.clip(-1, 1).sum().backward()
b.clamp(-1, 1).sum().backward()
assert torch.equal(a.grad, b.grad)
print("gradient:", a.grad.tolist(), "| grad_fn:", a.clip(-1, 1).grad_fn.name(), b.clamp(-1, 1).grad_fn.name())
print("Tensor.clip is Tensor.clamp:", torch.Tensor.clip is torch.Tensor.clamp)
try:
    t.clip()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("min > max:", t.clip(2, 1).tolist(), "| int64 with float bounds:", torch.tensor([1, 5, 9]).clip(2.5, 6).dtype)

# %% example-for: torch.Tensor.absolute
# ``absolute`` is ``abs``
# -----------------------
#
# It returns the same values as ``abs`` (asserted), including the magnitude
# of complex numbers as a real tensor. ``absolute_`` works in place. Like
# ``abs``, it cannot make the smallest ``int8`` value positive: ``-128``
# stays ``-128``.

x = torch.tensor([-2.5, 0.0, 3.0])
print(x.absolute().tolist(), "| equals abs():", torch.equal(x.absolute(), x.abs()))
z = torch.tensor([3 + 4j, -1 + 0j])
print("complex:", z.absolute(), z.absolute().dtype, "| equals abs():", torch.equal(z.absolute(), z.abs()))
print("absolute_ returns self:", x.absolute_() is x, x.tolist())
print("int8 -128:", torch.tensor([-128, -5], dtype=torch.int8).absolute().tolist())

# %% example-for: torch.Tensor.apply_
# ``apply_(callable)``: one Python call per element
# -------------------------------------------------
#
# The function receives each element as a Python number and its result is
# written back, converted to the tensor's dtype (``v / 2`` truncated in an
# ``int64`` tensor). It is called once per element, in Python: six calls
# for six elements here. The vectorised expression gives the same result
# without a Python call per element. ``apply_`` refuses tensors that require
# grad, and the function must return a number.

calls = []


def scale(v):
    calls.append(v)
    return v * 10 + 1


x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
expected = x * 10 + 1
print("returns self:", x.apply_(scale) is x, "| calls:", len(calls), "| equals x * 10 + 1:", torch.equal(x, expected))
print("int64, v / 2:", torch.tensor([1, 2, 3]).apply_(lambda v: v / 2).tolist())
try:
    torch.tensor([1.0], requires_grad=True).apply_(lambda v: v)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    torch.tensor([1.0]).apply_(str)
except TypeError as err:
    print(f"TypeError: {err}")
