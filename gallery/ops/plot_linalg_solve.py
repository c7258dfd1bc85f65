"""
Solving linear systems: solve, inv, det, slogdet, cond
======================================================

``torch.linalg.solve(A, B)`` computes ``X`` with ``A @ X = B`` from an LU
factorization, without forming the inverse. This script compares it with
``inv(A) @ B`` on an ill-conditioned matrix, shows what the condition
number predicts, compares float32 with float64, prints the error a
singular matrix raises (and the case where rounding hides the
singularity), and shows why ``slogdet`` exists next to ``det``.
"""

import torch

torch.manual_seed(0)


def hilbert(n, dtype=torch.float64):
    """The n x n Hilbert matrix 1 / (i + j + 1), a classic ill-conditioned matrix."""
    i = torch.arange(n, dtype=dtype)
    return 1.0 / (i[:, None] + i[None, :] + 1.0)


def rel_residual(A, x, b):
    """||A x - b|| / ||b||."""
    return (torch.linalg.vector_norm(A @ x - b) / torch.linalg.vector_norm(b)).item()


# %% example-for: torch.linalg.solve
# solve: shapes of A, B and the result
# ------------------------------------
#
# ``A`` is ``(*, n, n)``; ``B`` is ``(*, n, k)`` for ``k`` right-hand sides,
# or ``(n,)`` / ``(*, n)`` for one vector each. The batch dimensions broadcast.
# ``left=False`` solves ``X @ A = B`` instead.

A = torch.randn(3, 3)
for label, B in {"B (3,)": torch.randn(3), "B (3, 2)": torch.randn(3, 2)}.items():
    X = torch.linalg.solve(A, B)
    assert torch.allclose(A @ X, B, atol=1e-5)
    print(f"{label} -> X {tuple(X.shape)}")
print("A (4, 3, 3), B (3,) ->", tuple(torch.linalg.solve(torch.randn(4, 3, 3), torch.randn(3)).shape))
print("A (4, 3, 3), B (4, 3) ->", tuple(torch.linalg.solve(torch.randn(4, 3, 3), torch.randn(4, 3)).shape))
Br = torch.randn(2, 3)
Xr = torch.linalg.solve(A, Br, left=False)
assert torch.allclose(Xr @ A, Br, atol=1e-5)
print("left=False, B (2, 3) ->", tuple(Xr.shape))
for label, (a, b) in {
    "A (3, 2)": (torch.randn(3, 2), torch.randn(3)),
    "integer A": (torch.tensor([[1, 2], [3, 4]]), torch.tensor([1, 2])),
}.items():
    try:
        torch.linalg.solve(a, b)
    except RuntimeError as err:
        print(f"{label}: RuntimeError: {err}")

# %% example-for: solve-vs-inv
# solve versus inv(A) @ b on an ill-conditioned matrix
# ----------------------------------------------------
#
# The 8 x 8 Hilbert matrix has a condition number near ``1e10``. We build
# ``b = A @ x_true`` with ``x_true`` all ones and solve it both ways in
# float64. The relative residual ``||A x - b|| / ||b||`` of ``solve`` stays
# at the level of float64 rounding; that of ``inv(A) @ b`` is many orders of
# magnitude larger, because the rounding errors of the inverse are
# multiplied by the condition number. Neither recovers ``x_true`` exactly:
# the condition number limits that for every method.

A = hilbert(8)
x_true = torch.ones(8, dtype=torch.float64)
b = A @ x_true
x_solve = torch.linalg.solve(A, b)
x_inv = torch.linalg.inv(A) @ b
print(f"cond(A)              : {torch.linalg.cond(A).item():.1e}")
print(f"residual, solve      : {rel_residual(A, x_solve, b):.0e}")
print(f"residual, inv(A) @ b : {rel_residual(A, x_inv, b):.0e}")
print(f"error |x - x_true|, solve      : {torch.linalg.vector_norm(x_solve - x_true).item():.0e}")
print(f"error |x - x_true|, inv(A) @ b : {torch.linalg.vector_norm(x_inv - x_true).item():.0e}")
assert torch.linalg.cond(A) > 1e9
assert rel_residual(A, x_inv, b) > 1e3 * rel_residual(A, x_solve, b)
assert rel_residual(A, x_solve, b) < 1e-14

# %% example-for: linalg-float32-float64
# float32 versus float64: the same system, two precisions
# -------------------------------------------------------
#
# A rule of thumb: the relative error of the solution is about
# ``cond(A) * eps``, with ``eps`` about ``1.2e-7`` for float32 and
# ``2.2e-16`` for float64. The 6 x 6 Hilbert matrix has ``cond`` about
# ``1.5e7``, so float32 keeps at most one correct digit while float64 keeps
# about nine. The residual is small in both precisions (asserted below
# ``10 * eps``): a small residual does not mean an accurate solution.

