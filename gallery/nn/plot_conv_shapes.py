"""
Convolution layers and their output size
========================================

``nn.Conv1d``, ``nn.Conv2d`` and ``nn.Conv3d`` slide ``out_channels``
filters over 1, 2 or 3 spatial dimensions. Along each spatial dimension the
output size is

``L_out = floor((L_in + 2*padding - dilation*(kernel_size - 1) - 1) / stride) + 1``

This script checks the formula against real outputs, shows what
``padding='same'`` and ``'valid'`` do, and how ``groups`` changes the weight.
"""

import math
import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def conv_out(size, kernel, stride=1, padding=0, dilation=1):
    """The output-size formula of the convolution layers."""
    return math.floor((size + 2 * padding - dilation * (kernel - 1) - 1) / stride) + 1


# %% example-for: conv-output-size
# The formula checked against real outputs
# ----------------------------------------
#
# Each row builds a ``Conv1d`` with the given settings, runs it on a signal
# of length ``L_in``, and compares the real length with the formula. The
# ``assert`` makes the build fail if they ever disagree. The rows for 7 and 8
# show the ``floor`` at work: with a stride of 2 both give 4.

print(" L_in  k  s  p  d | formula  real")
for size, k, s, p, d in [
    (10, 3, 1, 0, 1),
    (10, 3, 1, 1, 1),
    (10, 3, 2, 0, 1),
    (7, 3, 2, 1, 1),
    (8, 3, 2, 1, 1),
    (10, 3, 2, 1, 1),
    (10, 4, 3, 0, 1),
    (10, 3, 1, 0, 2),
    (10, 3, 1, 2, 2),
    (28, 5, 1, 0, 1),
    (28, 5, 1, 2, 1),
]:
    conv = nn.Conv1d(1, 1, k, stride=s, padding=p, dilation=d)
    real = conv(torch.randn(1, 1, size)).shape[-1]
    expected = conv_out(size, k, s, p, d)
    print(f"{size:5} {k:2} {s:2} {p:2} {d:2} | {expected:7} {real:5}")
    assert real == expected

# %% example-for: conv-output-size
# Each spatial dimension has its own settings
# -------------------------------------------
#
# An int applies to every spatial dimension; a tuple gives one value per
# dimension. Height and width below follow the same formula separately.

conv = nn.Conv2d(3, 8, kernel_size=(3, 5), stride=(1, 2), padding=(1, 0), dilation=(2, 1))
y = conv(torch.randn(1, 3, 20, 30))
h = conv_out(20, 3, 1, 1, 2)
w = conv_out(30, 5, 2, 0, 1)
print("output:", tuple(y.shape), "| formula:", (h, w))
assert y.shape[-2:] == (h, w)

# %% example-for: conv-padding-same-valid
# ``padding='same'`` and ``padding='valid'``
# ------------------------------------------
#
# ``'valid'`` is ``padding=0``. ``'same'`` pads so the output has the input's
# size. It needs ``dilation*(kernel_size-1)`` zeros in all; when that number
# is odd (an even kernel with ``dilation=1``), the extra zero goes to the end
# and PyTorch warns that it may pad a copy of the input. That warning is
# issued once per process unless ``torch.set_warn_always(True)``, which this
# cell sets so that the output does not depend on what ran before.
# ``'same'`` requires ``stride=1``.

torch.set_warn_always(True)
x = torch.randn(1, 1, 9, 9)
for k in (3, 4, 5):
    for mode in ("valid", "same"):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            y = nn.Conv2d(1, 1, k, padding=mode)(x)
        note = ""
        if caught:
            note = f"  {caught[0].category.__name__}"
            message = str(caught[0].message).split(" (Triggered")[0]
        print(f"k={k} padding={mode!r:7}: {tuple(y.shape)}{note}")
        if mode == "same":
            assert y.shape == x.shape
        else:
            assert y.shape[-1] == 9 - k + 1

