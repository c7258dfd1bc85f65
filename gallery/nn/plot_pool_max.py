"""
Max pooling: shapes, the output-size formula, ceil_mode and indices
===================================================================

``MaxPool1d``, ``MaxPool2d`` and ``MaxPool3d`` slide a window over the last
one, two or three dimensions of their input and keep the largest value of
each window. This script prints the shapes they produce, checks the
output-size formula (with ``stride``, ``padding``, ``dilation`` and
``ceil_mode``) against real outputs, and shows what ``return_indices``
returns.
"""

import math

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.MaxPool1d, torch.nn.MaxPool2d, torch.nn.MaxPool3d
# Input and output shapes
# -----------------------
#
# The pooled dimensions are the last 1, 2 or 3; the batch and channel
# dimensions are kept. ``stride`` defaults to ``kernel_size``, so the windows
# do not overlap and a length 8 becomes 4 with ``kernel_size=2``. Each layer
# also accepts an input without the batch dimension. A tuple gives
# each dimension its own kernel size and stride. Pooling layers have no
# learnable parameters.

print("MaxPool1d(2):", nn.MaxPool1d(2)(torch.randn(4, 3, 8)).shape)
print("MaxPool2d(2):", nn.MaxPool2d(2)(torch.randn(4, 3, 8, 6)).shape)
print("MaxPool3d(2):", nn.MaxPool3d(2)(torch.randn(4, 3, 4, 8, 6)).shape)
print("unbatched MaxPool1d(2):", nn.MaxPool1d(2)(torch.randn(3, 8)).shape)
print("unbatched MaxPool2d(2):", nn.MaxPool2d(2)(torch.randn(3, 8, 6)).shape)
print("unbatched MaxPool3d(2):", nn.MaxPool3d(2)(torch.randn(3, 4, 8, 6)).shape)
print("MaxPool2d((2, 3), stride=(1, 2)):",
      nn.MaxPool2d((2, 3), stride=(1, 2))(torch.randn(1, 1, 5, 7)).shape)

print("stride of MaxPool1d(3):", nn.MaxPool1d(3).stride, "| of Conv1d(1, 1, 3):", nn.Conv1d(1, 1, 3).stride)
print("learnable parameters of MaxPool2d(2):", list(nn.MaxPool2d(2).parameters()))

x = torch.tensor([[[3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]]])
print("input: ", x)
print("output:", nn.MaxPool1d(2)(x))
assert torch.equal(nn.MaxPool1d(2)(x), x.view(1, 1, 4, 2).amax(-1))

# %% example-for: pool-output-size
# The output-size formula, checked against real layers
# ----------------------------------------------------
#
# For one pooled dimension of length ``L``, with ``k = kernel_size``,
# ``s = stride`` (default ``k``), ``p = padding`` and ``d = dilation``, the
# window spans ``d * (k - 1) + 1`` elements and
#
# ``out = floor((L + 2p - d(k - 1) - 1) / s) + 1``.
#
# With ``ceil_mode=True`` the division is rounded up instead, so a last,
# partial window is kept, **unless** that window would start in the right
# padding (at or after ``L + p`` in padded coordinates): such a window is
# dropped, the last window must start inside the input or the left
# padding. The table computes the formula in Python and compares it with the
# length ``MaxPool1d`` and ``AvgPool1d`` really produce (``AvgPool1d`` has no
# ``dilation``). The column ``ceil rule`` marks the rows where the dropping
# rule changed the rounded-up result.


def pooled_length(L, k, s=None, p=0, d=1, ceil_mode=False):
    s = k if s is None else s
    span = d * (k - 1) + 1
    if ceil_mode:
        out = math.ceil((L + 2 * p - span) / s) + 1
        if (out - 1) * s >= L + p:          # last window would start in the right padding
            return out - 1, True
        return out, False
    return (L + 2 * p - span) // s + 1, False


cases = [  # L, kernel_size, stride, padding, dilation, ceil_mode
    (8, 2, None, 0, 1, False), (7, 2, None, 0, 1, False), (7, 2, None, 0, 1, True),
    (7, 3, 2, 1, 1, False), (7, 3, 2, 1, 1, True), (10, 3, 1, 0, 2, False),
    (10, 3, 3, 1, 2, True), (4, 2, 3, 1, 1, False), (4, 2, 3, 1, 1, True),
    (5, 1, 3, 0, 1, True), (6, 4, 3, 2, 1, True),
]
print(" L  k  s     p  d  ceil   formula  MaxPool1d  AvgPool1d  ceil rule")
for L, k, s, p, d, ceil_mode in cases:
    expected, dropped = pooled_length(L, k, s, p, d, ceil_mode)
    x = torch.randn(1, 1, L)
    got_max = nn.MaxPool1d(k, s, p, dilation=d, ceil_mode=ceil_mode)(x).shape[-1]
    got_avg = (nn.AvgPool1d(k, s, p, ceil_mode=ceil_mode)(x).shape[-1] if d == 1 else "-")
    assert got_max == expected and got_avg in (expected, "-")
    print(f"{L:2} {k:2} {str(s):5} {p:2} {d:2}  {str(ceil_mode):5}  {expected:7}  {got_max:9}  "
          f"{str(got_avg):9}  {'dropped one' if dropped else ''}")

