"""
Standard deviation and variance: correction
===========================================

``var`` divides the sum of squared deviations by ``N - correction``;
``std`` is its square root. The default ``correction=1`` is Bessel's
correction (the sample estimate); ``correction=0`` gives the population
value, as NumPy's default ``ddof=0`` does. ``std_mean`` and ``var_mean``
return the spread *first*, then the mean.
"""

import warnings

import numpy as np
import torch

v = torch.tensor([1.0, 2.0, 3.0, 4.0])

# %% example-for: torch.var, torch.std
# correction: N - 1 by default, N with correction=0
# -------------------------------------------------
#
# For ``v = [1, 2, 3, 4]`` the squared deviations from the mean 2.5 sum to 5.
# The default divides by ``N - 1 = 3``; ``correction=0`` divides by ``N = 4``.

sq = ((v - v.mean()) ** 2).sum()
print("sum of squared deviations:", sq)
print("var()              :", torch.var(v), "=", sq / 3)
print("var(correction=0)  :", torch.var(v, correction=0), "=", sq / 4)
print("std()              :", torch.std(v))
print("std(correction=0)  :", torch.std(v, correction=0))
assert torch.allclose(torch.var(v), sq / 3) and torch.allclose(torch.var(v, correction=0), sq / 4)
assert torch.allclose(torch.std(v) ** 2, torch.var(v))
# NumPy divides by N by default (ddof=0):
print("np.var:", np.var(v.numpy()), "| np.std:", np.std(v.numpy()), "| np.std(ddof=1):", np.std(v.numpy(), ddof=1))
assert np.isclose(np.std(v.numpy()), torch.std(v, correction=0).item())

# %% example-for: torch.var, torch.std
# The old spelling unbiased=, and a positional trap
# -------------------------------------------------
#
# ``unbiased=False`` is the older spelling of ``correction=0`` (and
# ``unbiased=True`` of ``correction=1``); torch 2.13 still accepts it without
# a warning. The second positional argument is ``dim`` when it is an int but
# ``unbiased`` when it is a bool, so ``std(v, 0)`` and ``std(v, False)`` mean
# different things. Prefer the keywords ``dim=`` and ``correction=``.

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old = torch.std(v, unbiased=False)
print("std(unbiased=False):", old, "| warnings:", len(caught))
assert not caught and torch.equal(old, torch.std(v, correction=0))
print("std(v, 0)    :", torch.std(v, 0), " (dim=0, correction=1)")
print("std(v, False):", torch.std(v, False), " (unbiased=False)")
assert not torch.equal(torch.std(v, 0), torch.std(v, False))

# %% example-for: torch.var, torch.std
# Along a dimension, and too few elements
# ---------------------------------------
#
# With a single element, ``N - 1`` is zero: the default ``std`` is NaN and a
# ``UserWarning`` says the degrees of freedom are <= 0. Integer tensors are
# refused.

m = torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 9.0]])
print(torch.std(m, dim=1), torch.var(m, dim=0, keepdim=True))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    one = torch.std(torch.tensor([5.0]))
print("std of one element:", one)
for w in caught:
    print(f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")
assert one.isnan() and caught
print("with correction=0:", torch.std(torch.tensor([5.0]), correction=0))
try:
    torch.var(torch.tensor([1, 2, 3]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.std_mean, torch.var_mean
# std_mean and var_mean: the spread comes first
# ---------------------------------------------
#
# Both compute the spread and the mean in one call and return a plain tuple
# ``(std, mean)`` or ``(var, mean)``, in that order. They take the same
# ``dim``, ``correction`` and ``keepdim`` arguments as ``std`` and ``var``.
# Their docstring lists ``out=``, but passing it is refused.

s, mu = torch.std_mean(v)
print("std_mean:", torch.std_mean(v), type(torch.std_mean(v)).__name__)
print("var_mean:", torch.var_mean(v, correction=0))
assert torch.equal(s, torch.std(v)) and torch.equal(mu, torch.mean(v))
var_rows, mean_rows = torch.var_mean(m, dim=1, keepdim=True)
print(var_rows.shape, mean_rows.shape)
print(mean_rows.squeeze(1), var_rows.squeeze(1))
for fn in (torch.std_mean, torch.var_mean):
    try:
        fn(v, out=(torch.empty(()), torch.empty(())))
    except TypeError as err:
        print("TypeError:", str(err).splitlines()[0])
    else:
        raise AssertionError(f"{fn.__name__} accepted out=")
