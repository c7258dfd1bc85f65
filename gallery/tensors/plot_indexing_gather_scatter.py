"""
gather and scatter
==================

``gather`` reads one element per position of an index tensor; ``scatter_``
writes one element per position of an index tensor. Along ``dim`` the index
holds positions; along every other dimension it lines up with the other
tensors element by element. This script shows the shape rules, the errors
when they are broken, how the two operations undo each other, and what
became of the ``reduce=`` argument of ``scatter_``.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.gather, indexing-gather-scatter-shapes
# What gather reads
# -----------------
#
# For ``dim=1``: ``out[i][j] = input[i][index[i][j]]``. The output has the
# shape of ``index``; each row of ``index`` picks columns from the same row
# of ``input``, in any order and with repeats.

x = torch.tensor([[10, 11, 12], [20, 21, 22]])
index = torch.tensor([[2, 0], [1, 1]])
out = torch.gather(x, 1, index)
print("gather(x, 1, index):", out.tolist(), "shape", tuple(out.shape))
print("shares memory with x:", out.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
# For dim=0 the index picks rows instead: out[i][j] = x[index[i][j]][j]
print("gather(x, 0, ...):  ", x.gather(0, torch.tensor([[1, 0, 1]])).tolist())

# %% example-for: torch.gather
# Picking one entry per row
# -------------------------
#
# A classic use: the score of the true class of every sample. The labels are
# a vector; ``unsqueeze(1)`` gives them the two dimensions ``gather`` needs,
# and ``squeeze(1)`` removes the extra dimension from the result.

torch.manual_seed(0)
logits = torch.randn(4, 3)
labels = torch.tensor([2, 0, 1, 2])
picked = logits.gather(1, labels.unsqueeze(1)).squeeze(1)
print("picked shape:", tuple(picked.shape))
print("same as advanced indexing:", torch.equal(picked, logits[torch.arange(4), labels]))

# %% example-for: indexing-gather-scatter-shapes, torch.gather
# The shape rules of gather
# -------------------------
#
# ``index`` needs as many dimensions as ``input``. Along ``dim`` its size is
# free; along every other dimension ``d`` it needs
# ``index.size(d) <= input.size(d)``. Nothing is broadcast.

x = torch.arange(6).view(2, 3)
print("index (1, 4), dim=1:", tuple(x.gather(1, torch.tensor([[2, 2, 2, 0]])).shape))
print("index (1, 1), dim=1:", tuple(x.gather(1, torch.tensor([[1]])).shape))

for bad in (torch.tensor([[0], [1], [0]]), torch.tensor([0, 1])):
    try:
        x.gather(1, bad)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: torch.gather
# Index values out of range, and the index dtype
# ----------------------------------------------
#
# Every value in ``index`` must be a valid position along ``dim``; negative
# positions do not count from the end. The index must be an integer tensor
# (int64, or int32).

x = torch.arange(6).view(2, 3)
for bad in ([[0, 3]], [[-1]]):  # dim 1 has size 3
    try:
        x.gather(1, torch.tensor(bad))
    except RuntimeError as err:
        print(f"RuntimeError: {err}")
try:
    x.gather(1, torch.tensor([[0.0, 1.0]]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.gather
# An empty index skips the shape checks
# -------------------------------------
#
# When ``index`` has a size-0 dimension, ``gather`` returns an empty tensor of
# the index's shape without comparing shapes at all: a 1-D index, or one with
# more rows than ``x``, is accepted as long as it is empty. The same indexes
# with one element are refused.

x = torch.arange(6).view(2, 3)
for shape in [(5, 0), (0,), (0, 7)]:
    out = x.gather(1, torch.empty(shape, dtype=torch.int64))
    print(f"empty index {shape} -> result {tuple(out.shape)}")
    assert out.shape == shape
for shape in [(5, 1), (1,)]:
    try:
        x.gather(1, torch.zeros(shape, dtype=torch.int64))
    except RuntimeError as err:
        print(f"index {shape} -> RuntimeError: {err}")

# %% example-for: torch.Tensor.scatter_, indexing-gather-scatter-shapes
# What ``scatter_`` writes
# ------------------------
#
# For ``dim=1``: ``self[i][index[i][j]] = src[i][j]``. Positions that no
# index names keep their value. ``scatter_`` works in place and returns
# ``self``; ``src`` may also be a single number.

target = torch.zeros(2, 4, dtype=torch.int64)
src = torch.tensor([[1, 2, 3], [4, 5, 6]])
index = torch.tensor([[3, 0], [1, 2]])  # only src[:, :2] is used
out = target.scatter_(1, index, src)
print(target)
print("returns self:", out is target)
target.scatter_(1, torch.tensor([[1], [3]]), -7)  # a number instead of src
print(target)

# %% example-for: indexing-gather-scatter-shapes, torch.Tensor.scatter_
# The shape rules of ``scatter_``
# -------------------------------
#
# ``self``, ``index`` and ``src`` need the same number of dimensions; for
# every ``d``, ``index.size(d) <= src.size(d)``, and for ``d != dim``,
# ``index.size(d) <= self.size(d)``. The dtype of ``src`` must equal that of
# ``self``.

target = torch.zeros(2, 3)
print("index (1, 4) into (2, 3), dim=1:",
      target.scatter_(1, torch.tensor([[0, 1, 2, 0]]), torch.ones(1, 4)).tolist())
try:
    target.scatter_(1, torch.tensor([[0, 1], [1, 2]]), torch.ones(1, 4))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    target.scatter_(1, torch.tensor([[3]]), torch.ones(1, 1))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    target.scatter_(1, torch.tensor([[1]]), torch.ones(1, 1, dtype=torch.float64))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.scatter
# torch.scatter returns a new tensor
# ----------------------------------
#
# The function form (and ``Tensor.scatter`` without the underscore) leaves
# its input untouched and returns an updated copy.

x = torch.zeros(2, 3)
y = torch.scatter(x, 1, torch.tensor([[2], [0]]), torch.tensor([[5.0], [6.0]]))
print(y)
print("x after the call:", x.tolist())
print("shares memory:", y.data_ptr() == x.data_ptr())
print("method form equal:", torch.equal(x.scatter(1, torch.tensor([[2], [0]]), 9.0),
                                        torch.scatter(x, 1, torch.tensor([[2], [0]]), 9.0)))

# %% example-for: torch.scatter
# A number as the value, and reduce=
# ----------------------------------
#
# A Python number (positionally, or as ``value=``) is written at every named
# position and converted to ``input``'s dtype without complaint, while a
# tensor ``src`` of another dtype is refused. ``reduce='add'`` and
# ``reduce='multiply'`` combine with the existing values; a position named
# twice receives the number twice. With a tensor ``src``, ``reduce=`` is
# deprecated and warns; with a number it does not.

ints = torch.zeros(2, 3, dtype=torch.int64)
index = torch.tensor([[0, 0], [1, 2]])  # row 0 names position 0 twice
print("value=2.7 into int64:", torch.scatter(ints, 1, index, value=2.7).tolist())
try:
    torch.scatter(ints, 1, index, torch.full((2, 2), 2.7))
except RuntimeError as err:
    print(f"tensor src of another dtype -> RuntimeError: {err}")
added = torch.scatter(torch.ones(2, 3), 1, index, 5.0, reduce="add")
print("reduce='add', 5.0:      ", added.tolist())
assert added[0, 0] == 11.0  # 1 + 5 + 5: once per occurrence
print("reduce='multiply', 5.0: ", torch.scatter(torch.ones(2, 3), 1, index, 5.0, reduce="multiply").tolist())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.scatter(torch.ones(2, 3), 1, index, torch.ones(2, 2), reduce="add")
print("warnings with a tensor src:", [w.category.__name__ for w in caught])
try:
    torch.scatter(torch.ones(2, 3), 1, index, 5.0, reduce="sum")
except RuntimeError as err:
    print(f"reduce='sum' -> RuntimeError: {err}")

# %% example-for: indexing-gather-scatter-inverse, torch.gather, torch.Tensor.scatter_
# gather and ``scatter_`` undo each other
# ---------------------------------------
#
# When each row of ``index`` is a permutation, ``gather`` reorders the
# elements and ``scatter_`` with the same index puts them back.

torch.manual_seed(0)
x = torch.arange(12).view(3, 4)
perm = torch.stack([torch.randperm(4) for _ in range(3)])  # one permutation per row
shuffled = x.gather(1, perm)
restored = torch.zeros_like(x).scatter_(1, perm, shuffled)
print(shuffled)
print("restored equals x:", torch.equal(restored, x))
print("gather(scatter(...)) equals shuffled:",
      torch.equal(restored.gather(1, perm), shuffled))

# %% example-for: indexing-gather-scatter-inverse
# ... but only for permutations
# -----------------------------
#
# If ``index`` repeats a position, ``gather`` reads that element twice and
# another element never; scattering back cannot recover it. (With repeated
# positions and different values, which value ``scatter_`` keeps is not
# specified; here both writes carry the same value.)

x = torch.tensor([[10, 11, 12], [20, 21, 22]])
index = torch.tensor([[0, 0, 2], [1, 2, 0]])  # row 0 repeats position 0
picked = x.gather(1, index)
back = torch.zeros_like(x).scatter_(1, index, picked)
print(picked.tolist())
print(back.tolist())
print("back equals x:", torch.equal(back, x))

# %% example-for: torch.Tensor.scatter_
# The reduce= argument of ``scatter_``
# ------------------------------------
#
# ``scatter_`` accepts ``reduce='add'`` or ``reduce='multiply'`` to combine
# the written values with what is already there. With a tensor ``src`` this
# form is deprecated and warns on its first use; with a number it does not
# warn. ``scatter_reduce_`` (and ``scatter_add_``) replace it.

index = torch.tensor([[0, 1, 0]])
src = torch.tensor([[1.0, 2.0, 3.0]])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old = torch.ones(1, 3).scatter_(1, index, src, reduce="add")
for w in caught:  # drop the C++ source location from the message
    print(f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.ones(1, 3).scatter_(1, index, 2.0, reduce="multiply")
print("warnings with a number as src:", len(caught))

new = torch.ones(1, 3).scatter_reduce_(1, index, src, reduce="sum")
print("reduce='add':", old.tolist(), " scatter_reduce_('sum'):", new.tolist())
try:
    torch.ones(1, 3).scatter_(1, index, src, reduce="sum")
except RuntimeError as err:
    print(f"RuntimeError: {err}")
