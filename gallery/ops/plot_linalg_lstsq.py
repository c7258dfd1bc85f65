"""
Least squares, pseudo-inverse and rank
======================================

An over-determined system ``A x = b`` (more equations than unknowns) has
in general no exact solution; ``torch.linalg.lstsq`` finds the ``x`` that
minimises ``||A x - b||``. ``torch.linalg.pinv`` gives the same answer as a
matrix, and ``torch.linalg.matrix_rank`` counts the singular values above a
tolerance. This script fits a line, compares the drivers, shows why the
normal equations lose precision in float32, and shows what the tolerances
of ``pinv`` and ``matrix_rank`` decide.
"""

import torch

torch.manual_seed(0)

# %% example-for: lstsq-overdetermined, torch.linalg.lstsq
# Fitting a line through six points
# ---------------------------------
#
# The model ``y = a * t + c`` gives one equation per point: the matrix ``A``
# has the columns ``t`` and ones, ``(6, 2)``, and ``B`` is ``(6, 1)``. The
# result is a named tuple; ``solution`` has shape ``(2, 1)``. The normal
# equations ``(A^T A) x = A^T b`` and ``pinv(A) @ b`` give the same numbers
# here.

t = torch.linspace(0, 1, 6, dtype=torch.float64)
y = 2.0 * t + 1.0 + 0.01 * torch.randn(6, dtype=torch.float64)
A = torch.stack([t, torch.ones_like(t)], dim=1)
B = y.unsqueeze(1)
fit = torch.linalg.lstsq(A, B)
print("slope, intercept:", fit.solution.flatten())
print(f"squared residual ||A x - b||^2: {((A @ fit.solution - B) ** 2).sum().item():.4e}")
assert torch.allclose(fit.solution, torch.linalg.pinv(A) @ B)
assert torch.allclose(fit.solution, torch.linalg.solve(A.mT @ A, A.mT @ B))

# %% example-for: torch.linalg.lstsq
# The drivers and the extra fields they fill
# ------------------------------------------
#
# On the CPU the default driver is ``'gelsy'`` (QR with column pivoting). It
# fills ``rank`` but leaves ``residuals`` and ``singular_values`` empty;
# ``'gelsd'`` and ``'gelss'`` (SVD based) fill all three for a full-rank
# tall matrix; ``'gels'`` (plain QR) fills only ``residuals``. Compute the
# residual yourself rather than relying on the field.

for driver in ("gelsy", "gelsd", "gelss", "gels"):
    r = torch.linalg.lstsq(A, B, driver=driver)
    print(f"{driver}: residuals {[f'{v:.4e}' for v in r.residuals.tolist()]}, rank {r.rank.tolist()}, "
          f"singular_values {[f'{v:.4f}' for v in r.singular_values.tolist()]}")
assert torch.linalg.lstsq(A, B).residuals.numel() == 0
assert torch.allclose(torch.linalg.lstsq(A, B, driver="gelsd").residuals, ((A @ fit.solution - B) ** 2).sum(-2))

# %% example-for: torch.linalg.lstsq
# Rank-deficient and under-determined systems
# -------------------------------------------
#
# When the columns of ``A`` are dependent, ``'gels'`` assumes full rank and
# returns enormous numbers, while ``'gelsy'``, ``'gelsd'`` and ``'gelss'``
# detect the rank (with the tolerance ``rcond``) and return the solution of
# smallest norm, the same as ``pinv(A) @ b``. For a wide ``A`` of full rank
# (fewer equations than unknowns) there are infinitely many exact solutions;
# every driver, ``'gels'`` included, returns the one of smallest norm.

Ar = torch.tensor([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]], dtype=torch.float64)
br = torch.tensor([[1.0], [2.0], [3.1]], dtype=torch.float64)
for driver in ("gelsy", "gelsd", "gels"):
    r = torch.linalg.lstsq(Ar, br, driver=driver)
    print(f"rank-deficient, {driver}: solution {[f'{v:.4g}' for v in r.solution.flatten().tolist()]}, rank {r.rank.tolist()}")
assert torch.linalg.lstsq(Ar, br, driver="gels").solution.abs().max() > 1e6
for driver in ("gelsy", "gelsd", "gelss"):
    assert torch.allclose(torch.linalg.lstsq(Ar, br, driver=driver).solution, torch.linalg.pinv(Ar) @ br)
Aw = torch.randn(2, 4, dtype=torch.float64)
bw = torch.randn(2, 1, dtype=torch.float64)
xw = torch.linalg.lstsq(Aw, bw).solution
print("wide A (2, 4): solution shape", tuple(xw.shape), "| exact:", torch.allclose(Aw @ xw, bw))
for driver in ("gelsy", "gelsd", "gelss", "gels"):
    assert torch.allclose(torch.linalg.lstsq(Aw, bw, driver=driver).solution, torch.linalg.pinv(Aw) @ bw)

# %% example-for: linalg-float32-float64
# float32: lstsq versus the normal equations
# ------------------------------------------
#
# Fitting a degree-7 polynomial to ``sin(6 t)`` at 20 points uses a
# Vandermonde matrix with condition number about ``1e5``. ``lstsq`` works
# on ``A`` itself; the normal equations ``A^T A x = A^T b`` square the
# condition number to about ``1e10``, beyond what float32 (``eps`` about
# ``1.2e-7``) can resolve. The residual shows it: ``lstsq`` in float32
# reaches the same minimum as in float64, the normal equations in float32
# do not.

