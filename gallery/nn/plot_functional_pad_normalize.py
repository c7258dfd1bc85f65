"""
pad and normalize
=================

``F.pad`` adds (or removes) elements at the borders of the last dimensions;
its tuple names the last dimension first. ``F.normalize`` divides each slice
along a dimension by its norm. This script shows the order of the pad tuple,
the four padding modes and the input shapes each accepts, negative padding,
and what ``normalize`` computes, including the ``eps`` for a zero row.
"""

import torch
import torch.nn.functional as F

# %% example-for: functional-pad, torch.nn.functional.pad
# The pad tuple starts at the last dimension
# ------------------------------------------
#
# ``(left, right)`` pads the last dimension; ``(left, right, top, bottom)``
# pads the last two; each further pair goes one dimension further to the
# front. The tuple has an even length, at most twice the number of
# dimensions.

x = torch.arange(1.0, 7.0).view(2, 3)
print(F.pad(x, (1, 2)))            # last dim: 1 left, 2 right
print(F.pad(x, (0, 0, 1, 0)))      # last dim untouched, 1 row on top
print(F.pad(x, (1, 1, 1, 1), value=-1.0).shape)
assert F.pad(x, (1, 2)).shape == (2, 6)
assert F.pad(x, (0, 0, 1, 0)).shape == (3, 3)
for bad in ((1, 1, 1), (1, 1, 1, 1, 1, 1)):
    try:
        F.pad(x, bad)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: functional-pad, torch.nn.functional.pad
# The four modes
# --------------
#
# ``constant`` fills with ``value`` (0 by default); ``reflect`` mirrors
# without repeating the edge; ``replicate`` repeats the edge; ``circular``
# wraps around. Shown on a ``(1, 1, 4)`` tensor padded by 2 on each side.

row = torch.arange(1.0, 5.0).view(1, 1, 4)
for mode in ("constant", "reflect", "replicate", "circular"):
    print(f"{mode:9}", F.pad(row, (2, 2), mode=mode)[0, 0])

# %% example-for: functional-pad, torch.nn.functional.pad
# Which inputs the non-constant modes accept
# ------------------------------------------
#
# ``constant`` pads any number of dimensions. ``reflect``, ``replicate`` and
# ``circular`` pad only the last 1, 2 or 3 dimensions of an input that has
# one or two more (an unbatched or a batched signal, image or volume): a
# 1-D tensor, or a 4-D tensor with a pad of length 2, is refused.
# ``reflect`` also needs each pad to be smaller than that dimension,
# ``circular`` at most that dimension, ``replicate`` takes any amount; only
# ``constant`` uses ``value``, the other modes refuse any ``value`` but 0.

for shape in ((4,), (1, 4), (1, 1, 4), (1, 1, 1, 4)):
    try:
        F.pad(torch.ones(shape), (1, 1), mode="reflect")
        print(shape, "ok")
    except NotImplementedError as err:
        print(shape, "NotImplementedError:", str(err).splitlines()[0])
        message = str(err)
print("The full message lists the rule:\n" + message)
for mode in ("replicate", "circular"):  # the same rule as reflect
    for shape in ((4,), (1, 1, 1, 4)):
        try:
            F.pad(torch.ones(shape), (1, 1), mode=mode)
            raise AssertionError("expected NotImplementedError")
        except NotImplementedError:
            pass
print(F.pad(torch.ones(1, 1, 2, 4), (1, 1, 1, 1), mode="reflect").shape)
try:
    F.pad(row, (4, 4), mode="reflect")
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("replicate, 5 > 4:", F.pad(row, (5, 5), mode="replicate").shape)
print("circular, 4 == 4:", F.pad(row, (4, 4), mode="circular").shape)
try:
    F.pad(row, (5, 5), mode="circular")
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    F.pad(row, (1, 1), mode="replicate", value=2.0)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
assert torch.equal(F.pad(row, (1, 1), mode="replicate", value=0.0),
                   F.pad(row, (1, 1), mode="replicate"))  # value=0 is accepted

# %% example-for: functional-pad, torch.nn.functional.pad
# Negative padding crops
# ----------------------

print(F.pad(row, (-1, 0))[0, 0])   # drop one element on the left
print(F.pad(x, (0, 0, 0, -1)))     # drop the last row
assert torch.equal(F.pad(row, (-1, -1)), row[..., 1:-1])

# %% example-for: functional-normalize, torch.nn.functional.normalize
# Unit rows with the defaults
# ---------------------------
#
# ``normalize(x, p=2.0, dim=1, eps=1e-12)`` returns
# ``x / max(||x||_p, eps)``, the norm taken along ``dim``. With the
# defaults, every row of a matrix gets Euclidean length 1.

x = torch.tensor([[3.0, 4.0], [1.0, 1.0], [0.0, -2.0]])
unit = F.normalize(x)
print(unit)
print("row norms:", unit.norm(dim=1))
manual = x / x.norm(p=2, dim=1, keepdim=True).clamp_min(1e-12)
assert torch.equal(unit, manual)
print("p=1, dim=0:\n", F.normalize(x, p=1.0, dim=0))
assert torch.allclose(F.normalize(x, p=1.0, dim=0).abs().sum(dim=0), torch.ones(2))

# %% example-for: torch.nn.functional.normalize
# The default ``dim=1`` is not the last dimension
# -----------------------------------------------
#
# For a ``(batch, seq, features)`` tensor, ``dim=1`` normalises along the
# sequence. Pass ``dim=-1`` to make each feature vector a unit vector.

t = torch.randn(2, 3, 4, generator=torch.Generator().manual_seed(0))
print("default dim=1, norms along dim 1 :", F.normalize(t).norm(dim=1)[0])
print("default dim=1, norms along dim -1:", F.normalize(t).norm(dim=-1)[0])
print("dim=-1,        norms along dim -1:", F.normalize(t, dim=-1).norm(dim=-1)[0])

# %% example-for: functional-normalize, torch.nn.functional.normalize
# ``eps`` keeps a zero row at zero
# --------------------------------
#
# A zero row has norm 0; dividing by ``eps`` instead leaves it zero, where a
# plain division would give ``nan``.

z = torch.tensor([[0.0, 0.0], [3.0, 4.0]])
print(F.normalize(z))
print(z / z.norm(dim=1, keepdim=True))
assert not F.normalize(z).isnan().any()
