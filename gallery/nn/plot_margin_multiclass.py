"""
MultiMarginLoss: the multi-class hinge
======================================

``nn.MultiMarginLoss`` takes scores ``(N, C)`` and one class index per sample.
The correct class should beat every other class by ``margin``. This script
computes it by hand for ``p=1``, ``p=2``, another margin and class weights,
and shows the target it expects.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def multi_margin_by_hand(x, target, p=1, margin=1.0, weight=None):
    n, c = x.shape
    losses = []
    for k in range(n):
        t = int(target[k])
        others = [i for i in range(c) if i != t]
        terms = (margin - x[k, t] + x[k, others]).clamp_min(0) ** p
        if weight is not None:
            terms = weight[t] * terms
        losses.append(terms.sum() / c)
    return torch.stack(losses)


# %% example-for: torch.nn.MultiMarginLoss
# The formula, with ``p``, ``margin`` and ``weight``
# --------------------------------------------------
#
# For a sample with scores ``x`` and class ``y``:
# ``sum over i != y of w[y] * max(0, margin - x[y] + x[i]) ** p``, divided by
# the number of classes ``C``. The defaults are ``p=1``, ``margin=1.0`` and
# no weight. ``p=2`` squares each term (a squared hinge). ``weight`` has one
# value per class and scales the whole loss of the samples of that class.

x = torch.tensor([[0.1, 0.2, 0.4, 0.8],
                  [1.5, -0.2, 0.3, 0.9]])
target = torch.tensor([3, 0])
w = torch.tensor([1.0, 2.0, 3.0, 4.0])
settings = {"defaults": {}, "p=2": {"p": 2}, "margin=0.5": {"margin": 0.5},
            "weight=[1, 2, 3, 4]": {"weight": w}}
for name, kwargs in settings.items():
    out = nn.MultiMarginLoss(reduction="none", **kwargs)(x, target)
    manual = multi_margin_by_hand(x, target, **kwargs)
    assert torch.allclose(out, manual)
    print(f"{name:<20}", out)
m = nn.MultiMarginLoss()
print("defaults: p =", m.p, " margin =", m.margin, " weight =", m.weight)
print("mean:", m(x, target))

# %% example-for: torch.nn.MultiMarginLoss
# Class indices, not one-hot, and only ``p`` 1 or 2
# -------------------------------------------------
#
# ``target`` is ``(N,)`` of dtype ``int64`` (a 1-D input ``(C,)`` takes a
# 0-d target). A float target, an ``int32`` target or a one-hot
# ``(N, C)`` target raise a ``RuntimeError``; ``p=3`` is refused by the
# constructor with a ``ValueError``.

print(nn.MultiMarginLoss(reduction="none")(x[0], torch.tensor(3)).shape)
one_hot = torch.nn.functional.one_hot(target, num_classes=4)
for bad in (target.float(), target.int(), one_hot):
    try:
        nn.MultiMarginLoss()(x, bad)
    except RuntimeError as err:
        print(f"{bad.dtype}, {tuple(bad.shape)}: RuntimeError: {err}")
try:
    nn.MultiMarginLoss(p=3)
except ValueError as err:
    print(f"ValueError: {err}")