for dtype in (torch.float32, torch.float64):
    A = hilbert(6, dtype)
    x_true = torch.ones(6, dtype=dtype)
    b = A @ x_true
    x = torch.linalg.solve(A, b)
    err = (torch.linalg.vector_norm(x - x_true) / torch.linalg.vector_norm(x_true)).item()
    assert rel_residual(A, x, b) < 10 * torch.finfo(dtype).eps
    print(f"{str(dtype):>13}: eps {torch.finfo(dtype).eps:.1e}, cond {torch.linalg.cond(A.double()).item():.1e}, "
          f"residual {rel_residual(A, x, b):.0e}, relative error {err:.0e}")
    if dtype == torch.float32:
        err32 = err
    else:
        err64 = err
assert err32 > 1e-2 and err64 < 1e-6

# %% example-for: singular-matrix-error
# A singular matrix: the real error
# ---------------------------------
#
# When the LU factorization meets an exact zero pivot, ``solve`` and ``inv``
# raise ``torch.linalg.LinAlgError``, a subclass of ``RuntimeError``. The
# ``_ex`` variants (``solve_ex``, ``inv_ex``) return an ``info`` code
# instead of raising (non-zero means failure). For a batch, the message
# names the batch element.

S = torch.tensor([[1.0, 2.0], [2.0, 4.0]])
for name, call in [("solve", lambda: torch.linalg.solve(S, torch.tensor([1.0, 2.0]))),
                   ("inv", lambda: torch.linalg.inv(S))]:
    try:
        call()
    except torch.linalg.LinAlgError as err:
        print(f"{name}: torch.linalg.LinAlgError: {err}")
print("LinAlgError is a RuntimeError:", issubclass(torch.linalg.LinAlgError, RuntimeError))
print("inv_ex info:", torch.linalg.inv_ex(S).info.item(),
      "| solve_ex info:", torch.linalg.solve_ex(S, torch.tensor([1.0, 2.0])).info.item())
batch = torch.stack([torch.eye(2), S])
for name, call in [("inv", lambda: torch.linalg.inv(batch)),
                   ("solve", lambda: torch.linalg.solve(batch, torch.ones(2, 2)))]:
    try:
        call()
    except torch.linalg.LinAlgError as err:
        print(f"{name}, batch: {err}")

# %% example-for: singular-matrix-error
# When rounding hides the singularity: no error, huge numbers
# -----------------------------------------------------------
#
# A product of a ``(3, 2)`` and a ``(2, 3)`` matrix has rank 2, so it is
# singular, but rounding almost never produces an exact zero pivot: ``inv``
# and ``solve`` return enormous numbers without any error, and ``R @ x`` is
# far from ``b``. ``cond`` (near ``1 / eps``) and ``matrix_rank`` reveal it;
# check them when the input may be singular.

R = torch.randn(3, 2, dtype=torch.float64) @ torch.randn(2, 3, dtype=torch.float64)
b = torch.ones(3, dtype=torch.float64)
x = torch.linalg.solve(R, b)
print(f"largest |inv(R)| entry : {torch.linalg.inv(R).abs().max().item():.0e}")
print(f"largest |x|            : {x.abs().max().item():.0e}")
print(f"residual ||R x - b||   : {torch.linalg.vector_norm(R @ x - b).item():.1f}")
print(f"cond(R)                : {torch.linalg.cond(R).item():.0e}")
print("matrix_rank(R)         :", torch.linalg.matrix_rank(R).item())
assert torch.linalg.inv(R).abs().max() > 1e10 and torch.linalg.cond(R) > 1e12
assert torch.linalg.matrix_rank(R) == 2 and torch.linalg.vector_norm(R @ x - b) > 1e-3

# %% example-for: torch.linalg.inv
# inv: the inverse, batched
# -------------------------
#
# ``inv(A) @ A`` is the identity up to rounding. Batches of square matrices
# are inverted one by one. Only square floating-point or complex matrices are
# accepted; for rectangular ones use ``pinv``.

A = torch.randn(2, 3, 3, dtype=torch.float64)
Ainv = torch.linalg.inv(A)
eye = torch.eye(3, dtype=torch.float64)
print(tuple(Ainv.shape), torch.allclose(Ainv @ A, eye), torch.allclose(A @ Ainv, eye))
assert torch.allclose(Ainv @ A, eye)
for label, a in {"(3, 5)": torch.randn(3, 5), "integer": torch.tensor([[1, 2], [3, 4]])}.items():
    try:
        torch.linalg.inv(a)
    except RuntimeError as err:
        print(f"{label}: RuntimeError: {err}")

# %% example-for: torch.linalg.det
# det: the determinant, and why it is no test of singularity
# ----------------------------------------------------------
#
# ``det`` works on batches and returns one value per matrix. A small
# determinant does not mean a nearly singular matrix: ``1e-5 * I`` has
# determinant ``1e-15`` and condition number 1. Use ``cond`` or
# ``matrix_rank`` to judge singularity. A singular matrix gives 0 (here
# ``-0.``) only when the LU factorization meets an exact zero pivot, as for
# ``S``; the rank-2 matrix ``R`` above gets a tiny nonzero determinant
# instead, and a finite ``logabsdet``.

