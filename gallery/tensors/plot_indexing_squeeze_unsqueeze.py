"""
Adding and removing size-1 dimensions
=====================================

``unsqueeze`` inserts a dimension of size 1 and ``squeeze`` removes
dimensions of size 1. Neither moves data: both return views. This script
shows which dimensions each call touches, the valid range of ``dim``, and the
silent no-op that ``squeeze`` performs on a dimension that is not of size 1.
"""

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: indexing-squeeze-unsqueeze, torch.squeeze
# squeeze() and squeeze(dim)
# --------------------------
#
# Without ``dim``, every size-1 dimension goes. With ``dim`` (an int or,
# since PyTorch 2.0, a tuple), only the listed dimensions are candidates, and
# of those only the ones of size 1 are removed. A listed dimension of another
# size is left alone, without an error.

x = torch.zeros(2, 1, 3, 1)
print("x.shape:          ", x.shape)
print("squeeze():        ", torch.squeeze(x).shape)
print("squeeze(1):       ", torch.squeeze(x, 1).shape)
print("squeeze(-1):      ", x.squeeze(-1).shape)
print("squeeze((1, 3)):  ", x.squeeze((1, 3)).shape)
print("squeeze(0) (size 2, kept):", x.squeeze(0).shape)
print("squeeze((0, 1)):  ", x.squeeze((0, 1)).shape)
try:
    x.squeeze(4)
except IndexError as err:
    print(f"IndexError: {err}")

# %% example-for: torch.squeeze
# squeeze() can remove the batch dimension
# ----------------------------------------
#
# A batch that happens to contain one sample has a size-1 batch dimension.
# ``squeeze()`` removes it together with the dimension you meant; naming the
# dimension keeps the shape consistent for every batch size.

for batch in (4, 1):
    scores = torch.zeros(batch, 1)  # one score per sample
    print(f"batch={batch}: squeeze() -> {tuple(scores.squeeze().shape)}, "
          f"squeeze(1) -> {tuple(scores.squeeze(1).shape)}")

# %% example-for: indexing-squeeze-unsqueeze, torch.unsqueeze
# Where unsqueeze puts the new dimension
# --------------------------------------
#
# The new dimension ends up at index ``dim`` of the result. For an input with
# ``n`` dimensions the result has ``n + 1``, so ``dim`` may range over
# ``-n - 1`` ... ``n``, that is ``[-input.dim() - 1, input.dim() + 1)``.
# A negative ``dim`` counts from the end of the result.

x = torch.zeros(2, 3)
n = x.dim()
for d in range(-n - 1, n + 1):
    print(f"unsqueeze({d:2}):", tuple(torch.unsqueeze(x, d).shape))

for d in (n + 1, -n - 2):
    try:
        x.unsqueeze(d)
    except IndexError as err:
        print(f"IndexError: {err}")

# %% example-for: torch.unsqueeze
# unsqueeze and None indexing
# ---------------------------
#
# Indexing with ``None`` inserts a size-1 dimension too; ``x[:, None]`` is
# ``x.unsqueeze(1)``. A common use is turning a vector into a column so that
# it broadcasts along rows.

v = torch.tensor([1, 2, 3])
print("equal:", torch.equal(v.unsqueeze(1), v[:, None]), torch.equal(v.unsqueeze(0), v[None]))
print("column shape:", tuple(v.unsqueeze(1).shape))
print("two new dimensions, v[:, None, None]:", tuple(v[:, None, None].shape))
print(v.unsqueeze(1) * torch.tensor([10, 100]))  # (3, 1) * (2,) -> (3, 2)

# %% example-for: indexing-squeeze-unsqueeze, torch.squeeze, torch.unsqueeze
# Both return views
# -----------------
#
# The result shares memory with the input, so writing into it changes the
# input. ``unsqueeze`` followed by ``squeeze`` on the same dimension gives
# back the original shape.

x = torch.arange(6).view(2, 3)
u = x.unsqueeze(1)
s = u.squeeze(1)
print("shapes:", tuple(u.shape), tuple(s.shape))
print("share memory with x:", u.data_ptr() == x.data_ptr(), s.data_ptr() == x.data_ptr())
print("u.stride():", u.stride())
u[1, 0, 2] = -1
print(x)

# The in-place forms change the shape of the tensor itself and return it.
w = torch.zeros(2, 3)
out = w.unsqueeze_(0)
print("after w.unsqueeze_(0):", tuple(w.shape), "| same object:", out is w)
out = w.squeeze_()
print("after w.squeeze_():   ", tuple(w.shape), "| same object:", out is w)
