"""
logsumexp, norm and dist: numerics of reductions
================================================

``logsumexp`` computes ``log(sum(exp(x)))`` without overflowing, by
subtracting the maximum first. ``torch.norm`` still works but is deprecated
in favour of ``torch.linalg.vector_norm`` and ``torch.linalg.matrix_norm``,
and its ``p=2`` on a matrix is not the matrix 2-norm. ``dist`` is the p-norm
of a difference.
"""

import warnings

import matplotlib.pyplot as plt
import torch

# %% example-for: reduction-logsumexp, torch.logsumexp
# The naive formula overflows, logsumexp does not
# -----------------------------------------------
#
# ``exp(100)`` is already larger than the largest ``float32``
# (about ``3.4e38``), so ``log(sum(exp(x)))`` gives ``inf``. ``logsumexp``
# uses ``log(sum(exp(x))) = m + log(sum(exp(x - m)))`` with ``m = max(x)``:
# every ``exp`` is then at most 1. Very negative inputs underflow the naive
# formula to ``-inf`` the same way.

x = torch.tensor([100.0, 200.0, 300.0])
print("float32 max      :", torch.finfo(torch.float32).max)
print("exp(88), exp(89) :", torch.exp(torch.tensor(88.0)), torch.exp(torch.tensor(89.0)))
print("naive            :", torch.log(torch.sum(torch.exp(x))))
print("logsumexp        :", torch.logsumexp(x, dim=0))
m = x.max()
print("m + log(sum(exp(x - m))):", m + torch.log(torch.sum(torch.exp(x - m))))
small = torch.tensor([-200.0, -300.0])
print("naive, very negative:", torch.log(torch.exp(small).sum()), "| logsumexp:", torch.logsumexp(small, dim=0))
assert torch.isinf(torch.log(torch.sum(torch.exp(x))))
assert torch.isfinite(x.logsumexp(dim=0))

# %% example-for: reduction-logsumexp
# Where the naive formula breaks
# ------------------------------
#
# Shift the three values ``[0, 1, 2]`` by ``c``; the exact result is
# ``c + logsumexp([0, 1, 2])``. The naive float32 formula returns ``inf``
# once the sum of the exponentials overflows (at ``c = 86.5``, where
# ``exp(2 + c)`` alone is still finite) and ``-inf`` once every ``exp``
# underflows to zero; the cell prints where that happens on a grid of step 0.5.

base = torch.tensor([0.0, 1.0, 2.0])
shifts = torch.linspace(-120, 120, 481)
naive = torch.stack([torch.log(torch.exp(base + c).sum()) for c in shifts])
stable = torch.stack([torch.logsumexp(base + c, dim=0) for c in shifts])
print("first shift with inf :", shifts[torch.isinf(naive) & (naive > 0)][0].item())
print("last shift with -inf :", shifts[torch.isinf(naive) & (naive < 0)][-1].item())
print("logsumexp finite everywhere:", bool(torch.isfinite(stable).all()))
assert torch.isfinite(stable).all() and torch.isinf(naive).any()
first_inf = shifts[torch.isinf(naive) & (naive > 0)][0]
print("at that shift, exp(2 + c):", torch.exp(2 + first_inf), "| sum of the exps:", torch.exp(base + first_inf).sum())
assert torch.isfinite(torch.exp(2 + first_inf)) and torch.isinf(torch.exp(base + first_inf).sum())

fig, ax = plt.subplots(figsize=(6, 3.5))
ok = torch.isfinite(naive)
ax.plot(shifts, stable, label="torch.logsumexp", linewidth=3, alpha=0.5)
ax.plot(shifts[ok], naive[ok], "--", label="log(sum(exp(x))), finite part")
for edge in (shifts[~ok & (shifts > 0)][0], shifts[~ok & (shifts < 0)][-1]):
    ax.axvline(edge, color="red", linewidth=0.8)
ax.set_xlabel("shift c added to [0, 1, 2]")
ax.set_ylabel("result (float32)")
ax.set_title("Naive formula is inf / -inf outside the red lines")
ax.legend()
plt.tight_layout()

