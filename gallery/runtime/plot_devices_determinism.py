"""
Reproducible runs: seeds, deterministic algorithms and DataLoader workers
=========================================================================

A checklist for making two runs of the same training script print the same
numbers, each item executed: seeding every generator, asking PyTorch to
refuse operations that have no deterministic implementation, the cuDNN
flags, the cuBLAS environment variable, and DataLoader workers. The CUDA
parts are settings here; their effect needs a GPU.
"""

import os
import random
import subprocess
import sys
import warnings

import numpy as np
import torch
from torch import nn

# %% example-for: devices-reproducibility, torch.use_deterministic_algorithms, torch.backends.cudnn.deterministic
# The checklist, in the order a script runs it
# --------------------------------------------
#
# 1. ``CUBLAS_WORKSPACE_CONFIG`` is read when cuBLAS starts, so it is set
#    before any CUDA work (at the top of the script, or in the shell).
# 2. Seed Python's ``random``, NumPy and torch (``torch.manual_seed`` seeds
#    the CPU and every CUDA device).
# 3. ``torch.use_deterministic_algorithms(True)``: deterministic kernels
#    where they exist, a ``RuntimeError`` where they do not.
# 4. ``cudnn.deterministic = True`` and ``cudnn.benchmark = False``: cuDNN
#    picks the same convolution algorithm every run.
#
# Then the same training run twice gives identical weights (asserted).


def make_reproducible(seed):
    os.environ["CUBLAS_WORKSPACE_CONFIG"] = ":4096:8"
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False


def train(seed):
    make_reproducible(seed)
    model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = torch.randn(16, 4), torch.randn(16, 1)
    for _ in range(5):
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
    return model[0].weight.detach().clone()


print("deterministic before:", torch.are_deterministic_algorithms_enabled(),
      "| cudnn.deterministic:", torch.backends.cudnn.deterministic)
first, second = train(0), train(0)
print("deterministic after:", torch.are_deterministic_algorithms_enabled(),
      "| cudnn.deterministic:", torch.backends.cudnn.deterministic,
      "| cudnn.benchmark:", torch.backends.cudnn.benchmark)
print("CUBLAS_WORKSPACE_CONFIG:", os.environ["CUBLAS_WORKSPACE_CONFIG"])
print("same weights after two runs:", torch.equal(first, second))
print("a different seed differs:", not torch.equal(first, train(1)))
assert torch.equal(first, second)

# %% example-for: torch.use_deterministic_algorithms, torch.are_deterministic_algorithms_enabled
# What deterministic mode refuses
# -------------------------------
#
# ``put_`` writes values at flat indices; with ``accumulate=False``, which
# of two writes to a repeated index wins is not defined, so deterministic
# mode refuses it even on the CPU, whether or not an index repeats. ``warn_only=True`` turns the refusal into
# a ``UserWarning`` and runs the operation anyway. Most of the operations
# it refuses are CUDA kernels; ``index_add_`` with the same repeated index
# adds both values and runs on the CPU.

target = torch.zeros(3)
index = torch.tensor([0, 0])
try:
    target.put_(index, torch.tensor([1.0, 2.0]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

torch.use_deterministic_algorithms(True, warn_only=True)
print("enabled:", torch.are_deterministic_algorithms_enabled(),
      "| warn only:", torch.is_deterministic_algorithms_warn_only_enabled())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    target.put_(index, torch.tensor([1.0, 2.0]))
for w in caught:
    print(f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")
print("ran anyway:", target)

print("index_add_ on the CPU:", torch.zeros(3).index_add_(0, index, torch.tensor([1.0, 2.0])))
torch.use_deterministic_algorithms(False)
print("after use_deterministic_algorithms(False):", torch.are_deterministic_algorithms_enabled())
torch.backends.cudnn.deterministic = False  # the defaults again, for the scripts that run after this one
del os.environ["CUBLAS_WORKSPACE_CONFIG"]

# %% example-for: devices-reproducibility
# DataLoader workers
# ------------------
#
# Each worker process seeds torch, ``random`` and NumPy itself, from a base
# seed that the loader draws from its ``generator=`` (or from the global
# torch generator) and the worker's id: torch and ``random`` with their sum,
# NumPy with a seed derived from both. So workers draw different numbers,
# and passing a seeded ``generator=``, or seeding the main process,
# reproduces them: the same seed gives the same base seed either way. The loader runs in a child Python here; each item shows
# its index, the worker that made it and one draw from each generator.

child = r"""
import random, numpy as np, torch
from torch.utils.data import DataLoader, Dataset

class Draws(Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, i):
        worker = torch.utils.data.get_worker_info().id
        return i, worker, round(torch.rand(1).item(), 4), round(float(np.random.rand()), 4), round(random.random(), 4)

if __name__ == "__main__":
    for run in (1, 2):
        loader = DataLoader(Draws(), batch_size=None, num_workers=2, generator=torch.Generator().manual_seed(0))
        print(f"run {run}, generator seed 0:", [tuple(item) for item in loader])
    torch.manual_seed(0)
    loader = DataLoader(Draws(), batch_size=None, num_workers=2)
    print("run 3, torch.manual_seed(0):", [tuple(item) for item in loader])
"""
print(subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True).stdout, end="")
