"""
expm1 and log1p: precision near zero, and torch.special
=======================================================

``exp(x) - 1`` and ``log(1 + x)`` lose most of their significant digits when
``x`` is close to 0, because the intermediate ``exp(x)`` or ``1 + x`` is
rounded to a number close to 1 first. ``torch.expm1`` and ``torch.log1p``
compute the same functions without that intermediate step. This script
measures the difference in ``float32`` against a ``float64`` reference, draws
it, and compares ``torch.special`` with ``scipy.special``.
"""

import matplotlib.pyplot as plt
import numpy as np
import scipy.special
import torch

# %% example-for: pointwise-expm1-log1p
# The naive formulas against expm1 and log1p
# ------------------------------------------
#
# ``float32`` keeps about 7 significant digits. ``exp(1e-7)`` is
# 1.0000001, which ``float32`` can only store as 1 + 1.19e-7 (the spacing of
# ``float32`` numbers just above 1); subtracting 1 then returns that spacing,
# not 1e-7. For ``x = 1e-8``, ``exp(x)`` rounds to exactly 1 and the naive
# result is 0. The reference is computed in ``float64`` from the same
# ``float32`` inputs.

x = torch.tensor([1e-1, 1e-3, 1e-5, 1e-7, 1e-8])
ref_e = torch.expm1(x.double())
ref_l = torch.log1p(x.double())
naive_e, good_e = torch.exp(x) - 1, torch.expm1(x)
naive_l, good_l = torch.log(1 + x), torch.log1p(x)
print("float32 spacing above 1:", torch.finfo(torch.float32).eps)
print(f"{'x':>8} {'exp(x)-1':>12} {'expm1(x)':>12} {'log(1+x)':>12} {'log1p(x)':>12}")
for k in range(len(x)):
    print(
        f"{x[k].item():8.0e} {naive_e[k].item():12.5e} {good_e[k].item():12.5e}"
        f" {naive_l[k].item():12.5e} {good_l[k].item():12.5e}"
    )


def rel_err(approx, ref):
    return ((approx.double() - ref).abs() / ref.abs()).max().item()


print("largest relative error, exp(x) - 1:", rel_err(naive_e, ref_e), "| expm1:", rel_err(good_e, ref_e))
print("largest relative error, log(1 + x):", rel_err(naive_l, ref_l), "| log1p:", rel_err(good_l, ref_l))
assert naive_e[-1] == 0 and naive_l[-1] == 0
assert rel_err(good_e, ref_e) < 1e-6 and rel_err(good_l, ref_l) < 1e-6
assert rel_err(naive_e, ref_e) > 0.1 and rel_err(naive_l, ref_l) > 0.1

# %% example-for: pointwise-expm1-log1p
# Relative error across a log range of x
# --------------------------------------
#
# 400 values of ``x`` from 1e-10 to 1, in ``float32``. The naive formulas'
# relative error grows as ``x`` shrinks (roughly like ``1 / x``) and reaches 1
# (100 %) where the result collapses to 0; ``expm1`` and ``log1p`` stay at
# the level of ``float32`` rounding over the whole range. Errors of exactly 0
# are drawn at 1e-10 so that the log axis can show them.

x = torch.logspace(-10, 0, 400)
ref_e = torch.expm1(x.double())
ref_l = torch.log1p(x.double())
curves = {
    "exp(x) - 1": (torch.exp(x) - 1, ref_e),
    "expm1(x)": (torch.expm1(x), ref_e),
    "log(1 + x)": (torch.log(1 + x), ref_l),
    "log1p(x)": (torch.log1p(x), ref_l),
}
fig, ax = plt.subplots(figsize=(6, 3.5))
for (label, (approx, ref)), style in zip(curves.items(), ["-", "-", "--", "--"]):
    err = ((approx.double() - ref).abs() / ref.abs()).clamp(min=1e-10)
    ax.loglog(x, err, style, label=label)
ax.set_xlabel("x (float32)")
ax.set_ylabel("relative error vs float64")
ax.grid(True, which="major")
ax.legend(fontsize="small")
plt.tight_layout()
plt.show()
for label, (approx, ref) in curves.items():
    err = (approx.double() - ref).abs() / ref.abs()
    print(f"{label:>11}: max relative error {err.max().item():.2e}")

# %% example-for: torch.expm1
# expm1(x) = exp(x) - 1, accurate near 0
# --------------------------------------
#
# Use it whenever the result of ``exp`` is about to have 1 subtracted, for
# example in compound interest ``(1 + r) ** n - 1 = expm1(n * log1p(r))``.
# For large ``x`` it overflows like ``exp``; for very negative ``x`` it
# tends to -1.

x = torch.tensor([-50.0, -1.0, 0.0, 1e-6, 1.0, 100.0])
print(torch.expm1(x))
print(torch.exp(x) - 1)
print(torch.expm1(torch.tensor([1, 2])).dtype)
em = x.clone()
out = em.expm1_()  # in place: overwrites em and returns it
print("expm1_ in place equals expm1(x):", torch.equal(em, x.expm1()), "| returns em itself:", out is em)
near = torch.linspace(88.7, 88.75, 5001)
assert torch.equal(torch.isinf(torch.expm1(near)), torch.isinf(torch.exp(near)))

