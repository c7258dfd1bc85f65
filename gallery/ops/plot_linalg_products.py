"""
Batched, fused and structured products
======================================

``torch.bmm`` multiplies two batches of matrices of the same batch size and,
unlike ``torch.matmul``, never broadcasts. ``torch.addmm`` and
``torch.baddbmm`` fuse a product with a scaled addition,
``beta * input + alpha * product``. ``torch.outer``, ``torch.tensordot``
and ``torch.kron`` build outer products, contractions over several
dimensions and Kronecker products. This script prints their shapes, asserts
each against a plain formula, and prints the errors of the strict
functions.
"""

import torch
import torch.nn.functional as F

torch.manual_seed(0)

# %% example-for: bmm-no-broadcast, torch.bmm
# bmm: equal batches only, where matmul broadcasts
# ------------------------------------------------
#
# ``bmm`` takes a ``(b, n, m)`` and a ``(b, m, p)`` tensor and returns
# ``(b, n, p)``. Both operands must be 3-D and have the same batch size:
# a batch of 1 is not stretched, a 2-D matrix is not shared across the
# batch, and a 4-D input is refused. ``matmul`` accepts these, since its
# batch dimensions broadcast; sizes that do not broadcast (5 and 4) are
# refused by both.

b1, b2 = torch.randn(5, 2, 3), torch.randn(5, 3, 4)
print("bmm((5, 2, 3), (5, 3, 4)):", tuple(torch.bmm(b1, b2).shape))
assert torch.allclose(b1.bmm(b2), b1 @ b2)
attempts = {
    "(1, 2, 3), (5, 3, 4)": (torch.randn(1, 2, 3), b2),
    "(5, 2, 3), (3, 4)": (b1, torch.randn(3, 4)),
    "(5, 2, 3), (4, 3, 4)": (b1, torch.randn(4, 3, 4)),
    "(2, 5, 2, 3), (2, 5, 3, 4)": (torch.randn(2, 5, 2, 3), torch.randn(2, 5, 3, 4)),
}
for shapes, (x, y) in attempts.items():
    try:
        torch.bmm(x, y)
    except RuntimeError as err:
        print(f"bmm({shapes}): RuntimeError: {err}")
    else:
        raise AssertionError(f"bmm accepted {shapes}")
    try:
        print(f"    matmul({shapes}) -> {tuple(torch.matmul(x, y).shape)}")
    except RuntimeError as err:
        print(f"    matmul({shapes}): RuntimeError: {err}")

# %% example-for: torch.bmm
# Sharing one matrix across a batch with bmm
# ------------------------------------------
#
# To use ``bmm`` with one matrix for every batch element, expand it first
# (``expand`` makes a view, no copy). ``bmm`` does not promote dtypes either.

W = torch.randn(3, 4)
W5 = W.expand(5, 3, 4)
print("expanded: stride", W5.stride(), "| shares memory with W:", W5.data_ptr() == W.data_ptr())
shared = torch.bmm(b1, W5)
assert torch.allclose(shared, b1 @ W) and W5.stride(0) == 0
print(tuple(shared.shape))
try:
    torch.bmm(b1, b2.double())
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: addmm-beta-alpha, torch.addmm
# addmm: beta * input + alpha * (mat1 @ mat2)
# -------------------------------------------
#
# ``input`` must broadcast to the shape of the product. The defaults
# ``beta=1, alpha=1`` give ``input + mat1 @ mat2``, which is
# ``torch.nn.functional.linear(x, W, b)`` written as ``addmm(b, x, W.T)``.
# With ``beta=0`` the input is ignored, even its ``nan`` values. The three
# tensors must have the same dtype.

M = torch.ones(2, 4)
A, B = torch.randn(2, 3), torch.randn(3, 4)
out = torch.addmm(M, A, B, beta=0.5, alpha=2.0)
assert torch.allclose(out, 0.5 * M + 2.0 * (A @ B))
print(torch.allclose(out, 0.5 * M + 2.0 * (A @ B)))
bias = torch.randn(4)
print("input (4,) broadcast:", tuple(torch.addmm(bias, A, B).shape))
x, Wl, bl = torch.randn(4, 3), torch.randn(5, 3), torch.randn(5)
assert torch.allclose(torch.addmm(bl, x, Wl.T), F.linear(x, Wl, bl))
print("addmm(b, x, W.T) == F.linear(x, W, b):", torch.allclose(torch.addmm(bl, x, Wl.T), F.linear(x, Wl, bl)))
nan_input = torch.full((2, 4), float("nan"))
print("beta=0 with a nan input :", torch.addmm(nan_input, A, B, beta=0).isnan().any().item())
print("0 * nan_input + A @ B   :", (0 * nan_input + A @ B).isnan().any().item())
try:
    torch.addmm(torch.ones(3), A, B)
