"""
Powers, roots, logarithms, sin and abs
======================================

``pow``, ``sqrt``, ``reciprocal``, ``exp``, ``log``, ``sin`` and ``abs``
applied element by element: what they return for integer input, for values
outside their domain (``nan``, ``-inf``), and where ``float32`` overflows.
"""

import math

import torch

# %% example-for: torch.pow
# pow with integer tensors
# ------------------------
#
# An integer tensor to a non-negative integer power stays an integer tensor;
# a float exponent gives ``float32``. A negative integer *scalar* exponent is
# refused. A tensor of negative integer exponents is accepted, and the
# integer result is 0 except for bases 1 and -1.

i = torch.tensor([1, 2, 3])
print(torch.pow(i, 2), torch.pow(i, 2).dtype)
print(torch.pow(i, 0.5), torch.pow(i, 0.5).dtype)
print(torch.pow(i, -1.0))
assert torch.equal(i.pow(2), torch.pow(i, 2))
try:
    torch.pow(i, -1)
except RuntimeError as err:
    print(f"torch.pow(i, -1) -> RuntimeError: {err}")
neg = torch.pow(torch.tensor([1, -1, 2, 3]), torch.tensor([-1, -1, -1, -2]))
print("tensor exponents -1, -1, -1, -2:", neg)
assert neg.tolist() == [1, -1, 0, 0]
# pow_ overwrites the tensor and keeps its dtype: an integer power works in
# place, a float exponent (a float32 result) does not fit int64.
sq = i.clone()
out = sq.pow_(2)
print("sq.pow_(2):", sq, "| returns sq itself:", out is sq)
try:
    i.clone().pow_(0.5)
except RuntimeError as err:
    print(f"int64 pow_(0.5) -> RuntimeError: {err}")

# %% example-for: torch.pow
# A scalar base, the ``**`` operator, and domain limits
# -----------------------------------------------------
#
# The base may be a Python number (``torch.pow(2, t)``), and ``t ** p`` is
# ``torch.pow(t, p)``. A negative float base with a fractional exponent has
# no real result: ``nan``. Integer powers overflow silently.

t = torch.tensor([0, 1, 2, 3])
print(torch.pow(2, t), 2**t)
print(torch.equal(t**2, torch.pow(t, 2)))
print(torch.pow(torch.tensor([-8.0, 8.0]), 1 / 3))
c = torch.tensor([-8.0, 8.0])
print("real cube root:", torch.sign(c) * c.abs() ** (1 / 3))
print(torch.pow(torch.tensor([0.0]), -1.0), torch.pow(torch.tensor([0.0]), 0.0))
print(torch.pow(torch.tensor([2]), 62), torch.pow(torch.tensor([2]), 63), "(int64 overflow)")

# %% example-for: torch.sqrt
# sqrt: nan for negatives, float32 for integers
# ---------------------------------------------
#
# The square root of a negative real number is ``nan`` (not an error); the
# square root of ``-0.0`` is ``-0.0``. Complex input gives the complex root.

x = torch.tensor([-4.0, -0.0, 0.0, 2.0, 4.0])
print(torch.sqrt(x))
print(torch.sqrt(torch.tensor([4, 9])), torch.sqrt(torch.tensor([4, 9])).dtype)
print(torch.sqrt(torch.tensor([-4.0 + 0j])))
assert torch.isnan(torch.tensor(-4.0).sqrt())
assert torch.signbit(torch.sqrt(torch.tensor(-0.0)))
y = x.clone()
out = y.sqrt_()  # in place: overwrites y and returns it
print("y.sqrt_():", y, "| returns y itself:", out is y)
try:
    torch.tensor([4, 9]).sqrt_()  # an int64 tensor cannot hold the float32 roots
except RuntimeError as err:
    print(f"int64 sqrt_ -> RuntimeError: {err}")

# %% example-for: torch.reciprocal
# reciprocal: 1 / x, always floating point
# ----------------------------------------
#
# An integer (or bool) tensor gives ``float32``; ``1 / 0`` is ``inf``.

r = torch.reciprocal(torch.tensor([1, 2, 4, 0]))
print(r, r.dtype)
print(torch.reciprocal(torch.tensor([0.5, -0.0], dtype=torch.float64)))
assert r.dtype == torch.float32 and torch.equal(r, 1 / torch.tensor([1, 2, 4, 0]))
rb = torch.reciprocal(torch.tensor([True, False]))
print(rb, rb.dtype)
assert rb.dtype == torch.float32
h = torch.tensor([0.5, 4.0, 0.0])
assert torch.equal(h.reciprocal(), torch.reciprocal(h))
out = h.reciprocal_()  # in place, so h must already be floating point
print("h.reciprocal_():", h, "| returns h itself:", out is h)

