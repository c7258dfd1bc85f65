"""
Padding layers one by one: shapes, inputs, dtypes
=================================================

Each padding layer, with the input and output shapes it prints, the inputs
it accepts (batched or unbatched), and what it does with integer and
boolean tensors. ``ZeroPad2d`` is checked against ``ConstantPad2d(..., 0)``.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.ReflectionPad1d
# ReflectionPad1d
# ---------------
#
# Pads the last dimension of ``(C, W)`` or ``(N, C, W)``. A 1-D tensor is
# refused: add a channel dimension first.

layer = nn.ReflectionPad1d((1, 2))
signal = torch.tensor([[[10.0, 20.0, 30.0]]])  # (N=1, C=1, W=3)
out = layer(signal)
print(layer, tuple(signal.shape), "->", tuple(out.shape))
print(out)
print("unbatched:", tuple(layer(torch.ones(2, 3)).shape))
try:
    layer(torch.ones(3))
except NotImplementedError as err:
    print("NotImplementedError:", str(err).splitlines()[0])
try:
    nn.ReflectionPad1d(1)(torch.tensor([[True, False, True]]))
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.nn.ReflectionPad2d
# ReflectionPad2d
# ---------------
#
# Pads width and height of ``(C, H, W)`` or ``(N, C, H, W)``; the tuple is
# ``(left, right, top, bottom)``.

layer = nn.ReflectionPad2d((1, 1, 1, 0))
img = torch.arange(6.0).view(1, 1, 2, 3)
out = layer(img)
print(layer, tuple(img.shape), "->", tuple(out.shape))
print(out)
assert out.shape == (1, 1, 2 + 1 + 0, 3 + 1 + 1)

# %% example-for: torch.nn.ReflectionPad3d
# ReflectionPad3d
# ---------------
#
# Pads width, height and depth of ``(C, D, H, W)`` or ``(N, C, D, H, W)``.

layer = nn.ReflectionPad3d(1)
vol = torch.arange(8.0).view(1, 1, 2, 2, 2)
out = layer(vol)
print(layer, tuple(vol.shape), "->", tuple(out.shape))
print("unbatched:", tuple(layer(torch.ones(3, 2, 2, 2)).shape))
print("depth slices at one (h, w):", out[0, 0, :, 1, 1])  # reflected along D
assert out.shape == (1, 1, 4, 4, 4)
try:
    nn.ReflectionPad3d((0, 0, 0, 0, 2, 0))(vol)  # depth 2: at most 1
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.ReplicationPad1d
# ReplicationPad1d
# ----------------
#
# Repeats the first and last element. Any amount is allowed; integer
# tensors are padded too, boolean ones are refused.

layer = nn.ReplicationPad1d((3, 1))
signal = torch.tensor([[[10, 20, 30]]])  # int64
out = layer(signal)
print(layer, tuple(signal.shape), "->", tuple(out.shape), out.dtype)
print(out)
try:
    layer(torch.tensor([10.0, 20.0]))  # 1-D
except NotImplementedError as err:
    print("NotImplementedError:", str(err).splitlines()[0])
try:
    layer(torch.tensor([[True, False]]))
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.nn.ReplicationPad2d
# ReplicationPad2d
# ----------------
#
# The corners take the value of the corner pixel.

layer = nn.ReplicationPad2d(1)
img = torch.tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
out = layer(img)
print(layer, tuple(img.shape), "->", tuple(out.shape))
print(out)

# %% example-for: torch.nn.ReplicationPad3d
# ReplicationPad3d
# ----------------
#
# Needs a 4-D ``(C, D, H, W)`` or 5-D input: a 3-D tensor is refused.

layer = nn.ReplicationPad3d((1, 0, 0, 2, 3, 0))  # W: 1 left, H: 2 bottom, D: 3 front
vol = torch.zeros(1, 1, 2, 2, 2)
print(layer, tuple(vol.shape), "->", tuple(layer(vol).shape))
try:
    layer(torch.zeros(2, 2, 2))
except NotImplementedError as err:
    print("NotImplementedError:", str(err).splitlines()[0])

# %% example-for: torch.nn.ConstantPad1d
# ConstantPad1d
# -------------
#
# ``value`` is required. The fill is converted to the input's dtype: on an
# integer tensor ``2.7`` becomes ``2``. A constant fill accepts any tensor
# that has at least the dimensions it pads, 1-D and ``bool`` included.

try:
    nn.ConstantPad1d(1)
except TypeError as err:
    print(f"TypeError: {err}")
layer = nn.ConstantPad1d((2, 1), 2.7)
print(layer)
print(layer(torch.tensor([1.0, 2.0])), layer(torch.tensor([1, 2])))
print(tuple(torch.ones(2, 3, 4, 5).shape), "->", tuple(layer(torch.ones(2, 3, 4, 5)).shape))
print(nn.ConstantPad1d(1, 1)(torch.tensor([False, False])))

# %% example-for: torch.nn.ConstantPad2d
# ConstantPad2d
# -------------
#
# Pads the last two dimensions; an input with fewer is refused.

layer = nn.ConstantPad2d((1, 0, 0, 1), -1.0)
img = torch.ones(1, 2, 2)
out = layer(img)
print(layer, tuple(img.shape), "->", tuple(out.shape))
print(out)
try:
    layer(torch.ones(3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.ConstantPad3d
# ConstantPad3d
# -------------

layer = nn.ConstantPad3d((1, 1, 0, 0, 2, 0), 5.0)
vol = torch.zeros(2, 3, 2, 2, 2)
print(layer, tuple(vol.shape), "->", tuple(layer(vol).shape))
print(layer(torch.zeros(2, 2, 2)).shape)  # an unbatched (D, H, W) works too

# %% example-for: torch.nn.ZeroPad2d
# ZeroPad2d equals ConstantPad2d with 0
# -------------------------------------
#
# ``ZeroPad2d`` is a subclass of ``ConstantPad2d`` whose ``value`` is
# ``0.0``; the outputs are equal.

img = torch.randn(2, 3, 4, 4)
zero = nn.ZeroPad2d((1, 2, 3, 0))
const = nn.ConstantPad2d((1, 2, 3, 0), 0.0)
print(zero, tuple(img.shape), "->", tuple(zero(img).shape))
print(isinstance(zero, nn.ConstantPad2d), zero.value)
print("ZeroPad1d, ZeroPad3d:", nn.ZeroPad1d(1), nn.ZeroPad3d(1))
assert torch.equal(zero(img), const(img))
print("equal:", torch.equal(zero(img), const(img)))
