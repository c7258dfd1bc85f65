"""
CPU threads: intra-op and inter-op parallelism
==============================================

PyTorch runs CPU work on two kinds of threads. *Intra-op* threads split a
single operation (a large matrix product, an element-wise operation on a big
tensor) into chunks that run in parallel. *Inter-op* threads run independent
operations at the same time, for example tasks started with TorchScript's
``fork``. Both counts have machine-dependent defaults: the numbers printed
below are those of the runner that built this page.
"""

import os
import subprocess
import sys

import torch

# %% example-for: settings-threads
# What this build of PyTorch reports about its threads
# ----------------------------------------------------
#
# ``torch.__config__.parallel_info()`` summarises both thread pools, the
# threading libraries PyTorch was built with, and the environment variables
# that influence them.

print(torch.__config__.parallel_info())

# %% example-for: torch.get_num_threads
# Reading the intra-op thread count
# ---------------------------------
#
# The default comes from the ``OMP_NUM_THREADS`` environment variable when
# it is set, and otherwise from the number of CPU cores that PyTorch
# detects.

print("OMP_NUM_THREADS:", os.environ.get("OMP_NUM_THREADS", "not set"))
print("CPUs visible to Python:", os.cpu_count())
print("intra-op threads:", torch.get_num_threads())

# %% example-for: torch.get_num_interop_threads
# Reading the inter-op thread count
# ---------------------------------
#
# The inter-op count has its own default, which does not follow
# ``OMP_NUM_THREADS``. Reading it does not start the inter-op pool.

print("OMP_NUM_THREADS:", os.environ.get("OMP_NUM_THREADS", "not set"))
print("inter-op threads:", torch.get_num_interop_threads())
print("intra-op threads:", torch.get_num_threads())

# %% example-for: torch.set_num_threads
# Changing the intra-op thread count, and restoring it
# ----------------------------------------------------
#
# ``set_num_threads`` can be called at any time and takes effect for the
# operations that follow. The count is global for the process, so save the
# old value and put it back when you are done. The count must be a positive
# integer.

old = torch.get_num_threads()

torch.set_num_threads(1)
print("after set_num_threads(1):", torch.get_num_threads())

torch.set_num_threads(3)  # not checked against the number of cores
print("after set_num_threads(3):", torch.get_num_threads())

for bad in (0, 2.0):
    try:
        torch.set_num_threads(bad)
    except RuntimeError as err:
        print(f"set_num_threads({bad!r}) -> RuntimeError: {err}")

torch.set_num_threads(old)  # restore
print("restored:", torch.get_num_threads() == old)

# %% example-for: torch.set_num_interop_threads
# The inter-op thread count can be set only once
# ----------------------------------------------
#
# ``set_num_interop_threads`` works only before any inter-op parallel work
# has started, and only once per process: a second call raises, even with the
# same value. Because a long-running process (like the one that builds this
# site) cannot tell whether earlier code already used the inter-op pool, the
# demonstration runs in a fresh Python interpreter, where the call is the
# first thing the program does.

program = """
import torch
print("default inter-op threads:", torch.get_num_interop_threads())
torch.set_num_interop_threads(1)
print("after set_num_interop_threads(1):", torch.get_num_interop_threads())
try:
    torch.set_num_interop_threads(1)
except RuntimeError as err:
    print(f"second call -> RuntimeError: {err}")
"""
result = subprocess.run(
    [sys.executable, "-c", program], capture_output=True, text=True, check=True
)
print(result.stdout, end="")
