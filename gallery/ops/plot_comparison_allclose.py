"""
Close enough: allclose and isclose
==================================

Floating-point results rarely match to the last bit, so tests compare them
within a tolerance. ``torch.isclose`` answers elementwise and
``torch.allclose`` answers once for the whole tensor, both with the test
``|input - other| <= atol + rtol * |other|``. This script checks that formula
by hand, shows that it is not symmetric, how ``equal_nan`` treats NaN, and
which dtypes the two functions accept.
"""

import matplotlib.pyplot as plt
import torch

# %% example-for: comparison-allclose-tolerance
# The formula and its defaults
# ----------------------------
#
# An element passes when ``|input - other| <= atol + rtol * |other|``. The
# defaults are ``rtol=1e-05`` and ``atol=1e-08``. The right-hand side is the
# allowed error: a fixed part ``atol`` plus a part that grows with the size of
# ``other``. Computing the formula by hand gives the same answer as
# ``isclose``.

print(torch.allclose.__doc__.strip().splitlines()[0])
print(torch.isclose.__doc__.strip().splitlines()[0])

a = torch.tensor([1.0, 100.0, 1e6, 0.0], dtype=torch.float64)
b = torch.tensor([1.000009, 100.002, 1e6 + 5.0, 2e-8], dtype=torch.float64)
rtol, atol = 1e-05, 1e-08
allowed = atol + rtol * b.abs()
by_hand = (a - b).abs() <= allowed
print("|a - b|   :", (a - b).abs())
print("allowed   :", allowed)
print("by hand   :", by_hand)
print("isclose   :", torch.isclose(a, b))
print("allclose  :", torch.allclose(a, b))
assert torch.equal(by_hand, torch.isclose(a, b))
assert torch.allclose(a, b) == bool(by_hand.all())
assert torch.equal(torch.isclose(a, b), torch.isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False))

# %% example-for: comparison-allclose-tolerance
# equal_nan: is NaN close to NaN?
# -------------------------------
#
# NaN is not equal to anything, itself included, so by default a NaN in the
# same place in both tensors makes ``allclose`` return ``False``.
# ``equal_nan=True`` counts two NaNs in the same position as close. A NaN
# against a number is never close.

x = torch.tensor([1.0, float("nan")])
y = torch.tensor([1.0, float("nan")])
z = torch.tensor([1.0, 2.0])
print("allclose(x, y)                :", torch.allclose(x, y))
print("allclose(x, y, equal_nan=True):", torch.allclose(x, y, equal_nan=True))
print("isclose(x, y)                 :", torch.isclose(x, y))
print("isclose(x, y, equal_nan=True) :", torch.isclose(x, y, equal_nan=True))
print("isclose(x, z, equal_nan=True) :", torch.isclose(x, z, equal_nan=True))
print("allclose(x, z, equal_nan=True):", torch.allclose(x, z, equal_nan=True))
assert not torch.allclose(x, y) and torch.allclose(x, y, equal_nan=True)
assert not torch.allclose(x, z, equal_nan=True)

# %% example-for: comparison-allclose-tolerance
# The allowed error, from tiny to large values
# --------------------------------------------
#
# The figure plots the allowed error ``atol + rtol * |other|`` for the
# default tolerances against the size of ``other``, both axes logarithmic.
# Below ``|other| = atol / rtol = 1e-3`` the constant ``atol`` dominates and
# the allowed error stays near ``1e-8``; above it the error allowed is about
# ``1e-5`` times the value, a relative tolerance.

rtol, atol = 1e-05, 1e-08
magnitude = torch.logspace(-12, 6, 200, dtype=torch.float64)
allowed = atol + rtol * magnitude

fig, ax = plt.subplots(figsize=(6, 3.5))
ax.loglog(magnitude, allowed, label="atol + rtol * |other|")
ax.loglog(magnitude, torch.full_like(magnitude, atol), "--", label="atol = 1e-8")
ax.loglog(magnitude, rtol * magnitude, ":", label="rtol * |other| = 1e-5 * |other|")
ax.axvline(atol / rtol, color="gray", linewidth=0.8)
ax.set_xlabel("|other|")
ax.set_ylabel("largest |input - other| that passes")
ax.set_ylim(1e-12, 1e2)
ax.legend(loc="upper left", fontsize=8)
fig.tight_layout()
plt.show()

# Check one point on each side of the edge at |other| = 1000 and at 0.
for ref in (1000.0, 0.0):
    edge = atol + rtol * ref
    r = torch.tensor([ref], dtype=torch.float64)
    inside = torch.isclose(r + 0.99 * edge, r).item()
    outside = torch.isclose(r + 1.01 * edge, r).item()
    print(f"other={ref}: allowed error {edge:.4g}, 0.99x inside: {inside}, 1.01x inside: {outside}")

# %% example-for: torch.allclose
# allclose: one Python bool, and not symmetric
# --------------------------------------------
#
# ``allclose`` returns a Python ``bool``. Only ``|other|`` scales the
# tolerance, so swapping the arguments can change the answer. With
# ``rtol=0.1`` and ``atol=0``, the difference 11 between 100 and 111 is
# within 10 % of 111 but not within 10 % of 100.

res = torch.allclose(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0 + 1e-6]))
print(res, type(res))

