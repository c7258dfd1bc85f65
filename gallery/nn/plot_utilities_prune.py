"""
Pruning: a mask on a weight, then made permanent
================================================

``torch.nn.utils.prune`` zeroes chosen weights through a mask. While the
pruning is active the module keeps the full tensor as ``weight_orig`` and
the mask as the buffer ``weight_mask``, and a forward pre-hook recomputes
``weight`` from them; ``prune.remove`` folds the mask in.
"""

import torch
import torch.nn as nn
from torch.nn.utils import prune

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=3)

# %% example-for: utilities-pruning, torch.nn.utils.prune.l1_unstructured
# ``l1_unstructured``: zero the smallest weights
# ----------------------------------------------
#
# ``amount=0.5`` zeroes the half of the elements with the smallest absolute
# values (an int means a count). ``weight`` is no longer a parameter: it is
# ``weight_orig * weight_mask``, an ordinary attribute recomputed before every
# forward pass by the hook the pruning registered.

layer = nn.Linear(4, 2)
original = layer.weight.detach().clone()
prune.l1_unstructured(layer, name="weight", amount=0.5)
print("parameters:", [name for name, _ in layer.named_parameters()])
print("buffers   :", [name for name, _ in layer.named_buffers()])
print("forward pre-hooks:", [type(h).__name__ for h in layer._forward_pre_hooks.values()])
print("weight_orig:\n", layer.weight_orig)
print("weight_mask:\n", layer.weight_mask)
print("weight:\n", layer.weight)
assert torch.equal(layer.weight, layer.weight_orig * layer.weight_mask)
kept = original.abs() > original.abs().flatten().kthvalue(4).values  # the 4 largest
assert torch.equal(layer.weight_mask.bool(), kept)

# %% example-for: utilities-pruning, torch.nn.utils.prune.l1_unstructured
# Pruning again prunes what is left
# ---------------------------------
#
# A second call combines with the first mask (``PruningContainer``):
# ``amount=0.5`` now removes half of the 4 remaining weights, not half of all
# 8. The optimiser still updates ``weight_orig``, but the pruned elements get
# zero gradient through the mask.

prune.l1_unstructured(layer, name="weight", amount=0.5)
print("zeros after the second call:", int((layer.weight == 0).sum()), "of", layer.weight.numel())
layer(torch.randn(3, 4)).sum().backward()
print("gradient of weight_orig:\n", layer.weight_orig.grad)
assert torch.equal(layer.weight_orig.grad == 0, layer.weight_mask == 0)

# %% example-for: torch.nn.utils.prune.random_unstructured
# ``random_unstructured``: a random mask
# --------------------------------------
#
# The elements to zero are drawn at random, whatever their values; the
# ``state_dict`` now holds ``weight_orig`` and ``weight_mask`` instead of
# ``weight``.

conv = nn.Conv2d(1, 2, 3)
prune.random_unstructured(conv, name="weight", amount=0.25)
print("zeroed:", int((conv.weight == 0).sum()), "of", conv.weight.numel())
print("state_dict keys:", list(conv.state_dict()))

# %% example-for: utilities-pruning, torch.nn.utils.prune.remove
# ``prune.remove``: make it permanent
# -----------------------------------
#
# It stores the current ``weight_orig * weight_mask`` as a plain ``weight``
# parameter and drops ``weight_orig``, the mask and the hook. The zeros stay,
# but nothing keeps them at zero any more: training can change them. The
# tensor keeps its shape and size; pruning alone saves no memory.

prune.remove(layer, "weight")
print("parameters:", [name for name, _ in layer.named_parameters()], "buffers:", list(layer.buffers()))
print("hooks left:", len(layer._forward_pre_hooks))
print("weight:\n", layer.weight)
try:
    prune.remove(layer, "weight")
except ValueError as err:
    print(err)
