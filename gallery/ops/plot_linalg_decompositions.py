"""
Decompositions: svd, qr, eigh, eig, cholesky
============================================

Each decomposition writes a matrix as a product of simpler ones. This script
checks every factorization by multiplying the factors back, shows the
shapes ``full_matrices`` and ``mode`` choose, shows that singular vectors
and eigenvectors are fixed only up to sign (so compare reconstructions, not
vectors), contrasts ``eigh`` with ``eig``, and prints the error
``cholesky`` raises on a matrix that is not positive-definite.
"""

import torch

torch.manual_seed(0)

# %% example-for: svd-full-matrices, torch.linalg.svd
# svd: full_matrices and the reconstruction
# -----------------------------------------
#
# For an ``(m, n)`` matrix ``A = U @ diag(S) @ Vh``. ``S`` holds the
# ``min(m, n)`` singular values in decreasing order, and ``Vh`` is already
# the conjugate transpose of ``V``. With ``full_matrices=True`` (the default)
# ``U`` is ``(m, m)``, so ``U @ diag(S) @ Vh`` does not even have matching
# shapes; ``full_matrices=False`` gives ``U`` of shape ``(m, min(m, n))``,
# the form to use for a reconstruction. The older ``torch.svd`` returns ``V``
# itself, and the reduced form unless ``some=False``.

A = torch.randn(4, 3, dtype=torch.float64)
U, S, Vh = torch.linalg.svd(A)
print("full_matrices=True :", tuple(U.shape), tuple(S.shape), tuple(Vh.shape))
try:
    U @ torch.diag(S) @ Vh
except RuntimeError as err:
    print(f"U @ diag(S) @ Vh: RuntimeError: {err}")
U, S, Vh = torch.linalg.svd(A, full_matrices=False)
print("full_matrices=False:", tuple(U.shape), tuple(S.shape), tuple(Vh.shape))
print("S:", S)
assert torch.allclose(U @ torch.diag(S) @ Vh, A)
assert torch.allclose(U * S @ Vh, A)  # scaling the columns of U is the same
assert torch.allclose(U.mT @ U, torch.eye(3, dtype=torch.float64))
assert torch.all(S[:-1] >= S[1:])
print("reconstruction equals A:", torch.allclose(U @ torch.diag(S) @ Vh, A))
# The older torch.svd returns V (not Vh) and the reduced form by default.
U_old, S_old, V_old = torch.svd(A)
print("torch.svd:", tuple(U_old.shape), tuple(S_old.shape), tuple(V_old.shape))
assert torch.allclose(U_old @ torch.diag(S_old) @ V_old.mT, A)

# %% example-for: svd-sign, torch.linalg.svd
# Singular vectors are unique only up to sign
# -------------------------------------------
#
# Flipping the sign of column ``i`` of ``U`` together with row ``i`` of
# ``Vh`` leaves the product unchanged, so any routine may return either
# sign. Here the SVD of ``A`` is compared with the SVD of ``A.T``, whose
# ``U`` and ``V`` swap roles: the printed signs say, column by column,
# whether the two routines returned the same vector (``1``) or its negative
# (``-1``). Compare reconstructions, or absolute values, never the vectors.

Ut, St, Vht = torch.linalg.svd(A.mT, full_matrices=False)
signs = torch.sign((U * Vht.mT).sum(dim=0))  # +1 where a column agrees, -1 where it is flipped
print("column signs, svd(A) against svd(A.T):", signs)
assert torch.allclose(signs.abs(), torch.ones(3, dtype=torch.float64))
assert torch.allclose(U.abs(), Vht.mT.abs())
flip = torch.tensor([-1.0, 1.0, -1.0], dtype=torch.float64)
assert torch.allclose((U * flip) @ torch.diag(S) @ (flip[:, None] * Vh), A)
print("both reconstruct A:", torch.allclose(U @ torch.diag(S) @ Vh, A),
      torch.allclose((Vht.mT * St) @ Ut.mT, A))

# %% example-for: torch.linalg.svd, linalg-float32-float64
# Batches, and float32 versus float64
# -----------------------------------
#
# Leading dimensions are batches. The relative reconstruction error is a
# small multiple of the dtype's ``eps``: about ``1.2e-7`` for float32,
# ``2.2e-16`` for float64. On the CPU the ``driver=`` argument is refused; it selects a
# cuSOLVER routine on CUDA.

