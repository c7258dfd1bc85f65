"""
Diagonals and triangles: trace, diag, tril, triu and the causal mask
====================================================================

``torch.diag`` turns a vector into a diagonal matrix and a matrix into its
diagonal; ``torch.diagonal`` and ``torch.diag_embed`` do the same for
batches. ``torch.tril`` and ``torch.triu`` keep the lower or upper triangle,
moved by ``diagonal=``, and ``tril_indices`` / ``triu_indices`` give the
positions of a triangle. The causal mask of attention is one ``triu`` call.
"""

import torch
import torch.nn.functional as F

torch.manual_seed(0)

# %% example-for: diag-vector-matrix, torch.diag
# diag: a vector becomes a matrix, a matrix gives a vector
# --------------------------------------------------------
#
# The same call does opposite things depending on the number of dimensions.
# ``diagonal=k`` selects the k-th diagonal above (``k > 0``) or below
# (``k < 0``) the main one; for a vector the matrix grows to
# ``(n + |k|, n + |k|)``. So ``diag(diag(M))`` is not ``M`` but ``M`` with
# its off-diagonal entries zeroed.

v = torch.tensor([1, 2, 3])
print(torch.diag(v))
print(v.diag(1))
M = torch.arange(12).reshape(3, 4)
print(M)
print("diag(M):", torch.diag(M), "| diag(M, 1):", torch.diag(M, 1), "| diag(M, -1):", torch.diag(M, -1))
print(torch.diag(torch.diag(torch.arange(9).reshape(3, 3))))
try:
    torch.diag(torch.zeros(2, 2, 2))
except RuntimeError as err:
    print(f"3-D: RuntimeError: {err}")

# %% example-for: diag-vector-matrix, torch.diag, torch.diagonal
# diag copies, diagonal is a view
# -------------------------------
#
# ``torch.diag(M)`` returns a new tensor. ``torch.diagonal(M)`` returns a
# view with stride ``M.stride(0) + M.stride(1)`` into the same memory: writing
# to it changes ``M``.

M = torch.arange(12).reshape(3, 4)
d_copy = torch.diag(M)
d_view = torch.diagonal(M)
print("diag shares memory    :", d_copy.data_ptr() == M.data_ptr())
print("diagonal shares memory:", d_view.data_ptr() == M.data_ptr(), "| stride", d_view.stride())
d_view[1] = -1
print(M)
assert M[1, 1] == -1 and d_copy[1] == 5

# %% example-for: torch.diagonal
# diagonal on a batch: choose dim1 and dim2
# -----------------------------------------
#
# ``torch.diagonal`` defaults to ``dim1=0, dim2=1``, the first two
# dimensions. For a batch of matrices ``(b, n, n)`` pass ``dim1=-2, dim2=-1``;
# the diagonal becomes the last dimension of the result.

batch = torch.arange(18).reshape(2, 3, 3)
print("default (dim1=0, dim2=1):", tuple(torch.diagonal(batch).shape))
print(torch.diagonal(batch, dim1=-2, dim2=-1))
print("offset=1:", torch.diagonal(batch, offset=1, dim1=-2, dim2=-1))
assert torch.equal(batch.diagonal(dim1=-2, dim2=-1).sum(-1), torch.stack([torch.trace(m) for m in batch]))

# %% example-for: torch.diag_embed
# diag_embed: each row of a batch becomes a diagonal matrix
# ---------------------------------------------------------
#
# ``diag_embed`` puts the last dimension of its input on the diagonal of new
# matrices (by default the last two dimensions of the result). It is the
# batched inverse of ``diagonal(..., dim1=-2, dim2=-1)``, which ``diag``
# cannot do because it refuses more than 2 dimensions.

rows = torch.tensor([[1, 2], [3, 4]])
print(torch.diag_embed(rows))
print(torch.diag_embed(torch.tensor([1, 2]), offset=1))
x = torch.randn(4, 3)
assert torch.equal(x.diag_embed().diagonal(dim1=-2, dim2=-1), x)
assert torch.equal(torch.diag_embed(x)[2], torch.diag(x[2]))
print(tuple(torch.diag_embed(x).shape))

# %% example-for: torch.trace
# trace: the sum of the main diagonal of a matrix
# -----------------------------------------------
#
# ``trace`` accepts exactly one 2-D tensor (it need not be square). Integer
# input gives an ``int64`` result. For a batch, sum the diagonal.

