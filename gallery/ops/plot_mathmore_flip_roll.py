"""
Flipping, rolling, rotating and moving dimensions
=================================================

``flip``, ``fliplr``, ``roll`` and ``rot90`` rearrange the elements of a
tensor and return a copy; ``swapaxes`` and ``movedim`` rearrange its
dimensions and return a view. The figure shows what each does to a small
image.
"""

import matplotlib.pyplot as plt
import numpy as np
import torch

# %% example-for: mathmore-flip-copies, torch.flip
# flip copies; NumPy's flip is a view
# -----------------------------------
#
# ``torch.flip`` returns a new tensor with its own memory: PyTorch strides
# cannot be negative. The copy keeps the input's memory layout, so it is
# contiguous only when the input is; ``rot90`` (odd ``k``) returns a
# transposed copy, which for a contiguous input is not contiguous.
# ``numpy.flip`` returns a view with a negative stride, sharing memory with
# its input. Such an array cannot go through ``torch.from_numpy``; copy it
# first.

x = torch.arange(6).reshape(2, 3)
f = torch.flip(x, dims=[1])
print(f)
print("same memory as x:", f.data_ptr() == x.data_ptr(), "| stride:", f.stride(), "| contiguous:", f.is_contiguous())
x[0, 0] = 100
print("after x[0, 0] = 100, f[0, 2] is still", f[0, 2].item())
assert f.data_ptr() != x.data_ptr() and f[0, 2].item() == 0
ft = torch.flip(x.T, dims=[0])
print("flip of x.T: stride:", ft.stride(), "| contiguous:", ft.is_contiguous())
r = torch.rot90(x)
print("rot90(x): same memory as x:", r.data_ptr() == x.data_ptr(), "| stride:", r.stride(),
      "| contiguous:", r.is_contiguous())
assert not ft.is_contiguous() and r.data_ptr() != x.data_ptr() and not r.is_contiguous()

a = np.arange(6).reshape(2, 3)
fa = np.flip(a, axis=1)
print("numpy.flip strides (bytes):", fa.strides, "| shares memory:", np.shares_memory(a, fa))
assert np.shares_memory(a, fa)
try:
    torch.from_numpy(fa)
except ValueError as err:
    print(f"ValueError: {err}")
print(torch.from_numpy(fa.copy()))
# Negative steps in slicing are refused too.
try:
    x[:, ::-1]
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.flip, torch.fliplr
# dims is a list; fliplr and flipud
# ---------------------------------
#
# ``torch.flip`` needs ``dims`` (a list or tuple, even for one dimension);
# the method ``x.flip(1)`` also accepts bare ints. ``fliplr`` reverses
# dimension 1 (left-right), ``flipud`` dimension 0 (up-down); ``fliplr``
# needs at least 2 dimensions.

x = torch.arange(6).reshape(2, 3)
try:
    torch.flip(x, 1)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
