"""
Which axes do the normalisation layers average over?
====================================================

``BatchNorm2d``, ``InstanceNorm2d``, ``LayerNorm`` and ``GroupNorm`` all
compute ``(x - mean) / sqrt(var + eps)`` followed by an optional learnable
scale and shift. They differ in the set of elements one mean and one
variance are taken over. On an ``(N, C, H, W)`` batch this script
recomputes each layer's statistics by hand with ``mean`` and
``var(unbiased=False)``, checks the layer's output against them, and prints
the shape of the statistics and of the learnable ``weight``.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
N, C, H, W = 4, 6, 3, 3
x = torch.randn(N, C, H, W) * 2 + 1
eps = 1e-5


def by_hand(t, dims):
    """Normalise t with statistics taken over dims; also return the mean."""
    mean = t.mean(dim=dims, keepdim=True)
    var = t.var(dim=dims, keepdim=True, unbiased=False)
    return (t - mean) / torch.sqrt(var + eps), mean


# %% example-for: norm-axes, torch.nn.BatchNorm2d
# BatchNorm: one mean per channel, over the batch and the positions
# -----------------------------------------------------------------
#
# In training mode ``BatchNorm2d(C)`` takes its statistics over dims
# ``(0, 2, 3)``: C means, each from N * H * W numbers. Its ``weight`` and
# ``bias`` have one value per channel.

bn = nn.BatchNorm2d(C)
expected, mean = by_hand(x, (0, 2, 3))
assert torch.allclose(bn(x), expected, atol=1e-5)
print("BatchNorm2d  statistics shape:", tuple(mean.shape), "| weight shape:", tuple(bn.weight.shape))

# %% example-for: norm-axes, torch.nn.InstanceNorm2d
# InstanceNorm: one mean per sample and channel, over the positions
# -----------------------------------------------------------------
#
# ``InstanceNorm2d(C)`` takes its statistics over dims ``(2, 3)`` only:
# N * C means, each from H * W numbers. By default it has no ``weight`` at
# all (``affine=False``); with ``affine=True`` the weight has shape ``(C,)``.

inorm = nn.InstanceNorm2d(C)
expected, mean = by_hand(x, (2, 3))
assert torch.allclose(inorm(x), expected, atol=1e-5)
print("InstanceNorm2d statistics shape:", tuple(mean.shape), "| weight:", inorm.weight)
print("with affine=True, weight shape:", tuple(nn.InstanceNorm2d(C, affine=True).weight.shape))

# %% example-for: norm-axes, torch.nn.LayerNorm
# LayerNorm: one mean per sample, over the trailing ``normalized_shape``
# ----------------------------------------------------------------------
#
# ``LayerNorm(normalized_shape)`` takes its statistics over the last
# ``len(normalized_shape)`` dims. With ``normalized_shape=(C, H, W)``: N
# means. Its ``weight`` has the shape ``normalized_shape`` itself, one value
# per element, not one per channel.

ln = nn.LayerNorm((C, H, W))
expected, mean = by_hand(x, (1, 2, 3))
assert torch.allclose(ln(x), expected, atol=1e-5)
print("LayerNorm    statistics shape:", tuple(mean.shape), "| weight shape:", tuple(ln.weight.shape))

# %% example-for: norm-axes, torch.nn.GroupNorm
# GroupNorm: one mean per sample and group of channels
# ----------------------------------------------------
#
# ``GroupNorm(G, C)`` splits the C channels into G groups of C / G
# consecutive channels and takes statistics over each group's channels and
# positions: N * G means. Reshaping to ``(N, G, C // G, H, W)`` makes the
# dims explicit. Its ``weight`` has one value per channel, not per group.

G = 2
gn = nn.GroupNorm(G, C)
grouped = x.view(N, G, C // G, H, W)
expected, mean = by_hand(grouped, (2, 3, 4))
assert torch.allclose(gn(x), expected.view(N, C, H, W), atol=1e-5)
print("GroupNorm    statistics shape:", tuple(mean.squeeze((2, 3, 4)).shape),
      "| weight shape:", tuple(gn.weight.shape))

# %% example-for: norm-axes
# The summary, side by side
# -------------------------
#
# The output always has the input's shape; only the number of statistics
# changes.

for name, layer, t, dims in [
    ("BatchNorm2d(6)", bn, x, (0, 2, 3)),
    ("InstanceNorm2d(6)", inorm, x, (2, 3)),
    ("LayerNorm((6, 3, 3))", ln, x, (1, 2, 3)),
    ("GroupNorm(2, 6)", gn, grouped, (2, 3, 4)),
]:
    _, mean = by_hand(t, dims)
    print(f"{name:22s} output {tuple(layer(x).shape)}  means: {mean.numel():2d}")