except RuntimeError as err:
    print(f"input (3,): RuntimeError: {err}")
try:
    torch.addmm(M.double(), A, B)
except RuntimeError as err:
    print(f"float64 input: RuntimeError: {err}")
# addmm_ writes the result into its own tensor, which must already have the
# product's shape: in place, the (4,) bias cannot broadcast.
acc = M.clone()
out = acc.addmm_(A, B, beta=0.5, alpha=2.0)
print("addmm_ in place:", torch.allclose(acc, 0.5 * M + 2.0 * (A @ B)), "| returns acc itself:", out is acc)
try:
    bias.clone().addmm_(A, B)
except RuntimeError as err:
    print(f"bias (4,) in place: RuntimeError: {err}")

# %% example-for: torch.addmm
# Integer tensors: a float alpha is truncated
# -------------------------------------------
#
# With integer tensors, ``alpha`` and ``beta`` are converted to the integer
# dtype, silently: ``alpha=0.5`` becomes 0 and ``alpha=1.5`` becomes 1.
# ``beta=0.5`` becomes 0 as well, so an ``input`` of ones is dropped and only
# the product, 2, is left.

zeros, ones = torch.zeros(2, 2, dtype=torch.long), torch.ones(2, 2, dtype=torch.long)
for alpha in (0.5, 1.5, 2.0):
    print(f"alpha={alpha}:", torch.addmm(zeros, ones, ones, alpha=alpha)[0, 0].item())
assert torch.addmm(zeros, ones, ones, alpha=0.5).eq(0).all()
assert zeros.addmm(ones, ones, alpha=1.5).eq(2).all()  # alpha became 1
print("beta=0.5, input of ones:", torch.addmm(ones, ones, ones, beta=0.5)[0, 0].item())
assert torch.addmm(ones, ones, ones, beta=0.5).eq(2).all()  # beta became 0

# %% example-for: addmm-beta-alpha, torch.baddbmm
# baddbmm: the same for batches
# -----------------------------
#
# ``baddbmm(input, batch1, batch2)`` is ``beta * input + alpha * bmm(batch1,
# batch2)``. The batches follow ``bmm``'s rules (3-D, equal sizes); only
# ``input`` broadcasts, for example one ``(n, p)`` matrix added to every
# product.

I = torch.randn(5, 2, 4)
out = torch.baddbmm(I, b1, b2, beta=0.5, alpha=0.1)
assert torch.allclose(out, 0.5 * I + 0.1 * torch.bmm(b1, b2), atol=1e-6)
print(tuple(out.shape))
print("input (2, 4) broadcast:", tuple(torch.baddbmm(torch.zeros(2, 4), b1, b2).shape))
int_zeros, int_ones = torch.zeros(1, 2, 2, dtype=torch.long), torch.ones(1, 2, 2, dtype=torch.long)
assert int_zeros.baddbmm(int_ones, int_ones, alpha=0.5).eq(0).all()  # truncated, as for addmm
assert not torch.baddbmm(torch.full((5, 2, 4), float("nan")), b1, b2, beta=0).isnan().any()  # input not read
acc = I.clone()
out = acc.baddbmm_(b1, b2, beta=0.5, alpha=0.1)  # in place: acc must already be (5, 2, 4)
print("baddbmm_ in place:", torch.allclose(acc, 0.5 * I + 0.1 * torch.bmm(b1, b2), atol=1e-6), "| returns acc itself:", out is acc)
try:
    torch.baddbmm(torch.zeros(2, 4), torch.randn(1, 2, 3), b2)
except RuntimeError as err:
    print(f"batch1 (1, 2, 3): RuntimeError: {err}")

