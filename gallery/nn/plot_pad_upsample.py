"""
Upsample: modes, size or scale_factor, align_corners
====================================================

``nn.Upsample`` resizes the last one, two or three dimensions of a batched
signal, image or volume. This script compares its modes on small inputs
(with a figure), shows how ``size`` and ``scale_factor`` set the output
shape, what ``align_corners`` changes, and checks that the layer computes
exactly ``torch.nn.functional.interpolate``.
"""

import warnings

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: upsample-modes
# nearest and linear on a row
# ---------------------------
#
# ``nearest`` repeats values; ``linear`` interpolates between neighbours.
# The input is ``(N, C, W)``.

row = torch.tensor([[[1.0, 2.0, 4.0]]])
for mode in ("nearest", "linear"):
    print(f"{mode:8}", nn.Upsample(scale_factor=2, mode=mode)(row)[0, 0])

# %% example-for: upsample-modes
# ``'nearest'`` is not always the nearest sample
# ----------------------------------------------
#
# For output index ``i``, ``'nearest'`` takes input index
# ``floor(i * in / out)``. Resizing 6 samples to 4, with input sample ``j``
# at position ``j``, the centres of the output samples fall at positions
# 0.25, 1.75, 3.25 and 4.75, whose nearest inputs are 0, 2, 3 and 5;
# ``'nearest'`` takes 0, 1, 3 and 4. ``'nearest-exact'`` takes the nearest
# ones. When ``scale_factor`` is given, the index is
# ``floor(i / scale_factor)``: 10 samples with ``scale_factor=1.05`` stay 10
# samples, yet output 1 repeats input 0 and input 9 is dropped.

