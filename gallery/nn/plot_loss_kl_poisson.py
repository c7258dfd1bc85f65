"""
KLDivLoss and PoissonNLLLoss: what goes in as a log
===================================================

``KLDivLoss`` expects log-probabilities as input and probabilities as target
(or log-probabilities with ``log_target=True``). ``PoissonNLLLoss`` expects
the log of the rate by default (``log_input=True``).
"""

import math
import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)

# %% example-for: torch.nn.KLDivLoss
# Log-probabilities in, probabilities as target
# ---------------------------------------------
#
# Per element ``KLDivLoss`` computes ``target * (log(target) - input)``, so
# with ``input = log(q)`` and ``target = p`` the sum over classes is
# ``KL(p || q)``. With ``log_target=True`` the target is given as
# ``log(p)`` and the result is the same. Passing plain probabilities as
# input raises nothing and gives a meaningless, here negative, value.

p = torch.tensor([[0.7, 0.2, 0.1], [0.1, 0.1, 0.8]])     # target distribution
q = torch.tensor([[0.5, 0.3, 0.2], [0.2, 0.2, 0.6]])     # model distribution
kl = nn.KLDivLoss(reduction="batchmean")
per_row = (p * (p.log() - q.log())).sum(dim=1)
print("KL(p || q) per row:", per_row)
print("batchmean:", kl(q.log(), p))
print("log_target=True:", nn.KLDivLoss(reduction="batchmean", log_target=True)(q.log(), p.log()))
print("probabilities as input:", kl(q, p))
assert torch.allclose(kl(q.log(), p), per_row.mean())
assert torch.allclose(nn.KLDivLoss(reduction="batchmean", log_target=True)(q.log(), p.log()),
                      kl(q.log(), p))
assert kl(q, p) < 0

# %% example-for: torch.nn.KLDivLoss
# ``'batchmean'`` versus ``'mean'``
# ---------------------------------
#
# ``'mean'`` divides the sum by the number of *elements* (``N * C``), which
# is not the KL divergence; ``'batchmean'`` divides by the batch size ``N``
# and gives the mean KL divergence per sample. Computing the loss with
# ``'mean'`` (the default) emits a ``UserWarning``.

total = nn.KLDivLoss(reduction="sum")(q.log(), p)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    mean = nn.KLDivLoss()(q.log(), p)          # default reduction='mean'
print("sum:", total, " mean:", mean, " batchmean:", kl(q.log(), p))
print(f"{caught[0].category.__name__}: {caught[0].message}")
assert torch.allclose(mean, total / p.numel())
assert torch.allclose(kl(q.log(), p), total / p.shape[0])
assert caught[0].category is UserWarning

# %% example-for: torch.nn.PoissonNLLLoss
# ``log_input``: the input is the log of the rate
# -----------------------------------------------
#
# For counts ``k`` and a predicted rate ``lambda``, the negative
# log-likelihood without its constant is ``lambda - k * log(lambda)``. With
# the default ``log_input=True`` the input is ``log(lambda)`` and the loss is
# ``exp(input) - k * input``: any real input is valid. With
# ``log_input=False`` the input is ``lambda`` itself and the loss is
# ``input - k * log(input + eps)`` (``eps=1e-8`` keeps ``lambda = 0``
# finite).

k = torch.tensor([1.0, 3.0, 5.0])                      # observed counts
log_rate = torch.tensor([0.0, 1.0, 2.0])
print("log_input=True: ", nn.PoissonNLLLoss(reduction="none")(log_rate, k))
rate = torch.tensor([1.0, 2.0, 0.0])
print("log_input=False:", nn.PoissonNLLLoss(log_input=False, reduction="none")(rate, k))
assert torch.allclose(nn.PoissonNLLLoss(reduction="none")(log_rate, k),
                      torch.exp(log_rate) - k * log_rate)
# The rate itself given with the default log_input=True: no error, another loss.
mistaken = nn.PoissonNLLLoss(reduction="none")(rate, k)
print("rate with log_input=True:", mistaken)
assert not torch.allclose(mistaken, nn.PoissonNLLLoss(log_input=False, reduction="none")(rate, k))
assert torch.allclose(nn.PoissonNLLLoss(log_input=False, reduction="none")(rate, k),
                      rate - k * torch.log(rate + 1e-8))

# %% example-for: torch.nn.PoissonNLLLoss
# ``full=True`` adds Stirling's term
# ----------------------------------
#
# The exact negative log-likelihood also has ``log(k!)``, which does not
# depend on the prediction. ``full=True`` adds Stirling's approximation
# ``k * log(k) - k + 0.5 * log(2 * pi * k)`` for targets ``k > 1`` (and
# nothing for ``k <= 1``, where ``log(k!)`` is 0). The exact value is shown
# beside it for comparison.

full = nn.PoissonNLLLoss(full=True, reduction="none")(log_rate, k)
stirling = torch.where(k > 1, k * k.log() - k + 0.5 * torch.log(2 * math.pi * k), 0.0)
exact = torch.exp(log_rate) - k * log_rate + torch.lgamma(k + 1)
print("full=True:       ", full)
print("exact with log k!:", exact)
assert torch.allclose(full, torch.exp(log_rate) - k * log_rate + stirling)
