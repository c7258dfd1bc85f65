"""
Fan-in, fan-out, Xavier and Kaiming initialization
==================================================

Xavier (Glorot) and Kaiming (He) initialization choose the spread of the
weights from the layer's fan-in and fan-out: the number of inputs each
output sums over, and the number of outputs each input feeds. This script shows how ``torch.nn.init``
computes the fans from a weight's shape, checks each formula on a large
drawn tensor, and shows what ``nn.Linear`` and ``nn.Conv2d`` do by default.
"""

import math

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def fans(weight):
    """fan_in, fan_out as torch.nn.init computes them (dim 1, dim 0, times the rest)."""
    receptive_field = math.prod(weight.shape[2:])
    return weight.shape[1] * receptive_field, weight.shape[0] * receptive_field


# %% example-for: init-fan-in-fan-out
# Fans from the weight's shape
# ----------------------------
#
# A ``Linear(in_features, out_features)`` stores its weight as
# ``(out_features, in_features)``, so ``fan_in = size(1)`` and
# ``fan_out = size(0)``. A convolution weight
# ``(out_channels, in_channels / groups, *kernel_size)`` multiplies both by
# the receptive field, the product of the kernel sizes. A transposed
# convolution stores ``(in_channels, out_channels / groups, *kernel_size)``,
# so its "fan_in" is computed from its output channels. The helper ``fans``
# above mirrors the private ``nn.init._calculate_fan_in_and_fan_out``.

layers = {
    "Linear(20, 7)": nn.Linear(20, 7),
    "Conv2d(3, 16, (5, 3))": nn.Conv2d(3, 16, (5, 3)),
    "Conv2d(4, 8, 3, groups=2)": nn.Conv2d(4, 8, 3, groups=2),
    "ConvTranspose2d(3, 16, 3)": nn.ConvTranspose2d(3, 16, 3),
}
for name, layer in layers.items():
    shape = tuple(layer.weight.shape)
    fan_in, fan_out = fans(layer.weight)
    print(f"{name:<26} weight {str(shape):<16} fan_in {fan_in:>3}  fan_out {fan_out:>3}")
    assert (fan_in, fan_out) == nn.init._calculate_fan_in_and_fan_out(layer.weight)

try:
    nn.init.xavier_uniform_(torch.empty(5))
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.nn.init.xavier_uniform_
# ``xavier_uniform_``: U(-a, a), a = gain * sqrt(6 / (fan_in + fan_out))
# ----------------------------------------------------------------------
#
# Xavier uses both fans. The standard deviation of U(-a, a) is
# ``a / sqrt(3) = gain * sqrt(2 / (fan_in + fan_out))``, the same as
# ``xavier_normal_``. The ``gain`` is given as a number, usually from
# ``calculate_gain``.

w = nn.init.xavier_uniform_(torch.empty(300, 500))
fan_in, fan_out = fans(w)
bound = math.sqrt(6 / (fan_in + fan_out))
print(f"bound {bound:.5f}  max |w| {w.abs().max():.5f}")
print(f"formula std {bound / math.sqrt(3):.5f}  empirical std {w.std():.5f}")
assert w.abs().max() <= bound
assert math.isclose(w.std().item(), bound / math.sqrt(3), rel_tol=0.01)

w = nn.init.xavier_uniform_(torch.empty(300, 500), gain=nn.init.calculate_gain("tanh"))
print(f"gain 5/3: max |w| {w.abs().max():.5f} <= {5 / 3 * bound:.5f}")
assert w.abs().max() <= 5 / 3 * bound

# %% example-for: torch.nn.init.xavier_normal_
# ``xavier_normal_``: N(0, std**2), std = gain * sqrt(2 / (fan_in + fan_out))
# ---------------------------------------------------------------------------
#
# Swapping the two dimensions swaps the fans but not their sum, so the std
# is the same for a ``(300, 500)`` and a ``(500, 300)`` weight.

for shape in ((300, 500), (500, 300), (64, 32, 3, 3)):
    w = nn.init.xavier_normal_(torch.empty(shape))
    fan_in, fan_out = fans(w)
    std = math.sqrt(2 / (fan_in + fan_out))
    print(f"{str(shape):<16} fan_in {fan_in:>3} fan_out {fan_out:>3}  "
          f"formula std {std:.5f}  empirical {w.std():.5f}")
    assert math.isclose(w.std().item(), std, rel_tol=0.01)

# %% example-for: torch.nn.init.kaiming_normal_
# ``kaiming_normal_``: N(0, std**2), std = gain / sqrt(fan)
# ---------------------------------------------------------
#
# Kaiming uses one fan, chosen by ``mode``: ``'fan_in'`` (the default) keeps
# the size of the activations in the forward pass, ``'fan_out'`` the size of
# the gradients in the backward pass. The gain comes from ``nonlinearity``
# (default ``'leaky_relu'``) and ``a``, the negative slope, which is used
# only with ``'leaky_relu'``. With the defaults (``a=0``) the gain is
# ``sqrt(2)``, the same as ``nonlinearity='relu'``.

