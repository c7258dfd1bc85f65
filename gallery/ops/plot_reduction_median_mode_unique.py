"""
Middle and most frequent values: median, nanmedian, mode, unique
================================================================

``median`` returns an element of the input: for an even count, the *lower*
of the two middle values, not their mean. ``nanmedian`` ignores NaN where
``median`` returns NaN. ``mode`` returns the most frequent value, along the
last dimension by default. ``unique`` lists the distinct values and can also
return where each element went and how often each value occurs.
"""

import numpy as np
import torch

# %% example-for: torch.median
# median: the lower middle value
# ------------------------------
#
# ``[1, 4, 2, 3]`` sorted is ``[1, 2, 3, 4]``. The two middle values are 2
# and 3; ``median`` returns 2, where NumPy's ``median`` (and
# ``torch.quantile(x, 0.5)``) return their mean, 2.5. The result is always
# one of the elements, so integer tensors keep their dtype.

m = torch.tensor([1.0, 4.0, 2.0, 3.0])
print("median:", torch.median(m), "| quantile 0.5:", torch.quantile(m, 0.5), "| mean:", m.mean())
print("numpy.median:", np.median(m.numpy()))
assert torch.median(m).item() == 2.0
# Without dim, all elements are reduced, also for a 2-D input (the docstring's
# signature shows dim=-1, but that is not what an omitted dim does).
grid2 = torch.tensor([[1, 9, 8], [2, 3, 7]])
print("median of a (2, 3) tensor:", torch.median(grid2))
assert torch.median(grid2).shape == () and torch.median(grid2).item() == 3
try:
    torch.median(grid2, dim=None)
except TypeError as err:
    print(f"TypeError: {err}")
else:
    raise AssertionError("median accepted dim=None")
print(torch.median(torch.tensor([3, 1, 4, 1, 5])), torch.median(torch.tensor([3, 1, 4, 1, 5])).dtype)

# %% example-for: torch.median
# median with dim: values and indices
# -----------------------------------
#
# With ``dim`` it returns a named tuple ``(values, indices)``. When the
# median value occurs several times, the index is not necessarily that of its
# first occurrence: here 2 occurs at positions 0, 2 and 3, and the index
# returned is 2.

rows = torch.tensor([[1.0, 5.0, 2.0], [4.0, 3.0, 6.0]])
print(torch.median(rows, dim=1))
tied = torch.median(torch.tensor([2.0, 1.0, 2.0, 2.0, 3.0]), dim=0)
print(tied)
assert tied.indices.item() == 2

# %% example-for: torch.nanmedian, torch.median
# nanmedian ignores NaN
# ---------------------
#
# One NaN makes ``median`` NaN (its index points at the NaN). ``nanmedian``
# takes the median of the remaining values; it is NaN only where every value
# is NaN.

nan = float("nan")
n = torch.tensor([1.0, nan, 3.0, 2.0])
print("median   :", torch.median(n), "| nanmedian:", torch.nanmedian(n))
print(torch.median(n, dim=0))
print(torch.nanmedian(n, dim=0))
assert torch.median(n, dim=0).indices.item() == 1
print(torch.nanmedian(torch.tensor([[nan, 1.0, 5.0, 4.0], [nan, nan, nan, nan]]), dim=1).values)
assert torch.median(n).isnan() and n.nanmedian().item() == 2.0

# %% example-for: torch.mode
# mode: the most frequent value, along the last dimension
# -------------------------------------------------------
#
# ``mode`` returns a named tuple ``(values, indices)``. Unlike ``median``
# its ``dim`` defaults to ``-1``: on a matrix it gives one mode per row, not
# one for the whole tensor (flatten first for that). When several values are
# equally frequent, this CPU build returned the smallest of them (observed,
# not documented). The index is one position of that value, not necessarily
# the first or the last: for ``ties`` it is the last 1, for ``ties`` repeated
# four times it is the second 1.

print(torch.mode(torch.tensor([[1, 1, 2], [5, 4, 4]])))
ties = torch.tensor([3, 1, 3, 2, 1])
print(torch.mode(ties))
assert torch.mode(ties).values.item() == 1 and torch.mode(ties).indices.item() == 4
longer = ties.repeat(4)
print(torch.mode(longer), "| positions of 1:", (longer == 1).nonzero().flatten().tolist())
assert torch.mode(longer).values.item() == 1 and torch.mode(longer).indices.item() == 4
grid = torch.tensor([[7, 8], [8, 9]])
print("per row:", torch.mode(grid).values, "| whole tensor:", grid.flatten().mode().values)

# %% example-for: torch.unique
# unique: sorted distinct values, inverse and counts
# --------------------------------------------------
#
# ``return_inverse=True`` adds, for every input element, the position of its
# value in the output, so ``out[inverse]`` rebuilds the input.
# ``return_counts=True`` adds how often each value occurs. The result is a
# tuple in the order (values, inverse, counts).

u = torch.tensor([3, 1, 3, 2, 1, 3])
values, inverse, counts = torch.unique(u, return_inverse=True, return_counts=True)
print("values :", values)
print("inverse:", inverse)
print("counts :", counts)
assert torch.equal(values[inverse], u) and counts.sum().item() == u.numel()
# For a 2-D input, inverse has the input's shape.
grid_values, grid_inverse = torch.unique(torch.tensor([[3, 1], [1, 2]]), return_inverse=True)
print(grid_values, grid_inverse, sep="\n")
assert grid_inverse.shape == (2, 2)

# %% example-for: torch.unique
# sorted=False, dim=, and NaN
# ---------------------------
#
# ``sorted=False`` does not give the order of first appearance: the docstring
# notes that the CPU and CUDA implementations currently sort the input
# regardless of ``sorted``, and here the values came out sorted. Without
# ``dim`` the input is flattened; ``dim=0`` finds the distinct rows, and the
# inverse then has one entry per row.
# NaN values are never equal, so each one is kept. There is no
# ``return_index`` (NumPy's ``np.unique`` has one).

unsorted = torch.unique(torch.tensor([30, 10, 20, 10, 5]), sorted=False)
print("sorted=False:", unsorted)
assert unsorted.tolist() == [5, 10, 20, 30]
rows = torch.tensor([[1, 2], [1, 2], [0, 5]])
print("flattened:", torch.unique(rows))
print("dim=0    :", torch.unique(rows, dim=0, return_counts=True))
row_values, row_inverse = rows.unique(dim=0, return_inverse=True)
print("dim=0 inverse:", row_inverse)
assert row_inverse.shape == (3,) and torch.equal(row_values[row_inverse], rows)
print("NaN      :", torch.unique(torch.tensor([2.0, nan, nan])))
try:
    torch.unique(u, return_index=True)
except TypeError as err:
    print(f"TypeError: {err}")