print(torch.linalg.det(torch.tensor([[1.0, 2.0], [3.0, 4.0]])))
print(tuple(torch.linalg.det(torch.randn(4, 3, 3)).shape))
small = 1e-5 * torch.eye(3, dtype=torch.float64)
print(f"det(1e-5 * I) = {torch.linalg.det(small).item():.0e}, cond = {torch.linalg.cond(small).item():.1f}")
print("det of a singular matrix:", torch.linalg.det(S))
print(f"det(R) = {torch.linalg.det(R).item():.0e}, logabsdet(R) = {torch.linalg.slogdet(R).logabsdet.item():.1f}")
assert torch.linalg.det(R) != 0 and torch.linalg.det(R).abs() < 1e-10
assert torch.isfinite(torch.linalg.slogdet(R).logabsdet)
try:
    torch.linalg.det(torch.randn(2, 3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.linalg.slogdet, torch.linalg.det
# slogdet: sign and log|det| without overflow
# -------------------------------------------
#
# The determinant of ``0.1 * I`` of size 100 is ``1e-100``, which underflows
# float32 to 0; that of ``10 * I`` overflows to ``inf``. ``slogdet`` returns
# ``(sign, logabsdet)`` with ``det = sign * exp(logabsdet)``, which stays
# finite. A singular matrix whose LU factorization meets an exact zero pivot,
# such as ``S``, gives sign 0 and ``logabsdet = -inf``; a complex
# matrix gives a complex sign of modulus 1. ``torch.logdet`` gives ``nan``
# for a negative determinant.

for scale in (0.1, 10.0):
    A = scale * torch.eye(100)
    sign, logabsdet = torch.linalg.slogdet(A)
    print(f"{scale} * I(100): det = {torch.linalg.det(A).item()}, sign = {sign.item()}, logabsdet = {logabsdet.item():.4f}")
assert torch.linalg.det(0.1 * torch.eye(100)) == 0 and torch.isinf(torch.linalg.det(10 * torch.eye(100)))
print(torch.linalg.slogdet(torch.tensor([[0.0, 1.0], [1.0, 0.0]])))
print(torch.linalg.slogdet(S))
print(torch.linalg.slogdet(torch.tensor([[1j, 0], [0, 1]])))
swap = torch.tensor([[0.0, 1.0], [1.0, 0.0]])
print("det of swap:", torch.linalg.det(swap), "| torch.logdet:", torch.logdet(swap))
A = torch.randn(3, 3, dtype=torch.float64)
sign, logabsdet = torch.linalg.slogdet(A)
assert torch.allclose(sign * logabsdet.exp(), torch.linalg.det(A))

# %% example-for: torch.linalg.cond
# cond: the ratio of the largest to the smallest singular value
# -------------------------------------------------------------
#
# With the default ``p=None`` (the 2-norm) ``cond`` is
# ``sigma_max / sigma_min``, computed from the singular values, and it accepts
# rectangular matrices. The other norms (``'fro'``, ``'nuc'``, ``1``,
# ``inf``, ...) need a square matrix and use its inverse; ``p=-2`` gives the
# reciprocal ``sigma_min / sigma_max``. A matrix whose smallest singular value
# comes out exactly 0 gives ``inf``. Here the singular matrix ``S`` gives a
# large finite number instead, in both precisions, because rounding leaves a
# tiny nonzero singular value; with ``p='fro'`` it gives ``inf`` (no error),
# since its inverse fails. A condition number beyond ``1 / eps`` cannot be
# computed accurately in that dtype: the last line computes the condition
# number of one and the same float32 Hilbert matrix in float32 and, after
# ``.double()``, in float64 (the assert requires them to differ by a factor
# of more than 1.5).

A = torch.randn(4, 4, dtype=torch.float64)
sv = torch.linalg.svdvals(A)
assert torch.allclose(torch.linalg.cond(A), sv[0] / sv[-1])
assert torch.allclose(torch.linalg.cond(A, -2), sv[-1] / sv[0])
print(f"cond of I: {torch.linalg.cond(torch.eye(3)).item()}, cond of (3, 5): {torch.linalg.cond(torch.randn(3, 5)).item():.2f}")
print("diag(1, 0)           :", torch.linalg.cond(torch.tensor([[1.0, 0.0], [0.0, 0.0]])))
print("S, float32           :", torch.linalg.cond(S))
print("S, float64           :", torch.linalg.cond(S.double()))
print("S, p='fro'           :", torch.linalg.cond(S, "fro"))
H32 = hilbert(8, torch.float32)
c32, c64 = torch.linalg.cond(H32).item(), torch.linalg.cond(H32.double()).item()
print(f"float32 Hilbert 8 x 8: cond computed in float32 {c32:.1e}, in float64 {c64:.1e}")
assert max(c32, c64) > 1.5 * min(c32, c64)
assert torch.isfinite(torch.linalg.cond(S)) and torch.isinf(torch.linalg.cond(S, "fro"))
try:
    torch.linalg.cond(torch.randn(3, 5), "fro")
except RuntimeError as err:
    print(f"(3, 5) with p='fro': RuntimeError: {err}")
