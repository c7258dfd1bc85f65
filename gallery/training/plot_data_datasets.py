"""
Map-style and iterable datasets
===============================

A map-style dataset answers ``dataset[i]`` and ``len(dataset)``; an
iterable dataset is a stream that only answers ``iter(dataset)``.
``TensorDataset`` is the ready-made map-style dataset for tensors that are
already in memory.
"""

import itertools

import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, TensorDataset

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: data-map-style, torch.utils.data.Dataset
# A map-style dataset: ``__len__`` and a lazy ``__getitem__``
# -----------------------------------------------------------
#
# ``__init__`` keeps only a cheap description of the samples (here a list of
# made-up file names with their labels). The expensive work, reading and
# decoding one sample, happens in ``__getitem__``, for one index at a time,
# when the sample is asked for. With ``num_workers > 0`` that is the code the
# worker processes run in parallel. The list ``loaded`` records which
# indices were really loaded.


class LazyImages(Dataset):
    def __init__(self, files):
        self.files = files  # cheap: names and labels only
        self.loaded = []  # which indices __getitem__ really loaded

    def __len__(self):
        return len(self.files)

    def __getitem__(self, index):
        name, label = self.files[index]  # a list raises IndexError past the end
        self.loaded.append(index)
        image = torch.full((2, 2), float(index))  # stands for "open and decode the file"
        return image, label


files = [("cat_0.png", 0), ("dog_0.png", 1), ("cat_1.png", 0), ("dog_1.png", 1), ("cat_2.png", 0)]
ds = LazyImages(files)
print("len(ds):", len(ds), "| loaded after __init__:", ds.loaded)
image, label = ds[3]
print("ds[3] ->", image.tolist(), label, "| loaded:", ds.loaded)
batch_images, batch_labels = next(iter(DataLoader(ds, batch_size=2)))
print("first batch:", tuple(batch_images.shape), batch_labels.tolist(), "| loaded:", ds.loaded)
assert ds.loaded == [3, 0, 1]

# %% example-for: torch.utils.data.Dataset
# What happens when a method is missing
# -------------------------------------
#
# The base class defines ``__getitem__``, which raises
# ``NotImplementedError``, and ``__add__`` (``ds1 + ds2`` is a
# ``ConcatDataset``), but neither ``__len__`` nor ``__iter__``. Without
# ``__len__``, a ``DataLoader`` is created without complaint, and the
# ``TypeError`` comes only when it is iterated: its default sampler needs
# ``len(dataset)``.


class NoLength(Dataset):
    def __getitem__(self, index):
        return index


print("Dataset has __len__:", hasattr(Dataset, "__len__"), "| __iter__:", hasattr(Dataset, "__iter__"))
both = ds + LazyImages(files[:2])
print("ds + another:", type(both).__name__, "of length", len(both))
try:
    Dataset()[0]
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

loader = DataLoader(NoLength(), batch_size=2)
print("DataLoader created:", type(loader).__name__)
try:
    next(iter(loader))
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.utils.data.Dataset
# ``for sample in dataset`` ignores ``__len__``
# ---------------------------------------------
#
# ``Dataset`` defines no ``__iter__``, so a plain ``for`` loop over it uses
# Python's old sequence protocol: it calls ``__getitem__(0)``,
# ``__getitem__(1)``, ... until one raises ``IndexError``. ``LazyImages``
# stops after 5 samples because its list raises ``IndexError``. This one
# computes a value for any index and has no end; ``islice`` takes the first
# six so that the loop stops.


class Times10(Dataset):
    def __len__(self):
        return 3

    def __getitem__(self, index):
        return index * 10  # no bounds check


print("LazyImages in a for loop:", sum(1 for _ in LazyImages(files)), "samples")
print("Times10 has len", len(Times10()), "but yields:", list(itertools.islice(Times10(), 6)))

# %% example-for: torch.utils.data.TensorDataset
# ``TensorDataset``: sample ``i`` is row ``i`` of every tensor
# ------------------------------------------------------------
#
# The tensors must all have the same size in dimension 0; ``ds[i]`` is a
# tuple with one row of each, in the order they were given. The tensors are
# kept as they are (no copy) in the attribute ``tensors``.

features = torch.arange(12.0).reshape(6, 2)
targets = torch.tensor([0, 1, 0, 1, 1, 0])
pairs = TensorDataset(features, targets)
print("len:", len(pairs))
print("pairs[1]:", pairs[1])
print("same storage:", pairs.tensors[0].data_ptr() == features.data_ptr())
x, y = next(iter(DataLoader(pairs, batch_size=4)))
print("batch:", tuple(x.shape), x.dtype, "|", y.tolist(), y.dtype)
try:
    TensorDataset(torch.zeros(6, 2), torch.zeros(5))
except AssertionError as err:
    print(f"AssertionError: {err}")

# %% example-for: torch.utils.data.IterableDataset
# An iterable dataset is a stream
# -------------------------------
#
# Subclass ``IterableDataset`` and write ``__iter__``: the samples come in
# the order it yields them, and there is no index. A ``DataLoader`` still
# groups them into batches. Without ``__len__``, ``len(loader)`` raises
# ``TypeError``, and the options that need indices are refused: ``shuffle``
# and ``sampler`` raise ``ValueError``. (How such a stream is shared
# between worker processes is shown in the next example script.)


class Countdown(IterableDataset):
    def __init__(self, start):
        self.start = start

    def __iter__(self):
        yield from range(self.start, 0, -1)


stream = Countdown(5)
print("batches:", [b.tolist() for b in DataLoader(stream, batch_size=2)])
try:
    len(DataLoader(stream))
except TypeError as err:
    print(f"TypeError: {err}")
for refused in ({"shuffle": True}, {"sampler": [0, 1, 2]}):
    try:
        DataLoader(stream, **refused)
    except ValueError as err:
        print(f"ValueError: {err}")
try:
    IterableDataset()
except TypeError as err:
    print(f"TypeError: {err}")
