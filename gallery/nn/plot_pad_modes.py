"""
Padding layers: the tuple order and the three modes
===================================================

The padding layers add elements at the borders of the last one, two or three
dimensions. This script shows in which order the padding tuple names the
borders, how reflection, replication and a constant fill differ on the same
input (with a figure), the limit of reflection padding, and negative padding,
which crops.
"""

import matplotlib.pyplot as plt
import numpy as np
import torch
from torch import nn

# %% example-for: pad-tuple-order
# The tuple names the last dimension first
# ----------------------------------------
#
# ``(left, right)`` pads the last dimension (the width), ``(left, right,
# top, bottom)`` also the one before it (the height), and ``(left, right,
# top, bottom, front, back)`` also the depth. An int pads every border by
# the same amount. The module stores the expanded tuple in ``padding``.

x = torch.arange(1.0, 7.0).view(1, 2, 3)  # one channel, 2 rows, 3 columns
print(x)
pad = nn.ConstantPad2d((1, 2, 0, 1), -1.0)  # left 1, right 2, top 0, bottom 1
y = pad(x)
print(pad, "->", tuple(y.shape))
print(y)
assert y.shape == (1, 2 + 0 + 1, 3 + 1 + 2)
assert torch.equal(y[0, 0:2, 1:4], x[0])  # the input sits 1 column in, 0 rows down
print(nn.ConstantPad2d(1, 0.0).padding, nn.ReflectionPad3d(1).padding)

# %% example-for: pad-tuple-order
# The same order in three dimensions
# ----------------------------------
#
# For a volume ``(C, D, H, W)`` the third pair pads the depth ``D``: here
# one slice in front, none at the back.

vol = torch.ones(1, 2, 2, 2)
out = nn.ConstantPad3d((0, 0, 0, 0, 1, 0), 0.0)(vol)
print(tuple(vol.shape), "->", tuple(out.shape))
print(out[0, :, 0, 0])  # along the depth: the new slice comes first
assert out.shape == (1, 3, 2, 2) and out[0, 0].sum() == 0

# %% example-for: pad-modes
# Reflect, replicate, constant on the same row
# --------------------------------------------
#
# ``ReflectionPad`` mirrors the input at its edge without repeating the edge
# element; ``ReplicationPad`` repeats the edge element; ``ConstantPad``
# writes a fixed value.

row = torch.tensor([[[1.0, 2.0, 3.0, 4.0]]])  # (N=1, C=1, W=4)
layers = {
    "reflect  ": nn.ReflectionPad1d(2),
    "replicate": nn.ReplicationPad1d(2),
    "constant ": nn.ConstantPad1d(2, 0.0),
}
for name, layer in layers.items():
    print(name, layer(row)[0, 0])
assert torch.equal(nn.ReflectionPad1d(2)(row)[0, 0, :2], torch.tensor([3.0, 2.0]))
assert torch.equal(nn.ReplicationPad1d(2)(row)[0, 0, :2], torch.tensor([1.0, 1.0]))

# %% example-for: pad-modes
# A small image padded three ways
# -------------------------------
#
# A 3×3 image padded by 2 on every side. The frame marks the original
# pixels. Reflection mirrors across the edge pixels, replication stretches
# them outwards, the constant fill surrounds the image with zeros.

img = torch.tensor([[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]])
panels = {
    "ReflectionPad2d(2)": nn.ReflectionPad2d(2)(img),
    "ReplicationPad2d(2)": nn.ReplicationPad2d(2)(img),
    "ConstantPad2d(2, 0.0)": nn.ConstantPad2d(2, 0.0)(img),
}
fig, axes = plt.subplots(1, 3, figsize=(7, 2.8))
for ax, (title, padded) in zip(axes, panels.items()):
    data = padded[0].numpy()
    ax.imshow(data, cmap="viridis", vmin=0, vmax=9)
    for (i, j), value in np.ndenumerate(data):
        ax.text(j, i, f"{value:.0f}", ha="center", va="center", fontsize=7,
                color="white" if value < 5 else "black")
    ax.add_patch(plt.Rectangle((1.5, 1.5), 3, 3, fill=False, edgecolor="red", linewidth=1.5))
    ax.set_title(title, fontsize=8)
    ax.set_xlabel("column (W)", fontsize=7)
    ax.set_ylabel("row (H)", fontsize=7)
    ax.tick_params(labelsize=6)
plt.tight_layout()
for title, padded in panels.items():
    print(f"{title:22}", tuple(img.shape), "->", tuple(padded.shape))

# %% example-for: pad-reflection-limit
# Reflection needs padding smaller than the input
# -----------------------------------------------
#
# A reflection of width ``p`` reads ``p`` elements next to the edge, not
# counting the edge itself, so each amount must be smaller than the size of
# its dimension. Replication and a constant fill have no such limit.

row = torch.tensor([[[1.0, 2.0, 3.0, 4.0]]])
print("reflect 3 :", nn.ReflectionPad1d(3)(row)[0, 0])
try:
    nn.ReflectionPad1d(4)(row)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("replicate 6:", nn.ReplicationPad1d(6)(row)[0, 0])
print("constant 6 :", tuple(nn.ConstantPad1d(6, 0.0)(row).shape))

img = torch.zeros(1, 2, 5)  # H = 2, W = 5
print(tuple(nn.ReflectionPad2d((4, 4, 1, 1))(img).shape))
try:
    nn.ReflectionPad2d((4, 4, 2, 2))(img)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: pad-negative
# Negative padding crops
# ----------------------
#
# A negative amount removes that many elements at that border instead of
# adding any. Positive and negative amounts can be mixed.

row = torch.tensor([[[1.0, 2.0, 3.0, 4.0]]])
print(nn.ConstantPad1d((-1, 2), 0.0)(row)[0, 0])  # drop 1 left, add 2 right
print(nn.ReplicationPad1d((-1, 2))(row)[0, 0])
grid = torch.arange(1.0, 10.0).view(1, 3, 3)
cropped = nn.ZeroPad2d((0, -1, -1, 0))(grid)  # drop the last column and the first row
print(cropped)
assert torch.equal(cropped, grid[:, 1:, :-1])
