"""
Adaptive pooling: you choose the output size
============================================

Adaptive pooling layers take the **output** size and work out the windows
from the input size at every call: any input becomes ``output_size``. This
script checks the window formula ``floor(i * L / out)`` ..
``ceil((i + 1) * L / out)`` against the layers, draws the overlapping windows,
keeps a dimension with ``None``, and shows global average pooling.
"""

import math

import matplotlib.pyplot as plt
import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: adaptive-pool-output-size, torch.nn.AdaptiveAvgPool2d
# The output size is fixed, whatever the input size
# -------------------------------------------------
#
# ``AdaptiveAvgPool2d((3, 3))`` turns feature maps of 7x7, 13x9 or 224x224
# into 3x3: batch and channels are kept, the windows adapt. This is how a
# classifier head accepts images of any size.

pool = nn.AdaptiveAvgPool2d((3, 3))
for h, w in [(7, 7), (13, 9), (224, 224), (3, 3)]:
    out = pool(torch.randn(2, 5, h, w))
    print(f"input (2, 5, {h}, {w}) -> {tuple(out.shape)}")
    assert out.shape == (2, 5, 3, 3)
same = torch.randn(1, 2, 3, 3)
assert torch.equal(pool(same), same)   # input already 3x3: every window is one value
print("unbatched 2-D:", nn.AdaptiveAvgPool2d(2)(torch.randn(5, 7, 9)).shape)
print("unbatched 1-D:", nn.AdaptiveMaxPool1d(2)(torch.randn(5, 7)).shape)
print("unbatched 3-D:", nn.AdaptiveAvgPool3d(2)(torch.randn(5, 4, 7, 9)).shape)

# %% example-for: adaptive-pool-output-size, torch.nn.AdaptiveAvgPool1d, torch.nn.AdaptiveMaxPool1d
# The window of output ``i``: ``floor(i*L/out)`` to ``ceil((i+1)*L/out)``
# -----------------------------------------------------------------------
#
# For an input length ``L`` and an output length ``out``, output ``i`` covers
# the input positions from ``start = floor(i * L / out)`` (included) to
# ``end = ceil((i + 1) * L / out)`` (excluded). When ``L`` is a multiple of
# ``out`` the windows tile the input; otherwise they have different lengths
# and **overlap**: with ``L = 10`` and ``out = 4`` the windows are 0-2, 2-4,
# 5-7 and 7-9, and positions 2 and 7 belong to two windows. The table
# computes these windows in Python and compares the mean and the maximum of
# each with the two layers.

L, n_out = 10, 4
x = torch.randn(1, 1, L)
avg = nn.AdaptiveAvgPool1d(n_out)(x)
mx = nn.AdaptiveMaxPool1d(n_out)(x)
print(" i  start  end  positions        mean     max")
for i in range(n_out):
    start, end = math.floor(i * L / n_out), math.ceil((i + 1) * L / n_out)
    window = x[0, 0, start:end]
    assert torch.allclose(avg[0, 0, i], window.mean()) and mx[0, 0, i] == window.max()
    print(f"{i:2} {start:6} {end:4}  {str(list(range(start, end))):15} {avg[0, 0, i].item():7.4f} "
          f"{mx[0, 0, i].item():7.4f}")

# When L is a multiple of out, the windows are those of AvgPool1d(L // out).
y = torch.randn(1, 1, 12)
assert torch.allclose(nn.AdaptiveAvgPool1d(3)(y), nn.AvgPool1d(4)(y))
print("L = 12, out = 3 equals AvgPool1d(4):", True)

# When out is larger than L, each window holds one or two elements: it upsamples.
three = torch.tensor([[[0.0, 1.0, 2.0]]])
print("AdaptiveAvgPool1d(6) on [0, 1, 2]:", nn.AdaptiveAvgPool1d(6)(three))
print("AdaptiveAvgPool1d(4) on [0, 1, 2]:", nn.AdaptiveAvgPool1d(4)(three))
assert torch.equal(nn.AdaptiveAvgPool1d(6)(three), three.repeat_interleave(2, -1))
assert torch.equal(nn.AdaptiveAvgPool1d(4)(three), torch.tensor([[[0.0, 0.5, 1.5, 2.0]]]))

# %% example-for: adaptive-pool-output-size
# The windows, drawn
# ------------------
#
# Each bar is the window of one output. With ``L = 12`` the three outputs
# split the input exactly; with ``L = 10`` the four windows have lengths 3
# and overlap.

