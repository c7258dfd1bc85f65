"""
Sharding a model: device meshes, DTensor, FSDP2 and tensor parallelism
======================================================================

When a model does not fit, or should not be copied whole, on every rank,
its tensors are split. A ``DeviceMesh`` arranges the ranks in a grid; a
``DTensor`` is a tensor spread over a mesh, with a placement per mesh
dimension (``Shard(dim)`` or ``Replicate()``). ``fully_shard`` (FSDP2) shards
every parameter and gathers it only while it is needed; tensor parallelism
(``parallelize_module``) splits the matrix multiplications themselves. Each
example starts real processes on the CPU with the gloo backend.
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


# %% example-for: torch.distributed.device_mesh.init_device_mesh, torch.distributed.device_mesh.DeviceMesh
# A device mesh: the ranks arranged in a grid
# -------------------------------------------
#
# ``init_device_mesh(device_type, mesh_shape, mesh_dim_names=...)`` arranges
# the ranks in an n-dimensional grid and creates one process group per row and
# per column, so that each parallelism runs over one dimension: data parallel
# over ``"dp"``, tensor parallel over ``"tp"``. It initialises the default
# process group itself when needed. Four ranks here, in a 2 x 2 mesh; indexing
# by a name gives the 1-D sub-mesh this rank belongs to.


def meshes():
    import torch.distributed as dist
    from torch.distributed.device_mesh import DeviceMesh, init_device_mesh

    before = dist.is_initialized()
    mesh = init_device_mesh("cpu", (2, 2), mesh_dim_names=("dp", "tp"))
    print(f"initialised before: {before}, after: {dist.is_initialized()} | {mesh}")
    print(f"coordinate {mesh.get_coordinate()} | local rank in dp {mesh.get_local_rank('dp')}, "
          f"in tp {mesh.get_local_rank('tp')} | tp group: ranks {dist.get_process_group_ranks(mesh.get_group('tp'))} "
          f"| dp group: ranks {dist.get_process_group_ranks(mesh.get_group('dp'))}")
    tp_mesh = mesh["tp"]
    print(f"mesh['tp']: {tp_mesh.mesh.tolist()} (a {type(tp_mesh).__name__}, {tp_mesh.ndim}-D) "
          f"| isinstance(mesh, DeviceMesh): {isinstance(mesh, DeviceMesh)}")
    dist.barrier()  # no rank leaves before every rank has set up its groups
    dist.destroy_process_group()


launch(meshes, nprocs=4)

# %% example-for: distributed-dtensor, torch.distributed.tensor.distribute_tensor, torch.distributed.tensor.Shard, torch.distributed.tensor.Replicate, torch.distributed.tensor.DTensor
# ``distribute_tensor``: ``Shard(dim)`` and ``Replicate()``
# ---------------------------------------------------------
#
# A ``DTensor`` is one logical tensor spread over a mesh: ``shape`` is the
# global shape, ``to_local()`` the part this rank stores, ``placements`` how it
# is spread, one entry per mesh dimension. ``Shard(d)`` cuts dimension ``d``
# into consecutive pieces, one per rank; ``Replicate()`` keeps a full copy
# on each. ``full_tensor()`` gathers the whole tensor on every rank, as a plain
# tensor. ``distribute_tensor`` takes the data from rank 0 (``src_data_rank=0``):
# rank 1 passed different values here, and they are ignored (asserted).


def placements():
    import torch
    import torch.distributed as dist
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor import Replicate, Shard, distribute_tensor

    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (2,))
    full = torch.arange(8.0).reshape(2, 4) + 100 * dist.get_rank()  # rank 1 adds 100
    for placement in (Shard(0), Shard(1), Replicate()):
        d = distribute_tensor(full, mesh, [placement])
        print(f"placements {d.placements!s:17} shape {tuple(d.shape)} local {d.to_local().tolist()}")
    gathered = d.full_tensor()
    print("full_tensor():", type(gathered).__name__, gathered.tolist())
    assert torch.equal(gathered, torch.arange(8.0).reshape(2, 4))  # rank 0's values
    uneven = distribute_tensor(torch.arange(3.0), mesh, [Shard(0)])
    print("3 elements, Shard(0): local", uneven.to_local().tolist())
    dist.destroy_process_group()


launch(placements)

# %% example-for: distributed-dtensor, torch.distributed.tensor.DTensor
# Computing with DTensors
# -----------------------
#
# Operations on DTensors give DTensors, and torch decides the placement of the
# result: an elementwise operation keeps ``Shard(0)``; a sum over a sharded
# dimension gives ``Partial(sum)``, each rank holding a partial sum until a
# reduction is needed. ``redistribute`` changes the placement (a collective
# runs underneath). ``DTensor.from_local`` builds a DTensor from the pieces the
# ranks already hold. Mixing a DTensor with a plain tensor of more than one
# element raises ``RuntimeError``.


def dtensor_ops():
    import torch
    import torch.distributed as dist
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor import DTensor, Replicate, Shard, distribute_tensor

    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (2,))
    rows = distribute_tensor(torch.arange(8.0).reshape(2, 4), mesh, [Shard(0)])
    doubled = rows * 2
    print("rows * 2:", type(doubled).__name__, doubled.placements, "local", doubled.to_local().tolist())
    total = rows.sum()
    print("rows.sum():", total.placements, "local", total.to_local().item(),
          "| full_tensor()", total.full_tensor().item())
    print("redistribute to Replicate():", rows.redistribute(mesh, [Replicate()]).to_local().tolist())
    pieces = DTensor.from_local(torch.full((1, 3), float(dist.get_rank())), mesh, [Shard(0)])
    print("from_local:", tuple(pieces.shape), pieces.full_tensor().tolist())
    try:
        rows + torch.ones(2, 4)
    except RuntimeError as err:
        print(f"DTensor + Tensor: RuntimeError: {err}")
    dist.destroy_process_group()


launch(dtensor_ops)

# %% example-for: distributed-fsdp, torch.distributed.fsdp.fully_shard, torch.distributed.fsdp.FSDPModule
# FSDP2: ``fully_shard`` keeps a shard of every parameter per rank
# ----------------------------------------------------------------
#
# ``fully_shard(module, mesh=...)`` replaces each parameter by a DTensor
# sharded on dimension 0 (``Shard(0)``): each rank stores 1 / world_size of it.
# It changes the module's class in place to ``FSDP<Class>``, a subclass of
# ``FSDPModule``. Apply it to each layer, then to the root: each layer becomes a
# unit whose parameters are all-gathered just before it runs and freed after
# (``unshard()`` and ``reshard()`` do it by hand below). Each rank feeds its
# half of the batch; after ``backward`` each rank holds its shard of the
# gradient, averaged over the ranks. With a mean loss and equal halves, that
# is the gradient of the unsharded model on the whole batch (asserted).


def fsdp():
    import copy

    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import FSDPModule, fully_shard

    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (2,))
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    reference = copy.deepcopy(model)  # unsharded, the same weights
    for layer in (model[0], model[2]):
        fully_shard(layer, mesh=mesh)
    assert fully_shard(model, mesh=mesh) is model  # changed in place
    print(type(model).__name__, type(model[0]).__name__, "| isinstance FSDPModule:", isinstance(model, FSDPModule))
    for name, p in model.named_parameters():
        print(f"{name:9} {type(p).__name__} shape {tuple(p.shape)} local {tuple(p.to_local().shape)} {p.placements}")

    torch.manual_seed(1)
    batch = torch.randn(6, 4)
    out = model(batch.chunk(2)[dist.get_rank()])  # this rank's half
    print("after forward, 0.weight is a", type(model[0].weight).__name__, "again: the gathered copy was freed")
    out.pow(2).mean().backward()
    reference(batch).pow(2).mean().backward()  # the whole batch, one process
    grad = model[0].weight.grad
    assert torch.allclose(grad.full_tensor(), reference[0].weight.grad, atol=1e-6)
    print(f"0.weight.grad: {type(grad).__name__} {grad.placements} local {tuple(grad.to_local().shape)}"
          " | full_tensor() equals the unsharded gradient: True (asserted)")
    model[0].unshard()  # all-gather this unit's parameters, as FSDP does before the layer runs
    weight = model[0].weight
    print(f"after model[0].unshard(): {type(weight).__name__} {tuple(weight.shape)}")
    model[0].reshard()  # free the gathered copy, keep the shard
    weight = model[0].weight
    print(f"after model[0].reshard(): {type(weight).__name__} local {tuple(weight.to_local().shape)}")
    model.unshard()  # the root's own unit: model[0] is a unit of its own and stays sharded
    print(f"after model.unshard(): 0.weight is a {type(model[0].weight).__name__}")
    dist.destroy_process_group()


launch(fsdp)

# %% example-for: torch.distributed.fsdp.MixedPrecisionPolicy, torch.distributed.fsdp.fully_shard
# ``MixedPrecisionPolicy``: compute in bfloat16, keep float32 shards
# ------------------------------------------------------------------
#
# ``mp_policy=MixedPrecisionPolicy(param_dtype=torch.bfloat16,
# reduce_dtype=torch.float32)`` makes FSDP gather the parameters in bfloat16
# for forward and backward, and reduce the gradients in float32. The stored
# shards and the gradients the optimizer sees stay float32. Forward inputs are
# cast to ``param_dtype`` (``cast_forward_inputs=True``), so the output is
# bfloat16.


def mixed_precision():
    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard

    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (2,))
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    policy = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32)
    print(policy)
    fully_shard(model, mesh=mesh, mp_policy=policy)
    seen = []
    model[0].register_forward_hook(lambda mod, args, out: seen.append((args[0].dtype, mod.weight.dtype, out.dtype)))
    out = model(torch.randn(3, 4))  # a float32 input
    print("inside forward (input, weight, output):", seen[0], "| model output:", out.dtype)
    out.float().sum().backward()
    weight = model[0].weight
    print(f"after backward: shard {weight.dtype} {tuple(weight.to_local().shape)}, gradient {weight.grad.dtype}")
    dist.destroy_process_group()


launch(mixed_precision)

# %% example-for: distributed-tensor-parallel, torch.distributed.tensor.parallel.parallelize_module, torch.distributed.tensor.parallel.ColwiseParallel, torch.distributed.tensor.parallel.RowwiseParallel
# Tensor parallelism: a column-wise, then a row-wise ``Linear``
# -------------------------------------------------------------
#
# ``parallelize_module(model, mesh, plan)`` shards the submodules named in the
# plan. ``ColwiseParallel`` splits a ``Linear``'s output features (its weight
# on dimension 0): each rank computes half of the hidden units, from the full
# input. ``RowwiseParallel`` splits the next ``Linear``'s input features (its
# weight on dimension 1): each rank multiplies its half of the hidden units,
# and an all-reduce sums the two partial outputs. Between the two layers the
# activation stays split, with no communication. The result equals the
# unsharded MLP's (asserted). Every rank must feed the same input: with a
# different input on each rank nothing fails, but the result is wrong.


def tensor_parallel():
    import copy

    import torch
    import torch.distributed as dist
    from torch import nn
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module

    class MLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.up = nn.Linear(4, 8)
            self.down = nn.Linear(8, 4)

        def forward(self, x):
            return self.down(torch.relu(self.up(x)))

    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (2,), mesh_dim_names=("tp",))
    torch.manual_seed(0)
    mlp = MLP()
    reference = copy.deepcopy(mlp)
    assert parallelize_module(mlp, mesh, {"up": ColwiseParallel(), "down": RowwiseParallel()}) is mlp
    for name, p in mlp.named_parameters():
        print(f"{name:11} shape {tuple(p.shape)} local {tuple(p.to_local().shape)} {p.placements}")
    hidden = []
    mlp.up.register_forward_hook(lambda mod, args, out: hidden.append(tuple(out.shape)))
    torch.manual_seed(1)
    x = torch.randn(3, 4)  # the same input on both ranks
    y = mlp(x)
    assert torch.allclose(y, reference(x), atol=1e-6)
    print(f"hidden activation on this rank: {hidden[0]} of (3, 8) | output {tuple(y.shape)}, "
          "equal to the unsharded MLP's: True (asserted)")
    torch.manual_seed(2 + dist.get_rank())
    own = torch.randn(3, 4)  # a different input on each rank: no error, a wrong result
    print("each rank its own input: equal to the unsharded MLP's:", torch.allclose(mlp(own), reference(own), atol=1e-6))
    dist.destroy_process_group()


launch(tensor_parallel)
