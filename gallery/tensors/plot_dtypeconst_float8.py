"""
float8 dtypes: conversions work, most arithmetic does not (on the CPU)
======================================================================

``torch.float8_e4m3fn`` and ``torch.float8_e5m2`` store a number in one
byte. On the CPU, torch converts to and from them and moves their elements
around, but most operations that compute with the values are not
implemented for them. This script shows which conversions work, how values
round and saturate, the real errors, and the usual way around them:
compute in a wider dtype and keep float8 for storage, with a scale.
"""

import torch

torch.manual_seed(0)

E4M3, E5M2 = torch.float8_e4m3fn, torch.float8_e5m2

# %% example-for: dtypeconst-float8
# Converting to float8 and back
# -----------------------------
#
# ``Tensor.to`` converts in both directions. Each value becomes the nearest
# float8 number; a value far beyond the range (``1e5``) becomes ``inf`` in
# ``float8_e5m2``, and any value beyond the range becomes the largest finite
# value, 448, in ``float8_e4m3fn``, which has no infinity. ``nan`` stays ``nan``.

x = torch.tensor([0.1, 1.0, 300.0, 500.0, 1e5, float("inf"), float("nan")])
print("input:        ", x.tolist())
for dtype in (E4M3, E5M2):
    y = x.to(dtype)
    print(f"{str(dtype)[6:]:14}", y.float().tolist(), y.dtype, y.element_size(), "byte per element")

# %% example-for: dtypeconst-float8
# What the CPU does and refuses with float8
# -----------------------------------------
#
# Creating, copying, slicing, joining and converting work, and so does the
# product of two 2-D float8 matrices. Element-wise arithmetic (``+``, ``*`` by
# a number, ``-x``), reductions, the 1-D dot product, ordering comparisons and random
# factories raise ``NotImplementedError``, naming the missing CPU kernel.
# Mixing float8 with another floating dtype raises a ``RuntimeError``:
# there is no type promotion for float8.

y = torch.tensor([0.5, 1.0, -2.0]).to(E4M3)
m = torch.tensor([[1.0, 2.0], [0.5, -1.0]]).to(E4M3)
attempts = {
    "torch.zeros(3, dtype=float8)": lambda: torch.zeros(3, dtype=E4M3),
    "y.clone()": lambda: y.clone(),
    "y[1:]": lambda: y[1:],
    "torch.cat([y, y])": lambda: torch.cat([y, y]),
    "y.to(torch.bfloat16)": lambda: y.to(torch.bfloat16),
    "y.view(torch.uint8)": lambda: y.view(torch.uint8),
    "y == y": lambda: y == y,
    "m @ m  (2-D)": lambda: m @ m,
    "y @ y  (1-D)": lambda: y @ y,
    "y + y": lambda: y + y,
    "y * 2": lambda: y * 2,
    "-y": lambda: -y,
    "y.sum()": lambda: y.sum(),
    "y > 0": lambda: y > 0,
    "torch.randn(3, dtype=float8)": lambda: torch.randn(3, dtype=E4M3),
    "y + torch.ones(3)": lambda: y + torch.ones(3),
}
for code, attempt in attempts.items():
    try:
        result = attempt()
        print(f"{code:30} works: {result.dtype}")
    except (NotImplementedError, RuntimeError) as err:
        print(f"{code:30} {type(err).__name__}: {err}")

# %% example-for: dtypeconst-float8
# Compute in float32, store in float8 with a scale
# ------------------------------------------------
#
# Convert to ``float32`` (or ``bfloat16``) to compute and back to float8 to
# store. Because the range is small, float8 storage is usually scaled: divide
# by ``amax / finfo.max`` before converting, multiply after reading back. The
# largest error of the round trip is printed.

a = torch.randn(4, 4)
result = (y.float() + y.float()).to(E4M3)
print("y + y computed in float32:", result.float().tolist(), result.dtype)

scale = a.abs().max() / torch.finfo(E4M3).max
stored = (a / scale).to(E4M3)
restored = stored.float() * scale
print("stored:", stored.dtype, stored.shape, "| scale:", round(scale.item(), 6))
print("largest |a - restored|:", round((a - restored).abs().max().item(), 4),
      "| largest |a|:", round(a.abs().max().item(), 4))
assert (a - restored).abs().max() <= 0.0625 * a.abs().max()

# %% example-for: torch.float8_e4m3fn
# float8_e4m3fn: 4 exponent bits, 3 fraction bits
# -----------------------------------------------
#
# More precision, less range: steps of 0.125 near 1, a largest value of 448,
# no infinity ("fn": finite, with a ``nan``). Values between 1 and 2 round
# to multiples of 0.125.

info = torch.finfo(E4M3)
print(f"max={info.max} eps={info.eps} smallest_normal={info.smallest_normal} bits={info.bits}")
print(torch.tensor([1.0, 1.06, 1.07, 1.2, 1.3]).to(E4M3).float().tolist())
print(torch.float8_e4m3fn.is_floating_point, torch.float8_e4m3fn.itemsize)
assert info.eps == 2**-3 and info.max == 448

# %% example-for: torch.float8_e5m2
# float8_e5m2: 5 exponent bits, 2 fraction bits
# ---------------------------------------------
#
# Less precision, more range: steps of 0.25 near 1, a largest finite value
# of 57344, and ``inf`` like ``float16``, of which it is the top byte: for a
# value that ``float8_e5m2`` represents exactly, its bit pattern is the high
# byte of the value's ``float16`` bit pattern.

info = torch.finfo(E5M2)
print(f"max={info.max} eps={info.eps} smallest_normal={info.smallest_normal} bits={info.bits}")
print(torch.tensor([1.0, 1.1, 1.2, 1.4]).to(E5M2).float().tolist())
assert info.eps == 2**-2 and info.max == 57344
h = torch.tensor([1.5, -2.0, 57344.0], dtype=torch.float16)
high_bytes = h.view(torch.uint8)[1::2]  # little-endian: the high byte comes second
print(high_bytes, h.to(E5M2).view(torch.uint8))
assert torch.equal(high_bytes, h.to(E5M2).view(torch.uint8))
