"""
GELU, its tanh approximation, and the gated linear unit
=======================================================

``GELU`` weights each input by the probability that a standard normal value
is below it; ``approximate='tanh'`` computes a close formula with ``tanh``.
``GLU`` splits its input in two halves and lets one half gate the other:
GELU's ``x * Phi(x)`` is the same idea with the input gating itself.
"""

import math

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: act-gelu-tanh
# Exact GELU and the tanh formula
# -------------------------------
#
# Exact: ``x * Phi(x)``, with ``Phi(x) = (1 + erf(x / sqrt(2))) / 2``.
# ``approximate='tanh'``: ``0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))``.
# Both are computed by hand and compared with the module; the largest
# difference between the two forms is printed and drawn.

x = torch.linspace(-6, 6, 12001)
exact = nn.GELU()(x)
approx = nn.GELU(approximate="tanh")(x)
by_hand_exact = x * 0.5 * (1 + torch.erf(x / math.sqrt(2)))
by_hand_tanh = 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))
print("exact vs by hand:", (exact - by_hand_exact).abs().max().item())
print("tanh  vs by hand:", (approx - by_hand_tanh).abs().max().item())
assert torch.allclose(exact, by_hand_exact, atol=1e-6)
assert torch.allclose(approx, by_hand_tanh, atol=1e-6)

diff = approx - exact
i = diff.abs().argmax()
print(f"largest |tanh - exact| = {diff.abs().max():.2e} at x = {x[i]:.2f}")
assert diff.abs().max() < 5e-4 and abs(x[i].abs() - 2.7) < 0.05

fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(6, 2.6))
ax1.plot(x, exact, label="exact")
ax1.plot(x, approx, "--", label="tanh")
ax1.set_xlim(-4, 4)
ax1.set_ylim(-0.5, 4)
ax1.set_xlabel("x")
ax1.set_ylabel("GELU(x)")
ax1.legend(fontsize=8)
ax2.plot(x, diff, color="tab:red")
ax2.set_xlabel("x")
ax2.set_ylabel("tanh - exact")
plt.tight_layout()

# %% example-for: act-glu
# GLU halves a dimension; the gated family
# ----------------------------------------
#
# ``GLU(dim)`` splits its input into halves ``a`` and ``b`` along ``dim`` and
# returns ``a * sigmoid(b)``; that dimension must have even size. Feeding it
# ``[x, x]`` gives ``x * sigmoid(x)``, which is ``SiLU``: a unit gated by
# itself. ``GELU(x) = x * Phi(x)`` is the same kind of self-gating. GEGLU, used
# in transformer feed-forward layers, puts GELU on the gate half instead of
# the sigmoid: ``a * gelu(b)``, where ``a`` and ``b`` come from one linear
# layer with twice the output features. It is not a module of ``torch.nn``;
# it takes three lines.

glu = nn.GLU()
x = torch.randn(2, 6)
y = glu(x)
a, b = x.chunk(2, dim=-1)
print(x.shape, "->", y.shape)
assert torch.allclose(y, a * torch.sigmoid(b))
try:
    glu(torch.randn(2, 5))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

t = torch.linspace(-3, 3, 7)
assert torch.allclose(glu(torch.cat([t, t])), nn.SiLU()(t))


class GEGLU(nn.Module):
    def __init__(self, d_in, d_hidden):
        super().__init__()
        self.proj = nn.Linear(d_in, 2 * d_hidden)  # a and b from one layer

    def forward(self, x):
        a, b = self.proj(x).chunk(2, dim=-1)
        return a * F.gelu(b)


geglu = GEGLU(6, 4)
print("GEGLU:", x.shape, "->", geglu(x).shape)

# %% example-for: torch.nn.GELU
# nn.GELU
# -------
#
# ``approximate`` is ``'none'`` (default, exact) or ``'tanh'``; any other
# string is refused when the module is called, not when it is built. Unlike
# ``ReLU``, ``GELU`` refuses integer tensors.

gelu = nn.GELU()
points = torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0])
print(gelu)
print(gelu(points))
print(nn.GELU(approximate="tanh")(points))
wrong = nn.GELU(approximate="fast")  # accepted here
try:
    wrong(points)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    gelu(torch.tensor([1, 2]))
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")
grid = torch.linspace(-3, 0, 3001)
print(f"minimum {gelu(grid).min():.4f} at x = {grid[gelu(grid).argmin()]:.2f}")
assert abs(gelu(grid).min() + 0.17) < 1e-3

x = torch.linspace(-4, 4, 401, requires_grad=True)
(dy,) = torch.autograd.grad(gelu(x).sum(), x)
fig, ax = plt.subplots(figsize=(3.2, 2.2))
ax.plot(x.detach(), gelu(x).detach(), label="f(x)")
ax.plot(x.detach(), dy, "--", label="f'(x)")
ax.set_title("GELU", fontsize=8)
ax.set_xlabel("x", fontsize=7)
ax.tick_params(labelsize=7)
ax.legend(fontsize=6, frameon=False)
plt.tight_layout()

# %% example-for: torch.nn.GLU
# nn.GLU on a chosen dimension
# ----------------------------
#
# ``dim`` defaults to -1. A layer before ``GLU`` must produce twice the
# features you want after it.

x = torch.randn(4, 8, 3)
print(nn.GLU()(x.transpose(1, 2)).shape)  # last dim 8 -> 4
print(nn.GLU(dim=1)(x).shape)             # dim 1: 8 -> 4
try:
    nn.GLU(dim=2)(x)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# The curve of a * sigmoid(b) over b, for a few values of a:
b = torch.linspace(-6, 6, 201)
fig, ax = plt.subplots(figsize=(3.2, 2.2))
for a_value in [1.0, 2.0, -1.0]:
    out = nn.GLU()(torch.stack([torch.full_like(b, a_value), b], dim=-1))
    ax.plot(b, out.squeeze(-1), label=f"a = {a_value:g}")
ax.set_title("GLU: a * sigmoid(b)", fontsize=8)
ax.set_xlabel("b (gate half)", fontsize=7)
ax.tick_params(labelsize=7)
ax.legend(fontsize=6, frameon=False)
plt.tight_layout()
