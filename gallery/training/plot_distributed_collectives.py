"""
Collectives: who holds what before and after
============================================

A collective is one call that every rank of a process group makes together:
``all_reduce``, ``broadcast``, ``reduce``, ``all_gather``,
``reduce_scatter`` and their relatives move and combine the ranks' tensors.
``send`` / ``recv`` pass a tensor between two ranks. Each example starts two
real processes on the CPU with the gloo backend; the figure is drawn from the
values the ranks printed.
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
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt


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


# %% example-for: distributed-collectives, torch.distributed.all_reduce, torch.distributed.broadcast, torch.distributed.reduce, torch.distributed.all_gather
# Five collectives, before and after
# ----------------------------------
#
# A **collective** is a call that every rank of the group makes, with tensors of
# the same shape and dtype. Rank 0 starts with ``[1, 2]`` and rank 1 with
# ``[10, 20]`` (``reduce_scatter`` gets four values per rank). ``all_reduce``
# replaces the tensor **in place** on every rank with the sum; ``broadcast``
# copies rank ``src``'s tensor to every rank; ``reduce`` sums into rank
# ``dst`` only; ``all_gather`` fills a list of ``world_size`` tensors on every
# rank; ``reduce_scatter`` sums, then leaves one slice of the sum on each rank.
# They write into the tensors they are given (``all_reduce`` returns ``None``,
# asserted). The ranks pass tensors of matching sizes: a list of the wrong size
# for ``all_gather`` raises ``RuntimeError``.


def collectives():
    import torch
    import torch.distributed as dist

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()

    def show(name, before, after):
        print(f"{name:14} before {before.tolist()!s:24} after {after.tolist()}")

    x = torch.tensor([1.0, 2.0]) * 10**rank
    before = x.clone()
    result = dist.all_reduce(x)  # op=ReduceOp.SUM by default, in place
    show("all_reduce", before, x)
    assert result is None and torch.equal(x, torch.tensor([11.0, 22.0]))

    x = before.clone()
    dist.broadcast(x, src=0)
    show("broadcast", before, x)

    x = before.clone()
    dist.reduce(x, dst=0)
    show("reduce", before, x)

    gathered = [torch.empty(2) for _ in range(world)]
    dist.all_gather(gathered, before)
    show("all_gather", before, torch.stack(gathered))

    chunks = torch.tensor([1.0, 2.0, 3.0, 4.0]) * 10**rank
    out = torch.empty(2)
    dist.reduce_scatter(out, list(chunks.chunk(world)))  # slice i of the sum goes to rank i
    show("reduce_scatter", chunks, out)

    try:
        dist.all_gather([torch.empty(3) for _ in range(world)], before)  # 3 elements where 2 are sent
    except RuntimeError as err:
        print(f"all_gather into tensors of the wrong size: RuntimeError: {err}")
    dist.destroy_process_group()


per_rank = launch(collectives, collect=True)

# %% example-for: distributed-collectives
# The same values as a picture
# ----------------------------
#
# The figure is drawn from the lines the two ranks printed above: one panel per
# collective, a row per rank, what the rank held before (left) and after
# (right).

held = {}  # collective -> [(before, after) for each rank]
for lines in per_rank:
    for line in (line for line in lines if " before " in line):
        name, rest = line.split(maxsplit=1)
        before, after = rest.removeprefix("before ").split(" after ")
        held.setdefault(name, []).append((json.loads(before), json.loads(after)))

def cell_text(values):
    """One row per tensor (all_gather) or per slice of two (reduce_scatter's input)."""
    rows = values if isinstance(values[0], list) else [values[i:i + 2] for i in range(0, len(values), 2)]
    return "\n".join("[" + ", ".join(f"{v:g}" for v in row) + "]" for row in rows)


fig, axes = plt.subplots(1, len(held), figsize=(12, 2.8))
colours = ["#9ecae1", "#fdae6b"]  # rank 0, rank 1
for ax, (name, ranks) in zip(axes, held.items()):
    for rank, (before, after) in enumerate(ranks):
        y = len(ranks) - 1 - rank
        for x, values, colour in ((0, before, colours[rank]), (1.4, after, "#e0e0e0")):
            ax.add_patch(plt.Rectangle((x, y + 0.08), 1.1, 0.84, color=colour))
            ax.text(x + 0.55, y + 0.5, cell_text(values), ha="center", va="center", fontsize=8)
        ax.annotate("", xy=(1.38, y + 0.5), xytext=(1.12, y + 0.5), arrowprops={"arrowstyle": "->"})
        ax.text(-0.08, y + 0.5, f"rank {rank}", ha="right", va="center", fontsize=8)
    ax.set_title(name, fontsize=9)
    ax.set_xlim(-0.75, 2.55)
    ax.set_ylim(0, len(ranks))
    ax.axis("off")
fig.suptitle("what each rank held before (colour) and after (grey), as the ranks printed it", fontsize=9)
fig.tight_layout()
plt.show()

# %% example-for: torch.distributed.ReduceOp, torch.distributed.all_reduce
# ``ReduceOp``: how values are combined
# -------------------------------------
#
# ``op=`` chooses the reduction: ``SUM`` (the default), ``PRODUCT``, ``MIN``,
# ``MAX``, ``AVG``, and the bitwise ``BAND`` / ``BOR`` / ``BXOR``, which need
# integer tensors. The gloo backend of torch 2.13 accepts ``AVG``, which equals
# ``SUM`` divided by the world size (asserted).


def reduce_ops():
    import torch
    import torch.distributed as dist

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    results = {}
    for op in (dist.ReduceOp.SUM, dist.ReduceOp.PRODUCT, dist.ReduceOp.MIN, dist.ReduceOp.MAX, dist.ReduceOp.AVG):
        x = torch.tensor([1.0, 2.0]) * 10**rank
        dist.all_reduce(x, op=op)
        results[op] = x
        print(f"{op!r:22} {x.tolist()}")
    assert torch.equal(results[dist.ReduceOp.AVG], results[dist.ReduceOp.SUM] / dist.get_world_size())
    try:
        dist.all_reduce(torch.tensor([1.0]), op=dist.ReduceOp.BAND)
    except RuntimeError as err:
        print(f"BAND on float32: RuntimeError: {err}")
    bits = torch.tensor([0b0110]) if rank == 0 else torch.tensor([0b0011])
    dist.all_reduce(bits, op=dist.ReduceOp.BAND)
    print("BAND of 0b0110 and 0b0011:", bin(bits.item()))
    dist.destroy_process_group()


launch(reduce_ops)

# %% example-for: torch.distributed.all_gather_into_tensor, torch.distributed.reduce_scatter_tensor
# One output tensor instead of a list; deprecated names in 2.13
# -------------------------------------------------------------
#
# ``all_gather_into_tensor`` writes what ``all_gather`` puts in a list into
# one tensor, the ranks' tensors one after the other along dimension 0;
# ``reduce_scatter_tensor`` takes one input tensor, split along dimension 0
# into ``world_size`` equal slices. Both still work in torch 2.13 but emit a
# ``FutureWarning``: their new names are ``all_gather_single`` and
# ``reduce_scatter_single``, which give the same results (asserted).


def single_tensor_forms():
    import warnings

    import torch
    import torch.distributed as dist

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    x = torch.tensor([1.0, 2.0]) * 10**rank
    gathered = torch.empty(2 * world)
    chunks = torch.tensor([1.0, 2.0, 3.0, 4.0]) * 10**rank
    mine = torch.empty(2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dist.all_gather_into_tensor(gathered, x)
        dist.reduce_scatter_tensor(mine, chunks)
    print("all_gather_into_tensor:", gathered.tolist(), "| reduce_scatter_tensor:", mine.tolist())
    for warning in caught:
        print(f"{warning.category.__name__}: {warning.message}")

    gathered_new, mine_new = torch.empty(2 * world), torch.empty(2)
    dist.all_gather_single(gathered_new, x)
    dist.reduce_scatter_single(mine_new, chunks)
    assert torch.equal(gathered_new, gathered) and torch.equal(mine_new, mine)
    dist.destroy_process_group()


launch(single_tensor_forms)

# %% example-for: torch.distributed.all_gather_object, torch.distributed.broadcast_object_list
# Python objects: ``all_gather_object`` and ``broadcast_object_list``
# -------------------------------------------------------------------
#
# The ``_object`` collectives pickle any picklable Python object (a dict, a
# string, a tensor inside), send the bytes, and unpickle them on the other
# side. ``all_gather_object`` fills a list that already has ``world_size``
# entries; ``broadcast_object_list`` overwrites the list's items on every rank
# with rank ``src``'s items, in place. An object pickle cannot handle fails
# before anything is sent.


def object_collectives():
    import torch.distributed as dist

    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    stats = [None] * world
    dist.all_gather_object(stats, {"rank": rank, "samples": 100 + rank})
    print("all_gather_object:", stats)
    config = [{"lr": 0.1, "run": "a"}, "checkpoint-7"] if rank == 0 else [None, None]
    dist.broadcast_object_list(config, src=0)
    print("broadcast_object_list:", config)
    try:
        dist.all_gather_object([None], rank)
    except IndexError as err:
        print(f"a list of 1 for a world of 2: IndexError: {err}")
    try:
        dist.all_gather_object(stats, lambda: rank)
    except AttributeError as err:
        print(f"a lambda: AttributeError: {err}")
    dist.destroy_process_group()


launch(object_collectives)

# %% example-for: torch.distributed.send, torch.distributed.recv
# Point to point: ``send`` and ``recv``
# -------------------------------------
#
# ``send(tensor, dst)`` blocks until rank ``dst`` has called the matching
# ``recv``, which fills a tensor the receiver allocated beforehand with the
# same number of elements and dtype. ``recv`` returns the sender's rank; with
# ``src=None`` it takes a message from any rank. Here rank 1 sends the value
# back doubled.


def ping_pong():
    import torch
    import torch.distributed as dist

    dist.init_process_group("gloo")
    if dist.get_rank() == 0:
        dist.send(torch.tensor([1.0, 2.0, 3.0]), dst=1)
        reply = torch.empty(3)
        sender = dist.recv(reply)  # src=None: from any rank
        print(f"received {reply.tolist()} from rank {sender}")
    else:
        buffer = torch.zeros(3)
        sender = dist.recv(buffer, src=0)
        print(f"received {buffer.tolist()} from rank {sender}")
        dist.send(buffer * 2, dst=0)
    dist.destroy_process_group()


launch(ping_pong)
