"""
Selecting elements: index_select, masked_select, nonzero and where
==================================================================

``index_select`` picks whole slices by position, ``masked_select`` picks
single elements with a boolean mask, ``nonzero`` returns the positions of
the non-zero elements, and ``where`` either returns those positions or
chooses element by element between two tensors. This script prints the
shapes and dtypes they produce and shows that the first three always copy.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def shares_memory(a, b):
    """True if ``a`` and ``b`` use the same storage buffer."""
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


# %% example-for: torch.index_select
# index_select picks slices along one dimension
# ---------------------------------------------
#
# The result has the same number of dimensions as the input; the size of
# ``dim`` becomes ``len(index)``. Positions may repeat and come in any order.

x = torch.arange(12).view(3, 4)
cols = torch.index_select(x, 1, torch.tensor([3, 0, 3]))
print(cols)
print("rows [2, 0]:", x.index_select(0, torch.tensor([2, 0])).shape)
print("same as x[:, [3, 0, 3]]:", torch.equal(cols, x[:, [3, 0, 3]]))

# %% example-for: torch.index_select, joining-views-and-copies
# index_select copies
# -------------------
#
# Even when the index selects everything in order, the result is new
# memory: writing into it leaves ``x`` alone.

x = torch.arange(6).view(2, 3)
all_rows = x.index_select(0, torch.tensor([0, 1]))
print("shares memory:", shares_memory(all_rows, x))
all_rows[0, 0] = 100
print("x[0, 0] after the write:", x[0, 0].item())

# %% example-for: torch.index_select
# The index must be a vector of valid positions
# ---------------------------------------------
#
# A 2-D index is rejected. An index past the end of ``dim`` raises an error
# whose wording does not mention ``index_select``.

x = torch.arange(12).view(3, 4)
try:
    x.index_select(1, torch.tensor([[0, 1]]))
except IndexError as err:
    print(f"IndexError: {err}")
try:
    x.index_select(1, torch.tensor([4]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.masked_select, joining-views-and-copies
# masked_select always returns a 1-D copy
# ---------------------------------------
#
# The mask is broadcast against the input, and the selected elements come
# out in row-major order as a new 1-D tensor, the same as ``x[mask]`` when
# the shapes match.

x = torch.arange(6).view(2, 3)
mask = x % 2 == 0
picked = torch.masked_select(x, mask)
print(picked, "shape", tuple(picked.shape))
print("same as x[mask]:", torch.equal(picked, x[mask]))
print("broadcast mask (3,):", torch.masked_select(x, torch.tensor([True, False, True])).tolist())
print("shares memory:", shares_memory(picked, x))

# %% example-for: torch.masked_select
# The mask must be boolean
# ------------------------
#
# An integer 0/1 tensor is not a mask; convert it with ``.bool()``.

x = torch.arange(4)
try:
    torch.masked_select(x, torch.tensor([1, 0, 1, 0]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(x.masked_select(torch.tensor([1, 0, 1, 0]).bool()).tolist())

# %% example-for: torch.nonzero, joining-views-and-copies
# nonzero: one row per non-zero element, or one tensor per dimension
# ------------------------------------------------------------------
#
# By default the result is an int64 tensor of shape ``(count, input.dim())``:
# one row of coordinates per non-zero element. With ``as_tuple=True`` it is a
# tuple of ``input.dim()`` 1-D tensors, one per dimension, which can be used
# directly as an index.

x = torch.tensor([[0, 3, 0], [5, 0, 7]])
rows_of_coords = torch.nonzero(x)
print(rows_of_coords)
print("shape:", tuple(rows_of_coords.shape), "dtype:", rows_of_coords.dtype)
per_dim = torch.nonzero(x, as_tuple=True)
print("as_tuple=True:", per_dim)
print("x[as_tuple result]:", x[per_dim].tolist(), "same as x[x != 0]:", torch.equal(x[per_dim], x[x != 0]))
print("shares memory:", shares_memory(rows_of_coords, x))

# %% example-for: torch.nonzero
# Edge cases: nothing found, and zero-dim inputs
# ----------------------------------------------
#
# When nothing is non-zero, the default result has zero rows but keeps one
# column per dimension. A non-zero zero-dimensional input gives one row with
# no coordinates, while ``as_tuple=True`` treats it like a 1-D tensor of one
# element.

print("all zeros:", tuple(torch.zeros(2, 3).nonzero().shape))
print("as_tuple, all zeros:", [tuple(t.shape) for t in torch.nonzero(torch.zeros(2, 3), as_tuple=True)])
print("0-d input:", tuple(torch.nonzero(torch.tensor(5)).shape))
print("0-d input, as_tuple:", torch.nonzero(torch.tensor(5), as_tuple=True))

# %% example-for: torch.where, indexing-where-nonzero
# where(condition) is nonzero(condition, as_tuple=True)
# -----------------------------------------------------
#
# With a single argument, ``where`` returns the positions where
# ``condition`` is true (non-zero), one tensor per dimension.

x = torch.tensor([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
cond = x > 0
positions = torch.where(cond)
print(positions)
print("equal to nonzero(as_tuple=True):",
      all(torch.equal(a, b) for a, b in zip(positions, torch.nonzero(cond, as_tuple=True))))
print("x[where(cond)]:", x[positions].tolist())

# %% example-for: torch.where, indexing-where-nonzero
# where(condition, input, other) chooses element by element
# ---------------------------------------------------------
#
# The result takes ``input`` where the condition is true and ``other``
# elsewhere. The three arguments are broadcast together.

x = torch.tensor([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
print(torch.where(x > 0, x, torch.zeros(1)))  # (2, 3), (2, 3), (1,)
cond = torch.tensor([[True], [False]])  # (2, 1)
a = torch.tensor([1, 2, 3])  # (3,)
b = torch.tensor(-1)  # zero-dim
out = torch.where(cond, a, b)
print(out)
assert torch.equal(a.where(cond, b), out)
print("broadcast shape:", tuple(out.shape), "shares memory with a:", out.data_ptr() == a.data_ptr())

# %% example-for: torch.where, indexing-where-nonzero
# Type promotion, Python scalars and the condition's dtype
# --------------------------------------------------------
#
# ``input`` and ``other`` are promoted like the operands of an arithmetic
# operation, and either may be a Python number. The condition must be a
# bool tensor in this form (the one-argument form accepts any dtype).

c = torch.tensor([True, False])
print("int64 tensor, 0.5:    ", torch.where(c, torch.tensor([1, 2]), 0.5).dtype)
print("int32 and float64:    ", torch.where(c, torch.tensor([1, 2], dtype=torch.int32),
                                           torch.tensor([1.0, 2.0], dtype=torch.float64)).dtype)
print("float16 tensor, 0.5:  ", torch.where(c, torch.tensor([1.0, 2.0], dtype=torch.float16), 0.5).dtype)
print("1 and 0 (Python ints):", torch.where(c, 1, 0).dtype)
print("1 and 0.5:            ", torch.where(c, 1, 0.5).dtype)
try:
    torch.where(torch.tensor([1, 0]), 1.0, 0.0)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# A uint8 condition is the one integer dtype still accepted: it works, but
# warns that this is deprecated.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    picked = torch.where(torch.tensor([1, 0], dtype=torch.uint8), 1.0, 0.0)
print("uint8 condition:", picked.tolist())
for w in caught:  # drop the C++ source location from the message
    print(f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")
assert any("deprecated" in str(w.message) for w in caught)
print("one-argument form with an int tensor:", torch.where(torch.tensor([1, 0, 2])))

# %% example-for: torch.where
# Both branches are computed, and so are their gradients
# ------------------------------------------------------
#
# ``where`` does not skip the unused branch. If that branch has an infinite
# derivative somewhere (here ``sqrt`` at 0), the forward result is fine but
# the gradient is not: the zero gradient of the unchosen branch times an
# infinite derivative gives ``nan``. Make the input safe before the risky
# function.

x = torch.tensor([0.0, 1.0, 4.0], requires_grad=True)
y = torch.where(x > 0, torch.sqrt(x), torch.zeros(3))
y.sum().backward()
print("y:", y.tolist(), "grad:", x.grad.tolist())

x.grad = None
safe = torch.where(x > 0, x, torch.ones(3))  # sqrt never sees 0
y = torch.where(x > 0, torch.sqrt(safe), torch.zeros(3))
y.sum().backward()
print("y:", y.tolist(), "grad:", x.grad.tolist())
