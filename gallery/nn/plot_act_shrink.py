"""
Shrinkage: Hardshrink, Softshrink, Tanhshrink
=============================================

Shrink functions set small inputs to zero (or close to it) and keep the
large ones, as in denoising and sparse coding. Each cell prints the values at
a few points, checks the formula, and draws the curve with its derivative
(``curve`` is defined at the top of the script).
"""

import matplotlib.pyplot as plt
import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
points = torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0])


def curve(f, title, lo=-4.0, hi=4.0):
    """Draw f(x) (solid) and its derivative from autograd (dashed) on [lo, hi]."""
    x = torch.linspace(lo, hi, 401, requires_grad=True)
    y = f(x)
    (dy,) = torch.autograd.grad(y.sum(), x)
    fig, ax = plt.subplots(figsize=(3.2, 2.2))
    ax.axhline(0, color="0.8", lw=0.6)
    ax.axvline(0, color="0.8", lw=0.6)
    ax.plot(x.detach(), y.detach(), lw=1.5, label="f(x)")
    ax.plot(x.detach(), dy, "--", lw=1.0, label="f'(x)")
    ax.set_title(title, fontsize=8)
    ax.set_xlabel("x", fontsize=7)
    ax.tick_params(labelsize=7)
    ax.legend(fontsize=6, frameon=False)
    plt.tight_layout()

# %% example-for: torch.nn.Hardshrink
# Hardshrink: x if abs(x) > lambd, else 0
# ---------------------------------------
#
# Default ``lambd=0.5``; an input exactly at ``±lambd`` becomes 0.

hardshrink = nn.Hardshrink()
print(hardshrink)
print(points)
print(hardshrink(points))
assert torch.equal(hardshrink(points), torch.where(points.abs() > 0.5, points, torch.tensor(0.0)))
print(nn.Hardshrink(lambd=1.5)(points))
curve(hardshrink, "Hardshrink (lambd=0.5)", -2, 2)  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.Softshrink
# Softshrink: moves every value towards 0 by lambd
# ------------------------------------------------
#
# ``x - lambd`` if ``x > lambd``, ``x + lambd`` if ``x < -lambd``, else 0
# (default ``lambd=0.5``). Unlike ``Hardshrink``, the output is continuous.
# ``lambd`` must not be negative.

softshrink = nn.Softshrink()
print(softshrink(points))
expected = torch.sign(points) * torch.clamp(points.abs() - 0.5, min=0)
assert torch.equal(softshrink(points), expected)
try:
    nn.Softshrink(-1.0)(points)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
curve(softshrink, "Softshrink (lambd=0.5)", -2, 2)  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.Tanhshrink
# Tanhshrink: x - tanh(x)
# -----------------------
#
# Near 0 it is flat (about ``x**3 / 3``); for large ``|x|`` it approaches
# ``x - 1`` or ``x + 1``. It has no arguments.

tanhshrink = nn.Tanhshrink()
print(tanhshrink(points))
assert torch.equal(tanhshrink(points), points - torch.tanh(points))
small = torch.tensor([0.1, 0.2])
print(tanhshrink(small), small**3 / 3)
curve(tanhshrink, "Tanhshrink")  # curve(): plotting helper defined at the top of this script
