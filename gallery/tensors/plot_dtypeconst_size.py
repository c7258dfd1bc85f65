"""
torch.Size is a tuple
=====================

``x.shape`` and ``x.size()`` return a ``torch.Size``, a subclass of
``tuple``: it indexes, unpacks, compares and hashes like the tuple of the
same sizes, and adds ``numel()``. This script shows what it shares with a
tuple and where tuple behaviour surprises.
"""

import torch

# %% example-for: dtypeconst-size, torch.Size
# A tuple of ints, with numel()
# -----------------------------
#
# ``isinstance(shape, tuple)`` is ``True``. Indexing gives an ``int``,
# slicing gives a ``torch.Size``, unpacking names the sizes, and
# ``numel()`` multiplies them. ``x.size()`` equals ``x.shape``.

x = torch.zeros(2, 3, 4)
shape = x.shape
print(shape, type(shape).__mro__)
print(isinstance(shape, tuple), x.size() == shape, len(shape))
n, h, w = shape
print(n, h, w, type(shape[0]).__name__, shape[1:], shape[-1])
print("numel:", shape.numel(), x.numel(), n * h * w)

# %% example-for: dtypeconst-size, torch.Size
# Comparing with tuples and lists
# -------------------------------
#
# A ``torch.Size`` equals the tuple of the same ints, and has the same hash,
# so either finds the other in a dict. It never equals a list.

print(shape == (2, 3, 4), shape == [2, 3, 4], list(shape) == [2, 3, 4])
print(hash(shape) == hash((2, 3, 4)), {(2, 3, 4): "found"}[shape])
assert shape == (2, 3, 4) and shape != [2, 3, 4]

# %% example-for: torch.Size
# Tuple arithmetic, not size arithmetic
# -------------------------------------
#
# ``+`` joins and ``*`` repeats, as for tuples, and the result is still a
# ``torch.Size``: ``shape * 2`` does not double the sizes. A ``torch.Size``
# is immutable, and holds ints only. The shape of a 0-dimensional tensor is
# the empty ``torch.Size()``, whose ``numel()`` is 1.

print(shape + (5,), (1,) + shape, shape * 2)
print(torch.Size([4, 5]), torch.Size(), torch.tensor(3.0).shape, torch.Size().numel())
try:
    shape[0] = 5
except TypeError as err:
    print(f"TypeError: {err}")
try:
    torch.Size([2.5, 3])
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.Size
# Passing shapes on
# -----------------
#
# Factory functions and ``view``/``reshape`` take a ``torch.Size`` as they
# take a tuple; a slice of one is a common argument.

print(torch.ones(shape[1:]).shape, x.new_zeros(shape[:-1]).shape, x.reshape(torch.Size([6, 4])).shape)
print(torch.empty(torch.Size([2, 2])).shape == torch.empty((2, 2)).shape)
