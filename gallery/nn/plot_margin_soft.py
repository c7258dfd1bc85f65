"""
SoftMarginLoss: labels -1 and 1
===============================

``nn.SoftMarginLoss`` is the logistic loss written for labels in ``{-1, 1}``:
``log(1 + exp(-y * x))`` per element. This script checks the formula, its
link with ``BCEWithLogitsLoss``, and what 0/1 labels do to it.
"""

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.SoftMarginLoss
# The formula, averaged over every element
# ----------------------------------------
#
# Input and target have the same shape, any shape. The default
# ``reduction='mean'`` divides the sum by the number of elements. A confident
# correct score costs almost 0, a confident wrong one about ``-y * x``. The same
# value comes from ``binary_cross_entropy_with_logits`` with the labels mapped
# to 0/1 by ``(y + 1) / 2``.

x = torch.randn(2, 3)
y = torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]])
out = nn.SoftMarginLoss()(x, y)
manual = torch.log(1 + torch.exp(-y * x)).sum() / x.numel()
print(out, manual)
assert torch.allclose(out, manual)
print(nn.SoftMarginLoss(reduction="none")(x, y))
assert torch.allclose(out, F.binary_cross_entropy_with_logits(x, (y + 1) / 2))
confident = nn.SoftMarginLoss(reduction="none")(torch.tensor([10.0, -10.0]), torch.ones(2))
print("scores 10 and -10 with y = 1:", confident)
assert confident[0] < 1e-4 and abs(confident[1] - 10) < 1e-4

# %% example-for: torch.nn.SoftMarginLoss
# 0/1 labels: no error, no learning
# ---------------------------------
#
# A label 0 makes the element's loss ``log(1 + exp(0)) = log 2`` whatever the
# score, with zero gradient. Integer and boolean targets are accepted (``True``
# reads as 1, ``False`` as 0), so the mistake raises nothing. Map 0/1 labels
# with ``2 * y - 1``, or use ``BCEWithLogitsLoss`` directly.

scores = torch.tensor([3.0, -3.0, 0.5], requires_grad=True)
labels01 = torch.tensor([1, 0, 0])
out = nn.SoftMarginLoss(reduction="none")(scores, labels01)
out.sum().backward()
print("0/1 labels:", out, "gradient:", scores.grad)
assert torch.allclose(out[1:], torch.log(torch.tensor(2.0)).expand(2))
assert not scores.grad[1:].any()
print("bool labels:", nn.SoftMarginLoss(reduction="none")(scores, labels01.bool()))
print("2*y - 1:    ", nn.SoftMarginLoss(reduction="none")(scores, 2 * labels01 - 1))

# %% example-for: torch.nn.SoftMarginLoss
# A target of another shape
# -------------------------
#
# A ``(N, 1)`` target against a ``(N,)`` input would broadcast to ``(N, N)``;
# this loss refuses it.

try:
    nn.SoftMarginLoss()(torch.randn(3), torch.ones(3, 1))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
