"""
cross_entropy: logits in, a loss out
====================================

``F.cross_entropy`` combines ``log_softmax`` and the negative log-likelihood
loss. This script shows that it takes raw scores (logits), the two kinds of
target it accepts, and its ``ignore_index``, ``label_smoothing`` and
``reduction`` arguments.
"""

import torch
import torch.nn.functional as F

_ = torch.manual_seed(0)

# %% example-for: torch.nn.functional.cross_entropy
# Logits and class indices
# ------------------------
#
# ``input`` holds unnormalised scores of shape ``(N, C)``; ``target`` holds
# class indices of shape ``(N,)`` as ``int64`` (``uint8`` is accepted too,
# ``int32`` is not). The loss is the mean of
# ``-log_softmax(input)[i, target[i]]``.

logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]])
target = torch.tensor([0, 2])
loss = F.cross_entropy(logits, target)
manual = -F.log_softmax(logits, dim=1)[torch.arange(2), target].mean()
assert torch.allclose(loss, manual)
print(loss, manual)
assert torch.allclose(F.cross_entropy(logits, target.to(torch.uint8)), loss)
try:
    F.cross_entropy(logits, target.to(torch.int32))
except RuntimeError as err:
    print(f"int32 target: RuntimeError: {err}")

# %% example-for: torch.nn.functional.cross_entropy
# Do not pass probabilities
# -------------------------
#
# ``cross_entropy`` applies ``log_softmax`` itself. Feeding it the output of
# ``softmax`` applies softmax twice: no error, but a different loss with
# weaker gradients.

probs = F.softmax(logits, dim=1)
wrong = F.cross_entropy(probs, target)
print("from logits       :", loss)
print("from probabilities:", wrong)
assert not torch.allclose(loss, wrong)

z = logits.clone().requires_grad_()
F.cross_entropy(z, target).backward()
z2 = logits.clone().requires_grad_()
F.cross_entropy(F.softmax(z2, dim=1), target).backward()
print("gradient norm, logits       :", z.grad.norm())
print("gradient norm, probabilities:", z2.grad.norm())
assert z2.grad.norm() < z.grad.norm()

# %% example-for: torch.nn.functional.cross_entropy
# Probabilities as *targets*
# --------------------------
#
# A float ``target`` of the same shape as ``input`` is read as a probability
# per class (soft labels). A one-hot float target gives the same loss as
# the class indices.

soft = F.one_hot(target, num_classes=3).float()
assert torch.allclose(F.cross_entropy(logits, soft), loss)
mixed_target = torch.tensor([[0.7, 0.3, 0.0], [0.0, 0.1, 0.9]])
print(F.cross_entropy(logits, mixed_target))

# %% example-for: torch.nn.functional.cross_entropy
# ``ignore_index``, ``label_smoothing``, ``reduction``
# ----------------------------------------------------
#
# Targets equal to ``ignore_index`` (default ``-100``) add nothing and are
# left out of the mean. ``label_smoothing=eps`` mixes the target with the
# uniform distribution: ``(1 - eps) * one_hot + eps / C``.
# ``reduction`` is ``'mean'`` (default), ``'sum'`` or ``'none'`` (one loss per
# sample).

per_sample = F.cross_entropy(logits, target, reduction="none")
print("none:", per_sample, "sum:", F.cross_entropy(logits, target, reduction="sum"))
padded = torch.tensor([0, -100])
print("ignore_index:", F.cross_entropy(logits, padded), "==", per_sample[0])
assert torch.allclose(F.cross_entropy(logits, padded), per_sample[0])

eps = 0.1
smoothed = F.cross_entropy(logits, target, label_smoothing=eps)
smooth_target = (1 - eps) * F.one_hot(target, 3).float() + eps / 3
assert torch.allclose(smoothed, F.cross_entropy(logits, smooth_target))
print("label_smoothing=0.1:", smoothed)

# %% example-for: torch.nn.functional.cross_entropy
# More dimensions: the class dimension is dim 1
# ---------------------------------------------
#
# For sequences or images, ``input`` is ``(N, C, d1, ...)`` and the index
# target ``(N, d1, ...)``. A ``(N, L, C)`` tensor of per-token scores must be
# moved to ``(N, C, L)`` first.

scores = torch.randn(2, 5, 3)                  # (N, L, C)
tokens = torch.randint(0, 3, (2, 5))           # (N, L)
print(F.cross_entropy(scores.permute(0, 2, 1), tokens))
assert torch.allclose(F.cross_entropy(scores.permute(0, 2, 1), tokens),
                      F.cross_entropy(scores.reshape(-1, 3), tokens.reshape(-1)))
try:
    F.cross_entropy(scores, tokens)
except (RuntimeError, ValueError) as err:
    print(f"{type(err).__name__}: {err}")
