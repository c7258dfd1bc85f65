"""
Distributions: sampling, densities and gradients
================================================

A ``torch.distributions`` object holds the parameters of a probability
distribution and offers ``sample`` / ``rsample`` (draws), ``log_prob`` (the
log-density or log-probability of a value), ``entropy`` and moments. This
script shows the common interface on ``Normal``, what separates ``rsample``
from ``sample``, and the ``ValueError`` raised for an invalid parameter or
value.
"""

import math

import torch
from torch.distributions import (Bernoulli, Beta, Categorical, Distribution, Gamma, MultivariateNormal, Normal,
                                 OneHotCategorical, Uniform)

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.distributions.Distribution, torch.distributions.Normal
# The common interface, on ``Normal``
# -----------------------------------
#
# Every distribution has ``batch_shape`` and ``event_shape``, ``support``
# (the values it can take) and ``arg_constraints`` (what its parameters
# must satisfy); the usual ones also ``mean``, ``variance`` and
# ``stddev``. ``Normal(loc,
# scale)`` is parametrised by the standard deviation, not the variance.

normal = Normal(loc=torch.tensor(1.0), scale=torch.tensor(2.0))
print(normal)
print("mean", normal.mean, "| stddev", normal.stddev, "| variance", normal.variance)
print("support:", normal.support, "| arg_constraints:", normal.arg_constraints)
print("is a Distribution:", isinstance(normal, Distribution))

# %% example-for: torch.distributions.Distribution.log_prob, torch.distributions.Normal
# ``log_prob``: the log of the density
# ------------------------------------
#
# For a continuous distribution ``log_prob(x)`` is the log of the
# probability density at ``x`` (a density can exceed 1, so a log-density
# can be positive); for a discrete one, the log of the probability. It
# broadcasts ``x`` against the parameters. Here it is checked against the
# Gaussian formula.

x = torch.tensor([-1.0, 1.0, 3.0])
print("log_prob:", normal.log_prob(x))
formula = -((x - 1.0) ** 2) / (2 * 2.0 ** 2) - math.log(2.0) - 0.5 * math.log(2 * math.pi)
print("formula :", formula)
assert torch.allclose(normal.log_prob(x), formula)
print("a narrow Normal's log-density at its mean:", Normal(0.0, 0.1).log_prob(torch.tensor(0.0)))

# %% example-for: torch.distributions.Distribution.entropy
# ``entropy``: in nats, per batch element
# ---------------------------------------
#
# ``entropy()`` is computed in closed form, in nats (natural log). For
# ``Normal`` it is ``0.5 * log(2 pi e sigma^2)``, so it grows with the
# scale; a continuous distribution's (differential) entropy can be
# negative. A Monte Carlo estimate ``-log_prob(samples).mean()`` agrees.

scales = torch.tensor([0.1, 1.0, 2.0])
print("entropy of Normal(0, [0.1, 1, 2]):", Normal(0.0, scales).entropy())
print("0.5 * log(2 pi e sigma^2)       :", 0.5 * torch.log(2 * math.pi * math.e * scales ** 2))
samples = normal.sample((200_000,))
print(f"Monte Carlo for Normal(1, 2): {-normal.log_prob(samples).mean():.4f} vs {normal.entropy():.4f}")
print("Categorical([0.5, 0.5]):", Categorical(probs=torch.tensor([0.5, 0.5])).entropy(), "= log 2")

# %% example-for: dist-rsample, torch.distributions.Distribution.sample, torch.distributions.Distribution.rsample
# ``sample`` cuts the graph; ``rsample`` keeps it
# -----------------------------------------------
#
# ``sample()`` draws without recording a graph: the result does not require
# grad, even when the parameters do. ``rsample()`` uses the
# reparameterisation trick, ``loc + scale * eps`` with ``eps ~ N(0, 1)``
# drawn apart, so gradients reach ``loc`` and ``scale``. This is what a
# VAE's encoder needs. The argument is the ``sample_shape``, put in front
# of the distribution's own shape.

loc = torch.tensor(0.0, requires_grad=True)
scale = torch.tensor(1.0, requires_grad=True)
dist = Normal(loc, scale)

drawn = dist.sample((4,))
print("sample :", drawn, "requires_grad:", drawn.requires_grad)
reparam = dist.rsample((4,))
print("rsample:", reparam)
reparam.mean().backward()
print("d mean / d loc:", loc.grad, "| d mean / d scale:", scale.grad)

# the same seed gives the same draws: rsample is loc + scale * (standard normal draws)
torch.manual_seed(1)
a = dist.rsample((3,))
torch.manual_seed(1)
eps = torch.randn(3)
assert torch.allclose(a, loc + scale * eps)
assert torch.allclose(scale.grad, reparam.detach().mean())  # loc 0, scale 1: the draws are the eps themselves

# %% example-for: dist-rsample, torch.distributions.Distribution.rsample
# Which distributions have ``rsample``
# ------------------------------------
#
# ``has_rsample`` says whether a distribution can be reparameterised. The
# discrete ones cannot (their samples are integers or one-hot vectors):
# their ``rsample`` raises ``NotImplementedError``, and gradient estimates
# for them use ``log_prob`` instead (the score function, as in policy
# gradients).

for cls in (Normal, Uniform, Beta, Gamma, MultivariateNormal, Bernoulli, Categorical, OneHotCategorical):
    print(f"{cls.__name__:18} has_rsample={cls.has_rsample}")
try:
    Categorical(probs=torch.tensor([0.5, 0.5])).rsample()
except NotImplementedError as err:
    print(f"Categorical.rsample(): NotImplementedError{': ' + str(err) if str(err) else ' (no message)'}")

# %% example-for: dist-validation, torch.distributions.Distribution
# Parameters and values outside their constraints raise ``ValueError``
# --------------------------------------------------------------------
#
# Arguments are validated by default (unless Python runs with ``-O``): a
# parameter outside its constraint
# raises ``ValueError`` naming the parameter, the constraint and the bad
# value, and so does a ``log_prob`` argument outside the support.
# ``validate_args=False`` skips the checks (faster, and silent about bad
# input); ``Distribution.set_default_validate_args(False)`` does so
# globally.

for make in (lambda: Normal(0.0, -1.0), lambda: Bernoulli(probs=torch.tensor(1.5)),
             lambda: Beta(2.0, 3.0).log_prob(torch.tensor(1.5))):
    try:
        make()
    except ValueError as err:
        print(f"ValueError: {' '.join(str(err).split())}")
print("validate_args=False:", Normal(0.0, -1.0, validate_args=False).scale)
