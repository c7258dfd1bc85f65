"""
CrossEntropyLoss and NLLLoss: logits, targets, weights
======================================================

``CrossEntropyLoss`` takes raw scores (logits) and either class indices or
class probabilities as target. It is ``LogSoftmax`` followed by
``NLLLoss``. This script shows the target forms it accepts and refuses,
``label_smoothing``, ``ignore_index`` and ``weight``.
"""

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)

logits = torch.tensor([[2.0, 0.5, -1.0],
                       [0.1, 0.2, 3.0],
                       [1.0, 1.0, 1.0]])          # (N=3, C=3), raw scores
labels = torch.tensor([0, 2, 1])                  # (N,), int64 class indices
ce = nn.CrossEntropyLoss()

# %% example-for: loss-targets
# Which targets ``CrossEntropyLoss`` accepts
# ------------------------------------------
#
# Class indices: shape ``(N,)``, dtype ``int64`` (``uint8`` also works).
# Class probabilities: a floating tensor of the same shape as the input. A
# one-hot tensor straight from ``F.one_hot`` is ``int64`` with the input's
# shape, so it is read as probabilities and refused for its dtype; converted
# with ``.float()`` it is accepted and gives the same loss as the indices. Float
# class indices and ``int32`` indices are refused too.

index_loss = ce(logits, labels)
one_hot = F.one_hot(labels, num_classes=3)
print("indices        ", labels.dtype, tuple(labels.shape), index_loss)
print("one-hot float  ", one_hot.float().dtype, tuple(one_hot.shape), ce(logits, one_hot.float()))
assert torch.allclose(ce(logits, one_hot.float()), index_loss)
assert torch.allclose(ce(logits, labels.to(torch.uint8)), index_loss)
soft = torch.tensor([[0.7, 0.3, 0.0], [0.0, 0.1, 0.9], [0.2, 0.6, 0.2]])
print("soft labels    ", soft.dtype, tuple(soft.shape), ce(logits, soft))
assert torch.allclose(ce(logits, soft), -(soft * F.log_softmax(logits, dim=1)).sum(dim=1).mean())
for name, bad in [("one-hot int64  ", one_hot), ("float indices  ", labels.float()),
                  ("int32 indices  ", labels.int()), ("indices (N, 1) ", labels.unsqueeze(1))]:
    try:
        ce(logits, bad)
    except RuntimeError as err:
        print(f"{name} RuntimeError: {err}")

# An index must lie in [0, C).
try:
    ce(logits, torch.tensor([0, 3, 1]))
except IndexError as err:
    print(f"IndexError: {err}")

# %% example-for: loss-targets
# More dimensions: the class dimension is dim 1
# ---------------------------------------------
#
# For a sequence or an image the input is ``(N, C, d1, ...)`` and the index
# target ``(N, d1, ...)``; ``reduction='none'`` returns ``(N, d1, ...)``. A
# ``(N, L, C)`` output must be permuted to ``(N, C, L)`` first. Unpermuted,
# it raises when ``L`` differs from ``C``; when they are equal nothing raises
# and the loss is computed over the wrong dimension.

scores = torch.randn(2, 4, 3)                     # (N, L, C) as a model might give
tokens = torch.randint(0, 3, (2, 4))              # (N, L)
per_token = nn.CrossEntropyLoss(reduction="none")(scores.permute(0, 2, 1), tokens)
print("input (N, C, L):", tuple(scores.permute(0, 2, 1).shape), "-> none:", tuple(per_token.shape))
try:
    ce(scores, tokens)
except RuntimeError as err:
    print(f"(N, L, C) given: RuntimeError: {err}")
square = torch.randn(2, 3, 3)                     # L == C == 3
square_tokens = torch.randint(0, 3, (2, 3))
wrong, right = ce(square, square_tokens), ce(square.permute(0, 2, 1), square_tokens)
print("L == C, not permuted:", wrong, " permuted:", right)
assert not torch.allclose(wrong, right)

# %% example-for: torch.nn.NLLLoss
# ``CrossEntropyLoss`` is ``LogSoftmax`` + ``NLLLoss``
# ----------------------------------------------------
#
# ``NLLLoss`` picks ``-input[i, target[i]]``: it expects
# log-probabilities. ``CrossEntropyLoss`` applies ``log_softmax`` over
# dim 1 first; ``weight`` and ``ignore_index`` give the same results in
# both.

log_probs = nn.LogSoftmax(dim=1)(logits)
nll = nn.NLLLoss()(log_probs, labels)
print("CrossEntropyLoss:", index_loss, " LogSoftmax + NLLLoss:", nll)
assert torch.allclose(index_loss, nll)
assert torch.allclose(nll, -log_probs[torch.arange(3), labels].mean())

