"""
Device properties, seeds, streams and events, asked without a GPU
=================================================================

What the ``torch.cuda`` functions of this page do where there is no usable
GPU: some answer ``False`` or ``0``, the seeding functions do nothing, and
the others raise, each with its real message. The CPU runner uses the CPU
wheel of PyTorch; a runner with a GPU prints its own values.
"""
# also-on: cuda

import torch


def attempt(label, call):
    """Print what call() returns, or the exception it raises."""
    try:
        result = call()
    except Exception as err:  # noqa: BLE001 - the exception is what we show
        print(f"{label}: {type(err).__name__}: {err}")
        return None
    print(f"{label} -> {result!r}")
    return result


# %% example-for: torch.cuda.get_device_capability, torch.cuda.get_device_properties, torch.cuda.is_bf16_supported
# What the GPU can do
# -------------------
#
# ``get_device_capability()`` returns the compute capability as
# ``(major, minor)``; TF32 needs 8.0 (Ampere) or newer.
# ``get_device_properties()`` returns the name, the memory and the number of
# multiprocessors. Both need a device and raise without one;
# ``is_bf16_supported()`` answers ``False`` instead.

attempt("get_device_capability()", torch.cuda.get_device_capability)
props = attempt("get_device_properties(0)", lambda: torch.cuda.get_device_properties(0))
if props is not None:
    print("name:", props.name, "| total_memory (GiB):", round(props.total_memory / 2**30),
          "| multi_processor_count:", props.multi_processor_count)
_ = attempt("is_bf16_supported()", torch.cuda.is_bf16_supported)

# %% example-for: torch.cuda.memory_reserved, torch.cuda.memory_summary
# Memory counters and the summary
# -------------------------------
#
# ``memory_reserved()`` is what the caching allocator holds from the driver,
# ``memory_allocated()`` what live tensors use of it; both are 0 without
# CUDA. ``memory_summary()`` formats the allocator's statistics as a table,
# but until CUDA is initialised (always, without CUDA) it raises a
# ``KeyError``: guard a log line that prints it with
# ``torch.cuda.is_initialized()``.

attempt("memory_reserved()", torch.cuda.memory_reserved)
attempt("memory_allocated()", torch.cuda.memory_allocated)
attempt("memory_summary() is a str", lambda: isinstance(torch.cuda.memory_summary(), str))
if torch.cuda.is_initialized():
    print(torch.cuda.memory_summary().splitlines()[1])

# %% example-for: torch.cuda.manual_seed, torch.cuda.manual_seed_all
# Seeding without a GPU does nothing
# ----------------------------------
#
# ``torch.cuda.manual_seed`` (the current device) and ``manual_seed_all``
# (every device) can be called anywhere: without CUDA they are ignored, and
# they never touch the CPU generator. ``torch.manual_seed`` already seeds the
# CPU and every CUDA device.

_ = torch.manual_seed(0)
before = torch.rand(2)
_ = torch.manual_seed(0)
attempt("torch.cuda.manual_seed(1)", lambda: torch.cuda.manual_seed(1))
attempt("torch.cuda.manual_seed_all(1)", lambda: torch.cuda.manual_seed_all(1))
print("CPU stream unchanged:", torch.equal(before, torch.rand(2)))

# %% example-for: torch.cuda.Stream, torch.cuda.Event, torch.cuda.current_stream, torch.cuda.stream, torch.cuda.Event.elapsed_time
# Streams and events need CUDA
# ----------------------------
#
# Creating a ``Stream`` or an ``Event`` raises without CUDA, and so does
# asking for the current stream. ``torch.cuda.stream(None)`` is the one
# call that works: with ``None`` the ``with`` block changes nothing, which
# lets code pass an optional stream.

attempt("torch.cuda.Stream()", torch.cuda.Stream)
attempt("torch.cuda.Event(enable_timing=True)", lambda: torch.cuda.Event(enable_timing=True))
attempt("torch.cuda.current_stream()", torch.cuda.current_stream)
with torch.cuda.stream(None):
    print("inside torch.cuda.stream(None): the block runs")
if torch.cuda.is_available():
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    torch.ones(1000, device="cuda").sum()
    end.record()
    end.synchronize()
    print("elapsed_time() is a float >= 0:", start.elapsed_time(end) >= 0)