p, q = torch.tensor([100.0]), torch.tensor([111.0])
print("allclose(100, 111, rtol=0.1, atol=0):", torch.allclose(p, q, rtol=0.1, atol=0))  # 11 <= 11.1
print("allclose(111, 100, rtol=0.1, atol=0):", torch.allclose(q, p, rtol=0.1, atol=0))  # 11 <= 10.0
assert torch.allclose(p, q, rtol=0.1, atol=0) and not torch.allclose(q, p, rtol=0.1, atol=0)

# The same happens with the default tolerances, in a narrower window.
u = torch.tensor([1e4], dtype=torch.float64)
v = torch.tensor([1e4 + 0.1000005], dtype=torch.float64)
print("defaults: allclose(u, v) =", torch.allclose(u, v), "| allclose(v, u) =", torch.allclose(v, u))
assert u.allclose(v) != v.allclose(u)

# %% example-for: torch.allclose
# Small numbers: atol decides
# ---------------------------
#
# With the default ``atol=1e-08``, any two numbers much smaller than that are
# "close", even when one is thirty times the other. When your values are tiny
# (or when comparing against zero, where ``rtol`` contributes nothing), choose
# ``atol`` for their scale.

tiny_a, tiny_b = torch.tensor([1e-10]), torch.tensor([3e-9])
print("defaults        :", torch.allclose(tiny_a, tiny_b))
print("atol=0          :", torch.allclose(tiny_a, tiny_b, atol=0))
print("against zero    :", torch.allclose(torch.tensor([5e-9]), torch.zeros(1)),
      torch.allclose(torch.tensor([5e-8]), torch.zeros(1)))
assert torch.allclose(tiny_a, tiny_b) and not torch.allclose(tiny_a, tiny_b, atol=0)

# %% example-for: torch.allclose, torch.isclose
# Both arguments must be tensors of the same dtype
# ------------------------------------------------
#
# Unlike the arithmetic operators, ``allclose`` and ``isclose`` do not
# promote: ``float32`` against ``float64``, or a float tensor against an
# integer one, raises a ``RuntimeError``. Convert one side first. ``other``
# must be a tensor, not a Python number. The shapes only need to broadcast.
# Two integer tensors of one dtype are accepted, but they are converted to
# the default float dtype (``float32``) before the comparison, so integers
# above 2**24 lose their last digits: 100000000 and 100000001 are both
# stored as 100000000.0 and come out "close" even with ``atol=0.1``.

f32 = torch.tensor([1.0, 2.0])
f64 = torch.tensor([1.0, 2.0], dtype=torch.float64)
i64 = torch.tensor([1, 2])
for left, right in ((f32, f64), (f32, i64)):
    for fn in (torch.allclose, torch.isclose):
        try:
            fn(left, right)
        except RuntimeError as err:
            print(f"{fn.__name__}({left.dtype}, {right.dtype}) -> RuntimeError: {err}")
print("after converting:", torch.allclose(f32.double(), f64), torch.allclose(f32, i64.to(f32.dtype)))
print("two int64 tensors:", torch.isclose(i64, torch.tensor([1, 3])))
hundred, near = torch.tensor([100, 100]), torch.tensor([101, 102])
int_close = torch.isclose(hundred, near, rtol=0.01, atol=0)
print("int64, rtol=0.01, atol=0:", int_close)
assert torch.equal(int_close, (hundred - near).abs() <= 0.01 * near.abs())
big, next_one = torch.tensor([100_000_000]), torch.tensor([100_000_001])
print("isclose(100000000, 100000001, rtol=0, atol=0.1):", torch.isclose(big, next_one, rtol=0, atol=0.1))
print("the same in float32:", big.float().item(), next_one.float().item(),
      "| in float64:", torch.isclose(big.double(), next_one.double(), rtol=0, atol=0.1))
assert torch.isclose(big, next_one, rtol=0, atol=0.1).item()
assert not torch.isclose(big.double(), next_one.double(), rtol=0, atol=0.1).item()
print("allclose does the same:", torch.allclose(big, next_one, rtol=0, atol=0.1))
torch.set_default_dtype(torch.float64)
try:
    print("with float64 as the default dtype:", torch.isclose(big, next_one, rtol=0, atol=0.1))
    assert not torch.isclose(big, next_one, rtol=0, atol=0.1).item()
finally:
    torch.set_default_dtype(torch.float32)
try:
    torch.allclose(f32, 1.0)
except TypeError as err:
    print(f"TypeError: {err}")
print("broadcast (2, 3) with (3,):", torch.allclose(torch.ones(2, 3), torch.ones(3)))

# %% example-for: torch.isclose
# isclose: the elementwise answer
# -------------------------------
#
# ``isclose`` returns a ``bool`` tensor of the broadcast shape, so you can see
# *which* elements differ, count them or select them. Infinities are close
# only to the same infinity.

torch.manual_seed(0)
expected = torch.randn(2, 4)
actual = expected.clone()
actual[0, 1] += 1e-3  # too far
actual[1, 2] += 1e-7  # within the tolerance
mask = actual.isclose(expected)
print(mask, mask.dtype, mask.shape)
print("positions that differ:", (~mask).nonzero().tolist())
print("allclose:", torch.allclose(actual, expected), "== isclose(...).all():", mask.all().item())

inf = float("inf")
print(torch.isclose(torch.tensor([inf, -inf, inf]), torch.tensor([inf, -inf, -inf])))
print("inf vs 1e38, atol=inf:", torch.isclose(torch.tensor([inf]), torch.tensor([1e38]), atol=inf).item())