print(tuple(torch.linalg.svd(torch.randn(5, 4, 3), full_matrices=False).U.shape))
for dtype in (torch.float32, torch.float64):
    Ad = torch.randn(50, 30, dtype=dtype)
    U_, S_, Vh_ = torch.linalg.svd(Ad, full_matrices=False)
    rel = torch.linalg.matrix_norm(U_ * S_ @ Vh_ - Ad) / torch.linalg.matrix_norm(Ad)
    print(f"{str(dtype):>13}: eps {torch.finfo(dtype).eps:.1e}, relative reconstruction error {rel.item():.0e}")
    assert rel < 100 * torch.finfo(dtype).eps
try:
    torch.linalg.svd(A, driver="gesvd")
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.linalg.svdvals
# svdvals: only the singular values
# ---------------------------------
#
# ``svdvals`` returns the same values as ``svd(A).S`` without computing the
# vectors; unlike the vectors, the values are unique. The largest
# singular value is the spectral norm, the ratio of largest to smallest the
# condition number.

sv = torch.linalg.svdvals(A)
print(sv)
assert torch.allclose(sv, S)
assert torch.allclose(sv[0], torch.linalg.matrix_norm(A, ord=2))
assert torch.allclose(sv[0] / sv[-1], torch.linalg.cond(A))
print(tuple(torch.linalg.svdvals(torch.randn(5, 4, 3)).shape))

# %% example-for: torch.linalg.qr
# qr: an orthonormal Q and an upper-triangular R
# ----------------------------------------------
#
# ``mode='reduced'`` (default) gives ``Q`` ``(m, k)`` and ``R`` ``(k, n)``
# with ``k = min(m, n)``; ``'complete'`` gives a square ``Q``; ``'r'``
# computes only ``R`` and returns an empty ``Q``. The diagonal of ``R`` may be
# negative: QR is unique only up to those signs.

A = torch.randn(4, 3, dtype=torch.float64)
for mode in ("reduced", "complete", "r"):
    Q, R = torch.linalg.qr(A, mode=mode)
    print(f"{mode:>8}: Q {tuple(Q.shape)}, R {tuple(R.shape)}")
Q, R = torch.linalg.qr(A)
assert torch.allclose(Q @ R, A)
assert torch.allclose(Q.mT @ Q, torch.eye(3, dtype=torch.float64))
assert torch.equal(R, torch.triu(R))
print("diagonal of R:", R.diagonal())
# Making the diagonal positive gives another valid QR of the same A.
d = torch.sign(R.diagonal())
assert torch.allclose((Q * d) @ (d[:, None] * R), A)

# %% example-for: torch.linalg.qr
# QR solves least squares
# -----------------------
#
# For a full-rank tall ``A``, ``x = R^-1 Q^T b`` minimises ``||A x - b||``;
# ``solve_triangular`` uses the triangular shape of ``R``.

b = torch.randn(4, 1, dtype=torch.float64)
x_qr = torch.linalg.solve_triangular(R, Q.mT @ b, upper=True)
assert torch.allclose(x_qr, torch.linalg.lstsq(A, b).solution)
print(x_qr.flatten())

# %% example-for: eigh-vs-eig, torch.linalg.eigh
# eigh: symmetric input, real eigenvalues in ascending order
# ----------------------------------------------------------
#
# For a symmetric (Hermitian) matrix ``A = Q @ diag(L) @ Q.T`` with real
# eigenvalues ``L`` sorted in ascending order and orthonormal eigenvectors
# in the **columns** of ``Q``, all in the input's real dtype.

X = torch.randn(3, 3, dtype=torch.float64)
Sym = X + X.mT
L, Q = torch.linalg.eigh(Sym)
print("eigenvalues:", L, "| dtypes:", L.dtype, Q.dtype)
assert torch.allclose(Q @ torch.diag(L) @ Q.mT, Sym)
assert torch.allclose(Sym @ Q[:, 0], L[0] * Q[:, 0])
assert torch.all(L[:-1] <= L[1:])

