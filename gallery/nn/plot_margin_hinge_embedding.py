"""
HingeEmbeddingLoss as PyTorch implements it
===========================================

``nn.HingeEmbeddingLoss`` is not the hinge loss ``max(0, 1 - y * x)`` of a
support vector machine. Its input ``x`` is meant to be a distance between two
things, and the label ``y`` says whether they are similar (``1``) or
dissimilar (``-1``). This script computes the two branches by hand, shows the
default margin, what labels other than 1 and -1 do, and a silent shape
mistake.
"""

import warnings

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: margin-hinge-embedding, torch.nn.HingeEmbeddingLoss
# The two branches, computed by hand
# ----------------------------------
#
# For each element, the loss is ``x`` where ``y == 1`` and
# ``max(0, margin - x)`` where ``y == -1``. The default margin is ``1.0``.
# ``reduction='mean'`` (the default) averages over all elements.

loss_fn = nn.HingeEmbeddingLoss(reduction="none")
print("default margin:", loss_fn.margin)
x = torch.tensor([-0.5, 0.0, 0.3, 0.8, 1.0, 2.0])
for label in (1.0, -1.0):
    y = torch.full_like(x, label)
    out = loss_fn(x, y)
    manual = x if label == 1 else (loss_fn.margin - x).clamp_min(0)
    assert torch.equal(out, manual)
    print(f"y = {label:+.0f}:", out)

y = torch.tensor([1.0, -1.0, 1.0, -1.0, 1.0, -1.0])
manual = torch.where(y == 1, x, (1.0 - x).clamp_min(0))
print("mixed labels, mean:", nn.HingeEmbeddingLoss()(x, y), manual.mean())
assert torch.allclose(nn.HingeEmbeddingLoss()(x, y), manual.mean())

wide = nn.HingeEmbeddingLoss(margin=2.0, reduction="none")(x, y)
print("margin=2.0:        ", wide)
assert torch.equal(wide, torch.where(y == 1, x, (2.0 - x).clamp_min(0)))

# %% example-for: margin-hinge-embedding-labels, torch.nn.HingeEmbeddingLoss
# Labels other than 1 and -1
# --------------------------
#
# PyTorch does not check the labels. It adds two terms: ``x`` wherever
# ``y != -1`` and ``max(0, margin - x)`` wherever ``y != 1``. A label that is
# neither 1 nor -1 (``0``, ``2``, ``0.5``, ...) gets **both**:
# ``x + max(0, margin - x)``, which equals ``max(x, margin)``. No error and no
# warning is raised. ``int64`` labels are accepted and read the same way.

x = torch.tensor([-0.5, 0.3, 1.0, 2.0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for label in (0.0, 2.0, -2.0, 0.5):
        out = loss_fn(x, torch.full_like(x, label))
        print(f"y = {label:+.1f}:", out)
        assert torch.equal(out, x + (1.0 - x).clamp_min(0))
        assert torch.equal(out, torch.maximum(x, torch.tensor(1.0)))
assert not caught
y_int = torch.tensor([1, -1, 0, 1])
print("int64 labels", y_int.tolist(), "->", loss_fn(x, y_int))
assert torch.equal(loss_fn(x, y_int), loss_fn(x, y_int.float()))

# %% example-for: margin-hinge-embedding, torch.nn.HingeEmbeddingLoss
# The input is a distance, not a score
# ------------------------------------
#
# With ``y = 1`` the loss is ``x`` itself, so a negative input gives a negative
# loss that keeps decreasing: the loss assumes ``x >= 0``. A typical input is
# the L1 distance between two embeddings, computed with
# ``F.pairwise_distance(a, b, p=1)``. The SVM hinge ``max(0, 1 - y * x)`` is a
# different function (see the figure script).

print("y = 1, x = -3:", loss_fn(torch.tensor([-3.0]), torch.tensor([1.0])))
a = torch.randn(4, 8)
b = torch.cat([a[:2] + 0.1 * torch.randn(2, 8), torch.randn(2, 8)])
y = torch.tensor([1.0, 1.0, -1.0, -1.0])      # similar, similar, dissimilar, dissimilar
dist = F.pairwise_distance(a, b, p=1)
print("L1 distances:", dist)
print("losses:      ", nn.HingeEmbeddingLoss(margin=10.0, reduction="none")(dist, y))
svm_hinge = (1 - y * dist).clamp_min(0)
print("max(0, 1 - y*x):", svm_hinge)
assert not torch.allclose(svm_hinge, loss_fn(dist, y))

# %% example-for: torch.nn.HingeEmbeddingLoss
# A label column broadcasts silently
# ----------------------------------
#
# ``input`` and ``target`` may have any shape, but they should have the same
# one. A target of shape ``(N, 1)`` against an input of shape ``(N,)`` is
# broadcast to ``(N, N)``: every input is paired with every label, the mean is
# wrong, and nothing complains. An integer *input* fails, because the mean of
# an ``int64`` tensor has no dtype.

x = torch.tensor([0.3, 2.0, -0.5])
y_col = torch.tensor([[1.0], [-1.0], [1.0]])
print("shape with reduction='none':", loss_fn(x, y_col).shape)
print("mean, (N, 1) target:", nn.HingeEmbeddingLoss()(x, y_col))
print("mean, (N,) target:  ", nn.HingeEmbeddingLoss()(x, y_col.squeeze(1)))
assert loss_fn(x, y_col).shape == (3, 3)
try:
    nn.HingeEmbeddingLoss()(torch.tensor([1, 2]), torch.tensor([1, -1]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