fig, axes = plt.subplots(2, 1, figsize=(6, 3.2), sharex=True)
for ax, (length, outputs) in zip(axes, [(12, 3), (10, 4)]):
    for i in range(outputs):
        start = math.floor(i * length / outputs)
        end = math.ceil((i + 1) * length / outputs)
        ax.broken_barh([(start, end - start)], (i - 0.4, 0.8), color=f"C{i}", alpha=0.7)
        ax.text(end + 0.1, i, f"[{start}, {end})", va="center", fontsize=8)
    ax.set_yticks(range(outputs))
    ax.set_ylabel("output i")
    ax.set_title(f"L = {length}, output_size = {outputs}", fontsize=9)
    ax.set_xlim(0, 13.5)
    ax.grid(axis="x", alpha=0.3)
axes[1].set_xlabel("input position")
plt.tight_layout()

# %% example-for: adaptive-pool-output-size, torch.nn.AdaptiveAvgPool3d
# ``None`` keeps a dimension
# --------------------------
#
# In the 2-D and 3-D layers an entry ``None`` of ``output_size`` keeps that
# dimension's input size: ``(None, 2)`` pools only the width. The 1-D layers
# refuse ``None``.

feat = torch.randn(1, 3, 7, 9)
print("AdaptiveAvgPool2d((None, 2)):", nn.AdaptiveAvgPool2d((None, 2))(feat).shape)
vol = torch.randn(1, 3, 4, 7, 9)
print("AdaptiveAvgPool3d((None, 2, 1)):", nn.AdaptiveAvgPool3d((None, 2, 1))(vol).shape)
print("AdaptiveMaxPool2d((None, 2)):", nn.AdaptiveMaxPool2d((None, 2))(feat).shape)
print("AdaptiveMaxPool3d((2, None, None)):", nn.AdaptiveMaxPool3d((2, None, None))(vol).shape)
assert nn.AdaptiveAvgPool2d((None, 2))(feat).shape == (1, 3, 7, 2)
for layer in (nn.AdaptiveAvgPool1d((None,)), nn.AdaptiveMaxPool1d((None,))):
    try:
        layer(torch.randn(1, 3, 7))
    except TypeError as err:
        print(f"TypeError: {err}")

# %% example-for: adaptive-pool-output-size, torch.nn.AdaptiveAvgPool2d
# Global average pooling = ``AdaptiveAvgPool2d(1)``
# -------------------------------------------------
#
# ``output_size=1`` makes one window of the whole plane: each channel becomes
# its mean, shape ``(N, C, 1, 1)``, the same as ``mean`` over ``H`` and ``W``
# with ``keepdim=True``. A classifier usually flattens it to ``(N, C)``
# before a ``Linear`` layer. ``AdaptiveMaxPool2d(1)`` is global max pooling.

feat = torch.randn(2, 8, 5, 6)
gap = nn.AdaptiveAvgPool2d(1)(feat)
print("global average:", gap.shape, "-> flattened:", torch.flatten(gap, 1).shape)
assert torch.allclose(gap, feat.mean(dim=(-2, -1), keepdim=True))
gmp = nn.AdaptiveMaxPool2d(1)(feat)
assert torch.equal(gmp, feat.amax(dim=(-2, -1), keepdim=True))
print("global max:", gmp.shape)

# %% example-for: torch.nn.AdaptiveMaxPool1d, torch.nn.AdaptiveMaxPool2d, torch.nn.AdaptiveMaxPool3d
# Adaptive max pooling and its indices
# ------------------------------------
#
# The max layers take ``return_indices=True`` like ``MaxPool``: flat
# positions in each pooled plane or volume (``int64``). On a 5x6 plane of
# ``0 .. 29`` the maximum of each window is its bottom-right element.

plane = torch.arange(30.0).view(1, 1, 5, 6)
values, indices = nn.AdaptiveMaxPool2d(2, return_indices=True)(plane)
print(values)
print(indices, indices.dtype)
assert torch.equal(indices, values.long())   # value == flat position here
v1, i1 = nn.AdaptiveMaxPool1d(3, return_indices=True)(torch.tensor([[[4.0, 0.0, 7.0, 1.0, 9.0]]]))
print("1-D:", v1, i1)
clip = torch.randn(2, 3, 4, 6, 6)
v3, i3 = nn.AdaptiveMaxPool3d((1, 2, 2), return_indices=True)(clip)
print("3-D:", v3.shape, i3.shape)
assert torch.equal(clip.flatten(2).gather(2, i3.flatten(2)), v3.flatten(2))
