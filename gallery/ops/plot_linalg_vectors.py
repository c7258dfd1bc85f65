"""
Distances and vector products: cdist, cross, vecdot
===================================================

``torch.cdist`` computes the distance between every row of one set of
vectors and every row of another. ``torch.linalg.cross`` is the 3-D cross
product and ``torch.linalg.vecdot`` the dot product along one dimension,
both batched and broadcasting. This script asserts each against a plain
formula and shows where ``cdist``'s fast path loses precision.
"""

import subprocess
import sys

import torch

torch.manual_seed(0)

# %% example-for: torch.cdist
# cdist: all pairwise distances between two sets of rows
# ------------------------------------------------------
#
# For ``x1`` of shape ``(P, M)`` and ``x2`` of shape ``(R, M)`` the result is
# ``(P, R)``: entry ``(i, j)`` is the p-norm of ``x1[i] - x2[j]``. ``p=2``
# (the default) is the Euclidean distance, ``p=1`` the Manhattan distance.
# Leading dimensions are batches and broadcast.

x1 = torch.tensor([[0.0, 0.0], [3.0, 4.0]])
x2 = torch.tensor([[0.0, 0.0], [1.0, 1.0], [6.0, 8.0]])
print(torch.cdist(x1, x2))
print(torch.cdist(x1, x2, p=1))
naive = (x1[:, None, :] - x2[None, :, :]).norm(dim=-1)
assert torch.allclose(torch.cdist(x1, x2), naive)
print(tuple(torch.cdist(torch.randn(2, 5, 3), torch.randn(4, 3)).shape))
for label, (a, b) in {
    "columns differ": (torch.randn(5, 3), torch.randn(4, 2)),
    "1-D input": (torch.randn(5), torch.randn(4)),
    "integer input": (torch.randint(3, (5, 3)), torch.randint(3, (4, 3))),
}.items():
    try:
        torch.cdist(a, b)
    except RuntimeError as err:
        print(f"{label}: RuntimeError: {err}")

# %% example-for: torch.cdist
# More than 25 rows: the matrix-product formula and its rounding
# --------------------------------------------------------------
#
# For ``p=2`` with more than 25 rows in ``x1`` or ``x2``, the default
# ``compute_mode='use_mm_for_euclid_dist_if_necessary'`` uses
# ``|a|^2 + |b|^2 - 2 a.b``, which is fast but cancels badly when the points
# are far from the origin: a point's distance to itself is then not 0.
# ``compute_mode='donot_use_mm_for_euclid_dist'`` computes the differences.

pts = torch.randn(30, 3) + 1000.0
fast = torch.cdist(pts, pts)
exact = torch.cdist(pts, pts, compute_mode="donot_use_mm_for_euclid_dist")
print("30 rows, largest self-distance, default    :", fast.diagonal().max().item())
print("30 rows, largest self-distance, no matmul  :", exact.diagonal().max().item())
print("25 rows, largest self-distance, default    :", torch.cdist(pts[:25], pts[:25]).diagonal().max().item())
assert fast.diagonal().max() > 0 and exact.diagonal().max() == 0
assert torch.cdist(pts[:25], pts[:25]).diagonal().max() == 0

# %% example-for: torch.linalg.cross
# cross: the vector perpendicular to two 3-D vectors
# --------------------------------------------------
#
# ``cross(a, b)`` is perpendicular to both and changes sign when the
# operands are swapped. The dimension ``dim`` (default ``-1``) must have
# size 3; the other dimensions are batches and broadcast.

ex, ey = torch.tensor([1.0, 0.0, 0.0]), torch.tensor([0.0, 1.0, 0.0])
print(torch.linalg.cross(ex, ey), torch.linalg.cross(ey, ex))
a, b = torch.randn(4, 3), torch.randn(4, 3)
c = torch.linalg.cross(a, b)
print("perpendicular:", torch.allclose((c * a).sum(-1), torch.zeros(4), atol=1e-5),
      torch.allclose((c * b).sum(-1), torch.zeros(4), atol=1e-5))
assert torch.allclose(torch.linalg.cross(b, a), -c)
print("broadcast (1, 3) with (5, 3):", tuple(torch.linalg.cross(torch.randn(1, 3), torch.randn(5, 3)).shape))
print("dim=0 on (3, 4):", tuple(torch.linalg.cross(torch.randn(3, 4), torch.randn(3, 4), dim=0).shape))
try:
    torch.linalg.cross(torch.randn(3, 4), torch.randn(3, 4))
except RuntimeError as err:
    print(f"dim=-1 of size 4: RuntimeError: {err}")

# %% example-for: torch.linalg.cross
# torch.cross without dim is deprecated
# -------------------------------------
#
# The older ``torch.cross`` without ``dim`` uses the *first* dimension of size
# 3, not the last, and warns (once per process, so a fresh Python process
# shows it here). ``torch.linalg.cross`` always defaults to ``dim=-1``; on a
# ``(3, 3)`` input the two give different results.

child = """
import torch
torch.manual_seed(0)
a, b = torch.randn(3, 3), torch.randn(3, 3)
old = torch.cross(a, b)
print(torch.allclose(old, torch.linalg.cross(a, b, dim=0)), torch.allclose(old, torch.linalg.cross(a, b)))
"""
proc = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True)
warning_lines = [line for line in proc.stderr.splitlines() if "UserWarning:" in line]
for line in warning_lines:
    print(line[line.index("UserWarning:"):])
print("same as linalg.cross(dim=0), same as linalg.cross(dim=-1):", proc.stdout.strip())
assert len(warning_lines) == 1 and "deprecated" in warning_lines[0]
assert proc.stdout.strip() == "True False"

# %% example-for: torch.linalg.vecdot
# vecdot: dot products along a dimension, batched
# -----------------------------------------------
#
# ``vecdot(x, y, dim=-1)`` is ``(x.conj() * y).sum(dim)``: one dot product
# per row of a batch, with broadcasting. For complex vectors the first
# operand is conjugated, like ``torch.vdot`` and unlike ``torch.dot``.

X = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(torch.linalg.vecdot(X, torch.tensor([1.0, 1.0, 1.0])))
P, Q = torch.randn(5, 3), torch.randn(5, 3)
assert torch.allclose(torch.linalg.vecdot(P, Q), (P * Q).sum(-1))
assert torch.allclose(torch.linalg.vecdot(P, Q), torch.einsum("bi,bi->b", P, Q))
print("dim=0 on (3, 4):", tuple(torch.linalg.vecdot(torch.randn(3, 4), torch.randn(3, 4), dim=0).shape))
z = torch.tensor([1 + 1j, 2j])
print("vecdot(z, z):", torch.linalg.vecdot(z, z), "| vdot:", torch.vdot(z, z), "| dot:", torch.dot(z, z))
for label, (a, b) in {
    "integer": (torch.tensor([1, 2]), torch.tensor([3, 4])),
    "float32 with float64": (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0], dtype=torch.float64)),
}.items():
    try:
        torch.linalg.vecdot(a, b)
    except RuntimeError as err:
        print(f"{label}: RuntimeError: {err}")