# %% example-for: torch.logsumexp
# dim is required
# ---------------
#
# ``dim`` has no default (a tuple is accepted). Integer inputs are computed in
# the default floating dtype. In a log-softmax, ``x - logsumexp(x, dim,
# keepdim=True)`` keeps the dimension for broadcasting.

scores = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
print(torch.logsumexp(scores, dim=1), torch.logsumexp(scores, dim=(0, 1)))
try:
    torch.logsumexp(scores)
except TypeError as err:
    print(f"TypeError: {err}")
print(torch.logsumexp(torch.tensor([1, 2, 3]), dim=0).dtype)
log_probs = scores - torch.logsumexp(scores, dim=1, keepdim=True)
print(torch.allclose(log_probs, torch.log_softmax(scores, dim=1)))

# %% example-for: reduction-norm-deprecated, torch.norm
# torch.norm is deprecated, and its p=2 on a matrix is not the 2-norm
# -------------------------------------------------------------------
#
# ``torch.norm`` emits no warning, but its documentation marks it deprecated.
# Without ``dim`` it treats a matrix as one long vector: ``p=2`` and the
# default ``'fro'`` give the Frobenius norm, while
# ``torch.linalg.matrix_norm(A, ord=2)`` is the spectral norm (largest
# singular value). Likewise ``p=1`` over both dims is the sum of absolute
# values, where ``matrix_norm(ord=1)`` is the largest column sum.

A = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old_2 = torch.norm(A, p=2)
print("warnings emitted:", len(caught), "| docstring says deprecated:", "torch.norm is deprecated" in torch.norm.__doc__)
print("torch.norm(A)               :", torch.norm(A))
print("torch.norm(A, p=2)          :", old_2)
print("linalg.vector_norm(A)       :", torch.linalg.vector_norm(A))
print("linalg.matrix_norm(A)       :", torch.linalg.matrix_norm(A), "(Frobenius)")
print("linalg.matrix_norm(A, ord=2):", torch.linalg.matrix_norm(A, ord=2))
print("torch.norm(A, p=1, dim=(0, 1)):", torch.norm(A, p=1, dim=(0, 1)), "| matrix_norm(ord=1):", torch.linalg.matrix_norm(A, ord=1))
assert not caught and "torch.norm is deprecated" in torch.norm.__doc__
assert torch.allclose(old_2, torch.linalg.vector_norm(A))
assert not torch.allclose(old_2, torch.linalg.matrix_norm(A, ord=2))

# %% example-for: torch.norm
# Vector norms, along a dimension, and integer input
# --------------------------------------------------
#
# For vectors ``torch.norm(v, p)`` equals ``torch.linalg.vector_norm(v, p)``
# (for these arguments ``torch.norm`` hands the work to it, which is why the
# error for an integer tensor names ``linalg.vector_norm``).

v = torch.tensor([3.0, -4.0])
print(torch.norm(v), torch.norm(v, p=1), torch.norm(v, p=float("inf")))
print(torch.linalg.vector_norm(v), torch.linalg.vector_norm(v, ord=1), torch.linalg.vector_norm(v, ord=float("inf")))
print("row norms:", A.norm(dim=1), torch.linalg.vector_norm(A, dim=1))
print("nuclear:", torch.norm(A, p="nuc"), torch.linalg.matrix_norm(A, ord="nuc"))
try:
    torch.norm(torch.tensor([3, 4]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.dist
# dist: the p-norm of a difference
# --------------------------------
#
# ``torch.dist(a, b, p)`` is ``torch.linalg.vector_norm(a - b, p)``: the
# inputs are broadcast, the difference is treated as one flat vector, and one
# number comes out. ``p=0`` counts the positions that differ.

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([4.0, 6.0, 3.0])
for p in (2, 1, float("inf"), 0):
    print(f"p={p}: dist = {torch.dist(a, b, p).item()}, vector_norm(a - b) = {torch.linalg.vector_norm(a - b, p).item()}")
    assert torch.allclose(torch.dist(a, b, p), torch.linalg.vector_norm(a - b, p))
assert torch.equal(a.dist(b, 1), torch.dist(a, b, 1))
print("broadcast (2, 3) vs (3,):", torch.dist(torch.zeros(2, 3), torch.ones(3)))
try:
    torch.dist(torch.tensor([1, 2]), torch.tensor([3, 4]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
