"""
DataLoader arguments
====================

``DataLoader`` turns a dataset into batches. Its main arguments are
``batch_size``, ``shuffle``, ``sampler``, ``num_workers``, ``collate_fn``,
``pin_memory`` and ``drop_last``. This script shows the defaults, what each
of them changes, and the combinations that are refused.
"""
# also-on: cuda
# sphinx_gallery_parallel = False

import warnings

import torch
from torch.utils.data import BatchSampler, DataLoader, SequentialSampler, TensorDataset

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: data-loader-arguments, torch.utils.data.DataLoader
# The defaults, and ``batch_size``
# --------------------------------
#
# ``DataLoader(dataset)`` uses ``batch_size=1``, no shuffling (a
# ``SequentialSampler``), ``num_workers=0`` (loading in the main process) and
# ``default_collate``, which stacks the samples of a batch. The samples of
# this ``TensorDataset`` are ``(x, y)`` pairs, so each batch is a list
# ``[x_batch, y_batch]``.

x = torch.arange(20.0).reshape(10, 2)
y = torch.arange(10)
dataset = TensorDataset(x, y)

loader = DataLoader(dataset)
print("batch_size:", loader.batch_size, "| sampler:", type(loader.sampler).__name__,
      "| num_workers:", loader.num_workers, "| collate_fn:", loader.collate_fn.__name__,
      "| drop_last:", loader.drop_last, "| pin_memory:", loader.pin_memory)
print("len(loader):", len(loader), "batches of one sample")

xb, yb = next(iter(DataLoader(dataset, batch_size=4)))
print("a batch of 4:", tuple(xb.shape), yb.tolist())

# %% example-for: data-loader-arguments, torch.utils.data.DataLoader
# ``drop_last`` and the number of batches
# ---------------------------------------
#
# 10 samples in batches of 4 make two full batches and a last batch of 2:
# ``len(loader)`` is ``ceil(10 / 4) = 3``. With ``drop_last=True`` the
# incomplete last batch is dropped and ``len(loader)`` is ``10 // 4 = 2``;
# those 2 samples are not seen in that epoch.

for drop_last in (False, True):
    loader = DataLoader(dataset, batch_size=4, drop_last=drop_last)
    sizes = [len(yb) for _, yb in loader]
    print(f"drop_last={drop_last}: len(loader)={len(loader)}, batch sizes {sizes}")
assert len(DataLoader(dataset, batch_size=4)) == 3
assert len(DataLoader(dataset, batch_size=4, drop_last=True)) == 2

# %% example-for: data-loader-arguments, torch.utils.data.DataLoader
# ``shuffle=True``: a new order every epoch
# -----------------------------------------
#
# ``shuffle=True`` replaces the sequential order by a ``RandomSampler``,
# which draws a new permutation at each pass over the loader. A
# ``torch.Generator`` given as ``generator=`` makes the sequence of epochs
# reproducible.

g = torch.Generator().manual_seed(0)
loader = DataLoader(dataset, batch_size=4, shuffle=True, generator=g)
print("sampler:", type(loader.sampler).__name__)
for epoch in range(2):
    print(f"epoch {epoch}:", [yb.tolist() for _, yb in loader])

# %% example-for: data-loader-arguments, torch.utils.data.DataLoader
# ``shuffle`` and ``sampler`` are mutually exclusive
# --------------------------------------------------
#
# A ``sampler`` decides the order itself, so giving ``shuffle=True`` as well
# raises ``ValueError`` when the loader is created. ``shuffle=False`` (or
# leaving it out) with a sampler is accepted.

sampler = SequentialSampler(dataset)
try:
    DataLoader(dataset, batch_size=4, shuffle=True, sampler=sampler)
except ValueError as err:
    print(f"ValueError: {err}")
loader = DataLoader(dataset, batch_size=4, shuffle=False, sampler=sampler)
print("shuffle=False with a sampler:", [yb.tolist() for _, yb in loader])

# %% example-for: torch.utils.data.DataLoader
# Other combinations that are refused
# -----------------------------------
#
# A ``batch_sampler`` (yielding lists of indices) replaces ``batch_size``,
# ``shuffle``, ``sampler`` and ``drop_last``, so giving one of them a
# non-default value as well is an error. ``persistent_workers=True`` and
# ``prefetch_factor`` only make sense with worker processes, and a negative
# ``num_workers`` is refused. All of these raise ``ValueError`` when the
# loader is created.

