"""
Profiling CUDA kernels
======================

With ``ProfilerActivity.CUDA`` the profiler also records the kernels and
memory copies that the operators launch on the GPU, and the table gains
device-time columns. This script needs a CUDA device; times are masked as in
the CPU examples, because they change on every run.
"""
# requires: cuda

import re

import torch
from torch import nn
from torch.profiler import ProfilerActivity, profile, record_function

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

FIGURE = re.compile(r" *-?\d+\.\d+(?:%|us|ms|s)(?![\w%])")
TOTAL = re.compile(r"(time total: )\S+")


def mask_figures(table):
    """Replace each time and percentage in a profiler table by '<t>', keeping the column widths."""
    table = TOTAL.sub(r"\1<t>", table)
    return FIGURE.sub(lambda m: "<t>".rjust(len(m.group(0))), table)


# %% example-for: profiler-cuda
# CPU and CUDA activity together
# ------------------------------
#
# The model and its input are on the GPU. Kernel launches are asynchronous:
# the profiler waits for the GPU at the end of the ``with`` block, so the
# kernels are in the recording. Only the header of the table is printed
# here; the names of the kernels depend on the GPU and the libraries. The
# operators whose kernels took device time are listed by name.

model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 8)).cuda()
x = torch.randn(32, 64, device="cuda")
model(x)  # a first call outside the profiler initialises the GPU libraries

with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
    with record_function("forward"):
        y = model(x)

print("supported:", sorted(a.name for a in torch.profiler.supported_activities()))
table = mask_figures(prof.key_averages().table(sort_by="device_time_total", row_limit=5))
print("\n".join(table.splitlines()[:3]))
on_gpu = sorted(e.key for e in prof.key_averages() if e.key.startswith("aten::") and e.device_time_total > 0)
print("aten operators with device time:", on_gpu)
kernels = [e for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA]
print("device events recorded:", len(kernels) > 0)
