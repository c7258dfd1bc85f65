"""
Layer functions: linear, convolutions, pooling, group norm, pixel shuffle
=========================================================================

Every function of this script has a module in ``torch.nn`` that computes the
same thing. The script first checks the whole list at once, then shows each
function with the argument a learner gets wrong: the layout of the weight
tensors, the pooling options and the group count.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

# %% example-for: functional-more-modules
# A function and its module give the same result
# ----------------------------------------------
#
# Each pair gets the same input; a module with weights lends them to the
# function, and ``dropout`` draws from the same seed. ``torch.equal`` asks
# for bit-identical results: both forms call the same kernel.


def seeded(draw):
    """The result of ``draw()`` right after seeding: two random calls then draw the same numbers."""
    _ = torch.manual_seed(1)
    return draw()


x1d, x2d, x3d = torch.randn(2, 4, 9), torch.randn(2, 4, 6, 6), torch.randn(1, 4, 3, 5, 5)
lin, c1, c3 = nn.Linear(4, 3), nn.Conv1d(4, 2, 3), nn.Conv3d(4, 2, 3)
ct, gn = nn.ConvTranspose2d(4, 2, 3, stride=2), nn.GroupNorm(2, 4)
pairs = [
    ("linear", F.linear(x2d.transpose(1, 3), lin.weight, lin.bias), lin(x2d.transpose(1, 3))),
    ("conv1d", F.conv1d(x1d, c1.weight, c1.bias), c1(x1d)),
    ("conv3d", F.conv3d(x3d, c3.weight, c3.bias), c3(x3d)),
    ("conv_transpose2d", F.conv_transpose2d(x2d, ct.weight, ct.bias, stride=2), ct(x2d)),
    ("max_pool1d", F.max_pool1d(x1d, 3), nn.MaxPool1d(3)(x1d)),
    ("avg_pool2d", F.avg_pool2d(x2d, 2), nn.AvgPool2d(2)(x2d)),
    ("adaptive_avg_pool2d", F.adaptive_avg_pool2d(x2d, 1), nn.AdaptiveAvgPool2d(1)(x2d)),
    ("group_norm", F.group_norm(x2d, 2, gn.weight, gn.bias), gn(x2d)),
    ("pixel_shuffle", F.pixel_shuffle(x2d, 2), nn.PixelShuffle(2)(x2d)),
    ("interpolate", F.interpolate(x2d, scale_factor=2), nn.Upsample(scale_factor=2)(x2d)),
    ("dropout", seeded(lambda: F.dropout(x2d, 0.3)), seeded(lambda: nn.Dropout(0.3)(x2d))),
    ("log_softmax", F.log_softmax(x2d, dim=1), nn.LogSoftmax(dim=1)(x2d)),
    ("silu", F.silu(x2d), nn.SiLU()(x2d)),
    ("mish", F.mish(x2d), nn.Mish()(x2d)),
    ("logsigmoid", F.logsigmoid(x2d), nn.LogSigmoid()(x2d)),
    ("softplus", F.softplus(x2d, beta=2), nn.Softplus(beta=2)(x2d)),
    ("relu6", F.relu6(x2d), nn.ReLU6()(x2d)),
    ("leaky_relu", F.leaky_relu(x2d, 0.2), nn.LeakyReLU(0.2)(x2d)),
    ("elu", F.elu(x2d), nn.ELU()(x2d)),
    ("tanh", F.tanh(x2d), nn.Tanh()(x2d)),
    ("cosine_similarity", F.cosine_similarity(x1d, x1d.flip(0)), nn.CosineSimilarity()(x1d, x1d.flip(0))),
    ("pairwise_distance", F.pairwise_distance(x1d, x1d.flip(0)), nn.PairwiseDistance()(x1d, x1d.flip(0))),
]
for name, by_function, by_module in pairs:
    assert torch.equal(by_function, by_module), name
    print(f"F.{name:20} == module: output {tuple(by_function.shape)}")

# %% example-for: functional-linear-layout, torch.nn.functional.linear
# ``F.linear``: the weight is ``(out_features, in_features)``
# -----------------------------------------------------------
#
# ``F.linear(x, W, b)`` computes ``x @ W.T + b``: ``W`` has one row per output
# feature, as ``nn.Linear(in, out).weight`` stores it. A weight laid out as
# ``(in, out)`` is refused unless it happens to be square; the error shows
# the weight already transposed.

x = torch.randn(5, 4)            # 5 samples, 4 input features
W, b = torch.randn(3, 4), torch.randn(3)
y = F.linear(x, W, b)
assert torch.allclose(y, x @ W.T + b)
print("x", tuple(x.shape), "W", tuple(W.shape), "->", tuple(y.shape))
print("nn.Linear(4, 3).weight:", tuple(nn.Linear(4, 3).weight.shape))
try:
    F.linear(x, W.T)
except RuntimeError as err:
    print("weight as (in, out):", err)
print("no bias, leading dims kept:", tuple(F.linear(torch.randn(2, 7, 4), W).shape))
print("1-D weight, one output, last dim removed:", tuple(F.linear(x, torch.randn(4)).shape))

# %% example-for: torch.nn.functional.conv1d
# ``F.conv1d``: weight ``(out_channels, in_channels / groups, kernel)``
# ---------------------------------------------------------------------
#
# The input is ``(N, C_in, L)`` or unbatched ``(C_in, L)``. With ``groups=2``
# each output channel sees half the input channels, so the weight's second
# dimension halves. ``padding='same'`` keeps the length (stride 1 only).

signal = torch.randn(1, 4, 10)
w = torch.randn(6, 4, 3)
print("valid:", tuple(F.conv1d(signal, w).shape))
print("same :", tuple(F.conv1d(signal, w, padding="same").shape))
print("groups=2 needs weight", tuple(torch.randn(6, 2, 3).shape), "->",
      tuple(F.conv1d(signal, torch.randn(6, 2, 3), groups=2).shape))
print("unbatched:", tuple(F.conv1d(signal[0], w).shape))
try:
    F.conv1d(signal, w, padding="same", stride=2)
except RuntimeError as err:
    print("same with stride 2:", err)

# %% example-for: torch.nn.functional.conv3d
# ``F.conv3d``: volumes and videos
# --------------------------------
#
# The input is ``(N, C_in, D, H, W)``: a depth (or time) axis before height
# and width. Each of the three dimensions shrinks by ``kernel - 1`` without
# padding; a tuple kernel can leave the depth alone.

video = torch.randn(1, 3, 8, 16, 16)   # 8 frames of 16x16, 3 channels
print(tuple(F.conv3d(video, torch.randn(4, 3, 3, 3, 3)).shape))
print(tuple(F.conv3d(video, torch.randn(4, 3, 1, 3, 3), padding=(0, 1, 1)).shape))
try:
    F.conv3d(video[0, 0], torch.randn(4, 3, 3, 3, 3))
except RuntimeError as err:
    print("3-D input:", err)

# %% example-for: torch.nn.functional.conv_transpose2d
# ``F.conv_transpose2d``: the weight is ``(in_channels, out_channels / groups, kH, kW)``
# --------------------------------------------------------------------------------------
#
# A transposed convolution swaps the first two dimensions of the weight
# compared with ``conv2d``. The output size is
# ``(H - 1) * stride - 2 * padding + dilation * (k - 1) + output_padding + 1``;
# ``output_padding`` picks between the sizes that a strided ``conv2d`` maps
# to the same size.

img = torch.randn(1, 4, 5, 5)
w = torch.randn(4, 2, 3, 3)       # 4 input channels, 2 output channels
for extra in (0, 1):
    out = F.conv_transpose2d(img, w, stride=2, padding=1, output_padding=extra)
    assert out.shape[-1] == (5 - 1) * 2 - 2 * 1 + (3 - 1) + extra + 1
    print(f"output_padding={extra}:", tuple(out.shape))
for size in (9, 10):  # the conv2d that this transposed convolution reverses
    print(f"conv2d maps {size}x{size} to", tuple(F.conv2d(torch.randn(1, 2, size, size), w, stride=2, padding=1).shape))
try:
    F.conv_transpose2d(img, w, stride=2, output_padding=2)
except RuntimeError as err:
    print(err)
try:
    F.conv_transpose2d(img, torch.randn(2, 4, 3, 3))
except RuntimeError as err:
    print("conv2d's layout:", err)

# %% example-for: torch.nn.functional.max_pool1d
# ``F.max_pool1d``: stride defaults to the kernel size
# ----------------------------------------------------
#
# Windows do not overlap unless you pass a smaller ``stride``.
# ``return_indices=True`` also returns where each maximum was, the input
# that ``max_unpool1d`` needs. ``ceil_mode=True`` keeps a last partial window.

seq = torch.tensor([[[3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0]]])
print("k=2          :", F.max_pool1d(seq, 2))
print("k=2, stride=1:", F.max_pool1d(seq, 2, stride=1))
print("ceil_mode    :", F.max_pool1d(seq, 2, ceil_mode=True))
values, where = F.max_pool1d(seq, 3, return_indices=True)
print("values", values, "at", where)

# %% example-for: torch.nn.functional.avg_pool2d
# ``F.avg_pool2d``: padding counts as zeros unless told otherwise
# ---------------------------------------------------------------
#
# With ``padding=1`` a corner window holds one real value and three padded
# zeros. ``count_include_pad=True`` (the default) divides by 4 anyway;
# ``False`` divides by the real values only. ``divisor_override`` fixes the
# divisor.

ones = torch.ones(1, 1, 4, 4)
print("default          :\n", F.avg_pool2d(ones, 2, padding=1)[0, 0])
print("count_include_pad=False:\n", F.avg_pool2d(ones, 2, padding=1, count_include_pad=False)[0, 0])
print("divisor_override=1:\n", F.avg_pool2d(ones, 2, divisor_override=1)[0, 0])

# %% example-for: torch.nn.functional.adaptive_avg_pool2d
# ``F.adaptive_avg_pool2d``: you give the output size
# ---------------------------------------------------
#
# The windows are chosen to produce ``output_size`` whatever the input size,
# which is why classifiers end with ``adaptive_avg_pool2d(x, 1)``: it equals
# the mean over height and width. Windows may overlap when the sizes do not
# divide.

feat = torch.randn(2, 8, 7, 7)
pooled = F.adaptive_avg_pool2d(feat, 1)
assert torch.allclose(pooled, feat.mean(dim=(2, 3), keepdim=True))
print("(2, 8, 7, 7) ->", tuple(pooled.shape), "then flatten:", tuple(pooled.flatten(1).shape))
print("any input size -> (3, 3):", [tuple(F.adaptive_avg_pool2d(torch.randn(1, 1, s, s), 3).shape) for s in (5, 9, 32)])
row = torch.arange(5.0).view(1, 1, 1, 5)
print("5 -> 3 with overlapping windows:", F.adaptive_avg_pool2d(row, (1, 3)).flatten())

# %% example-for: torch.nn.functional.group_norm
# ``F.group_norm``: statistics per sample and per group of channels
# -----------------------------------------------------------------
#
# The channels are split into ``num_groups`` groups; each sample's group is
# normalised with its own mean and (biased) variance. The batch size does not
# matter, so it behaves the same in training and evaluation. ``num_groups``
# must divide the number of channels.

x = torch.randn(3, 6, 4)
out = F.group_norm(x, num_groups=2)
groups = x.view(3, 2, -1)
by_hand = (groups - groups.mean(-1, keepdim=True)) / torch.sqrt(groups.var(-1, unbiased=False, keepdim=True) + 1e-5)
assert torch.allclose(out, by_hand.view_as(x), atol=1e-6)
per_group = out.view(3, 2, -1)
assert per_group.mean(-1).abs().amax() < 1e-6
print("variance per (sample, group):", per_group.var(-1, unbiased=False))
try:
    F.group_norm(x, num_groups=4)
except RuntimeError as err:
    print(err)

# %% example-for: torch.nn.functional.pixel_shuffle
# ``F.pixel_shuffle``: channels to space
# --------------------------------------
#
# ``(N, C * r * r, H, W)`` becomes ``(N, C, H * r, W * r)``: each group of
# ``r * r`` channels fills one ``r x r`` block. ``pixel_unshuffle`` undoes it.

x = torch.arange(8.0).view(1, 4, 1, 2)     # 4 channels = 1 channel x 2 x 2
up = F.pixel_shuffle(x, 2)
print(tuple(x.shape), "->", tuple(up.shape))
print(up[0, 0])
assert torch.equal(F.pixel_unshuffle(up, 2), x)
try:
    F.pixel_shuffle(torch.randn(1, 6, 2, 2), 2)
except RuntimeError as err:
    print(err)
