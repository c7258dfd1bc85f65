"""
Pinned memory: pin_memory and is_pinned
=======================================

Pinned (page-locked) host memory is memory that the operating system does
not page out, so a GPU can copy from it directly. ``pin_memory()`` returns
a CPU tensor's values in such memory and ``is_pinned()`` tells whether a
tensor lives there. Pinned memory is allocated through an accelerator's
driver, so the result depends on the machine: every runner executes this
script and each prints what it did.
"""
# also-on: cuda

import torch

has_accelerator = torch.accelerator.is_available()
print("accelerator available:", has_accelerator, "| CUDA available:", torch.cuda.is_available())

# %% example-for: methods-pin-memory, torch.Tensor.is_pinned
# Ordinary tensors are not pinned
# -------------------------------
#
# A tensor created without ``pin_memory=True`` is in ordinary (pageable)
# host memory, on every machine.

x = torch.arange(6, dtype=torch.float32)
print("x.is_pinned():", x.is_pinned())
assert not x.is_pinned()

# %% example-for: methods-pin-memory, torch.Tensor.pin_memory
# ``pin_memory()`` needs an accelerator
# -------------------------------------
#
# Without an accelerator there is no allocator for pinned memory:
# ``pin_memory()`` and ``pin_memory=True`` at creation raise a
# ``RuntimeError``, and ``x`` stays as it was. With one, ``pin_memory()``
# returns a new tensor in pinned memory with the same values (``x`` itself is
# not pinned), and a tensor that is already pinned is returned as it is.

try:
    pinned = x.pin_memory()
except RuntimeError as err:
    pinned = None
    print(f"x.pin_memory() -> RuntimeError: {err}")
try:
    created = torch.empty(3, pin_memory=True)
except RuntimeError as err:
    print(f"torch.empty(3, pin_memory=True) -> RuntimeError: {err}")
else:
    print("torch.empty(3, pin_memory=True).is_pinned():", created.is_pinned())

if pinned is None:
    assert not has_accelerator
    print("x is unchanged:", x.tolist(), "| x.is_pinned():", x.is_pinned())
else:
    print("pinned.is_pinned():", pinned.is_pinned(), "| x.is_pinned():", x.is_pinned())
    print("pinned is x:", pinned is x, "| same data_ptr:", pinned.data_ptr() == x.data_ptr(),
          "| same values:", torch.equal(pinned, x))
    print("pinned.pin_memory() is pinned:", pinned.pin_memory() is pinned)

# %% example-for: methods-pin-memory, torch.Tensor.copy_
# What it is for: copies to the GPU with ``non_blocking=True``
# ------------------------------------------------------------
#
# From pinned memory, ``to("cuda", non_blocking=True)`` and
# ``copy_(src, non_blocking=True)`` may return before the copy has finished,
# so the CPU can go on working; ``torch.cuda.synchronize()`` waits for it.
# ``copy_`` into a CUDA tensor also broadcasts and converts the dtype. A
# tensor in GPU memory is never "pinned". Without CUDA there is nothing to
# copy to, and the script says so.

if torch.cuda.is_available():
    on_gpu = pinned.to("cuda", non_blocking=True)
    target = torch.zeros(2, 6, dtype=torch.float64, device="cuda")
    target.copy_(pinned, non_blocking=True)
    torch.cuda.synchronize()
    print("to('cuda', non_blocking=True):", on_gpu.device, on_gpu.dtype, on_gpu.tolist())
    print("copy_ into (2, 6) float64 on", target.device, ":", target.tolist())
    print("on_gpu.is_pinned():", on_gpu.is_pinned())
else:
    print("no CUDA device: the copies to the GPU are not run here")