print("UserWarning:", message)
torch.set_warn_always(False)

try:
    nn.Conv2d(1, 1, 3, stride=2, padding="same")
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: conv-padding-same-valid
# Where ``'same'`` puts the extra zero
# ------------------------------------
#
# With ``kernel_size=2`` on a signal ``[1, 2, 3, 4]`` and weights ``[1, 1]``,
# each output is the sum of an element and its right neighbour; the last
# output adds the padding zero at the end. With ``padding_mode='reflect'``
# the extra position is at the end too (it holds a reflected 3) and no
# warning is issued.

conv = nn.Conv1d(1, 1, 2, padding="same", bias=False)
with torch.no_grad():
    conv.weight.fill_(1.0)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    y = conv(torch.tensor([[[1.0, 2.0, 3.0, 4.0]]]))
print(y)
assert y.flatten().tolist() == [3.0, 5.0, 7.0, 4.0]

reflect = nn.Conv1d(1, 1, 2, padding="same", padding_mode="reflect", bias=False)
with torch.no_grad():
    reflect.weight.fill_(1.0)
torch.set_warn_always(True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y = reflect(torch.tensor([[[1.0, 2.0, 3.0, 4.0]]]))
torch.set_warn_always(False)
print("reflect:", y.flatten().tolist(), "| warnings:", len(caught))
assert y.flatten().tolist() == [3.0, 5.0, 7.0, 7.0] and not caught

# %% example-for: conv-groups
# ``groups`` and the weight shape
# -------------------------------
#
# The weight is ``(out_channels, in_channels / groups, *kernel_size)``: each
# filter sees only the input channels of its group. ``groups=in_channels`` is
# a depthwise convolution. Both channel counts must be divisible by
# ``groups``.

for g in (1, 2, 4):
    conv = nn.Conv2d(4, 8, 3, groups=g)
    n_params = sum(p.numel() for p in conv.parameters())
    print(f"groups={g}: weight {tuple(conv.weight.shape)}, parameters {n_params}")
    assert conv.weight.shape == (8, 4 // g, 3, 3)

for bad in (dict(in_channels=4, out_channels=6, groups=4), dict(in_channels=3, out_channels=6, groups=2)):
    try:
        nn.Conv2d(kernel_size=3, **bad)
    except ValueError as err:
        print(f"{bad} -> ValueError: {err}")

# %% example-for: conv-groups
# A grouped convolution is separate convolutions on channel slices
# ----------------------------------------------------------------
#
# With ``groups=2``, the first half of the output channels is the
# convolution of the first half of the input channels with the first half
# of the filters, and likewise for the second half.

conv = nn.Conv2d(4, 6, 3, groups=2)
x = torch.randn(1, 4, 5, 5)
w, b = conv.weight, conv.bias
first = nn.functional.conv2d(x[:, :2], w[:3], b[:3])
second = nn.functional.conv2d(x[:, 2:], w[3:], b[3:])
print("equal:", torch.allclose(conv(x), torch.cat([first, second], dim=1), atol=1e-6))
assert torch.allclose(conv(x), torch.cat([first, second], dim=1), atol=1e-6)

# %% example-for: torch.nn.Conv1d
# ``Conv1d``: ``(N, C_in, L)`` to ``(N, C_out, L_out)``
# -----------------------------------------------------
#
# The channels come before the length: a batch of sequences stored as
# ``(N, L, C)`` must be transposed first. If ``L`` happens to equal
# ``in_channels``, the untransposed call runs without an error and returns a
# wrong result. An unbatched ``(C_in, L)`` input
# is accepted too. ``padding_mode`` chooses what the padding contains. The
# weight ``[1, 0, 0]`` below multiplies the *left* neighbour: the kernel is
# applied as it is stored, not flipped (a cross-correlation, as is usual in
# deep-learning libraries).

conv = nn.Conv1d(in_channels=3, out_channels=5, kernel_size=3, padding=1)
print("weight:", tuple(conv.weight.shape), "| bias:", tuple(conv.bias.shape))
print("batched:  ", tuple(conv(torch.randn(2, 3, 10)).shape))
print("unbatched:", tuple(conv(torch.randn(3, 10)).shape))

seq = torch.randn(2, 10, 3)  # (N, L, C), as many sequence models store it
try:
    conv(seq)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("after transpose:", tuple(conv(seq.transpose(1, 2)).shape))
square = torch.randn(2, 3, 3)  # (N, L, C) with L == in_channels == 3
wrong, right = conv(square), conv(square.transpose(1, 2))
print("L == in_channels, no error:", tuple(wrong.shape), "| equals the transposed call:", torch.allclose(wrong, right))
assert not torch.allclose(wrong, right)

signal = torch.arange(1.0, 6.0).reshape(1, 1, 5)
for mode in ("zeros", "reflect", "replicate", "circular"):
    c = nn.Conv1d(1, 1, 3, padding=1, padding_mode=mode, bias=False)
    with torch.no_grad():
        c.weight.copy_(torch.tensor([[[1.0, 0.0, 0.0]]]))  # picks the left neighbour
    print(f"{mode:9}", c(signal).flatten().tolist())

# %% example-for: torch.nn.Conv2d
# ``Conv2d``: ``(N, C_in, H, W)`` to ``(N, C_out, H_out, W_out)``
# ---------------------------------------------------------------
#
# The input's channel dimension must equal ``in_channels``; the error names
# the weight and the expected count. A 2-D tensor is rejected, and the
# input's dtype must match the weight's.

conv = nn.Conv2d(3, 16, kernel_size=3, stride=2, padding=1)
x = torch.randn(8, 3, 32, 32)
y = conv(x)
print("input:", tuple(x.shape), "-> output:", tuple(y.shape), "| weight:", tuple(conv.weight.shape))
assert conv(x[0]).shape == y.shape[1:]  # unbatched (C_in, H, W) is accepted

for bad in (
    torch.randn(8, 1, 32, 32),
    torch.randn(32, 32),
    torch.randn(8, 3, 32, 32, dtype=torch.float64),
    torch.randint(0, 255, (8, 3, 32, 32)),
):
    try:
        conv(bad)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: torch.nn.Conv2d
# Dilation spreads the kernel
# ---------------------------
#
# ``dilation=2`` puts one gap between kernel taps: a 3x3 kernel then covers
# 5x5 pixels, which the formula counts as ``dilation*(kernel_size-1)+1``.
# A kernel larger than the padded input raises an error.

for d in (1, 2, 3):
    y = nn.Conv2d(1, 1, 3, dilation=d)(torch.randn(1, 1, 9, 9))
    print(f"dilation={d}: covers {d * 2 + 1}x{d * 2 + 1}, output {tuple(y.shape)}")
    assert y.shape[-1] == conv_out(9, 3, dilation=d)
try:
    nn.Conv2d(1, 1, 3, dilation=5)(torch.randn(1, 1, 9, 9))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.Conv3d
# ``Conv3d``: ``(N, C_in, D, H, W)`` to ``(N, C_out, D_out, H_out, W_out)``
# -------------------------------------------------------------------------
#
# Volumes or video clips: the formula applies to depth, height and width
# separately. The weight has three kernel dimensions.

conv = nn.Conv3d(2, 4, kernel_size=(3, 3, 3), stride=(1, 2, 2), padding=1)
x = torch.randn(1, 2, 8, 16, 16)
y = conv(x)
print("input:", tuple(x.shape), "-> output:", tuple(y.shape))
print("weight:", tuple(conv.weight.shape))
assert y.shape[2:] == tuple(conv_out(n, 3, s, 1) for n, s in zip((8, 16, 16), (1, 2, 2)))
print("unbatched:", tuple(conv(torch.randn(2, 8, 16, 16)).shape))
