"""
meshgrid: indexing='ij' versus 'xy'
===================================

``torch.meshgrid`` turns N 1-D tensors into N tensors of coordinates on the
grid they span. The ``indexing`` argument decides the order of the output
dimensions: ``'ij'`` (matrix indexing) follows the order of the inputs,
``'xy'`` (Cartesian, NumPy's default) swaps the first two. This script prints
both, the warning of a call without ``indexing``, and how the grids are used.
"""

import subprocess
import sys
import warnings

import matplotlib.pyplot as plt
import numpy as np
import torch

# %% example-for: meshgrid-indexing, torch.meshgrid
# The two orders
# --------------
#
# With inputs of lengths 3 and 2, ``'ij'`` gives grids of shape ``(3, 2)``
# (``gi[k][i, j]`` uses ``a[i]`` and ``b[j]``), ``'xy'`` gives ``(2, 3)``
# (rows follow ``b``, the "y", and columns ``a``, the "x"). One set of grids
# is the transpose of the other.

a = torch.tensor([1, 2, 3])
b = torch.tensor([10, 20])
ai, bi = torch.meshgrid(a, b, indexing="ij")
ax_, bx = torch.meshgrid(a, b, indexing="xy")
print("ij:", ai.shape, "\n", ai, "\n", bi)
print("xy:", ax_.shape, "\n", ax_, "\n", bx)
assert ai.shape == (3, 2) and ax_.shape == (2, 3)
assert torch.equal(ai, ax_.T) and torch.equal(bi, bx.T)

# NumPy's meshgrid defaults to 'xy'.
print("numpy default:", [g.shape for g in np.meshgrid(a.numpy(), b.numpy())])

# With three inputs 'xy' swaps only the first two dimensions.
print([g.shape for g in torch.meshgrid(a, b, torch.arange(4), indexing="xy")])

# %% example-for: meshgrid-indexing, torch.meshgrid
# Without indexing: 'ij', and a warning
# -------------------------------------
#
# Leaving ``indexing`` out still means ``'ij'`` in torch 2.13, but emits a
# ``UserWarning`` that the argument will become required; only the first
# such call in a process warns. Code ported from NumPy without
# ``indexing='xy'`` therefore gets transposed grids. The warning is shown
# from a fresh Python process, which calls ``meshgrid`` twice without
# ``indexing`` and reports what it wrote to stderr: a single warning.

child = """
import warnings
import torch
warnings.simplefilter("always")
a, b = torch.tensor([1, 2, 3]), torch.tensor([10, 20])
g0, _ = torch.meshgrid(a, b)
print(tuple(g0.shape), torch.equal(g0, torch.meshgrid(a, b, indexing="ij")[0]))
torch.meshgrid(a, b)
"""
proc = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True)
warning_lines = [line for line in proc.stderr.splitlines() if "UserWarning:" in line]
for line in warning_lines:
    print(line[line.index("UserWarning:"):].split(" (Triggered")[0])
print("shape, same as 'ij':", proc.stdout.strip())
print("warnings from two calls:", len(warning_lines))
assert len(warning_lines) == 1 and "indexing argument" in warning_lines[0]
assert proc.stdout.strip() == "(3, 2) True"

# In this process, too, the result is the 'ij' grid (the warning is
# silenced here: it may already have been used up).
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    g0, g1 = torch.meshgrid(a, b)
assert torch.equal(g0, ai) and torch.equal(g1, bi)

try:
    torch.meshgrid(a, b, indexing="yx")
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.meshgrid
# The grids are views with stride 0
# ---------------------------------
#
# Each output is the input expanded along the other dimensions (stride 0
# there, sharing memory with the input), like ``broadcast_tensors``. Clone a
# grid before writing into it. The inputs must be 0-D or 1-D and share one
# dtype; they can also be passed as one list.

print("strides:", ai.stride(), bi.stride())
print("ai shares memory with a:", ai.data_ptr() == a.data_ptr())
# A list of tensors works as well as separate arguments; a 0-D input counts
# as length 1, a 2-D input is refused.
print([g.shape for g in torch.meshgrid([a, b], indexing="ij")])
print([g.shape for g in torch.meshgrid(torch.tensor(7), b, indexing="ij")])
try:
    torch.meshgrid(torch.zeros(2, 2), indexing="ij")
except RuntimeError as err:
    print("2-D -> RuntimeError:", str(err).splitlines()[0])
try:
    torch.meshgrid(a, b.float(), indexing="ij")
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: meshgrid-indexing
# Evaluating a function on a grid
# -------------------------------
#
# With ``'xy'``, ``X[row, col]`` and ``Y[row, col]`` are the coordinates of
# the pixel at that row and column, which is what ``contourf`` and
# ``imshow`` expect: ``x`` runs along the horizontal axis.

x = torch.linspace(-2, 2, 41)
y = torch.linspace(-1, 1, 21)
X, Y = torch.meshgrid(x, y, indexing="xy")
Z = torch.exp(-(X**2 + 4 * Y**2))
print(X.shape, Y.shape, Z.shape)

fig, axis = plt.subplots(figsize=(6, 3.5))
cs = axis.contourf(X.numpy(), Y.numpy(), Z.numpy(), levels=10)
fig.colorbar(cs, ax=axis, label="exp(-(x² + 4y²))")
axis.set_xlabel("x")
axis.set_ylabel("y")
plt.tight_layout()
