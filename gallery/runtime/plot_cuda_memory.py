"""
GPU memory counters without a GPU
=================================

The memory functions of ``torch.cuda`` read the statistics of PyTorch's
CUDA caching allocator. Before CUDA is initialised there are no statistics,
so some of them return 0 while others raise; the deprecated
``reset_max_memory_allocated`` warns first. A runner with a GPU prints the
memory one tensor takes instead.
"""
# also-on: cuda

import warnings

import torch


def attempt(label, call):
    """Print what call() returns, or the exception it raises."""
    try:
        result = call()
    except Exception as err:  # noqa: BLE001 - the exception is what we show
        print(f"{label}: {type(err).__name__}: {err}")
        return err
    print(f"{label} -> {result!r}")
    return result


# %% example-for: torch.cuda.memory_allocated, torch.cuda.max_memory_allocated, torch.cuda.empty_cache
# Reading the counters
# --------------------
#
# ``memory_allocated()`` and ``max_memory_allocated()`` return 0 when CUDA
# is not initialised, also on a GPU machine before its first CUDA tensor,
# so a 0 does not prove that a model is on the CPU. ``empty_cache()`` does
# nothing in that state and returns ``None``.

if torch.cuda.is_initialized() or torch.cuda.is_available():
    base = torch.cuda.memory_allocated()
    t = torch.empty(1024, 1024, device="cuda")  # 4 MiB of float32
    print("one 1024x1024 float32 tensor adds", torch.cuda.memory_allocated() - base, "bytes")
    del t
    print("after del, back to the start:", torch.cuda.memory_allocated() == base)
else:
    print("CUDA initialised:", torch.cuda.is_initialized())
    allocated = attempt("memory_allocated()", torch.cuda.memory_allocated)
    peak = attempt("max_memory_allocated()", torch.cuda.max_memory_allocated)
    attempt("memory_allocated(0)", lambda: torch.cuda.memory_allocated(0))
    attempt("empty_cache()", torch.cuda.empty_cache)
    assert allocated == peak == 0

# %% example-for: torch.cuda.reset_peak_memory_stats, torch.cuda.reset_max_memory_allocated, torch.cuda.synchronize
# Resetting the peak and synchronising need CUDA
# ----------------------------------------------
#
# ``reset_peak_memory_stats()`` and ``synchronize()`` call into CUDA and
# fail on a build without it. ``reset_max_memory_allocated()`` is the old
# name: it emits a ``FutureWarning`` saying that it now calls
# ``reset_peak_memory_stats``, and then does exactly that.

attempt("reset_peak_memory_stats()", torch.cuda.reset_peak_memory_stats)
attempt("synchronize()", torch.cuda.synchronize)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    attempt("reset_max_memory_allocated()", torch.cuda.reset_max_memory_allocated)
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
assert [w.category for w in caught] == [FutureWarning]

# %% example-for: cuda-peak-memory
# A memory measurement that also runs on the CPU
# ----------------------------------------------
#
# Guard the CUDA-only calls with ``torch.cuda.is_available()`` so that the
# same training script runs on a machine without a GPU.

device = "cuda" if torch.cuda.is_available() else "cpu"
w = torch.randn(256, 256, device=device, requires_grad=True)
for step in range(2):
    if device == "cuda":
        torch.cuda.reset_peak_memory_stats()
        start = torch.cuda.memory_allocated()
    loss = (torch.randn(64, 256, device=device) @ w).square().mean()
    loss.backward()
    if device == "cuda":
        print(f"step {step}: peak above start {torch.cuda.max_memory_allocated() - start} bytes")
    else:
        print(f"step {step}: no GPU, nothing to measure")
