"""
Power-average pooling and fractional max pooling
================================================

``LPPool1d`` and ``LPPool2d`` compute ``(sum of x**p over the window) ** (1/p)``:
``p = 1`` is sum pooling, ``p = 2`` the Euclidean norm of each window, and a
large ``p`` approaches max pooling. ``FractionalMaxPool2d`` takes the maximum
over windows placed at pseudo-random positions, so that the output can be any
size, not only the input divided by an integer.
"""

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.LPPool1d
# The power norm, checked by hand
# -------------------------------
#
# ``LPPool1d(norm_type, kernel_size)``: the first argument is ``p``. Each
# window of 2 below is computed once by the layer and once with
# ``(w ** p).sum() ** (1 / p)``. With ``p = 1`` it is the sum of the window,
# with ``p = 2`` its Euclidean length. As ``p`` grows the result approaches
# the window's maximum (the input here is non-negative);
# ``norm_type=float('inf')`` is handled as exact max pooling of ``abs(x)``.
# The layer also accepts an input without the batch dimension.

x = torch.rand(1, 1, 6)
windows = x.view(1, 1, 3, 2)
print("input:   ", x)
print("max:     ", windows.amax(-1))
for p in (1, 2, 8, 32):
    out = nn.LPPool1d(p, 2)(x)
    manual = (windows ** p).sum(-1) ** (1 / p)
    assert torch.allclose(out, manual, rtol=1e-5)
    print(f"p = {p:<4}  ", out)
assert torch.allclose(nn.LPPool1d(1, 2)(x), windows.sum(-1))
assert torch.equal(nn.LPPool1d(float("inf"), 2)(x), windows.abs().amax(-1))
print("p = inf   ", nn.LPPool1d(float("inf"), 2)(x))
print("unbatched:", nn.LPPool1d(2, 2)(torch.rand(3, 6)).shape)

# %% example-for: torch.nn.LPPool1d
# Large finite ``p`` underflows, and no absolute value is taken
# -------------------------------------------------------------
#
# ``x ** p`` is computed in the input's dtype: with ``p = 100`` a float32
# value of 0.13 underflows to zero, and a window of small values gives 0
# instead of its maximum. Use ``float('inf')`` for max pooling. For finite
# ``p`` the layer raises ``x`` itself to the power, not ``abs(x)``: with
# ``p = 1`` negative values give a negative sum, an odd ``p`` whose window
# sum is negative gives ``nan``, and a non-integer ``p`` gives ``nan`` for a
# window holding a negative value (``p = inf`` takes ``abs(x)``). There is
# no ``padding`` parameter.

print("p = 100:", nn.LPPool1d(100, 2)(x))
assert nn.LPPool1d(100, 2)(x)[0, 0, 1] == 0
signed = torch.tensor([[[-1.0, -2.0, 3.0, -4.0]]])
print("p = 1:", nn.LPPool1d(1, 2)(signed))
print("p = 2:", nn.LPPool1d(2, 2)(signed))
print("p = 3:", nn.LPPool1d(3, 2)(signed))
assert torch.isnan(nn.LPPool1d(3, 2)(signed)).all()
print("p = 1.5:", nn.LPPool1d(1.5, 2)(torch.tensor([[[-1.0, 4.0, 2.0, 3.0]]])))
assert torch.isnan(nn.LPPool1d(1.5, 2)(torch.tensor([[[-1.0, 4.0]]]))).all()
print("p = inf:", nn.LPPool1d(float("inf"), 2)(signed))
assert torch.equal(nn.LPPool1d(float("inf"), 2)(signed), signed.abs().view(1, 1, 2, 2).amax(-1))
try:
    nn.LPPool1d(2, 2, padding=1)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.nn.LPPool2d
# 2-D windows, and a ``ceil_mode`` surprise
# -----------------------------------------
#
# ``LPPool2d`` does the same over ``(H, W)`` windows. Internally it averages
# ``x ** p`` with average pooling and multiplies by the window size. With
# ``ceil_mode=True`` a last, partial window is therefore scaled as if it were
# full: a window holding a single 1 gives ``sqrt(2 * 2) = 2`` for ``p = 2``
# instead of 1.