shape = (256, 64, 3, 3)  # a Conv2d(64, 256, 3) weight
fan_in, fan_out = fans(torch.empty(shape))
print("fan_in", fan_in, "fan_out", fan_out)
for mode in ("fan_in", "fan_out"):
    w = nn.init.kaiming_normal_(torch.empty(shape), mode=mode, nonlinearity="relu")
    fan = fan_in if mode == "fan_in" else fan_out
    std = math.sqrt(2) / math.sqrt(fan)
    print(f"mode={mode:<8} formula std {std:.5f}  empirical {w.std():.5f}")
    assert math.isclose(w.std().item(), std, rel_tol=0.01)

g = torch.Generator()
default = nn.init.kaiming_normal_(torch.empty(4, 5), generator=g.manual_seed(0))
relu = nn.init.kaiming_normal_(torch.empty(4, 5), nonlinearity="relu", generator=g.manual_seed(0))
print("default (leaky_relu, a=0) equals relu:", torch.equal(default, relu))
assert torch.equal(default, relu)

try:
    nn.init.kaiming_normal_(torch.empty(4, 5), mode="fan_avg")
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.nn.init.kaiming_uniform_
# ``kaiming_uniform_``: U(-bound, bound), bound = gain * sqrt(3 / fan)
# --------------------------------------------------------------------
#
# The uniform version has the same standard deviation, ``gain / sqrt(fan)``.
# ``a`` changes the gain only for ``'leaky_relu'``:
# ``gain = sqrt(2 / (1 + a**2))``.

for a in (0.0, 0.2):
    w = nn.init.kaiming_uniform_(torch.empty(512, 400), a=a)
    gain = nn.init.calculate_gain("leaky_relu", a)
    bound = gain * math.sqrt(3 / 400)
    print(f"a={a}: bound {bound:.5f}  max |w| {w.abs().max():.5f}  "
          f"formula std {gain / math.sqrt(400):.5f}  empirical {w.std():.5f}")
    assert w.abs().max() <= bound
    assert math.isclose(w.std().item(), gain / math.sqrt(400), rel_tol=0.01)

# %% example-for: init-module-defaults, torch.nn.init.kaiming_uniform_
# What ``nn.Linear`` and ``nn.Conv2d`` do on their own
# ----------------------------------------------------
#
# ``nn.Linear.reset_parameters`` calls ``kaiming_uniform_(weight,
# a=math.sqrt(5))``. With that slope the gain is ``sqrt(1/3)`` and the bound
# becomes ``1 / sqrt(fan_in)``: a plain U(-1/sqrt(fan_in), 1/sqrt(fan_in)).
# The bias is drawn from the same range. ``nn.Conv2d`` does the same with its
# own fan_in. Re-drawing with the same seed reproduces the layer exactly.

torch.manual_seed(0)
layer = nn.Linear(20, 7)

torch.manual_seed(0)
weight = nn.init.kaiming_uniform_(torch.empty(7, 20), a=math.sqrt(5))
bias = nn.init.uniform_(torch.empty(7), -1 / math.sqrt(20), 1 / math.sqrt(20))
print("same weight:", torch.equal(layer.weight, weight), "| same bias:", torch.equal(layer.bias, bias))
print(f"gain(a=sqrt(5)) * sqrt(3 / 20) = "
      f"{nn.init.calculate_gain('leaky_relu', math.sqrt(5)) * math.sqrt(3 / 20):.6f}"
      f"  1 / sqrt(20) = {1 / math.sqrt(20):.6f}")
assert torch.equal(layer.weight, weight) and torch.equal(layer.bias, bias)

conv = nn.Conv2d(3, 16, 3)
print(f"Conv2d(3, 16, 3): max |w| {conv.weight.abs().max():.4f} <= 1/sqrt(27) = {1 / math.sqrt(27):.4f}")
assert conv.weight.abs().max() <= 1 / math.sqrt(27)

# The default spread, 1 / sqrt(3 * fan_in), is sqrt(6) times smaller than
# He initialization for ReLU, sqrt(2 / fan_in).
default_std, he_std = 1 / math.sqrt(3 * 20), math.sqrt(2 / 20)
print(f"default std {default_std:.4f}  He (relu) std {he_std:.4f}  ratio {he_std / default_std:.4f}"
      f"  sqrt(6) {math.sqrt(6):.4f}")
assert math.isclose(he_std / default_std, math.sqrt(6))

# To use another scheme, re-initialise the parameters after building the
# layer, for example for a ReLU network:
nn.init.kaiming_normal_(layer.weight, nonlinearity="relu")
nn.init.zeros_(layer.bias)
print(f"after kaiming_normal_: std of the 140 weights {layer.weight.std():.4f} "
      f"(formula sqrt(2 / 20) = {math.sqrt(2 / 20):.4f}), bias {layer.bias.tolist()}")
