"""
Flushing denormal numbers
=========================

Denormal (subnormal) numbers are the floating-point values closer to zero
than the smallest normal number. CPUs often process them much more slowly
than normal numbers. ``torch.set_flush_denormal(True)`` switches the CPU into
a mode that treats them as zero. This script shows what changes, which dtypes
are affected, and why the mode is a property of a CPU thread.
"""

import torch

# %% example-for: settings-flush-denormal
# What a denormal number is
# -------------------------
#
# Below ``finfo(dtype).smallest_normal`` a float gives up precision bits to
# reach values closer to zero: the stored value of ``1e-40`` is visibly off,
# ``1e-44`` keeps only one significant digit, and below the smallest
# denormal (about ``1.4e-45``) values round to zero. In the raw bits, a
# denormal has an exponent field of zero, while a normal number such as
# ``1e-30`` does not.

fi = torch.finfo(torch.float32)
print("smallest normal float32:", fi.smallest_normal)
print("smallest denormal float32:", torch.tensor(1, dtype=torch.int32).view(torch.float32).item())
v = torch.tensor([1e-30, 1e-40, 1e-44, 1e-46])
print("stored values:", v.tolist())
exponent = (v.view(torch.int32) >> 23) & 0xFF
print("exponent fields:", exponent.tolist())
print("denormal:", ((v != 0) & (v.abs() < fi.smallest_normal)).tolist())

# %% example-for: torch.set_flush_denormal
# Before and after flushing
# -------------------------
#
# ``1e-39`` is below ``float32``'s smallest normal number, so it is stored as
# a denormal. With flushing on, reading it gives zero and results that would
# be denormal become zero, although the stored bits do not change.
# ``set_flush_denormal`` returns ``True`` when the CPU supports the mode
# (x86 with SSE3, AArch64) and ``False`` otherwise, in which case nothing
# changes.

print("float32 smallest normal:", torch.finfo(torch.float32).smallest_normal)
x = torch.tensor([1e-39, 1e-30])  # a denormal and a normal value
bits = x.view(torch.int32).clone()
print("before :", x, "| x / 2:", (x / 2).tolist())


def new_tiny_values():
    return (
        torch.tensor([1e-39]).item(),
        torch.tensor([1e-310], dtype=torch.float64).item(),
        torch.tensor([1e-39], dtype=torch.bfloat16).item(),
    )


print("new float32 1e-39, float64 1e-310, bfloat16 1e-39:", new_tiny_values())

supported = torch.set_flush_denormal(True)
print("set_flush_denormal(True) returned", supported)
print("during :", x, "| x / 2:", (x / 2).tolist())
print("x == 0 :", (x == 0).tolist())
print("stored bits unchanged:", torch.equal(x.view(torch.int32), bits))
print("new float32 1e-39, float64 1e-310, bfloat16 1e-39:", new_tiny_values())
# bfloat16 is converted through float32 and is flushed too. float16 does not
# use these CPU flags: its denormals stay, also in arithmetic.
h = torch.tensor([1e-6], dtype=torch.float16)  # below float16's smallest normal
print("float16 1e-6 and 1e-6 * 2:", h.tolist(), (h * 2).tolist())

print("set_flush_denormal(False) returned", torch.set_flush_denormal(False))  # restore
print("after  :", x, "| x / 2:", (x / 2).tolist())

# %% example-for: torch.set_flush_denormal
# The mode belongs to a thread
# ----------------------------
#
# The flag lives in a control register of the CPU thread that calls
# ``set_flush_denormal``. Intra-op worker threads that already exist keep
# their own setting. Here an element-wise product of a million denormals runs
# on two threads whose worker was started before the mode was switched on:
# only the half computed by the calling thread is flushed. Switch the mode on
# at the very start of a program, before any parallel work.

n_threads = torch.get_num_threads()
torch.set_num_threads(2)
big = torch.full((1_000_000,), 1e-39)
_ = big * 1  # parallel work: the worker thread now exists, with flushing off

torch.set_flush_denormal(True)
flushed = (big * 1 == 0).sum().item()
torch.set_flush_denormal(False)  # restore
torch.set_num_threads(n_threads)  # restore

print(f"elements flushed to zero: {flushed} of {big.numel()}")
print("restored thread count:", torch.get_num_threads() == n_threads)
