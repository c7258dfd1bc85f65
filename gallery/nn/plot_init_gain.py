"""
The gain of a nonlinearity: ``calculate_gain``
==============================================

``torch.nn.init.calculate_gain`` returns the factor by which an initializer
scales the standard deviation of the weights so that the signal keeps its
size through a layer followed by that nonlinearity. This script computes the
whole table, shows which names are accepted, and compares the two choices for
SELU networks.
"""

import math

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: init-gain-table, torch.nn.init.calculate_gain
# The gain table, computed
# ------------------------
#
# The names are the ``torch.nn.functional`` names of the operations. The
# linear and convolution names and ``'sigmoid'`` return the Python ``int``
# ``1``; the others return a ``float``. ``'leaky_relu'`` uses its
# ``param`` as the negative slope, ``0.01`` when it is not given.

names = ["linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d",
         "conv_transpose2d", "conv_transpose3d", "sigmoid", "tanh", "relu",
         "leaky_relu", "selu"]
print(f"{'nonlinearity':<24} {'gain':>10}  type")
for name in names:
    gain = nn.init.calculate_gain(name)
    print(f"{name:<24} {gain:>10.6f}  {type(gain).__name__}")
for slope in (0.2, 0.0, 1.0):
    gain = nn.init.calculate_gain("leaky_relu", slope)
    print(f"{'leaky_relu, param=' + str(slope):<24} {gain:>10.6f}  {type(gain).__name__}")

assert nn.init.calculate_gain("tanh") == 5 / 3
assert nn.init.calculate_gain("relu") == math.sqrt(2)
assert nn.init.calculate_gain("selu") == 0.75
assert nn.init.calculate_gain("leaky_relu") == math.sqrt(2 / (1 + 0.01**2))
assert nn.init.calculate_gain("leaky_relu", 0.2) == math.sqrt(2 / (1 + 0.2**2))
assert nn.init.calculate_gain("leaky_relu", 0.0) == nn.init.calculate_gain("relu")

# %% example-for: init-gain-names, torch.nn.init.calculate_gain
# Functional names only
# ---------------------
#
# ``calculate_gain`` compares the string with the lowercase functional names.
# The module class names (``'Tanh'``, ``'ReLU'``) and functions it does not
# list (``'gelu'``) are refused with a ``ValueError``. ``param`` is read
# only for ``'leaky_relu'``: it must be an ``int`` or ``float`` (not a
# ``bool`` or a string), and other names ignore it.

print("tanh ->", nn.init.calculate_gain("tanh"))
for name in ("Tanh", "ReLU", "gelu"):
    try:
        nn.init.calculate_gain(name)
    except ValueError as err:
        print(f"ValueError: {err}")

print("relu with param=0.2 ->", nn.init.calculate_gain("relu", 0.2))
for param in (True, "0.2"):
    try:
        nn.init.calculate_gain("leaky_relu", param)
    except ValueError as err:
        print(f"ValueError: {err}")

# %% example-for: init-selu-linear
# SELU networks: ``nonlinearity='linear'``, not ``'selu'``
# --------------------------------------------------------
#
# Self-normalizing networks need weights of variance ``1 / fan_in``, which is
# gain 1: ``nonlinearity='linear'``. The gain that ``'selu'`` returns, 0.75,
# makes every layer shrink the signal. Below, a stack of 32 layers of
# ``selu(x @ w.T)`` is fed standard normal inputs; the mean and standard
# deviation of the activations are printed after some layers.

def selu_stack(nonlinearity, depth=32, width=256):
    torch.manual_seed(0)
    x = torch.randn(512, width)
    stats = {}
    for layer in range(1, depth + 1):
        w = nn.init.kaiming_normal_(torch.empty(width, width), nonlinearity=nonlinearity)
        x = F.selu(x @ w.T)
        if layer in (1, 4, 16, 32):
            stats[layer] = (x.mean().item(), x.std().item())
    return stats


for nonlinearity in ("linear", "selu"):
    stats = selu_stack(nonlinearity)
    cells = "  ".join(f"layer {k}: {m:+.2f}/{s:.2f}" for k, (m, s) in stats.items())
    print(f"{nonlinearity:<7} mean/std  {cells}")

linear_std = selu_stack("linear")[32][1]
selu_std = selu_stack("selu")[32][1]
assert abs(linear_std - 1) < 0.05  # stays self-normalized
assert selu_std < 0.5  # shrinks layer after layer
