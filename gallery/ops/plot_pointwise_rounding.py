"""
Rounding: round, ceil and floor
===============================

``round`` rounds to the nearest integer with ties going to the even
neighbour, optionally to a number of decimals; ``ceil`` rounds up and
``floor`` rounds down. All three keep the dtype: a float tensor stays a
float tensor.
"""

import torch

# %% example-for: torch.round
# Halves go to the even neighbour
# -------------------------------
#
# ``torch.round`` rounds a value exactly halfway between two integers to the
# even one ("banker's rounding"), like Python's ``round``, not
# away from zero as taught at school. The result keeps the float dtype.

x = torch.tensor([0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 2.4, 2.6])
r = torch.round(x)
print(x)
print(r, r.dtype)
print("Python round:", [round(v) for v in x.tolist()])
assert r.tolist()[:7] == [0.0, 2.0, 2.0, 4.0, -0.0, -2.0, -2.0]
assert r.dtype == torch.float32

# Rounding half away from zero, if you need it:
t = torch.trunc(x)
away = torch.where((x - t).abs() >= 0.5, t + torch.sign(x), t)
print("half away from zero:", away)
assert away.tolist()[:7] == [1.0, 2.0, 3.0, 4.0, -1.0, -2.0, -3.0]

# The shorter floor(|x| + 0.5) is wrong just below 0.5: in float32,
# 0.49999997 + 0.5 rounds to 1.
y = torch.tensor([0.49999997])
t = torch.trunc(y)
print(torch.floor(y.abs() + 0.5), torch.where((y - t).abs() >= 0.5, t + torch.sign(y), t))
assert torch.floor(y.abs() + 0.5).item() == 1.0

# %% example-for: torch.round
# decimals=: round to a number of decimal places
# ----------------------------------------------
#
# ``decimals`` is keyword-only. A negative value rounds to tens, hundreds,
# and so on. Ties still go to the even digit. The result is the nearest
# ``float32`` to the rounded decimal, which may print with more digits.

print(torch.round(torch.tensor([0.125, 0.375, 3.14159]), decimals=2))
print(torch.round(torch.tensor([1234.5, 1250.0, 1350.0]), decimals=-2))
print("0.125 rounded to 2 decimals, exactly:", torch.round(torch.tensor(0.125), decimals=2).item())
rd = torch.tensor([0.125, 0.375, 3.14159])
out = rd.round_(decimals=2)  # in place, with the same decimals=
print("rd.round_(decimals=2):", rd, "| returns rd itself:", out is rd)
try:
    torch.round(torch.tensor([1.2345]), 2)
except TypeError as err:
    print("torch.round(x, 2) -> TypeError:", str(err).splitlines()[0])

# %% example-for: torch.round
# decimals= rounds a scaled product, not the exact value
# ------------------------------------------------------
#
# With ``decimals=d > 0`` the value is multiplied by ``10**d``, rounded, and
# divided back, in the tensor's dtype for ``float32`` and ``float64``.
# ``2.675`` is stored as 2.67499995... in ``float32``, but the product
# ``2.675 * 100`` rounds to exactly 267.5 in ``float32``, a tie that goes to
# 268. The same happens in ``float64``. Python's ``round`` works on the exact
# double and gives 2.67.

v = torch.tensor(2.675)
print("stored value:", v.item(), "| v * 100:", (v * 100).item())
print("torch:", torch.round(v, decimals=2).item(), "| Python:", round(2.675, 2))
v64 = torch.tensor(2.675, dtype=torch.float64)
print("float64 torch:", torch.round(v64, decimals=2).item())
assert round(2.675, 2) == 2.67 and torch.round(v64, decimals=2).item() == 2.68

