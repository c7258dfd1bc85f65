"""
Dropout1d and Dropout2d drop whole channels
===========================================

``Dropout`` zeroes single elements. ``Dropout1d`` and ``Dropout2d`` zero
entire channels: for each sample and channel one random decision is made,
and the whole feature map of that channel (a length-L signal, or an H x W
image) becomes zero; the kept channels are scaled by ``1 / (1 - p)``. Like
``Dropout``, they do nothing in eval mode.
"""

import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.Dropout
# ``p`` is the probability of zeroing, between 0 and 1
# ----------------------------------------------------
#
# ``p=0`` keeps everything, ``p=1`` zeroes everything, a value outside
# ``[0, 1]`` is refused when the layer is built. ``inplace=True`` writes the
# result into the input tensor itself.

x = torch.ones(6)
print("p=0:", nn.Dropout(p=0.0)(x), "| p=1:", nn.Dropout(p=1.0)(x))
try:
    nn.Dropout(p=1.5)
except ValueError as err:
    print(f"ValueError: {err}")
t = torch.ones(6)
r = nn.Dropout(p=0.5, inplace=True)(t)
print("inplace: input now", t, "| result is the input:", r is t)
assert r is t

# %% example-for: torch.nn.Dropout1d
# ``Dropout1d``: whole channels of an ``(N, C, L)`` input
# -------------------------------------------------------
#
# Each row below is one channel of length 5: it is either all zero or all
# ``1 / (1 - p) = 2``. The input must be 2-D ``(C, L)`` or 3-D
# ``(N, C, L)``; a 4-D input is a ``RuntimeError``.

d1 = nn.Dropout1d(p=0.5)
x = torch.ones(2, 4, 5)  # (N, C, L)
y = d1(x)
print(y)
per_channel = y.amax(dim=2)
assert torch.equal(y, per_channel.unsqueeze(2).expand_as(y))  # constant along L
print("channel values (N, C):\n", per_channel)
print("unbatched (C, L):", tuple(d1(torch.ones(4, 5)).shape))
print("eval mode is the identity:", torch.equal(d1.eval()(x), x))
d1.train()
try:
    d1(torch.ones(2, 4, 5, 5))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.Dropout2d
# ``Dropout2d``: whole feature maps of an ``(N, C, H, W)`` input
# --------------------------------------------------------------
#
# Each 2 x 2 map is either kept (scaled by ``1 / (1 - p)``) or all zero.
# A 3-D input is treated as ``(N, C, L)`` (1-D channel dropout) with a
# ``UserWarning`` that this will change: use ``Dropout1d`` for 1-D signals.

d2 = nn.Dropout2d(p=0.5)
x = torch.ones(2, 3, 2, 2)  # (N, C, H, W)
y = d2(x)
print(y)
per_map = y.amax(dim=(2, 3))
assert torch.equal(y, per_map[:, :, None, None].expand_as(y))  # constant inside each map
print("map values (N, C):\n", per_map)
print("eval mode is the identity:", torch.equal(d2.eval()(x), x))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    d2.train()(torch.ones(2, 3, 4))
print(caught[0].category.__name__ + ":", caught[0].message)
