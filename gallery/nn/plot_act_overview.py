"""
Activation functions as pictures
================================

Every element-wise activation of ``torch.nn`` drawn on one grid, each with its
derivative computed by autograd, and the gradients of the saturating
functions ``Sigmoid`` and ``Tanh`` printed next to those of ``ReLU``.
"""

import matplotlib.pyplot as plt
import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: act-curves
# Every activation and its derivative
# -----------------------------------
#
# Solid: the activation ``f(x)``; dashed: ``f'(x)``, from ``torch.autograd.grad``.
# Each module is used with its default arguments (``RReLU`` in ``eval()``
# mode, where its slope is fixed; ``PReLU`` with its initial weight 0.25;
# ``Threshold(0.5, -1.0)``, which has no defaults). ``GLU`` needs two halves:
# the last panel feeds it ``[x, x]``, which gives ``x * sigmoid(x)``, the
# curve of ``SiLU``.

activations = {
    "ReLU": nn.ReLU(), "ReLU6": nn.ReLU6(), "LeakyReLU(0.01)": nn.LeakyReLU(),
    "PReLU (0.25)": nn.PReLU(), "RReLU (eval)": nn.RReLU().eval(),
    "Threshold(0.5, -1)": nn.Threshold(0.5, -1.0), "ELU": nn.ELU(), "CELU": nn.CELU(),
    "SELU": nn.SELU(), "GELU": nn.GELU(), "SiLU": nn.SiLU(), "Softplus": nn.Softplus(),
    "Sigmoid": nn.Sigmoid(), "LogSigmoid": nn.LogSigmoid(), "Tanh": nn.Tanh(),
    "Softsign": nn.Softsign(), "Hardsigmoid": nn.Hardsigmoid(), "Hardtanh": nn.Hardtanh(),
    "Hardswish": nn.Hardswish(), "Hardshrink": nn.Hardshrink(), "Softshrink": nn.Softshrink(),
    "Tanhshrink": nn.Tanhshrink(), "GLU on [x, x]": lambda t: nn.GLU()(torch.cat([t, t])),
}

fig, axes = plt.subplots(4, 6, figsize=(7.5, 5.2), sharex=True)
for ax, (name, f) in zip(axes.flat, activations.items()):
    x = torch.linspace(-4, 4, 321, requires_grad=True)
    y = f(x)
    (dy,) = torch.autograd.grad(y.sum(), x)
    ax.axhline(0, color="0.8", lw=0.6)
    ax.axvline(0, color="0.8", lw=0.6)
    (f_line,) = ax.plot(x.detach(), y.detach(), lw=1.4)
    (df_line,) = ax.plot(x.detach(), dy, "--", lw=1.0)
    ax.set_title(name, fontsize=7)
    ax.tick_params(labelsize=6)
axes.flat[-1].axis("off")
for ax in axes[-1]:
    ax.set_xlabel("x", fontsize=7)
fig.legend([f_line, df_line], ["f(x)", "f'(x) (autograd)"], loc="lower right", fontsize=8, frameon=False)
plt.tight_layout()
print(len(activations), "activations drawn")

# Far to the right, ELU, CELU, GELU, SiLU and Softplus return ``x`` itself (or
# nearly), but SELU returns ``scale * x``, about ``1.0507 * x``.
big = torch.tensor([10.0, 100.0])
for name in ("ELU", "CELU", "SELU", "GELU", "SiLU", "Softplus"):
    print(f"{name:>8}(10, 100) = {activations[name](big).tolist()}")
assert torch.allclose(nn.SELU()(big), 1.0507009873554805 * big)

# %% example-for: act-saturation
# Saturating activations pass back small gradients
# ------------------------------------------------
#
# The derivative of ``sigmoid`` is ``s * (1 - s)``: at most 0.25 (at 0), and
# nearly 0 once ``|x|`` is a few units. ``tanh``'s derivative ``1 - tanh(x)**2``
# is 1 at 0 but, in ``float32``, exactly 0 at ``x = 10``, where ``tanh``
# rounds to 1. ``ReLU``'s derivative is 1 for every positive input (and 0 for
# negative inputs and at 0). In a deep stack the backward pass multiplies one
# such factor per layer, so the derivatives of ten sigmoid layers multiply the
# gradient by at most ``0.25 ** 10`` (about 1e-6), before the weights' own
# factors. This is the vanishing gradient problem.

x = torch.tensor([0.0, 2.0, 5.0, 10.0], requires_grad=True)
for name, f in [("sigmoid", torch.sigmoid), ("tanh", torch.tanh), ("relu", torch.relu)]:
    (g,) = torch.autograd.grad(f(x).sum(), x)
    print(f"{name:>7}'(x) at x = {x.tolist()}: {g}")
    if name == "sigmoid":
        s = torch.sigmoid(x.detach())
        assert torch.allclose(g, s * (1 - s))
        assert g.max() == 0.25
    if name == "tanh":
        assert g[0] == 1 and g[-1] == 0
    if name == "relu":
        assert torch.equal(g, torch.tensor([0.0, 1.0, 1.0, 1.0]))

# Ten sigmoid layers in a row, starting at 0 where the derivative is largest:
h = torch.zeros(1, requires_grad=True)
out = h
for _ in range(10):
    out = torch.sigmoid(out)
out.backward()
print("gradient through 10 sigmoids:", h.grad.item(), "<= 0.25**10 =", 0.25**10)
assert h.grad.item() <= 0.25**10
