"""
The GPU form: NCCL, one process per GPU
=======================================

On GPUs the backend is NCCL and each process drives one GPU: the process
with ``LOCAL_RANK`` ``i`` uses ``cuda:i``, and tensors given to collectives
live on that GPU. This script starts one process per visible GPU
(``torch.cuda.device_count()``, which can be 1). It needs a CUDA device.
"""
# requires: cuda

# %%
# Starting the ranks
# ------------------
#
# ``launch`` is the same helper as in the CPU scripts of this section: it
# writes the function into ``worker.py`` and runs it with ``torchrun``, one
# process per GPU, then prints each rank's output in rank order.

import inspect
import subprocess
import sys
import tempfile
from pathlib import Path

import torch


def launch(*functions, nprocs=2, collect=False):
    """Write ``functions`` into ``worker.py`` and run the last one on ``nprocs`` ranks with torchrun
    (``nprocs=None``: once, with plain ``python``). Print each rank's output, in rank order."""
    name, script = functions[-1].__name__, Path(inspect.getsourcefile(functions[-1])).name
    with tempfile.TemporaryDirectory() as tmp:
        code = "\n\n".join(inspect.getsource(f) for f in functions)
        # os._exit skips the interpreter's teardown, where torch 2.13 may abort after DDP or FSDP
        main = f"if __name__ == '__main__':\n    {name}()\n    import os, sys; sys.stdout.flush(); os._exit(0)\n"
        Path(tmp, "worker.py").write_text(f"{code}\n\n{main}")
        torchrun = ["-m", "torch.distributed.run", "--standalone", "--local-addr=127.0.0.1",
                    f"--nproc-per-node={nprocs}", "--redirects=3", f"--log-dir={tmp}"] if nprocs else []
        with open(Path(tmp, "stdout.log"), "w") as out, open(Path(tmp, "stderr.log"), "w") as err:
            proc = subprocess.Popen([sys.executable, *torchrun, "worker.py"], cwd=tmp, stdout=out, stderr=err)
            try:
                status = proc.wait(timeout=120)
                failed = f"exited with code {status}" if status else ""
            except subprocess.TimeoutExpired:
                proc.terminate()  # torchrun stops its ranks, then itself
                proc.wait(timeout=30)
                failed = "did not finish within 120 s"
        ranks = [next(Path(tmp).glob(f"*/attempt_0/{r}"), None) for r in range(nprocs)] if nprocs else [Path(tmp)]
        outputs = [Path(r, "stdout.log").read_text().splitlines() if r else [] for r in ranks]
        for rank, lines in enumerate(outputs):
            print("".join(f"[rank {rank}] {line}\n" if nprocs else f"{line}\n" for line in lines), end="")
        if failed:
            errors = "".join(Path(r, "stderr.log").read_text() for r in ranks if r)
            errors = errors or Path(tmp, "stderr.log").read_text()  # torchrun's own, if no rank started
            raise RuntimeError(f"{script}: {name} {failed}; stderr:\n{errors}")
    return outputs if collect else None


# %% example-for: distributed-nccl, torch.distributed.init_process_group, torch.distributed.is_nccl_available, torch.nn.parallel.DistributedDataParallel
# NCCL with ``device_id``, and DDP with ``device_ids``
# ----------------------------------------------------
#
# Each process first selects its GPU from ``LOCAL_RANK``, then joins the group
# with ``backend="nccl"`` and ``device_id=`` that GPU, which binds the process
# group to it. Collective inputs are CUDA tensors on that GPU. DDP takes
# ``device_ids=[local_rank]``; the ranks end the step with identical weights
# (asserted).


def nccl_job():
    import os

    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.nn.parallel import DistributedDataParallel as DDP

    local_rank = int(os.environ["LOCAL_RANK"])
    device = torch.device("cuda", local_rank)
    torch.cuda.set_device(device)
    print("is_nccl_available():", dist.is_nccl_available())
    dist.init_process_group(backend="nccl", device_id=device)
    rank, world = dist.get_rank(), dist.get_world_size()
    print(f"rank {rank} of {world}, backend {dist.get_backend()!r}, device {device}")

    x = torch.full((2,), float(rank + 1), device=device)
    dist.all_reduce(x)  # runs on the GPU; .tolist() waits for it
    print("all_reduce:", x.tolist(), "on", x.device)
    assert x.tolist() == [world * (world + 1) / 2] * 2  # 1 + 2 + ... + world

    torch.manual_seed(rank)
    ddp = DDP(nn.Linear(4, 2).to(device), device_ids=[local_rank])
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1)
    torch.manual_seed(100 + rank)
    ddp(torch.randn(8, 4, device=device)).pow(2).mean().backward()
    optimizer.step()
    weights = [torch.empty_like(ddp.module.weight) for _ in range(world)]
    dist.all_gather(weights, ddp.module.weight.detach())
    assert all(torch.equal(w, weights[0]) for w in weights)
    print("after one DDP step the weights are equal on all", world, "rank(s): True (asserted)")
    dist.destroy_process_group()


assert torch.cuda.device_count() > 0, "this example needs a CUDA device"
launch(nccl_job, nprocs=torch.cuda.device_count())
