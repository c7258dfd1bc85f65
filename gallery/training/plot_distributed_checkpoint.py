"""
Distributed checkpoints: save shards in parallel, load into any sharding
========================================================================

``torch.distributed.checkpoint`` (DCP) saves a sharded model from all ranks at
once, each rank writing its own shards, and loads it into a model sharded
differently, or not at all. ``get_model_state_dict`` and
``set_model_state_dict`` give one state-dict interface to plain, DDP, FSDP2
and tensor-parallel models. Each example starts two real processes on the CPU
with the gloo backend, in a temporary folder that holds the checkpoint.
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


# %% example-for: distributed-checkpoint, torch.distributed.checkpoint.save, torch.distributed.checkpoint.load, torch.distributed.checkpoint.state_dict.get_model_state_dict, torch.distributed.checkpoint.state_dict.set_model_state_dict
# Save from two ranks, load into a model sharded another way
# ----------------------------------------------------------
#
# An FSDP2 model's state dict holds DTensors, each rank its own shards.
# ``dcp.save(state_dict, checkpoint_id=folder)`` is called on **every** rank,
# and each rank writes the shards it owns: the folder holds one ``.distcp``
# file per rank and a ``.metadata`` file that records which piece of which
# tensor is where. Loading works the other way round: build the new model with
# any sharding (tensor parallel here), take its state dict, let ``dcp.load``
# fill it in place (it returns ``None``), and give it back to the model with
# ``set_model_state_dict``. The new model ends with the saved values
# (asserted), and so does a plain, unsharded model on each rank.


def save_and_reshard():
    import os

    import torch
    import torch.distributed as dist
    import torch.distributed.checkpoint as dcp
    from torch import nn
    from torch.distributed.checkpoint.state_dict import get_model_state_dict, set_model_state_dict
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module

    def describe(state):
        return {k: f"{v.placements[0]!r} {tuple(v.to_local().shape)}" for k, v in state.items()}

    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (2,))
    torch.manual_seed(0)
    trained = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
    saved_values = {k: v.clone() for k, v in trained.state_dict().items()}
    fully_shard(trained, mesh=mesh)
    state = get_model_state_dict(trained)
    print("saved from:", describe(state))
    dcp.save(state, checkpoint_id="checkpoint")  # a folder in the job's working directory
    print("files:", sorted(os.listdir("checkpoint")))

    torch.manual_seed(1)  # other initial values
    other = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
    parallelize_module(other, mesh, {"0": ColwiseParallel(), "2": RowwiseParallel()})
    target = get_model_state_dict(other)
    print("loaded into:", describe(target))
    print("dcp.load returns", dcp.load(target, checkpoint_id="checkpoint"))
    print("set_model_state_dict:", set_model_state_dict(other, target))
    assert all(torch.equal(p.full_tensor(), saved_values[name]) for name, p in other.named_parameters())

    plain = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
    plain_state = plain.state_dict()
    dcp.load(plain_state, checkpoint_id="checkpoint")
    plain.load_state_dict(plain_state)
    assert all(torch.equal(v, saved_values[k]) for k, v in plain.state_dict().items())
    print("tensor-parallel model and plain model hold the saved values: True (asserted)")
    dist.destroy_process_group()


launch(save_and_reshard)

# %% example-for: torch.distributed.checkpoint.state_dict.get_model_state_dict
# ``get_model_state_dict`` options: a full state dict on rank 0
# -------------------------------------------------------------
#
# By default ``get_model_state_dict`` returns what each rank holds: DTensor
# shards for an FSDP model. ``StateDictOptions(full_state_dict=True,
# cpu_offload=True)`` gathers plain full tensors in CPU memory **on rank 0
# only**; the other ranks get an empty dict. That is what one
# ``torch.save`` file needs. For a DDP model it returns the keys without the
# ``module.`` prefix that ``ddp.state_dict()`` adds.


def full_on_rank0():
    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.distributed.checkpoint.state_dict import StateDictOptions, get_model_state_dict
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard
    from torch.nn.parallel import DistributedDataParallel as DDP

    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (2,))
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
    fully_shard(model, mesh=mesh)
    sharded = get_model_state_dict(model)
    full = get_model_state_dict(model, options=StateDictOptions(full_state_dict=True, cpu_offload=True))
    print("default:", {k: f"{type(v).__name__} {tuple(v.to_local().shape)}" for k, v in sharded.items()})
    print("full_state_dict=True, cpu_offload=True:",
          {k: f"{type(v).__name__} {tuple(v.shape)}" for k, v in full.items()})
    if dist.get_rank() == 0:
        torch.save(full, "model.pt")

    ddp = DDP(nn.Linear(2, 1))
    print("DDP: state_dict()", list(ddp.state_dict()), "| get_model_state_dict", list(get_model_state_dict(ddp)))
    dist.destroy_process_group()


launch(full_on_rank0)

# %% example-for: torch.distributed.checkpoint.state_dict.set_model_state_dict
# ``set_model_state_dict`` from rank 0's full state dict
# ------------------------------------------------------
#
# The way back: rank 0 loads a full state dict (from ``torch.save``, here made
# up in place), the other ranks pass an empty dict, and
# ``StateDictOptions(full_state_dict=True, broadcast_from_rank0=True)`` makes
# ``set_model_state_dict`` send each tensor from rank 0 and keep on every rank
# only its shard. It returns the missing and unexpected keys, as
# ``load_state_dict`` does.


def load_from_rank0():
    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.distributed.checkpoint.state_dict import StateDictOptions, set_model_state_dict
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard

    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (2,))
    torch.manual_seed(0)
    source = nn.Linear(4, 2)
    full = {k: v.clone() for k, v in source.state_dict().items()} if dist.get_rank() == 0 else {}
    print("this rank passes keys", list(full))

    torch.manual_seed(1)
    model = nn.Linear(4, 2)
    fully_shard(model, mesh=mesh)
    result = set_model_state_dict(model, full,
                                  options=StateDictOptions(full_state_dict=True, broadcast_from_rank0=True))
    print("returns:", result, "| weight shard", tuple(model.weight.to_local().shape))
    assert torch.equal(model.weight.full_tensor(), source.weight.detach())  # every rank built the same source
    print("every rank holds rank 0's values: True (asserted)")
    dist.destroy_process_group()


launch(load_from_rank0)
