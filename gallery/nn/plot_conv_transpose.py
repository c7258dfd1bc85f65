"""
Transposed convolutions and their output size
=============================================

``nn.ConvTranspose1d``, ``2d`` and ``3d`` map each input position to a
``kernel_size`` block of the output, spaced ``stride`` apart, and add the
blocks where they overlap. Along each spatial dimension the output size is

``L_out = (L_in - 1)*stride - 2*padding + dilation*(kernel_size - 1) + output_padding + 1``

It is the transpose (adjoint) of the convolution with the same settings, so it
undoes the *shape* change of a strided ``Conv``, not its values.
"""

import inspect

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def convt_out(size, kernel, stride=1, padding=0, output_padding=0, dilation=1):
    """The output-size formula of the transposed convolution layers."""
    return (size - 1) * stride - 2 * padding + dilation * (kernel - 1) + output_padding + 1


# %% example-for: convtranspose-output-size
# The formula checked against real outputs
# ----------------------------------------
#
# Each row builds a ``ConvTranspose1d`` and compares the real output length
# with the formula. ``output_padding`` must be smaller than ``stride`` or
# than ``dilation``. The last lines compare with the untrimmed output
# (``padding=0``): ``padding=1`` trims one position from each side, and
# ``output_padding=1`` keeps the last one, which holds real values.

print(" L_in  k  s  p op  d | formula  real")
for size, k, s, p, op, d in [
    (4, 3, 1, 0, 0, 1),
    (4, 3, 2, 0, 0, 1),
    (4, 3, 2, 1, 0, 1),
    (4, 3, 2, 1, 1, 1),
    (5, 4, 2, 1, 0, 1),
    (4, 3, 3, 0, 2, 1),
    (4, 3, 1, 0, 0, 2),
    (7, 5, 1, 2, 0, 1),
]:
    convt = nn.ConvTranspose1d(1, 1, k, stride=s, padding=p, output_padding=op, dilation=d)
    real = convt(torch.randn(1, 1, size)).shape[-1]
    expected = convt_out(size, k, s, p, op, d)
    print(f"{size:5} {k:2} {s:2} {p:2} {op:2} {d:2} | {expected:7} {real:5}")
    assert real == expected

F = nn.functional
y, w = torch.randn(1, 1, 4), torch.randn(1, 1, 3)
full = F.conv_transpose1d(y, w, stride=2)
trimmed = F.conv_transpose1d(y, w, stride=2, padding=1)
kept = F.conv_transpose1d(y, w, stride=2, padding=1, output_padding=1)
print("lengths:", full.shape[-1], trimmed.shape[-1], kept.shape[-1], "| last value kept:", round(kept[0, 0, -1].item(), 4), "=", round(full[0, 0, -1].item(), 4))
assert torch.equal(trimmed, full[..., 1:-1]) and torch.equal(kept, full[..., 1:])

# %% example-for: convtranspose-output-size
# Undoing the shape of a strided ``Conv2d``
# -----------------------------------------
#
# A ``Conv2d(kernel_size=3, stride=2, padding=1)`` maps both 7x7 and 8x8
# inputs to 4x4, so the way back is ambiguous. The transposed convolution
# with the same settings returns 7x7; ``output_padding=1`` adds one row and
# column at the end and returns 8x8. Passing ``output_size=`` to the call
# picks the size instead (the output_padding it implies must be valid); it
# takes the spatial sizes or the full shape.

down = nn.Conv2d(1, 1, 3, stride=2, padding=1)
for size in (7, 8):
    print(f"Conv2d: {size}x{size} ->", tuple(down(torch.randn(1, 1, size, size)).shape[-2:]))

z = torch.randn(1, 1, 4, 4)
for op in (0, 1):
    up = nn.ConvTranspose2d(1, 1, 3, stride=2, padding=1, output_padding=op)
    print(f"ConvTranspose2d output_padding={op}: 4x4 ->", tuple(up(z).shape[-2:]))

up = nn.ConvTranspose2d(1, 1, 3, stride=2, padding=1)
for wanted in ([7, 7], [8, 8], [1, 1, 8, 8], [9, 9]):
    try:
        print(f"output_size={wanted}:", tuple(up(z, output_size=wanted).shape[-2:]))
    except ValueError as err:
        print(f"ValueError: {err}")

# %% example-for: convtranspose-output-size
# ``output_padding`` is checked at the first call
# -----------------------------------------------
#
# An ``output_padding`` as large as ``stride`` (with ``dilation=1``) is
# accepted by the constructor and rejected when the layer runs.

bad = nn.ConvTranspose2d(1, 1, 3, stride=2, output_padding=2)
print("constructed:", bad)
try:
    bad(z)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: convtranspose-adjoint
# Transpose of the convolution, not its inverse
# ---------------------------------------------
#
# For any ``x`` and ``y``, ``<conv(x), y> == <x, conv_transpose(y)>`` when
# both use the same weight and no bias, and ``conv_transpose(y)`` is the
# gradient that autograd computes for the convolution's input when ``y`` is
# the gradient of its output. It does not give ``x`` back: ``conv_transpose(conv(x))`` is a
# different tensor of the same shape.

