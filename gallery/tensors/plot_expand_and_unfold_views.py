"""
Expanded and unfolded views
===========================

``expand`` and ``unfold`` build views in which several positions of the
result read the same memory: ``expand`` through a stride of 0, ``unfold``
through overlapping sliding windows. This script prints their shapes and
strides and shows what goes wrong when you write into them.
"""

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.Tensor.expand
# expand: a stride of 0 instead of copies
# ---------------------------------------
#
# Only dimensions of size 1 can be expanded; the expanded dimension gets
# stride 0, so every index along it reads the same element. ``-1`` keeps a
# size, and new leading dimensions may be added.

col = torch.tensor([[1], [2], [3]])  # shape (3, 1)
e = col.expand(3, 4)
print(e)
print("stride:", e.stride(), "contiguous:", e.is_contiguous())
print("shares memory:", e.data_ptr() == col.data_ptr())
print("bytes in storage:", e.untyped_storage().nbytes())

print("-1 keeps a size:", col.expand(-1, 4).shape)
print("new leading dim:", col.expand(2, 3, 4).shape, col.expand(2, 3, 4).stride())

try:
    col.expand(6, 4)  # dimension 0 has size 3, not 1
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.Tensor.expand
# Pitfall: writing into an expanded tensor
# ----------------------------------------
#
# One element of the result is one element of the base, seen many times. An
# indexed write changes a whole row of the expanded tensor (and the base).
# In-place arithmetic on the expanded tensor is refused. Call ``clone()``
# (or ``contiguous()``) first to get independent elements.

col = torch.tensor([[1], [2], [3]])
e = col.expand(3, 4)
e[0, 0] = 50
print(e)
print("col:", col.flatten())

try:
    e.add_(1)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

safe = e.clone()
safe.add_(1)
print(safe)

# %% example-for: torch.Tensor.expand_as
# expand_as(other)
# ----------------
#
# ``x.expand_as(other)`` is ``x.expand(other.size())``, commonly used to
# stretch a per-row or per-column value over a matrix.

bias = torch.tensor([10.0, 20.0, 30.0])  # shape (3,)
x = torch.zeros(2, 3)
b = bias.expand_as(x)
print(b)
print("shape:", b.shape, "stride:", b.stride())
print("shares memory:", b.data_ptr() == bias.data_ptr())

try:
    bias.expand_as(torch.zeros(3, 2))  # trailing sizes must match or be 1
except RuntimeError as err:
    print(f"RuntimeError: {err}")

print("as a column:", bias[:, None].expand_as(torch.zeros(3, 2)).stride())

# %% example-for: torch.Tensor.unfold
# unfold(dimension, size, step): sliding windows
# ----------------------------------------------
#
# The result gets one window per step along ``dimension`` (that dimension's
# new size is ``(n - size) // step + 1``) and a new last dimension of length
# ``size``. Elements after the last full window are dropped.

x = torch.arange(8.0)
w = x.unfold(0, 3, 2)
print(w)
print("shape:", w.shape, "stride:", w.stride())
print("view of x:", w.data_ptr() == x.data_ptr())
print("no overlap (size == step):", torch.arange(7.0).unfold(0, 3, 3))

# %% example-for: torch.Tensor.unfold
# unfold along one dimension of a matrix
# --------------------------------------
#
# The window dimension is appended at the end; the other dimensions stay.

m = torch.arange(10.0).view(2, 5)
w = m.unfold(1, 3, 1)
print(w)
print("shape:", w.shape, "stride:", w.stride())

try:
    m.unfold(1, 6, 1)  # window larger than the dimension
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.Tensor.unfold
# Pitfall: overlapping windows share elements
# -------------------------------------------
#
# With ``step < size`` neighbouring windows read the same memory. A write into
# one window shows up in the next, and PyTorch does not refuse in-place
# arithmetic here as it does for ``expand``: shared elements are updated once
# per window. Clone the windows before modifying them.

x = torch.arange(8.0)
w = x.unfold(0, 3, 2)
w[0, 2] = 100.0  # x[2] is also w[1, 0]
print(w)

x = torch.arange(8.0)
x.unfold(0, 3, 2).add_(1)  # x[2] and x[4] belong to two windows
print("x after add_(1) on the windows:", x)

x = torch.arange(8.0)
windows = x.unfold(0, 3, 2).clone()
windows.add_(1)
print("x after add_(1) on a clone:    ", x)
