"""
Batches of indices, subsets and concatenated datasets
=====================================================

Three building blocks of ``torch.utils.data`` that rearrange indices rather
than data: ``BatchSampler`` groups a sampler's indices into batches,
``Subset`` exposes chosen indices of a dataset, and ``ConcatDataset``
chains datasets end to end. None of them copies a sample.
"""

import torch
from torch.utils.data import (BatchSampler, ConcatDataset, DataLoader, RandomSampler, SequentialSampler, Subset,
                              TensorDataset)

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.utils.data.BatchSampler
# ``BatchSampler``: lists of indices
# ----------------------------------
#
# It takes any sampler (or iterable of indices) and yields lists of
# ``batch_size`` indices; ``drop_last=True`` drops a short last batch.
# A ``DataLoader`` builds one itself from ``batch_size``, ``shuffle`` and
# ``drop_last``; passing your own as ``batch_sampler=`` replaces those
# three arguments, and giving it with a ``batch_size`` other than 1,
# ``shuffle=True``, a ``sampler`` or ``drop_last=True`` is an error.

print("drop_last=False:", list(BatchSampler(range(10), batch_size=4, drop_last=False)))
print("drop_last=True :", list(BatchSampler(range(10), batch_size=4, drop_last=True)))

dataset = TensorDataset(torch.arange(10.0))
loader = DataLoader(dataset, batch_sampler=BatchSampler(SequentialSampler(dataset), batch_size=3, drop_last=False))
print("batches:", [batch[0].tolist() for batch in loader])
print("DataLoader(batch_size=3) made:", type(DataLoader(dataset, batch_size=3).batch_sampler).__name__)
try:
    DataLoader(dataset, batch_size=2, batch_sampler=BatchSampler(SequentialSampler(dataset), 3, False))
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.utils.data.BatchSampler
# Whole batches from one indexing call
# ------------------------------------
#
# With ``batch_size=None`` the loader does no batching of its own; used as
# its ``sampler``, a ``BatchSampler`` then hands the whole list of indices
# to ``dataset[indices]`` in one call. A ``TensorDataset`` indexes its
# tensors with that list directly, one gather per batch instead of one
# ``__getitem__`` per sample.

shuffled = RandomSampler(dataset, generator=torch.Generator().manual_seed(0))
loader = DataLoader(dataset, sampler=BatchSampler(shuffled, batch_size=4, drop_last=False), batch_size=None)
for (values,) in loader:
    print(values)

# %% example-for: torch.utils.data.Subset
# ``Subset``: a view by indices
# -----------------------------
#
# ``Subset(dataset, indices)`` keeps a reference to the dataset and the
# list of indices, in the given order, repeats allowed. It copies nothing:
# a change in the dataset shows through the subset. ``random_split``
# returns ``Subset`` objects.

base = TensorDataset(torch.arange(10.0) * 10)
subset = Subset(base, [7, 2, 2])
print("len:", len(subset), "| items:", [subset[i][0].item() for i in range(len(subset))])
print("subset.dataset is base:", subset.dataset is base, "| indices:", subset.indices)
base.tensors[0][7] = -1.0
print("after changing base[7]:", subset[0][0].item())
try:
    subset[3]
except IndexError as err:
    print(f"IndexError: {err}")

# %% example-for: torch.utils.data.ConcatDataset
# ``ConcatDataset``: datasets end to end
# --------------------------------------
#
# Index ``i`` is looked up in ``cumulative_sizes`` (the running totals of
# the lengths) to find the dataset it falls in. ``a + b`` on two datasets
# builds the same thing. Shuffling happens in the sampler, so a shuffled
# loader mixes samples of both.

first = TensorDataset(torch.arange(3))
second = TensorDataset(torch.arange(100, 105))
both = ConcatDataset([first, second])
print("len:", len(both), "| cumulative_sizes:", both.cumulative_sizes)
print("both[2], both[3], both[-1]:", both[2][0].item(), both[3][0].item(), both[-1][0].item())
print("first + second:", type(first + second).__name__)
shuffled = DataLoader(both, batch_size=8, shuffle=True, generator=torch.Generator().manual_seed(0))
print("one shuffled batch:", next(iter(shuffled))[0].tolist())
try:
    ConcatDataset([])
except AssertionError as err:
    print(f"AssertionError: {err}")
