"""
Unfold, Fold and convolution as a matrix product
================================================

``nn.Unfold`` cuts a batched image into its sliding blocks and lays each
block out as one column: ``(N, C, H, W)`` becomes
``(N, C * prod(kernel_size), L)``, where ``L`` is the number of block
positions. ``nn.Fold`` puts such columns back into an image and **adds**
the values where blocks overlap, so it is not the inverse of ``Unfold``.
With ``Unfold`` a convolution is one matrix product (the im2col trick).
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: unfold-layout
# The layout ``(N, C * prod(kernel_size), L)``
# --------------------------------------------
#
# A 2-channel 3x3 image with a 2x2 kernel has ``L = 2 * 2 = 4`` block
# positions, and each column has ``2 * 2 * 2 = 8`` values: the 4 values of
# channel 0's block, then the 4 of channel 1's. The blocks are numbered row
# by row. Column 0 is the top-left block of both channels.

x = torch.arange(18.0).reshape(1, 2, 3, 3)
cols = nn.Unfold(kernel_size=2)(x)
print(x)
print("unfolded:", tuple(cols.shape))
print(cols)
assert torch.equal(cols[0, :, 0], x[0, :, :2, :2].reshape(-1))
assert torch.equal(cols[0, :, 3], x[0, :, 1:, 1:].reshape(-1))

# %% example-for: unfold-layout
# ``L`` is the product of the per-dimension output sizes
# ------------------------------------------------------
#
# Along each spatial dimension the number of block positions follows the
# convolution formula ``floor((size + 2*padding - dilation*(k-1) - 1) / stride) + 1``.

x = torch.randn(2, 3, 10, 12)
unfold = nn.Unfold(kernel_size=(3, 4), padding=1, stride=2)
cols = unfold(x)
n_h = (10 + 2 - 2 - 1) // 2 + 1
n_w = (12 + 2 - 3 - 1) // 2 + 1
print("unfolded:", tuple(cols.shape), "| C*kH*kW =", 3 * 3 * 4, "| L =", n_h, "*", n_w, "=", n_h * n_w)
assert cols.shape == (2, 3 * 3 * 4, n_h * n_w)

# %% example-for: fold-not-inverse
# ``Fold(Unfold(x))`` adds the overlaps
# -------------------------------------
#
# With a 2x2 kernel and stride 1, the centre pixel of a 3x3 image lies in
# all four blocks, the corners in one: ``fold(unfold(x))`` multiplies each
# pixel by the number of blocks that cover it. Folding the unfolded
# ``ones`` gives exactly that count, and dividing by it recovers ``x``.

x = torch.arange(1.0, 10.0).reshape(1, 1, 3, 3)
unfold = nn.Unfold(kernel_size=2)
fold = nn.Fold(output_size=(3, 3), kernel_size=2)

roundtrip = fold(unfold(x))
count = fold(unfold(torch.ones_like(x)))
print("fold(unfold(x)):\n", roundtrip)
print("blocks covering each pixel:\n", count)
print("divided:\n", roundtrip / count)
assert not torch.equal(roundtrip, x)
assert torch.equal(roundtrip, x * count)
assert torch.allclose(roundtrip / count, x)

# %% example-for: fold-not-inverse
# Without overlap, ``Fold`` does invert ``Unfold``
# ------------------------------------------------
#
# With ``stride == kernel_size`` on sizes divisible by the kernel, every
# pixel lies in exactly one block and the round trip is exact. Pixels that
# no block reaches come back as 0 (here the last row and column of a 5x5
# image with 2x2 blocks).

x = torch.arange(16.0).reshape(1, 1, 4, 4)
tiles = nn.Unfold(kernel_size=2, stride=2)(x)
print("exact:", torch.equal(nn.Fold((4, 4), kernel_size=2, stride=2)(tiles), x))
assert torch.equal(nn.Fold((4, 4), kernel_size=2, stride=2)(tiles), x)

x5 = torch.arange(1.0, 26.0).reshape(1, 1, 5, 5)
back = nn.Fold((5, 5), kernel_size=2, stride=2)(nn.Unfold(kernel_size=2, stride=2)(x5))
print(back)

# %% example-for: conv-as-unfold-matmul
# A convolution is ``Unfold`` and a matrix product
# ------------------------------------------------
#
# Flatten the weight to ``(C_out, C_in * kH * kW)``, multiply it with the
# columns ``(N, C_in * kH * kW, L)`` and reshape ``L`` back to
# ``(H_out, W_out)``: the result equals ``Conv2d`` with the same stride and
# padding.

conv = nn.Conv2d(3, 4, kernel_size=3, stride=2, padding=1)
x = torch.randn(2, 3, 9, 9)
expected = conv(x)

cols = nn.Unfold(kernel_size=3, stride=2, padding=1)(x)  # (2, 27, 25)
out = conv.weight.reshape(4, -1) @ cols + conv.bias.reshape(1, 4, 1)  # (2, 4, 25)
out = out.reshape(2, 4, *expected.shape[-2:])
print("columns:", tuple(cols.shape), "| weight:", tuple(conv.weight.reshape(4, -1).shape), "| result:", tuple(out.shape))
print("equal to Conv2d (allclose):", torch.allclose(out, expected, atol=1e-5))
assert torch.allclose(out, expected, atol=1e-5)

# %% example-for: torch.nn.Unfold
# ``Unfold`` copies, and takes only 3-D or 4-D input
# --------------------------------------------------
#
# The result is a new tensor, not a view: writing into it leaves the input
# unchanged (``Tensor.unfold`` is the one that returns a view). An unbatched
# ``(C, H, W)`` input gives ``(C * prod(kernel_size), L)``; 5-D input is
# rejected, so ``Unfold`` cannot cut volumes.

x = torch.zeros(1, 1, 3, 3)
cols = nn.Unfold(kernel_size=2)(x)
cols += 1
print("input still zeros:", torch.equal(x, torch.zeros(1, 1, 3, 3)), "| shares memory:", cols.data_ptr() == x.data_ptr())
assert torch.equal(x, torch.zeros(1, 1, 3, 3))

print("unbatched:", tuple(nn.Unfold(kernel_size=2)(torch.randn(3, 4, 4)).shape))
try:
    nn.Unfold(kernel_size=2)(torch.randn(1, 1, 4, 4, 4))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.Fold
# ``Fold`` needs the matching number of blocks
# --------------------------------------------
#
# ``output_size`` is the spatial size of the image to rebuild. The input's
# dimension 1 must be divisible by ``prod(kernel_size)``, and its last
# dimension must equal the number of blocks that fit into ``output_size``.

fold = nn.Fold(output_size=(4, 4), kernel_size=2)
print("folded:", tuple(fold(torch.randn(1, 3 * 2 * 2, 9)).shape))
assert fold(torch.randn(3 * 2 * 2, 9)).shape == (3, 4, 4)  # unbatched input
x = torch.arange(1.0, 10.0).reshape(1, 1, 3, 3)
padded = nn.Fold((3, 3), kernel_size=2, padding=1)(nn.Unfold(kernel_size=2, padding=1)(x))
assert torch.equal(padded, 4 * x)  # padded positions are dropped; each pixel is in 4 blocks
for bad in (torch.randn(1, 5, 9), torch.randn(1, 4, 8)):
    try:
        fold(bad)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")