# ``weight`` and ``ignore_index`` carry over unchanged.
w = torch.tensor([1.0, 2.0, 0.5])
padded = torch.tensor([0, -100, 1])
assert torch.allclose(nn.NLLLoss(weight=w)(log_probs, labels),
                      nn.CrossEntropyLoss(weight=w)(logits, labels))
assert torch.allclose(nn.NLLLoss()(log_probs, padded), nn.CrossEntropyLoss()(logits, padded))

# %% example-for: torch.nn.NLLLoss
# The silent mistake: ``NLLLoss`` on probabilities or logits
# ----------------------------------------------------------
#
# ``NLLLoss`` does not check that its input holds log-probabilities. Given
# probabilities it returns ``-mean(p[i, target[i]])``, a negative number
# between -1 and 0 whose minimum does not mean what it should; given raw
# logits it returns minus the mean of the picked logits. Neither raises.

probs = logits.softmax(dim=1)
print("NLLLoss(probabilities):", nn.NLLLoss()(probs, labels))
print("NLLLoss(logits):       ", nn.NLLLoss()(logits, labels))
print("NLLLoss(log_softmax):  ", nll)
assert torch.allclose(nn.NLLLoss()(probs, labels), -probs[torch.arange(3), labels].mean())
assert -1 < nn.NLLLoss()(probs, labels) < 0
assert torch.allclose(nn.NLLLoss()(logits, labels), -logits[torch.arange(3), labels].mean())

# ``NLLLoss`` accepts only class indices: no probability targets.
try:
    nn.NLLLoss()(log_probs, one_hot.float())
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.CrossEntropyLoss
# ``label_smoothing``, checked by hand
# ------------------------------------
#
# With ``label_smoothing=eps`` the target becomes
# ``(1 - eps) * one_hot + eps / C``, so each sample's loss is
# ``-(1 - eps) * logp[target] - (eps / C) * sum(logp)``. The loss no longer
# reaches 0 for a perfect, confident prediction.

eps = 0.1
smoothed = nn.CrossEntropyLoss(label_smoothing=eps)(logits, labels)
logp = F.log_softmax(logits, dim=1)
by_hand = (-(1 - eps) * logp[torch.arange(3), labels] - eps / 3 * logp.sum(dim=1)).mean()
print("label_smoothing=0.1:", smoothed, " by hand:", by_hand)
assert torch.allclose(smoothed, by_hand)
try:
    nn.CrossEntropyLoss(label_smoothing=1.5)(logits, labels)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

confident = torch.tensor([[30.0, 0.0, 0.0]])
right = torch.tensor([0])
print("confident and right, eps=0  :", ce(confident, right))
print("confident and right, eps=0.1:", nn.CrossEntropyLoss(label_smoothing=eps)(confident, right))
assert nn.CrossEntropyLoss(label_smoothing=eps)(confident, right) > 1

# %% example-for: torch.nn.CrossEntropyLoss
# ``ignore_index``: left out of the loss and of the mean
# ------------------------------------------------------
#
# A target equal to ``ignore_index`` (default ``-100``, e.g. padding)
# gets loss 0 under ``'none'`` and is not counted by ``'mean'``: the mean
# below is over 2 samples, not 3. If every target is ignored, ``'mean'``
# is ``0 / 0 = nan``.

padded = torch.tensor([0, -100, 1])
none = nn.CrossEntropyLoss(reduction="none")(logits, padded)
mean = ce(logits, padded)
print("none:", none, " mean:", mean)
assert none[1] == 0
assert torch.allclose(mean, none.sum() / 2)
all_ignored = ce(logits, torch.full((3,), -100))
print("all ignored:", all_ignored)
assert all_ignored.isnan()

# %% example-for: torch.nn.CrossEntropyLoss
# ``weight``: ``'mean'`` divides by the sum of the weights
# --------------------------------------------------------
#
# ``weight`` (shape ``(C,)``) multiplies each sample's loss by the weight
# of its target class. With index targets, ``'mean'`` then divides by the
# sum of those weights, not by ``N``. With probability targets it divides by
# ``N``, so a float one-hot target no longer equals the index form once
# ``weight`` is set.

w = torch.tensor([1.0, 2.0, 0.5])
weighted = nn.CrossEntropyLoss(weight=w)
per = nn.CrossEntropyLoss(weight=w, reduction="none")(logits, labels)
print("weighted per sample:", per)
assert torch.allclose(per, w[labels] * nn.CrossEntropyLoss(reduction="none")(logits, labels))
print("mean (indices):", weighted(logits, labels), "= sum / sum(w[target]) =", per.sum() / w[labels].sum())
print("mean (one-hot float):", weighted(logits, one_hot.float()), "= sum / N =", per.sum() / 3)
assert torch.allclose(weighted(logits, labels), per.sum() / w[labels].sum())
assert torch.allclose(weighted(logits, one_hot.float()), per.sum() / 3)