# On the CPU, ``float16`` and ``bfloat16`` are scaled and rounded in
# ``float32``, and only the result is cast back. In ``float16``, 0.115 is stored as 0.11499...,
# and ``x * 100`` computed in ``float16`` is the tie 11.5, which would round
# to 12; in ``float32`` the product is 11.499..., which rounds to 11. With
# ``decimals=2`` the result equals the ``float32`` computation for every
# finite ``float16`` and ``bfloat16`` value.
h = torch.tensor(0.115, dtype=torch.float16)
print("float16 stored value:", h.item(), "| h * 100 in float16:", (h * 100).item())
print("torch.round(h, decimals=2):", torch.round(h, decimals=2).item(), torch.round(h, decimals=2).dtype)
print("rounded in float16:", (torch.round(h * 100) / 100).item(),
      "| rounded in float32:", (torch.round(h.float() * 100) / 100).half().item())
bits = torch.arange(-(2**15), 2**15, dtype=torch.int32).to(torch.int16)
for dtype in (torch.float16, torch.bfloat16):
    values = bits.view(dtype)
    values = values[torch.isfinite(values)]
    via_float32 = (torch.round(values.float() * 100) / 100).to(dtype)
    assert torch.equal(values.round(decimals=2), via_float32), dtype
    print(f"all {values.numel()} finite {dtype} values match the float32 computation")

# Integer tensors: round without decimals returns them unchanged, with
# decimals (even decimals=0) it is not implemented.
print(torch.round(torch.tensor([15, 25])))
for d in (-1, 0):
    try:
        torch.round(torch.tensor([15, 25]), decimals=d)
    except NotImplementedError as err:
        print(f"decimals={d} -> NotImplementedError: {err}")

# %% example-for: torch.ceil
# ceil rounds up and keeps the dtype
# ----------------------------------
#
# ``ceil`` returns the smallest integer not less than each element, as a
# value of the *input's* dtype: a ``float32`` tensor stays ``float32`` (call
# ``.long()`` to get integers for indexing). Negative values between -1 and
# 0 give ``-0.``.

x = torch.tensor([-1.5, -0.5, 0.2, 1.0, 1.2])
c = torch.ceil(x)
print(c, c.dtype)
print(c.long(), c.long().dtype)
print(torch.ceil(torch.tensor([3, -3])), x.double().ceil().dtype)
assert c.dtype == torch.float32 and c.tolist() == [-1.0, -0.0, 1.0, 1.0, 2.0]
cx = x.clone()
out = cx.ceil_()  # in place: cx stays float32
print("cx.ceil_():", cx, cx.dtype, "| returns cx itself:", out is cx)

# %% example-for: torch.floor
# floor rounds down, which is not truncation
# ------------------------------------------
#
# ``floor`` returns the largest integer not greater than each element, again
# in the input's dtype. For negative numbers it differs from ``trunc``
# (toward zero) and from converting with ``.long()``, which truncates.

x = torch.tensor([-1.5, -0.5, 0.5, 1.5])
f = torch.floor(x)
print("floor :", f, f.dtype)
print("trunc :", torch.trunc(x))
print(".long():", x.long())
assert f.tolist() == [-2.0, -1.0, 0.0, 1.0] and f.dtype == torch.float32
assert x.long().tolist() == [-1, 0, 0, 1]

# For small integers, floor of a true quotient equals the 'floor' rounding
# mode of torch.div. For large integers a / b is rounded to float32 first,
# and for floats the rounding mode follows Python's //.
a, b = torch.tensor([7, -7]), torch.tensor([2, 2])
print(torch.floor(a / b), torch.div(a, b, rounding_mode="floor"))
assert torch.equal((a / b).floor().long(), torch.div(a, b, rounding_mode="floor"))
big = torch.tensor([2**24 + 1])
print(torch.floor(big / 1).long(), torch.div(big, 1, rounding_mode="floor"))
one = torch.tensor(1.0)
print(torch.floor(one / 0.1), torch.div(one, 0.1, rounding_mode="floor"), "| Python 1 // 0.1:", 1 // 0.1)
assert torch.floor(big / 1).item() == 2**24 and torch.div(big, 1, rounding_mode="floor").item() == 2**24 + 1
assert torch.floor(one / 0.1).item() == 10.0 and torch.div(one, 0.1, rounding_mode="floor").item() == 1 // 0.1 == 9.0

# In-place variant:
x.floor_()
print(x)