print("flip(x, (0, 1)):", torch.flip(x, (0, 1)), sep="\n")
print("x.flip(1):", x.flip(1), sep="\n")
print("fliplr(x):", torch.fliplr(x), sep="\n")
print("flipud(x):", torch.flipud(x), sep="\n")
assert torch.equal(torch.fliplr(x), torch.flip(x, [1])) and np.array_equal(torch.fliplr(x).numpy(), np.fliplr(x.numpy()))
try:
    torch.fliplr(torch.arange(3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("same memory:", torch.fliplr(x).data_ptr() == x.data_ptr())

# %% example-for: mathmore-roll-rot90, torch.roll
# roll shifts with wrap-around
# ----------------------------
#
# Elements shifted past the end come back at the start. A negative shift
# moves left. Without ``dims`` the tensor is rolled as if flattened, then
# given its shape back. ``shifts`` and ``dims`` may be tuples of equal
# length; shifts larger than the size wrap modulo the size.

y = torch.arange(5)
print("roll(y, 2) :", torch.roll(y, 2))
print("roll(y, -1):", torch.roll(y, -1))
print("roll(y, 7) :", torch.roll(y, 7))
assert torch.equal(torch.roll(y, 2), torch.cat([y[-2:], y[:-2]]))
assert torch.equal(y.roll(7), y.roll(2))
m = torch.arange(6).reshape(2, 3)
print("m:", m, sep="\n")
print("roll(m, 1) (flattened):", torch.roll(m, 1), sep="\n")
print("roll(m, 1, dims=1):", torch.roll(m, 1, dims=1), sep="\n")
print("roll(m, (1, 1), dims=(0, 1)):", torch.roll(m, (1, 1), dims=(0, 1)), sep="\n")
try:
    torch.roll(m, (1, 2), dims=1)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("copy:", torch.roll(m, 1, dims=1).data_ptr() != m.data_ptr())

# %% example-for: mathmore-roll-rot90, torch.rot90
# rot90 turns counter-clockwise from dims[0] towards dims[1]
# ----------------------------------------------------------
#
# With the default ``dims=(0, 1)``, ``k=1`` turns the matrix 90 degrees
# counter-clockwise as printed (the first row becomes the first column,
# read upwards), the same as ``numpy.rot90``. ``k=-1`` or ``dims=(1, 0)``
# turns clockwise; ``k=2`` turns by 180 degrees. It is ``transpose`` followed
# by a flip, and returns a copy.

m = torch.tensor([[1, 2], [3, 4]])
print("m:", m, sep="\n")
print("rot90(m) (counter-clockwise):", torch.rot90(m), sep="\n")
print("rot90(m, -1) (clockwise):", torch.rot90(m, -1), sep="\n")
print("rot90(m, 1, dims=(1, 0)):", torch.rot90(m, 1, dims=(1, 0)), sep="\n")
print("rot90(m, 2):", torch.rot90(m, 2), sep="\n")
assert torch.equal(torch.rot90(m), torch.tensor([[2, 4], [1, 3]]))
assert np.array_equal(torch.rot90(m).numpy(), np.rot90(m.numpy()))
assert torch.equal(torch.rot90(m, -1), torch.rot90(m, 1, dims=(1, 0)))
assert torch.equal(torch.rot90(m), m.T.flip(0))
assert torch.equal(torch.rot90(m, 5), torch.rot90(m, 1))  # k is taken modulo 4
# An image stored (C, H, W): the default dims turn C and H; pass dims=(1, 2).
image = torch.zeros(3, 4, 5)
print("(C, H, W) = (3, 4, 5): default dims ->", tuple(torch.rot90(image).shape),
      "| dims=(1, 2) ->", tuple(torch.rot90(image, 1, dims=(1, 2)).shape))
try:
    torch.rot90(torch.arange(3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: mathmore-roll-rot90, torch.flip, torch.fliplr, torch.roll, torch.rot90
# What each does to an image
# --------------------------
#
# An 8 x 8 picture of the letter F, shown with ``imshow`` (row 0 at the top,
# as when printed).

F_img = torch.zeros(8, 8)
F_img[1:7, 2] = 1
F_img[1, 2:6] = 1
F_img[3, 2:5] = 1
panels = {
    "original": F_img,
    "flip(dims=[0])": torch.flip(F_img, [0]),
    "fliplr": torch.fliplr(F_img),
    "roll(3, dims=1)": torch.roll(F_img, 3, dims=1),
    "rot90(k=1)": torch.rot90(F_img),
    "rot90(k=-1)": torch.rot90(F_img, -1),
}
fig, axes = plt.subplots(1, len(panels), figsize=(9, 1.9))
for ax, (title, img) in zip(axes, panels.items()):
    ax.imshow(img, cmap="Greys", vmin=0, vmax=1)
    ax.set_title(title, fontsize=8)
    ax.set_xticks([])
    ax.set_yticks([])
plt.tight_layout()
plt.show()

# %% example-for: mathmore-movedim-permute, torch.swapaxes, torch.movedim
# swapaxes and movedim return views
# ---------------------------------
#
# ``swapaxes(x, a, b)`` exchanges two dimensions (it is ``transpose``, and
# ``swapdims`` is another alias). ``movedim(x, source, destination)`` takes
# one dimension out and reinserts it at ``destination``; the others keep their
# order. Both share memory with ``x`` and only change strides.

x = torch.zeros(2, 3, 4)
s = torch.swapaxes(x, 0, 2)
print("swapaxes(x, 0, 2):", s.shape, s.stride(), "| shares memory:", s.data_ptr() == x.data_ptr(),
      "| contiguous:", s.is_contiguous())
assert torch.equal(s, torch.transpose(x, 0, 2)) and s.data_ptr() == x.data_ptr()
assert torch.equal(x.swapaxes(0, 2), s)
assert torch.equal(torch.swapdims(x, 0, 2), s) and torch.equal(torch.moveaxis(x, 0, -1), torch.movedim(x, 0, -1))
try:
    s.view(-1)
except RuntimeError as err:
    print("RuntimeError:", str(err).split(".")[0])
print("reshape works (it copies):", tuple(s.reshape(-1).shape))
# swapaxes_ changes the shape and strides of the tensor itself and returns it.
w = torch.zeros(2, 3, 4)
out = w.swapaxes_(0, 2)
print("w.swapaxes_(0, 2):", w.shape, w.stride(), "| same object:", out is w)
mv = torch.movedim(x, 0, -1)
print("movedim(x, 0, -1):", mv.shape, mv.stride(), "| shares memory:", mv.data_ptr() == x.data_ptr())
print("numpy.moveaxis    :", np.moveaxis(x.numpy(), 0, -1).shape)
print("movedim(x, (0, 1), (2, 0)):", torch.movedim(x, (0, 1), (2, 0)).shape)
for source, destination in (((0, 0), (1, 2)), ((0, 1), (1,))):
    try:
        torch.movedim(x, source, destination)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: mathmore-movedim-permute, torch.movedim, torch.swapaxes
# movedim versus permute versus swapaxes
# --------------------------------------
#
# ``permute`` needs the new position of every dimension; ``movedim`` only
# the one that moves. Moving dim 1 of a ``(N, C, H, W)`` batch to the end
# gives ``(N, H, W, C)``; ``swapaxes(x, 1, 3)`` would give ``(N, W, H, C)``
# instead, with H and W exchanged.

batch = torch.arange(2 * 3 * 4 * 5).reshape(2, 3, 4, 5)  # N, C, H, W
moved = torch.movedim(batch, 1, -1)
permuted = torch.permute(batch, (0, 2, 3, 1))
swapped = torch.swapaxes(batch, 1, 3)
print("movedim(1, -1)       :", tuple(moved.shape))
print("permute(0, 2, 3, 1)  :", tuple(permuted.shape))
print("swapaxes(1, 3)       :", tuple(swapped.shape))
assert torch.equal(moved, permuted)
assert moved.shape == (2, 4, 5, 3) and swapped.shape == (2, 5, 4, 3)
# Channels-last images for matplotlib: (C, H, W) -> (H, W, C)
img = torch.zeros(3, 4, 5)
print("image (C, H, W) -> (H, W, C):", tuple(img.movedim(0, -1).shape))
