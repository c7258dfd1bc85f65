"""
Norms: vector_norm, matrix_norm and linalg.norm
===============================================

``torch.linalg.vector_norm`` treats the selected elements as one vector,
``torch.linalg.matrix_norm`` treats the last two dimensions as matrices, and
``torch.linalg.norm`` chooses between them from ``dim``, ``ord`` and the
input's number of dimensions. These replace the deprecated ``torch.norm``.
This script prints the common orders and the cases where the same ``ord``
means different things.
"""

import warnings

import torch

torch.manual_seed(0)
inf = float("inf")

# %% example-for: torch.linalg.vector_norm
# Vector norms: ord and dim
# -------------------------
#
# ``ord=2`` (the default) is the Euclidean length; ``1`` the sum of absolute
# values; ``inf`` the largest absolute value; ``-inf`` the smallest; ``0``
# the number of non-zero elements; another number ``p`` gives
# ``sum(|x|**p)**(1/p)``. With ``dim=None`` every element counts,
# whatever the shape; ``dim`` selects the dimensions to reduce (they disappear
# unless ``keepdim=True``).

v = torch.tensor([3.0, -4.0])
for o in (2, 1, inf, -inf, 0, 3):
    print(f"ord={o}: {torch.linalg.vector_norm(v, ord=o).item():.4f}")

A = torch.tensor([[1.0, -2.0], [3.0, 4.0]])
print("all elements:", torch.linalg.vector_norm(A))
print("dim=1:", torch.linalg.vector_norm(A, dim=1))
print("dim=1, keepdim:", torch.linalg.vector_norm(A, dim=1, keepdim=True).shape)
assert torch.allclose(torch.linalg.vector_norm(A), A.flatten().pow(2).sum().sqrt())
assert torch.allclose(torch.linalg.vector_norm(v, ord=3), v.abs().pow(3).sum().pow(1 / 3))
try:
    torch.linalg.vector_norm(A, ord="fro")
except TypeError as err:
    print(f"ord='fro' -> TypeError: {err}")

# %% example-for: torch.linalg.vector_norm
# Integer input is refused
# ------------------------
#
# The input must be floating point or complex, even with ``dtype=``. Convert
# first. A complex input gives a real result.

try:
    torch.linalg.vector_norm(torch.tensor([3, 4]), dtype=torch.float32)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(torch.linalg.vector_norm(torch.tensor([3, 4]).float()))
z = torch.linalg.vector_norm(torch.tensor([3 + 4j]))
print(z, z.dtype)
# dtype= must be complex for a complex input (the result is still real),
# and real for a real input: the two kinds cannot be mixed.
z64 = torch.linalg.vector_norm(torch.tensor([3 + 4j]), dtype=torch.complex128)
print(z64, z64.dtype)
assert z64.dtype == torch.float64
mixed = [("complex input, dtype=float64", torch.linalg.vector_norm, torch.tensor([3 + 4j]), torch.float64),
         ("complex input, dtype=float64", torch.linalg.matrix_norm, torch.tensor([[3 + 4j]]), torch.float64),
         ("real input, dtype=complex64", torch.linalg.vector_norm, torch.tensor([3.0, 4.0]), torch.complex64),
         ("complex input, dtype=float64", torch.linalg.norm, torch.tensor([3 + 4j]), torch.float64)]
for what, fn, inp, dtype in mixed:
    try:
        fn(inp, dtype=dtype)
    except RuntimeError as err:
        print(f"{fn.__name__}, {what} -> RuntimeError: {err}")
    else:
        raise AssertionError(f"{fn.__name__} accepted {what}")

# %% example-for: torch.linalg.matrix_norm
# Matrix norms
# ------------
#
# The default ``'fro'`` (Frobenius) equals the vector 2-norm of all the
# entries. ``1`` is the largest column sum of absolute values, ``inf`` the
# largest row sum (``-1`` and ``-inf`` the smallest ones), ``2`` the largest
# singular value, ``-2`` the smallest, ``'nuc'`` the sum of the singular
# values. Leading dimensions are a batch.

print("singular values:", torch.linalg.svdvals(A))
for o in ("fro", "nuc", 2, -2, 1, -1, inf, -inf):
    print(f"ord={o!r}: {torch.linalg.matrix_norm(A, ord=o).item():.4f}")
assert torch.allclose(torch.linalg.matrix_norm(A, ord=2), torch.linalg.svdvals(A)[0])
assert torch.allclose(torch.linalg.matrix_norm(A), torch.linalg.vector_norm(A))
print("batch of 5:", torch.linalg.matrix_norm(torch.randn(5, 2, 2)).shape)
for bad in (lambda: torch.linalg.matrix_norm(v), lambda: torch.linalg.matrix_norm(A, ord=3)):
    try:
        bad()
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: torch.linalg.norm
# linalg.norm: which norm does it compute?
# ----------------------------------------
#
# * ``dim`` an int: a vector norm along it; ``dim`` a 2-tuple: a matrix norm.
# * ``dim=None`` and ``ord=None``: the 2-norm of all elements, for any shape.
# * ``dim=None`` with an ``ord``: a vector norm for 1-D input, a *matrix*
#   norm for 2-D input, and an error for any other number of dimensions.
#
# So on a matrix, ``ord=2`` is the largest singular value, not the
# Euclidean length of the entries, and ``ord=inf`` is a row sum.

B = torch.arange(8.0).reshape(2, 2, 2)
print("1-D, ord=None:", torch.linalg.norm(v))
print("2-D, ord=None:", torch.linalg.norm(A), "| vector_norm:", torch.linalg.vector_norm(A))
print("3-D, ord=None:", torch.linalg.norm(B), "| vector_norm:", torch.linalg.vector_norm(B))
print("2-D, ord=2:   ", torch.linalg.norm(A, ord=2), "| vector_norm(ord=2):", torch.linalg.vector_norm(A, ord=2))
print("2-D, ord=inf: ", torch.linalg.norm(A, ord=inf), "| vector_norm(ord=inf):", torch.linalg.vector_norm(A, ord=inf))
assert torch.allclose(torch.linalg.norm(A, ord=2), torch.linalg.matrix_norm(A, ord=2))
assert not torch.allclose(torch.linalg.norm(A, ord=2), torch.linalg.vector_norm(A, ord=2))
try:
    torch.linalg.norm(B, ord=2)
except RuntimeError as err:
    print(f"3-D, ord=2 -> RuntimeError: {err}")
print("dim=1:", torch.linalg.norm(A, ord=1, dim=1), "| dim=(0, 1):", torch.linalg.norm(A, ord=1, dim=(0, 1)))
print("3-D, dim=(1, 2), ord=2:", torch.linalg.norm(B, ord=2, dim=(1, 2)))

# %% example-for: torch.linalg.norm
# Moving from torch.norm
# ----------------------
#
# ``torch.norm`` is deprecated in its documentation (calling it emits no
# warning). Its ``p=2`` without ``dim`` is the 2-norm of all elements, so on
# a matrix it matches ``vector_norm``, not ``linalg.norm(A, ord=2)``.

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old = torch.norm(A, p=2)
print("torch.norm(A, p=2):", old, "| warnings:", len(caught))
print("vector_norm(A, ord=2):", torch.linalg.vector_norm(A, ord=2))
print("linalg.norm(A, ord=2):", torch.linalg.norm(A, ord=2))
assert torch.allclose(old, torch.linalg.vector_norm(A, ord=2))