six = torch.arange(6.0).view(1, 1, 6)
centres = (torch.arange(4) + 0.5) * 6 / 4 - 0.5
print("output centres at input positions:", centres.tolist())
print("nearest      ", nn.Upsample(size=4, mode="nearest")(six)[0, 0])
print("nearest-exact", nn.Upsample(size=4, mode="nearest-exact")(six)[0, 0])
assert nn.Upsample(size=4)(six)[0, 0].tolist() == [0.0, 1.0, 3.0, 4.0]
assert torch.equal(nn.Upsample(size=4, mode="nearest-exact")(six)[0, 0], centres.round())
ten = torch.arange(10.0).view(1, 1, 10)
shifted = nn.Upsample(scale_factor=1.05, mode="nearest")(ten)[0, 0]
print("10 samples, scale_factor=1.05:", shifted)
assert shifted.tolist() == [0.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
assert torch.equal(shifted, torch.floor(torch.arange(10) / 1.05))
for shape in ((1, 1, 4), (1, 1, 4, 4), (1, 1, 2, 4, 4)):
    print("nearest-exact on", shape, "->", tuple(nn.Upsample(scale_factor=1.5, mode="nearest-exact")(torch.zeros(shape)).shape))

# %% example-for: upsample-modes
# nearest, bilinear and bicubic on an image
# -----------------------------------------
#
# ``bilinear`` and ``bicubic`` need a 4-D ``(N, C, H, W)`` input,
# ``trilinear`` a 5-D one. ``bicubic`` can overshoot: here it produces
# values below the input's minimum 0 and above its maximum 3.

img = torch.tensor([[[[0.0, 1.0], [2.0, 3.0]]]])
for mode in ("nearest", "bilinear", "bicubic"):
    print(mode, "\n", nn.Upsample(scale_factor=2, mode=mode)(img)[0, 0])
cubic = nn.Upsample(scale_factor=2, mode="bicubic")(img)
assert cubic.min() < 0 and cubic.max() > 3
vol = torch.zeros(1, 1, 2, 3, 4)
print("trilinear:", tuple(vol.shape), "->", tuple(nn.Upsample(scale_factor=2, mode="trilinear")(vol).shape))

# %% example-for: upsample-modes
# The mode fixes the number of dimensions
# ---------------------------------------

try:
    nn.Upsample(scale_factor=2, mode="bilinear")(row)  # 3-D input
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")
try:
    nn.Upsample(scale_factor=2, mode="linear")(img)  # 4-D input
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")
for mode, shape in (("trilinear", (1, 1, 4, 4)), ("bicubic", (1, 1, 4))):
    try:
        nn.Upsample(scale_factor=2, mode=mode)(torch.ones(shape))
    except NotImplementedError as err:
        print(f"NotImplementedError: {err}")
try:
    nn.Upsample(scale_factor=2)(torch.ones(2, 3))  # no (N, C) in front
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: upsample-modes
# A small image enlarged three ways
# ---------------------------------

small = torch.tensor([[0.0, 1.0, 0.0, 1.0],
                      [1.0, 0.2, 0.5, 0.0],
                      [0.0, 0.8, 1.0, 0.3],
                      [0.6, 0.0, 0.4, 1.0]]).view(1, 1, 4, 4)
fig, axes = plt.subplots(1, 4, figsize=(7, 2.2))
axes[0].imshow(small[0, 0], cmap="gray", vmin=0, vmax=1)
axes[0].set_title("input 4×4", fontsize=8)
for ax, mode in zip(axes[1:], ("nearest", "bilinear", "bicubic")):
    big = nn.Upsample(scale_factor=8, mode=mode)(small)
    ax.imshow(big[0, 0].clamp(0, 1), cmap="gray", vmin=0, vmax=1)
    ax.set_title(f"{mode} ×8", fontsize=8)
for ax in axes:
    ax.set_xlabel("W", fontsize=7)
    ax.set_ylabel("H", fontsize=7)
    ax.tick_params(labelsize=6)
plt.tight_layout()
print(tuple(small.shape), "->", tuple(big.shape))

# %% example-for: upsample-size-scale
# size or scale_factor, never both
# --------------------------------
#
# ``size`` gives the output sizes; ``scale_factor`` multiplies the input's,
# rounding down. A tuple sets each dimension separately. A factor below 1
# shrinks the input.

img = torch.zeros(1, 3, 5, 7)
print("size=(8, 8)        ", tuple(nn.Upsample(size=(8, 8))(img).shape))
print("scale_factor=1.5   ", tuple(nn.Upsample(scale_factor=1.5)(img).shape))  # floor(7.5), floor(10.5)
print("scale_factor=(2, 3)", tuple(nn.Upsample(scale_factor=(2, 3))(img).shape))
print("scale_factor=0.5   ", tuple(nn.Upsample(scale_factor=0.5)(img).shape))
for kwargs in ({"size": 8, "scale_factor": 2}, {}):
    try:
        nn.Upsample(**kwargs)(img)
    except ValueError as err:
        print(f"ValueError: {err}")

# %% example-for: upsample-size-scale
# nearest versus nearest-exact
# ----------------------------
#
# At a factor that is not an integer, ``nearest`` picks source indices by
# rounding down and ``nearest-exact`` by the pixel centres; the results
# differ. ``nearest-exact`` is also accepted by ``Upsample``.

line = torch.arange(4.0).view(1, 1, 4)
a = nn.Upsample(scale_factor=1.5, mode="nearest")(line)
b = nn.Upsample(scale_factor=1.5, mode="nearest-exact")(line)
print("nearest      ", a[0, 0])
print("nearest-exact", b[0, 0])
assert not torch.equal(a, b)
idx = torch.arange(6)
assert torch.equal(a[0, 0], line[0, 0][torch.floor(idx / 1.5).long()])
assert torch.equal(b[0, 0], line[0, 0][torch.floor((idx + 0.5) / 1.5).long()])

# The step is 1 / scale_factor, not in / out: a row of 2 with factor 1.3 keeps
# 2 samples (floor(2.6)) but takes both from index 0; recomputing uses 2 / 2.
two = torch.tensor([[[10.0, 20.0]]])
kept = nn.Upsample(scale_factor=1.3)(two)
recomputed = nn.Upsample(scale_factor=1.3, recompute_scale_factor=True)(two)
print("factor 1.3:", kept[0, 0], "recomputed:", recomputed[0, 0])
assert kept.tolist() == [[[10.0, 10.0]]] and torch.equal(recomputed, two)

# With a fractional factor, ``recompute_scale_factor=True`` interpolates with
# the ratio of the rounded sizes (3 -> 5) instead of 1.7.
for recompute in (None, True):
    layer = nn.Upsample(scale_factor=1.7, mode="linear", recompute_scale_factor=recompute)
    print(f"recompute_scale_factor={recompute!s:5}", layer(line[..., :3])[0, 0])
print("mode='area', factor 0.5:", nn.Upsample(scale_factor=0.5, mode="area")(line)[0, 0])

# %% example-for: upsample-align-corners
# align_corners changes the values, silently
# ------------------------------------------
#
# With ``align_corners=True`` the first and last output samples sit exactly
# on the first and last input samples and the points in between are spread
# evenly. With ``False`` (used when it is ``None``) the samples are pixel
# centres, and the ends are clamped. No warning is given either way.

row = torch.tensor([[[1.0, 2.0, 4.0]]])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    results = {ac: nn.Upsample(size=6, mode="linear", align_corners=ac)(row)
               for ac in (None, False, True)}
for ac, out in results.items():
    print(f"align_corners={ac!s:5}", out[0, 0])
print("warnings:", len(caught))
assert not caught
assert torch.equal(results[None], results[False])
assert not torch.allclose(results[False], results[True])

# %% example-for: upsample-align-corners
# Only the interpolating modes take it, and the repr hides it
# -----------------------------------------------------------

for mode, ac in (("nearest", True), ("area", False)):  # even False is refused
    try:
        nn.Upsample(size=6, mode=mode, align_corners=ac)(row)
    except ValueError as err:
        print(f"{mode}, align_corners={ac}: ValueError: {err}")
layer = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)
print(layer, "| align_corners =", layer.align_corners)