batches_of_3 = BatchSampler(SequentialSampler(dataset), batch_size=3, drop_last=False)
print("batch_sampler alone:", [yb.tolist() for _, yb in DataLoader(dataset, batch_sampler=batches_of_3)])
for kwargs in ({"batch_sampler": batches_of_3, "batch_size": 4}, {"persistent_workers": True},
               {"prefetch_factor": 2}, {"num_workers": -1}):
    try:
        DataLoader(dataset, **kwargs)
    except ValueError as err:
        print(f"{list(kwargs)}: ValueError: {err}")

# %% example-for: data-loader-arguments, torch.utils.data.DataLoader
# ``num_workers``: the same batches, loaded by other processes
# ------------------------------------------------------------
#
# With ``num_workers=2`` two worker processes call the dataset and collate
# the batches; the loader still returns them in the sampler's order
# (``in_order=True`` by default), so the batches are identical to those
# loaded in the main process. What is *not* shared with the workers is
# shown in the example script on worker processes.

in_main = [yb.tolist() for _, yb in DataLoader(dataset, batch_size=4)]
in_workers = [yb.tolist() for _, yb in DataLoader(dataset, batch_size=4, num_workers=2)]
print("num_workers=0:", in_main)
print("num_workers=2:", in_workers)
assert in_main == in_workers

# %% example-for: data-loader-arguments, torch.utils.data.DataLoader
# ``pin_memory=True`` on a machine without an accelerator
# -------------------------------------------------------
#
# Pinned (page-locked) memory speeds up copies from the CPU to a GPU. When
# ``torch.accelerator.is_available()`` is ``False``, as on this CPU-only
# build, the loader is created without complaint; each time it is iterated
# it emits a ``UserWarning``, ignores the option, and returns ordinary
# (unpinned) tensors. Nothing else changes.

print("accelerator available:", torch.accelerator.is_available())
with warnings.catch_warnings(record=True) as at_creation:
    warnings.simplefilter("always")
    loader = DataLoader(dataset, batch_size=4, pin_memory=True)
print("warnings when the loader is created:", len(at_creation))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    for epoch in range(2):
        xb, yb = next(iter(loader))
print("warnings in two passes over the loader:", len(caught))
for w in caught[:1]:
    print(f"{w.category.__name__}: {w.message}")
print("batch is pinned:", xb.is_pinned(), "| values as without pin_memory:",
      torch.equal(xb, next(iter(DataLoader(dataset, batch_size=4)))[0]))
if not torch.accelerator.is_available():
    assert not at_creation and len(caught) == 2 and not xb.is_pinned()
    assert all(issubclass(w.category, UserWarning) for w in caught)
with warnings.catch_warnings(record=True) as kept_caught:
    warnings.simplefilter("always")
    kept = DataLoader(dataset, batch_size=4, pin_memory=True, num_workers=2, persistent_workers=True)
    for epoch in range(2):
        list(kept)
    del kept
with warnings.catch_warnings(record=True) as default_caught:
    warnings.simplefilter("default")
    for epoch in range(2):
        list(loader)
if not torch.accelerator.is_available():
    assert len(kept_caught) == 1 and len(default_caught) == 1

# %% example-for: data-loader-arguments, torch.utils.data.DataLoader
# ``collate_fn``: how a list of samples becomes a batch
# -----------------------------------------------------
#
# The loader fetches ``batch_size`` samples and calls ``collate_fn`` on the
# list of them. Here a custom ``collate_fn`` returns a dictionary and
# counts the labels instead of stacking them. ``default_collate`` and a
# padding ``collate_fn`` are shown in the example script on collating.


def to_dict(samples):
    return {"x": torch.stack([s[0] for s in samples]), "n_odd": sum(int(s[1]) % 2 for s in samples)}


batch = next(iter(DataLoader(dataset, batch_size=4, collate_fn=to_dict)))
print("keys:", list(batch), "| x:", tuple(batch["x"].shape), "| n_odd:", batch["n_odd"])
