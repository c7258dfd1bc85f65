"""
The k largest: topk
===================

``torch.topk`` returns the ``k`` largest (or smallest) elements along one
dimension together with their indices. This
script shows its arguments, what it returns, the error for a ``k`` that is
too large, and how it relates to ``sort`` and ``argsort``.
"""

import torch

# %% example-for: comparison-topk
# values and indices along the last dimension
# -------------------------------------------
#
# ``topk(input, k, dim=-1, largest=True, sorted=True)`` returns a named tuple
# ``(values, indices)``. Without ``dim`` it works along the last dimension, so
# each row of a matrix gets its own top ``k``. The result has the input's
# shape with that dimension shrunk to ``k``.

scores = torch.tensor([[0.1, 0.7, 0.2, 0.9],
                       [0.5, 0.3, 0.8, 0.4]])
top = torch.topk(scores, 2)
print(top)
print("values:", top.values.shape, top.values.dtype, "| indices:", top.indices.shape, top.indices.dtype)
values, indices = top  # unpack like a tuple
assert torch.equal(torch.gather(scores, 1, indices), values)

print("dim=0 (top of each column):", torch.topk(scores, 1, dim=0))

# %% example-for: comparison-topk
# largest=False and sorted=False
# ------------------------------
#
# ``largest=False`` gives the ``k`` smallest elements, smallest first.
# ``sorted=False`` allows the ``k`` elements to come back in any order (the
# same elements, only their order is not guaranteed): use it when you only
# need the set.

x = torch.tensor([4.0, 1.0, 7.0, 3.0, 9.0, 2.0])
print("3 largest :", torch.topk(x, 3))
print("3 smallest:", torch.topk(x, 3, largest=False).values)
unsorted = torch.topk(x, 3, sorted=False)
print("sorted=False, same set:", torch.equal(torch.sort(unsorted.values).values, torch.sort(torch.topk(x, 3).values).values))

# %% example-for: torch.topk
# k larger than the dimension
# ---------------------------
#
# ``k`` must be an ``int`` between 0 and the size of the dimension. A larger
# (or negative) ``k`` raises a ``RuntimeError`` whose text does not say the
# size; ``k=0`` returns empty tensors. Clamp ``k`` with ``min(k, x.size(dim))``
# when the size can be small. ``dim=None``, the default shown in torch's
# docstring, raises a ``TypeError``: leave ``dim`` out to use the last
# dimension.

x = torch.tensor([4.0, 1.0, 7.0])
for k in (5, -1):
    try:
        torch.topk(x, k)
    except RuntimeError as err:
        print(f"topk(x, {k}) -> RuntimeError: {err}")
try:
    torch.topk(x, 2.0)
except TypeError as err:
    print(f"TypeError: {err}")
try:
    torch.topk(x, 2, dim=None)
except TypeError as err:
    print(f"dim=None -> TypeError: {err}")
print("k=0:", torch.topk(x, 0))
print("clamped:", torch.topk(x, min(5, x.size(-1))).values)

# %% example-for: torch.topk
# NaN counts as the largest value
# -------------------------------
#
# ``topk`` orders like ``sort``: NaN is above ``+inf``, so NaNs are picked
# first by ``largest=True`` and last by ``largest=False``. ``topk`` does not
# accept ``bool`` tensors on the CPU.

y = torch.tensor([1.0, float("nan"), 3.0, float("inf")])
print(torch.topk(y, 2))
print(torch.topk(y, 2, largest=False))
assert torch.isnan(torch.topk(y, 1).values).all()
assert not torch.isnan(torch.topk(y, 3, largest=False).values).any()
try:
    torch.topk(torch.tensor([True, False]), 1)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.topk, torch.sort, torch.argsort
# topk, sort and argsort
# ----------------------
#
# The top ``k`` values are the first ``k`` values of a descending sort, and
# without ties the indices are the first ``k`` of ``argsort(descending=True)``.
# With ties, which of the equal elements ``topk`` picks is not guaranteed, so
# compare values, not indices.

torch.manual_seed(0)
x = torch.randn(3, 8)
k = 3
top = torch.topk(x, k)
srt = torch.sort(x, descending=True)
print(top.values)
print(srt.values[:, :k])
assert torch.equal(top.values, srt.values[:, :k])
assert torch.equal(top.indices, torch.argsort(x, descending=True)[:, :k])  # no ties here
print("indices agree:", torch.equal(top.indices, srt.indices[:, :k]))

# A common use: top-2 accuracy of a classifier.
logits = torch.tensor([[2.0, 0.5, 1.0], [0.1, 0.3, 2.5], [1.2, 1.1, 0.2]])
target = torch.tensor([2, 0, 1])
top2 = logits.topk(2).indices
hit = (top2 == target.unsqueeze(1)).any(dim=1)
print("top-2 indices:\n", top2)
print("hit:", hit, "| top-2 accuracy:", round(hit.float().mean().item(), 4))
