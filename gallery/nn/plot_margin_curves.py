"""
Margin losses as curves
=======================

A binary classifier outputs a score ``x``; with a label ``y`` in ``{-1, 1}``
the product ``m = y * x`` is the margin: positive when the sign of the score
is right, large when it is right with confidence. The losses of the left
panel depend on ``x`` and ``y`` only through ``m``. Every curve is computed by calling the
real modules on a grid of margins, not by typing the formulas.
"""

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from torch import nn

# %% example-for: margin-loss-curves, torch.nn.SoftMarginLoss, torch.nn.MultiMarginLoss
# Loss against margin, and the two branches of HingeEmbeddingLoss
# ---------------------------------------------------------------
#
# Left: the hinge ``max(0, 1 - m)`` is ``MultiMarginLoss`` on the two scores
# ``(0, m)`` with target class 1, times ``C = 2`` because that loss divides by
# the number of classes (``MarginRankingLoss(margin=1)`` on ``(m, 0)`` with
# ``y = 1`` gives the same values); ``p=2`` squares it. ``SoftMarginLoss``
# gives ``log(1 + exp(-m))``, a smooth hinge that is never exactly zero. The
# 0-1 loss (1 for a wrong or zero margin) is drawn for reference: no module
# computes it. Right: ``HingeEmbeddingLoss`` is a function of the input ``x``
# (a distance) for each label, not of ``y * x``; the dashed line is what a
# label ``0`` gives.

m = torch.linspace(-3, 3, 241)
ones = torch.ones_like(m)
scores = torch.stack([torch.zeros_like(m), m], dim=1)       # (241, 2)
cls1 = torch.ones(len(m), dtype=torch.int64)
hinge = 2 * nn.MultiMarginLoss(reduction="none")(scores, cls1)
squared = 2 * nn.MultiMarginLoss(p=2, reduction="none")(scores, cls1)
soft = nn.SoftMarginLoss(reduction="none")(m, ones)
zero_one = (m <= 0).float()

assert torch.allclose(hinge, (1 - m).clamp_min(0))
assert torch.allclose(hinge, nn.MarginRankingLoss(margin=1.0, reduction="none")(
    m, torch.zeros_like(m), ones))
assert torch.allclose(nn.MarginRankingLoss(margin=1.0, reduction="none")(
    m, torch.zeros_like(m), -ones), (1 + m).clamp_min(0))
assert torch.allclose(squared, (1 - m).clamp_min(0) ** 2)
assert torch.allclose(soft, F.softplus(-m))
# only the product y * x matters: a negative label with a negated score is the same
assert torch.allclose(soft, nn.SoftMarginLoss(reduction="none")(-m, -ones))

x = torch.linspace(-1, 3, 161)
he = nn.HingeEmbeddingLoss(reduction="none")
he_pos = he(x, torch.ones_like(x))
he_neg = he(x, -torch.ones_like(x))
he_zero = he(x, torch.zeros_like(x))

print(f"{'m':>5} {'0-1':>5} {'hinge':>6} {'hinge^2':>8} {'soft':>7}")
for value in (-1.0, 0.0, 0.5, 1.0, 2.0):
    i = int(torch.argmin((m - value).abs()))
    print(f"{value:>5.1f} {zero_one[i]:>5.0f} {hinge[i]:>6.3f} {squared[i]:>8.3f} {soft[i]:>7.4f}")

fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(7, 3.4))
ax1.plot(m, zero_one, color="black", lw=1, label="0-1 (reference)")
ax1.plot(m, hinge, label="MultiMargin p=1: max(0, 1-m)")
ax1.plot(m, squared, label="MultiMargin p=2")
ax1.plot(m, soft, label="SoftMargin: log(1+exp(-m))")
ax1.set_ylim(-0.1, 4)
ax1.set_xlabel("margin m = y·x")
ax1.set_ylabel("loss")
ax1.legend(fontsize=7)
ax2.plot(x, he_pos, label="y = 1: x")
ax2.plot(x, he_neg, label="y = -1: max(0, 1-x)")
ax2.plot(x, he_zero, "--", color="gray", label="y = 0: max(x, 1)")
ax2.set_xlabel("input x (a distance)")
ax2.set_ylabel("HingeEmbeddingLoss")
ax2.legend(fontsize=7)
plt.tight_layout()
plt.show()
