"""
Creating tensors on a CUDA device
=================================

``device=`` makes a factory allocate the new tensor directly on a GPU, which
is cheaper than creating it on the CPU and copying it. The ``*_like``
functions put their result on the input's device. This script needs a CUDA
device and runs only on GPU runners.
"""
# requires: cuda

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: creation-common-kwargs
# device= allocates on the GPU directly
# -------------------------------------
#
# ``"cuda"`` means the current CUDA device; ``"cuda:0"`` names one.

a = torch.zeros(2, 3, device="cuda")
b = torch.arange(4, device="cuda:0")
print(a.device, b.device, a.is_cuda)
print(b)
c = torch.full((2,), 7.0, device=torch.device("cuda", 0))
print(c)

# %% example-for: creation-like
# ``*_like`` follows the input's device
# -------------------------------------
#
# The result lives where the input lives, unless ``device=`` says otherwise.
# ``rand_like`` on a CUDA input draws from the CUDA generator, so the same
# seed gives different numbers on CPU and GPU.

g = torch.ones(2, 2, device="cuda")
print(torch.zeros_like(g).device, torch.zeros_like(g, device="cpu").device)

torch.manual_seed(0)
on_cpu = torch.rand_like(g, device="cpu")
torch.manual_seed(0)
on_gpu = torch.rand_like(g)
print(on_cpu)
print(on_gpu)
print("same numbers:", torch.equal(on_cpu, on_gpu.cpu()))