# %% example-for: torch.nn.Upsample
# Upsample is interpolate
# -----------------------
#
# The layer has no parameters; its ``forward`` calls
# ``F.interpolate`` with the stored arguments.

x = torch.randn(2, 3, 4, 5)
for kwargs in ({"scale_factor": 2, "mode": "nearest"},
               {"size": (7, 3), "mode": "bilinear", "align_corners": True},
               {"scale_factor": 1.7, "mode": "bicubic"}):
    layer = nn.Upsample(**kwargs)
    out = layer(x)
    assert torch.equal(out, F.interpolate(x, **kwargs))
    print(layer, tuple(x.shape), "->", tuple(out.shape))
print("parameters:", list(nn.Upsample(scale_factor=2).parameters()))

# None of the layers on this page has parameters or buffers.
layers = [nn.ReflectionPad1d(1), nn.ReflectionPad2d(1), nn.ReflectionPad3d(1),
          nn.ReplicationPad1d(1), nn.ReplicationPad2d(1), nn.ReplicationPad3d(1),
          nn.ConstantPad1d(1, 0.0), nn.ConstantPad2d(1, 0.0), nn.ConstantPad3d(1, 0.0),
          nn.ZeroPad2d(1), nn.PixelShuffle(2), nn.PixelUnshuffle(2),
          nn.Upsample(scale_factor=2), nn.ChannelShuffle(2)]
assert all(not list(m.parameters()) and not list(m.buffers()) for m in layers)
print(len(layers), "layers, parameters + buffers:",
      sum(len(list(m.parameters())) + len(list(m.buffers())) for m in layers))

# %% example-for: torch.nn.Upsample
# Input shapes and dtypes
# -----------------------
#
# ``(N, C, W)``, ``(N, C, H, W)`` or ``(N, C, D, H, W)``: the first two
# dimensions are never resized. On the CPU, ``int64`` inputs are refused,
# ``uint8`` works with ``nearest``.

for shape in [(2, 3, 4), (2, 3, 4, 4), (2, 3, 4, 4, 4)]:
    print(shape, "->", tuple(nn.Upsample(scale_factor=2)(torch.zeros(shape)).shape))
print(nn.Upsample(scale_factor=2)(torch.tensor([[[1, 2]]], dtype=torch.uint8)))
for dtype in (torch.int64, torch.int32):
    try:
        nn.Upsample(scale_factor=2)(torch.tensor([[[1, 2]]], dtype=dtype))
    except NotImplementedError as err:
        print(f"NotImplementedError: {err}")
