"""
Views and indexed writes: narrow, select, ``index_add_``, ``index_fill_``, ``index_copy_``, ``scatter_add_``
============================================================================================================

``narrow`` and ``select`` cut a piece out of a tensor without copying it.
The ``index_*_`` methods and ``scatter_add_`` write into the tensor they are
called on, at positions given by an index tensor. The script checks memory
sharing with ``untyped_storage().data_ptr()``, and shows what happens when
an index appears twice.
"""

import torch


def shares_memory(a, b):
    """True when a and b read the same storage (wherever in it they start)."""
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


# %% example-for: methods-views-and-index-writes
# Views versus in-place writes
# ----------------------------
#
# ``narrow`` and ``select`` return new tensors that read the memory of
# ``x``: writing through them changes ``x``. ``index_add_`` returns ``x``
# itself, changed, in the same memory; its out-of-place form ``index_add``
# (no underscore) leaves ``x`` alone and returns new memory.

x = torch.zeros(3, 4)
piece, column = x.narrow(1, 1, 2), x.select(1, 3)
print("narrow shares x's memory:", shares_memory(piece, x), "| select:", shares_memory(column, x))
piece.fill_(1.0)
column.fill_(2.0)
print(x)

before = x.data_ptr()
result = x.index_add_(0, torch.tensor([0]), torch.full((1, 4), 10.0))
print("index_add_ returns x:", result is x, "| same memory:", x.data_ptr() == before)
copy = x.index_add(0, torch.tensor([0]), torch.full((1, 4), 10.0))
print("index_add shares x's memory:", shares_memory(copy, x), "| x[0]:", x[0].tolist(), "| result[0]:", copy[0].tolist())

# %% example-for: methods-views-and-index-writes
# A repeated index: summed by ``index_add_`` and ``scatter_add_``, not by ``index_copy_``
# ---------------------------------------------------------------------------------------
#
# Index 0 appears twice. ``index_add_`` and ``scatter_add_`` add both
# contributions (1 + 100 = 101). ``index_copy_`` writes both rows to the
# same place, so only one of them remains, never their sum; which one is not
# specified.

index = torch.tensor([0, 2, 0])
rows = torch.tensor([[1.0, 1.0], [10.0, 10.0], [100.0, 100.0]])
added = torch.zeros(3, 2).index_add_(0, index, rows)
copied = torch.zeros(3, 2).index_copy_(0, index, rows)
scattered = torch.zeros(3).scatter_add_(0, index, torch.tensor([1.0, 10.0, 100.0]))
print("index_add_:  ", added.tolist())
print("scatter_add_:", scattered.tolist())
print("index_copy_ rows 1-2:", copied[1:].tolist())
print("index_copy_ row 0 is one of the two rows:", copied[0, 0].item() in (1.0, 100.0),
      "| is their sum:", copied[0, 0].item() == 101.0)

# %% example-for: torch.Tensor.narrow
# ``narrow(dim, start, length)``
# ------------------------------
#
# The result is ``x[start:start + length]`` along ``dim``: a view with the
# strides of ``x`` and a storage offset, and in general not contiguous. A
# negative ``start`` counts from the end. Asking for more elements than
# there are is an error, not a shorter result as with slicing.

x = torch.arange(12).reshape(3, 4)
n = x.narrow(1, 1, 2)
print(n)
print("stride:", n.stride(), "| storage_offset:", n.storage_offset(), "| contiguous:", n.is_contiguous())
print("equals x[:, 1:3]:", torch.equal(n, x[:, 1:3]), "| last row:", x.narrow(0, -1, 1).tolist())
try:
    x.narrow(1, 3, 2)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("slicing instead:", x[:, 3:5].shape)
assert torch.equal(x.narrow(1, -3, 2), x[:, 4 - 3:4 - 3 + 2])

# %% example-for: torch.Tensor.select
# ``select(dim, index)`` removes the dimension
# --------------------------------------------
#
# ``x.select(1, 2)`` is ``x[:, 2]``: the dimension ``dim`` disappears, which
# ``narrow(1, 2, 1)`` would keep with size 1. On a 1-D tensor the result is
# 0-dimensional. It is a view; an index out of range is an ``IndexError``.

