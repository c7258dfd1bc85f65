"""
einsum: products written as index equations
============================================

``torch.einsum`` names every dimension of every operand with a letter and
computes the sum of products that the equation describes. Letters that
appear in the output are kept, the others are summed over. This script
shows implicit and explicit output, asserts that each common equation
equals the named operation it replaces (matmul, bmm, outer, trace,
transpose, batched dot, attention scores), uses ``...`` for batch
dimensions and prints the errors a wrong equation gives.
"""

import torch

torch.manual_seed(0)

# %% example-for: einsum-notation, torch.einsum
# Implicit and explicit output
# ----------------------------
#
# With ``->`` (explicit mode) the output letters are the ones written after
# the arrow, in that order. Without it (implicit mode) the output is every
# letter that appears exactly once in the inputs, **sorted alphabetically**;
# letters that appear twice are summed over. So ``'ij,jk'`` means
# ``'ij,jk->ik'``, but ``'ji'`` alone is a transpose (its output is ``'ij'``)
# and ``'ba,cb'`` gives an ``(a, c)`` result, not ``(c, a)``. Capital letters
# sort before lower-case ones: ``'aB'`` is a transpose too.

A = torch.randn(2, 3)
B = torch.randn(3, 4)
print("'ij,jk'      ->", tuple(torch.einsum("ij,jk", A, B).shape))
print("'ij,jk->ik'  ->", tuple(torch.einsum("ij,jk->ik", A, B).shape))
print("'ij,jk->ki'  ->", tuple(torch.einsum("ij,jk->ki", A, B).shape))
print("'ij'         ->", tuple(torch.einsum("ij", A).shape))
print("'ji'         ->", tuple(torch.einsum("ji", A).shape))
P, Q = torch.randn(3, 2), torch.randn(4, 3)
print("'ba,cb'      ->", tuple(torch.einsum("ba,cb", P, Q).shape))
print("'ba,cb->ca'  ->", tuple(torch.einsum("ba,cb->ca", P, Q).shape))
print("'aB'         ->", tuple(torch.einsum("aB", A).shape))
assert torch.allclose(torch.einsum("ij,jk", A, B), A @ B)
assert torch.allclose(torch.einsum("ij,jk->ki", A, B), (A @ B).T)
assert torch.equal(torch.einsum("ji", A), A.T)
assert torch.allclose(torch.einsum("ba,cb", P, Q), P.T @ Q.T)
assert torch.allclose(torch.einsum("ba,cb->ca", P, Q), Q @ P)
assert torch.equal(torch.einsum("aB", A), A.T)

# %% example-for: einsum-notation
# A repeated letter on one operand: diagonal, trace, sum
# ------------------------------------------------------
#
# A letter written twice on the same operand walks along the diagonal. Kept in
# the output (``'ii->i'``) it gives the diagonal; left out (``'ii'`` or
# ``'ii->'``) the diagonal is summed, which is the trace. A letter that is
# left out of the output and appears only once is summed too:
# ``'ij->i'`` sums each row, ``'ij->'`` everything. With one operand and no
# letter summed, the result can be a view of the operand rather than a new
# tensor, as ``'ii->i'`` and ``'ji'`` show.

M = torch.arange(9.0).reshape(3, 3)
print("'ii->i':", torch.einsum("ii->i", M))
print("'ii'   :", torch.einsum("ii", M))
print("'ij->i':", torch.einsum("ij->i", M))
print("'ij->' :", torch.einsum("ij->", M))
assert torch.equal(torch.einsum("ii->i", M), torch.diagonal(M))
assert torch.equal(torch.einsum("ii", M), torch.trace(M))
assert torch.equal(torch.einsum("ij->i", M), M.sum(dim=1))
print("'ii->i' and 'ji' share memory with their operand:",
      torch.einsum("ii->i", M).data_ptr() == M.data_ptr(), torch.einsum("ji", A).data_ptr() == A.data_ptr())

# %% example-for: einsum-named-ops
# Each equation and the operation it equals
# -----------------------------------------
#
# Every line below computes the same tensor in two ways and asserts that they
# agree. ``'bqd,bkd->bqk'`` is the score matrix of attention, ``q @ k^T``
# for every batch element; with a head dimension it becomes
# ``'bhqd,bhkd->bhqk'``.

