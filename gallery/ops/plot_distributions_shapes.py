"""
Batch shape, event shape and Independent
========================================

A distribution object can hold many distributions at once. ``batch_shape``
counts the independent distributions, each with its own parameters;
``event_shape`` is the shape of one draw of one of them. ``log_prob``
returns one number per batch element, so the split decides what a
"likelihood" sums over. ``Independent`` moves batch dimensions into the
event, and ``MultivariateNormal`` has a vector event from the start.
"""

import torch
from torch.distributions import Independent, MultivariateNormal, Normal

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def shapes(name, dist, sample_shape=(5,)):
    x = dist.sample(sample_shape)
    print(f"{name:26} batch_shape={tuple(dist.batch_shape)!s:8} event_shape={tuple(dist.event_shape)!s:6} "
          f"sample{sample_shape}: {tuple(x.shape)!s:10} log_prob: {tuple(dist.log_prob(x).shape)}")


# %% example-for: dist-shapes, torch.distributions.Normal
# ``sample_shape + batch_shape + event_shape``
# --------------------------------------------
#
# ``Normal`` with ``(3, 2)`` parameters is six independent scalar
# distributions: ``batch_shape`` ``(3, 2)``, ``event_shape`` ``()``. A
# sample of ``sample_shape`` ``(5,)`` has shape ``(5, 3, 2)``, and
# ``log_prob`` gives one value per element, ``(5, 3, 2)``: nothing is
# summed. Parameters broadcast: a scalar ``scale`` with a ``(3, 2)``
# ``loc`` gives the same batch.

loc = torch.zeros(3, 2)
shapes("Normal(loc (3, 2), 1.0)", Normal(loc, 1.0))
shapes("Normal(0.0, 1.0)", Normal(0.0, 1.0))

# %% example-for: dist-shapes, torch.distributions.Independent
# ``Independent``: batch dimensions become event dimensions
# ---------------------------------------------------------
#
# ``Independent(base, 1)`` reinterprets the last batch dimension as part of
# the event: the same six normals now form three 2-dimensional
# distributions with independent coordinates. ``log_prob`` sums over the
# reinterpreted dimension, giving one value per 2-vector. That equals a
# ``MultivariateNormal`` with a diagonal covariance.

base = Normal(torch.zeros(3, 2), torch.ones(3, 2))
independent = Independent(base, reinterpreted_batch_ndims=1)
shapes("Independent(Normal, 1)", independent)
x = base.sample()
print("log_prob summed by hand:", base.log_prob(x).sum(-1))
print("Independent.log_prob   :", independent.log_prob(x))
assert torch.allclose(independent.log_prob(x), base.log_prob(x).sum(-1))
mvn = MultivariateNormal(torch.zeros(3, 2), covariance_matrix=torch.eye(2))
assert torch.allclose(independent.log_prob(x), mvn.log_prob(x))
print("equal to MultivariateNormal(cov=I):", True)

# %% example-for: torch.distributions.MultivariateNormal
# ``MultivariateNormal``: a vector event with correlations
# --------------------------------------------------------
#
# The event is a vector of size ``d``. The covariance (or the
# ``precision_matrix``, its inverse) must be symmetric positive-definite;
# ``scale_tril``, its Cholesky factor, lower triangular with a positive
# diagonal. With a correlation of 0.9 the samples' empirical covariance
# comes back close to the matrix given.

cov = torch.tensor([[1.0, 0.9], [0.9, 1.0]])
mvn = MultivariateNormal(torch.zeros(2), covariance_matrix=cov)
shapes("MultivariateNormal(d=2)", mvn)
samples = mvn.sample((100_000,))
print("empirical covariance:\n", torch.cov(samples.T))
print("scale_tril (Cholesky factor):\n", mvn.scale_tril)
assert torch.allclose(mvn.scale_tril @ mvn.scale_tril.T, cov)
try:
    MultivariateNormal(torch.zeros(2), covariance_matrix=torch.tensor([[1.0, 2.0], [2.0, 1.0]]))
except ValueError as err:
    print(f"ValueError: {' '.join(str(err).split())}")

# %% example-for: dist-shapes
# Why the split matters: the likelihood of a batch
# ------------------------------------------------
#
# A model that predicts a mean for each of 4 samples with 3 features wants
# one log-likelihood per sample. With plain ``Normal`` the result has one
# value per feature too, ``(4, 3)``; with ``Independent(..., 1)`` it is
# ``(4,)``. Summing the first over its last dimension gives the second.

means = torch.randn(4, 3)
targets = torch.randn(4, 3)
per_feature = Normal(means, 1.0).log_prob(targets)
per_sample = Independent(Normal(means, 1.0), 1).log_prob(targets)
print("Normal.log_prob:", tuple(per_feature.shape), "| Independent.log_prob:", tuple(per_sample.shape))
assert torch.allclose(per_feature.sum(-1), per_sample)
