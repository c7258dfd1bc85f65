"""
Samplers and random_split
=========================

A sampler decides which indices a ``DataLoader`` asks the dataset for, and
in which order. Every index sequence below is printed as the sampler really
produced it, with a seeded ``torch.Generator`` so that it is the same at
every build.
"""

from collections import Counter

import torch
from torch.utils.data import (DataLoader, RandomSampler, Sampler, SequentialSampler,
                              WeightedRandomSampler, random_split)

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

data = list(range(10, 16))  # six samples; a list works as a map-style dataset

# %% example-for: torch.utils.data.SequentialSampler
# ``SequentialSampler``: 0, 1, 2, ...
# -----------------------------------
#
# It yields ``0`` to ``len(data_source) - 1`` in order, the same at every
# pass. It is what a ``DataLoader`` uses when neither ``shuffle`` nor
# ``sampler`` is given.

seq = SequentialSampler(data)
print("indices:", list(seq), "| len:", len(seq))
print("DataLoader's default:", type(DataLoader(data).sampler).__name__)
print("batches:", [b.tolist() for b in DataLoader(data, batch_size=4, sampler=seq)])

# %% example-for: torch.utils.data.RandomSampler
# ``RandomSampler``: a permutation per pass, or draws with replacement
# --------------------------------------------------------------------
#
# Without replacement, each pass over the sampler is a new permutation of
# all indices, taken from ``generator``: two passes differ, and a generator
# seeded the same way repeats the same sequence of passes. Without a
# ``generator`` it draws a seed from the global random generator at each
# pass, so ``torch.manual_seed`` makes it reproducible too. With
# ``replacement=True`` the indices are independent draws (repeats possible)
# and ``num_samples`` sets how many.

g = torch.Generator().manual_seed(0)
perm = RandomSampler(data, generator=g)
print("pass 1:", list(perm))
print("pass 2:", list(perm))
print("again with seed 0:", list(RandomSampler(data, generator=torch.Generator().manual_seed(0))))
draws = list(RandomSampler(data, replacement=True, num_samples=10, generator=torch.Generator().manual_seed(0)))
print("replacement=True, num_samples=10:", draws)
torch.manual_seed(1)
first = list(RandomSampler(data))
torch.manual_seed(1)
print("no generator, after torch.manual_seed(1) twice:", first, list(RandomSampler(data)))
print("DataLoader(shuffle=True) uses:", type(DataLoader(data, shuffle=True).sampler).__name__)
assert sorted(list(perm)) == list(range(6))

# %% example-for: torch.utils.data.WeightedRandomSampler
# ``WeightedRandomSampler``: draws in proportion to weights
# ---------------------------------------------------------
#
# Index ``i`` is drawn with probability ``weights[i] / sum(weights)``; the
# weights need not sum to 1. ``num_samples`` has no default. With the
# default ``replacement=True`` an index can come again and again: a common
# way to oversample a rare class is to give each sample the weight
# ``1 / (size of its class)``. Here classes 0 and 1 are equally likely
# although class 1 has 2 samples out of 8.

labels = torch.tensor([0, 0, 0, 0, 0, 0, 1, 1])
class_count = torch.bincount(labels)
weights = 1.0 / class_count[labels].double()
print("weights:", [round(w, 3) for w in weights.tolist()], "| sum:", round(weights.sum().item(), 3))
g = torch.Generator().manual_seed(0)
balanced = WeightedRandomSampler(weights, num_samples=16, replacement=True, generator=g)
picked = list(balanced)
print("indices:", picked)
print("labels drawn:", dict(sorted(Counter(labels[picked].tolist()).items())))
print("labels in the dataset:", dict(sorted(Counter(labels.tolist()).items())))

# %% example-for: torch.utils.data.WeightedRandomSampler
# Without replacement
# -------------------
#
# With ``replacement=False`` every index appears at most once, so
# ``num_samples`` cannot exceed the number of weights: the error comes when
# the sampler is iterated, not when it is created.

g = torch.Generator().manual_seed(0)
print("no repeats:", list(WeightedRandomSampler([1.0, 1.0, 8.0], num_samples=3, replacement=False, generator=g)))
too_many = WeightedRandomSampler([1.0, 1.0, 8.0], num_samples=5, replacement=False)
try:
    list(too_many)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.utils.data.Sampler
# A sampler of your own
# ---------------------
#
# Subclass ``Sampler`` and write ``__iter__`` (yielding indices) and, if the
# length is known, ``__len__``: ``DataLoader`` uses ``len(sampler)`` for
# ``len(loader)``. This one yields the even indices first, then the odd
# ones. The base class implements neither method.


class EvensFirst(Sampler):
    def __init__(self, data_source):
        self.n = len(data_source)

    def __iter__(self):
        yield from range(0, self.n, 2)
        yield from range(1, self.n, 2)

    def __len__(self):
        return self.n


sampler = EvensFirst(data)
loader = DataLoader(data, batch_size=4, sampler=sampler)
print("indices:", list(sampler))
print("batches:", [b.tolist() for b in loader], "| len(loader):", len(loader))
try:
    iter(Sampler())
except NotImplementedError:
    print("Sampler.__iter__ -> NotImplementedError")

# %% example-for: torch.utils.data.random_split
# ``random_split``: non-overlapping random subsets
# ------------------------------------------------
#
# The lengths are either counts that add up to ``len(dataset)`` or fractions
# that add up to 1. Fractions are turned into ``floor(fraction * len)``,
# and the samples left over are then given one at a time to the first
# subsets, in turn. Each part is a ``Subset`` that keeps the original
# dataset and its own list of indices (``.indices``). Pass a seeded
# ``generator`` to get the same split at every run; without one, the
# global generator is used.

dataset = list(range(100, 110))
train, val = random_split(dataset, [0.7, 0.3], generator=torch.Generator().manual_seed(42))
print(type(train).__name__, len(train), len(val))
print("train indices:", train.indices, "| val indices:", val.indices)
print("val samples:", [val[i] for i in range(len(val))], "| val.dataset is dataset:", val.dataset is dataset)
again, _ = random_split(dataset, [7, 3], generator=torch.Generator().manual_seed(42))
print("same seed, lengths [7, 3]:", again.indices == train.indices)
parts = random_split(dataset, [0.33, 0.33, 0.34], generator=torch.Generator().manual_seed(0))
print("[0.33, 0.33, 0.34] of 10 ->", [len(p) for p in parts])
try:
    random_split(dataset, [6, 3])
except ValueError as err:
    print(f"ValueError: {err}")
torch.manual_seed(3)
split_a = random_split(dataset, [5, 5])[0].indices
torch.manual_seed(3)
print("no generator, after torch.manual_seed(3) twice:", split_a == random_split(dataset, [5, 5])[0].indices)
assert not set(train.indices) & set(val.indices)
