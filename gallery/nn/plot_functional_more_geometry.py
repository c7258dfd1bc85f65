"""
Sampling grids and distances: affine_grid, cosine_similarity, pairwise_distance
===============================================================================

``affine_grid`` builds the sampling grid that ``grid_sample`` reads, from an
affine matrix per sample. ``cosine_similarity`` and ``pairwise_distance``
compare two batches of vectors row by row.
"""

import torch
import torch.nn.functional as F

torch.set_printoptions(precision=4)

# %% example-for: torch.nn.functional.affine_grid
# ``F.affine_grid``: where each output pixel samples the input
# ------------------------------------------------------------
#
# ``theta`` has shape ``(N, 2, 3)`` for images; ``size`` is the output's
# ``(N, C, H, W)``. The grid has shape ``(N, H, W, 2)`` and holds ``(x, y)``
# positions in the input, where ``[-1, 1]`` spans the input. ``theta`` maps **output** coordinates to **input**
# coordinates, so a shift of ``+0.5`` in ``x`` moves the content left.
# The identity matrix with ``grid_sample`` gives the input back when both
# use the same ``align_corners``.

identity = torch.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
grid = F.affine_grid(identity, size=(1, 1, 2, 3), align_corners=False)
print("grid", tuple(grid.shape), "x coordinates:", grid[0, 0, :, 0], "y:", grid[0, :, 0, 1])
print("align_corners=True x:", F.affine_grid(identity, (1, 1, 2, 3), align_corners=True)[0, 0, :, 0])
img = torch.arange(12.0).view(1, 1, 3, 4)
same = F.grid_sample(img, F.affine_grid(identity, img.shape, align_corners=False), align_corners=False)
assert torch.equal(same, img)
shift = torch.tensor([[[1.0, 0.0, 0.5], [0.0, 1.0, 0.0]]])
row = torch.arange(4.0).view(1, 1, 1, 4)
print("row        :", row.flatten())
print("x shift 0.5:", F.grid_sample(row, F.affine_grid(shift, row.shape, align_corners=False),
                                    align_corners=False).flatten())
try:
    F.affine_grid(identity[0], (1, 1, 3, 3), align_corners=False)
except ValueError as err:
    print(err)

# %% example-for: torch.nn.functional.cosine_similarity
# ``F.cosine_similarity``: the cosine of the angle, along ``dim=1``
# -----------------------------------------------------------------
#
# ``x1 . x2 / (max(|x1|, eps) * max(|x2|, eps))`` along ``dim`` (default 1), so a batch
# ``(N, D)`` gives ``N`` values. The inputs broadcast: ``(4, 1, D)`` against
# ``(1, 5, D)`` with ``dim=-1`` gives every pair. A 1-D pair needs
# ``dim=0``. A zero vector gives 0, not ``nan``.

a = torch.tensor([[1.0, 0.0], [1.0, 1.0], [0.0, -1.0], [0.0, 0.0]])
b = torch.tensor([[2.0, 0.0]])
print("rows of a against b:", F.cosine_similarity(a, b))
print("all pairs:", tuple(F.cosine_similarity(torch.randn(4, 1, 8), torch.randn(1, 5, 8), dim=-1).shape))
u, v = torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.0, 4.0, 6.0])
print("1-D with dim=0:", F.cosine_similarity(u, v, dim=0))
try:
    F.cosine_similarity(u, v)
except IndexError as err:
    print("1-D with the default dim=1:", err)

# %% example-for: torch.nn.functional.pairwise_distance
# ``F.pairwise_distance``: the p-norm of ``x1 - x2 + eps``, row by row
# --------------------------------------------------------------------
#
# It compares row ``i`` of ``x1`` with row ``i`` of ``x2`` (for every pair
# of rows, use ``torch.cdist``). ``eps`` (default ``1e-6``) is added to the
# difference, so identical rows are not at distance 0.

x1 = torch.zeros(2, 3)
x2 = torch.tensor([[3.0, 4.0, 0.0], [1.0, 1.0, 1.0]])
print("p=2:", F.pairwise_distance(x1, x2), " p=1:", F.pairwise_distance(x1, x2, p=1))
same = torch.tensor([[1.0, 2.0, 3.0]])
print("identical rows:", F.pairwise_distance(same, same), " eps=0:", F.pairwise_distance(same, same, eps=0))
assert torch.allclose(F.pairwise_distance(same, same), torch.tensor([3**0.5 * 1e-6]))
print("all pairs with cdist:", tuple(torch.cdist(torch.randn(4, 3), torch.randn(5, 3)).shape))
