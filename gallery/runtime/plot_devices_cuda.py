"""
Streams, events, the caching allocator and TF32 on a GPU
========================================================

Kernels run asynchronously, so a GPU is timed with CUDA events after a
synchronisation. Work queued on a side stream is ordered with
``wait_stream``. The caching allocator keeps freed memory reserved. TF32
changes the error of a ``float32`` matrix product, and deterministic mode
needs ``CUBLAS_WORKSPACE_CONFIG``. This script needs a CUDA device.
"""
# requires: cuda

import os
import subprocess
import sys
import time

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
MiB = 2**20


def attempt(label, call):
    """Print what call() returns, or the exception it raises (first line)."""
    try:
        result = call()
    except Exception as err:  # noqa: BLE001 - the exception is what we show
        print(f"{label}: {type(err).__name__}: {str(err).splitlines()[0]}")
        return None
    print(f"{label} -> {result!r}")
    return result


x = torch.randn(8192, 8192, device="cuda")
_ = x @ x  # the first product initialises cuBLAS; time the ones after it
torch.cuda.synchronize()

# %% example-for: devices-streams-events, torch.cuda.Event, torch.cuda.Event.elapsed_time
# Kernels return before the GPU has finished
# ------------------------------------------
#
# A CUDA operation only queues a kernel and returns. A wall clock read
# right after ten large products measures the queueing; only after
# ``torch.cuda.synchronize()`` has the work finished. Events are recorded
# into the queue and time the work on the GPU itself: ``elapsed_time`` (in
# milliseconds) is valid once the end event has completed, and both events
# need ``enable_timing=True``.

start_wall = time.perf_counter()
start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
start.record()
for _ in range(10):
    y = x @ x
end.record()
queued = time.perf_counter() - start_wall
torch.cuda.synchronize()
finished = time.perf_counter() - start_wall
gpu_ms = start.elapsed_time(end)
print("queueing took under a tenth of the work:", queued < finished / 10)
print("event time within 20% of the synchronised wall time:", abs(gpu_ms / 1000 - finished) < 0.2 * finished)
assert queued < finished / 10

untimed_a, untimed_b = torch.cuda.Event(), torch.cuda.Event()
untimed_a.record()
untimed_b.record()
torch.cuda.synchronize()
attempt("elapsed_time() of events made without enable_timing", lambda: untimed_a.elapsed_time(untimed_b))

# %% example-for: devices-streams-events, torch.cuda.Stream, torch.cuda.current_stream, torch.cuda.stream
# A side stream and wait_stream
# -----------------------------
#
# Every device has a default stream, and kernels on one stream run in order.
# Inside ``with torch.cuda.stream(side)`` new kernels go to ``side``, which
# may overlap the default stream. ``side.wait_stream(current)`` makes
# ``side`` wait for the work already queued on the current stream (the
# inputs), and the default stream waits for ``side`` before using its
# result.

default = torch.cuda.current_stream()
print("current is the default stream:", default == torch.cuda.default_stream())
side = torch.cuda.Stream()
side.wait_stream(default)
with torch.cuda.stream(side):
    print("inside the block, current is side:", torch.cuda.current_stream() == side)
    doubled = y * 2
default.wait_stream(side)
print("after the block, current is the default again:", torch.cuda.current_stream() == default)
print("result correct:", torch.equal(doubled, y * 2))

# %% example-for: devices-caching-allocator, torch.cuda.memory_reserved, torch.cuda.memory_summary
# Allocated versus reserved
# -------------------------
#
# ``memory_allocated()`` counts the bytes of live tensors; ``memory_reserved()``
# what the caching allocator has taken from the driver. Freeing a tensor
# lowers the first only: the block stays reserved for the next tensor, which
# is why ``nvidia-smi`` shows more memory in use than the tensors need.
# ``empty_cache()`` returns unused blocks to the driver.

del x, y, doubled
torch.cuda.synchronize()
torch.cuda.empty_cache()
base_alloc, base_reserved = torch.cuda.memory_allocated(), torch.cuda.memory_reserved()


def report(step):
    print(f"{step:26} allocated +{(torch.cuda.memory_allocated() - base_alloc) // MiB:4} MiB"
          f" | reserved +{(torch.cuda.memory_reserved() - base_reserved) // MiB:4} MiB")


t = torch.empty(256 * MiB // 4, device="cuda")  # 256 MiB of float32
report("after a 256 MiB tensor")
reserved_with_t = torch.cuda.memory_reserved()
del t
report("after del")
assert torch.cuda.memory_reserved() == reserved_with_t  # freed, but still reserved
again = torch.empty(256 * MiB // 4, device="cuda")
report("a new 256 MiB tensor")
del again
torch.cuda.empty_cache()
report("after empty_cache()")
print(torch.cuda.memory_summary(abbreviated=True).splitlines()[1])

# %% example-for: devices-matmul-precision, torch.set_float32_matmul_precision, torch.backends.cuda.matmul.allow_tf32
# TF32 on the GPU
# ---------------
#
# On a GPU of compute capability 8.0 or newer, ``"high"`` lets ``float32``
# products run on TF32 tensor cores: the error against a ``float64`` product
# grows by more than an order of magnitude (asserted), while the result is
# still ``float32``.

print("compute capability:", torch.cuda.get_device_capability())
a, b = torch.randn(1024, 1024, device="cuda"), torch.randn(1024, 1024, device="cuda")
exact = a.double() @ b.double()
errors = {}
for level in ("highest", "high"):
    torch.set_float32_matmul_precision(level)
    product = a @ b
    errors[level] = ((product.double() - exact).abs().max() / exact.abs().max()).item()
    print(f"{level:8} dtype {product.dtype} | relative error {errors[level]:.0e}")
torch.set_float32_matmul_precision("highest")
if torch.cuda.get_device_capability() >= (8, 0):
    assert errors["high"] > 10 * errors["highest"]

# %% example-for: devices-reproducibility, torch.use_deterministic_algorithms
# Deterministic mode on CUDA
# --------------------------
#
# cuBLAS needs ``CUBLAS_WORKSPACE_CONFIG`` set before it starts for its
# products to be deterministic. Each line below is a fresh Python process
# that turns deterministic mode on and multiplies a matrix by itself, without the
# variable and then with it. The last lines show what deterministic mode
# does with ``histc`` and with ``index_add_`` on CUDA.

child = r"""
import torch
torch.use_deterministic_algorithms(True)
a = torch.randn(8, 8, device="cuda")
try:
    a @ a
    torch.cuda.synchronize()
    print("matmul ran")
except RuntimeError as err:
    print("RuntimeError:", str(err).splitlines()[0])
"""
for value in (None, ":4096:8"):
    env = {k: v for k, v in os.environ.items() if k != "CUBLAS_WORKSPACE_CONFIG"}
    if value:
        env["CUBLAS_WORKSPACE_CONFIG"] = value
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, env=env, check=True).stdout
    print(f"CUBLAS_WORKSPACE_CONFIG={value}:", out.strip())

torch.use_deterministic_algorithms(True)
attempt("histc on CUDA", lambda: torch.histc(torch.rand(100, device="cuda")).sum().item())
attempt("index_add_ on CUDA", lambda: torch.zeros(3, device="cuda").index_add_(
    0, torch.tensor([0, 0], device="cuda"), torch.ones(2, device="cuda")).tolist())
torch.use_deterministic_algorithms(False)