S = torch.arange(9.0).reshape(3, 3)
print(torch.trace(S), torch.trace(torch.arange(6).reshape(2, 3)))
print(torch.trace(torch.arange(9, dtype=torch.int8).reshape(3, 3)).dtype)
try:
    torch.trace(torch.randn(2, 3, 3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
B3 = torch.randn(2, 3, 3)
print("batched trace:", tuple(B3.diagonal(dim1=-2, dim2=-1).sum(-1).shape))
A, C = torch.randn(3, 4), torch.randn(4, 3)
assert torch.allclose((A @ C).trace(), (C @ A).trace(), atol=1e-5)

# %% example-for: tril-triu-diagonal, torch.tril, torch.triu
# tril and triu, and what diagonal= moves
# ---------------------------------------
#
# ``tril`` keeps the elements on and below the main diagonal and sets the
# others to 0; ``triu`` keeps those on and above it. ``diagonal=k`` moves the
# boundary: ``tril(M, -1)`` also drops the main diagonal (strictly lower),
# ``triu(M, 1)`` keeps only what is strictly above it. For every ``k``,
# ``tril(M, k) + triu(M, k + 1) == M``. Both work on non-square matrices and
# on the last two dimensions of a batch.

M = torch.arange(1, 13).reshape(3, 4)
print("tril(M):\n", torch.tril(M))
print("tril(M, diagonal=-1):\n", torch.tril(M, diagonal=-1))
print("triu(M, diagonal=1):\n", torch.triu(M, diagonal=1))
for k in (-2, -1, 0, 1, 2):
    assert torch.equal(torch.tril(M, k) + torch.triu(M, k + 1), M)
print(tuple(torch.ones(2, 3, 3).tril().shape))
# tril_ and triu_ zero the other elements of the tensor itself and return it.
low, up = M.clone(), M.clone()
print("tril_ returns self:", low.tril_() is low, "| triu_(1) returns self:", up.triu_(diagonal=1) is up,
      "| low + up == M:", torch.equal(low + up, M))
try:
    torch.tril(torch.arange(3))
except RuntimeError as err:
    print(f"1-D: RuntimeError: {err}")

# %% example-for: causal-mask, torch.triu
# The causal mask of attention
# ----------------------------
#
# ``torch.triu(torch.ones(L, L, dtype=torch.bool), diagonal=1)`` is ``True``
# strictly above the diagonal: the future positions each query must not see.
# Filling them with ``-inf`` before the softmax gives row ``i`` weights only
# on positions ``0 .. i``. It is the same mask that
# ``nn.Transformer.generate_square_subsequent_mask`` returns as floats.

L = 4
mask = torch.triu(torch.ones(L, L, dtype=torch.bool), diagonal=1)
print(mask)
scores = torch.zeros(L, L)
print(scores.masked_fill(mask, float("-inf")).softmax(dim=-1))
float_mask = torch.nn.Transformer.generate_square_subsequent_mask(L)
assert torch.equal(float_mask == float("-inf"), mask)
assert torch.equal(~mask, torch.tril(torch.ones(L, L, dtype=torch.bool)))
# With diagonal=0 every position also hides itself: the first row has
# nothing left to attend to, and its softmax is nan.
wrong = torch.ones(L, L, dtype=torch.bool).triu()
print("diagonal=0, first row:", scores.masked_fill(wrong, float("-inf")).softmax(dim=-1)[0])

# %% example-for: causal-mask
# True means "hide" here, "keep" in scaled_dot_product_attention
# --------------------------------------------------------------
#
# ``masked_fill`` and ``nn.MultiheadAttention`` hide the ``True`` positions.
# A boolean ``attn_mask`` of ``F.scaled_dot_product_attention`` means the
# opposite (``True`` = may attend), so it takes ``~mask``, the lower triangle;
# ``is_causal=True`` builds that mask itself.

q, k, val = torch.randn(1, L, 8), torch.randn(1, L, 8), torch.randn(1, L, 8)
causal = F.scaled_dot_product_attention(q, k, val, is_causal=True)
with_keep_mask = F.scaled_dot_product_attention(q, k, val, attn_mask=~mask)
with_hide_mask = F.scaled_dot_product_attention(q, k, val, attn_mask=mask)
print("attn_mask=~mask equals is_causal=True:", torch.allclose(causal, with_keep_mask, atol=1e-6))
print("attn_mask=mask  equals is_causal=True:", torch.allclose(causal, with_hide_mask, atol=1e-6))
assert torch.allclose(causal, with_keep_mask, atol=1e-6)
mha = torch.nn.MultiheadAttention(8, num_heads=1, batch_first=True)
_, weights = mha(q, k, val, attn_mask=mask)
print("nn.MultiheadAttention, attn_mask=mask: largest weight on a True position:", weights[0][mask].abs().max().item())
assert torch.all(weights[0][mask] == 0) and torch.all(weights[0][~mask] > 0)

# %% example-for: torch.tril_indices, torch.triu_indices
# tril_indices and triu_indices: the positions of a triangle
# ----------------------------------------------------------
#
# Both return a ``(2, N)`` ``int64`` tensor: row indices in the first row,
# column indices in the second, in row-major order. ``offset`` plays the role
# of ``diagonal=``. Both sizes are required, also for a square matrix. They
# index a triangle directly, for example to pack the upper triangle of a
# symmetric matrix into a vector and unpack it again.

print(torch.tril_indices(3, 3))
print(torch.triu_indices(3, 3, offset=1))
print(torch.tril_indices(3, 4, offset=-1))
A = torch.arange(9.0).reshape(3, 3)
rows_, cols_ = torch.triu_indices(3, 3)
packed = A[rows_, cols_]
print("packed upper triangle:", packed)
print("A[idx] picks whole rows instead:", tuple(A[torch.triu_indices(3, 3)].shape))
restored = torch.zeros(3, 3)
restored[rows_, cols_] = packed
assert torch.equal(restored, torch.triu(A))
assert torch.equal(torch.triu_indices(3, 3, 1), torch.triu(torch.ones(3, 3), 1).nonzero().T)
try:
    torch.tril_indices(3)
except TypeError as err:
    print(f"TypeError: {err}")
