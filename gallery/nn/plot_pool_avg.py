"""
Average pooling: what the mean divides by
=========================================

``AvgPool1d``, ``AvgPool2d`` and ``AvgPool3d`` replace each window by the mean
of its values. Their shapes follow the same formula as max pooling; what
needs care is the divisor of a window that overlaps the padding
(``count_include_pad``), a last partial window kept by ``ceil_mode``, and
``divisor_override``.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.AvgPool1d, torch.nn.AvgPool2d, torch.nn.AvgPool3d
# Shapes, and the mean of each window
# -----------------------------------
#
# As for max pooling, ``stride`` defaults to ``kernel_size`` and only the last
# 1, 2 or 3 dimensions are pooled. ``AvgPool2d(2)`` on an image is the mean of
# each 2x2 block.

print("AvgPool1d(2):", nn.AvgPool1d(2)(torch.randn(4, 3, 8)).shape)
print("AvgPool2d(2):", nn.AvgPool2d(2)(torch.randn(4, 3, 8, 6)).shape)
print("AvgPool3d(2):", nn.AvgPool3d(2)(torch.randn(4, 3, 4, 8, 6)).shape)
print("unbatched AvgPool1d(2):", nn.AvgPool1d(2)(torch.randn(3, 8)).shape)
print("unbatched AvgPool2d(2):", nn.AvgPool2d(2)(torch.randn(3, 8, 6)).shape)
print("unbatched AvgPool3d(2):", nn.AvgPool3d(2)(torch.randn(3, 4, 8, 6)).shape)

img = torch.arange(16.0).view(1, 1, 4, 4)
print(img)
print(nn.AvgPool2d(2)(img))
blocks = img.view(1, 1, 2, 2, 2, 2).mean(dim=(3, 5))
assert torch.equal(nn.AvgPool2d(2)(img), blocks)

# %% example-for: pool-avg-divisor, torch.nn.AvgPool1d
# ``count_include_pad``: do the padded zeros count?
# -------------------------------------------------
#
# Average pooling pads with zeros. With the default
# ``count_include_pad=True`` the zeros are part of the mean: a border window
# of size 3 holding one padded zero divides its two real values by 3. With
# ``count_include_pad=False`` it divides by the number of real values, 2.
# As for max pooling, ``padding`` may be at most half of the kernel size.

x = torch.tensor([[[1.0, 2.0, 3.0, 4.0, 5.0]]])
with_pad = nn.AvgPool1d(3, stride=2, padding=1)(x)
without_pad = nn.AvgPool1d(3, stride=2, padding=1, count_include_pad=False)(x)
print("count_include_pad=True: ", with_pad)
print("count_include_pad=False:", without_pad)
# windows on the padded input [0, 1, 2, 3, 4, 5, 0]: (0,1,2) (2,3,4) (4,5,0)
assert torch.allclose(with_pad, torch.tensor([[[3 / 3, 9 / 3, 9 / 3]]]))
assert torch.allclose(without_pad, torch.tensor([[[3 / 2, 9 / 3, 9 / 2]]]))
try:
    nn.AvgPool1d(2, padding=2)(x)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: pool-avg-divisor, torch.nn.AvgPool2d
# A partial window from ``ceil_mode`` is divided by what it covers
# ----------------------------------------------------------------
#
# With ``ceil_mode=True`` the last window may hang over the end of the padded
# input. The part beyond it is never counted, whatever
# ``count_include_pad`` says: on a 3x3 input pooled by 2, the corner window
# holds one value and is divided by 1. With ``padding=1``, a last window
# holding one value, one padded zero and one position beyond is divided by 2
# (the padding counts, the position beyond does not).

x = torch.arange(1.0, 10.0).view(1, 1, 3, 3)
out = nn.AvgPool2d(2, ceil_mode=True)(x)
print(x)
print(out)
assert out[0, 0, 1, 1] == 9.0 and out[0, 0, 0, 1] == (3.0 + 6.0) / 2
assert torch.equal(out, nn.AvgPool2d(2, ceil_mode=True, count_include_pad=False)(x))

sixes = torch.full((1, 1, 6), 6.0)
tail = nn.AvgPool1d(3, stride=2, padding=1, ceil_mode=True)(sixes)
print("padding=1, ceil_mode=True on six 6s:", tail)
assert tail[0, 0, -1] == 6.0 / 2

# %% example-for: pool-avg-divisor, torch.nn.AvgPool2d, torch.nn.AvgPool3d
# ``divisor_override``: one divisor for every window
# --------------------------------------------------
#
# ``AvgPool2d`` and ``AvgPool3d`` accept ``divisor_override``: every window
# sum is divided by this number instead, whatever the window covers.
# ``divisor_override=1`` turns average pooling into sum pooling. ``AvgPool1d``
# has no such parameter, and 0 is refused.

x = torch.arange(1.0, 10.0).view(1, 1, 3, 3)
sums = nn.AvgPool2d(2, stride=1, divisor_override=1)(x)
print("sum of each 2x2 window:", sums)
assert torch.equal(sums, nn.AvgPool2d(2, stride=1)(x) * 4)
vol = torch.ones(1, 1, 2, 2, 2)
print("AvgPool3d(2, divisor_override=2) on ones:", nn.AvgPool3d(2, divisor_override=2)(vol).item())
try:
    nn.AvgPool1d(2, divisor_override=1)
except TypeError as err:
    print(f"TypeError: {err}")
try:
    nn.AvgPool2d(2, divisor_override=0)(x)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
