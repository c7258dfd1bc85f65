"""
frombuffer, nan_to_num, diff and trapezoid
==========================================

``frombuffer`` makes a 1-D tensor over the memory of any Python object that
exposes a buffer (``bytearray``, ``array.array``, ``memoryview``), without
copying. ``nan_to_num`` replaces ``nan`` and the infinities by finite
numbers. ``diff`` takes differences of neighbours and ``trapezoid``
integrates samples with the trapezoidal rule.
"""

import array
import math
import sys
import warnings

import matplotlib.pyplot as plt
import numpy as np
import torch

# %% example-for: mathmore-frombuffer-shares, torch.frombuffer
# frombuffer shares the buffer's memory
# -------------------------------------
#
# ``dtype`` is required. The bytes are read in the machine's byte order
# (little-endian here) and never copied: a change to the ``bytearray`` shows
# in the tensor, and a write to the tensor changes the ``bytearray``.

buf = bytearray(b"\x01\x02\x03\x04")
t = torch.frombuffer(buf, dtype=torch.uint8)
print("tensor:", t)
buf[0] = 100
print("after buf[0] = 100:", t)
t[1] = 7
print("after t[1] = 7    :", buf)
assert t[0].item() == 100 and buf[1] == 7
print("same 4 bytes as int32:", torch.frombuffer(buf, dtype=torch.int32), "| byte order:", sys.byteorder)
print("count=1, offset=2 as int16:", torch.frombuffer(buf, dtype=torch.int16, count=1, offset=2))
try:
    torch.frombuffer(bytearray(6), dtype=torch.int32)
except ValueError as err:
    print(f"ValueError: {err}")
try:
    torch.frombuffer(buf)
except TypeError as err:
    print(f"TypeError: {err}")
floats = array.array("f", [1.0, 2.0, 3.0])
ft = torch.frombuffer(floats, dtype=torch.float32)
floats[0] = 9.0
print("array.array('f') after floats[0] = 9:", ft)
assert ft[0].item() == 9.0

# %% example-for: mathmore-frombuffer-shares, torch.frombuffer
# A read-only buffer gives a warning, not a read-only tensor
# ----------------------------------------------------------
#
# ``bytes`` is immutable, but PyTorch has no read-only tensors: the tensor
# could write into memory Python considers constant. ``frombuffer`` warns,
# once per process. Copy the data instead (``bytearray(data)`` or
# ``.clone()``) when you want to write. The message's last sentence, naming
# a file inside PyTorch's sources, is cut off here.

data = bytes([1, 2, 3])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    ro = torch.frombuffer(data, dtype=torch.uint8)
for w in caught:
    print(f"{w.category.__name__}: {str(w.message).split(' (Triggered internally')[0]}")
assert len(caught) == 1 and issubclass(caught[0].category, UserWarning)
assert "not writable" in str(caught[0].message)
safe = torch.frombuffer(bytearray(data), dtype=torch.uint8)
safe[0] = 42
print("bytes unchanged:", data, "| writable copy:", safe)
with warnings.catch_warnings(record=True) as again:
    warnings.simplefilter("always")
    torch.frombuffer(bytes([4, 5]), dtype=torch.uint8)
print("warnings from a second read-only buffer:", len(again))
assert len(again) == 0

# %% example-for: mathmore-frombuffer-shares, torch.frombuffer
# Do not resize a buffer a tensor was made from
# ---------------------------------------------
#
# ``numpy.frombuffer`` locks the size of a ``bytearray``: growing it raises
# ``BufferError``. ``torch.frombuffer`` does not, so the ``bytearray`` can
# grow and move to new memory while the tensor still points at the old
# place. The example only compares addresses; reading such a tensor would
# read freed memory.

locked = bytearray(4)
view = np.frombuffer(locked, dtype=np.uint8)
try:
    locked.extend(bytes(4096))
except BufferError as err:
    print(f"numpy: BufferError: {err}")
grow = bytearray(4)
g = torch.frombuffer(grow, dtype=torch.uint8)
old_address = g.data_ptr()
grow.extend(bytes(4096))  # no error
moved = np.frombuffer(grow, dtype=np.uint8).ctypes.data != old_address
print("torch: the bytearray grew without an error; its memory moved:", moved)
del g  # never read a tensor whose buffer was resized

# %% example-for: torch.nan_to_num
# nan_to_num: nan to 0, infinities to the largest finite values
# -------------------------------------------------------------
#
# By default ``nan`` becomes 0, ``inf`` the largest finite value of the dtype
# and ``-inf`` the lowest, as in ``numpy.nan_to_num``. ``nan=``, ``posinf=``
# and ``neginf=`` choose the replacements. Integer tensors come back
# unchanged (as a copy); ``nan_to_num_`` works in place.

