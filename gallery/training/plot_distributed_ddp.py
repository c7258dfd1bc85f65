"""
DistributedDataParallel: one model per process, averaged gradients
==================================================================

``DistributedDataParallel`` (DDP) trains one copy of the model in each
process. Each rank computes on its own share of the data, DDP all-reduces the
gradients during ``backward``, and the copies stay identical.
``DistributedSampler`` gives each rank its share of the data set. Each
example starts two real processes on the CPU with the gloo backend.
"""

# %%
# How these examples start their ranks
# ------------------------------------
#
# Each example is a function that every rank runs: it imports what it needs,
# joins the process group, works and prints. ``launch`` writes the function into
# ``worker.py`` in a temporary folder and starts it as a real job with
# ``python -m torch.distributed.run --standalone --nproc-per-node=2 worker.py``
# (the ``torchrun`` command); ``--local-addr=127.0.0.1`` keeps the job on the
# loopback address instead of this machine's host name. ``--redirects=3`` keeps
# each rank's output in a file of its own, and ``launch`` prints those files
# prefixed with the rank, in rank order, so the output is the same on every
# run. A rank that fails makes ``launch`` raise with the ranks' stderr; a job
# still running after 120 s is terminated. The function has to be in a file because
# a new process can only run code it can import. ``launch`` is the same in
# every script of this section.

import inspect
import subprocess
import sys
import tempfile
from pathlib import Path


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


# %% example-for: distributed-ddp, torch.nn.parallel.DistributedDataParallel
# DDP: different data, the same weights after every step
# ------------------------------------------------------
#
# Each rank builds the model (here with a different seed, on purpose) and wraps
# it in ``DistributedDataParallel``. The constructor broadcasts rank 0's
# parameters, so the ranks start equal. Each rank then trains on its own batch;
# during ``backward`` DDP all-reduces the gradients and divides them by the
# world size, so every rank holds the **mean** of the ranks' gradients
# (asserted against the gradient each rank computes alone) and the optimizer
# steps stay identical (asserted after each of three steps). A model on the CPU
# takes ``device_ids=None``; passing GPU indices raises ``ValueError``.


def ddp_steps():
    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.nn.parallel import DistributedDataParallel as DDP

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()

    def gathered(t):  # the tensor t of every rank
        out = [torch.empty_like(t) for _ in range(world)]
        dist.all_gather(out, t.detach())
        return out

    def rounded(t):
        return [round(v, 4) for v in t.detach().flatten().tolist()]

    torch.manual_seed(rank)
    model = nn.Linear(3, 1)
    print("before DDP, weight:", rounded(model.weight))
    ddp = DDP(model)
    print("after DDP,  weight:", rounded(model.weight))
    try:
        DDP(nn.Linear(3, 1), device_ids=[0])
    except ValueError as err:
        print(f"device_ids=[0] for a CPU model: ValueError: {err}")

    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1)
    torch.manual_seed(100 + rank)
    for step in range(3):
        x, y = torch.randn(4, 3), torch.randn(4, 1)  # this rank's own batch
        alone = nn.Linear(3, 1)
        alone.load_state_dict(model.state_dict())
        nn.functional.mse_loss(alone(x), y).backward()  # the gradient of this rank's batch alone

        optimizer.zero_grad()
        nn.functional.mse_loss(ddp(x), y).backward()  # DDP all-reduces the gradients here
        assert torch.allclose(model.weight.grad, sum(gathered(alone.weight.grad)) / world)
        optimizer.step()
        assert all(torch.equal(w, model.weight) for w in gathered(model.weight))
        print(f"step {step}: own gradient {rounded(alone.weight.grad)} | DDP gradient {rounded(model.weight.grad)}")
    print("weights equal on every rank after each step: True (asserted)")
    dist.destroy_process_group()


launch(ddp_steps)

# %% example-for: distributed-ddp, torch.nn.parallel.DistributedDataParallel.no_sync
# Gradient accumulation with ``no_sync``
# --------------------------------------
#
# To accumulate gradients over several micro-batches, run the forward and
# backward of every micro-batch but the last under ``with ddp.no_sync():``
# (with only the backward inside, the gradients are still synchronised). Inside it DDP does not
# communicate: each rank's ``.grad`` holds only its own sum, so the ranks
# differ. The first backward outside it all-reduces the accumulated
# gradients. The result equals the mean over ranks of each rank's accumulated
# gradient (asserted).


