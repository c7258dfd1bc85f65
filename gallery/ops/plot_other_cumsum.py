"""
Cumulative sums with cumsum
===========================

``torch.cumsum`` replaces every element by the sum of itself and all the
elements before it along one dimension. Unlike ``sum``, it keeps the shape.
This script shows which direction each ``dim`` runs in, that ``dim`` is
required, and the dtype of the cumulative sum of integers.
"""

import torch

# %% example-for: cumsum-along-dim, torch.cumsum
# The shape is kept, the values accumulate along dim
# --------------------------------------------------
#
# With ``dim=0`` the sums run down each column (row ``i`` holds the sum of
# rows ``0..i``); with ``dim=1`` they run along each row. The last slice
# along ``dim`` equals ``sum`` over that dimension.

x = torch.tensor([[1, 2, 3],
                  [4, 5, 6],
                  [7, 8, 9]])
down = torch.cumsum(x, dim=0)
across = torch.cumsum(x, dim=1)
print("dim=0:\n", down)
print("dim=1:\n", across)
print("shapes:", x.shape, down.shape, across.shape, "| sum(dim=0).shape:", x.sum(dim=0).shape)
assert down.shape == x.shape and across.shape == x.shape
assert torch.equal(down[-1], x.sum(dim=0))
assert torch.equal(across[:, -1], x.sum(dim=1))
print(torch.equal(torch.cumsum(x, dim=-1), across))  # negative dims count from the end
print(torch.equal(x.cumsum(1), across))  # the method form

# %% example-for: torch.cumsum
# dim is required
# ---------------
#
# Unlike ``sum``, ``cumsum`` has no "all elements" default. To accumulate
# over every element in order, flatten first.

try:
    torch.cumsum(x)
except TypeError as err:
    print(f"TypeError: {err}")
print(torch.cumsum(x.flatten(), dim=0))

# %% example-for: torch.cumsum
# Integer inputs give int64
# -------------------------
#
# The cumulative sum of any integer or bool tensor is ``int64``, like
# ``sum``, so small integer types do not overflow. ``dtype=`` chooses the
# result type, and the input is cast to it *before* summing: a small type
# then wraps around.

for dt in [torch.bool, torch.uint8, torch.int8, torch.int32, torch.int64, torch.float16]:
    print(f"{str(dt):>14} -> {torch.cumsum(torch.ones(3, dtype=dt), dim=0).dtype}")
assert torch.cumsum(torch.ones(3, dtype=torch.int32), dim=0).dtype == torch.int64

ones8 = torch.ones(200, dtype=torch.int8)
print("int64 result, last:", torch.cumsum(ones8, dim=0)[-1])
print("dtype=int8, last:  ", torch.cumsum(ones8, dim=0, dtype=torch.int8)[-1])
# cumsum_ writes into the tensor itself, so it keeps int8 and wraps the same way.
c8 = ones8.clone()
out = c8.cumsum_(dim=0)
print("cumsum_ in place, last:", c8[-1], "| returns c8 itself:", out is c8)

# Counting True values so far: bool input, int64 result.
mask = torch.tensor([True, False, True, True])
print(torch.cumsum(mask, dim=0))

# %% example-for: torch.cumsum
# Floats: a nan spreads forward
# -----------------------------
#
# Every sum from a ``nan`` on is ``nan``. There is no ``torch.nancumsum``;
# replace the ``nan`` values first, for example with
# ``torch.nan_to_num(x, nan=0.0)``.

f = torch.tensor([1.0, float("nan"), 2.0, 3.0])
print(torch.cumsum(f, dim=0))
print(torch.cumsum(torch.nan_to_num(f, nan=0.0), dim=0))
print("torch.nancumsum exists:", hasattr(torch, "nancumsum"))
