"""
Tiling and repeating tensors
============================

``torch.tile`` and ``Tensor.repeat`` both build a larger tensor from copies
of the input laid side by side. They differ in one detail, how they treat a
repeat list shorter than the number of dimensions, and their names clash with
NumPy's: ``Tensor.repeat`` behaves like ``numpy.tile``, not like
``numpy.repeat``. This script compares them with each other, with NumPy and
with ``expand``.
"""

import numpy as np
import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.tile, torch.Tensor.repeat
# One repeat count per dimension
# ------------------------------
#
# Each dimension's size is multiplied by its count. With more counts than
# dimensions, new leading dimensions are added. The whole block is copied,
# not each element.

x = torch.tensor([[1, 2], [3, 4]])
print("x.repeat(2, 3).shape:   ", x.repeat(2, 3).shape)
print("torch.tile(x, (2, 3)):  ", torch.tile(x, (2, 3)).shape)
print("same values:", torch.equal(x.repeat(2, 3), torch.tile(x, (2, 3))))
print("tile shares memory with x:", x.tile((1, 1)).data_ptr() == x.data_ptr())
print(x.repeat(1, 3))
print("x.repeat(2, 1, 1).shape:", x.repeat(2, 1, 1).shape)

# %% example-for: joining-tile-vs-repeat, torch.tile, torch.Tensor.repeat
# Fewer counts than dimensions
# ----------------------------
#
# ``tile`` pads a short list with leading ones, so ``(2,)`` on a 2-D tensor
# means ``(1, 2)`` and repeats the last dimension. ``repeat`` refuses a list
# shorter than the number of dimensions.

x = torch.tensor([[1, 2], [3, 4]])
print("torch.tile(x, (2,)):", torch.tile(x, (2,)).tolist())
try:
    x.repeat(2)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: joining-tile-vs-repeat
# The NumPy names are swapped
# ---------------------------
#
# ``Tensor.repeat`` and ``torch.tile`` repeat the whole block, like
# ``numpy.tile``. ``numpy.repeat`` repeats each element in place; its PyTorch
# counterpart is ``torch.repeat_interleave``. There is no ``torch.repeat``
# function, but there is a ``Tensor.tile`` method.

t = torch.tensor([1, 2, 3])
a = np.array([1, 2, 3])
print("Tensor.repeat(2):            ", t.repeat(2).tolist())
print("torch.tile(t, (2,)):         ", torch.tile(t, (2,)).tolist())
print("numpy.tile(a, 2):            ", np.tile(a, 2).tolist())
print("numpy.repeat(a, 2):          ", np.repeat(a, 2).tolist())
print("torch.repeat_interleave(t, 2):", torch.repeat_interleave(t, 2).tolist())
print("hasattr(torch, 'repeat'):", hasattr(torch, "repeat"))
print("t.tile((2,)):", t.tile((2,)).tolist())

# %% example-for: torch.tile
# tile wants a tuple of counts
# ----------------------------
#
# ``Tensor.repeat`` takes the counts as separate ints or as one sequence.
# ``torch.tile`` takes one sequence; a bare int is an error.

t = torch.tensor([1, 2, 3])
print("t.repeat(2) and t.repeat((2,)):", torch.equal(t.repeat(2), t.repeat((2,))))
try:
    torch.tile(t, 2)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.Tensor.repeat
# repeat copies; expand does not
# ------------------------------
#
# ``repeat`` allocates the full result. To only *read* a size-1 dimension as
# if it were larger, ``expand`` returns a view with stride 0 instead.

row = torch.tensor([[1, 2, 3]])  # shape (1, 3)
rep = row.repeat(4, 1)
exp = row.expand(4, 3)
print("values equal:", torch.equal(rep, exp))
print("repeat: stride", rep.stride(), "shares memory:", rep.data_ptr() == row.data_ptr())
print("expand: stride", exp.stride(), "shares memory:", exp.data_ptr() == row.data_ptr())
print("bytes: repeat", rep.untyped_storage().nbytes(), "expand", exp.untyped_storage().nbytes())
