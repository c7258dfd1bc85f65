"""
The ReLU family: ReLU, ReLU6, LeakyReLU, PReLU, RReLU, Threshold
=================================================================

Piecewise-linear activations: each keeps positive inputs (up to a cap for
``ReLU6``) and does something different with the negative ones. Each cell
prints the values at a few points, checks the formula, and draws the curve
with its derivative (``curve`` is defined at the top of the script).
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

# %% example-for: torch.nn.ReLU
# ReLU, and what ``inplace=True`` overwrites
# ------------------------------------------
#
# ``ReLU()(x) = max(0, x)``. With ``inplace=True`` the module writes the
# result into its input tensor and returns that same tensor: the input's
# negative values are gone. Autograd refuses this on a leaf that requires
# grad, and ``backward()`` fails when the overwritten tensor was saved for
# the backward pass (``sigmoid`` saves its output).

relu = nn.ReLU()
print(points)
print(relu(points))
assert torch.equal(relu(points), torch.maximum(points, torch.tensor(0.0)))
p = points.clone().requires_grad_()
(g,) = torch.autograd.grad(relu(p).sum(), p)
print("derivative:", g)  # 0 for x <= 0 (at 0 too), 1 for x > 0
assert torch.equal(g, (points > 0).float())
print(relu(torch.tensor([-3, 4])))  # an int64 input stays int64

t = points.clone()
out = nn.ReLU(inplace=True)(t)
print("input after inplace ReLU:", t, "| same tensor:", out is t)

leaf = torch.tensor([-1.0, 2.0], requires_grad=True)
try:
    nn.ReLU(inplace=True)(leaf)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
s = torch.sigmoid(leaf)
nn.ReLU(inplace=True)(s)
try:
    s.sum().backward()
except RuntimeError as err:
    print(f"RuntimeError: {str(err)[:110]}...")
curve(relu, "ReLU")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.ReLU6
# ReLU6 = min(max(0, x), 6)
# -------------------------
#
# The output is capped at 6: the same as ``Hardtanh(0, 6)``.

relu6 = nn.ReLU6()
x = torch.tensor([-2.0, 0.0, 3.0, 6.0, 9.0])
print(relu6(x))
assert torch.equal(relu6(x), torch.clamp(x, 0, 6))
assert torch.equal(relu6(x), nn.Hardtanh(0.0, 6.0)(x))
curve(relu6, "ReLU6", -3, 9)  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.LeakyReLU
# LeakyReLU: a small slope for negative inputs
# --------------------------------------------
#
# ``x`` for ``x >= 0``, ``negative_slope * x`` otherwise; the default slope
# is 0.01, so the gradient for negative inputs is 0.01 rather than 0.

leaky = nn.LeakyReLU()
print(leaky)
print(leaky(points))
assert leaky.negative_slope == 0.01
assert torch.equal(leaky(points), torch.where(points >= 0, points, 0.01 * points))
p = points.clone().requires_grad_()
(g,) = torch.autograd.grad(leaky(p).sum(), p)
assert torch.equal(g[points < 0], torch.full_like(g[points < 0], 0.01))  # gradient: the slope
print(nn.LeakyReLU(0.2)(points))
curve(nn.LeakyReLU(0.1), "LeakyReLU(0.1)")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.PReLU
# PReLU learns its negative slope
# -------------------------------
#
# The slope is a parameter, ``weight``, initialised to ``init=0.25``. With
# ``num_parameters=1`` one slope is shared by every element; with
# ``num_parameters=C`` each channel (dimension 1 of the input) has its own,
# and the input's dimension 1 must have size ``C``. The slope receives a
# gradient: the sum of the negative inputs (times the upstream gradient).

prelu = nn.PReLU()
print(list(prelu.named_parameters()))
x = torch.tensor([-2.0, -1.0, 1.0, 2.0])
y = prelu(x)
y.sum().backward()
print(y)
print("weight.grad:", prelu.weight.grad)
assert prelu.weight.grad.item() == x[x < 0].sum().item()

per_channel = nn.PReLU(num_parameters=3)
print(per_channel.weight.shape, per_channel(torch.randn(2, 3, 5)).shape)
try:
    per_channel(torch.randn(2, 4, 5))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
curve(nn.PReLU(), "PReLU (weight 0.25)")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.RReLU
# RReLU: a random slope in training, a fixed one in eval
# ------------------------------------------------------
#
# In training mode each negative element gets its own slope drawn uniformly
# from ``[lower, upper]`` (default ``[1/8, 1/3]``), new at every call; in
# ``eval()`` mode the slope is the fixed mean ``(lower + upper) / 2``.

rrelu = nn.RReLU()
neg = -torch.ones(6)
print("train:", rrelu(neg))
print("train:", rrelu(neg))
slopes = -rrelu(neg)
assert ((slopes >= 1 / 8) & (slopes <= 1 / 3)).all()
rrelu.eval()
print("eval: ", rrelu(neg), "| (lower + upper) / 2 =", (1 / 8 + 1 / 3) / 2)
assert torch.allclose(rrelu(neg), torch.full((6,), -(1 / 8 + 1 / 3) / 2))
print(rrelu(torch.tensor([2.0])))  # positive inputs pass unchanged in both modes
curve(rrelu, "RReLU (eval)")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.Threshold
# Threshold(threshold, value): y = x if x > threshold else value
# --------------------------------------------------------------
#
# Both arguments are required. The comparison is strict: an input equal to
# ``threshold`` is replaced too. ``nn.ReLU()`` is ``Threshold(0, 0)``.
# Replaced elements get the gradient 0.

th = nn.Threshold(0.5, -1.0)
x = torch.tensor([0.2, 0.5, 0.7, 3.0])
print(th(x))
assert torch.equal(th(x), torch.where(x > 0.5, x, torch.tensor(-1.0)))
assert torch.equal(nn.Threshold(0.0, 0.0)(points), nn.ReLU()(points))
xg = x.clone().requires_grad_()
(g,) = torch.autograd.grad(th(xg).sum(), xg)
print("gradient:", g)
try:
    nn.Threshold()
except TypeError as err:
    print(f"TypeError: {err}")
curve(th, "Threshold(0.5, -1)")  # curve(): plotting helper defined at the top of this script