v, w = torch.randn(3), torch.randn(4)
x, y = torch.randn(5, 3), torch.randn(5, 3)
b1, b2 = torch.randn(5, 2, 3), torch.randn(5, 3, 4)
q, k = torch.randn(2, 4, 8), torch.randn(2, 6, 8)
qh, kh = torch.randn(2, 3, 4, 8), torch.randn(2, 3, 6, 8)
S = torch.randn(3, 3)
cases = [
    ("matmul", "ij,jk->ik", (A, B), A @ B),
    ("bmm", "bij,bjk->bik", (b1, b2), torch.bmm(b1, b2)),
    ("outer", "i,j->ij", (v, w), torch.outer(v, w)),
    ("dot", "i,i->", (v, v), torch.dot(v, v)),
    ("trace", "ii->", (S,), torch.trace(S)),
    ("diagonal", "ii->i", (S,), torch.diagonal(S)),
    ("transpose", "ij->ji", (A,), A.T),
    ("batched dot", "bi,bi->b", (x, y), (x * y).sum(dim=1)),
    ("matrix @ vector", "ij,j->i", (A, v), A @ v),
    ("attention scores", "bqd,bkd->bqk", (q, k), q @ k.mT),
    ("multi-head scores", "bhqd,bhkd->bhqk", (qh, kh), qh @ kh.mT),
]
for name, equation, operands, expected in cases:
    got = torch.einsum(equation, *operands)
    assert torch.allclose(got, expected, atol=1e-6), name
    print(f"{name:>17}  {equation:<16} shape {tuple(got.shape)}  equal")

# %% example-for: einsum-ellipsis
# ``...`` stands for any number of batch dimensions
# -------------------------------------------------
#
# ``'...ij,...jk->...ik'`` is matmul over any leading dimensions, and like
# matmul it broadcasts them. In implicit mode the ``...`` dimensions come
# first in the output. A letter on both operands may have size 1 on one of
# them: it is broadcast, not a size mismatch.

x4, y4 = torch.randn(2, 5, 3, 4), torch.randn(2, 5, 4, 6)
print(tuple(torch.einsum("...ij,...jk->...ik", x4, y4).shape))
print(tuple(torch.einsum("...ij,...jk", x4, y4).shape))
assert torch.allclose(torch.einsum("...ij,...jk->...ik", x4, y4), x4 @ y4, atol=1e-6)
print(tuple(torch.einsum("...ij,...jk->...ik", torch.randn(3, 4), y4).shape))
print(tuple(torch.einsum("...ij,jk->...ik", torch.randn(7, 2, 3), B).shape))
print(tuple(torch.einsum("...d,...d->...", x, y).shape))
assert torch.allclose(torch.einsum("...d,...d->...", x, y), (x * y).sum(-1))
one = torch.randn(1, 2, 3)
print(tuple(torch.einsum("bij,bjk->bik", one, b2).shape))
assert torch.allclose(torch.einsum("bij,bjk->bik", one, b2), one @ b2, atol=1e-6)

# %% example-for: torch.einsum
# The errors of a wrong equation
# ------------------------------
#
# A letter must have the same size wherever it appears (or size 1), the
# equation must name as many operands as are passed, and the operands must
# share a dtype: einsum does not promote.

for label, call in [
    ("sizes", lambda: torch.einsum("ij,jk->ik", A, A)),
    ("operands", lambda: torch.einsum("ij,jk->ik", A)),
    ("dtypes", lambda: torch.einsum("ij,jk->ik", A.double(), B)),
    ("output letter", lambda: torch.einsum("ij,jk->iz", A, B)),
]:
    try:
        call()
    except RuntimeError as err:
        print(f"{label}: RuntimeError: {err}")
    else:
        raise AssertionError(f"einsum accepted a wrong {label}")

# %% example-for: torch.einsum
# The operands can also be passed with lists of integers
# ------------------------------------------------------
#
# Instead of a string, each operand can be followed by a list of integers
# naming its dimensions, and a last list names the output ("sublist format").
# Integer tensors keep their dtype.

print(tuple(torch.einsum(A, [0, 1], B, [1, 2], [0, 2]).shape))
print(tuple(torch.einsum("ij,jk->ik", [A, B]).shape))  # one list of operands works too
assert torch.allclose(torch.einsum(A, [0, 1], B, [1, 2], [0, 2]), A @ B)
print(torch.einsum("ij,jk->ik", torch.tensor([[1, 2]]), torch.tensor([[3], [4]])))
