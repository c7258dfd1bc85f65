"""
Orthogonal initialization: ``orthogonal_``
==========================================

``torch.nn.init.orthogonal_`` fills a matrix with orthonormal rows or
orthonormal columns, whichever the shape allows, scaled by ``gain``. This
script shows which product gives the identity for a wide and for a tall
matrix, how tensors with more than two dimensions are handled, and the error
for a 1-D tensor.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.init.orthogonal_
# Wide and tall matrices
# ----------------------
#
# A wide matrix (fewer rows than columns) gets orthonormal rows:
# ``W @ W.T`` is the identity. A tall one gets orthonormal columns:
# ``W.T @ W`` is the identity. The other product cannot be the identity,
# because its rank is only the smaller dimension.

wide = nn.init.orthogonal_(torch.empty(3, 5))
eye3 = torch.eye(3)
print("wide (3, 5): W @ W.T ~ I:", torch.allclose(wide @ wide.T, eye3, atol=1e-6),
      "| W.T @ W ~ I:", torch.allclose(wide.T @ wide, torch.eye(5), atol=1e-6))
print((wide @ wide.T).round(decimals=4) + 0.0)  # + 0.0 turns -0. into 0.

tall = nn.init.orthogonal_(torch.empty(5, 3))
print("tall (5, 3): W.T @ W ~ I:", torch.allclose(tall.T @ tall, eye3, atol=1e-6),
      "| W @ W.T ~ I:", torch.allclose(tall @ tall.T, torch.eye(5), atol=1e-6))
assert torch.allclose(wide @ wide.T, eye3, atol=1e-6)
assert torch.allclose(tall.T @ tall, eye3, atol=1e-6)

# A square matrix is orthogonal both ways, so its singular values are all 1.
square = nn.init.orthogonal_(torch.empty(4, 4))
print("singular values of a square one:", torch.linalg.svdvals(square))

# %% example-for: torch.nn.init.orthogonal_
# ``gain``, more dimensions, and the 1-D error
# --------------------------------------------
#
# ``gain`` multiplies the result, so ``W @ W.T`` becomes ``gain**2 * I``.
# A tensor with more than two dimensions is treated as the matrix
# ``(size(0), rest)``: for a convolution weight, each output channel's
# flattened kernel is a unit vector orthogonal to the others (possible only
# when ``out_channels`` is at most ``in_channels * kernel area``). A 1-D
# tensor is refused.

w = nn.init.orthogonal_(torch.empty(3, 5), gain=2.0)
print((w @ w.T).round(decimals=4) + 0.0)
assert torch.allclose(w @ w.T, 4 * eye3, atol=1e-5)

conv_w = nn.init.orthogonal_(torch.empty(8, 4, 3, 3))  # a Conv2d(4, 8, 3) weight
flat = conv_w.reshape(8, -1)
print("conv weight", tuple(conv_w.shape), "-> matrix", tuple(flat.shape),
      "| rows orthonormal:", torch.allclose(flat @ flat.T, torch.eye(8), atol=1e-5))
assert torch.allclose(flat @ flat.T, torch.eye(8), atol=1e-5)

try:
    nn.init.orthogonal_(torch.empty(5))
except ValueError as err:
    print(f"ValueError: {err}")
