"""
Dtype constants: aliases and a table computed from torch
========================================================

Every element type of PyTorch is one object of class ``torch.dtype``, bound
to one or more names of the ``torch`` module. This script finds those names
by scanning ``dir(torch)`` for identical objects, then prints, for each dtype
documented beside it, its size in bytes, whether it is a floating-point and a
signed type, and its range from ``torch.finfo`` or ``torch.iinfo``. No value
of the table is typed by hand: each one is asked of torch when the script runs.
"""

import textwrap

import torch

# The dtypes this page documents, by their main names (the names they print as).
DOCUMENTED = ["float64", "float32", "float16", "bfloat16", "float8_e4m3fn", "float8_e5m2",
              "complex128", "complex64", "int64", "int32", "int16", "int8", "uint8", "bool"]

# Every public name of the torch module bound to a dtype object, grouped by object.
names_of = {}
for name in dir(torch):  # dir() lists the names in alphabetical order
    obj = getattr(torch, name)
    if not name.startswith("_") and isinstance(obj, torch.dtype):
        names_of.setdefault(obj, []).append(name)

# %% example-for: dtypeconst-aliases
# Aliases are one object under two names
# --------------------------------------
#
# ``torch.float`` and ``torch.float32`` are bound to the same ``torch.dtype``
# object: ``is`` is ``True``, not only ``==``. The object prints under its main
# name, whichever name the code used. The loop lists every dtype that the
# scan found under more than one name, with its names.

print("torch.float is torch.float32:", torch.float is torch.float32, "| ==:", torch.float == torch.float32)
print("torch.float prints as:", torch.float, "| repr(torch.long):", repr(torch.long))
print("a tensor's dtype is that object too:", torch.ones(2).dtype is torch.float)
print()
print(f"{len(names_of)} dtype objects, {sum(map(len, names_of.values()))} names; with more than one name:")
for dtype, names in names_of.items():
    if len(names) > 1:
        print(f"  {str(dtype):16} <- " + ", ".join(f"torch.{n}" for n in names))
        assert all(getattr(torch, n) is dtype for n in names)
assert torch.float is torch.float32 and torch.long is torch.int64

# %% example-for: dtypeconst-table
# Size, kind and range of each dtype
# ----------------------------------
#
# ``itemsize`` is the number of bytes per element; ``is_floating_point`` and
# ``is_signed`` are attributes of the dtype itself. The range is
# ``torch.finfo(dtype).min`` / ``.max`` for floating-point and complex dtypes
# (for a complex dtype, the range of each of its two parts) and
# ``torch.iinfo(dtype).min`` / ``.max`` for integers. ``torch.iinfo`` refuses
# ``torch.bool``, so its row has no range; the error is printed under the table.


def fmt(value):
    return str(value) if isinstance(value, int) else f"{value:.6g}"


header = f"{'dtype':20} {'names in torch':19} {'bytes':>5} {'float':>5} {'signed':>6} {'min':>21} {'max':>20}"
print(header)
print("-" * len(header))
for main in DOCUMENTED:
    dtype = getattr(torch, main)
    names = ", ".join(names_of[dtype])
    if dtype.is_floating_point or dtype.is_complex:
        info = torch.finfo(dtype)
        low, high = fmt(info.min), fmt(info.max)
        parts = 2 if dtype.is_complex else 1  # a complex element is two floats
        assert dtype.itemsize * 8 == parts * info.bits
    elif dtype is torch.bool:
        low = high = "-"
    else:
        info = torch.iinfo(dtype)
        low, high = fmt(info.min), fmt(info.max)
        assert dtype.itemsize * 8 == info.bits
    print(f"{str(dtype):20} {names:19} {dtype.itemsize:5} {str(dtype.is_floating_point):>5} "
          f"{str(dtype.is_signed):>6} {low:>21} {high:>20}")
print()
try:
    torch.iinfo(torch.bool)
except TypeError as err:
    print(f"torch.iinfo(torch.bool) -> TypeError: {err}")

documented = {getattr(torch, main) for main in DOCUMENTED}
others = [str(dtype).removeprefix("torch.") for dtype in names_of if dtype not in documented]
print(f"\nthe other {len(others)} dtype objects of torch {torch.__version__.split('+')[0]}:")
print(textwrap.fill(", ".join(sorted(others)), width=96))
