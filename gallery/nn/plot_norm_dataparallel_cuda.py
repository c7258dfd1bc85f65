"""
DataParallel on GPUs
====================

``DataParallel`` copies the module to every GPU in ``device_ids`` at each
forward, splits the batch along ``dim`` (0 by default) into one chunk per
GPU, runs the copies in parallel threads and gathers the outputs on
``output_device``. This script needs a CUDA device; with one GPU there is
a single chunk. PyTorch recommends ``DistributedDataParallel`` instead,
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
# defaults to ``device_ids[0]``. A CPU input batch is scattered to the
# GPUs. The parameters and buffers must be on ``device_ids[0]`` when
# ``forward`` runs, otherwise it raises ``RuntimeError``.

dp = nn.DataParallel(nn.Linear(3, 2).cuda())
print("GPUs:", torch.cuda.device_count(), "| device_ids:", dp.device_ids,
      "| output_device:", dp.output_device)
out = dp(torch.randn(8, 3))
print("output:", tuple(out.shape), out.device)

dp.module.cpu()
try:
    dp(torch.randn(8, 3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
