"""
Shapes and options of the normalisation layers
==============================================

The input shape each layer expects, what its constructor options create
(``weight``, ``bias``, running buffers), how ``GroupNorm`` relates to
``LayerNorm`` and ``InstanceNorm``, and ``LocalResponseNorm``'s formula
checked by hand.
"""

import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.BatchNorm1d, torch.nn.BatchNorm2d, torch.nn.BatchNorm3d
# BatchNorm1d, 2d, 3d: the same layer for inputs of 2-3, 4 and 5 dims
# -------------------------------------------------------------------
#
# ``num_features`` is the size of dim 1 (C). ``BatchNorm1d`` accepts
# ``(N, C)`` or ``(N, C, L)``, ``BatchNorm2d`` only ``(N, C, H, W)`` and
# ``BatchNorm3d`` only ``(N, C, D, H, W)``. The output has the input's shape.
# A wrong number of dims is a ``ValueError``; a wrong C is a
# ``RuntimeError`` from the running-statistics check.

for layer, shape in [
    (nn.BatchNorm1d(3), (4, 3)),
    (nn.BatchNorm1d(3), (4, 3, 5)),
    (nn.BatchNorm2d(3), (4, 3, 5, 5)),
    (nn.BatchNorm3d(3), (4, 3, 2, 5, 5)),
]:
    print(f"{type(layer).__name__}: {shape} -> {tuple(layer(torch.randn(shape)).shape)}")

for layer, shape in [(nn.BatchNorm2d(3), (3, 5, 5)), (nn.BatchNorm3d(3), (4, 3, 5, 5)),
                     (nn.BatchNorm1d(3), (4, 5))]:
    try:
        layer(torch.randn(shape))
    except (ValueError, RuntimeError) as err:
        print(f"{type(layer).__name__} on {shape}: {type(err).__name__}: {err}")

bn = nn.BatchNorm2d(3)
print({name: tuple(t.shape) for name, t in bn.state_dict().items()})
assert torch.equal(bn.weight, torch.ones(3)) and torch.equal(bn.bias, torch.zeros(3))
print("initial weight:", bn.weight.data, "| initial bias:", bn.bias.data)
print("bias=False (keyword-only):", list(nn.BatchNorm2d(3, bias=False).state_dict()))

# %% example-for: torch.nn.InstanceNorm1d, torch.nn.InstanceNorm2d, torch.nn.InstanceNorm3d
# InstanceNorm: different defaults from BatchNorm
# -----------------------------------------------
#
# ``InstanceNorm*d`` defaults to ``affine=False`` and
# ``track_running_stats=False``: a new layer has no parameters and no
# buffers, and uses the statistics of each sample in eval mode too. Unlike
# BatchNorm, it accepts an input without the batch dim: ``(C, L)`` for 1d,
# ``(C, H, W)`` for 2d, ``(C, D, H, W)`` for 3d. ``momentum`` only matters
# with ``track_running_stats=True``. Whenever the layer normalises with the
# input's own statistics (training mode, and eval mode too by default), each
# channel of each sample needs more than one position.

for cls, shape in [(nn.InstanceNorm1d, (2, 3, 6)), (nn.InstanceNorm1d, (3, 6)),
                   (nn.InstanceNorm2d, (3, 4, 4)), (nn.InstanceNorm3d, (2, 3, 2, 4, 4)),
                   (nn.InstanceNorm3d, (3, 2, 4, 4))]:
    layer = cls(3)
    print(f"{cls.__name__}(3) on {shape} -> {tuple(layer(torch.randn(shape)).shape)}")

inorm = nn.InstanceNorm1d(3)
print("defaults: affine =", inorm.affine, "| track_running_stats =", inorm.track_running_stats,
      "| state_dict:", list(inorm.state_dict()))