# %% example-for: pool-output-size, torch.nn.MaxPool2d
# Each dimension by itself, and the limits of padding
# ---------------------------------------------------
#
# In 2-D and 3-D the same formula is applied to each pooled dimension with
# that dimension's kernel size, stride, padding and dilation. ``padding`` may
# be at most half of the kernel size; the stride must be positive, and a
# window larger than the padded input leaves no output at all.

layer = nn.MaxPool2d(kernel_size=(3, 2), stride=(2, 1), padding=(1, 0), ceil_mode=True)
out = layer(torch.randn(1, 1, 6, 5))
expected = (pooled_length(6, 3, 2, 1, 1, True)[0], pooled_length(5, 2, 1, 0, 1, True)[0])
print(out.shape, "formula:", expected)
assert tuple(out.shape[-2:]) == expected

for bad in (lambda: nn.MaxPool1d(2, padding=2)(torch.randn(1, 1, 5)),
            lambda: nn.MaxPool1d(2, stride=0)(torch.randn(1, 1, 5)),
            lambda: nn.MaxPool1d(3)(torch.randn(1, 1, 2))):
    try:
        bad()
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: torch.nn.MaxPool1d
# Padding is minus infinity, dilation spreads the window
# ------------------------------------------------------
#
# Max pooling pads with ``-inf``, not with zeros: an all-negative input keeps
# its values at the border. ``dilation=2`` takes every second element inside
# the window (here positions ``i`` and ``i + 2``).

neg = -torch.ones(1, 1, 4)
print("padding=1 on -1s:", nn.MaxPool1d(2, padding=1)(neg))
assert torch.all(nn.MaxPool1d(2, padding=1)(neg) == -1)
ramp = torch.arange(6.0).view(1, 1, 6)
print("dilation=2, stride=1:", nn.MaxPool1d(2, stride=1, dilation=2)(ramp))
assert torch.equal(nn.MaxPool1d(2, stride=1, dilation=2)(ramp), ramp[..., 2:])

# %% example-for: pool-return-indices, torch.nn.MaxPool2d
# ``return_indices``: where each maximum came from
# ------------------------------------------------
#
# With ``return_indices=True`` the layer returns a pair: the maxima and an
# ``int64`` tensor of the same shape. Each index is a flat position in the
# pooled plane of that sample and channel: ``row * W + column`` for an
# ``(H, W)`` plane, not a position inside the window. On a tie the first
# position in the window wins; a NaN in a window is taken as its maximum.

x = torch.tensor([[[[1.0, 8.0, 2.0, 0.0, 5.0],
                    [3.0, 4.0, 9.0, 9.0, 1.0],
                    [7.0, 0.0, 6.0, 2.0, 3.0],
                    [2.0, 5.0, 1.0, 8.0, 4.0]]]])
values, indices = nn.MaxPool2d(2, return_indices=True)(x)
print(values)
print(indices, indices.dtype)
W = x.shape[-1]
rows, cols = indices // W, indices % W
print("rows:", rows.flatten().tolist(), "columns:", cols.flatten().tolist())
assert torch.equal(x.flatten(-2).gather(-1, indices.flatten(-2)), values.flatten(-2))
assert indices.dtype == torch.int64 and indices[0, 0, 0, 1] == 7   # tie 9, 9: first one

nan_in = torch.tensor([[[float("nan"), 1.0, 2.0, 3.0]]])
print(nn.MaxPool1d(2, return_indices=True)(nan_in))

# %% example-for: torch.nn.MaxPool3d
# 3-D pooling: volumes and videos
# -------------------------------
#
# ``MaxPool3d`` pools over ``(D, H, W)``: a clip of 4 frames of 6x6 pixels,
# pooled by ``(1, 2, 2)``, keeps its 4 frames and halves each frame. Its
# indices are flat positions in the ``D * H * W`` volume.

clip = torch.randn(2, 3, 4, 6, 6)
pool = nn.MaxPool3d((1, 2, 2), return_indices=True)
values, indices = pool(clip)
print(values.shape, indices.shape)
print("largest index:", indices.max().item(), "< D*H*W =", 4 * 6 * 6)
assert torch.equal(clip.flatten(2).gather(2, indices.flatten(2)), values.flatten(2))
print("MaxPool3d(2):", nn.MaxPool3d(2)(clip).shape)