x = torch.tensor([1.0, float("nan"), float("inf"), -float("inf")])
print("float32        :", torch.nan_to_num(x))
print("finfo.max      :", torch.finfo(torch.float32).max)
print("float16        :", torch.nan_to_num(x.half()))
print("chosen values  :", torch.nan_to_num(x, nan=0.0, posinf=1e3, neginf=-1e3))
print("numpy          :", np.nan_to_num(x.numpy()))
assert torch.equal(torch.nan_to_num(x), torch.from_numpy(np.nan_to_num(x.numpy())))
assert torch.nan_to_num(x)[2].item() == torch.finfo(torch.float32).max
ints = torch.tensor([1, 2])
print("integers       :", torch.nan_to_num(ints), "| a copy:", torch.nan_to_num(ints).data_ptr() != ints.data_ptr())
y = x.clone()
y.nan_to_num_(nan=-1.0)
print("in place       :", y)
# Large replacements can make later arithmetic overflow again:
print("nan_to_num(x) * 2:", torch.nan_to_num(x) * 2)

# %% example-for: torch.diff
# diff: differences of neighbours
# -------------------------------
#
# ``diff(x)[i] = x[i + 1] - x[i]`` along ``dim`` (default: the last); the
# result is one element shorter, ``n`` elements shorter for ``n`` repeated
# differences. ``prepend`` / ``append`` (tensors) are attached first. On
# integers, ``cumsum`` undoes ``diff`` when 0 is prepended.

s = torch.tensor([1, 4, 9, 16, 25])
print("diff(s)          :", torch.diff(s))
print("diff(s, n=2)     :", torch.diff(s, n=2))
print("prepend=[0]      :", torch.diff(s, prepend=torch.tensor([0])))
assert torch.equal(torch.cumsum(s.diff(prepend=torch.tensor([0])), dim=0), s)
m = torch.tensor([[1, 2, 4], [7, 11, 16]])
print("2-D, dim=-1:", torch.diff(m), sep="\n")
print("2-D, dim=0 :", torch.diff(m, dim=0))
try:
    torch.diff(s, prepend=0)
except TypeError as err:
    print(f"TypeError: {err}")
# bool: neighbours that differ (xor), not a subtraction; uint8 wraps around.
print("bool :", torch.diff(torch.tensor([True, False, False, True])))
print("uint8:", torch.diff(torch.tensor([3, 1], dtype=torch.uint8)))
assert torch.diff(torch.tensor([3, 1], dtype=torch.uint8)).item() == 254

# %% example-for: torch.trapezoid
# trapezoid: the area under sampled values
# ----------------------------------------
#
# ``trapezoid(y, x)`` sums ``(x[i+1] - x[i]) * (y[i] + y[i+1]) / 2``. Without
# ``x`` the spacing is ``dx`` (default 1). Note the order: **y first**, as in
# ``numpy.trapezoid``. ``torch.trapz`` is an older name for the same
# computation.

y = torch.tensor([1.0, 2.0, 3.0])
print("trapezoid(y)            :", torch.trapezoid(y))
print("trapezoid(y, dx=0.5)    :", torch.trapezoid(y, dx=0.5))
xs = torch.tensor([0.0, 1.0, 3.0])
print("trapezoid(y, x=[0,1,3]) :", torch.trapezoid(y, x=xs))
assert torch.trapezoid(y, x=xs).item() == 1 * 1.5 + 2 * 2.5
assert torch.trapezoid(y, x=xs).item() == np.trapezoid(y.numpy(), x=xs.numpy())
print("trapz gives the same    :", torch.trapz(y, xs))
try:
    torch.trapezoid(y, x=torch.tensor([0.0, 1.0]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
grid = torch.linspace(0, math.pi, 101, dtype=torch.float64)
area = torch.trapezoid(torch.sin(grid), grid)
print(f"integral of sin over [0, pi] with 101 points: {area.item():.6f} (exact: 2)")
assert abs(area.item() - 2) < 2e-4
print("per row of a matrix:", torch.trapezoid(torch.tensor([[1.0, 2.0], [3.0, 4.0]])))

# %% example-for: torch.trapezoid, torch.diff
# The trapezoids, drawn
# ---------------------
#
# Five samples of ``sin`` and the trapezoids whose areas ``trapezoid`` adds;
# ``diff(x)`` gives their widths.

coarse = torch.linspace(0, math.pi, 5)
fine = torch.linspace(0, math.pi, 200)
fig, ax = plt.subplots(figsize=(6, 2.8))
ax.plot(fine, torch.sin(fine), color="black", label="sin(x)")
ax.fill_between(coarse, torch.sin(coarse), alpha=0.3, label="trapezoids")
ax.plot(coarse, torch.sin(coarse), "o-")
ax.vlines(coarse, 0, torch.sin(coarse), color="tab:blue", lw=0.8)
ax.set_xlabel("x")
ax.legend(fontsize=8)
plt.tight_layout()
plt.show()
widths = torch.diff(coarse)
by_hand = (widths * (torch.sin(coarse[1:]) + torch.sin(coarse[:-1])) / 2).sum()
print(f"5 samples: trapezoid {torch.trapezoid(torch.sin(coarse), coarse).item():.4f}, by hand {by_hand.item():.4f}")
assert torch.allclose(by_hand, torch.trapezoid(torch.sin(coarse), coarse))
