"""
Moving tensors and modules to a GPU
===================================

``Tensor.cuda()`` returns a copy of the tensor in GPU memory and leaves the
original where it was; ``Module.cuda()`` moves the module's parameters and
returns the module itself. ``is_cuda``, ``get_device()`` and ``device``
report where a tensor lives. This script needs a CUDA device.
"""
# requires: cuda

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.Tensor.cuda, torch.Tensor.is_cuda, torch.Tensor.get_device
# ``cuda()`` copies; the original stays on the CPU
# ------------------------------------------------
#
# ``get_device()`` is the GPU's index for a CUDA tensor and -1 for a CPU
# tensor. A tensor already on the target GPU is returned as is.

x = torch.arange(3.0)
y = x.cuda()
print("y is x:", y is x)
print("x:", x.device, "| is_cuda:", x.is_cuda, "| get_device():", x.get_device())
print("y:", y.device, "| is_cuda:", y.is_cuda, "| get_device():", y.get_device())
print("y.cuda() is y:", y.cuda() is y)

y[0] = 100.0  # the GPU copy is independent of x
print("x after writing y[0]:", x.tolist())
print("y copied back with cpu():", y.cpu().tolist())

# %% example-for: torch.Tensor.cuda, torch.Tensor.device
# Choosing the GPU
# ----------------
#
# Without an argument ``cuda()`` uses the current CUDA device. An index or a
# ``torch.device`` selects one; ``to("cuda")`` does the same job.

x = torch.arange(3.0)
print(x.cuda(0).device, x.cuda(torch.device("cuda", 0)).device, x.to("cuda").device)
print("same values:", torch.equal(x.cuda().cpu(), x))

# %% example-for: tensor-class-cuda-vs-module
# ``Tensor.cuda()`` versus ``Module.cuda()``
# ------------------------------------------
#
# Calling ``x.cuda()`` without using the result changes nothing: assign it.
# A module is converted in place, so ``layer.cuda()`` alone is enough.

x = torch.ones(2)
x.cuda()  # result discarded
print("after x.cuda():     x on", x.device)
x = x.cuda()
print("after x = x.cuda(): x on", x.device)

layer = nn.Linear(2, 2)
out = layer.cuda()
print("layer.cuda() is layer:", out is layer, "| weight on", layer.weight.device)
