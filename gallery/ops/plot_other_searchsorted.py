"""
searchsorted: insertion points, and linear interpolation
========================================================

``torch.searchsorted(sorted_sequence, values)`` finds, for each value, the
index at which it would be inserted to keep the sequence sorted (a binary
search). ``right=`` decides where ties go. This script compares it with
NumPy, shows the batched form, and builds a linear interpolation equivalent
to ``numpy.interp`` on top of it.
"""

import matplotlib.pyplot as plt
import numpy as np
import torch

# %% example-for: searchsorted-right, torch.searchsorted
# right=False and right=True on ties
# ----------------------------------
#
# With the default ``right=False`` (``side='left'``) a value equal to
# elements of the sequence is placed before them: the result ``i`` satisfies
# ``s[i-1] < v <= s[i]``. With ``right=True`` (``side='right'``) it goes after
# them: ``s[i-1] <= v < s[i]``. They differ only for values present in the
# sequence. The result is ``int64``, or ``int32`` with ``out_int32=True``.

s = torch.tensor([1, 3, 3, 3, 5, 7])
v = torch.tensor([0, 3, 4, 7, 8])
left = torch.searchsorted(s, v)
right = torch.searchsorted(s, v, right=True)
print("values:     ", v.tolist())
print("right=False:", left.tolist())
print("right=True: ", right.tolist())
print("side='right' is the same:", torch.equal(right, torch.searchsorted(s, v, side="right")))
print("numpy left/right:", np.searchsorted(s.numpy(), v.numpy()).tolist(),
      np.searchsorted(s.numpy(), v.numpy(), side="right").tolist())
print(left.dtype, torch.searchsorted(s, v, out_int32=True).dtype)
assert left.tolist() == [0, 1, 4, 5, 6] and right.tolist() == [0, 4, 4, 6, 6]

# The count of elements < v (left) and <= v (right):
assert torch.equal(left, (s[None, :] < v[:, None]).sum(dim=1))
assert torch.equal(right, (s[None, :] <= v[:, None]).sum(dim=1))

# Give one of the two. right=True with side='left' is refused, but
# right=False (the default) does not override side='right'.
print(torch.searchsorted(s, v, right=False, side="right").tolist())
try:
    torch.searchsorted(s, v, right=True, side="left")
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.searchsorted
# Shapes: one sequence, or one per row
# ------------------------------------
#
# A 1-D sequence serves values of any shape; the result has the shape of
# ``values``. An N-D sequence is searched row by row: its leading dimensions
# must equal those of ``values``. A Python number as ``values`` gives a 0-D
# result.

print(torch.searchsorted(s, torch.tensor([[2, 6], [3, 9]])))
print(torch.searchsorted(s, 4), torch.searchsorted(s, 4).shape)

rows = torch.tensor([[1, 3, 5], [2, 4, 6]])
print(torch.searchsorted(rows, torch.tensor([[2, 6], [2, 6]])))
try:
    torch.searchsorted(rows, torch.tensor([2, 6]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.searchsorted
# The sequence must be sorted: nothing checks it
# ----------------------------------------------
#
# An unsorted sequence gives a meaningless index without any error. Either
# sort it, or pass ``sorter=``, the indices that would sort it (from
# ``argsort``); the result is then an index into the *sorted* order.

u = torch.tensor([5, 1, 3])
print("unsorted, no error:", torch.searchsorted(u, torch.tensor([2, 4])))
order = torch.argsort(u)
print("with sorter:       ", torch.searchsorted(u, torch.tensor([2, 4]), sorter=order))
print("on sorted copy:    ", torch.searchsorted(u[order], torch.tensor([2, 4])))
# sorter must be int64, as argsort returns it.
try:
    torch.searchsorted(u, torch.tensor([2, 4]), sorter=order.int())
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: searchsorted-interp
# Linear interpolation, like numpy.interp
# ---------------------------------------
#
# PyTorch has no ``interp``. For each ``x``, ``searchsorted(xp, x,
# right=True)`` gives the index ``i`` of the first sample point greater than
# ``x``; clamping it to ``1 .. len(xp) - 1`` picks the segment
# ``xp[i-1] .. xp[i]``, and the value is a weighted average of its two
# ends. Like ``numpy.interp``, values outside ``xp`` take the first or last
# ``fp``. ``xp`` must be increasing.


def interp(x, xp, fp):
    i = torch.searchsorted(xp, x, right=True).clamp(1, len(xp) - 1)
    x0, x1 = xp[i - 1], xp[i]
    y0, y1 = fp[i - 1], fp[i]
    y = y0 + (x - x0) / (x1 - x0) * (y1 - y0)
    y = torch.where(x < xp[0], fp[0], y)
    return torch.where(x > xp[-1], fp[-1], y)


xp = torch.tensor([0.0, 1.0, 2.5, 4.0], dtype=torch.float64)
fp = torch.tensor([0.0, 2.0, 1.0, 3.0], dtype=torch.float64)
x = torch.tensor([-1.0, 0.0, 0.5, 1.0, 2.0, 2.5, 3.9, 4.0, 5.0], dtype=torch.float64)
ours = interp(x, xp, fp)
ref = np.interp(x.numpy(), xp.numpy(), fp.numpy())
print("torch:", ours.tolist())
print("numpy:", ref.tolist())
assert np.allclose(ours.numpy(), ref, rtol=0, atol=1e-12)

# Many points, including the sample points themselves: still the same.
dense = torch.linspace(-1, 5, 601, dtype=torch.float64)
dense = torch.cat([dense, xp])
assert np.allclose(interp(dense, xp, fp).numpy(), np.interp(dense.numpy(), xp.numpy(), fp.numpy()),
                   rtol=0, atol=1e-12)
gap = np.abs(interp(dense, xp, fp).numpy() - np.interp(dense.numpy(), xp.numpy(), fp.numpy())).max()
print("points:", dense.numel(), "| max |torch - numpy| < 1e-12:", gap < 1e-12)

# %% example-for: searchsorted-interp
# The interpolation, drawn
# ------------------------
#
# The sample points (dots) and the interpolated values (line), flat outside
# ``[xp[0], xp[-1]]``.

fig, ax = plt.subplots(figsize=(6, 3.5))
ax.plot(dense[:-len(xp)].numpy(), interp(dense[:-len(xp)], xp, fp).numpy(), label="interp(x, xp, fp)")
ax.plot(xp.numpy(), fp.numpy(), "o", label="(xp, fp)")
ax.set_xlabel("x")
ax.set_ylabel("interpolated value")
ax.legend()
plt.tight_layout()