img = torch.rand(2, 3, 6, 4)
out = nn.LPPool2d(2, 2)(img)
manual = img.view(2, 3, 3, 2, 2, 2).pow(2).sum(dim=(3, 5)).sqrt()
print(out.shape)
assert torch.allclose(out, manual, rtol=1e-5)
ones = torch.ones(1, 1, 3, 3)
partial = nn.LPPool2d(2, 2, ceil_mode=True)(ones)
print(partial)
assert torch.allclose(partial, torch.full((1, 1, 2, 2), 2.0))
# the same as averaging x ** 2 (partial windows divided by what they cover) times 2 * 2
odd = torch.rand(1, 1, 5, 5)
via_avg = (F.avg_pool2d(odd ** 2, 2, ceil_mode=True) * 4).sqrt()
assert torch.allclose(nn.LPPool2d(2, 2, ceil_mode=True)(odd), via_avg)
print("unbatched:", nn.LPPool2d(2, 2)(torch.rand(3, 6, 4)).shape)
# LPPool3d is the same over (D, H, W) windows: a 2 x 2 x 2 window of ones
# gives sqrt(8).
cube = nn.LPPool3d(2, 2)(torch.ones(1, 1, 4, 4, 4))
print("LPPool3d(2, 2) on (1, 1, 4, 4, 4):", tuple(cube.shape), cube.flatten()[0].item())
assert torch.allclose(cube, torch.full((1, 1, 2, 2, 2), 8**0.5))

# %% example-for: torch.nn.FractionalMaxPool2d
# ``output_size`` or ``output_ratio``, never both
# -----------------------------------------------
#
# Give the output size directly, or a ratio in (0, 1): the output is then
# ``int(H * ratio)`` by ``int(W * ratio)``, each dimension rounded down. One
# of the two is required, and both together are refused.

img = torch.rand(2, 3, 10, 7)
print("output_size=(4, 5):    ", nn.FractionalMaxPool2d(2, output_size=(4, 5))(img).shape)
print("output_ratio=0.5:      ", nn.FractionalMaxPool2d(2, output_ratio=0.5)(img).shape)
print("output_ratio=(0.5, 0.75):", nn.FractionalMaxPool2d(2, output_ratio=(0.5, 0.75))(img).shape)
assert nn.FractionalMaxPool2d(2, output_ratio=0.5)(img).shape[-2:] == (5, 3)
print("unbatched:", nn.FractionalMaxPool2d(2, output_size=3)(torch.rand(3, 10, 7)).shape)
for kwargs in ({}, {"output_size": 3, "output_ratio": 0.5}, {"output_ratio": 1.0}):
    try:
        nn.FractionalMaxPool2d(2, **kwargs)
    except ValueError as err:
        print(f"ValueError: {err}")
try:
    nn.FractionalMaxPool2d(3, output_size=4)(torch.rand(1, 1, 5, 5))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
# FractionalMaxPool3d takes the same arguments for (N, C, D, H, W) input.
volume = torch.zeros(1, 2, 5, 6, 7)
print("FractionalMaxPool3d(2, output_size=3):", nn.FractionalMaxPool3d(2, output_size=3)(volume).shape)
print("FractionalMaxPool3d(2, output_ratio=0.5):", nn.FractionalMaxPool3d(2, output_ratio=0.5)(volume).shape)

# %% example-for: torch.nn.FractionalMaxPool2d
# Random windows: seed to repeat them
# -----------------------------------
#
# Each call draws new window positions from the global random generator, one
# draw per sample and channel, so two calls on the same input can differ.
# Seeding with ``torch.manual_seed`` before the call repeats the result: the
# layer draws ``torch.rand(N, C, 2)`` from the global generator, and passing
# that same draw as ``_random_samples`` gives the same output.
# With ``return_indices=True`` it also returns the flat positions of the
# maxima, usable with ``MaxUnpool2d``.

x = torch.arange(25.0).view(1, 1, 5, 5)
pool = nn.FractionalMaxPool2d(2, output_size=3, return_indices=True)
outputs = []
for seed in (0, 0, 1):
    torch.manual_seed(seed)
    values, indices = pool(x)
    outputs.append(values)
    print(f"seed {seed}:", values.flatten().tolist(), "indices:", indices.flatten().tolist())
assert torch.equal(outputs[0], outputs[1]) and not torch.equal(outputs[0], outputs[2])
torch.manual_seed(0)
draw = torch.rand(1, 1, 2)
fixed = F.fractional_max_pool2d(x, 2, output_size=3, _random_samples=draw)
assert torch.equal(fixed, outputs[0])
print("torch.rand(1, 1, 2) after seed 0 gives the same output:", torch.equal(fixed, outputs[0]))
print(indices.dtype)

# Four channels holding the same plane get their own window positions.
torch.manual_seed(0)
per_channel = nn.FractionalMaxPool2d(2, output_size=3)(x.repeat(1, 4, 1, 1))
print(per_channel.flatten(2))
assert not torch.equal(per_channel[0, 0], per_channel[0, 1])