assert not inorm.affine and not inorm.track_running_stats and not list(inorm.state_dict())
x = torch.randn(2, 3, 6) * 4 + 3
assert torch.allclose(inorm.eval()(x).mean(dim=2), torch.zeros(2, 3), atol=1e-5)
print("eval mode, each (sample, channel) still has mean 0:", bool(inorm(x).mean(dim=2).abs().max() < 1e-5))
with_options = nn.InstanceNorm1d(3, affine=True, track_running_stats=True)
print("affine=True, track_running_stats=True:", list(with_options.state_dict()))
with_options(x)  # training mode: updates the running statistics
with_options.eval()
assert torch.allclose(with_options(x), (x - with_options.running_mean[:, None])
                      / torch.sqrt(with_options.running_var[:, None] + 1e-5), atol=1e-5)
print("with track_running_stats=True, eval uses running_mean:", with_options.running_mean)
fast, slow = nn.InstanceNorm1d(3, momentum=0.9), nn.InstanceNorm1d(3, momentum=0.1)
assert torch.equal(fast(x), slow(x)) and torch.equal(fast.eval()(x), slow.eval()(x))
print("track_running_stats=False: momentum 0.9 and 0.1 give the same output:", torch.equal(fast(x), slow(x)))
tracked = nn.InstanceNorm1d(3, momentum=0.5, track_running_stats=True)
tracked(x)
assert torch.allclose(tracked.running_mean, 0.5 * x.mean(dim=2).mean(dim=0))
print("track_running_stats=True, momentum=0.5: running_mean = 0.5 * mean of the instance means:",
      torch.allclose(tracked.running_mean, 0.5 * x.mean(dim=2).mean(dim=0)))
for mode in ("train", "eval"):
    try:
        getattr(nn.InstanceNorm1d(3), mode)()(torch.randn(2, 3, 1))
    except ValueError as err:
        print(f"{mode} mode: ValueError: {err}")

# A wrong num_features: with the default affine=False the number is not
# used, so the layer only warns and normalises the 3 channels it gets; with
# affine=True it raises.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = nn.InstanceNorm1d(5)(x)  # x has 3 channels
print("InstanceNorm1d(5) on 3 channels:", tuple(out.shape), "| same as InstanceNorm1d(3):",
      torch.equal(out, nn.InstanceNorm1d(3)(x)))
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
assert caught and torch.equal(out, nn.InstanceNorm1d(3)(x))
try:
    nn.InstanceNorm1d(5, affine=True)(x)
except ValueError as err:
    print(f"affine=True: ValueError: {err}")

# %% example-for: torch.nn.LayerNorm
# ``normalized_shape`` and ``elementwise_affine``
# -----------------------------------------------
#
# ``normalized_shape`` must equal the **last** dims of the input: an int
# means the last dim only. ``weight`` and ``bias`` have that shape.
# ``elementwise_affine=False`` removes both, ``bias=False`` only the bias.
# LayerNorm has no running statistics, so train and eval modes give the
# same output.

x = torch.randn(2, 5, 4)  # (N, sequence, features), as in a Transformer
ln = nn.LayerNorm(4)
y = ln(x)
assert torch.allclose(y, (x - x.mean(-1, keepdim=True))
                      / torch.sqrt(x.var(-1, keepdim=True, unbiased=False) + ln.eps), atol=1e-5)
assert torch.equal(ln.eval()(x), y)
assert torch.equal(ln.weight, torch.ones(4)) and torch.equal(ln.bias, torch.zeros(4))
print("LayerNorm(4):", tuple(x.shape), "->", tuple(y.shape), "| weight", tuple(ln.weight.shape))
print("initial weight:", ln.weight.data, "| bias:", ln.bias.data, "| eval output == train output:",
      torch.equal(ln.eval()(x), ln.train()(x)))
print("LayerNorm((5, 4)) weight:", tuple(nn.LayerNorm((5, 4)).weight.shape))
print("elementwise_affine=False:", list(nn.LayerNorm(4, elementwise_affine=False).state_dict()))
print("bias=False:", list(nn.LayerNorm(4, bias=False).state_dict()))
try:
    nn.LayerNorm(5)(x)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# RMSNorm, a relative used in many recent Transformers, does not subtract the
# mean: it divides by the root mean square of the same last dims, and has a
# weight but no bias.
rms = nn.RMSNorm(4)
by_hand = x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + torch.finfo(x.dtype).eps)
print("RMSNorm(4):", list(rms.state_dict()), "| equals x / sqrt(mean(x**2) + eps):",
      torch.allclose(rms(x), by_hand, atol=1e-6))
