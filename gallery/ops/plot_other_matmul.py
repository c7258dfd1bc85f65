"""
Matrix products: matmul, mm and dot
===================================

``torch.matmul`` (the ``@`` operator) is the general product: it handles
vectors, matrices and batches of matrices, and broadcasts the batch
dimensions. ``torch.mm`` accepts exactly two matrices and ``torch.dot``
exactly two vectors; neither broadcasts. This script prints the result
shape of every case and the real errors of the strict functions.
"""

import torch

torch.manual_seed(0)


def shape_of(f):
    try:
        return tuple(f().shape)
    except RuntimeError as err:
        return f"RuntimeError: {err}"


# %% example-for: torch.matmul
# The cases of matmul, by the number of dimensions
# ------------------------------------------------
#
# 1-D @ 1-D is a dot product (a 0-D result); 2-D @ 2-D a matrix product;
# more dimensions are batches of matrices whose leading (batch) dimensions
# broadcast. ``@`` calls ``matmul``.

v, w = torch.randn(3), torch.randn(3)
A, B = torch.randn(2, 3), torch.randn(3, 4)
cases = {
    "(3,) @ (3,)": lambda: v @ w,
    "(2, 3) @ (3, 4)": lambda: A @ B,
    "(2, 3) @ (3,)": lambda: A @ v,
    "(3,) @ (3, 4)": lambda: v @ B,
    "(5, 2, 3) @ (3, 4)": lambda: torch.randn(5, 2, 3) @ B,
    "(5, 2, 3) @ (5, 3, 4)": lambda: torch.randn(5, 2, 3) @ torch.randn(5, 3, 4),
    "(5, 1, 2, 3) @ (7, 3, 4)": lambda: torch.randn(5, 1, 2, 3) @ torch.randn(7, 3, 4),
    "(5, 2, 3) @ (3,)": lambda: torch.randn(5, 2, 3) @ v,
    "(3,) @ (5, 3, 4)": lambda: v @ torch.randn(5, 3, 4),
    "(5, 2, 3) @ (4, 3, 4)": lambda: torch.randn(5, 2, 3) @ torch.randn(4, 3, 4),
    "(2, 3) @ (2, 3)": lambda: A @ A,
}
for name, f in cases.items():
    print(f"{name:>24} -> {shape_of(f)}")
assert torch.equal(torch.matmul(A, B), A @ B)
assert torch.equal(A.matmul(B), torch.matmul(A, B))
assert (torch.randn(5, 1, 2, 3) @ torch.randn(7, 3, 4)).shape == (5, 7, 2, 4)

# %% example-for: torch.matmul
# 1-D operands: a dimension is added, then removed
# ------------------------------------------------
#
# A 1-D first operand is treated as a ``(1, n)`` row, a 1-D second operand as
# an ``(n, 1)`` column; after the product that added dimension is removed
# again. So ``A @ v`` has shape ``(2,)``, not ``(2, 1)``.

print(torch.allclose(A @ v, (A @ v.unsqueeze(-1)).squeeze(-1)), (A @ v).shape)
print(torch.allclose(v @ B, (v.unsqueeze(0) @ B).squeeze(0)), (v @ B).shape)
print("column kept when you pass one:", (A @ v.unsqueeze(-1)).shape)
try:
    torch.matmul(torch.tensor(2.0), v)
except RuntimeError as err:
    print(f"0-D -> RuntimeError: {err}")

# %% example-for: torch.mm
# mm: two matrices, nothing else
# ------------------------------
#
# ``mm`` gives the same result as ``matmul`` for two 2-D tensors, but refuses
# vectors and batches (use ``matmul``, or ``torch.bmm`` for equal batches).
# Inner sizes must agree and the dtypes must be equal.

assert torch.equal(torch.mm(A, B), A @ B)
print(A.mm(B).shape)
for name, f in {
    "mm((2, 3), (3,))": lambda: torch.mm(A, v),
    "mm((5, 2, 3), (3, 4))": lambda: torch.mm(torch.randn(5, 2, 3), B),
    "mm((2, 3), (2, 3))": lambda: torch.mm(A, A),
    "mm(float32, float64)": lambda: torch.mm(A, B.double()),
}.items():
    print(f"{name}: {shape_of(f)}")
print("integer matrices:", torch.mm(torch.tensor([[1, 2]]), torch.tensor([[3], [4]])))

# %% example-for: torch.dot
# dot: two 1-D tensors of equal length and dtype
# ----------------------------------------------
#
# ``dot`` returns a 0-D tensor. It does not broadcast (a length-1 vector is
# not stretched), refuses matrices, and does not promote dtypes.

print(torch.dot(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([4.0, 5.0, 6.0])))
for name, f in {
    "dot((3,), (1,))": lambda: torch.dot(v, torch.randn(1)),
    "dot((2, 3), (3, 4))": lambda: torch.dot(A, B),
    "dot(float32, float64)": lambda: torch.dot(v, w.double()),
}.items():
    print(f"{name}: {shape_of(f)}")
print("matmul promotes nothing either:", shape_of(lambda: v @ w.double()))

# Integer vectors keep their dtype, so a small dtype overflows.
i8 = torch.tensor([100, 100], dtype=torch.int8)
print(i8.dot(torch.tensor([1, 2], dtype=torch.int8)))
print(torch.dot(i8.long(), torch.tensor([1, 2])))
