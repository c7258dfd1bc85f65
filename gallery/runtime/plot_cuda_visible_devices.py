"""
CUDA_VISIBLE_DEVICES in a child process
=======================================

``CUDA_VISIBLE_DEVICES`` tells the CUDA runtime which physical GPUs a
process may see; the visible GPUs are then numbered ``cuda:0``, ``cuda:1``,
... in the listed order. It must be in the environment before CUDA
initialises, which is easiest to guarantee by setting it for the whole
process, as below for child Python processes. Without a GPU every count is
0; a runner with GPUs prints its own counts.
"""
# also-on: cuda

import os
import subprocess
import sys

# %% example-for: cuda-visible-devices
# Setting the variable for a child process
# ----------------------------------------
#
# The child reads the variable from its environment and reports how many
# GPUs PyTorch sees: without the variable, all of them; with an empty
# value, none.

child = r"""
import os, torch
print(f"CUDA_VISIBLE_DEVICES={os.environ.get('CUDA_VISIBLE_DEVICES')!r:8} "
      f"device_count()={torch.cuda.device_count()} is_available()={torch.cuda.is_available()}")
"""
for value in (None, ""):
    env = {k: v for k, v in os.environ.items() if k != "CUDA_VISIBLE_DEVICES"}
    if value is not None:
        env["CUDA_VISIBLE_DEVICES"] = value
    result = subprocess.run([sys.executable, "-c", child], env=env,
                            capture_output=True, text=True, check=True)
    print(result.stdout, end="")

# %% example-for: cuda-visible-devices
# The variable goes before the command, not after it
# --------------------------------------------------
#
# In a shell, ``CUDA_VISIBLE_DEVICES=1 python train.py`` sets the variable
# for that one command. Words written after the script name are command-line
# arguments: they land in ``sys.argv`` and change no GPU selection. The name
# must be spelled exactly, with the final S.

child = r"""
import os, sys
print("sys.argv[1:]:", sys.argv[1:])
print("CUDA_VISIBLE_DEVICES:", os.environ.get("CUDA_VISIBLE_DEVICES"))
print("CUDA_VISIBLE_DEVICE:", os.environ.get("CUDA_VISIBLE_DEVICE"))
"""
env = {k: v for k, v in os.environ.items() if k != "CUDA_VISIBLE_DEVICES"}
env["CUDA_VISIBLE_DEVICE"] = "0,1"  # misspelt: CUDA ignores it
result = subprocess.run([sys.executable, "-c", child, "CUDA_VISIBLE_DEVICES", "0,1"], env=env,
                        capture_output=True, text=True, check=True)
print(result.stdout, end="")
