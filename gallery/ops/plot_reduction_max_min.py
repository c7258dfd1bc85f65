"""
Maximum and minimum: max, min, argmax, argmin, amax, amin, aminmax
==================================================================

``max`` and ``min`` change what they return with their arguments: one tensor
without ``dim``, a named tuple ``(values, indices)`` with ``dim``. ``amax``
and ``amin`` return values only, accept a tuple of dimensions, and share the
gradient between tied maxima. ``argmax``/``argmin`` return indices only, and
``aminmax`` returns both extremes at once.
"""

import torch

a = torch.tensor([[3, 7, 7], [9, 1, 9]])

# %% example-for: reduction-max-min-indices, torch.max
# max with and without dim
# ------------------------
#
# Without ``dim``: the largest element, a zero-dimensional tensor. With
# ``dim``: a ``torch.return_types.max`` named tuple; unpack it or use
# ``.values`` and ``.indices``.

print("max(a):", torch.max(a))
result = torch.max(a, dim=1)
print(result)
values, indices = result
print("values:", values, "| indices:", indices, "| type:", type(result).__name__)
assert torch.equal(result.values, values) and torch.equal(result[1], indices)
print(torch.max(a, dim=1, keepdim=True).values.shape)
# The named tuple is not a tensor: arithmetic on it fails.
try:
    torch.max(a, dim=1) + 1
except TypeError as err:
    print(f"TypeError: {err}")
print(torch.max(a, dim=1).values + 1)

# %% example-for: reduction-max-min-indices, torch.amax, torch.amin
# amax and amin: values only, several dimensions at once
# ------------------------------------------------------
#
# ``amax``/``amin`` return a plain tensor, and ``dim`` may be a tuple.
# ``max``/``min`` accept one int ``dim`` only.

print("amax(a, dim=1)     :", torch.amax(a, dim=1))
print("amax(a, dim=(0, 1)):", torch.amax(a, dim=(0, 1)))
print("amin(a, dim=0)     :", torch.amin(a, dim=0))
assert torch.equal(a.amin(dim=0), torch.amin(a, dim=0))
try:
    torch.max(a, dim=(0, 1))
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])

# %% example-for: reduction-max-min-indices, torch.amax, torch.max
# Ties: who gets the gradient
# ---------------------------
#
# With two equal maxima, ``amax`` and the full ``max()`` (no ``dim``) divide
# the gradient evenly between them; ``max(dim=...)`` sends all of it to the
# one index it returned.

for label, fn in [
    ("amax()     ", lambda t: t.amax()),
    ("max()      ", lambda t: t.max()),
    ("max(dim=0) ", lambda t: t.max(dim=0).values),
]:
    w = torch.tensor([1.0, 3.0, 3.0], requires_grad=True)
    fn(w).backward()
    print(label, "grad:", w.grad)
w = torch.tensor([1.0, 3.0, 3.0], requires_grad=True)
w.amax().backward()
assert w.grad.tolist() == [0.0, 0.5, 0.5]
w = torch.tensor([1.0, 3.0, 3.0], requires_grad=True)
w.max(dim=0).values.backward()
assert w.grad.sum().item() == 1.0 and w.grad.max().item() == 1.0
# amin divides the gradient between tied minima the same way.
w = torch.tensor([1.0, 1.0, 3.0], requires_grad=True)
w.amin().backward()
print("amin()      grad:", w.grad)
assert w.grad.tolist() == [0.5, 0.5, 0.0]

# %% example-for: torch.max, torch.min
# The other forms: elementwise max of two tensors, NaN, empty input
# -----------------------------------------------------------------
#
# ``torch.max(a, b)`` with a second tensor is the elementwise maximum
# (like ``torch.maximum``), with broadcasting. A NaN in the input makes the
# result NaN. An empty tensor cannot be reduced without ``dim``.

print(torch.max(a, torch.tensor([5, 5, 5])))
print(torch.max(torch.tensor([2.0, float("nan"), 1.0])), torch.min(torch.tensor([2.0, float("nan"), 1.0])))
try:
    torch.max(torch.tensor([]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(a.min(dim=0))

# %% example-for: torch.argmax, torch.argmin
# argmax and argmin: indices, into the flattened tensor without dim
# -----------------------------------------------------------------
#
# Without ``dim`` the index counts the elements in row-major order, as if the
# tensor were flattened; ``torch.unravel_index`` turns it back into
# coordinates. With tied extremes the index of the *first* one is returned.
# The result is ``int64``.

flat = torch.argmax(a)
print("argmax(a):", flat, flat.dtype, "-> a.flatten()[3] =", a.flatten()[flat])
print("coordinates:", torch.unravel_index(flat, a.shape))
print("argmax(a, dim=1):", torch.argmax(a, dim=1), "| argmin(a, dim=0):", torch.argmin(a, dim=0))
ties = torch.tensor([1, 5, 2, 5, 5])
print("ties:", torch.argmax(ties), torch.argmin(torch.tensor([0, 3, 0])))
assert ties.argmax().item() == 1 and flat.item() == 3
assert torch.tensor([0, 3, 0]).argmin().item() == 0

# %% example-for: torch.aminmax
# aminmax: both extremes in one pass
# ----------------------------------
#
# Returns a named tuple ``(min, max)``. ``dim`` and ``keepdim`` are
# keyword-only, ``dim`` is a single int, and no indices are returned.

print(torch.aminmax(a))
lo, hi = a.aminmax(dim=0)
print("min:", lo, "max:", hi)
try:
    torch.aminmax(a, 0)
except TypeError as err:
    print(f"TypeError: {err}")
