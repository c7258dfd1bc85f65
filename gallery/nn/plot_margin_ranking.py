"""
Pairs of inputs: MarginRankingLoss and CosineEmbeddingLoss
==========================================================

Both losses take two inputs and a label ``y`` in ``{1, -1}`` per pair.
``MarginRankingLoss`` compares two scores: which one should be higher.
``CosineEmbeddingLoss`` compares two embedding vectors: should they point the
same way or not. This script computes both by hand and shows the shapes they
expect.
"""

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.MarginRankingLoss
# ``y`` says which input should rank higher
# -----------------------------------------
#
# The loss of a pair is ``max(0, -y * (x1 - x2) + margin)``. With ``y = 1``,
# ``x1`` should be larger than ``x2`` by at least ``margin``; with ``y = -1``,
# ``x2`` should be. The default margin is ``0.0``: a correctly ordered pair
# and a tie cost nothing. With a positive margin, a pair costs until the gap
# reaches the margin.

x1 = torch.tensor([0.8, 0.2, 0.5, 0.5, 0.1])
x2 = torch.tensor([0.4, 0.6, 0.5, 0.3, 0.9])
y = torch.tensor([1.0, 1.0, 1.0, -1.0, -1.0])
for margin in (0.0, 0.5):
    out = nn.MarginRankingLoss(margin=margin, reduction="none")(x1, x2, y)
    manual = (-y * (x1 - x2) + margin).clamp_min(0)
    assert torch.allclose(out, manual)
    print(f"margin={margin}:", out)
print("default margin:", nn.MarginRankingLoss().margin)
print("mean:", nn.MarginRankingLoss()(x1, x2, y))
print("0-d inputs:", nn.MarginRankingLoss(reduction="none")(x1[0], x2[0], y[0]))

# %% example-for: torch.nn.MarginRankingLoss
# Shapes: three tensors of the same shape
# ---------------------------------------
#
# ``x1``, ``x2`` and ``y`` are ``(N,)`` (or 0-d). A scoring network that ends
# in ``nn.Linear(d, 1)`` returns ``(N, 1)``: squeeze it first, or the call
# fails. Labels ``0``/``1`` are a silent mistake: with ``y = 0`` the loss is
# ``max(0, margin)`` whatever the scores, a constant without gradient.

net = nn.Linear(4, 1)
s1, s2 = net(torch.randn(3, 4)), net(torch.randn(3, 4))
y = torch.tensor([1.0, -1.0, 1.0])
print("scores:", s1.shape)
try:
    nn.MarginRankingLoss()(s1, s2, y)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("squeezed:", nn.MarginRankingLoss()(s1.squeeze(1), s2.squeeze(1), y))

z1 = torch.tensor([0.9, -2.0], requires_grad=True)
out = nn.MarginRankingLoss(margin=0.3, reduction="none")(z1, torch.zeros(2), torch.zeros(2))
out.sum().backward()
print("y = 0:", out, "gradient:", z1.grad)
assert torch.equal(out, torch.full((2,), 0.3)) and not z1.grad.any()

# %% example-for: torch.nn.CosineEmbeddingLoss
# Two branches on the cosine similarity
# -------------------------------------
#
# With ``cos = F.cosine_similarity(x1, x2)`` along dim 1, a pair with
# ``y = 1`` costs ``1 - cos`` (0 when the vectors point the same way), and a
# pair with ``y = -1`` costs ``max(0, cos - margin)``. The default margin is
# ``0.0``: a dissimilar pair is satisfied once the vectors are orthogonal or
# further apart. The loss computes the cosine as
# ``x1·x2 / sqrt((|x1|² + 1e-12) * (|x2|² + 1e-12))``: rescaling a vector
# changes nothing, except for vectors of norm about ``1e-6`` or less, where
# the ``1e-12`` pulls the cosine towards 0 and it no longer matches
# ``F.cosine_similarity``.

x1 = torch.randn(4, 3)
x2 = torch.stack([x1[0] * 2, -x1[1], x1[2] + 0.5 * torch.randn(3), torch.randn(3)])
y = torch.tensor([1.0, 1.0, -1.0, -1.0])
cos = F.cosine_similarity(x1, x2, dim=1)
out = nn.CosineEmbeddingLoss(reduction="none")(x1, x2, y)
manual = torch.where(y == 1, 1 - cos, (cos - 0.0).clamp_min(0))
print("cos: ", cos)
print("loss:", out)
assert torch.allclose(out, manual, atol=1e-6)
print("default margin:", nn.CosineEmbeddingLoss().margin)
assert torch.allclose(nn.CosineEmbeddingLoss(reduction="none")(100 * x1, 0.01 * x2, y), out, atol=1e-6)
for scale in (1e-3, 1e-6, 1e-7):
    tiny = 1 - nn.CosineEmbeddingLoss(reduction="none")(scale * x1[3], x2[3], torch.tensor(1.0))
    print(f"x1[3] scaled by {scale:g}: cos in the loss {tiny:.4f},"
          f" F.cosine_similarity {F.cosine_similarity(scale * x1[3], x2[3], dim=0):.4f}")
    if scale <= 1e-6:
        assert tiny < F.cosine_similarity(scale * x1[3], x2[3], dim=0) - 0.1

# %% example-for: torch.nn.CosineEmbeddingLoss
# The margin only acts on ``y = -1`` pairs
# ----------------------------------------
#
# One dissimilar pair whose cosine is about 0.4 and one similar pair, under
# several margins. The similar pair's loss never changes. The margin is meant
# to lie in ``[-1, 1]``; a negative margin asks dissimilar vectors for an
# angle wider than 90 degrees (``-1`` would ask for opposite directions).

a = torch.tensor([[1.0, 0.0], [1.0, 0.0]])
b = torch.tensor([[0.4, 0.9165], [0.8, 0.6]])
y = torch.tensor([-1.0, 1.0])
print("cos:", F.cosine_similarity(a, b, dim=1))
for margin in (-0.5, 0.0, 0.3, 0.5):
    out = nn.CosineEmbeddingLoss(margin=margin, reduction="none")(a, b, y)
    print(f"margin={margin:+.1f}: y=-1 pair {out[0]:.4f}, y=1 pair {out[1]:.4f}")
    cos = F.cosine_similarity(a, b, dim=1)
    assert torch.allclose(out[0], (cos[0] - margin).clamp_min(0), atol=1e-6)
    assert torch.allclose(out[1], 1 - cos[1], atol=1e-6)

# %% example-for: torch.nn.CosineEmbeddingLoss
# Shapes and labels
# -----------------
#
# ``x1`` and ``x2`` are ``(N, D)`` with a target ``(N,)``, or ``(D,)`` with a
# 0-d target. A target of shape ``(N, 1)`` is refused. A label ``0`` selects
# neither branch and gives a loss of 0.

print(nn.CosineEmbeddingLoss(reduction="none")(x1[0], x2[0], torch.tensor(1.0)).shape)
try:
    nn.CosineEmbeddingLoss()(x1, x2, torch.ones(4, 1))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
zero = nn.CosineEmbeddingLoss(reduction="none")(x1, x2, torch.zeros(4))
print("y = 0:", zero)
assert not zero.any()
