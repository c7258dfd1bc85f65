"""
one_hot: from class indices to a mask
=====================================

``torch.nn.functional.one_hot`` turns a tensor of class indices into a tensor
with one more dimension, the last one, of size ``num_classes``: 1 at the
index, 0 elsewhere. This script shows where the function lives, which dtype
it accepts, how to put the new dimension elsewhere, and the expert-mask
example of a mixture-of-experts layer written correctly.
"""

import torch
import torch.nn.functional as F

_ = torch.manual_seed(0)

# %% example-for: functional-one-hot, torch.nn.functional.one_hot
# Indices in, a new last dimension out
# ------------------------------------
#
# The result is ``int64`` and has shape ``(*input.shape, num_classes)``. With
# the default ``num_classes=-1`` the number of classes is inferred as
# ``input.max() + 1``.

labels = torch.tensor([1, 2, 0])
mask = F.one_hot(labels, num_classes=3)
print(mask)
print(mask.shape, mask.dtype)
print(F.one_hot(torch.tensor([0, 3])).shape)  # inferred: 4 classes
assert mask.dtype == torch.int64
assert F.one_hot(torch.tensor([0, 3])).shape == (2, 4)

# %% example-for: functional-one-hot, torch.nn.functional.one_hot
# It lives in ``torch.nn.functional`` and wants int64 indices
# -----------------------------------------------------------
#
# There is no ``torch.one_hot``. The input must be an ``int64`` (Long) tensor:
# random floats from ``torch.randn`` are refused, and so are ``int32`` and
# ``uint8`` indices; convert with ``.long()``. Indices must be non-negative
# and smaller than ``num_classes``.

try:
    torch.one_hot(labels, num_classes=3)
except AttributeError as err:
    print(f"AttributeError: {err}")

for bad in (torch.randn(3), labels.to(torch.int32), labels.to(torch.uint8)):
    try:
        F.one_hot(bad, num_classes=3)
    except RuntimeError as err:
        print(f"{bad.dtype}: RuntimeError: {err}")

print(F.one_hot(labels.to(torch.int32).long(), num_classes=3).shape)

for bad in (torch.tensor([0, 3]), torch.tensor([-1, 2])):
    try:
        F.one_hot(bad, num_classes=3)
    except RuntimeError as err:
        print(f"{bad.tolist()}: RuntimeError: {err}")

# %% example-for: functional-one-hot, torch.nn.functional.one_hot
# The new dimension is always last
# --------------------------------
#
# ``one_hot`` has no ``dim`` argument. For a channels-first layout such as
# ``(N, C, H, W)`` for segmentation targets, move the new dimension with
# ``permute`` or ``movedim``. Convert to float for arithmetic with
# activations.

seg = torch.randint(0, 3, (2, 4, 4))          # (N, H, W) class indices
oh = F.one_hot(seg, num_classes=3)            # (N, H, W, C)
chw = oh.permute(0, 3, 1, 2).float()          # (N, C, H, W)
print(oh.shape, "->", chw.shape, chw.dtype)
assert torch.equal(oh.movedim(-1, 1), oh.permute(0, 3, 1, 2))
assert torch.equal(chw.argmax(dim=1), seg)

# %% example-for: functional-one-hot
# The expert mask of a mixture-of-experts layer
# ---------------------------------------------
#
# A router picks one expert per token: ``expert_index`` has shape
# ``[num_cores, tokens_per_core]`` and holds integers in
# ``[0, num_experts)``, drawn with ``torch.randint`` (not ``torch.randn``).
# ``one_hot`` turns it into ``[num_cores, tokens_per_core, num_experts]``:
# ``mask[n, t, e]`` is 1 exactly when token ``t`` of core ``n`` goes to
# expert ``e``.

num_cores, tokens_per_core, num_experts = 2, 5, 4
expert_index = torch.randint(0, num_experts, (num_cores, tokens_per_core))
expert_mask = F.one_hot(expert_index, num_classes=num_experts)
print("expert_index", tuple(expert_index.shape), "\n", expert_index)
print("expert_mask ", tuple(expert_mask.shape))
print(expert_mask[0])
assert expert_mask.shape == (num_cores, tokens_per_core, num_experts)
assert torch.equal(expert_mask.sum(dim=-1), torch.ones(num_cores, tokens_per_core, dtype=torch.int64))
print("tokens per expert:", expert_mask.sum(dim=(0, 1)))
