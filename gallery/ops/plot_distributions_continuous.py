"""
Uniform, Beta and Gamma against their densities, and KL divergence
==================================================================

Samples drawn with ``sample`` are compared with the density
``log_prob(x).exp()`` of the same distribution, in one figure per family.
Then ``kl_divergence`` is computed in closed form and checked against a
Monte Carlo estimate, and an unregistered pair shows the error.
"""

import matplotlib.pyplot as plt
import torch
from torch.distributions import Beta, Categorical, Gamma, Normal, Uniform, kl_divergence

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
N = 50_000

# %% example-for: dist-figures, torch.distributions.Uniform, torch.distributions.Beta, torch.distributions.Gamma
# Histograms of samples against the density
# -----------------------------------------
#
# ``Uniform(low, high)`` is flat between ``low`` and ``high``. ``Beta(a,
# b)`` takes values between 0 and 1: ``a`` pulls mass towards 1, ``b``
# towards 0, and ``Beta(1, 1)`` is uniform. ``Gamma(concentration, rate)``
# takes non-negative values, with mean ``concentration / rate``: the second argument is
# the **rate**, not the scale. In each panel, the histogram of 50,000
# samples follows the curve ``log_prob(x).exp()``.

panels = [
    ("Uniform(-1, 2)", Uniform(-1.0, 2.0), torch.linspace(-0.999, 1.999, 300)),
    ("Beta(2, 5)", Beta(2.0, 5.0), torch.linspace(0.001, 0.999, 300)),
    ("Beta(0.5, 0.5)", Beta(0.5, 0.5), torch.linspace(0.01, 0.99, 300)),
    ("Gamma(2, rate=3)", Gamma(2.0, 3.0), torch.linspace(0.001, 4.0, 300)),
]
fig, axes = plt.subplots(1, 4, figsize=(10, 2.6))
for ax, (name, dist, grid) in zip(axes, panels):
    samples = dist.sample((N,))
    ax.hist(samples.numpy(), bins=60, density=True, color="tab:blue", alpha=0.5)
    ax.plot(grid.numpy(), dist.log_prob(grid).exp().numpy(), color="black")
    ax.set_title(name, fontsize=9)
    print(f"{name:17} mean {dist.mean.item():.4f} (samples {samples.mean().item():.4f}), "
          f"variance {dist.variance.item():.4f} (samples {samples.var().item():.4f})")
fig.tight_layout()
plt.show()

# %% example-for: torch.distributions.Uniform
# ``Uniform``: ``-inf`` at ``high``, errors beyond
# ------------------------------------------------
#
# The density is ``1 / (high - low)`` inside the interval. Validation (on
# by default, off under ``python -O``) accepts a value in
# the closed interval ``[low, high]``: ``log_prob(high)`` is ``-inf``
# (density 0), and a value beyond it raises ``ValueError`` rather than
# returning ``-inf``.

u = Uniform(0.0, 2.0)
print("log_prob(1.0):", u.log_prob(torch.tensor(1.0)), "= log(1/2)")
print("support:", u.support, "| log_prob(2.0):", u.log_prob(torch.tensor(2.0)))
try:
    u.log_prob(torch.tensor(3.0))
except ValueError as err:
    print(f"log_prob(3.0): ValueError: {str(err).split(', but')[0]}")

# %% example-for: torch.distributions.Gamma
# ``Gamma``: the second argument is a rate
# ----------------------------------------
#
# NumPy's and SciPy's gamma take a *scale* ``theta``; ``torch`` takes
# ``rate = 1 / theta``. Mean ``concentration / rate``, variance
# ``concentration / rate ** 2``. ``rsample`` gives gradients with respect
# to both parameters.

g = Gamma(concentration=torch.tensor(2.0), rate=torch.tensor(3.0))
print("mean", g.mean, "= 2/3 | variance", g.variance, "= 2/9")
alpha = torch.tensor(2.0, requires_grad=True)
Gamma(alpha, torch.tensor(3.0)).rsample((1000,)).mean().backward()
print("d mean(rsample) / d concentration:", alpha.grad, "(about 1/rate)")

# %% example-for: torch.distributions.Beta
# ``Beta``: mean ``a / (a + b)``, and the uniform case
# ----------------------------------------------------
#
# Its samples are probabilities, which makes it the usual prior for a
# Bernoulli parameter. ``Beta(1, 1)`` has density 1 everywhere on
# ``(0, 1)``.

b = Beta(torch.tensor(2.0), torch.tensor(5.0))
print("mean", b.mean, "= 2/7 | mode of Beta(2, 5) is 1/5:", b.mode)
print("Beta(1, 1) density at 0.1, 0.5, 0.9:", Beta(1.0, 1.0).log_prob(torch.tensor([0.1, 0.5, 0.9])).exp())

# %% example-for: dist-kl, torch.distributions.kl_divergence
# ``kl_divergence``: closed form, checked by Monte Carlo
# ------------------------------------------------------
#
# ``kl_divergence(p, q)`` looks up a closed-form formula registered for
# the pair of types. KL is not symmetric: ``KL(p || q) != KL(q || p)``. A
# Monte Carlo estimate, the mean of ``p.log_prob(x) - q.log_prob(x)`` over
# samples of ``p``, agrees with the formula.

p, q = Normal(0.0, 1.0), Normal(1.0, 2.0)
x = p.sample((200_000,))
monte_carlo = (p.log_prob(x) - q.log_prob(x)).mean()
print(f"KL(p || q) = {kl_divergence(p, q):.4f}, Monte Carlo {monte_carlo:.4f}")
print(f"KL(q || p) = {kl_divergence(q, p):.4f}")
assert abs(kl_divergence(p, q) - monte_carlo) < 0.01

p, q = Categorical(probs=torch.tensor([0.7, 0.2, 0.1])), Categorical(probs=torch.tensor([1 / 3] * 3))
by_hand = (p.probs * (p.probs / q.probs).log()).sum()
print(f"Categorical: {kl_divergence(p, q):.4f}, sum p log(p/q) = {by_hand:.4f}")
batched = kl_divergence(Normal(torch.zeros(3), 1.0), Normal(torch.tensor([0.0, 1.0, 2.0]), 1.0))
print("batched, one value per batch element:", batched)

# %% example-for: dist-kl, torch.distributions.kl_divergence
# A pair with no formula
# ----------------------
#
# When no formula is registered for the two types,
# ``NotImplementedError`` says so. ``torch.distributions.kl.register_kl``
# adds one; otherwise use a Monte Carlo estimate as above.

try:
    kl_divergence(Gamma(2.0, 1.0), Categorical(probs=torch.tensor([0.5, 0.5])))
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")
