"""
Integer and bool dtype constants
================================

What each integer dtype constant is for and where it surprises, shown by
execution: integer arithmetic wraps around at the ends of the range without
an error, ``torch.int64`` (``torch.long``) is the default for Python ints
and indices, ``torch.int32`` (``torch.int``) is not, ``torch.uint8`` is
unsigned, and ``torch.bool`` is the dtype of masks.
"""

import warnings

import torch
import torch.nn.functional as F

# %% example-for: torch.int8
# int8: -128 to 127, and arithmetic wraps around
# ----------------------------------------------
#
# A result beyond the range is not an error: 127 + 1 is -128. Mixed with
# ``uint8``, neither of whose ranges holds the other, ``int8`` promotes to
# ``int16``.

print(torch.iinfo(torch.int8))
print(torch.tensor([127], dtype=torch.int8) + 1)
print(torch.promote_types(torch.int8, torch.uint8))

# %% example-for: torch.int16
# int16: arithmetic wraps, construction checks
# --------------------------------------------
#
# 30000 * 2 wraps around to a negative number. Building a tensor from a
# Python number out of range is checked and raises. ``torch.short`` is
# another name for ``int16``, and ``x.short()`` converts to it.

print(torch.iinfo(torch.int16).min, torch.iinfo(torch.int16).max, torch.short is torch.int16,
      torch.ones(2).short().dtype)
print(torch.tensor([30000], dtype=torch.int16) * 2)
try:
    torch.tensor([40000], dtype=torch.int16)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.int32
# int32 must be asked for, and sums leave it
# ------------------------------------------
#
# A Python int becomes ``int64``, so an ``int32`` tensor needs ``dtype=``.
# Arithmetic stays ``int32`` and wraps at ``2**31``; ``sum`` and ``cumsum``
# of an ``int32`` tensor return ``int64``.

c = torch.tensor([2**31 - 1, 5], dtype=torch.int32)
print(torch.tensor([1]).dtype, c.dtype)
print(c + 1)
print((c * 2).dtype, c.sum().dtype, c.sum(), c.cumsum(0).dtype)

# %% example-for: torch.int
# torch.int is int32, Python's int gives int64
# --------------------------------------------
#
# ``torch.int`` is another name for ``torch.int32``. The Python type
# ``int`` passed as ``dtype=`` means ``int64``.

print("torch.int is torch.int32:", torch.int is torch.int32, "| itemsize:", torch.int.itemsize)
print("dtype=torch.int:", torch.tensor([1.7], dtype=torch.int).dtype)
print("dtype=int:      ", torch.tensor([1.7], dtype=int).dtype)
print("x.int():        ", torch.tensor([1.7, -1.7]).int())
assert torch.tensor([1], dtype=int).dtype is torch.int64

# %% example-for: torch.int64
# int64 is the dtype of integers and indices
# ------------------------------------------
#
# Python ints, ``torch.arange`` with integer arguments, ``argmax`` and
# ``nonzero`` all give ``int64``. ``cross_entropy`` refuses class targets of
# dtype ``int32``; ``.long()`` makes them ``int64``.

x = torch.tensor([[0.1, 2.0, 0.3], [1.5, 0.2, 0.1]])
print(torch.tensor([1, 2]).dtype, torch.arange(3).dtype, x.argmax(dim=1).dtype, x.nonzero().dtype)
target = torch.tensor([1, 0], dtype=torch.int32)
try:
    F.cross_entropy(x, target)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(F.cross_entropy(x, target.long()))

# %% example-for: torch.long
# torch.long is int64
# -------------------
#
# Another name for ``torch.int64``; ``x.long()`` converts to it, truncating
# floats toward zero.

print("torch.long is torch.int64:", torch.long is torch.int64)
print(torch.tensor([1.7, -1.7]).long(), torch.long.itemsize)

# %% example-for: torch.uint8
# uint8: 0 to 255, for bytes and image pixels
# -------------------------------------------
#
# 250 + 10 wraps around to 4. Division by 255 gives a floating result
# (``float32``), the usual way to scale pixels to ``[0, 1]``. As an index, a
# ``uint8`` tensor is still taken as a mask, with a deprecation warning:
# use ``torch.bool``.

pixels = torch.tensor([250, 128, 0], dtype=torch.uint8)
print(pixels + 10)
print(pixels / 255, (pixels / 255).dtype)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.arange(3)[torch.tensor([1, 0, 1], dtype=torch.uint8)])
for w in caught:
    print(f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")

# %% example-for: torch.bool
# bool: the dtype of comparisons and masks
# ----------------------------------------
#
# A comparison returns a ``bool`` tensor, which selects elements as an
# index. ``sum`` counts the ``True`` elements (as ``int64``); ``mean``
# refuses ``bool`` (convert with ``.float()``). ``-mask`` is refused too:
# ``~mask`` inverts a mask.

values = torch.tensor([3, -1, 4, -1, 5])
mask = values > 0
print(mask, mask.dtype, values[mask])
print(mask.sum(), mask.float().mean(), ~mask)
for expr in (lambda: mask.mean(), lambda: -mask):
    try:
        expr()
    except RuntimeError as err:
        print(f"RuntimeError: {err}")