t64 = torch.linspace(0, 1, 20, dtype=torch.float64)
V64 = torch.stack([t64**k for k in range(8)], dim=1)
print(f"cond(V) {torch.linalg.cond(V64).item():.0e}, cond(V^T V) {torch.linalg.cond(V64.mT @ V64).item():.0e}")
results = {}
for dtype in (torch.float32, torch.float64):
    t = torch.linspace(0, 1, 20, dtype=dtype)
    V = torch.stack([t**k for k in range(8)], dim=1)
    b = torch.sin(6 * t).unsqueeze(1)
    x_lstsq = torch.linalg.lstsq(V, b).solution
    x_normal = torch.linalg.solve(V.mT @ V, V.mT @ b)
    for method, x in (("lstsq", x_lstsq), ("normal equations", x_normal)):
        results[method, dtype] = torch.linalg.vector_norm(V @ x - b).item()
        print(f"{method:>16}, {str(dtype):>13}: residual {results[method, dtype]:.0e}")
assert results["normal equations", torch.float32] > 5 * results["lstsq", torch.float64]
assert results["lstsq", torch.float32] < 1.1 * results["lstsq", torch.float64]

# %% example-for: pinv-rank-tolerance, torch.linalg.pinv
# pinv: the pseudo-inverse, also of singular and rectangular matrices
# -------------------------------------------------------------------
#
# ``pinv`` inverts the singular values above a tolerance and sets the others
# to 0. For a singular matrix it still satisfies the Moore-Penrose
# conditions ``A @ P @ A == A`` and ``P @ A @ P == P``; for an invertible one
# it equals ``inv``.

S = torch.tensor([[1.0, 2.0], [2.0, 4.0]])
P = torch.linalg.pinv(S)
print(P)
assert torch.allclose(S @ P @ S, S) and torch.allclose(P @ S @ P, P)
Ai = torch.randn(3, 3, dtype=torch.float64)
assert torch.allclose(torch.linalg.pinv(Ai), torch.linalg.inv(Ai))
print("pinv of (2, 4):", tuple(torch.linalg.pinv(torch.randn(2, 4)).shape))

# %% example-for: pinv-rank-tolerance, torch.linalg.pinv
# What the tolerance decides
# --------------------------
#
# By default a singular value counts as zero when it is at most
# ``max(m, n) * eps`` times the largest one (``rtol``; ``atol`` sets an
# absolute bound). A small singular value just above that bound is inverted
# into a huge entry; ``rtol`` chosen for the data's precision removes it.
# ``hermitian=True`` uses ``eigh`` for a symmetric input.

for small in (1e-10, 1e-5):
    D = torch.diag(torch.tensor([1.0, small]))
    print(f"pinv(diag(1, {small})):", torch.linalg.pinv(D).diagonal().tolist(),
          "| rtol=1e-3:", torch.linalg.pinv(D, rtol=1e-3).diagonal().tolist())
Sym = S + S.mT
assert torch.allclose(torch.linalg.pinv(Sym, hermitian=True), torch.linalg.pinv(Sym), atol=1e-6)

# %% example-for: pinv-rank-tolerance, torch.linalg.matrix_rank
# matrix_rank counts singular values above a tolerance
# ----------------------------------------------------
#
# The rank is the number of singular values above the same default
# tolerance, ``sigma_max * max(m, n) * eps``. It therefore depends on the
# dtype: ``diag(1, 1e-8)`` has rank 1 in float32 and rank 2 in float64. A
# product of ``(5, 2)`` and ``(2, 4)`` matrices has rank 2 although rounding
# leaves its other singular values tiny but nonzero. For measured data,
# choose ``atol`` or ``rtol`` from the noise level. An ``atol`` above 0 given
# without ``rtol`` sets ``rtol`` to 0, so ``atol=1e-12`` counts the ``1e-8``
# of ``diag(1, 1e-8)`` in float32 too; ``atol=0`` keeps the default ``rtol``.
# ``hermitian=True`` is not checked: on a non-symmetric matrix it reads one
# triangle and counts the wrong eigenvalues.

D = torch.diag(torch.tensor([1.0, 1e-8]))
print("diag(1, 1e-8): float32 rank", torch.linalg.matrix_rank(D).item(),
      "| float64 rank", torch.linalg.matrix_rank(D.double()).item())
low = torch.randn(5, 2) @ torch.randn(2, 4)
print("singular values:", torch.linalg.svdvals(low))
print("rank:", torch.linalg.matrix_rank(low).item())
assert torch.linalg.matrix_rank(low) == 2
noisy = low + 1e-3 * torch.randn(5, 4)
print("with noise 1e-3: rank", torch.linalg.matrix_rank(noisy).item(),
      "| atol=1e-2:", torch.linalg.matrix_rank(noisy, atol=1e-2).item())
assert torch.linalg.matrix_rank(D) == 1 and torch.linalg.matrix_rank(D.double()) == 2
assert torch.linalg.matrix_rank(noisy) == 4 and torch.linalg.matrix_rank(noisy, atol=1e-2) == 2
print("batch:", torch.linalg.matrix_rank(torch.stack([torch.eye(3), torch.zeros(3, 3)])))
print("diag(1, 1e-8), float32: atol=1e-12 rank", torch.linalg.matrix_rank(D, atol=1e-12).item(),
      "| atol=0 rank", torch.linalg.matrix_rank(D, atol=0).item())
assert torch.linalg.matrix_rank(D, atol=1e-12) == 2 and torch.linalg.matrix_rank(D, atol=0) == 1
N = torch.tensor([[0.0, 1.0], [0.0, 0.0]])
print("[[0, 1], [0, 0]]: rank", torch.linalg.matrix_rank(N).item(),
      "| hermitian=True:", torch.linalg.matrix_rank(N, hermitian=True).item())
assert torch.linalg.matrix_rank(N) == 1 and torch.linalg.matrix_rank(N, hermitian=True) == 0
