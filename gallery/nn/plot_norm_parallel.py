"""
SyncBatchNorm and DataParallel on one CPU
=========================================

Both layers exist for training on several devices. ``SyncBatchNorm``
shares batch statistics between the processes of a distributed job
(``torch.distributed``, one process per GPU, typically with
``DistributedDataParallel``); ``DataParallel`` splits each batch over
several GPUs from one process. Neither does its real work on one CPU, but
the parts shown here run anywhere: converting a model to ``SyncBatchNorm``,
its fallback and its error without GPUs, and what ``DataParallel`` does
when no GPU is available.
"""

import tempfile

import torch
import torch.distributed as dist
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.SyncBatchNorm
# ``convert_sync_batchnorm`` replaces every BatchNorm layer
# ---------------------------------------------------------
#
# The class method walks the model and replaces each ``BatchNorm1d``,
# ``BatchNorm2d`` and ``BatchNorm3d`` by a ``SyncBatchNorm`` that reuses the
# same ``weight``, ``bias`` and running buffers; the other layers are left
# alone. The model is changed in place and returned; a bare BatchNorm layer
# passed in is left as it is, and a new ``SyncBatchNorm`` is returned.

model = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU(),
                      nn.Sequential(nn.Flatten(), nn.BatchNorm1d(16)))
old_bn = model[1]
print("before:", [type(m).__name__ for m in model.modules()])
converted = nn.SyncBatchNorm.convert_sync_batchnorm(model)
print("after: ", [type(m).__name__ for m in model.modules()])
print("same model object:", converted is model, "| same weight:", model[1].weight is old_bn.weight,
      "| same running_mean:", model[1].running_mean is old_bn.running_mean)
assert isinstance(model[1], nn.SyncBatchNorm) and isinstance(model[3][1], nn.SyncBatchNorm)
bare = nn.BatchNorm2d(4)
new = nn.SyncBatchNorm.convert_sync_batchnorm(bare)
assert new is not bare and isinstance(new, nn.SyncBatchNorm) and new.weight is bare.weight
print("bare BatchNorm2d:", type(bare).__name__, "->", type(new).__name__, "| same object:", new is bare)

# %% example-for: torch.nn.SyncBatchNorm
# Without a process group it falls back to BatchNorm
# --------------------------------------------------
#
# Synchronisation happens only in training mode, when ``torch.distributed``
# is initialised and the group has more than one process. Here it is not
# initialised, so a training-mode forward on the CPU
# computes ordinary batch norm over the local batch, with the same output
# and running statistics as ``BatchNorm1d``. Unlike ``BatchNorm1d``, one
# ``SyncBatchNorm`` class serves every input of at least 2 dims.

print("distributed initialised:", dist.is_initialized())
sync, plain = nn.SyncBatchNorm(3), nn.BatchNorm1d(3)
x = torch.randn(4, 3, 5)
assert torch.allclose(sync(x), plain(x), atol=1e-6)
assert torch.allclose(sync.running_mean, plain.running_mean)
print("same output and running_mean as BatchNorm1d:", torch.allclose(sync(x), plain(x), atol=1e-6))
print("accepts (N, C, H, W) too:", tuple(sync(torch.randn(2, 3, 4, 4)).shape))
try:
    sync(torch.randn(3))
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.nn.SyncBatchNorm
# With a process group it needs GPU tensors
# -----------------------------------------
#
# Inside a distributed job (here a single process with the ``gloo``
# backend, through a file in a temporary folder), a training-mode forward
# checks the device before it looks at the group's size, and refuses a CPU
# tensor with a ``ValueError`` even in a group of one process. Eval
# mode uses the running statistics and never synchronises, so it runs.

with tempfile.TemporaryDirectory() as folder:
    dist.init_process_group("gloo", init_method=f"file://{folder}/store", rank=0, world_size=1)
    try:
        print("world size:", dist.get_world_size())
        try:
            sync.train()(x)
        except ValueError as err:
            print(f"ValueError: {err}")
        print("eval mode works:", tuple(sync.eval()(x).shape))
    finally:
        dist.destroy_process_group()

# %% example-for: torch.nn.DataParallel
# ``DataParallel`` without a GPU just calls the module
# ----------------------------------------------------
#
# When no GPU is available, ``device_ids`` becomes an empty list and
# ``forward`` calls the wrapped module directly. The wrapped module is the
# ``.module`` attribute, so every ``state_dict`` key gets the prefix
# ``module.``: a plain model refuses those keys, while
# ``dp.module.state_dict()`` has the plain names.

net = nn.Linear(3, 2)
dp = nn.DataParallel(net)
print("cuda available:", torch.cuda.is_available(), "| device_ids:", dp.device_ids)
print(".module is the wrapped model:", dp.module is net)
x = torch.randn(4, 3)
assert torch.equal(dp(x), net(x))
print("same output as the module:", torch.equal(dp(x), net(x)))
print("wrapper keys:", list(dp.state_dict()), "| module keys:", list(dp.module.state_dict()))
try:
    nn.Linear(3, 2).load_state_dict(dp.state_dict())
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(nn.Linear(3, 2).load_state_dict(dp.module.state_dict()))