r, n = torch.tensor(1e-6), 12
print("(1 + r) ** n - 1      :", ((1 + r) ** n - 1).item())
print("expm1(n * log1p(r))   :", torch.expm1(n * torch.log1p(r)).item())
print("float64 reference     :", ((1 + r.double()) ** n - 1).item())

# %% example-for: torch.log1p
# log1p(x) = log(1 + x), accurate near 0
# --------------------------------------
#
# Defined for ``x > -1``: ``log1p(-1)`` is ``-inf`` and below -1 the result
# is ``nan``. It is the inverse of ``expm1``.

x = torch.tensor([-2.0, -1.0, -0.5, 0.0, 1e-6, 1.0])
print(torch.log1p(x))
print(torch.log(1 + x))
y = torch.tensor([1e-6, 0.1, 2.0])
print("log1p(expm1(y)) == y:", torch.allclose(y.expm1().log1p(), y))
print(torch.log1p(torch.tensor([0, 1])).dtype)
lp = y.clone()
out = lp.log1p_()  # in place: overwrites lp and returns it
print("lp.log1p_():", lp, "| returns lp itself:", out is lp)

# %% example-for: torch.special.expm1, torch.special.log1p
# torch.special.expm1 and log1p are the same functions
# ----------------------------------------------------
#
# ``torch.special.expm1`` and ``torch.special.log1p`` are aliases of
# ``torch.expm1`` and ``torch.log1p``: separate Python objects, identical
# results (bit for bit).

x = torch.logspace(-10, 1, 12)
print(torch.special.expm1(x))
print(torch.special.log1p(x))
print("same object:", torch.special.expm1 is torch.expm1, torch.special.log1p is torch.log1p)
assert torch.equal(torch.special.expm1(x), torch.expm1(x))
assert torch.equal(torch.special.log1p(x), torch.log1p(x))
print("equal results:", torch.equal(torch.special.expm1(x), torch.expm1(x)), torch.equal(torch.special.log1p(x), torch.log1p(x)))

# %% example-for: pointwise-special-scipy
# torch.special next to scipy.special
# -----------------------------------
#
# Many ``torch.special`` functions take their names and definitions from
# ``scipy.special``. The same ``float64`` inputs give the same values up to
# the last digit or two. ``torch.special`` has only a subset of SciPy's
# functions.

xs = np.array([1e-10, 1e-5, 0.25, 0.5, 0.75])
t = torch.from_numpy(xs)
pairs = [
    ("expm1", torch.special.expm1, scipy.special.expm1),
    ("log1p", torch.special.log1p, scipy.special.log1p),
    ("expit", torch.special.expit, scipy.special.expit),
    ("logit", torch.special.logit, scipy.special.logit),
    ("erf", torch.special.erf, scipy.special.erf),
    ("gammaln", torch.special.gammaln, scipy.special.gammaln),
    ("ndtr", torch.special.ndtr, scipy.special.ndtr),
    ("i0", torch.special.i0, scipy.special.i0),
]
print("x =", xs)
for name, tf, sf in pairs:
    ours, theirs = tf(t).numpy(), sf(xs)
    print(f"{name:>8} torch: {np.array2string(ours, precision=8)}")
    print(f"{'':>8} scipy: {np.array2string(theirs, precision=8)}")
    print(f"{'':>8} largest absolute difference: {np.max(np.abs(ours - theirs)):.1e}")
    assert np.allclose(ours, theirs, rtol=1e-12, atol=0)
missing = [n for n in ("jv", "beta", "gamma") if hasattr(scipy.special, n) and not hasattr(torch.special, n)]
print("in scipy.special but not in torch.special:", missing)
assert missing == ["jv", "beta", "gamma"]

# %% example-for: pointwise-special-scipy
# Not every name is SciPy's
# -------------------------
#
# Many ``torch.special`` functions have no function of the same name in
# ``scipy.special``: the Bessel functions are ``bessel_j0``,
# ``modified_bessel_k0``, ... where SciPy has ``j0``, ``k0``, ..., and the
# orthogonal polynomials are ``chebyshev_polynomial_t(x, n)``, ... where
# SciPy has ``eval_chebyt(n, x)``, with the arguments in the other order.
# The values agree under the other names.

public = sorted(n for n in dir(torch.special) if not n.startswith("_") and n != "Tensor"
                and callable(getattr(torch.special, n)))
renamed = [n for n in public if not hasattr(scipy.special, n)]
print(f"{len(renamed)} of {len(public)} torch.special functions have no same-named scipy.special function:")
print(renamed)
assert "bessel_j0" in renamed and "expit" not in renamed
xs = np.array([0.25, 0.5, 0.75])
t = torch.from_numpy(xs)
other_names = [
    ("bessel_j0", torch.special.bessel_j0(t), "j0", scipy.special.j0(xs)),
    ("modified_bessel_k0", torch.special.modified_bessel_k0(t), "k0", scipy.special.k0(xs)),
    ("chebyshev_polynomial_t(x, 3)", torch.special.chebyshev_polynomial_t(t, 3),
     "eval_chebyt(3, x)", scipy.special.eval_chebyt(3, xs)),
]
for torch_name, ours, scipy_name, theirs in other_names:
    print(f"torch.special.{torch_name} vs scipy.special.{scipy_name}: "
          f"largest absolute difference {np.max(np.abs(ours.numpy() - theirs)):.1e}")
    assert np.allclose(ours.numpy(), theirs, rtol=1e-12, atol=0)