# %% example-for: torch.outer
# outer: every product of two vectors
# -----------------------------------
#
# ``outer(u, v)[i, j] = u[i] * v[j]``: a ``(len(u), len(v))`` matrix. Both
# inputs must be 1-D; unlike ``bmm`` it promotes dtypes (int64 with float32
# gives float32). Integer results keep the integer dtype and can overflow.

u = torch.tensor([1, 2, 3])
print(torch.outer(u, torch.tensor([1.0, 10.0])))
assert torch.equal(u.outer(u), u[:, None] * u[None, :])
try:
    torch.outer(torch.ones(2, 2), torch.ones(2))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
small = torch.tensor([1, 2], dtype=torch.int8)
print(torch.outer(small, torch.tensor([100, 100], dtype=torch.int8)))

# %% example-for: torch.tensordot
# tensordot: contract several dimensions at once
# ----------------------------------------------
#
# ``dims=n`` sums over the last ``n`` dimensions of ``a`` and the first
# ``n`` of ``b``; ``dims=(list_a, list_b)`` names them. The result has the
# remaining dimensions of ``a`` followed by those of ``b``. ``dims=1`` on two
# matrices is ``a @ b``, ``dims=0`` the outer product of all elements.
# Paired dimensions must have the same size, except that size 1 is
# broadcast.

a, b = torch.randn(3, 4, 5), torch.randn(4, 5, 6)
print("dims=2               :", tuple(torch.tensordot(a, b, dims=2).shape))
print("dims=([1, 2], [0, 1]):", tuple(torch.tensordot(a, b, dims=([1, 2], [0, 1])).shape))
print("dims=[[1, 2], [0, 1]]:", tuple(torch.tensordot(a, b, dims=[[1, 2], [0, 1]]).shape))
print("dims=([0], [2]) on (3, 4, 5), (6, 7, 3):", tuple(torch.tensordot(a, torch.randn(6, 7, 3), dims=([0], [2])).shape))
print("dims=0 on (2, 3), (4, 5):", tuple(torch.tensordot(torch.randn(2, 3), torch.randn(4, 5), dims=0).shape))
assert torch.allclose(torch.tensordot(a, b, dims=2), torch.einsum("ijk,jkl->il", a, b), atol=1e-5)
assert torch.allclose(torch.tensordot(A, B, dims=1), A @ B)
try:
    torch.tensordot(a, b, dims=1)
except RuntimeError as err:
    print(f"dims=1: RuntimeError: {err}")
# A paired dimension of size 1 is broadcast without a word: here the single
# column of ``col`` multiplies the sum of all rows of ``rows``.
col, rows = torch.randn(3, 1), torch.randn(4, 5)
print("sizes 1 and 4 paired:", tuple(torch.tensordot(col, rows, dims=([1], [0])).shape))
assert torch.allclose(torch.tensordot(col, rows, dims=([1], [0])), col * rows.sum(0), atol=1e-6)

# %% example-for: torch.kron
# kron: every element of one tensor times the whole other
# -------------------------------------------------------
#
# The Kronecker product of an ``(m, n)`` and a ``(p, q)`` matrix is the
# ``(m*p, n*q)`` block matrix whose block ``(i, j)`` is ``a[i, j] * b``.
# ``kron(eye(2), b)`` puts ``b`` twice on a block diagonal, while
# ``kron(b, eye(2))`` interleaves its entries. For 1-D inputs it
# is the flattened outer product. An input with fewer dimensions is treated
# as if it had leading dimensions of size 1.

blk = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(torch.kron(torch.eye(2), blk))
print(torch.kron(torch.tensor([1, 2]), torch.tensor([1, 10, 100])))
print(tuple(torch.kron(torch.randn(2, 3), torch.randn(4, 5)).shape))
print("(3,) with (2, 4):", tuple(torch.kron(torch.randn(3), torch.randn(2, 4)).shape))
p, r = torch.randn(2, 3), torch.randn(4, 5)
assert torch.allclose(p.kron(r)[4:8, 5:10], p[1, 1] * r)
assert torch.equal(torch.kron(u, u), torch.outer(u, u).flatten())
# kron(blk, eye(2)) interleaves the entries of blk instead of making blocks.
print(torch.kron(blk, torch.eye(2)))