x = torch.arange(12).reshape(3, 4)
s = x.select(1, 2)
print(s, "| shape:", tuple(s.shape), "| narrow keeps:", tuple(x.narrow(1, 2, 1).shape))
print("equals x[:, 2]:", torch.equal(s, x[:, 2]), "| select(1, -1) equals x[:, -1]:", torch.equal(x.select(1, -1), x[:, -1]))
print("1-D select:", torch.arange(3).select(0, 1), "| dim():", torch.arange(3).select(0, 1).dim())
s[0] = -1
print("x[0] after writing s[0]:", x[0].tolist())
try:
    x.select(0, 3)
except IndexError as err:
    print(f"IndexError: {err}")

# %% example-for: torch.Tensor.index_add_
# ``index_add_(dim, index, source, alpha=1)``: per-group sums
# -----------------------------------------------------------
#
# Row ``i`` of ``source`` is added to row ``index[i]`` of ``self``,
# multiplied by ``alpha``. With a label per sample as the index, this sums
# the features of each class. The index must be ``int64`` or ``int32``, and
# ``source`` must have the dtype of ``self``.

labels = torch.tensor([2, 0, 2, 1, 2])
features = torch.tensor([[1.0, 0.0], [0.0, 1.0], [2.0, 2.0], [5.0, 5.0], [1.0, 1.0]])
print(torch.zeros(3, 2).index_add_(0, labels, features))
print("alpha=-1:", torch.zeros(3, 2).index_add_(0, labels, features, alpha=-1)[2].tolist())
for index, source, target in ((labels.float(), features, torch.zeros(3, 2)),
                              (labels, features, torch.zeros(3, 2, dtype=torch.int64))):
    try:
        target.index_add_(0, index, source)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: torch.Tensor.index_fill_
# ``index_fill_(dim, index, value)``: whole slices get one value
# --------------------------------------------------------------
#
# Every slice of ``self`` along ``dim`` whose position is in ``index`` is
# set to ``value``; a repeated index only sets it again. The value is a
# number or a 0-dimensional tensor.

f = torch.zeros(3, 4)
print(f.index_fill_(1, torch.tensor([0, 3, 3]), -1.0))
print(torch.zeros(2, 3).index_fill_(0, torch.tensor([1]), torch.tensor(7.0)))
try:
    torch.zeros(2, 3).index_fill_(0, torch.tensor([1]), torch.tensor([7.0, 8.0, 9.0]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    torch.zeros(2, 3).index_fill_(0, torch.tensor([1], dtype=torch.int32), 1.0)
    raise AssertionError("an int32 index was accepted")
except IndexError:
    pass

# %% example-for: torch.Tensor.index_copy_
# ``index_copy_(dim, index, source)``: rows to given positions
# ------------------------------------------------------------
#
# Row ``i`` of ``source`` replaces row ``index[i]`` of ``self``; the rows not
# named keep their values. ``index`` needs exactly one entry per row of
# ``source``.

c = torch.full((4, 2), -1.0)
print(c.index_copy_(0, torch.tensor([3, 0]), torch.tensor([[1.0, 2.0], [3.0, 4.0]])))
try:
    torch.zeros(4, 2).index_copy_(0, torch.tensor([3, 0]), torch.ones(3, 2))
except IndexError as err:
    print(f"IndexError: {err}")
try:
    torch.zeros(4, 2).index_copy_(0, torch.tensor([3, 0], dtype=torch.int32), torch.ones(2, 2))
    raise AssertionError("an int32 index was accepted")
except RuntimeError:
    pass

# %% example-for: torch.Tensor.scatter_add_
# ``scatter_add_(dim, index, src)``: element by element
# -----------------------------------------------------
#
# Unlike ``index_add_``, the index has one entry per element: ``src[i][j]``
# is added to ``self[i][index[i][j]]`` for ``dim=1``. Adding ones at the
# labels counts them, like ``torch.bincount``. Only the part of ``src``
# covered by ``index`` is used: a shorter index silently ignores the rest.

x = torch.zeros(2, 4)
print(x.scatter_add_(1, torch.tensor([[0, 0, 3], [1, 1, 1]]), torch.ones(2, 3)))
counts = torch.zeros(3, dtype=torch.int64).scatter_add_(0, labels, torch.ones_like(labels))
print("counts:", counts.tolist(), "| bincount:", torch.bincount(labels).tolist())
print("index of 2 entries, src of 3:", torch.zeros(4).scatter_add_(0, torch.tensor([0, 1]), torch.ones(3)).tolist())
try:
    torch.zeros(4).scatter_add_(0, torch.tensor([0, 5]), torch.ones(2))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
