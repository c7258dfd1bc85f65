"""
Smooth activations: ELU, CELU, SELU, SiLU, Softplus
===================================================

Activations that are linear (or nearly) for large positive inputs and bend
smoothly for negative ones. Each cell prints the values at a few points,
checks the formula, and draws the curve with its derivative (``curve`` is
defined at the top of the script).
"""

import math

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

# %% example-for: torch.nn.ELU
# ELU: x for x > 0, alpha * (exp(x) - 1) otherwise
# ------------------------------------------------
#
# Negative inputs approach ``-alpha`` (default ``alpha=1.0``) instead of 0.

elu = nn.ELU()
print(elu(points))
assert torch.allclose(elu(points), torch.where(points > 0, points, torch.expm1(points)))
print(nn.ELU(alpha=2.0)(torch.tensor([-100.0, -1.0])))  # tends to -alpha
z = torch.randn(10000)
print(f"mean output on randn input: ELU {elu(z).mean():.3f}, ReLU {torch.relu(z).mean():.3f}")
assert abs(elu(z).mean()) < abs(torch.relu(z).mean())
# Slope just left and right of 0: equal only for alpha=1.
x = torch.tensor([-1e-4, 1e-4], requires_grad=True)
for a in (1.0, 2.0):
    (g,) = torch.autograd.grad(nn.ELU(alpha=a)(x).sum(), x)
    print(f"ELU(alpha={a:g}) slopes at -1e-4, 1e-4:", g)
    assert torch.allclose(g, torch.tensor([a, 1.0]), atol=1e-3)
curve(elu, "ELU (alpha=1)")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.CELU
# CELU: max(0, x) + min(0, alpha * (exp(x / alpha) - 1))
# ------------------------------------------------------
#
# CELU divides ``x`` by ``alpha`` inside the exponential, which keeps its
# slope at 0 equal to 1 for every ``alpha``. With ``alpha=1`` (the default)
# it gives exactly the same values as ``ELU``; with another ``alpha`` the two
# differ.

celu = nn.CELU()
print(celu(points))
assert torch.equal(celu(points), nn.ELU()(points))
x = torch.tensor([-3.0, -1.0, 1.0])
print("CELU(2):", nn.CELU(alpha=2.0)(x), "| ELU(2):", nn.ELU(alpha=2.0)(x))
expected = torch.clamp(x, min=0) + torch.clamp(2.0 * torch.expm1(x / 2.0), max=0)
assert torch.allclose(nn.CELU(alpha=2.0)(x), expected)
x0 = torch.tensor([-1e-4, 1e-4], requires_grad=True)
(g,) = torch.autograd.grad(nn.CELU(alpha=2.0)(x0).sum(), x0)
print("CELU(2) slopes at -1e-4, 1e-4:", g)
assert torch.allclose(g, torch.ones(2), atol=1e-3)
curve(nn.CELU(alpha=2.0), "CELU (alpha=2)")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.SELU
# SELU: scale * ELU with fixed alpha
# ----------------------------------
#
# ``scale * (x if x > 0 else alpha * (exp(x) - 1))`` with constants
# ``alpha ≈ 1.6733`` and ``scale ≈ 1.0507``, chosen so that activations keep
# mean 0 and variance 1 through a deep network (self-normalising). It has no
# arguments besides ``inplace``.

alpha, scale = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946
selu = nn.SELU()
print(selu(points))
print(selu(torch.tensor([-100.0])), "-> -scale * alpha =", -scale * alpha)
assert torch.allclose(selu(points), scale * torch.where(points > 0, points, alpha * torch.expm1(points)))

# With standard-normal inputs and weights of variance 1/fan_in, the outputs
# stay near mean 0, std 1 after 8 layers:
h = torch.randn(2000, 256)
for _ in range(8):
    h = selu(h @ (torch.randn(256, 256) / math.sqrt(256)))
print(f"after 8 SELU layers: mean {h.mean():.3f}, std {h.std():.3f}")
assert abs(h.mean()) < 0.1 and abs(h.std() - 1) < 0.1
curve(selu, "SELU")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.SiLU
# SiLU (swish): x * sigmoid(x)
# ----------------------------
#
# Smooth, not monotonic: it dips to about -0.278 near ``x = -1.28`` before
# tending to 0.

silu = nn.SiLU()
print(silu(points))
assert torch.allclose(silu(points), points * torch.sigmoid(points))
grid = torch.linspace(-4, 0, 4001)
print(f"minimum {silu(grid).min():.4f} at x = {grid[silu(grid).argmin()]:.2f}")
assert abs(silu(grid).min() + 0.278) < 1e-3 and abs(grid[silu(grid).argmin()] + 1.28) < 0.01
curve(silu, "SiLU")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.Softplus
# Softplus: log(1 + exp(beta * x)) / beta, linear above the threshold
# -------------------------------------------------------------------
#
# A smooth ReLU that is always positive. Larger ``beta`` (default 1) bends
# it closer to ReLU. Where ``beta * x > threshold`` (default 20) the module
# returns ``x`` itself, to avoid overflow in ``exp``; the true value differs
# from ``x`` by less than float32 can show there. A small ``threshold``
# makes the switch visible.

softplus = nn.Softplus()
print(softplus)
print(softplus(points))
assert torch.allclose(softplus(points), torch.log1p(torch.exp(points)))
print(nn.Softplus(beta=4.0)(points))

x = torch.tensor([0.5, 1.0, 2.0, 3.0])
print("threshold=1:", nn.Softplus(threshold=1.0)(x))
print("formula:    ", torch.log1p(torch.exp(x)))
assert torch.equal(nn.Softplus(threshold=1.0)(x)[2:], x[2:])  # beta * x > 1: x itself
# In float64 the default threshold is visible too: 19 is computed, 21 is returned as is.
x64 = torch.tensor([19.0, 21.0], dtype=torch.float64)
print("float64, softplus(x) - x:", softplus(x64) - x64)
assert softplus(x64)[1] == 21.0
curve(softplus, "Softplus (beta=1)")  # curve(): plotting helper defined at the top of this script
