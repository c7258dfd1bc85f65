"""
MaxUnpool: putting the maxima back
==================================

``MaxUnpool1d``, ``MaxUnpool2d`` and ``MaxUnpool3d`` undo the shape change of
a max pooling, not its loss of information: each maximum goes back to the
position its index names, and every other position is zero. This script
shows those zeros, the default output size, and why ``output_size`` is needed
when several input sizes pool to the same shape.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: pool-return-indices, torch.nn.MaxUnpool1d
# Maxima back in place, zeros elsewhere
# -------------------------------------
#
# The unpooling layer takes the pooled values **and** the indices returned
# by ``MaxPool1d(..., return_indices=True)``, with the same ``kernel_size``,
# ``stride`` and ``padding``. The zeros are not values of the input: they
# mark the positions that were not the maximum of their window. Without
# ``output_size`` the length is ``(L_out - 1) * stride - 2 * padding +
# kernel_size``: the 7 elements pooled by 2 come back as 6, and as 8 when
# the pooling used ``ceil_mode=True``. Pass ``output_size`` to get 7.

x = torch.tensor([[[3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0]]])
pool = nn.MaxPool1d(2, return_indices=True)
unpool = nn.MaxUnpool1d(2)
values, indices = pool(x)
print("values: ", values)
print("indices:", indices)
restored = unpool(values, indices)
print("default:", restored, restored.shape)
assert restored.shape[-1] == (values.shape[-1] - 1) * 2 + 2
v_ceil, i_ceil = nn.MaxPool1d(2, ceil_mode=True, return_indices=True)(x)
print("default after ceil_mode=True:", unpool(v_ceil, i_ceil).shape)
assert unpool(v_ceil, i_ceil).shape[-1] == 8
print("output_size=[7]:", unpool(values, indices, output_size=[7]))
print("output_size=x.size():", unpool(values, indices, output_size=x.size()).shape)
kept = unpool(values, indices, output_size=x.size()) != 0
assert torch.equal(unpool(values, indices, output_size=x.size())[kept], x[kept])
try:
    unpool(values, indices, output_size=[9])
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: pool-return-indices, torch.nn.MaxUnpool2d
# An ambiguous size: 5x5 and 4x4 both pool to 2x2
# -----------------------------------------------
#
# A 4x4 and a 5x5 plane both give 2x2 after ``MaxPool2d(2)``. The unpooling
# layer cannot know which one it came from and picks the default 4x4. The
# indices, however, are flat positions ``row * 5 + column`` in the 5x5
# plane. Read in a 4-wide plane they land in the wrong places, silently;
# an index of 16 or more raises an error. Pass ``output_size`` (the original
# ``H, W`` or the whole original shape) to get it right.

x = torch.arange(25.0).flip(0).view(1, 1, 5, 5)
values, indices = nn.MaxPool2d(2, return_indices=True)(x)
unpool2 = nn.MaxUnpool2d(2)
print(values, indices, sep="\n")
print("without output_size (wrong places):")
print(unpool2(values, indices))
print("with output_size=x.shape[-2:]:")
right = unpool2(values, indices, output_size=x.shape[-2:])
print(right)
assert torch.equal(right.flatten().nonzero().flatten(), indices.flatten().sort().values)

other = torch.randn(1, 1, 5, 5)
v2, i2 = nn.MaxPool2d(2, return_indices=True)(other)
try:
    unpool2(v2, i2)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.MaxUnpool2d
# Pooling then unpooling keeps the maxima only
# --------------------------------------------
#
# A round trip gives a tensor of the input's shape that agrees with the input
# at the positions of the maxima and is zero elsewhere. Pooling it again
# gives the same maxima (for an input whose maxima are positive).

img = torch.rand(2, 3, 6, 6)
values, indices = nn.MaxPool2d(2, return_indices=True)(img)
back = nn.MaxUnpool2d(2)(values, indices, output_size=img.shape)
print("shape:", back.shape, "| nonzero:", int((back != 0).sum()), "of", back.numel())
assert torch.equal(nn.MaxPool2d(2)(back), values)

# %% example-for: torch.nn.MaxUnpool3d
# 3-D: the same with ``(D, H, W)``
# --------------------------------
#
# The 3-D layer takes the indices of ``MaxPool3d``, flat positions in the
# ``D * H * W`` volume. An odd depth needs ``output_size`` as in 2-D: the
# default would be 4x4x4 for this 5x4x4 volume.

vol = torch.randn(1, 2, 5, 4, 4)
values, indices = nn.MaxPool3d(2, return_indices=True)(vol)
print(values.shape)
try:
    print("without output_size:", nn.MaxUnpool3d(2)(values, indices).shape)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
back = nn.MaxUnpool3d(2)(values, indices, output_size=vol.shape)
print("output_size=vol.shape:", back.shape)
assert torch.equal(back[back != 0], vol[back != 0])
