"""
Which accelerator? Device-agnostic code and the default device
==============================================================

``torch.accelerator`` answers one question for every backend at once: is
there an accelerator (CUDA, MPS, XPU and the others), which one, and how
many devices it has. The backend modules (``torch.backends.mps``,
``torch.xpu``) answer for one backend each. ``torch.set_default_device``
changes where factory functions allocate. On the CPU runner there is no
accelerator; a runner with a GPU prints its own values.
"""
# also-on: cuda

import threading

import numpy as np
import torch
from torch import nn

# %% example-for: devices-accelerator, torch.accelerator.is_available, torch.accelerator.current_accelerator, torch.accelerator.device_count
# One device variable for every backend
# -------------------------------------
#
# ``current_accelerator()`` returns the accelerator this build was compiled
# for as a ``torch.device`` such as ``device(type='cuda')``, or ``None`` for
# a build without one; with ``check_available=True`` it is also ``None`` when
# no device is usable now. ``is_available()`` and ``device_count()`` never
# raise: on the CPU runner they return ``False`` and ``0``. Code that picks its device from
# them runs unchanged on CUDA, Apple GPUs (MPS) and Intel GPUs (XPU).

print("is_available():", torch.accelerator.is_available())
print("current_accelerator():", torch.accelerator.current_accelerator())
print("device_count():", torch.accelerator.device_count())

acc = torch.accelerator.current_accelerator(check_available=True)
device = acc if acc is not None else torch.device("cpu")
model = nn.Linear(3, 2).to(device)
out = model(torch.ones(4, 3, device=device))
print("device:", device, "| weight on:", model.weight.device.type, "| output on:", out.device.type)
assert (acc is None) == (not torch.accelerator.is_available())
assert (torch.accelerator.device_count() == 0) == (acc is None)

# %% example-for: torch.backends.mps.is_available, torch.backends.mps.is_built, torch.xpu.is_available
# Asking one backend
# ------------------
#
# ``mps.is_built()`` says whether this PyTorch was compiled with MPS support
# (only the macOS wheels are); ``mps.is_available()`` also needs a macOS
# version that this PyTorch supports, on a machine with an Apple GPU. On
# Linux both are ``False``.
# ``torch.xpu.is_available()`` is the same question for Intel GPUs. Each
# answers ``False`` rather than raising, so the checks can be chained.

print("mps.is_built():", torch.backends.mps.is_built())
print("mps.is_available():", torch.backends.mps.is_available())
print("xpu.is_available():", torch.xpu.is_available())
print("cuda.is_available():", torch.cuda.is_available())

if torch.cuda.is_available():
    chosen = "cuda"
elif torch.backends.mps.is_available():
    chosen = "mps"
elif torch.xpu.is_available():
    chosen = "xpu"
else:
    chosen = "cpu"
print("chained checks choose:", chosen)
print("same as torch.accelerator:", chosen == device.type)

# %% example-for: devices-default-device, torch.set_default_device, torch.get_default_device
# Where factory functions allocate
# --------------------------------
#
# ``set_default_device`` changes the device of every tensor created without
# a ``device=`` argument: factory functions, ``torch.tensor`` and the
# parameters of new modules. ``"meta"`` tensors have a shape and a dtype but
# no data: a 10000 x 10000 layer allocates nothing (``data_ptr()`` is 0)
# although ``nbytes`` counts the 400 MB it would need. Printing one shows
# ``...`` and reading a value raises. ``torch.from_numpy`` keeps the
# array's memory and so stays on the CPU, and an explicit ``device=`` always
# wins. ``set_default_device(None)`` goes back to the CPU. The setting
# belongs to the thread that made it: a new thread still creates tensors on
# the CPU.

print("before:", torch.get_default_device())
torch.set_default_device("meta")
try:
    print("get_default_device():", torch.get_default_device())
    layer = nn.Linear(10_000, 10_000)
    w = layer.weight
    print("weight:", w.shape, w.device, "| is_meta:", w.is_meta, "| data_ptr():", w.data_ptr(), "| nbytes:", w.nbytes)
    x = torch.ones(2)
    print("torch.ones(2):", x)
    print("torch.tensor([1.0]):", torch.tensor([1.0]).device, "| arange:", torch.arange(3).device)
    print("from_numpy:", torch.from_numpy(np.ones(2)).device, "| as_tensor:", torch.as_tensor(np.ones(2)).device)
    print("device='cpu' given:", torch.zeros(2, device="cpu").device)
    other = threading.Thread(target=lambda: print("in another thread:", torch.get_default_device(), torch.zeros(1).device))
    other.start()
    other.join()
    try:
        x.sum().item()
    except Exception as err:  # noqa: BLE001 - the exception is what we show
        print(f"item() on a meta tensor: {type(err).__name__}: {err}")
finally:
    torch.set_default_device(None)
print("after set_default_device(None):", torch.get_default_device())

# %% example-for: devices-default-device, torch.set_default_device
# Only inside a ``with`` block
# ----------------------------
#
# A ``torch.device`` is also a context manager: inside ``with
# torch.device("meta")`` the default device changes, and it is restored when
# the block ends, even on an error. A model built on ``meta`` is given real
# (uninitialised) memory with ``to_empty(device=...)``, then initialised.

with torch.device("meta"):
    big = nn.Sequential(nn.Linear(4096, 4096), nn.ReLU(), nn.Linear(4096, 10))
    print("inside the block:", torch.get_default_device(), big[0].weight.device)
print("after the block:", torch.get_default_device())

small = nn.Linear(3, 2, device="meta").to_empty(device="cpu")
with torch.no_grad():
    small.reset_parameters()
print("to_empty(device='cpu'):", small.weight.device, small.weight.shape)