w = torch.randn(2, 3, 3, 3)  # Conv2d weight (C_out=2, C_in=3, 3, 3)
x = torch.randn(1, 3, 8, 8)
y = torch.randn(1, 2, 4, 4)
lhs = (F.conv2d(x, w, stride=2, padding=1) * y).sum()
rhs = (x * F.conv_transpose2d(y, w, stride=2, padding=1, output_padding=1)).sum()
print(f"<conv(x), y> = {lhs.item():.4f}   <x, convT(y)> = {rhs.item():.4f}")
assert torch.allclose(lhs, rhs, atol=1e-3)

x.requires_grad_(True)
F.conv2d(x, w, stride=2, padding=1).backward(y)
print("x.grad equals conv_transpose2d(y):", torch.allclose(x.grad, F.conv_transpose2d(y, w, stride=2, padding=1, output_padding=1), atol=1e-5))
assert torch.allclose(x.grad, F.conv_transpose2d(y, w, stride=2, padding=1, output_padding=1), atol=1e-5)
x = x.detach()

back = F.conv_transpose2d(F.conv2d(x, w, stride=2, padding=1), w, stride=2, padding=1, output_padding=1)
print("same shape as x:", back.shape == x.shape, "| equal to x:", torch.allclose(back, x))

# %% example-for: torch.nn.ConvTranspose1d
# ``ConvTranspose1d``: ``(N, C_in, L)`` to ``(N, C_out, L_out)``
# --------------------------------------------------------------
#
# The weight is ``(in_channels, out_channels / groups, kernel_size)``: in
# and out are in the opposite order from ``Conv1d``. With ``stride=2`` and
# ``kernel_size=2`` each input value becomes two output values;
# ``output_padding=1`` appends one more position at the end, which, with
# ``padding=0``, only the bias reaches. Only ``padding_mode='zeros'`` is supported, and ``dilation``
# comes after ``bias`` in the constructor's parameters.

up = nn.ConvTranspose1d(4, 2, kernel_size=2, stride=2)
print("weight:", tuple(up.weight.shape), "| Conv1d(4, 2, 2) weight:", tuple(nn.Conv1d(4, 2, 2).weight.shape))
print("output:", tuple(up(torch.randn(3, 4, 10)).shape), "| unbatched:", tuple(up(torch.randn(4, 10)).shape))
print("grouped weight:", tuple(nn.ConvTranspose1d(4, 6, 3, groups=2).weight.shape))

one = nn.ConvTranspose1d(1, 1, 2, stride=2, bias=False)
with torch.no_grad():
    one.weight.copy_(torch.tensor([[[1.0, 10.0]]]))
print(one(torch.tensor([[[1.0, 2.0, 3.0]]])))
one_more = nn.ConvTranspose1d(1, 1, 2, stride=2, output_padding=1, bias=False)
with torch.no_grad():
    one_more.weight.copy_(torch.tensor([[[1.0, 10.0]]]))
print(one_more(torch.tensor([[[1.0, 2.0, 3.0]]])))

params = list(inspect.signature(nn.ConvTranspose1d).parameters)
print("parameter order:", params)
assert params.index("dilation") == 8 and params.index("bias") == 7

try:
    nn.ConvTranspose1d(1, 1, 3, padding_mode="reflect")
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.nn.ConvTranspose2d
# ``ConvTranspose2d``: doubling height and width
# ----------------------------------------------
#
# ``kernel_size=4, stride=2, padding=1`` doubles each spatial size exactly
# (``(H-1)*2 - 2 + 3 + 1 = 2H``), a common choice in decoders and GANs.

up = nn.ConvTranspose2d(16, 8, kernel_size=4, stride=2, padding=1)
x = torch.randn(2, 16, 7, 7)
y = up(x)
print("input:", tuple(x.shape), "-> output:", tuple(y.shape), "| weight:", tuple(up.weight.shape))
assert y.shape[-2:] == (14, 14)
assert up(x[0]).shape == y.shape[1:]  # unbatched (C_in, H, W) is accepted

# %% example-for: torch.nn.ConvTranspose3d
# ``ConvTranspose3d``: ``(N, C_in, D, H, W)`` to ``(N, C_out, D_out, H_out, W_out)``
# ----------------------------------------------------------------------------------
#
# Each spatial dimension follows the formula with its own settings.

up = nn.ConvTranspose3d(4, 2, kernel_size=(1, 2, 2), stride=(1, 2, 2))
x = torch.randn(1, 4, 3, 5, 5)
y = up(x)
print("input:", tuple(x.shape), "-> output:", tuple(y.shape), "| weight:", tuple(up.weight.shape))
assert y.shape[2:] == (3, 10, 10)
assert up(x[0]).shape == y.shape[1:]  # unbatched (C_in, D, H, W) is accepted
