"""
Arithmetic: add, sub, mul, div and the dtype of the result
==========================================================

The four arithmetic functions work element by element, broadcast their
operands, and choose the result dtype by type promotion. This script shows
what comes out when integers meet floats, the ``alpha=`` argument of ``add``
and ``sub``, and the three kinds of division: true division (``/``), division
rounded toward zero and division rounded down (``//``).
"""

import torch

# %% example-for: pointwise-result-dtypes
# Integer tensors, float scalars, and functions that need floats
# --------------------------------------------------------------
#
# A Python float combined with an integer tensor gives the default float
# dtype (``float32``); a Python int keeps the tensor's dtype, even when its
# value does not fit that dtype: it then wraps around, as long as the int
# fits in ``int64`` or ``uint64``; beyond that it raises ``OverflowError``.
# Functions whose results are generally not integers (``/``, ``sqrt``,
# ``exp``, ``sin``, ``reciprocal``, ``sigmoid``) also return ``float32`` for
# integer input. ``abs``, ``ceil``, ``floor`` and ``round`` keep the input's
# dtype.

i = torch.tensor([1, 2, 4])
print("i:", i.dtype)
print("i + 1   ->", (i + 1).dtype, "| i + 1.5  ->", (i + 1.5).dtype)
print("i * 2   ->", (i * 2).dtype, "| i * 2.5  ->", (i * 2.5).dtype)
print("i / 2   ->", (i / 2).dtype)
for name in ["sqrt", "exp", "log", "sin", "reciprocal", "sigmoid", "expm1", "log1p", "abs", "ceil", "floor", "round"]:
    print(f"torch.{name}(i) -> {getattr(torch, name)(i).dtype}")
assert (i + 1.5).dtype == torch.float32 and (i + 1).dtype == torch.int64
assert torch.sqrt(i).dtype == torch.float32 and torch.floor(i).dtype == torch.int64

# A float32 tensor stays float32 with a Python float, and a float16 tensor
# stays float16: a Python scalar never widens a tensor of the same kind.
h = torch.tensor([1.0], dtype=torch.float16)
print("float16 * 2.5 ->", (h * 2.5).dtype)
assert (h * 2.5).dtype == torch.float16 and (h * 2).dtype == torch.float16

# Keeping the dtype means a Python int that does not fit it wraps around,
# without an error or a warning: 1 + 300 in uint8 is 301 - 256 = 45.
small = {torch.uint8: 300, torch.int8: 1000, torch.int32: 2**40}
for dtype, scalar in small.items():
    r = torch.tensor([1], dtype=dtype) + scalar
    print(f"{dtype} tensor([1]) + {scalar} -> {r.tolist()} {r.dtype}")
assert (torch.tensor([1], dtype=torch.uint8) + 300).item() == 45
print("converted first:", torch.tensor([1], dtype=torch.uint8).long() + 300)

# The int itself must fit in int64 or uint64, from -2**63 to 2**64 - 1;
# one outside raises OverflowError.
for scalar in (2**64 - 1, 2**64, -(2**63), -(2**63) - 1):
    try:
        r = torch.tensor([1], dtype=torch.uint8) + scalar
        print(f"torch.uint8 tensor([1]) + {scalar} -> {r.tolist()}")
    except OverflowError as err:
        print(f"torch.uint8 tensor([1]) + {scalar} -> OverflowError: {err}")

# %% example-for: pointwise-result-dtypes
# In-place variants and out= cannot change the dtype
# --------------------------------------------------
#
# ``x.add_(y)`` writes into ``x``, so the result must fit ``x``'s dtype; the
# same holds for an ``out=`` tensor. A float result does not fit an integer
# tensor, and the operation raises ``RuntimeError``.

x = torch.tensor([1, 2])
try:
    x.add_(1.5)
except RuntimeError as err:
    print(f"x.add_(1.5) -> RuntimeError: {err}")
try:
    torch.div(x, 2, out=torch.empty(2, dtype=torch.int64))
except RuntimeError as err:
    print(f"div(..., out=int64) -> RuntimeError: {err}")

# A float out= tensor accepts an integer result.
out = torch.empty(2)
torch.add(x, 1, out=out)
print(out, out.dtype)

# An in-place method returns the tensor it modified.
f = torch.tensor([1.0, 4.0])
r = f.sqrt_()
print(f, "| returned the same tensor:", r is f)

# %% example-for: torch.add
# add with alpha, and promotion
# -----------------------------
#
# ``torch.add(input, other, alpha=a)`` computes ``input + a * other``. ``alpha``
# must be an integer when both operands are integers.

a = torch.tensor([1, 2, 3])
b = torch.tensor([10, 20, 30])
print(torch.add(a, b))
print(torch.add(a, b, alpha=2))
print(torch.add(a, 0.5), torch.add(a, 0.5).dtype)
try:
    torch.add(a, b, alpha=0.5)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(torch.add(a.float(), b, alpha=0.5))
try:
    torch.add(a, b, 2)  # alpha is keyword-only
except TypeError as err:
    print(f"TypeError: {err}")
assert torch.equal(torch.add(a, b, alpha=2), a + 2 * b)

# Operands broadcast: a (3,) row and a (2, 1) column give (2, 3).
print(a.add(torch.tensor([[100], [200]])))

