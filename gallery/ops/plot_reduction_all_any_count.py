"""
Truth tests and counting: all, any, count_nonzero
=================================================

``all`` and ``any`` test whether every / some element is non-zero (true).
They return ``bool`` for every input dtype except ``uint8``, which gives
``uint8``. ``count_nonzero`` counts the non-zero elements as ``int64``.
"""

import warnings

import torch

b = torch.tensor([[1, 0, 2], [3, 4, 5]])

# %% example-for: torch.all, torch.any
# all and any, whole tensor or along a dimension
# ----------------------------------------------
#
# Any non-zero number counts as true. ``dim`` may be an int or a tuple, and
# ``keepdim`` works as for the other reductions. An empty tensor gives
# ``True`` for ``all`` and ``False`` for ``any``.

print("all(b):", torch.all(b), "| any(b):", torch.any(b), "| dtype:", torch.all(b).dtype)
print("all(b, dim=1):", torch.all(b, dim=1))
print("any(b == 0, dim=0):", torch.any(b == 0, dim=0))
print("float input:", torch.all(torch.tensor([0.5, -2.0])))
print("empty:", torch.all(torch.tensor([])), torch.any(torch.tensor([])))
assert torch.all(b).dtype == torch.bool and torch.all(b, dim=1).tolist() == [False, True]

# %% example-for: torch.all, torch.any
# uint8 in, uint8 out
# -------------------
#
# For backward compatibility, a ``uint8`` input gives a ``uint8`` result (0
# or 1), not ``bool``. Indexing with such a ``uint8`` tensor still works as
# a mask but warns that it is deprecated. Convert with ``.bool()``, or test
# ``u != 0`` instead.

u = torch.tensor([[1, 0, 2], [3, 4, 5]], dtype=torch.uint8)
print(torch.all(u, dim=1), torch.all(u, dim=1).dtype)
print(torch.any(u).dtype, torch.all(u.bool(), dim=1).dtype)
assert torch.all(u).dtype == torch.uint8 and torch.any(u).dtype == torch.uint8
assert torch.all(b.to(torch.int8)).dtype == torch.bool
rows = torch.tensor([10, 20])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    picked = rows[torch.all(u, dim=1)]
print(picked, [f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}" for w in caught])
assert caught
print(rows[torch.all(u, dim=1).bool()])

# %% example-for: torch.count_nonzero
# count_nonzero
# -------------
#
# Counts the elements that are not zero, along ``dim`` (an int or a tuple)
# or over the whole tensor; the result is ``int64``. NaN is not zero, and
# ``-0.0`` is zero. There is no ``keepdim``.

c = torch.tensor([[0, 1, 2], [0, 0, 3]])
print(torch.count_nonzero(c), torch.count_nonzero(c).dtype)
print(torch.count_nonzero(c, dim=0), torch.count_nonzero(c, dim=1))
print(torch.count_nonzero(torch.tensor([0.0, -0.0, float("nan"), 1e-30])))
assert torch.count_nonzero(torch.tensor([0.0, -0.0, float("nan")])).item() == 1
# The same count, as a sum of a boolean mask:
print(torch.equal(torch.count_nonzero(c, dim=1), (c != 0).sum(dim=1)))
try:
    torch.count_nonzero(c, dim=1, keepdim=True)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
