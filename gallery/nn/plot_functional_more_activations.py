"""
Activation functions: log_softmax, silu, mish, softplus and the rest
====================================================================

The functional forms of the activations, each checked against its formula.
Two of them exist because the obvious formula fails in floating point:
``log_softmax`` and ``logsigmoid`` stay finite where ``log(softmax(x))`` and
``log(sigmoid(x))`` reach ``-inf``.
"""

import torch
import torch.nn.functional as F

torch.set_printoptions(precision=4)
x = torch.tensor([-3.0, -1.0, 0.0, 1.0, 3.0])

# %% example-for: torch.nn.functional.log_softmax
# ``F.log_softmax``: log-probabilities without underflow
# ------------------------------------------------------
#
# It equals ``log(softmax(x))`` mathematically, but computes
# ``x - logsumexp(x)``. When one logit dominates, ``softmax`` rounds the
# others' probabilities to 0 and the log of that is ``-inf``;
# ``log_softmax`` keeps the finite value. ``nll_loss`` expects this output.

logits = torch.tensor([[1.0, 2.0, 3.0], [0.0, 120.0, 0.0]])
log_p = F.log_softmax(logits, dim=1)
assert torch.allclose(log_p, logits - logits.logsumexp(dim=1, keepdim=True))
print("log_softmax     :\n", log_p)
print("log(softmax(x)) :\n", torch.log(F.softmax(logits, dim=1)))
print("rows of exp(log_p) sum to 1:", log_p.exp().sum(dim=1))

# %% example-for: torch.nn.functional.logsigmoid
# ``F.logsigmoid``: ``log(sigmoid(x))``, finite for large negative ``x``
# ----------------------------------------------------------------------
#
# ``logsigmoid(x) = -softplus(-x)``. For ``x = -120`` the sigmoid rounds to
# 0 in ``float32`` and its log is ``-inf``; ``logsigmoid`` returns ``-120``.

big = torch.tensor([-120.0, -5.0, 0.0, 5.0])
print("logsigmoid      :", F.logsigmoid(big))
print("log(sigmoid(x)) :", torch.log(torch.sigmoid(big)))
assert torch.allclose(F.logsigmoid(big), -F.softplus(-big))

# %% example-for: torch.nn.functional.softplus
# ``F.softplus``: a smooth ``relu``, linear above ``threshold``
# -------------------------------------------------------------
#
# ``softplus(x) = log(1 + exp(beta * x)) / beta``, positive unless ``exp``
# underflows. Where
# ``beta * x > threshold`` (default 20) it returns ``x`` itself, which
# avoids overflowing ``exp``. A larger ``beta`` hugs ``relu`` more closely.

print("beta=1:", F.softplus(x))
print("beta=5:", F.softplus(x, beta=5))
assert torch.allclose(F.softplus(x), torch.log1p(torch.exp(x)))
above = torch.tensor([20.5, 100.0])
assert torch.equal(F.softplus(above), above)
print("above the threshold the input comes back:", F.softplus(above))

# %% example-for: torch.nn.functional.silu
# ``F.silu``: ``x * sigmoid(x)``, also called swish
# -------------------------------------------------
#
# Smooth, unbounded above, with a minimum of about ``-0.278`` near
# ``x = -1.28``.

assert torch.allclose(F.silu(x), x * torch.sigmoid(x))
print("silu:", F.silu(x))
grid = torch.linspace(-4, 0, 4001)
low = F.silu(grid).min(dim=0)
print(f"minimum {low.values:.4f} at x = {grid[low.indices]:.2f}")

# %% example-for: torch.nn.functional.mish
# ``F.mish``: ``x * tanh(softplus(x))``
# -------------------------------------
#
# Close to ``silu`` in shape.

assert torch.allclose(F.mish(x), x * torch.tanh(F.softplus(x)))
print("mish:", F.mish(x))
print("silu:", F.silu(x))

# %% example-for: torch.nn.functional.relu6
# ``F.relu6``: ``relu`` clipped at 6
# ----------------------------------
#
# ``min(max(x, 0), 6)``, the activation of MobileNet. It equals
# ``hardtanh(x, 0, 6)``.

wide = torch.tensor([-2.0, 3.0, 6.0, 9.0])
print(F.relu6(wide))
assert torch.equal(F.relu6(wide), F.hardtanh(wide, 0.0, 6.0))

# %% example-for: torch.nn.functional.leaky_relu
# ``F.leaky_relu``: a small slope for negative inputs
# ---------------------------------------------------
#
# Negative values are multiplied by ``negative_slope`` (default ``0.01``), so
# their gradient is never exactly zero.

print("default slope 0.01:", F.leaky_relu(x))
print("slope 0.2         :", F.leaky_relu(x, negative_slope=0.2))
t = x.clone().requires_grad_()
F.leaky_relu(t).sum().backward()
print("gradient:", t.grad)

# %% example-for: torch.nn.functional.elu
# ``F.elu``: ``alpha * (exp(x) - 1)`` below zero
# ----------------------------------------------
#
# Negative values saturate at ``-alpha`` instead of becoming 0.

print("alpha=1  :", F.elu(x))
print("alpha=0.5:", F.elu(x, alpha=0.5))
assert torch.allclose(F.elu(x), torch.where(x > 0, x, torch.expm1(x)))

# %% example-for: torch.nn.functional.tanh
# ``F.tanh`` is ``torch.tanh``
# ----------------------------
#
# The functional form only calls the tensor method; any of the three
# spellings gives the same result.

assert torch.equal(F.tanh(x), torch.tanh(x)) and torch.equal(F.tanh(x), x.tanh())
print(F.tanh(x))
