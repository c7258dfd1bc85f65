"""
Is there a GPU? Asking torch.cuda without one
=============================================

Which ``torch.cuda`` functions can be called on a machine without a usable
GPU, what they return, and what the others raise. On the CPU runner this
build uses the CPU wheel of PyTorch (``torch.version.cuda`` is ``None``);
a runner with a GPU prints its own values instead.
"""
# also-on: cuda

import subprocess
import sys

import torch
from torch import nn


def attempt(label, call):
    """Print what call() returns, or the exception it raises."""
    try:
        result = call()
    except Exception as err:  # noqa: BLE001 - the exception is what we show
        print(f"{label}: {type(err).__name__}: {err}")
        return err
    print(f"{label} -> {result!r}")
    return result


# %% example-for: torch.cuda.is_available, cuda-device-agnostic
# Device-agnostic code: pick the device once
# ------------------------------------------
#
# ``torch.cuda.is_available()`` never raises. It is False when PyTorch was
# built without CUDA (``torch.version.cuda`` is ``None``) and also when a
# CUDA build finds no usable GPU or driver. Choose the device from it once,
# then move the model and every input with ``.to(device)``.

print("torch.version.cuda:", torch.version.cuda)
print("built with CUDA:", torch.backends.cuda.is_built())
print("torch.cuda.is_available():", torch.cuda.is_available())

device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.Linear(3, 2).to(device)
x = torch.ones(4, 3, device=device)
print("device:", device, "| model on:", model.weight.device.type, "| output on:", model(x).device.type)

# Asking for CUDA without checking fails where there is none:
if not torch.cuda.is_available():
    attempt("torch.ones(2, device='cuda')", lambda: torch.ones(2, device="cuda"))

# %% example-for: torch.cuda.device_count
# How many GPUs PyTorch can see
# -----------------------------
#
# ``device_count()`` returns 0 instead of raising when there is no GPU, so
# ``range(torch.cuda.device_count())`` is safe everywhere. Valid ordinals
# are ``0`` to ``device_count() - 1``.

n = torch.cuda.device_count()
print("torch.cuda.device_count():", n)
print("devices:", [f"cuda:{i}" for i in range(n)])
assert (n > 0) == torch.cuda.is_available()

# %% example-for: torch.cuda.is_initialized, torch.cuda.init
# CUDA initialises lazily
# -----------------------
#
# PyTorch sets up CUDA on the first call that needs it, not at ``import``.
# ``is_available()`` and ``device_count()`` do not initialise it.
# ``torch.cuda.init()`` forces the initialisation; without CUDA it raises.
# This runs in a fresh Python process, whose CUDA state no earlier code has
# touched.

child = r"""
import torch
print("after import:", torch.cuda.is_initialized())
torch.cuda.is_available(); torch.cuda.device_count()
print("after is_available() and device_count():", torch.cuda.is_initialized())
try:
    torch.cuda.init()
except Exception as err:
    print(f"init(): {type(err).__name__}: {err}")
print("after init():", torch.cuda.is_initialized())
"""
print(subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True).stdout, end="")

# %% example-for: torch.cuda.current_device, torch.cuda.set_device, torch.cuda.device, torch.cuda.get_device_name
# Selecting a device, without a GPU
# ---------------------------------
#
# Functions that need a device fail without one, and what they raise
# depends on the build: the CPU wheel has no CUDA functions compiled in.
# ``torch.cuda.device(i)`` only fails when its ``with`` block is entered. A
# negative index makes ``set_device`` and ``device`` do nothing.

attempt("current_device()", torch.cuda.current_device)
attempt("set_device(0)", lambda: torch.cuda.set_device(0))
attempt("set_device(-1)", lambda: torch.cuda.set_device(-1))
attempt("get_device_name(0)", lambda: torch.cuda.get_device_name(0))
ctx = torch.cuda.device(0)
print("torch.cuda.device(0) created:", type(ctx).__name__)
try:
    with ctx:
        print("inside with torch.cuda.device(0): current", torch.cuda.current_device())
except RuntimeError as err:
    print(f"entering it: RuntimeError: {err}")
with torch.cuda.device(-1):
    print("inside with torch.cuda.device(-1): a no-op")
attempt("set_device('cpu')", lambda: torch.cuda.set_device("cpu"))

# %% example-for: torch.backends.cudnn.benchmark
# The cudnn.benchmark flag
# ------------------------
#
# ``torch.backends.cudnn.benchmark`` is a plain module attribute, ``False``
# by default, that can be read and set without a GPU; it only affects
# convolutions that run through cuDNN. ``cudnn.is_available()`` tells
# whether this build can use cuDNN at all.

import torch.backends.cudnn as cudnn

print("cudnn.benchmark:", cudnn.benchmark)
print("cudnn.is_available():", cudnn.is_available(), "| cudnn.version():", cudnn.version())
assert cudnn.benchmark is False
cudnn.benchmark = True
print("after setting:", cudnn.benchmark)
cudnn.benchmark = False  # restore the default
