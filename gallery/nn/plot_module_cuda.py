"""
Moving a module to a GPU with cuda()
====================================

``Module.cuda()`` moves every parameter and buffer of the module tree to a
GPU, in place, and returns the module itself. This script needs a CUDA
device.
"""
# requires: cuda

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.Module.cuda
# ``cuda()`` moves parameters and buffers in place
# ------------------------------------------------
#
# The returned object is the module itself, so ``model = model.cuda()`` and
# ``model.cuda()`` do the same. Unlike the move to ``meta``, the move to a
# GPU keeps the ``Parameter`` objects and replaces their data. Inputs must be
# moved separately: a CPU input to a GPU module is an error.

model = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
weight_before = model[0].weight
returned = model.cuda()
print("returns the module:", returned is model)
print("same Parameter object:", model[0].weight is weight_before)
assert model[0].weight is weight_before
print("weight:", model[0].weight.device, "| running_mean:", model[1].running_mean.device)
print("output device:", model(torch.ones(3, 2, device="cuda")).device)
try:
    model(torch.ones(3, 2))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