# %% example-for: eigh-vs-eig, torch.linalg.eig
# eig: any square matrix, complex results, no order
# -------------------------------------------------
#
# ``eig`` accepts non-symmetric matrices, whose eigenvalues can be complex,
# so it always returns complex tensors, even for a symmetric input, and in no
# particular order. The eigenvector matrix is not orthogonal in general: the
# reconstruction needs its inverse. A complex eigenvector is fixed only up to
# a factor of modulus 1, not just a sign: multiplied by ``exp(i * phi)`` it is
# still an eigenvector of norm 1.

w, V = torch.linalg.eig(Sym)
print("eig of the same matrix:", w)
assert torch.allclose(torch.sort(w.real).values, L) and torch.all(w.imag == 0)
w2, V2 = torch.linalg.eig(X)
print("eig of a non-symmetric matrix:", w2)
assert torch.allclose(V2 @ torch.diag(w2) @ torch.linalg.inv(V2), X.to(torch.complex128))
print("eigenvectors orthonormal:", torch.allclose(V2.mH @ V2, torch.eye(3, dtype=torch.complex128)))
phase = torch.exp(1j * torch.tensor([0.3, 1.0, 2.0], dtype=torch.float64))
assert torch.allclose(X.to(torch.complex128) @ (V2 * phase), (V2 * phase) * w2)
print("eig of diag(3, 1, 2):", torch.linalg.eig(torch.diag(torch.tensor([3.0, 1.0, 2.0]))).eigenvalues)
print("eigh of diag(3, 1, 2):", torch.linalg.eigh(torch.diag(torch.tensor([3.0, 1.0, 2.0]))).eigenvalues)

# %% example-for: eigh-vs-eig, torch.linalg.eigh
# eigh on a non-symmetric matrix: a silent wrong answer
# -----------------------------------------------------
#
# ``eigh`` does not check symmetry: it reads only the lower triangle
# (``UPLO='L'``, the default) or the upper one (``UPLO='U'``) and assumes
# the rest. The rotation by 90 degrees has eigenvalues ``i`` and ``-i``;
# ``eigh`` returns real numbers for the symmetric matrix its lower triangle
# describes.

rot = torch.tensor([[0.0, -1.0], [1.0, 0.0]])
print("eig :", torch.linalg.eig(rot).eigenvalues)
print("eigh:", torch.linalg.eigh(rot).eigenvalues)
print("eigh of the lower triangle made symmetric:",
      torch.linalg.eigh(torch.tensor([[0.0, 1.0], [1.0, 0.0]])).eigenvalues)
assert torch.equal(torch.linalg.eigh(rot).eigenvalues, torch.linalg.eigh(torch.tensor([[0.0, 1.0], [1.0, 0.0]])).eigenvalues)

# %% example-for: cholesky-positive-definite, torch.linalg.cholesky
# cholesky: A = L @ L.T for a positive-definite A
# -----------------------------------------------
#
# ``X @ X.T + c * I`` with ``c > 0`` is symmetric positive-definite.
# ``cholesky`` returns the lower-triangular ``L`` (``upper=True`` returns
# ``L.T``). A symmetric matrix with a negative eigenvalue raises
# ``torch.linalg.LinAlgError`` naming the first leading minor that failed.
# A positive semi-definite one raises it when rounding leaves a pivot at or
# below 0, as for a matrix of ones, but rounding can as well leave a tiny
# positive pivot, and then it passes: the last line counts how many of 20
# singular covariance matrices ``Y @ Y.T`` (``Y`` of shape ``(4, 3)``, rank 3)
# ``cholesky_ex`` accepts (the assert requires at least one of each).

P = X @ X.mT + 0.1 * torch.eye(3, dtype=torch.float64)
Lc = torch.linalg.cholesky(P)
print(Lc)
assert torch.allclose(Lc @ Lc.mT, P) and torch.equal(Lc, torch.tril(Lc))
assert torch.allclose(torch.linalg.cholesky(P, upper=True), Lc.mT)
print("eigenvalues of Sym:", torch.linalg.eigvalsh(Sym))
for name, M in [("Sym", Sym), ("ones(2, 2)", torch.ones(2, 2))]:
    try:
        torch.linalg.cholesky(M)
    except torch.linalg.LinAlgError as err:
        print(f"{name}: torch.linalg.LinAlgError: {err}")
    else:
        raise AssertionError(f"cholesky accepted {name}")
