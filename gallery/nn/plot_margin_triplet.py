"""
TripletMarginLoss and pairwise_distance
=======================================

A triplet is an anchor, a positive (same identity as the anchor) and a
negative (another identity). ``nn.TripletMarginLoss`` asks the anchor to be
closer to the positive than to the negative by at least ``margin``, with
distances computed by ``torch.nn.functional.pairwise_distance``. This script
checks that relation, including ``eps``, then ``p``, ``swap=True`` and the
shapes.
"""

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.TripletMarginLoss
# The formula, with ``pairwise_distance``
# ---------------------------------------
#
# ``loss = max(0, d(a, p) - d(a, n) + margin)`` per triplet, where
# ``d = F.pairwise_distance(x1, x2, p=p, eps=eps)`` along the last dimension.
# The defaults are ``margin=1.0``, ``p=2.0``, ``eps=1e-6``. Anchor, positive
# and negative are ``(N, D)``; ``reduction='none'`` gives ``(N,)``.

anchor = torch.randn(4, 3)
positive = anchor + 0.3 * torch.randn(4, 3)
negative = anchor + torch.tensor([[0.2], [0.5], [1.0], [3.0]]) * torch.randn(4, 3)
loss_fn = nn.TripletMarginLoss(reduction="none")
out = loss_fn(anchor, positive, negative)
d_ap = F.pairwise_distance(anchor, positive)
d_an = F.pairwise_distance(anchor, negative)
print("d(a, p):", d_ap)
print("d(a, n):", d_an)
print("loss:   ", out, out.shape)
assert torch.allclose(out, (d_ap - d_an + 1.0).clamp_min(0))
print(loss_fn.margin, loss_fn.p, loss_fn.eps, loss_fn.swap)

# %% example-for: torch.nn.TripletMarginLoss
# ``eps`` is added to the difference
# ----------------------------------
#
# ``pairwise_distance`` computes ``||x1 - x2 + eps||_p``: ``eps`` is added to
# every component of the difference before the norm (it keeps the norm
# differentiable at 0). The distance of a vector to itself is therefore
# ``eps * D ** (1 / p)``, not 0, and every distance is slightly shifted.

v = torch.tensor([[1.0, 2.0, 3.0, 4.0]])
print("d(v, v):", F.pairwise_distance(v, v), "=", 1e-6 * 4 ** 0.5)
assert torch.allclose(F.pairwise_distance(v, v), torch.tensor([2e-6]))
w = torch.tensor([[1.0, 2.0, 3.0, 4.5]])
print("eps=0.1:", F.pairwise_distance(v, w, eps=0.1),
      "norm of the shifted difference:", torch.linalg.vector_norm(v - w + 0.1, dim=1),
      "plain norm:", torch.linalg.vector_norm(v - w, dim=1))
assert torch.allclose(F.pairwise_distance(v, w, eps=0.1),
                      torch.linalg.vector_norm(v - w + 0.1, dim=1))
assert torch.allclose(out, (torch.linalg.vector_norm(anchor - positive + 1e-6, dim=1)
                            - torch.linalg.vector_norm(anchor - negative + 1e-6, dim=1)
                            + 1.0).clamp_min(0))

# %% example-for: torch.nn.TripletMarginLoss
# ``p`` and ``swap=True``
# -----------------------
#
# ``p`` is the norm of the distance (``p=1``: sum of absolute differences).
# With ``swap=True`` the negative distance is
# ``min(d(a, n), d(p, n))``: if the positive is closer to the negative than
# the anchor is, that harder distance is used ("distance swap", Balntas et
# al. 2016).

l1 = nn.TripletMarginLoss(p=1, reduction="none")(anchor, positive, negative)
assert torch.allclose(l1, (F.pairwise_distance(anchor, positive, p=1)
                           - F.pairwise_distance(anchor, negative, p=1) + 1.0).clamp_min(0))
print("p=1:      ", l1)
d_pn = F.pairwise_distance(positive, negative)
print("d(p, n):  ", d_pn)
swapped = nn.TripletMarginLoss(swap=True, reduction="none")(anchor, positive, negative)
print("swap=True:", swapped)
assert torch.allclose(swapped, (d_ap - torch.minimum(d_an, d_pn) + 1.0).clamp_min(0))
assert (swapped >= out).all()

# %% example-for: torch.nn.TripletMarginLoss
# Shapes, and a margin that must be positive
# ------------------------------------------
#
# The three tensors are ``(N, D)`` or ``(D,)``. They must have the same number
# of dimensions; sizes of 1 broadcast, so one negative of shape ``(1, D)``
# serves every anchor. ``margin`` must be greater than 0: the constructor
# raises ``ValueError`` otherwise.

print(nn.TripletMarginLoss(reduction="none")(anchor[0], positive[0], negative[0]).shape)
one_negative = negative[:1]
assert torch.allclose(loss_fn(anchor, positive, one_negative),
                      loss_fn(anchor, positive, one_negative.expand(4, 3)))
try:
    loss_fn(anchor, positive, negative[0])
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    nn.TripletMarginLoss(margin=0.0)
except ValueError as err:
    print(f"ValueError: {err}")
