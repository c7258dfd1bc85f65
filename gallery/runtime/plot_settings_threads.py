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
# sphinx_gallery_parallel = False

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
# The default comes from the ``MKL_NUM_THREADS`` or ``OMP_NUM_THREADS``
# environment variable when one is set (the next cell shows which one wins),
# and otherwise from the number of CPU cores that PyTorch detects.

print("MKL_NUM_THREADS:", os.environ.get("MKL_NUM_THREADS", "not set"))
print("OMP_NUM_THREADS:", os.environ.get("OMP_NUM_THREADS", "not set"))
print("CPUs visible to Python:", os.cpu_count())
print("intra-op threads:", torch.get_num_threads())

# %% example-for: torch.get_num_threads, settings-threads
# MKL_NUM_THREADS takes precedence over OMP_NUM_THREADS
# -----------------------------------------------------
#
# The default is read from the environment when the interpreter starts, so
# each line below runs a fresh interpreter with the variables shown.
# ``MKL_NUM_THREADS`` wins whenever it is set, even when ``OMP_NUM_THREADS``
# is set too. The last lines ask for more threads than the runner has cores,
# and setting a variable after ``import torch`` changes nothing.


def threads_with(env, program="import torch; print(torch.get_num_threads())"):
    clean = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    result = subprocess.run(
        [sys.executable, "-c", program], env={**clean, **env}, capture_output=True, text=True, check=True
    )
    return int(result.stdout)


cases = [
    {"OMP_NUM_THREADS": "1"},
    {"MKL_NUM_THREADS": "1"},
    {"OMP_NUM_THREADS": "2", "MKL_NUM_THREADS": "1"},
    {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "2"},
    {"OMP_NUM_THREADS": str((os.cpu_count() or 1) + 3)},
]
for env in cases:
    print(f"{' '.join(f'{k}={v}' for k, v in env.items()):40} -> get_num_threads() = {threads_with(env)}")
assert threads_with({"OMP_NUM_THREADS": "2", "MKL_NUM_THREADS": "1"}) == 1  # MKL wins

late = "import os, torch; os.environ['MKL_NUM_THREADS'] = '1'; print(torch.get_num_threads())"
print(f"{'neither variable set':40} -> get_num_threads() = {threads_with({})}")
print(f"{'MKL_NUM_THREADS=1 set after import torch':40} -> get_num_threads() = {threads_with({}, late)}")

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

for bad in (0, -1, 2.0):
    try:
        torch.set_num_threads(bad)
    except RuntimeError as err:
        print(f"set_num_threads({bad!r}) -> RuntimeError: {err}")

torch.set_num_threads(old)  # restore
print("restored:", torch.get_num_threads() == old)

# DataLoader worker processes set their own count to 1. Shown in a fresh
# interpreter, so that no worker is forked from this long-running process.
loader_program = """
import torch
from torch.utils.data import DataLoader, Dataset


class Threads(Dataset):
    def __len__(self):
        return 1

    def __getitem__(self, i):
        return torch.get_num_threads()


if __name__ == "__main__":
    torch.set_num_threads(2)
    print("main process:", torch.get_num_threads())
    print("inside a DataLoader worker:", next(iter(DataLoader(Threads(), num_workers=1))).item())
"""
result = subprocess.run([sys.executable, "-c", loader_program], capture_output=True, text=True, check=True)
print(result.stdout, end="")
assert result.stdout.strip().endswith("inside a DataLoader worker: 1")

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
