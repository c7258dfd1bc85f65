"""
S-shaped and hard activations: Sigmoid, LogSigmoid, Tanh, Softsign, Hardsigmoid, Hardtanh, Hardswish
=====================================================================================================

Bounded, S-shaped activations and their piecewise-linear "hard" versions,
cheaper to compute. Each cell prints the values at a few points, checks the
formula, and draws the curve with its derivative (``curve`` is defined at the
top of the script).
"""

import warnings

import torch.nn.functional as F

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

# %% example-for: torch.nn.Sigmoid
# Sigmoid: 1 / (1 + exp(-x)), between 0 and 1
# -------------------------------------------
#
# The module takes no arguments. An integer input gives a floating-point
# result.

sigmoid = nn.Sigmoid()
print(sigmoid(points))
assert torch.allclose(sigmoid(points), 1 / (1 + torch.exp(-points)))
print(sigmoid(torch.tensor([1, 2])).dtype)
curve(sigmoid, "Sigmoid", -6, 6)  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.LogSigmoid
# LogSigmoid: log(sigmoid(x)), computed stably
# --------------------------------------------
#
# For very negative ``x``, ``sigmoid(x)`` rounds to 0 and its log is
# ``-inf``; ``LogSigmoid`` returns the correct value, close to ``x``.

logsigmoid = nn.LogSigmoid()
print(logsigmoid(points))
x = torch.tensor([-200.0, 0.0, 200.0])
print("LogSigmoid:        ", logsigmoid(x))
print("log(sigmoid(x)):   ", torch.log(torch.sigmoid(x)))
assert torch.isinf(torch.log(torch.sigmoid(x))[0]) and logsigmoid(x)[0] == -200.0
assert logsigmoid(x)[2] == 0.0  # negative in exact arithmetic, rounds to 0 in float32
assert torch.allclose(logsigmoid(points), -nn.Softplus()(-points))  # LogSigmoid(x) = -Softplus(-x)
curve(logsigmoid, "LogSigmoid", -6, 6)  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.Tanh
# Tanh: between -1 and 1, centred at 0
# ------------------------------------
#
# ``tanh(x) = 2 * sigmoid(2x) - 1``: a sigmoid stretched to ``(-1, 1)``,
# with slope 1 at 0.

tanh = nn.Tanh()
print(tanh(points))
assert torch.allclose(tanh(points), 2 * torch.sigmoid(2 * points) - 1, atol=1e-6)
curve(tanh, "Tanh")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.Softsign
# Softsign: x / (1 + abs(x))
# --------------------------
#
# Also between -1 and 1, but it approaches them slowly (like ``1/x``), not
# exponentially like ``tanh``.

softsign = nn.Softsign()
print(softsign(points))
assert torch.equal(softsign(points), points / (1 + points.abs()))
print("at x = 10: softsign", softsign(torch.tensor(10.0)).item(), "| tanh", torch.tanh(torch.tensor(10.0)).item())
assert abs(softsign(torch.tensor(10.0)) - 0.909) < 1e-3 and torch.tanh(torch.tensor(10.0)) == 1.0
curve(softsign, "Softsign", -6, 6)  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.Hardsigmoid
# Hardsigmoid: relu6(x + 3) / 6
# -----------------------------
#
# 0 for ``x <= -3``, 1 for ``x >= 3``, the line ``x / 6 + 1/2`` between.

hardsigmoid = nn.Hardsigmoid()
x = torch.tensor([-4.0, -3.0, -1.5, 0.0, 1.5, 3.0, 4.0])
print(hardsigmoid(x))
assert torch.equal(hardsigmoid(x), F.relu6(x + 3) / 6)
curve(hardsigmoid, "Hardsigmoid", -5, 5)  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.Hardtanh
# Hardtanh: clamp(x, min_val, max_val)
# ------------------------------------
#
# Defaults ``min_val=-1.0``, ``max_val=1.0``; ``max_val`` must be greater
# than ``min_val``. ``Hardtanh(0, 6)`` is ``ReLU6``. The old keyword names
# ``min_value`` / ``max_value`` still work but warn.

hardtanh = nn.Hardtanh()
print(hardtanh(points))
assert torch.equal(hardtanh(points), torch.clamp(points, -1.0, 1.0))
print(nn.Hardtanh(-2.0, 2.0)(points))
try:
    nn.Hardtanh(2.0, 1.0)
except AssertionError as err:
    print(f"AssertionError: {err}")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(nn.Hardtanh(min_value=-2.0))
print(f"{caught[0].category.__name__}: {caught[0].message}")
curve(hardtanh, "Hardtanh(-1, 1)")  # curve(): plotting helper defined at the top of this script

# %% example-for: torch.nn.Hardswish
# Hardswish: x * relu6(x + 3) / 6
# -------------------------------
#
# ``x * Hardsigmoid(x)``, a piecewise version of ``SiLU = x * sigmoid(x)``:
# 0 for ``x <= -3``, ``x`` for ``x >= 3``.

hardswish = nn.Hardswish()
x = torch.tensor([-4.0, -3.0, -1.5, 0.0, 1.5, 3.0, 4.0])
print(hardswish(x))
assert torch.equal(hardswish(x), x * F.relu6(x + 3) / 6)
inside = x[(x > -3) & (x < 3)]
assert torch.allclose(hardswish(inside), inside * (inside + 3) / 6)
print("SiLU for comparison:", nn.SiLU()(x))
curve(hardswish, "Hardswish", -5, 5)  # curve(): plotting helper defined at the top of this script
