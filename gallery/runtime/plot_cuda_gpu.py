"""
CUDA devices and memory on a GPU
================================

The current device, device names, and the memory counters of the caching
allocator, measured per iteration of a small training loop. This script
needs a CUDA device.
"""
# requires: cuda

import os
import subprocess
import sys
import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.cuda.current_device, torch.cuda.set_device, torch.cuda.device, torch.cuda.get_device_name, torch.cuda.device_count
# Devices, names and the current device
# -------------------------------------
#
# ``cuda`` without an index means the current device. ``torch.cuda.device``
# changes it for a ``with`` block only; ``set_device`` changes it until the
# next call.

torch.cuda.init()
print("initialised:", torch.cuda.is_initialized())
print("device_count:", torch.cuda.device_count(), "| current_device:", torch.cuda.current_device())
for i in range(torch.cuda.device_count()):
    print(f"cuda:{i}:", torch.cuda.get_device_name(i))
last = torch.cuda.device_count() - 1
with torch.cuda.device(last):
    print("inside torch.cuda.device(last):", torch.cuda.current_device(),
          "| new tensor on", torch.ones(1, device="cuda").device)
print("after the block:", torch.cuda.current_device())
torch.cuda.set_device(0)
print("after set_device(0):", torch.cuda.current_device())

# %% example-for: torch.cuda.memory_allocated, torch.cuda.max_memory_allocated, torch.cuda.empty_cache, torch.cuda.synchronize
# What a tensor adds to the counters
# ----------------------------------
#
# ``memory_allocated()`` counts the memory held by live tensors.
# ``empty_cache()`` only gives unused cached blocks back to the driver: it
# never frees the memory of a tensor that is still referenced.
# ``synchronize()`` waits until the queued GPU work has finished.

torch.cuda.synchronize()
base = torch.cuda.memory_allocated()
t = torch.empty(1024, 1024, device="cuda")  # 4 MiB of float32
print("allocated by t:", torch.cuda.memory_allocated() - base)
torch.cuda.empty_cache()
print("after empty_cache(), t still holds:", torch.cuda.memory_allocated() - base)
del t
print("after del t:", torch.cuda.memory_allocated() - base)

# %% example-for: cuda-peak-memory, torch.cuda.reset_peak_memory_stats, torch.cuda.max_memory_allocated
# Peak memory per iteration
# -------------------------
#
# ``reset_peak_memory_stats()`` at the start of each iteration makes
# ``max_memory_allocated()`` report that iteration's peak instead of the
# peak since the program started. One warm-up iteration first creates the
# optimizer state, so that no measured iteration includes that one-time
# allocation.

model = nn.Sequential(nn.Linear(512, 1024), nn.ReLU(), nn.Linear(1024, 10)).cuda()
optimizer = torch.optim.Adam(model.parameters())


def train_step(batch):
    x = torch.randn(batch, 512, device="cuda")
    y = torch.randint(0, 10, (batch,), device="cuda")
    optimizer.zero_grad(set_to_none=True)
    nn.functional.cross_entropy(model(x), y).backward()
    optimizer.step()


train_step(64)  # warm-up
for batch in (64, 256, 64):
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    start = torch.cuda.memory_allocated()
    train_step(batch)
    torch.cuda.synchronize()
    peak = torch.cuda.max_memory_allocated()
    print(f"batch {batch:3}: peak {(peak - start) / 2**20:.2f} MiB above the start of the iteration")

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.cuda.reset_max_memory_allocated()
print([f"{w.category.__name__}: {w.message}" for w in caught])

# %% example-for: cuda-visible-devices
# Logical ordinals under CUDA_VISIBLE_DEVICES
# -------------------------------------------
#
# A child process is given only the last physical GPU; it prints its device
# count and the name of its ``cuda:0``.

last = torch.cuda.device_count() - 1
child = "import torch; print(torch.cuda.device_count(), torch.cuda.get_device_name(0))"
env = dict(os.environ, CUDA_VISIBLE_DEVICES=str(last))
out = subprocess.run([sys.executable, "-c", child], env=env, capture_output=True, text=True, check=True)
print(f"CUDA_VISIBLE_DEVICES={last}: device_count, name of cuda:0 =", out.stdout.strip())
print(f"in this process, cuda:{last} is", torch.cuda.get_device_name(last))

# %% example-for: torch.backends.cudnn.benchmark
# cudnn.benchmark on a convolution
# --------------------------------
#
# With ``benchmark = True``, cuDNN tries several convolution algorithms for
# each new input shape and keeps the fastest. The script compares the result
# with that of the default setting.

conv = nn.Conv2d(3, 8, 3).cuda()
img = torch.randn(4, 3, 32, 32, device="cuda")
torch.backends.cudnn.benchmark = False
ref = conv(img)
torch.backends.cudnn.benchmark = True
fast = conv(img)
torch.backends.cudnn.benchmark = False
print("cudnn enabled:", torch.backends.cudnn.enabled, "| version:", torch.backends.cudnn.version())
print("same result up to rounding:", torch.allclose(ref, fast, atol=1e-4))
