"""
Reductions: dim, keepdim and the shape that comes out
=====================================================

A reduction combines many elements into one: a sum, a mean, a maximum. Without
``dim`` it combines all elements and returns a zero-dimensional tensor. With
``dim`` it combines along that dimension only, and that dimension disappears
from the shape unless ``keepdim=True`` keeps it with size 1. This script shows
the rule on a small matrix, with a tuple of dimensions and with negative
dimensions, then prints the shapes every reduction of the page returns.
"""

import torch

# %% example-for: reduction-dim-keepdim
# The reduced dimension disappears
# --------------------------------
#
# ``a`` has shape ``(2, 3)``: 2 rows, 3 columns. ``dim=0`` combines the two
# rows (one mean per column, shape ``(3,)``); ``dim=1`` combines the three
# columns (one mean per row, shape ``(2,)``). With ``keepdim=True`` the
# reduced dimension stays, with size 1.

a = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.float32)
print("a.shape:", a.shape)
print("mean(a)                  :", torch.mean(a), tuple(torch.mean(a).shape))
print("mean(a, dim=0)           :", torch.mean(a, dim=0), tuple(torch.mean(a, dim=0).shape))
print("mean(a, dim=1)           :", torch.mean(a, dim=1), tuple(torch.mean(a, dim=1).shape))
kept = torch.mean(a, dim=1, keepdim=True)
print("mean(a, dim=1, keepdim=True):")
print(kept, tuple(kept.shape))
assert torch.mean(a, dim=0).tolist() == [2.5, 3.5, 4.5]
assert torch.mean(a, dim=1).tolist() == [2.0, 5.0]
assert kept.shape == (2, 1)

# %% example-for: reduction-dim-keepdim
# Why keepdim: broadcasting back against the input
# ------------------------------------------------
#
# A kept dimension of size 1 broadcasts against the input, so the result can
# be subtracted from it directly. Without ``keepdim`` the ``(2,)`` row means
# are aligned with the *last* dimension of ``a`` (size 3) and the subtraction
# fails.

print(a - a.mean(dim=1, keepdim=True))
try:
    a - a.mean(dim=1)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
# Column means happen to work without keepdim: (3,) aligns with the last dim.
print(a - a.mean(dim=0))

# %% example-for: reduction-dim-keepdim
# Several dimensions at once, and negative dimensions
# ---------------------------------------------------
#
# Many reductions accept a tuple of dimensions and remove all of them.
# Negative dimensions count from the end: ``-1`` is the last one.

x = torch.arange(24.0).reshape(2, 3, 4)
print("x.shape:", tuple(x.shape))
print("sum(dim=(0, 2))               ->", tuple(x.sum(dim=(0, 2)).shape), x.sum(dim=(0, 2)))
print("sum(dim=(0, 2), keepdim=True) ->", tuple(x.sum(dim=(0, 2), keepdim=True).shape))
print("sum(dim=-1)                   ->", tuple(x.sum(dim=-1).shape))
assert torch.equal(x.sum(dim=-1), x.sum(dim=2))
assert torch.equal(x.sum(dim=(0, 2)), x.sum(dim=2).sum(dim=0))
try:
    x.sum(dim=3)
except IndexError as err:
    print(f"IndexError: {err}")

# %% example-for: reduction-dim-keepdim
# The shapes every reduction returns
# ----------------------------------
#
# The same input of shape ``(2, 3, 4)`` through every reduction of this page
# (for those returning a tuple, the shape of its first tensor). "TypeError"
# marks a call the function refuses: a tuple of dims is accepted by the
# ``sum``/``mean``/``std``/``amax``/``all``/``logsumexp`` family, not by the
# functions that return indices, nor by ``aminmax`` and ``prod``. ``mode`` reduces
# the last dimension when ``dim`` is omitted, ``logsumexp`` requires ``dim``,
# and ``count_nonzero`` has no ``keepdim``.

names = [
    "sum", "mean", "nanmean", "nansum", "prod", "std", "var", "std_mean",
    "var_mean", "max", "min", "argmax", "argmin", "amax", "amin", "aminmax",
    "all", "any", "median", "nanmedian", "mode", "logsumexp", "norm",
    "count_nonzero",
]
calls = {
    "no dim": {},
    "dim=1": {"dim": 1},
    "dim=-1": {"dim": -1},
    "dim=(0,2)": {"dim": (0, 2)},
    "dim=1,keepdim": {"dim": 1, "keepdim": True},
}


def shape_of(fn, kwargs):
    try:
        out = fn(x, **kwargs)
    except TypeError:
        return "TypeError"
    first = out[0] if isinstance(out, tuple) else out
    return str(tuple(first.shape))


table = {}
print((f"{'function':<14}" + "".join(f"{c:<15}" for c in calls)).rstrip())
for name in names:
    row = [shape_of(getattr(torch, name), kw) for kw in calls.values()]
    table[name] = row
    print((f"{name:<14}" + "".join(f"{s:<15}" for s in row)).rstrip())

assert table["mode"][0] == "(2, 3)" and table["logsumexp"][0] == "TypeError"
assert table["count_nonzero"][4] == "TypeError"
assert all(table[n][3] == "TypeError" for n in ["prod", "max", "argmax", "aminmax", "median", "mode"])
assert all(table[n][3] == "(3,)" for n in ["sum", "mean", "std", "amax", "all", "logsumexp", "count_nonzero"])