# %% example-for: torch.exp
# exp overflows float32 just above 88.7
# -------------------------------------
#
# The largest ``float32`` is about 3.4e38 = e^88.72. Beyond it ``exp``
# returns ``inf``; far below zero it returns 0.

print(torch.finfo(torch.float32).max, math.log(torch.finfo(torch.float32).max))
print(torch.exp(torch.tensor([0.0, 1.0, 88.7, 88.8, -110.0])))
print(torch.exp(torch.tensor([88.8], dtype=torch.float64)))
print(torch.exp(torch.tensor([1, 2])).dtype)
assert torch.isinf(torch.tensor(88.8).exp())
ex = torch.tensor([0.0, 1.0, 88.8])
out = ex.exp_()  # in place: overwrites ex and returns it
print("ex.exp_():", ex, "| returns ex itself:", out is ex)

# %% example-for: torch.log
# log: -inf at 0, nan below 0
# ---------------------------
#
# ``log`` is the natural logarithm. ``log(0)`` is ``-inf`` (also for
# ``-0.0``) and the log of a negative number is ``nan``; neither raises.

x = torch.tensor([-1.0, -0.0, 0.0, 1.0, math.e, float("inf")])
print(torch.log(x))
print(torch.log(torch.tensor([1, 10, 100])))
assert torch.isnan(torch.log(torch.tensor(-1.0))) and torch.log(torch.tensor(0.0)) == -math.inf

# A probability that underflowed to 0 gives -inf, and 0 * -inf is nan.
p = torch.tensor([0.0, 0.5])
print("p * log(p):", p * torch.log(p))
assert torch.isnan((p * p.log())[0])
lg = x.clone()
out = lg.log_()  # in place: overwrites lg and returns it
print("lg.log_():", lg, "| returns lg itself:", out is lg)

# %% example-for: torch.sin
# sin takes radians; sin(pi) is not exactly 0
# -------------------------------------------
#
# The argument is in radians (convert degrees with ``torch.deg2rad``).
# ``torch.pi`` rounded to ``float32`` is not exactly pi, so ``sin`` of it is
# a small number, not 0; in ``float64`` the error is smaller but not 0.

x = torch.tensor([0.0, torch.pi / 6, torch.pi / 2, torch.pi])
print(torch.sin(x))
print(torch.sin(torch.deg2rad(torch.tensor([30.0, 90.0]))))
print(torch.sin(torch.tensor([torch.pi], dtype=torch.float64)))
assert torch.sin(torch.tensor(torch.pi)) != 0
assert torch.equal(x.sin(), torch.sin(x))
sn = x.clone()
out = sn.sin_()  # in place: overwrites sn and returns it
print("sn.sin_():", sn, "| returns sn itself:", out is sn)

# %% example-for: torch.abs
# abs, and the most negative integer
# ----------------------------------
#
# ``abs`` keeps the dtype. The most negative value of a signed integer dtype
# has no positive counterpart, so its absolute value wraps around to itself.
# ``torch.absolute`` is an alias. A complex tensor gives its magnitude as a
# real tensor.

print(torch.abs(torch.tensor([-3, 0, 5])), torch.abs(torch.tensor([-2.5, -0.0])))
for dt in (torch.int8, torch.int32, torch.int64):
    lo = torch.iinfo(dt).min
    print(dt, torch.abs(torch.tensor([lo, lo + 1], dtype=dt)))
assert torch.tensor([-128], dtype=torch.int8).abs().item() == -128
print(torch.abs(torch.tensor([3 + 4j])), torch.abs(torch.tensor([3 + 4j])).dtype)
print(torch.equal(torch.absolute(torch.tensor([-1, 2])), torch.abs(torch.tensor([-1, 2]))))
try:
    torch.abs(torch.tensor([True, False]))
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")
# abs_ overwrites the tensor; a complex tensor cannot hold its real magnitudes.
ab = torch.tensor([-3, 0, 5])
out = ab.abs_()
print("ab.abs_():", ab, "| returns ab itself:", out is ab)
try:
    torch.tensor([3 + 4j]).abs_()
except RuntimeError as err:
    print(f"complex abs_ -> RuntimeError: {err}")
