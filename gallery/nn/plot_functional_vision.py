"""
Images: conv2d, max_pool2d, unfold, fold, grid_sample
=====================================================

The image functions of ``torch.nn.functional`` take batched ``(N, C, H, W)``
tensors. This script prints the shapes each one produces, shows convolution
``groups`` and ``padding='same'``, pooling with ``return_indices`` and
``ceil_mode``, how ``unfold`` and ``fold`` relate to a convolution, and
``grid_sample`` reproducing its input from an identity grid.
"""

import inspect
import warnings

import torch
import torch.nn.functional as F

_ = torch.manual_seed(0)

# %% example-for: torch.nn.functional.conv2d
# Shapes, stride, ``padding='same'``
# ----------------------------------
#
# ``weight`` has shape ``(out_channels, in_channels / groups, kH, kW)``.
# The output size per spatial dim is
# ``floor((H + 2 * padding - dilation * (kH - 1) - 1) / stride) + 1``.
# ``padding='same'`` keeps H and W, but only with ``stride=1``.

x = torch.randn(1, 4, 6, 6)
w = torch.randn(8, 4, 3, 3)
print(F.conv2d(x, w).shape)                        # 6 - 3 + 1 = 4
print(F.conv2d(x, w, stride=2, padding=1).shape)   # floor((6 + 2 - 3) / 2) + 1 = 3
print(F.conv2d(x, w, padding="same").shape)
assert torch.equal(F.conv2d(x, w, padding="valid"), F.conv2d(x, w))
print("unbatched:", F.conv2d(x[0], w).shape)
try:
    F.conv2d(x, w, padding="same", stride=2)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    F.conv2d(x, torch.randn(8, 3, 3, 3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.functional.conv2d
# ``groups``: separate convolutions on channel groups
# ---------------------------------------------------
#
# With ``groups=g`` the input channels are split into ``g`` groups, each
# convolved with its own ``out_channels / g`` filters, so the weight's second
# dimension is ``in_channels / g``. ``groups=in_channels`` is a depthwise
# convolution.

w_grouped = torch.randn(8, 2, 3, 3)                  # groups=2: 4 / 2 = 2 inputs per filter
out = F.conv2d(x, w_grouped, groups=2)
first = F.conv2d(x[:, :2], w_grouped[:4])            # group 0: channels 0-1, filters 0-3
assert torch.allclose(out[:, :4], first, atol=1e-6)
print(out.shape)
depthwise = torch.randn(4, 1, 3, 3)
print(F.conv2d(x, depthwise, groups=4).shape)

# %% example-for: torch.nn.functional.max_pool2d
# Pooling windows, ``return_indices`` and ``ceil_mode``
# -----------------------------------------------------
#
# ``stride`` defaults to ``kernel_size``. ``return_indices=True`` also returns
# where each maximum was, as a flat index into each ``H * W`` plane (what
# ``F.max_unpool2d`` needs). ``ceil_mode=True`` keeps a last, partial window
# that the default drops.

img = torch.arange(25.0).view(1, 1, 5, 5)
out, idx = F.max_pool2d(img, kernel_size=2, return_indices=True)
print(out)
print(idx, idx.dtype)
assert torch.equal(img.flatten()[idx.flatten()], out.flatten())
print("unbatched:", F.max_pool2d(img[0], 2).shape)
print("ceil_mode=False:", F.max_pool2d(img, 2).shape)
print("ceil_mode=True :", F.max_pool2d(img, 2, ceil_mode=True).shape)
print(F.max_pool2d(img, 2, ceil_mode=True)[0, 0])

# F.max_pool2d takes ceil_mode before return_indices;
# nn.MaxPool2d the other way round. Pass both by keyword.
res = F.max_pool2d(img, 2, 2, 0, 1, False, True)  # 7th positional: return_indices
print(type(res).__name__, len(res))
print("F.max_pool2d :", F.max_pool2d.__doc__.strip().splitlines()[0])
print("nn.MaxPool2d:", list(inspect.signature(torch.nn.MaxPool2d).parameters))

# %% example-for: torch.nn.functional.unfold
# unfold: sliding blocks as columns
# ---------------------------------
#
# ``unfold`` takes a batched ``(N, C, H, W)`` input and returns
# ``(N, C * kH * kW, L)``: one column per block position, ``L`` positions.
# A convolution is then a matrix product with the flattened weight. An
# unbatched ``(C, H, W)`` input gives ``(C * kH * kW, L)``; 5-D input is
# refused.

x = torch.randn(1, 2, 4, 4)
cols = F.unfold(x, kernel_size=3)
print(cols.shape)                                  # C*3*3 = 18, L = 2*2 = 4
w = torch.randn(5, 2, 3, 3)
as_matmul = (w.view(5, -1) @ cols).view(1, 5, 2, 2)
assert torch.allclose(as_matmul, F.conv2d(x, w), atol=1e-5)
print("conv2d == weight @ unfold(x):", as_matmul.shape)
print("unbatched:", F.unfold(torch.randn(2, 4, 4), kernel_size=3).shape)
cols[0, 0, 0] = 100.0  # a copy: x is not changed
print("x changed:", bool((x == 100.0).any()))
try:
    F.unfold(torch.randn(1, 1, 2, 4, 4), kernel_size=3)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.functional.fold
# fold sums overlapping blocks
# ----------------------------
#
# ``fold`` is the reverse placement: it takes ``(N, C * kH * kW, L)`` and
# the ``output_size``, and *adds* every block back at its position. Where
# blocks overlap, values are summed, so ``fold(unfold(x))`` is ``x`` times
# the number of blocks covering each pixel. Dividing by ``fold`` of ones
# recovers ``x`` where a block covers it; a pixel no block reaches becomes 0.

x = torch.arange(1.0, 17.0).view(1, 1, 4, 4)
kw = dict(kernel_size=2, stride=1)
back = F.fold(F.unfold(x, **kw), output_size=(4, 4), **kw)
counts = F.fold(F.unfold(torch.ones_like(x), **kw), output_size=(4, 4), **kw)
print(counts[0, 0])
print(back[0, 0])
assert torch.equal(back / counts, x)
no_overlap = dict(kernel_size=2, stride=2)
assert torch.equal(F.fold(F.unfold(x, **no_overlap), (4, 4), **no_overlap), x)
print("stride == kernel_size: fold(unfold(x)) == x")
x5 = torch.arange(1.0, 26.0).view(1, 1, 5, 5)
print("5x5, stride 2: last row and column lost\n",
      F.fold(F.unfold(x5, **no_overlap), (5, 5), **no_overlap)[0, 0])
print("unbatched:", F.fold(torch.randn(4, 4), output_size=(3, 3), kernel_size=2).shape)

# %% example-for: torch.nn.functional.grid_sample
# grid_sample: an identity grid reproduces the input
# --------------------------------------------------
#
# ``grid`` has shape ``(N, H_out, W_out, 2)`` and holds ``(x, y)`` sampling
# positions in ``[-1, 1]``. ``F.affine_grid`` builds one from a 2x3 matrix.
# ``align_corners=True`` puts -1 and 1 on the centres of the corner pixels,
# ``False`` on their outer edges (there, bilinear sampling with zero padding
# gets a quarter of the corner pixel). Use the same ``align_corners`` in
# ``affine_grid`` and ``grid_sample``: then the identity matrix gives the
# input back. Leaving it out warns.

inp = torch.arange(12.0).view(1, 1, 3, 4)
corners = torch.tensor([[[[-1.0, -1.0], [1.0, 1.0]]]])      # (x, y) of two points
for ac in (True, False):
    print(f"align_corners={ac}: corners read",
          F.grid_sample(inp + 1, corners, align_corners=ac)[0, 0, 0])
theta = torch.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
for ac in (False, True):
    grid = F.affine_grid(theta, size=(1, 1, 3, 4), align_corners=ac)
    out = F.grid_sample(inp, grid, align_corners=ac)
    assert torch.allclose(out, inp, atol=1e-5)
    print(f"align_corners={ac}: grid {tuple(grid.shape)}, output == input")

grid_t = F.affine_grid(theta, size=(1, 1, 3, 4), align_corners=True)
mixed = F.grid_sample(inp, grid_t, align_corners=False)
print("grid made with True, sampled with False:\n", mixed[0, 0])
assert not torch.allclose(mixed, inp)

for name, call in (("affine_grid", lambda: F.affine_grid(theta, size=(1, 1, 3, 4))),
                   ("grid_sample", lambda: F.grid_sample(inp, grid_t))):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    print(f"{name}: UserWarning:", caught[0].message)

# %% example-for: torch.nn.functional.grid_sample
# Shifting and flipping with a grid
# ---------------------------------
#
# Each output pixel ``out[n, :, i, j]`` reads the input at ``grid[n, i, j]``.
# Negating the x coordinate mirrors the image; ``mode='nearest'`` picks
# the nearest pixel instead of interpolating. Adding 0.5 to x reads each
# pixel from one column further right (the width 2 spans 4 pixels), so the
# content moves left; outside ``[-1, 1]`` ``padding_mode='zeros'`` reads
# zeros.

flip = torch.tensor([[[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
grid = F.affine_grid(flip, size=(1, 1, 3, 4), align_corners=False)
print(F.grid_sample(inp, grid, mode="nearest", align_corners=False)[0, 0])
shift = torch.tensor([[[1.0, 0.0, 0.5], [0.0, 1.0, 0.0]]])   # read 1 pixel further right
grid = F.affine_grid(shift, size=(1, 1, 3, 4), align_corners=False)
print(F.grid_sample(inp, grid, mode="nearest", align_corners=False)[0, 0])
try:  # bicubic only for 4-D input
    F.grid_sample(torch.randn(1, 1, 2, 2, 2), torch.zeros(1, 1, 1, 1, 3),
                  mode="bicubic", align_corners=False)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
