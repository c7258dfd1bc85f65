"""
Multi-label losses: index lists versus multi-hot targets
========================================================

Both losses score ``C`` classes per sample, several of which may be correct.
They want the correct classes in two different forms:
``nn.MultiLabelMarginLoss`` takes a list of class **indices** (``int64``,
padded with ``-1``), ``nn.MultiLabelSoftMarginLoss`` a **multi-hot** 0/1
tensor. Swapping the two forms is a silent mistake.
"""

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def multilabel_margin_by_hand(x, y):
    """Loss of one sample: x (C,) scores, y (C,) int64 indices padded with -1."""
    labels = []
    for j in y.tolist():
        if j == -1:
            break                     # the first -1 ends the list
        labels.append(j)
    others = [i for i in range(len(x)) if i not in labels]
    total = sum((1 - (x[j] - x[i])).clamp_min(0) for j in labels for i in others)
    return total / len(x) if labels and others else torch.tensor(0.0)


# %% example-for: torch.nn.MultiLabelMarginLoss
# The target lists class indices, ended by ``-1``
# -----------------------------------------------
#
# ``target`` has the same shape as ``input``, ``(N, C)`` or ``(C,)``, dtype
# ``int64``. Each row lists the correct classes and stops at the first ``-1``;
# the values after it are ignored, but each must still lie between ``-1`` and
# ``C - 1``, or the call raises a ``RuntimeError``. The loss of a row is
# ``sum over correct j and wrong i of max(0, 1 - (x[j] - x[i])) / C``: every
# correct class should beat every wrong class by 1.

x = torch.tensor([[0.1, 0.2, 0.4, 0.8],
                  [0.9, 0.1, 0.7, -0.3]])
y = torch.tensor([[3, 0, -1, 1],              # classes 3 and 0; the 1 after -1 is ignored
                  [2, -1, 0, 0]])             # class 2 only
out = nn.MultiLabelMarginLoss(reduction="none")(x, y)
manual = torch.stack([multilabel_margin_by_hand(x[k], y[k]) for k in range(2)])
print("per sample:", out, "by hand:", manual)
assert torch.allclose(out, manual)
same = torch.tensor([[3, 0, -1, 2], [2, -1, 3, 1]])
assert torch.equal(nn.MultiLabelMarginLoss(reduction="none")(x, same), out)
print("mean:", nn.MultiLabelMarginLoss()(x, y))
print("one sample, (C,):", nn.MultiLabelMarginLoss(reduction="none")(x[0], y[0]))
print("a row starting with -1 (no labels):",
      nn.MultiLabelMarginLoss(reduction="none")(x[:1], torch.tensor([[-1, 3, 0, 1]])))
try:
    nn.MultiLabelMarginLoss()(x[:1], torch.tensor([[3, -1, 7, 0]]))  # 7 >= C after the -1
except RuntimeError as err:
    print(f"[3, -1, 7, 0]: RuntimeError: {err}")

# %% example-for: torch.nn.MultiLabelMarginLoss
# Common mistakes: dtype, shape, a multi-hot target
# -------------------------------------------------
#
# A float or ``int32`` target raises a ``RuntimeError``, and so does a short
# list: the target must be as wide as the input, hence the padding. A
# multi-hot row ``[1, 1, 0, 1]`` raises nothing: it is read as the class
# indices 1, 1, 0, 1. Convert multi-hot rows to padded index lists first.

for bad in (y.float(), y.int(), torch.tensor([[3, 0], [2, -1]])):
    try:
        nn.MultiLabelMarginLoss()(x, bad)
    except RuntimeError as err:
        print(f"{bad.dtype}, {tuple(bad.shape)}: RuntimeError: {err}")

multi_hot = torch.tensor([[1, 0, 0, 1], [0, 0, 1, 0]])    # classes {0, 3} and {2}
wrong = nn.MultiLabelMarginLoss(reduction="none")(x, multi_hot)
print("multi-hot read as indices:", wrong)


def to_padded_indices(mh):
    padded = torch.full_like(mh, -1, dtype=torch.int64)
    for k, row in enumerate(mh):
        idx = row.nonzero().flatten()
        padded[k, :len(idx)] = idx
    return padded


fixed = to_padded_indices(multi_hot)
print("converted:", fixed.tolist(), "->", nn.MultiLabelMarginLoss(reduction="none")(x, fixed))
assert torch.allclose(nn.MultiLabelMarginLoss(reduction="none")(x, fixed), out)
assert not torch.allclose(wrong, out)

# %% example-for: torch.nn.MultiLabelSoftMarginLoss
# A multi-hot target, one binary loss per class
# ---------------------------------------------
#
# ``target`` is a 0/1 tensor of the same shape as ``input``, ``(N, C)``. The
# loss of a row is
# ``-mean over classes of w[i] * (y[i] * log(sigmoid(x[i])) + (1 - y[i]) * log(sigmoid(-x[i])))``:
# the same as ``binary_cross_entropy_with_logits`` averaged over the classes.
# ``weight`` (shape ``(C,)``) weighs each class. An ``int64`` 0/1 target gives
# the same values as a float one.

target = multi_hot.float()
out = nn.MultiLabelSoftMarginLoss(reduction="none")(x, target)
manual = -(target * F.logsigmoid(x) + (1 - target) * F.logsigmoid(-x)).mean(dim=1)
print("per sample:", out, "by hand:", manual)
assert torch.allclose(out, manual)
assert torch.allclose(out, F.binary_cross_entropy_with_logits(x, target, reduction="none").mean(1))
assert torch.equal(nn.MultiLabelSoftMarginLoss(reduction="none")(x, multi_hot), out)

w = torch.tensor([1.0, 2.0, 1.0, 0.5])
weighted = nn.MultiLabelSoftMarginLoss(weight=w, reduction="none")(x, target)
assert torch.allclose(weighted, -(w * (target * F.logsigmoid(x)
                                       + (1 - target) * F.logsigmoid(-x))).mean(dim=1))
print("weight", w.tolist(), "->", weighted)

# %% example-for: torch.nn.MultiLabelSoftMarginLoss
# An index list is not a multi-hot target
# ---------------------------------------
#
# Passing the padded index list of ``MultiLabelMarginLoss`` raises nothing
# when it has the right shape: the values ``3, 0, -1`` are used as if they
# were 0/1 labels. A target of another width raises a ``RuntimeError``.

print("index list as target:", nn.MultiLabelSoftMarginLoss(reduction="none")(x, y))
assert not torch.allclose(nn.MultiLabelSoftMarginLoss(reduction="none")(x, y), out)
try:
    nn.MultiLabelSoftMarginLoss()(x, torch.tensor([[3, 0], [2, -1]]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
