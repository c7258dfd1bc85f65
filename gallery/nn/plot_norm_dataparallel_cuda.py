"""
DataParallel on GPUs
====================

With several GPUs in ``device_ids``, every forward of ``DataParallel``
splits the input tensors along ``dim`` (0 by default) into chunks, at most
one per GPU, copies the module to the GPUs that received a chunk, runs the
copies in parallel threads and gathers the outputs on ``output_device``.
With a single GPU the module is not copied: the constructor moves it to
that GPU, and ``forward`` moves the inputs there and calls the module
itself. This script needs a CUDA device. The ``DataParallel`` docstring
recommends ``DistributedDataParallel`` for multi-GPU training instead,
even on one machine.
"""
# requires: cuda

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.DataParallel
# The module lives on ``device_ids[0]``; the output is gathered there
# -------------------------------------------------------------------
#
# Without ``device_ids`` every visible GPU is used, and ``output_device``
# defaults to ``device_ids[0]``. A CPU input batch is moved (scattered) to
# the GPUs. The parameters and buffers must be on ``device_ids[0]`` when
# ``forward`` runs, otherwise it raises ``RuntimeError``.

dp = nn.DataParallel(nn.Linear(3, 2).cuda())
print("GPUs:", torch.cuda.device_count(), "| device_ids:", dp.device_ids,
      "| output_device:", dp.output_device)
out = dp(torch.randn(8, 3))
print("output:", tuple(out.shape), out.device)
assert out.device == torch.device("cuda", dp.output_device)

dp.module.cpu()
try:
    dp(torch.randn(8, 3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
