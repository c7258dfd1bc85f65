"""
repeat_interleave versus Tensor.repeat
======================================

``torch.repeat_interleave`` repeats each *element* (or each slice along
``dim``) in place, like ``numpy.repeat``. ``Tensor.repeat`` repeats the
*whole tensor*, like ``numpy.tile``. This script puts them side by side and
shows per-element counts given as a tensor, ``dim``, and ``output_size``.
"""

import numpy as np
import torch

# %% example-for: repeat-interleave-vs-repeat, torch.repeat_interleave
# Element by element, or the whole block
# --------------------------------------
#
# Both give six values from three, in a different order. Both copy: neither
# result shares memory with ``x``.

x = torch.tensor([1, 2, 3])
ri = torch.repeat_interleave(x, 2)
rp = x.repeat(2)
print("repeat_interleave(x, 2):", ri.tolist(), "| numpy.repeat:", np.repeat(x.numpy(), 2).tolist())
print("x.repeat(2):            ", rp.tolist(), "| numpy.tile:  ", np.tile(x.numpy(), 2).tolist())
assert ri.tolist() == [1, 1, 2, 2, 3, 3] and rp.tolist() == [1, 2, 3, 1, 2, 3]
print("share memory:", ri.data_ptr() == x.data_ptr(), rp.data_ptr() == x.data_ptr())

# %% example-for: repeat-interleave-vs-repeat, torch.repeat_interleave
# On a matrix: dim, or a flat result
# ----------------------------------
#
# Without ``dim``, ``repeat_interleave`` flattens the input first and returns
# a 1-D tensor. With ``dim`` it repeats the slices along that dimension.
# ``Tensor.repeat`` takes one count per dimension (at least as many counts as
# the tensor has dimensions) and has no ``dim``; ``torch.tile``, like
# ``numpy.tile``, also accepts fewer counts and applies them to the last
# dimensions.

m = torch.tensor([[1, 2], [3, 4]])
print("no dim:", torch.repeat_interleave(m, 2))
print("dim=0:\n", torch.repeat_interleave(m, 2, dim=0))
print("dim=1:\n", torch.repeat_interleave(m, 2, dim=1))
print("m.repeat(2, 1):\n", m.repeat(2, 1))
try:
    m.repeat(2, dim=0)
except TypeError as err:
    print(f"TypeError: {err}")
try:
    m.repeat(2)
except RuntimeError as err:
    print(f"m.repeat(2) -> RuntimeError: {err}")
print("torch.tile(m, (2,)):\n", torch.tile(m, (2,)))
assert torch.equal(torch.tile(m, (2,)), m.repeat(1, 2))
assert np.array_equal(torch.tile(m, (2,)).numpy(), np.tile(m.numpy(), 2))

# %% example-for: torch.repeat_interleave
# A different count for each element
# ----------------------------------
#
# ``repeats`` can be an integer tensor with one count per element (or per
# slice along ``dim``); a count of 0 drops the element. A one-element tensor
# applies to all. A Python list is refused, and so are float counts. On the
# CPU the counts must be ``int64`` or ``int32``: the smaller integer dtypes
# and ``bool`` are refused too.

print(torch.repeat_interleave(x, torch.tensor([1, 0, 3])))
print(torch.repeat_interleave(m, torch.tensor([1, 3]), dim=0))
print(torch.repeat_interleave(x, torch.tensor([2])))
for bad in (torch.tensor([1, 2]), torch.tensor([1, -1, 2])):
    try:
        torch.repeat_interleave(x, bad)
    except RuntimeError as err:
        print(f"repeats={bad.tolist()} -> RuntimeError: {err}")
try:
    torch.repeat_interleave(x, [1, 2, 3])
except TypeError as err:
    print("list -> TypeError:", str(err).splitlines()[0])
try:
    torch.repeat_interleave(x, torch.tensor([1.0, 2.0, 3.0]))
except NotImplementedError as err:
    print(f"float counts -> NotImplementedError: {err}")
for dtype in (torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool):
    try:
        print(f"{dtype} counts ->", torch.repeat_interleave(x, torch.tensor([1, 0, 1], dtype=dtype)))
    except NotImplementedError as err:
        print(f"{dtype} counts -> NotImplementedError: {err}")

# %% example-for: torch.repeat_interleave
# Counts only: indices for each position
# --------------------------------------
#
# Called with only a tensor of counts, it repeats each *index* that many
# times: handy to say which segment each element of a packed batch belongs
# to.

lengths = torch.tensor([2, 3, 1])
print(torch.repeat_interleave(lengths))
assert torch.equal(torch.repeat_interleave(lengths), torch.arange(3).repeat_interleave(lengths))

# %% example-for: torch.repeat_interleave
# output_size
# -----------
#
# With a tensor of counts the output length depends on the data. Passing
# ``output_size=`` (the sum of the counts) lets PyTorch skip computing it,
# which on a GPU avoids a synchronisation. It must be exact: on this CPU
# run, a wrong value raises an error.

counts = torch.tensor([1, 3])
print(torch.repeat_interleave(m, counts, dim=0, output_size=4).shape)
for wrong in (3, 5):
    try:
        torch.repeat_interleave(m, counts, dim=0, output_size=wrong)
    except RuntimeError as err:
        print(f"output_size={wrong} -> RuntimeError: {err}")