# add_ overwrites acc (a copy of a) with acc + 2 * b and returns it.
acc = a.clone()
out = acc.add_(b, alpha=2)
print("acc.add_(b, alpha=2):", acc, "| returns acc itself:", out is acc)

# %% example-for: torch.sub
# sub: input - alpha * other
# --------------------------
#
# ``sub`` has the same ``alpha`` as ``add``. Subtracting two ``bool`` tensors
# is refused. ``torch.subtract`` is an alias.

a = torch.tensor([10, 20, 30])
b = torch.tensor([1, 2, 3])
print(torch.sub(a, b), torch.sub(a, b, alpha=10))
assert torch.equal(a.sub(b, alpha=10), a - 10 * b)
print(torch.sub(a, 0.5), torch.sub(a, 0.5).dtype)
try:
    torch.sub(torch.tensor([True]), torch.tensor([False]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
assert torch.equal(torch.subtract(a, b, alpha=10), torch.sub(a, b, alpha=10))
d = a.clone()
out = d.sub_(b, alpha=10)  # in place: d becomes a - 10 * b
print("d.sub_(b, alpha=10):", d, "| returns d itself:", out is d)

# %% example-for: torch.mul
# mul: promotion, and integer overflow wraps around
# -------------------------------------------------
#
# ``mul`` promotes like ``add``. Integer results that do not fit the dtype
# wrap around silently (no error): ``int8`` holds -128 to 127.
# ``torch.multiply`` is an alias.

a = torch.tensor([1, 2, 3])
print(torch.mul(a, 2), torch.mul(a, 2).dtype)
print(torch.mul(a, 2.5), torch.mul(a, 2.5).dtype)
print(torch.mul(a, torch.tensor([0.5, 1.0, 2.0], dtype=torch.float64)).dtype)
print(torch.mul(a, torch.tensor(0.5, dtype=torch.float64)).dtype, "(zero-dimensional float64)")
assert torch.mul(a, torch.tensor(0.5, dtype=torch.float64)).dtype == torch.float64

small = torch.tensor([1, 2], dtype=torch.int8)
wrapped = small.mul(100)
print(wrapped, "| 2 * 100 = 200 does not fit int8")
assert wrapped.tolist() == [100, -56]
assert torch.equal(torch.multiply(a, 2.5), torch.mul(a, 2.5))
m = small.clone()
out = m.mul_(100)  # in place, int8 wraps the same way
print("m.mul_(100):", m, "| returns m itself:", out is m)

# %% example-for: torch.div, pointwise-integer-division
# Three divisions: true, truncated, floored
# -----------------------------------------
#
# ``/`` and ``torch.div`` without ``rounding_mode`` always divide exactly,
# so two integer tensors give ``float32``. ``rounding_mode='trunc'`` rounds
# toward zero (like C), ``'floor'`` rounds down (like Python's ``//``); with
# integer inputs both keep the integer dtype. They differ only for negative
# quotients that are not whole numbers.

a = torch.tensor([7, -7, 7, -7])
b = torch.tensor([2, 2, -2, -2])
true = a / b
trunc = torch.div(a, b, rounding_mode="trunc")
floor = torch.div(a, b, rounding_mode="floor")
print("a / b             :", true, true.dtype)
print("rounding 'trunc'  :", trunc, trunc.dtype)
print("rounding 'floor'  :", floor, floor.dtype)
print("a // b            :", a // b)
print("Python 7 // -2, -7 // 2:", 7 // -2, -7 // 2)
assert true.dtype == torch.float32 and trunc.dtype == torch.int64
assert torch.equal(a // b, floor) and not torch.equal(trunc, floor)
assert torch.equal(torch.div(torch.tensor([-8]), 2, rounding_mode="trunc"), torch.div(torch.tensor([-8]), 2, rounding_mode="floor"))

# With float inputs the rounded quotients stay float.
print(a.float().div(b, rounding_mode="floor"))

# %% example-for: torch.div
# Division by zero, and an unknown rounding_mode
# ----------------------------------------------
#
# True division by zero gives ``inf``, ``-inf`` or ``nan`` as IEEE floats do.
# Integer division with a rounding mode has no such values and raises.
# ``x /= 2`` on an integer tensor is true division in place, which cannot
# store the float result. ``torch.divide`` is an alias.

print(torch.tensor([1, -1, 0]) / 0)
try:
    torch.div(torch.tensor([7]), 0, rounding_mode="trunc")
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    torch.tensor([7]) // 0
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    torch.div(torch.tensor([7]), 2, rounding_mode="round")
except RuntimeError as err:
    print(f"RuntimeError: {err}")
x = torch.tensor([7, 8])
try:
    x /= 2
except RuntimeError as err:
    print(f"x /= 2 -> RuntimeError: {err}")
x //= 2
print("x //= 2 ->", x)
y = torch.tensor([7, 8])
out = y.div_(2, rounding_mode="floor")  # what x //= 2 did, as a method call
print("y.div_(2, rounding_mode='floor') ->", y, "| returns y itself:", out is y)
assert torch.equal(torch.divide(x, 2, rounding_mode="floor"), torch.div(x, 2, rounding_mode="floor"))
