"""
Collating samples into a batch
==============================

After fetching ``batch_size`` samples, a ``DataLoader`` calls its
``collate_fn`` on the list of them. The default, ``default_collate``, keeps
the structure of one sample and stacks what it can: tensors and numbers
become a tensor with a new first dimension, and dictionaries, tuples and
lists are collated field by field.
"""

from collections import namedtuple

import numpy as np
import torch
from torch.utils.data import DataLoader, default_collate

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.utils.data.default_collate
# Tensors, numbers and strings
# ----------------------------
#
# Tensors of equal shape are stacked along a new dimension 0. NumPy arrays
# become tensors the same way. Python ``int`` values become an ``int64``
# tensor, but Python ``float`` values become a **float64** tensor, not the
# default ``float32``. Strings are not converted: a list of strings stays a
# list.

print(default_collate([torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]))
print(default_collate([np.array([1, 2]), np.array([3, 4])]))
ints = default_collate([1, 2, 3])
floats = default_collate([0.5, 1.5, 2.5])
print(ints, ints.dtype)
print(floats, floats.dtype)
print(default_collate(["cat", "dog", "cat"]))
assert ints.dtype == torch.int64 and floats.dtype == torch.float64

# %% example-for: torch.utils.data.default_collate
# Dictionaries, tuples and lists keep their structure
# ---------------------------------------------------
#
# A batch of dictionaries becomes one dictionary whose values are collated
# batches. A batch of tuples becomes a **list** with one collated entry per
# position (the ``(image, label)`` pairs of a dataset become
# ``[images, labels]``). Lists are collated position by position in the same
# way, so a list of ``[1, 2]`` and ``[3, 4]`` gives ``[tensor([1, 3]),
# tensor([2, 4])]``, not a 2x2 tensor.

samples = [{"image": torch.zeros(2, 2), "label": 0, "name": "a.png"},
           {"image": torch.ones(2, 2), "label": 1, "name": "b.png"}]
batch = default_collate(samples)
print({key: (tuple(v.shape), v.dtype) if torch.is_tensor(v) else v for key, v in batch.items()})
pairs = default_collate([(torch.tensor([1.0]), 7), (torch.tensor([2.0]), 8)])
print(type(pairs).__name__, pairs)
print(default_collate([[1, 2], [3, 4]]))
Pair = namedtuple("Pair", "x y")
assert type(pairs) is list and type(default_collate([Pair(1, 2), Pair(3, 4)])) is Pair

# %% example-for: torch.utils.data.default_collate
# What ``default_collate`` refuses
# --------------------------------
#
# Stacking needs equal shapes: tensors of different lengths raise
# ``RuntimeError``, and so do lists of different lengths. Types it does not
# know (an arbitrary object) raise ``TypeError``.

try:
    default_collate([torch.zeros(2), torch.zeros(3)])
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    default_collate([[1, 2], [3]])
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    default_collate([object(), object()])
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: data-collate-fn, torch.utils.data.default_collate
# A ``collate_fn`` that pads sequences of different lengths
# ---------------------------------------------------------
#
# Variable-length samples (sentences, audio clips) cannot be stacked by
# ``default_collate``. A custom ``collate_fn`` can pad them to the longest
# sample of the batch and return the true lengths as well; it may call
# ``default_collate`` for the parts that need nothing special.

sequences = [torch.tensor([1, 2, 3]), torch.tensor([4]), torch.tensor([5, 6]), torch.tensor([7, 8, 9, 10])]
labels = [0, 1, 0, 1]
data = list(zip(sequences, labels))


def pad_batch(samples):
    seqs, labs = zip(*samples)
    padded = torch.nn.utils.rnn.pad_sequence(list(seqs), batch_first=True, padding_value=0)
    lengths = torch.tensor([len(s) for s in seqs])
    return padded, lengths, default_collate(list(labs))


try:
    next(iter(DataLoader(data, batch_size=2)))
except RuntimeError as err:
    print(f"default_collate -> RuntimeError: {err}")
for padded, lengths, labs in DataLoader(data, batch_size=2, collate_fn=pad_batch):
    print(padded.tolist(), "lengths", lengths.tolist(), "labels", labs.tolist())
