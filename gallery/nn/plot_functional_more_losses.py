"""
Loss functions: regression, binary, negative log-likelihood and KL divergence
=============================================================================

The functional losses compute what the loss modules compute (asserted for
each), from the arguments you pass on every call. The script shows what
input each expects and what ``reduction='batchmean'`` of ``kl_div`` divides
by.
"""

import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)
pred = torch.tensor([0.5, 2.0, -1.0, 4.0])
target = torch.tensor([0.0, 2.5, 1.0, 0.5])

# %% example-for: torch.nn.functional.mse_loss
# ``F.mse_loss``: mean of squared differences
# -------------------------------------------
#
# ``reduction`` picks ``'mean'`` (default), ``'sum'`` or ``'none'``. Input
# and target should have the same shape: a mismatch broadcasts with a
# warning, and the mean then runs over the broadcast shape.

print("mean:", F.mse_loss(pred, target), " none:", F.mse_loss(pred, target, reduction="none"))
assert torch.equal(F.mse_loss(pred, target), nn.MSELoss()(pred, target))
assert torch.allclose(F.mse_loss(pred, target), ((pred - target) ** 2).mean())
column = pred.view(4, 1)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    loss = F.mse_loss(column, target)
    broadcast = F.mse_loss(column, target, reduction="none")
print("(4, 1) against (4,):", loss, "over shape", tuple(broadcast.shape))
print("warning:", caught[0].message)

# %% example-for: torch.nn.functional.l1_loss
# ``F.l1_loss``: mean of absolute differences
# -------------------------------------------

print("mean:", F.l1_loss(pred, target), " none:", F.l1_loss(pred, target, reduction="none"))
assert torch.equal(F.l1_loss(pred, target), nn.L1Loss()(pred, target))
assert torch.allclose(F.l1_loss(pred, target), (pred - target).abs().mean())

# %% example-for: torch.nn.functional.smooth_l1_loss, torch.nn.functional.huber_loss
# ``smooth_l1_loss`` and ``huber_loss``: quadratic near zero, linear beyond
# -------------------------------------------------------------------------
#
# For a difference ``d``, ``smooth_l1_loss`` is ``0.5 * d**2 / beta`` when
# ``|d| < beta`` and ``|d| - 0.5 * beta`` otherwise. ``huber_loss`` is
# ``delta`` times that with ``beta = delta``: the same curve scaled. With
# the default 1.0 the two are equal.

d = torch.linspace(-3, 3, 7)
zeros = torch.zeros(7)
print("d              :", d)
print("smooth_l1 b=2  :", F.smooth_l1_loss(d, zeros, beta=2.0, reduction="none"))
print("huber delta=2  :", F.huber_loss(d, zeros, delta=2.0, reduction="none"))
assert torch.allclose(F.huber_loss(d, zeros, delta=2.0), 2.0 * F.smooth_l1_loss(d, zeros, beta=2.0))
assert torch.equal(F.huber_loss(d, zeros), F.smooth_l1_loss(d, zeros))
assert torch.equal(F.smooth_l1_loss(pred, target), nn.SmoothL1Loss()(pred, target))
assert torch.equal(F.huber_loss(pred, target, delta=2.0), nn.HuberLoss(delta=2.0)(pred, target))

# %% example-for: torch.nn.functional.binary_cross_entropy
# ``F.binary_cross_entropy``: probabilities in, clamped logs
# ----------------------------------------------------------
#
# The input must already be probabilities (after ``sigmoid``); a value
# outside ``[0, 1]`` raises an error. Each log is clamped at ``-100``, so a
# confident wrong answer costs 100 rather than ``inf``. Target and input must
# have the same shape.

p = torch.tensor([0.9, 0.2, 0.0])
y = torch.tensor([1.0, 0.0, 1.0])
print("per element:", F.binary_cross_entropy(p, y, reduction="none"))
assert torch.equal(F.binary_cross_entropy(p, y), nn.BCELoss()(p, y))
for bad_input, bad_target in ((torch.tensor([0.5, 1.2]), torch.tensor([1.0, 0.0])),
                              (torch.tensor([[0.5, 0.2]]), torch.tensor([1.0, 0.0]))):
    try:
        F.binary_cross_entropy(bad_input, bad_target)
    except (RuntimeError, ValueError) as err:
        print(f"{type(err).__name__}: {err}")