print("cholesky_ex info:", torch.linalg.cholesky_ex(Sym).info.item())
g = torch.Generator().manual_seed(0)
singular = torch.stack([Y @ Y.mT for Y in torch.randn(20, 4, 3, generator=g, dtype=torch.float64)])
accepted = int((torch.linalg.cholesky_ex(singular).info == 0).sum())
print(f"singular covariance matrices accepted: {accepted} of 20")
assert 0 < accepted < 20

# %% example-for: cholesky-positive-definite, torch.linalg.cholesky
# cholesky reads one triangle and does not check symmetry
# -------------------------------------------------------
#
# Like ``eigh``, ``cholesky`` uses only one triangle, the lower one by
# default: a non-symmetric input is factorized without complaint as if its
# upper triangle mirrored the lower one. With ``upper=True`` it reads the
# upper triangle instead, here ``[[4, 100], [100, 3]]``, which is not
# positive-definite. Adding a small multiple of the identity (jitter) is the usual
# fix for a covariance matrix that rounding made slightly indefinite.

odd = torch.tensor([[4.0, 100.0], [2.0, 3.0]])
Lo = torch.linalg.cholesky(odd)
print(Lo)
print("L @ L.T:", Lo @ Lo.mT)
assert torch.allclose(Lo @ Lo.mT, torch.tensor([[4.0, 2.0], [2.0, 3.0]]))
try:
    torch.linalg.cholesky(odd, upper=True)
except torch.linalg.LinAlgError as err:
    print(f"upper=True: torch.linalg.LinAlgError: {err}")
else:
    raise AssertionError("cholesky(upper=True) read the lower triangle")
print(torch.linalg.cholesky(torch.ones(2, 2) + 1e-3 * torch.eye(2)))

# %% example-for: torch.linalg.matrix_exp
# matrix_exp: the exponential of a matrix, not of its elements
# ------------------------------------------------------------
#
# ``matrix_exp(A)`` is the sum of ``A**k / k!`` with matrix powers. For a
# diagonal matrix it exponentiates the diagonal (and leaves the zeros at 0,
# unlike the elementwise ``torch.exp``, which turns them into 1). For the
# skew-symmetric ``theta * [[0, -1], [1, 0]]`` it is the rotation by
# ``theta``. ``exp(A + B)`` equals ``exp(A) @ exp(B)`` when ``A`` and ``B``
# commute (asserted for two diagonal matrices), but not in general otherwise.

D = torch.diag(torch.tensor([0.0, 1.0]))
print("matrix_exp:", torch.linalg.matrix_exp(D))
print("torch.exp :", torch.exp(D))
theta = torch.tensor(torch.pi / 2, dtype=torch.float64)
K = theta * torch.tensor([[0.0, -1.0], [1.0, 0.0]], dtype=torch.float64)
rotation = torch.tensor([[torch.cos(theta), -torch.sin(theta)], [torch.sin(theta), torch.cos(theta)]], dtype=torch.float64)
assert torch.allclose(torch.linalg.matrix_exp(K), rotation)
print("exp(pi/2 * [[0, -1], [1, 0]]) is the rotation by 90 degrees:", torch.allclose(torch.linalg.matrix_exp(K), rotation))
A1 = torch.tensor([[0.0, 1.0], [0.0, 0.0]])
B1 = torch.tensor([[0.0, 0.0], [1.0, 0.0]])
print("exp(A + B)     :", torch.linalg.matrix_exp(A1 + B1))
print("exp(A) @ exp(B):", torch.linalg.matrix_exp(A1) @ torch.linalg.matrix_exp(B1))
D2 = torch.diag(torch.tensor([2.0, -1.0]))
assert torch.allclose(torch.linalg.matrix_exp(D + D2), torch.linalg.matrix_exp(D) @ torch.linalg.matrix_exp(D2))
for label, a in {"(2, 3)": torch.ones(2, 3), "integer": torch.ones(2, 2, dtype=torch.long)}.items():
    try:
        torch.linalg.matrix_exp(a)
    except RuntimeError as err:
        print(f"{label}: RuntimeError: {err}")
