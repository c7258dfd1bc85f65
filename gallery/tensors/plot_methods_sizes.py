"""
Counting elements and bytes: element_size, itemsize, nbytes, nelement
=====================================================================

``numel()`` and its other name ``nelement()`` count elements;
``element_size()`` and the attribute ``itemsize`` give the bytes of one
element; the attribute ``nbytes`` multiplies the two. None of them looks at
memory: a view's ``nbytes`` counts the elements it shows, not the storage
it reads. The script prints each number and compares it with the storage.
"""

import torch

# %% example-for: methods-element-counts
# Five numbers for one tensor
# ---------------------------
#
# For a ``(4, 6)`` ``float64`` tensor: 24 elements (``numel()`` and
# ``nelement()``), 8 bytes each (``element_size()`` and ``itemsize``), 192
# bytes in all (``nbytes``). ``len()`` is different: it is the size of the
# first dimension only.

x = torch.zeros(4, 6, dtype=torch.float64)
print("numel():", x.numel(), "| nelement():", x.nelement(), "| len():", len(x))
print("element_size():", x.element_size(), "| itemsize:", x.itemsize, "| nbytes:", x.nbytes)
assert x.nbytes == x.numel() * x.element_size()

# %% example-for: methods-element-counts, torch.Tensor.nbytes
# ``nbytes`` of a view is not the memory it uses
# ----------------------------------------------
#
# A slice of two columns reports 64 bytes, while the storage it reads holds
# the 192 bytes of the whole tensor. An ``expand``-ed tensor of 1000 rows
# reports 12000 bytes, but all rows read the same 12 bytes (stride 0). For
# the memory behind a tensor, ask its storage:
# ``untyped_storage().nbytes()``.

cols = x[:, :2]
print("x[:, :2]: nbytes", cols.nbytes, "| storage bytes", cols.untyped_storage().nbytes())
rows = torch.zeros(3).expand(1000, 3)
print("expand(1000, 3): nbytes", rows.nbytes, "| storage bytes", rows.untyped_storage().nbytes(),
      "| stride", rows.stride())
tail = torch.zeros(10)[7:]
print("zeros(10)[7:]: nbytes", tail.nbytes, "| storage bytes", tail.untyped_storage().nbytes())

# %% example-for: torch.Tensor.element_size, torch.Tensor.itemsize
# Bytes per element, by dtype
# ---------------------------
#
# ``element_size()`` is a method, ``itemsize`` an attribute with the same
# value, and both equal the dtype's own ``itemsize`` (asserted). ``bool``
# takes a whole byte; a ``complex64`` element is two ``float32`` values.

dtypes = (torch.bool, torch.uint8, torch.int16, torch.float16, torch.bfloat16, torch.int32,
          torch.float32, torch.int64, torch.float64, torch.complex64, torch.complex128)
for dtype in dtypes:
    t = torch.zeros(1, dtype=dtype)
    assert t.element_size() == t.itemsize == dtype.itemsize
    print(f"{str(dtype):17} element_size() = {t.element_size():2}   itemsize = {t.itemsize}")

# %% example-for: torch.Tensor.nbytes, torch.Tensor.itemsize
# Attributes, not methods
# -----------------------
#
# ``nbytes`` and ``itemsize`` are plain ``int`` attributes: calling them
# fails. A sparse tensor has no ``nbytes``; the error says what to add up
# instead.

print(type(x.nbytes).__name__, type(x.itemsize).__name__)
for name in ("nbytes", "itemsize"):
    try:
        getattr(x, name)()
    except TypeError as err:
        print(f"x.{name}() -> TypeError: {err}")
try:
    torch.eye(3).to_sparse().nbytes
except RuntimeError as err:
    print(f"sparse .nbytes -> RuntimeError: {err}")

# %% example-for: torch.Tensor.nelement
# ``nelement()`` is ``numel()``
# -----------------------------
#
# The two methods return the same number for every tensor (asserted): the
# product of the sizes, 1 for a 0-dimensional tensor and 0 when any size is
# 0.

for t in (torch.zeros(2, 3, 4), torch.tensor(5.0), torch.zeros(3, 0), torch.zeros(4, 6)[:, ::2]):
    assert t.nelement() == t.numel()
    print(f"shape {str(tuple(t.shape)):10} nelement() = {t.nelement()}")
