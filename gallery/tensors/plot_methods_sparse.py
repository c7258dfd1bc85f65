"""
Sparse and dense: to_sparse, to_dense and is_sparse
===================================================

A sparse COO tensor stores only its nonzero elements: their coordinates
(``indices()``) and their values (``values()``). ``to_sparse()`` makes one
from a dense tensor, ``to_dense()`` turns it back, and ``is_sparse`` tells
whether a tensor has the COO layout. The script prints the parts of a
sparse tensor, checks the round trip and the memory saved, and shows what a
sparse tensor cannot do.
"""

import warnings

import torch

# %% example-for: torch.Tensor.to_sparse
# ``to_sparse()``: coordinates and values of the nonzeros
# -------------------------------------------------------
#
# Column ``k`` of ``indices()`` is the position of ``values()[k]``; ``nnz``
# is the number of stored elements. With ``sparse_dim=1`` only the first
# dimension is sparse: whole rows that are not all zero are stored. The
# result is a new tensor; ``to_sparse()`` of a COO tensor returns the
# tensor itself.

d = torch.tensor([[0.0, 2.0, 0.0], [3.0, 0.0, 0.0]])
s = d.to_sparse()
print(s)
print("indices:", s.indices().tolist(), "| values:", s.values().tolist(), "| layout:", s.layout)
print(d.to_sparse(sparse_dim=1))
print("to_sparse() of a sparse tensor is itself:", s.to_sparse() is s)

# %% example-for: torch.Tensor.to_sparse
# Memory: worth it only when almost everything is zero
# ----------------------------------------------------
#
# A 100 x 100 ``float32`` matrix with 3 nonzeros takes 40000 bytes dense,
# and 60 bytes as COO: 48 bytes of ``int64`` coordinates (2 per element)
# and 12 bytes of values. Each stored element costs 20 bytes instead of 4,
# so a matrix more than a fifth full is smaller dense.

big = torch.zeros(100, 100)
big[0, 1], big[5, 7], big[99, 0] = 1.0, 2.0, 3.0
sb = big.to_sparse()
coo_bytes = sb.indices().nbytes + sb.values().nbytes
print("dense bytes:", big.nbytes, "| COO bytes:", coo_bytes,
      f"(indices {sb.indices().nbytes} + values {sb.values().nbytes})")
per_element = coo_bytes / sb.values().numel()
print("bytes per stored element:", per_element, "| dense:", big.element_size(),
      "| break-even fraction of nonzeros:", big.element_size() / per_element)

# %% example-for: torch.Tensor.to_dense
# ``to_dense()`` restores the dense tensor
# ----------------------------------------
#
# The round trip gives the original back (asserted). ``to_dense()`` of a
# tensor that is already dense returns it unchanged. Its ``dtype=``
# argument is refused for sparse input: convert with ``to`` afterwards.
# Gradients through ``to_sparse().to_dense()`` reach only the positions that
# were stored.

back = s.to_dense()
assert torch.equal(back, d)
print(back, "| layout:", back.layout)
print("to_dense() of a dense tensor is itself:", d.to_dense() is d)
try:
    s.to_dense(dtype=torch.float64)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("to_dense().to(torch.float64):", s.to_dense().to(torch.float64).dtype)
leaf = d.clone().requires_grad_()
leaf.to_sparse().to_dense().sum().backward()
print("gradient:", leaf.grad.tolist())

# %% example-for: torch.Tensor.is_sparse
# ``is_sparse`` is True for the COO layout only
# ---------------------------------------------
#
# It is an attribute, not a method. A CSR tensor is sparse too, but
# ``is_sparse`` is ``False`` for it: check ``layout`` to tell the sparse
# layouts apart. Elementwise arithmetic works on a COO tensor; operations
# that depend on strides, such as ``view``, do not.

print("dense:", d.is_sparse, "| COO:", s.is_sparse)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the "CSR support is in beta" notice, unrelated here
    csr = d.to_sparse(layout=torch.sparse_csr)
print("CSR: is_sparse", csr.is_sparse, "| layout", csr.layout)
print("(s * 2).to_dense():", (s * 2).to_dense().tolist())
try:
    s.view(-1)
except RuntimeError as err:
    print(f"RuntimeError: {str(err).split('. ')[0]}.")  # the first sentence of a long message
