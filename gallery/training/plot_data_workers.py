"""
Worker processes: splitting a stream, and state that silently diverges
======================================================================

With ``num_workers > 0`` a ``DataLoader`` starts worker processes, and each
worker works on its **own copy** of the dataset. For a map-style dataset the
loader sends each worker the indices of whole batches, in turn. An iterable
dataset has no indices: every worker runs the whole ``__iter__`` unless the
dataset splits the stream itself with ``get_worker_info()``. And any
attribute that ``__getitem__`` changes is changed in the worker's copy only.
The examples below start two real worker processes each time.
"""
# sphinx_gallery_parallel = False

import os
import re
import subprocess
import sys
import tempfile

import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, get_worker_info

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: data-iterable-workers, torch.utils.data.IterableDataset
# Without splitting, every worker yields every item
# -------------------------------------------------
#
# ``Numbers(6)`` yields 0 to 5. With ``num_workers=2`` both workers run the
# same ``__iter__`` from the start, so the loader delivers each item twice.
# No error and no warning says so.


class Numbers(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        yield from range(self.n)


items = list(DataLoader(Numbers(6), batch_size=None, num_workers=2))
print("num_workers=0:", list(DataLoader(Numbers(6), batch_size=None)))
print("num_workers=2:", items)
print("delivered:", len(items), "items for a stream of 6")
assert sorted(items) == sorted(list(range(6)) * 2)

# %% example-for: data-iterable-workers, torch.utils.data.IterableDataset, torch.utils.data.get_worker_info
# Splitting the stream with ``get_worker_info()``
# -----------------------------------------------
#
# In a worker process, ``get_worker_info()`` returns the worker's ``id``
# (0, 1, ...) and ``num_workers``; in the main process it returns ``None``.
# Here worker ``k`` keeps every ``num_workers``-th item starting at ``k``:
# worker 0 yields 0, 2, 4, 6 and worker 1 yields 1, 3, 5. Each worker makes
# its own batches of 2, and the loader takes one batch from each worker in
# turn. So a batch holds items of one worker only, and the stream's order is
# not kept across batches.


class SplitNumbers(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        info = get_worker_info()
        if info is None:  # num_workers=0: the main process reads everything
            first, step = 0, 1
        else:
            first, step = info.id, info.num_workers
        for i in range(first, self.n, step):
            yield {"value": i, "worker": -1 if info is None else info.id}


print("get_worker_info() in the main process:", get_worker_info())
for batch in DataLoader(SplitNumbers(7), batch_size=2, num_workers=2):
    print("values", batch["value"].tolist(), "from worker", batch["worker"].tolist())
values = [v for b in DataLoader(SplitNumbers(7), batch_size=2, num_workers=2) for v in b["value"].tolist()]
assert sorted(values) == list(range(7))

# %% example-for: data-worker-state
# A counter changed in ``__getitem__`` stays 0 in the main process
# ----------------------------------------------------------------
#
# ``CountingDataset`` counts its calls in ``self.calls`` and returns, with
# each sample, the id of the worker that loaded it and the count that worker
# had reached. The loader gives the batches to the workers in turn: batches
# 0 and 2 to worker 0, batches 1 and 3 to worker 1. Each worker counts only
# its own calls (1 to 4), and ``ds.calls`` in the main process is still 0
# after the epoch: the workers changed their copies, never the original.
# At the next epoch the loader starts new workers, copied from the main
# process again, so the counts start over. With ``persistent_workers=True``
# the loader keeps its workers from one epoch to the next, so their
# counters go on (5 to 8 in the second epoch), still in the workers only. With ``num_workers=0`` ``__getitem__`` runs in the main process,
# and the same code counts all 8 calls. Nothing raises: the result is just
# silently different. Keep a dataset read-only, or return what you need to
# count with the samples and add it up in the main process.


class CountingDataset(Dataset):
    def __init__(self):
        self.data = list(range(8))
        self.calls = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        self.calls += 1
        info = get_worker_info()
        worker = -1 if info is None else info.id
        return {"index": index, "worker": worker, "calls": self.calls}


ds = CountingDataset()
for epoch in range(2):
    for batch in DataLoader(ds, batch_size=2, num_workers=2):
        print(f"epoch {epoch}: indices {batch['index'].tolist()} worker {batch['worker'].tolist()}"
              f" worker's count {batch['calls'].tolist()}")
    print(f"after epoch {epoch}: ds.calls in the main process = {ds.calls}")
workers = [b["worker"].tolist() for b in DataLoader(ds, batch_size=2, num_workers=2)]
assert workers == [[0, 0], [1, 1], [0, 0], [1, 1]]  # batch i from worker i % 2
assert ds.calls == 0

kept = DataLoader(ds, batch_size=2, num_workers=2, persistent_workers=True)
for epoch in range(2):
    counts = [b["calls"].tolist() for b in kept]
    print(f"persistent_workers=True, epoch {epoch}: worker's counts {counts}")
assert counts == [[5, 6], [5, 6], [7, 8], [7, 8]] and ds.calls == 0
del kept  # shuts its workers down

for batch in DataLoader(ds, batch_size=2, num_workers=0):
    pass
print("num_workers=0: ds.calls =", ds.calls, "| last batch:", batch["worker"].tolist(), batch["calls"].tolist())
assert ds.calls == 8

# %% example-for: data-worker-state
# A cache filled in ``__getitem__`` is filled in the workers only
# ---------------------------------------------------------------
#
# The same happens to a cache: each worker fills its own dictionary with
# the samples it loaded, and the dictionary of the main process stays empty.
# A second epoch gets new workers with empty caches, so nothing is reused.


class CachedSquares(Dataset):
    def __init__(self, n):
        self.n = n
        self.cache = {}

    def __len__(self):
        return self.n

    def __getitem__(self, index):
        hit = index in self.cache
        if not hit:
            self.cache[index] = index**2  # stands for an expensive computation
        return {"value": self.cache[index], "cache_size": len(self.cache), "hit": hit}


cached = CachedSquares(6)
for epoch in range(2):
    batches = list(DataLoader(cached, batch_size=3, num_workers=2))
    print(f"epoch {epoch}: cache hits {[b['hit'].tolist() for b in batches]}"
          f" | worker cache sizes {[b['cache_size'].tolist() for b in batches]}")
print("cache in the main process:", cached.cache)
assert cached.cache == {}

# %% example-for: data-worker-main-guard
# Workers started by ``spawn`` or ``forkserver`` need the ``__main__`` guard
# --------------------------------------------------------------------------
#
# With the ``spawn`` and ``forkserver`` start methods a worker process does
# not copy the main process: it starts a new interpreter and imports the
# main script again. A script that builds and iterates a loader at top level
# then starts workers again while importing, and fails. The cell writes two
# small scripts, runs each in its own Python process with
# ``multiprocessing_context`` set, and prints the key lines of what they
# wrote. ``spawn`` is the default on Windows and macOS, ``forkserver`` the
# default on Linux from Python 3.14; the first line printed is this
# runner's default. The worker's pid changes from run to run, so it is
# replaced by ``<pid>``.

script = """
import torch
from torch.utils.data import DataLoader, TensorDataset

def main():
    loader = DataLoader(TensorDataset(torch.arange(4.0)), batch_size=2, num_workers=1,
                        multiprocessing_context=CONTEXT)
    print([batch[0].tolist() for batch in loader])
"""
unguarded = script + "\nmain()\n"
guarded = script + '\nif __name__ == "__main__":\n    main()\n'
print("start method on this runner:", torch.multiprocessing.get_start_method())
with tempfile.TemporaryDirectory() as tmp:
    for name, body, context in (("without the guard", unguarded, "spawn"),
                                ("without the guard", unguarded, "forkserver"),
                                ("with the guard", guarded, "spawn")):
        path = os.path.join(tmp, "train.py")
        with open(path, "w") as f:
            f.write(body.replace("CONTEXT", repr(context)))
        run = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=300)
        print(f"{name}, {context}: exit code {run.returncode}")
        if run.stdout:
            print("  printed:", run.stdout.strip())
        in_worker = re.search(r"RuntimeError:\s*(An attempt.*?phase\.)", run.stderr, re.S)
        if in_worker:
            print("  in the worker: RuntimeError:", " ".join(in_worker.group(1).split()))
        errors = [line for line in run.stderr.splitlines() if line.startswith("RuntimeError: ")]
        if errors:
            print("  in the main process:", re.sub(r"(pid(?:\(s\))?) \d+", r"\1 <pid>", errors[-1]))
        assert (run.returncode == 0) == (body is guarded)

