"""
Process groups: ranks, launchers and the first collective
=========================================================

A distributed job is several processes that run the same program. Each one
joins a **process group** and learns its **rank** (0, 1, ...) and the
**world size**; a **backend** moves the data between them: gloo on CPUs,
NCCL between NVIDIA GPUs. Every example below really starts two processes
(four for the subgroups) on the CPU with the gloo backend, and prints what
each rank printed, rank 0 first.
"""
# also-on: cuda

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


# %% example-for: distributed-process-group, torch.distributed.init_process_group, torch.distributed.get_rank, torch.distributed.get_world_size, torch.distributed.get_backend, torch.distributed.is_initialized, torch.distributed.destroy_process_group
# Joining the process group
# -------------------------
#
# ``torchrun`` starts the processes and gives each one environment variables:
# ``RANK`` (its place in the whole job), ``LOCAL_RANK`` (its place on this
# machine: the GPU index in a GPU job), ``WORLD_SIZE``, and ``MASTER_ADDR`` /
# ``MASTER_PORT``, the address of the key-value store through which the ranks
# find each other (the port is chosen afresh on every run, so it is not
# printed). ``init_process_group`` reads them (``init_method="env://"`` is the
# default). Before it, ``get_rank`` and ``get_world_size`` raise ``ValueError``;
# after ``destroy_process_group``, ``is_initialized()`` is ``False`` again.


def process_group():
    import os

    import torch.distributed as dist

    print(" ".join(f"{name}={os.environ[name]}" for name in ("RANK", "LOCAL_RANK", "WORLD_SIZE", "MASTER_ADDR")),
          "| MASTER_PORT set:", "MASTER_PORT" in os.environ)
    print("is_initialized():", dist.is_initialized())
    for query in (dist.get_rank, dist.get_world_size):
        try:
            query()
        except ValueError as err:
            print(f"{query.__name__}() before init_process_group: ValueError: {err}")

    dist.init_process_group(backend="gloo")  # init_method="env://": the variables above
    print(f"get_rank()={dist.get_rank()} get_world_size()={dist.get_world_size()} "
          f"get_backend()={dist.get_backend()!r} is_initialized()={dist.is_initialized()}")
    dist.barrier()  # no rank leaves before every rank has finished joining
    dist.destroy_process_group()
    print("after destroy_process_group(): is_initialized() =", dist.is_initialized())


launch(process_group)

# %% example-for: distributed-rendezvous, torch.distributed.init_process_group
# The rendezvous: what ``env://`` needs
# -------------------------------------
#
# Without ``RANK`` in the environment (a script started with plain ``python``),
# the ``env://`` rendezvous fails and names the missing variable. The values
# can also be passed as arguments; ``init_method`` can then point at the store
# itself (``"tcp://127.0.0.1:29500"``). A process joins the default group
# once: a second ``init_process_group`` raises ``ValueError``.


def rendezvous():
    import os

    import torch.distributed as dist

    rank, world_size = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    del os.environ["RANK"]  # as if this process had not been started by torchrun
    try:
        dist.init_process_group("gloo")
    except ValueError as err:
        print(f"ValueError: {err}")

    dist.init_process_group("gloo", init_method="env://", rank=rank, world_size=world_size)
    print("joined as rank", dist.get_rank(), "of", dist.get_world_size())
    try:
        dist.init_process_group("gloo", rank=rank, world_size=world_size)
    except ValueError as err:
        print(f"second init_process_group: ValueError: {err}")
    dist.barrier()
    dist.destroy_process_group()


launch(rendezvous)

# %% example-for: distributed-backends, torch.distributed.is_available, torch.distributed.is_nccl_available
# Which backends this build has
# -----------------------------
#
# ``is_available()`` says whether this torch build has ``torch.distributed`` at
# all; ``is_nccl_available()`` whether it has NCCL, the backend for NVIDIA GPUs.
# A CPU build has gloo but no NCCL, and asking for ``"nccl"`` raises
# ``RuntimeError``. Without a backend argument, ``init_process_group`` takes
# one backend per device type: ``get_backend()`` then answers ``'undefined'``
# and ``get_backend_config()`` lists the pairs.


