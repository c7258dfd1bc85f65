"""
vstack, hstack and dstack
=========================

The NumPy-style joining functions take a sequence of tensors and join them
vertically (rows), horizontally (columns) or in depth (a third dimension).
For 2-D inputs and beyond they are ``torch.cat`` along dimension 0, 1 or 2;
1-D inputs are first made 2-D (``vstack``) or 3-D (``dstack``), which is
where they differ from ``cat`` and ``stack``.
"""

import numpy as np
import torch

a = torch.tensor([1, 2, 3])
b = torch.tensor([4, 5, 6])
A = torch.tensor([[1, 2], [3, 4]])
B = torch.tensor([[5, 6], [7, 8]])

# %% example-for: mathmore-stacking, torch.vstack, torch.hstack, torch.dstack
# Two 1-D tensors
# ---------------
#
# ``vstack`` makes each 1-D tensor a row, ``dstack`` makes each a ``(1, n, 1)``
# slice, but ``hstack`` simply concatenates them: it does not make columns
# (``torch.column_stack`` does).

for name, fn in (("vstack", torch.vstack), ("hstack", torch.hstack), ("dstack", torch.dstack)):
    out = fn((a, b))
    print(f"{name}((a, b)) shape {tuple(out.shape)}:", out, sep="\n")
assert torch.equal(torch.vstack((a, b)), torch.stack((a, b)))
assert torch.equal(torch.hstack((a, b)), torch.cat((a, b)))
print("column_stack:", torch.column_stack((a, b)), sep="\n")
assert torch.equal(torch.column_stack((a, b)), torch.stack((a, b), dim=1))
assert torch.equal(torch.row_stack((a, b)), torch.vstack((a, b)))  # row_stack is an alias
# The same shapes as NumPy's functions:
for name in ("vstack", "hstack", "dstack"):
    ours = getattr(torch, name)((a, b))
    theirs = getattr(np, name)((a.numpy(), b.numpy()))
    assert ours.shape == theirs.shape and np.array_equal(ours.numpy(), theirs)
print("shapes match numpy's vstack, hstack, dstack")

# %% example-for: mathmore-stacking, torch.vstack, torch.hstack, torch.dstack
# Two matrices: cat along dim 0, 1 or 2
# -------------------------------------
#
# With 2-D inputs ``vstack`` is ``cat(dim=0)`` and ``hstack`` is
# ``cat(dim=1)``; ``dstack`` pairs the elements in a new last dimension.

print("vstack((A, B)):", torch.vstack((A, B)), sep="\n")
print("hstack((A, B)):", torch.hstack((A, B)), sep="\n")
d = torch.dstack((A, B))
print("dstack((A, B)) shape", tuple(d.shape), "| d[0, 1] =", d[0, 1])
assert torch.equal(torch.vstack((A, B)), torch.cat((A, B), dim=0))
assert torch.equal(torch.hstack((A, B)), torch.cat((A, B), dim=1))
assert torch.equal(d, torch.stack((A, B), dim=2))
cube = torch.zeros(2, 3, 4)
print("3-D inputs:", tuple(torch.vstack((cube, cube)).shape), tuple(torch.hstack((cube, cube)).shape),
      tuple(torch.dstack((cube, cube)).shape))

# %% example-for: torch.vstack, torch.hstack
# Mixing a matrix and a vector
# ----------------------------
#
# ``vstack`` accepts a 1-D tensor under a matrix (it becomes a row).
# ``hstack`` does not turn a vector into a column: make it one with
# ``[:, None]``. The inputs must be a list or tuple, and the dtypes are
# promoted.

print("vstack((A, a[:2])):", torch.vstack((A, a[:2])), sep="\n")
try:
    torch.hstack((A, a[:2]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("hstack((A, a[:2, None])):", torch.hstack((A, a[:2, None])), sep="\n")
try:
    torch.vstack((A, a))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
for fn in (torch.vstack, torch.hstack):
    try:
        fn(a, b)
    except TypeError as err:
        print(f"TypeError: {err}")
print("int64 with float64:", torch.vstack((a, b.double())).dtype)
# Scalars (0-d tensors) become 1-D first.
print("hstack of 0-d tensors:", torch.hstack((torch.tensor(1), torch.tensor(2))))
