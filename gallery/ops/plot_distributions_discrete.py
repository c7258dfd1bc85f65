"""
Discrete distributions: Categorical, Bernoulli and one-hot draws
================================================================

``Categorical`` draws a class index, ``OneHotCategorical`` the same class
as a one-hot vector, ``Bernoulli`` a 0 or 1. Each can be built from
``probs`` or from ``logits``. This script shows what each form does to its
input and the policy-gradient idiom built on ``log_prob``.
"""

import torch
import torch.nn.functional as F
from torch.distributions import Bernoulli, Categorical, OneHotCategorical

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: dist-logits-probs, torch.distributions.Categorical
# ``probs=`` is normalised; ``logits=`` is log-softmaxed
# ------------------------------------------------------
#
# ``probs`` need not sum to 1: they are divided by their sum over the last
# dimension. ``logits`` are unnormalised log-probabilities: any real
# numbers, turned into ``logits - logsumexp(logits)``, so
# ``probs == softmax(logits)``. A network's raw outputs go to ``logits=``,
# which is also the numerically safer form.

weights = Categorical(probs=torch.tensor([2.0, 6.0]))
print("probs=[2, 6]    -> probs", weights.probs, "| logits", weights.logits)
scores = torch.tensor([1.0, 2.0, 3.0])
from_logits = Categorical(logits=scores)
print("logits=[1, 2, 3] -> logits", from_logits.logits, "| probs", from_logits.probs)
assert torch.allclose(from_logits.probs, F.softmax(scores, dim=-1))
assert torch.allclose(from_logits.logits, F.log_softmax(scores, dim=-1))
try:
    Categorical(probs=torch.tensor([0.5, 0.5]), logits=torch.tensor([0.0, 0.0]))
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.distributions.Categorical
# Samples are indices; the last dimension is the categories
# ---------------------------------------------------------
#
# ``sample()`` returns ``int64`` class indices with the batch shape, and
# the frequencies of many draws approach ``probs``. A 2-D ``probs`` is a
# batch of distributions, one per row. ``log_prob(index)`` picks the
# log-probability of that class.

dist = Categorical(probs=torch.tensor([0.2, 0.3, 0.5]))
draws = dist.sample((10_000,))
print("dtype", draws.dtype, "| first draws", draws[:8].tolist())
print("frequencies:", torch.bincount(draws, minlength=3) / len(draws))
rows = Categorical(logits=torch.zeros(4, 3))
print("batch of 4 rows: batch_shape", tuple(rows.batch_shape), "sample", rows.sample().tolist())
print("log_prob([0, 2]):", dist.log_prob(torch.tensor([0, 2])), "= log", dist.probs[[0, 2]])

# %% example-for: dist-policy-gradient, torch.distributions.Categorical
# The policy-gradient idiom: ``-(log_prob * advantage)``
# ------------------------------------------------------
#
# A discrete action has no ``rsample``. REINFORCE-style training samples an
# action, then scales its ``log_prob`` by how good the outcome was (the
# advantage) and minimises the negative. A descent step on that loss
# raises the logit of an action with a positive advantage and lowers the
# others (the softmax couples them): the logits' gradient is
# ``-advantage * (onehot - probs)``, negative for the chosen action.

logits = torch.zeros(3, requires_grad=True)  # a "policy" over 3 actions
policy = Categorical(logits=logits)
action = policy.sample()
advantage = 2.0
loss = -(policy.log_prob(action) * advantage)
loss.backward()
print("action", action.item(), "| loss", round(loss.item(), 4))
print("grad of logits:", logits.grad)
expected = -advantage * (F.one_hot(action, 3).float() - policy.probs.detach())
assert torch.allclose(logits.grad, expected)

# %% example-for: torch.distributions.OneHotCategorical
# ``OneHotCategorical``: the same draw as a one-hot vector
# --------------------------------------------------------
#
# Its event is a vector of length ``K``, so ``event_shape`` is ``(K,)``
# where ``Categorical``'s is ``()``. ``log_prob`` takes a one-hot vector.
# With the same seed both draw the same classes.

probs = torch.tensor([0.2, 0.3, 0.5])
torch.manual_seed(3)
one_hot = OneHotCategorical(probs=probs).sample((4,))
torch.manual_seed(3)
indices = Categorical(probs=probs).sample((4,))
print(one_hot)
print("argmax:", one_hot.argmax(-1).tolist(), "| Categorical with the same seed:", indices.tolist())
print("event_shape: one-hot", tuple(OneHotCategorical(probs=probs).event_shape),
      "| Categorical", tuple(Categorical(probs=probs).event_shape))
print("log_prob of the one-hot draws:", OneHotCategorical(probs=probs).log_prob(one_hot))
assert torch.equal(one_hot.argmax(-1), indices)

# %% example-for: torch.distributions.Bernoulli
# ``Bernoulli``: 0 or 1, and the link to binary cross-entropy
# -----------------------------------------------------------
#
# ``Bernoulli(probs=p)`` gives 1 with probability ``p``; ``logits=`` takes
# the log-odds, turned into ``probs`` with a sigmoid. Samples are floats,
# ``0.`` or ``1.``, of the parameter's dtype. ``log_prob`` with logits is
# exactly ``-binary_cross_entropy_with_logits``.

coin = Bernoulli(logits=torch.tensor([0.0, 2.0]))
print("probs from logits [0, 2]:", coin.probs)
print("samples:", coin.sample((3,)))
y = torch.tensor([1.0, 0.0])
print("log_prob([1, 0]):", coin.log_prob(y))
print("-BCE with logits:", -F.binary_cross_entropy_with_logits(torch.tensor([0.0, 2.0]), y, reduction="none"))
assert torch.allclose(coin.log_prob(y), -F.binary_cross_entropy_with_logits(torch.tensor([0.0, 2.0]), y,
                                                                           reduction="none"))