def backends():
    import torch
    import torch.distributed as dist

    print("is_available():", dist.is_available(), "| is_gloo_available():", dist.is_gloo_available(),
          "| is_nccl_available():", dist.is_nccl_available(), "| cuda:", torch.cuda.is_available())
    if not dist.is_nccl_available():
        try:
            dist.init_process_group("nccl")
        except RuntimeError as err:
            print(f"init_process_group('nccl'): RuntimeError: {err}")
    dist.init_process_group()  # no backend given
    print(f"get_backend()={dist.get_backend()!r} get_backend_config()={dist.get_backend_config()!r}")
    dist.barrier()
    dist.destroy_process_group()


launch(backends)

# %% example-for: distributed-process-group, torch.distributed.new_group
# Subgroups with ``new_group``
# ----------------------------
#
# Four ranks this time. ``new_group(ranks)`` makes a group of some of them; a
# collective given ``group=`` involves only its members, and ranks are
# renumbered inside it. Every rank calls ``new_group`` for every group, in the
# same order, members or not (unless ``use_local_synchronization=True``): a rank outside the group gets a placeholder, and
# ``get_rank(group)`` returns -1 there.


def subgroups():
    import torch
    import torch.distributed as dist

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    low, high = dist.new_group(ranks=[0, 1]), dist.new_group(ranks=[2, 3])
    mine = low if rank < 2 else high
    x = torch.tensor([float(rank)])
    dist.all_reduce(x, group=mine)  # the sum over my group only
    y = torch.tensor([float(rank)])
    dist.all_reduce(y)  # group=None: the default group, all four ranks
    other = high if rank < 2 else low
    print(f"rank in low: {dist.get_rank(low):2} | in high: {dist.get_rank(high):2} | "
          f"size of mine: {dist.get_world_size(mine)} | sum in mine: {x.item()} | sum in world: {y.item()}")
    print("the group I am not in is the placeholder GroupMember.NON_GROUP_MEMBER:",
          other == dist.GroupMember.NON_GROUP_MEMBER)
    dist.destroy_process_group()


launch(subgroups, nprocs=4)

# %% example-for: torch.distributed.barrier
# ``barrier``: wait until every rank gets there
# ---------------------------------------------
#
# ``barrier()`` returns on a rank only once every rank of the group has called
# it. The classic use: rank 0 prepares something (downloads a data set, writes
# a file), and the others must not read it before it is complete. Rank 1 reads
# rank 0's file after the barrier.


def wait_for_rank0():
    from pathlib import Path

    import torch.distributed as dist

    dist.init_process_group("gloo")
    shared = Path("prepared.txt")  # the ranks share the job's working directory
    if dist.get_rank() == 0:
        shared.write_text("prepared by rank 0")
    dist.barrier()
    print("after the barrier, the file says:", shared.read_text())
    dist.destroy_process_group()


launch(wait_for_rank0)

# %% example-for: distributed-spawn, torch.multiprocessing.spawn
# Without torchrun: ``torch.multiprocessing.spawn``
# -------------------------------------------------
#
# ``spawn(fn, args, nprocs)`` starts ``nprocs`` fresh Python processes and
# calls ``fn(i, *args)`` in process ``i``; it returns once all have finished.
# No launcher sets environment variables, so each process passes its rank,
# the world size and a rendezvous address to ``init_process_group`` itself.
# ``fn`` is pickled by name, so it must be importable: a lambda or a nested
# function fails before any process starts. An exception in one process is
# raised again in the parent as ``ProcessRaisedException``, with the child's
# traceback. Here ``launch`` runs ``main`` once, with plain ``python``.


def run(rank, world_size, port):
    import torch
    import torch.distributed as dist

    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world_size)
    x = torch.tensor([rank + 1.0])
    dist.all_reduce(x)
    for turn in range(world_size):  # the processes share one stdout: print one after the other
        if turn == rank:
            print(f"[process {rank}] all_reduce gives {x.item()}", flush=True)
        dist.barrier()
    dist.destroy_process_group()


def fail(rank):
    if rank == 1:
        raise ValueError(f"process {rank} failed")


def main():
    import socket

    import torch.multiprocessing as mp

    with socket.socket() as sock:  # a free port on this machine, for the rendezvous
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    print("spawn returned", mp.spawn(run, args=(2, port), nprocs=2))
    try:
        mp.spawn(lambda rank: None, nprocs=2)
    except AttributeError as err:
        print(f"AttributeError: {err}")
    try:
        mp.spawn(fail, nprocs=2)
    except mp.ProcessRaisedException as err:
        print(f"{type(err).__name__}: {str(err).strip().splitlines()[0]}")
        print("  its last line:", str(err).strip().splitlines()[-1])


launch(run, fail, main, nprocs=None)