# %% example-for: torch.nn.functional.binary_cross_entropy_with_logits
# ``F.binary_cross_entropy_with_logits``: logits in, no saturation
# ----------------------------------------------------------------
#
# It applies the sigmoid itself, in a form that stays exact for large
# logits: a logit of 30 for a negative target costs 30, where
# ``binary_cross_entropy(sigmoid(30))`` hits the clamp at 100.
# ``pos_weight`` multiplies the loss of the positive targets.

z = torch.tensor([2.0, -1.0, 30.0])
y = torch.tensor([1.0, 0.0, 0.0])
print("with logits  :", F.binary_cross_entropy_with_logits(z, y, reduction="none"))
print("after sigmoid:", F.binary_cross_entropy(torch.sigmoid(z), y, reduction="none"))
assert torch.equal(F.binary_cross_entropy_with_logits(z, y), nn.BCEWithLogitsLoss()(z, y))
weighted = F.binary_cross_entropy_with_logits(z, y, pos_weight=torch.tensor(3.0), reduction="none")
print("pos_weight=3 :", weighted)

# %% example-for: torch.nn.functional.nll_loss
# ``F.nll_loss``: log-probabilities and class indices
# ---------------------------------------------------
#
# It picks ``-log_p[i, target[i]]`` for every sample and averages.
# ``nll_loss(log_softmax(z))`` is ``cross_entropy(z)``. Given raw logits it
# still runs and returns a wrong, possibly negative, value.

z = torch.randn(4, 3)
labels = torch.tensor([0, 2, 1, 2])
log_p = F.log_softmax(z, dim=1)
loss = F.nll_loss(log_p, labels)
assert torch.allclose(loss, -log_p[torch.arange(4), labels].mean())
assert torch.allclose(loss, F.cross_entropy(z, labels))
assert torch.equal(loss, nn.NLLLoss()(log_p, labels))
print("nll_loss(log_softmax(z)):", loss, " cross_entropy(z):", F.cross_entropy(z, labels))
print("nll_loss(z) on raw logits:", F.nll_loss(z, labels))
kept = F.nll_loss(log_p, labels, ignore_index=2)
assert torch.allclose(kept, -log_p[[0, 2], [0, 1]].mean())
print("ignore_index=2 averages the other two samples:", kept)

# %% example-for: functional-kl-div, torch.nn.functional.kl_div
# ``F.kl_div``: log-probabilities first, and ``'batchmean'``
# ----------------------------------------------------------
#
# ``kl_div(input, target)`` computes ``target * (log(target) - input)`` per
# element: ``input`` must be **log**-probabilities, ``target`` plain
# probabilities (or log-probabilities with ``log_target=True``). The
# divergence ``KL(target || exp(input))`` of each sample is the sum over its
# classes, so the mean over the batch divides the total by the batch size:
# that is ``'batchmean'``. The default ``'mean'`` divides by every element
# (batch size times number of classes) and warns.

batch, classes = 4, 5
log_q = F.log_softmax(torch.randn(batch, classes), dim=1)   # the model
p = F.softmax(torch.randn(batch, classes), dim=1)           # the target
per_sample = (p * (p.log() - log_q)).sum(dim=1)              # KL(p || q) for each sample
print("KL per sample:", per_sample)
batchmean = F.kl_div(log_q, p, reduction="batchmean")
assert torch.allclose(batchmean, per_sample.mean())
print("'batchmean'  :", batchmean, "= mean of the sample KLs")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    mean = F.kl_div(log_q, p)
assert torch.allclose(mean, batchmean / classes)
print("'mean'       :", mean, "= batchmean /", classes)
print("warning:", caught[0].message)
assert torch.allclose(F.kl_div(log_q, p.log(), reduction="batchmean", log_target=True), batchmean)
assert torch.equal(batchmean, nn.KLDivLoss(reduction="batchmean")(log_q, p))
wrong = F.kl_div(log_q.exp(), p, reduction="batchmean")  # probabilities as input
print("probabilities as input (wrong):", wrong)
