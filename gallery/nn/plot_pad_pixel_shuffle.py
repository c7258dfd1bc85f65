"""
PixelShuffle, PixelUnshuffle and ChannelShuffle
===============================================

``PixelShuffle`` moves channels into space: ``(*, C*r*r, H, W)`` becomes
``(*, C, H*r, W*r)``. ``PixelUnshuffle`` does the exact opposite.
``ChannelShuffle`` only reorders the channels. This script prints the
shapes, shows on channel indices where each value goes, checks the inverse,
and prints the errors for sizes that do not divide.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: pixel-shuffle
# Shapes: channels become an r×r block of pixels
# ----------------------------------------------
#
# With ``upscale_factor=r``, every group of ``r*r`` consecutive channels
# becomes one output channel whose height and width are ``r`` times larger.
# Any number of leading dimensions is allowed.

shuffle = nn.PixelShuffle(2)
for shape in [(1, 8, 2, 3), (8, 2, 3), (2, 5, 12, 1, 1)]:
    out = shuffle(torch.zeros(shape))
    print(shape, "->", tuple(out.shape))
assert shuffle(torch.zeros(1, 8, 2, 3)).shape == (1, 8 // 4, 2 * 2, 3 * 2)

# %% example-for: pixel-shuffle
# Which input channel lands at which output pixel
# -----------------------------------------------
#
# Fill input channel ``k`` with the value ``k``. After the shuffle, each
# ``r×r`` block of the output shows the channels in row-major order: the
# pixel at offset ``(i, j)`` inside a block comes from channel
# ``c*r*r + i*r + j`` of the input, taken at the block's position ``(h, w)``.

r = 2
idx = torch.arange(8.0).view(1, 8, 1, 1).expand(1, 8, 2, 2)  # channel k holds k
out = nn.PixelShuffle(r)(idx)
print("output channel 0:\n", out[0, 0])
print("output channel 1:\n", out[0, 1])

x = torch.randn(1, 2 * r * r, 3, 3)
y = nn.PixelShuffle(r)(x)
for c in range(2):
    for i in range(r):
        for j in range(r):
            assert torch.equal(y[0, c, i::r, j::r], x[0, c * r * r + i * r + j])
print("y[c, h*r + i, w*r + j] == x[c*r*r + i*r + j, h, w] for every pixel")

# %% example-for: pixel-shuffle
# PixelUnshuffle is the exact inverse
# -----------------------------------

x = torch.randn(2, 12, 3, 5)
up = nn.PixelShuffle(2)(x)
back = nn.PixelUnshuffle(2)(up)
print(tuple(x.shape), "->", tuple(up.shape), "->", tuple(back.shape))
assert torch.equal(back, x)
img = torch.randn(2, 3, 6, 10)
assert torch.equal(nn.PixelShuffle(2)(nn.PixelUnshuffle(2)(img)), img)
print("round trips are exact:", torch.equal(back, x))

# %% example-for: pixel-shuffle
# The channels must divide by r squared
# -------------------------------------

try:
    nn.PixelShuffle(2)(torch.zeros(1, 6, 2, 2))  # 6 is not a multiple of 4
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    nn.PixelShuffle(3)(torch.zeros(1, 12, 2, 2))  # 12 is not a multiple of 9
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.PixelShuffle
# PixelShuffle
# ------------
#
# At least three dimensions are needed; the dtype is kept.

layer = nn.PixelShuffle(3)
x = torch.arange(2 * 9 * 2 * 2).view(1, 18, 2, 2)  # int64
y = layer(x)
print(layer, tuple(x.shape), "->", tuple(y.shape), y.dtype)
try:
    layer(torch.zeros(9, 4))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.PixelUnshuffle
# PixelUnshuffle
# --------------
#
# ``(*, C, H*r, W*r)`` becomes ``(*, C*r*r, H, W)``: height and width must
# be divisible by ``downscale_factor``.

layer = nn.PixelUnshuffle(2)
img = torch.arange(16.0).view(1, 1, 4, 4)
out = layer(img)
print(layer, tuple(img.shape), "->", tuple(out.shape))
print(img[0, 0])
print("channel 0 (even rows, even columns):\n", out[0, 0])
print("channel 1 (even rows, odd columns):\n", out[0, 1])
assert torch.equal(out[0, 1], img[0, 0, 0::2, 1::2])
for bad in [(1, 1, 3, 4), (1, 1, 4, 3)]:
    try:
        layer(torch.zeros(bad))
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: torch.nn.ChannelShuffle
# ChannelShuffle on channel indices
# ---------------------------------
#
# ``ChannelShuffle(g)`` views the ``C`` channels as ``g`` groups of
# ``C/g``, shape ``(N, g, C/g, ...)``, swaps those two axes and flattens
# them again. The result takes one channel from each group in turn.

channels = torch.arange(6.0).view(1, 6, 1, 1)  # channel k holds k
for g in (2, 3):
    layer = nn.ChannelShuffle(g)
    out = layer(channels)
    print(layer, "order:", out.flatten().tolist())
    manual = channels.view(1, g, 6 // g, 1, 1).transpose(1, 2).reshape(1, 6, 1, 1)
    assert torch.equal(out, manual)
# The other view, (N, C/g, g, ...) swapped, gives the inverse permutation: it is
# ChannelShuffle(C/g), not ChannelShuffle(g), unless C == g * g.
other = channels.view(1, 3, 2, 1, 1).transpose(1, 2).reshape(1, 6, 1, 1)
print("(N, C/g, g) swapped, g=2:", other.flatten().tolist())
assert torch.equal(other, nn.ChannelShuffle(3)(channels))
assert not torch.equal(other, nn.ChannelShuffle(2)(channels))
for shape in [(4, 6, 5), (4, 6, 5, 5), (4, 6, 2, 3, 3)]:
    print(shape, "->", tuple(nn.ChannelShuffle(2)(torch.zeros(shape)).shape))

# %% example-for: torch.nn.ChannelShuffle
# Its limits: divisible channels, dimension 1 is the channel
# ----------------------------------------------------------
#
# The number of channels must be a multiple of ``groups``. The channels are
# always dimension 1, so an unbatched ``(C, H, W)`` image is read as if
# ``H`` were the channels; a 2-D input is refused.

try:
    nn.ChannelShuffle(2)(torch.zeros(1, 5, 2, 2))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    nn.ChannelShuffle(2)(torch.zeros(6, 1, 1))  # meant as (C=6, H=1, W=1)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    nn.ChannelShuffle(2)(torch.zeros(1, 6))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
