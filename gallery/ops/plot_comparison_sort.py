"""
Sorting: sort and argsort
=========================

``torch.sort`` returns the sorted values *and* the positions they came from;
``torch.argsort`` returns only the positions. Both work along one dimension,
the last by default. This script shows where NaN ends up, what
``stable=True`` guarantees, and how to use the indices to put another tensor
in the same order.
"""

import torch

# %% example-for: torch.sort
# Values and indices, along the last dimension
# --------------------------------------------
#
# ``sort`` returns a named tuple ``(values, indices)``: ``indices`` are
# ``int64`` positions in the input, so ``input[indices]`` (along the sorted
# dimension) gives ``values``. Without ``dim`` each row of a matrix is sorted
# on its own; ``dim=0`` sorts each column.

x = torch.tensor([3.0, 1.0, 2.0, 0.5])
result = torch.sort(x)
print(result)
print("fields:", result.values, result.indices, result.indices.dtype)
values, indices = result  # it unpacks like a tuple
assert torch.equal(x[indices], values)
print("descending:", torch.sort(x, descending=True).values)

m = torch.tensor([[3, 1, 2], [0, 5, 4]])
print("rows (dim=-1):\n", torch.sort(m).values)
print("columns (dim=0):\n", torch.sort(m, dim=0).values)

# %% example-for: torch.sort
# Where NaN goes
# --------------
#
# ``sort`` treats NaN as larger than every number, ``+inf`` included: NaNs go
# to the end in ascending order and to the front with ``descending=True``.
# ``argsort`` and ``topk`` use the same order.

nan, inf = float("nan"), float("inf")
x = torch.tensor([2.0, nan, -inf, 1.0, inf, nan])
up = torch.sort(x)
down = torch.sort(x, descending=True)
print("ascending :", up.values, up.indices)
print("descending:", down.values, down.indices)
assert torch.isnan(up.values[-2:]).all() and torch.isnan(down.values[:2]).all()
print("argsort:", torch.argsort(x))
assert torch.equal(torch.argsort(x), up.indices)
assert torch.isnan(torch.topk(x, 2).values).all()

# %% example-for: torch.sort
# stable=True keeps ties in their original order
# ----------------------------------------------
#
# Elements that compare equal may come out in any order unless
# ``stable=True`` is given (a keyword-only argument). With it, equal keys keep
# the order they had in the input, which matters when you sort records by one
# key after another.

scores = torch.tensor([2, 1, 2, 1, 2])
print(torch.sort(scores, stable=True))
print(torch.sort(scores, descending=True, stable=True).indices)
try:
    torch.sort(scores, -1, False, True)  # stable passed by position
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])

# Sorting by two keys: first by the secondary key, then stably by the primary one.
age = torch.tensor([30, 25, 30, 25])
height = torch.tensor([170, 180, 160, 175])
by_height = torch.argsort(height)
order = by_height[torch.argsort(age[by_height], stable=True)]
print("order:", order, "| age:", age[order], "| height:", height[order])

# %% example-for: torch.sort
# What cannot be sorted
# ---------------------
#
# Complex numbers have no order, so ``sort`` refuses them. ``bool`` tensors
# sort as ``False < True``.

try:
    torch.sort(torch.tensor([1 + 1j, 0j]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(torch.sort(torch.tensor([True, False, True])))

# %% example-for: torch.argsort
# argsort: only the indices
# -------------------------
#
# ``argsort`` returns the same indices as ``sort(...).indices`` for the same
# arguments (``dim``, ``descending``, ``stable``). Its ``stable`` is
# keyword-only too.

torch.manual_seed(0)
x = torch.randint(0, 5, (3, 6))
print(x)
idx = torch.argsort(x, dim=1, stable=True)
print(idx, idx.dtype)
assert torch.equal(idx, torch.sort(x, dim=1, stable=True).indices)
assert torch.equal(torch.argsort(x, dim=0, descending=True, stable=True),
                   torch.sort(x, dim=0, descending=True, stable=True).indices)
try:
    torch.argsort(x, 1, False, True)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.argsort, torch.sort
# Reordering another tensor with the indices
# ------------------------------------------
#
# The point of the indices is to apply the same permutation to something
# else. For a 1-D tensor, index with them. For several rows at once, use
# ``torch.gather`` along the sorted dimension (a plain ``labels[idx]`` would
# index the rows instead).

score = torch.tensor([0.2, 0.9, 0.5])
label = torch.tensor([10, 11, 12])
order = torch.argsort(score, descending=True)
print("labels by score:", label[order])

scores = torch.tensor([[0.2, 0.9, 0.5], [0.7, 0.1, 0.4]])
labels = torch.tensor([[10, 11, 12], [20, 21, 22]])
order = torch.argsort(scores, dim=1, descending=True)
print(torch.gather(labels, 1, order))
try:
    labels[order]  # indexes rows: 0, 1, 2 are row numbers here
except IndexError as err:
    print(f"labels[order] -> IndexError: {err}")
assert torch.equal(torch.gather(scores, 1, order), torch.sort(scores, dim=1, descending=True).values)

# Undo a sort: argsort of the permutation gives its inverse.
values, indices = score.sort()
restored = values[indices.argsort()]
print("restored:", restored)
assert torch.equal(restored, score)
