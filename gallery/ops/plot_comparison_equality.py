"""
Equality: equal, eq and ne
==========================

``torch.equal`` answers one question about two whole tensors with a Python
``bool``. ``torch.eq`` and ``torch.ne`` (the ``==`` and ``!=`` operators)
compare element by element and return a ``bool`` tensor of the broadcast
shape. This script shows the difference, how NaN and dtypes are treated, and
why exact equality of floats is fragile.
"""

import torch

# %% example-for: comparison-elementwise
# One bool versus a tensor of bools
# ---------------------------------
#
# ``equal`` needs the same shape and the same values and returns a Python
# ``bool``. ``eq`` broadcasts its arguments and returns one answer per
# element, as a tensor of dtype ``torch.bool``.

a = torch.tensor([[1, 2, 3], [1, 2, 3]])
b = torch.tensor([1, 2, 4])
print("equal(a, b):", torch.equal(a, b), type(torch.equal(a, b)))
print("eq(a, b):")
print(torch.eq(a, b))
print("dtype:", torch.eq(a, b).dtype, "| shape:", torch.eq(a, b).shape)
print("a == b is eq:", torch.equal(a == b, torch.eq(a, b)))
assert torch.eq(a, b).dtype == torch.bool

# %% example-for: comparison-elementwise
# NaN is not equal to itself
# --------------------------
#
# Following IEEE 754, every comparison with NaN is ``False`` except ``!=``,
# which is ``True``, even when both sides are the same NaN. Use
# ``torch.isnan`` to find NaNs, and ``equal_nan=True`` in ``allclose`` to
# treat them as matching.

t = torch.tensor([1.0, float("nan")])
print("t == t  :", t == t)
print("t != t  :", t != t)
print("t >= t  :", t >= t)
print("equal   :", torch.equal(t, t))
print("isnan   :", torch.isnan(t))
assert torch.equal(t != t, torch.isnan(t))

# %% example-for: torch.equal
# equal: shape and values, but not dtype
# --------------------------------------
#
# ``equal`` does not broadcast: tensors of different shapes are never equal,
# even when broadcasting would make every element match. It also ignores the
# dtype: the values are compared after type promotion, so an ``int64``
# tensor and a ``float32`` tensor holding the same numbers are equal. A NaN
# makes the result ``False``.

ones_2x1 = torch.ones(2, 1)
ones_2 = torch.ones(2)
print("eq broadcasts  :", torch.eq(ones_2x1, ones_2).all().item())
print("equal (2,1) (2):", torch.equal(ones_2x1, ones_2))

ints = torch.tensor([1, 2, 3])
floats = torch.tensor([1.0, 2.0, 3.0])
print("equal(int64, float32):", torch.equal(ints, floats))
print("equal(float32, float64):", torch.equal(floats, floats.double()))
print("equal(float32 0.1, float64 0.1):", torch.equal(torch.tensor([0.1]), torch.tensor([0.1], dtype=torch.float64)))
print("equal(bool, int64):", torch.equal(torch.tensor([True, False]), torch.tensor([1, 0])))
print("with a NaN:", torch.equal(torch.tensor([float("nan")]), torch.tensor([float("nan")])))
assert torch.equal(ints, floats) and not torch.equal(ones_2x1, ones_2)

# To require the same dtype as well, check it yourself:
same = ints.dtype == floats.dtype and ints.equal(floats)
print("same dtype and values:", same)
try:
    if ints == floats:
        pass
except RuntimeError as err:
    print(f"if ints == floats: RuntimeError: {err}")

try:
    torch.equal(floats, 1.0)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.eq
# eq: elementwise ==, with broadcasting and Python numbers
# --------------------------------------------------------
#
# ``other`` may be a tensor that broadcasts with ``input``, or a Python
# number. The operator form ``x == 2`` is the same call. Before comparing,
# both sides are promoted to a common dtype, as in arithmetic.

x = torch.tensor([1.0, 2.0, 3.0])
print(torch.eq(x, 2))
print(x == 2, (x == 2).dtype)
col = torch.tensor([[1.0], [3.0]])
print(col.eq(x))  # (2, 1) with (3,) -> (2, 3)
print(torch.eq(torch.tensor([1, 2]), torch.tensor([1.0, 2.5])))  # int64 vs float32
# In place, eq_ overwrites y with the result in y's own dtype: 1.0/0.0, not True/False.
y = x.clone()
out = y.eq_(2)
print("y.eq_(2):", y, y.dtype, "| returns y itself:", out is y)

# The first argument of the function form must be a tensor;
# the operator accepts the number on either side.
try:
    torch.eq(2, x)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
print("2 == x:", 2 == x)

# %% example-for: torch.eq
# Exact float equality is fragile
# -------------------------------
#
# In ``float64``, ``0.1 + 0.2`` is not exactly ``0.3``, so ``==`` says
# ``False`` where ``isclose`` says ``True``. Promotion can also make
# different numbers equal: the ``int64`` value 16777217 becomes 16777216 when
# promoted to ``float32``.

s = torch.tensor([0.1], dtype=torch.float64) + 0.2
print(s.item(), "== 0.3:", (s == 0.3).item(), "| isclose:", torch.isclose(s, torch.tensor([0.3], dtype=torch.float64)).item())
# In float32 the roundings happen to cancel: whether == holds depends on the dtype.
s32 = torch.tensor([0.1]) + 0.2
print("float32:", (s32 == 0.3).item(), "| float64:", (s == 0.3).item())
assert not (s == 0.3).item()

big_int = torch.tensor([2**24 + 1])
big_float = torch.tensor([float(2**24)])
print(big_int.dtype, big_float.dtype, "->", torch.result_type(big_int, big_float))
print("16777217 == 16777216.0:", (big_int == big_float).item())
assert (big_int == big_float).item()

# A Python float does not raise a float32 tensor to float64: the comparison
# is done in float32, where the number 0.1 rounds to the tensor's value.
f = torch.tensor([0.1])  # float32
print("result_type(f, 0.1):", torch.result_type(f, 0.1))
print("float32 0.1 == 0.1:", (f == 0.1).item(), "| as float64:", (f.double() == 0.1).item())

# %% example-for: torch.ne
# ne: elementwise !=
# ------------------
#
# ``ne`` is the negation of ``eq`` (the ``!=`` operator), with the same
# broadcasting and promotion. It is ``True`` where a NaN is involved.

x = torch.tensor([1.0, 2.0, float("nan")])
y = torch.tensor([1.0, 5.0, float("nan")])
print(torch.ne(x, y))
print(x != y)
print("count of differences:", torch.ne(x, y).sum().item())
# ne_ overwrites d in its float dtype: 1.0 where the values differ (NaN included).
d = x.clone()
out = d.ne_(y)
print("d.ne_(y):", d, "| returns d itself:", out is d)
assert torch.equal(x.ne(y), ~x.eq(y))
