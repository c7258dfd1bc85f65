"""
Elementwise maximum and minimum, NaN and infinity
=================================================

``maximum`` and ``minimum`` compare two tensors element by element and let a
``nan`` win; ``fmax`` and ``fmin`` do the same but ignore a ``nan`` when the
other value is a number. ``torch.max(x, dim)`` is something else: a
reduction. ``isfinite`` and ``isinf`` find the values that are not ordinary
numbers.
"""

import torch

nan, inf = float("nan"), float("inf")

# %% example-for: mathmore-nan-max, torch.maximum, torch.minimum, torch.fmax, torch.fmin
# NaN propagates through maximum, not through fmax
# ------------------------------------------------
#
# Where one operand is ``nan``, ``maximum`` and ``minimum`` return ``nan``;
# ``fmax`` and ``fmin`` return the other operand. Where both are ``nan``, all
# four return ``nan``.

a = torch.tensor([1.0, nan, 3.0, nan])
b = torch.tensor([2.0, 2.0, nan, nan])
print("a          :", a)
print("b          :", b)
print("maximum    :", torch.maximum(a, b))
print("minimum    :", torch.minimum(a, b))
print("fmax       :", torch.fmax(a, b))
print("fmin       :", torch.fmin(a, b))
assert torch.isnan(torch.maximum(a, b)[1:]).all() and torch.isnan(torch.minimum(a, b)[1:]).all()
assert torch.equal(torch.fmax(a, b)[:3], torch.tensor([2.0, 2.0, 3.0]))
assert torch.equal(torch.fmin(a, b)[:3], torch.tensor([1.0, 2.0, 3.0]))
assert torch.isnan(torch.fmax(a, b)[3]) and torch.isnan(torch.fmin(a, b)[3])
assert torch.allclose(a.fmin(b), torch.fmin(a, b), equal_nan=True)
# The reductions behave like maximum: one nan makes the result nan.
print("max(a), amax(a):", torch.max(a), torch.amax(a))

# %% example-for: mathmore-nan-max, torch.fmax
# A NaN-safe running maximum
# --------------------------
#
# ``fmax`` is the tool for "the largest value seen so far, skipping missing
# readings": a ``nan`` reading leaves the running value unchanged.

readings = torch.tensor([[0.5, 2.0], [nan, 1.0], [1.5, nan]])
best_max = torch.full((2,), -inf)
best_fmax = torch.full((2,), -inf)
for row in readings:
    best_max = best_max.maximum(row)
    best_fmax = best_fmax.fmax(row)
print("with maximum:", best_max)
print("with fmax   :", best_fmax)
assert torch.equal(best_fmax, torch.tensor([1.5, 2.0]))
# There is no NaN-ignoring max reduction (no torch.nanmax), unlike nansum and nanmean.
print("torch.nanmax exists:", hasattr(torch, "nanmax"), "| torch.nansum exists:", hasattr(torch, "nansum"))
assert not hasattr(torch, "nanmax")
print("max over rows, nan replaced by -inf:", torch.nan_to_num(readings, nan=-inf).amax(dim=0))

# %% example-for: mathmore-max-vs-maximum, torch.maximum
# max(x, dim) reduces, maximum(a, b) compares
# -------------------------------------------
#
# ``torch.max(x, dim)`` reduces one tensor along ``dim`` and returns a named
# tuple of values and indices. ``torch.maximum(a, b)`` takes two tensors,
# broadcasts them and returns one tensor of their larger elements.
# ``torch.max(a, b)`` with a second tensor is the same as ``maximum``.

x = torch.tensor([[1, 7, 3], [4, 2, 9]])
print("x:", x, sep="\n")
reduced = torch.max(x, dim=1)
print("max(x, dim=1):", reduced)
print("maximum(x[0], x[1]):", torch.maximum(x[0], x[1]))
print("max(x[0], x[1])    :", torch.max(x[0], x[1]))
print("maximum(x, 5) with a broadcast 0-d tensor:", torch.maximum(x, torch.tensor(5)), sep="\n")
assert reduced.values.shape == (2,) and torch.maximum(x[0], x[1]).shape == (3,)
assert torch.equal(torch.max(x[0], x[1]), torch.maximum(x[0], x[1]))
# maximum needs a tensor as its second argument; clamp takes a number.
try:
    torch.maximum(x, 5)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
print("clamp(x, min=5):", torch.clamp(x, min=5), sep="\n")
assert torch.equal(torch.clamp(x, min=5), torch.maximum(x, torch.tensor(5)))

# %% example-for: torch.maximum, torch.minimum
# Mixed dtypes and broadcasting
# -----------------------------
#
# The operands broadcast, and the result dtype follows type promotion.

ints = torch.tensor([1, 5, 9])
floats = torch.tensor([[2.5], [6.5]])
m = ints.maximum(floats)
print(m, m.dtype, m.shape)
print(ints.minimum(floats))
assert m.dtype == torch.float32 and m.shape == (2, 3)

# %% example-for: torch.isfinite, torch.isinf
# isfinite and isinf
# ------------------
#
# ``isfinite`` is ``True`` for ordinary numbers; ``isinf`` for ``inf`` and
# ``-inf`` only. ``nan`` is neither finite nor infinite. Integer tensors are
# always finite. ``isposinf`` and ``isneginf`` tell the two infinities apart.

v = torch.tensor([1.0, nan, inf, -inf, 0.0])
print("v          :", v)
print("isfinite   :", torch.isfinite(v))
print("isinf      :", torch.isinf(v))
print("isnan      :", torch.isnan(v))
print("isposinf   :", torch.isposinf(v))
assert torch.equal(v.isfinite(), ~(v.isinf() | v.isnan()))
print("integers   :", torch.isfinite(torch.tensor([1, 2])), torch.isinf(torch.tensor([1, 2])))
# Typical use: keep only the finite values, or check a loss before backward().
print("finite only:", v[torch.isfinite(v)])
print("all finite :", torch.isfinite(v).all().item())
# A complex number is infinite when either part is.
print("complex    :", torch.isinf(torch.tensor([complex(1, inf), complex(1, 2)])))
# Comparing with inf finds only +inf, and == nan never matches.
print("v == inf   :", v == inf, "| v == nan:", v == nan)
