"""
F.interpolate: size or scale, modes, antialias, recompute_scale_factor
======================================================================

``torch.nn.functional.interpolate`` is the function behind ``nn.Upsample``,
and it also shrinks. This script resizes one image with each mode (a
figure), shrinks a fine pattern with and without ``antialias``, and shows
what ``recompute_scale_factor`` changes.
"""

import matplotlib.pyplot as plt
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_printoptions(precision=4)


def test_image(size):
    """A grey-level image in [0, 1]: a bright disc on a diagonal ramp, with fine stripes on the left."""
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    img = 0.3 + 0.2 * (xs + ys) / 2
    img = torch.where(xs**2 + ys**2 < 0.35, torch.ones_like(img), img)
    stripes = (torch.arange(size) % 2).float().expand(size, size)
    img = torch.where(xs < -0.4, stripes, img)
    return img.view(1, 1, size, size)


# %% example-for: functional-interpolate, torch.nn.functional.interpolate
# One image, enlarged by each mode
# --------------------------------
#
# A 12×12 image enlarged 6 times. ``nearest`` and ``nearest-exact`` repeat
# pixels; ``bilinear`` blends neighbours; ``bicubic`` and ``lanczos`` are
# sharper but overshoot near edges (values outside ``[0, 1]``, clamped for
# display). ``area`` averages the input pixels each output pixel covers,
# which for an enlargement by a whole factor is ``nearest``. ``lanczos``
# exists only with ``antialias=True``.

small = test_image(12)
modes = [("nearest", {}), ("nearest-exact", {}), ("bilinear", {}), ("bicubic", {}),
         ("area", {}), ("lanczos", {"antialias": True})]
fig, axes = plt.subplots(1, len(modes) + 1, figsize=(10, 1.9))
axes[0].imshow(small[0, 0].numpy(), cmap="gray", vmin=0, vmax=1)
axes[0].set_title("input 12×12", fontsize=8)
for ax, (mode, extra) in zip(axes[1:], modes):
    big = F.interpolate(small, scale_factor=6, mode=mode, **extra)
    ax.imshow(big[0, 0].clamp(0, 1).numpy(), cmap="gray", vmin=0, vmax=1)
    ax.set_title(mode, fontsize=8)
    print(f"{mode:13} -> {tuple(big.shape)}  min {big.min():.3f}  max {big.max():.3f}")
for ax in axes:
    ax.set_axis_off()
plt.tight_layout()
assert torch.equal(F.interpolate(small, scale_factor=6, mode="area"), F.interpolate(small, scale_factor=6))
try:
    F.interpolate(small, scale_factor=6, mode="lanczos")
except ValueError as err:
    print("lanczos without antialias:", err)

# %% example-for: functional-interpolate, torch.nn.functional.interpolate
# ``size`` or ``scale_factor``; the same function as ``nn.Upsample``
# ------------------------------------------------------------------
#
# Pass exactly one of them. With ``scale_factor`` the output size is
# ``floor(input size * scale_factor)``. ``nn.Upsample`` stores the arguments
# and calls this function, so both give the same tensor.

img = test_image(10)
print("size=(4, 6)       ->", tuple(F.interpolate(img, size=(4, 6)).shape))
print("scale_factor=1.55 ->", tuple(F.interpolate(img, scale_factor=1.55).shape))
assert torch.equal(F.interpolate(img, scale_factor=2, mode="bilinear"),
                   nn.Upsample(scale_factor=2, mode="bilinear")(img))
try:
    F.interpolate(img, size=5, scale_factor=2)
except ValueError as err:
    print(err)

# %% example-for: functional-interpolate, torch.nn.functional.interpolate
# Shrinking: ``antialias=True`` or ``'area'``
# -------------------------------------------
#
# Without antialiasing, ``bilinear`` reads only the few input pixels next
# to each output pixel, so the stripes (one pixel wide) shrink to a
# random-looking pattern: aliasing. ``antialias=True`` (for ``bilinear``,
# ``bicubic`` and ``lanczos`` on 4-D input) stretches the filter by the
# shrink factor so that it covers the input pixels under each output pixel,
# and ``'area'`` averages the 5 or 6 input pixels (per axis) under each
# output pixel; both keep the stripes near their mean grey, 0.5.

big = test_image(96)
outputs = {"bilinear": F.interpolate(big, size=(21, 21), mode="bilinear"),
           "bilinear, antialias": F.interpolate(big, size=(21, 21), mode="bilinear", antialias=True),
           "area": F.interpolate(big, size=(21, 21), mode="area")}
fig, axes = plt.subplots(1, 4, figsize=(7, 2.1))
axes[0].imshow(big[0, 0].numpy(), cmap="gray", vmin=0, vmax=1)
axes[0].set_title("input 96×96", fontsize=8)
for ax, (name, out) in zip(axes[1:], outputs.items()):
    ax.imshow(out[0, 0].clamp(0, 1).numpy(), cmap="gray", vmin=0, vmax=1)
    ax.set_title(f"{name} 21×21", fontsize=8)
    stripes = out[0, 0, :, :5]          # the columns of the striped area
    print(f"{name:20} striped area: min {stripes.min():.3f} max {stripes.max():.3f}")
    assert (stripes.max() - stripes.min() > 0.8) == (name == "bilinear")
for ax in axes:
    ax.set_axis_off()
plt.tight_layout()
try:
    F.interpolate(big, size=(21, 21), mode="nearest", antialias=True)
except ValueError as err:
    print(err)

# %% example-for: functional-interpolate, torch.nn.functional.interpolate
# ``recompute_scale_factor``: which scale maps the coordinates
# ------------------------------------------------------------
#
# 5 samples with ``scale_factor=1.7`` give ``floor(8.5) = 8`` samples either
# way. By default the output coordinates are mapped back with the given 1.7;
# ``recompute_scale_factor=True`` maps them with ``8 / 5 = 1.6`` instead, as
# if ``size=8`` had been passed, and the values change.

row = torch.arange(5.0).view(1, 1, 5)
given = F.interpolate(row, scale_factor=1.7, mode="linear")
recomputed = F.interpolate(row, scale_factor=1.7, mode="linear", recompute_scale_factor=True)
print("scale 1.7 :", given[0, 0])
print("recomputed:", recomputed[0, 0])
assert torch.equal(recomputed, F.interpolate(row, size=8, mode="linear"))
assert not torch.equal(given, recomputed)

# %% example-for: functional-interpolate, torch.nn.functional.interpolate
# ``align_corners`` and the modes' input dimensions
# -------------------------------------------------
#
# ``align_corners=True`` maps the corner pixels' centres onto each other, so
# the first and last values are kept exactly; it is refused by the
# non-interpolating modes. ``linear`` needs 3-D input, ``bilinear`` and
# ``bicubic`` 4-D, ``trilinear`` 5-D.

row = torch.tensor([[[0.0, 1.0, 4.0]]])
print("align_corners=False:", F.interpolate(row, size=5, mode="linear", align_corners=False)[0, 0])
print("align_corners=True :", F.interpolate(row, size=5, mode="linear", align_corners=True)[0, 0])
for call in (lambda: F.interpolate(row, size=5, align_corners=True),
             lambda: F.interpolate(row, scale_factor=2, mode="bilinear")):
    try:
        call()
    except (ValueError, NotImplementedError) as err:
        print(f"{type(err).__name__}: {err}")