def accumulate():
    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.nn.parallel import DistributedDataParallel as DDP

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()

    def same_on_all_ranks(t):
        out = [torch.empty_like(t) for _ in range(world)]
        dist.all_gather(out, t)
        return all(torch.equal(o, out[0]) for o in out)

    torch.manual_seed(0)
    ddp = DDP(nn.Linear(3, 1))
    alone = nn.Linear(3, 1)
    alone.load_state_dict(ddp.module.state_dict())
    torch.manual_seed(100 + rank)
    micro_batches = [(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(2)]

    with ddp.no_sync():
        x, y = micro_batches[0]
        nn.functional.mse_loss(ddp(x), y).backward()
    print("after the backward inside no_sync():  grads equal on all ranks:", same_on_all_ranks(ddp.module.weight.grad))
    x, y = micro_batches[1]
    nn.functional.mse_loss(ddp(x), y).backward()
    print("after the backward outside no_sync(): grads equal on all ranks:", same_on_all_ranks(ddp.module.weight.grad))

    for x, y in micro_batches:  # the same two backward passes without DDP: this rank's own sum
        nn.functional.mse_loss(alone(x), y).backward()
    mean = alone.weight.grad.clone()
    dist.all_reduce(mean, op=dist.ReduceOp.AVG)
    assert torch.allclose(ddp.module.weight.grad, mean)
    print("equals the mean over ranks of the accumulated gradients: True (asserted)")
    dist.destroy_process_group()


launch(accumulate)

# %% example-for: distributed-sampler, torch.utils.data.distributed.DistributedSampler, torch.utils.data.distributed.DistributedSampler.set_epoch
# ``DistributedSampler``: each rank its own share of the indices
# --------------------------------------------------------------
#
# ``DistributedSampler`` gives rank ``r`` the indices ``r, r + world_size,
# ...`` of the (shuffled) order, so that when the data set divides evenly the
# ranks never see the same sample in one epoch (asserted). It takes ``num_replicas`` and ``rank`` from the
# process group. The shuffle is seeded with ``seed + epoch`` (asserted), so
# without ``set_epoch`` every epoch repeats the same order. Give the sampler to
# the ``DataLoader`` instead of ``shuffle=True``: the two together raise
# ``ValueError``. When the data set does not divide evenly, indices from the
# start are repeated to give every rank the same number; ``drop_last=True``
# drops the tail instead.


def sampler_split():
    import torch.distributed as dist
    from torch.utils.data import DataLoader
    from torch.utils.data.distributed import DistributedSampler

    dist.init_process_group("gloo")
    world = dist.get_world_size()
    data = list(range(10))
    print("shuffle=False:", list(DistributedSampler(data, shuffle=False)))

    sampler = DistributedSampler(data, seed=0)  # shuffle=True by default
    loader = DataLoader(data, batch_size=3, sampler=sampler)  # the sampler, not shuffle=True
    for epoch in range(3):
        sampler.set_epoch(epoch)
        mine = [i for batch in loader for i in batch.tolist()]
        print(f"epoch {epoch}, batches {[b.tolist() for b in loader]}")
        everyone = [None] * world
        dist.all_gather_object(everyone, mine)
        assert sorted(sum(everyone, [])) == data  # disjoint, and together every index

    sampler.set_epoch(1)
    assert list(sampler) == list(DistributedSampler(data, seed=1))  # seed 0 at epoch 1 = seed 1 at epoch 0
    forgot = DistributedSampler(data, seed=0)
    print("no set_epoch, two epochs:", list(forgot), list(forgot))
    try:
        DataLoader(data, sampler=forgot, shuffle=True)
    except ValueError as err:
        print(f"sampler= and shuffle=True: ValueError: {err}")
    print("5 items:", list(DistributedSampler(range(5), shuffle=False)),
          "| with drop_last=True:", list(DistributedSampler(range(5), shuffle=False, drop_last=True)))
    dist.destroy_process_group()


launch(sampler_split)

# %% example-for: distributed-save, torch.nn.parallel.DistributedDataParallel
# Save from rank 0 only; load everywhere
# --------------------------------------
#
# Every rank holds the same weights, so one rank writes the checkpoint, once.
# The others wait at a ``barrier`` before reading it. Save
# ``ddp.module.state_dict()``: the DDP wrapper's own keys start with
# ``module.``, which a plain model does not accept.


def save_on_rank0():
    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.nn.parallel import DistributedDataParallel as DDP

    dist.init_process_group("gloo")
    torch.manual_seed(0)
    ddp = DDP(nn.Linear(3, 1))
    print("ddp.state_dict():", list(ddp.state_dict()), "| ddp.module.state_dict():", list(ddp.module.state_dict()))
    if dist.get_rank() == 0:
        torch.save(ddp.module.state_dict(), "model.pt")  # in the job's working directory
    dist.barrier()  # nobody reads before rank 0 has finished writing

    plain = nn.Linear(3, 1)
    plain.load_state_dict(torch.load("model.pt", weights_only=True))
    assert torch.equal(plain.weight, ddp.module.weight)
    print("loaded rank 0's file into a plain nn.Linear: weights equal (asserted)")
    try:
        plain.load_state_dict(ddp.state_dict())
    except RuntimeError as err:
        print(f"ddp.state_dict() into the plain model: RuntimeError: {' '.join(str(err).split())}")
    dist.destroy_process_group()


launch(save_on_rank0)