assert torch.allclose(rms(x), by_hand, atol=1e-6) and list(rms.state_dict()) == ["weight"]

# %% example-for: torch.nn.GroupNorm
# GroupNorm with one group, and with one group per channel
# --------------------------------------------------------
#
# ``num_channels`` must be divisible by ``num_groups``. With
# ``num_groups=1`` the statistics cover ``(C, H, W)`` of each sample, like
# ``LayerNorm((C, H, W))``; with ``num_groups=C`` they cover ``(H, W)`` of
# each channel, like ``InstanceNorm2d(C)``. The outputs agree while
# ``weight`` and ``bias`` keep their initial ones and zeros; the learnable
# parameters differ: GroupNorm's ``weight``
# always has shape ``(C,)``, LayerNorm's has shape ``(C, H, W)``. GroupNorm
# uses no batch statistics, so it works for a batch of one.

x = torch.randn(2, 4, 3, 3)
one_group = nn.GroupNorm(1, 4)
per_channel = nn.GroupNorm(4, 4)
layer_norm = nn.LayerNorm((4, 3, 3))
instance_norm = nn.InstanceNorm2d(4)
assert torch.allclose(one_group(x), layer_norm(x), atol=1e-5)
assert torch.allclose(per_channel(x), instance_norm(x), atol=1e-5)
print("GroupNorm(1, 4) == LayerNorm((4, 3, 3)):", torch.allclose(one_group(x), layer_norm(x), atol=1e-5))
print("GroupNorm(4, 4) == InstanceNorm2d(4):   ", torch.allclose(per_channel(x), instance_norm(x), atol=1e-5))
print("weight shapes: GroupNorm", tuple(one_group.weight.shape), "| LayerNorm", tuple(layer_norm.weight.shape))
print("batch of one in training mode:", tuple(nn.GroupNorm(2, 4)(torch.randn(1, 4, 3, 3)).shape))
gn = nn.GroupNorm(2, 4)
assert torch.equal(gn.train()(x), gn.eval()(x))
print("train output == eval output:", torch.equal(gn.train()(x), gn.eval()(x)),
      "| (N, C) input:", tuple(gn(torch.randn(2, 4)).shape))
try:
    nn.GroupNorm(3, 4)
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.nn.LocalResponseNorm
# LocalResponseNorm: each channel divided by its neighbours' energy
# -----------------------------------------------------------------
#
# For channel c, ``b_c = a_c / (k + alpha / n * sum of a_j ** 2) ** beta``,
# where the sum runs over the ``n = size`` channels
# ``c - n // 2 .. c + (n - 1) // 2`` that exist (channels past the edges
# count as zeros, the divisor stays n). The formula is checked for an odd
# and an even ``size``. It has no parameters and needs at least 3-D input
# ``(N, C, *)``.

alpha, beta, k = 0.5, 0.75, 1.0
a = torch.randn(2, 5, 4)  # (N, C, L)
C = a.shape[1]
for size in (3, 2):
    lrn = nn.LocalResponseNorm(size, alpha=alpha, beta=beta, k=k)
    manual = torch.empty_like(a)
    for c in range(C):
        lo, hi = max(0, c - size // 2), min(C - 1, c + (size - 1) // 2)
        energy = (a[:, lo:hi + 1] ** 2).sum(dim=1)
        manual[:, c] = a[:, c] / (k + alpha / size * energy) ** beta
    assert torch.allclose(lrn(a), manual, atol=1e-6)
    print(f"size={size}: matches the formula:", torch.allclose(lrn(a), manual, atol=1e-6),
          "| output", tuple(lrn(a).shape))
assert torch.equal(lrn.train()(a), lrn.eval()(a))
print("parameters:", list(lrn.parameters()), "| train == eval:", torch.equal(lrn.train()(a), lrn.eval()(a)))
try:
    lrn(torch.randn(5, 4))
except ValueError as err:
    print(f"ValueError: {' '.join(str(err).split())}")
