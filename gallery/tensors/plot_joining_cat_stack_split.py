"""
Joining and splitting tensors
=============================

``cat`` and ``stack`` join a sequence of tensors into one; ``split``,
``chunk``, ``tensor_split`` and ``unbind`` cut one tensor into pieces. This
script prints the shapes each of them produces, the errors raised when the
shapes do not fit, and checks with ``untyped_storage().data_ptr()`` which
results share memory with their input.
"""

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def shares_memory(a, b):
    """True if ``a`` and ``b`` use the same storage buffer."""
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


def shapes(pieces):
    """The shape of every piece, as a list of tuples."""
    return [tuple(p.shape) for p in pieces]


# %% example-for: torch.cat
# cat joins along an existing dimension
# -------------------------------------
#
# The sizes in ``dim`` add up; every other size must be the same in all
# tensors. The number of dimensions does not change.

a = torch.zeros(2, 3)
b = torch.ones(4, 3)
c = torch.full((2, 5), 2.0)
print("cat([a, b], dim=0):   ", torch.cat([a, b], dim=0).shape)
print("cat([a, c], dim=1):   ", torch.cat([a, c], dim=1).shape)
print("cat((a, a, a), dim=-1):", torch.cat((a, a, a), dim=-1).shape)

# %% example-for: torch.cat
# When the shapes do not fit
# --------------------------
#
# Every size except the one in ``dim`` must match, the number of dimensions
# must match, and the sequence must not be empty.

try:
    torch.cat([a, c], dim=0)  # (2, 3) and (2, 5): the sizes in dim 1 differ
except RuntimeError as err:
    print(f"RuntimeError: {err}")

try:
    torch.cat([a, torch.zeros(3)])  # a 2-D and a 1-D tensor
except RuntimeError as err:
    print(f"RuntimeError: {err}")

try:
    torch.cat([])
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.cat
# Mixed dtypes are promoted; empty 1-D tensors are skipped
# --------------------------------------------------------
#
# ``cat`` applies the usual type promotion to its inputs. As a legacy special
# case, a 1-D tensor with zero elements is ignored whatever the shape of the
# other tensors.

ints = torch.tensor([[1, 2, 3]])  # int64
print("int64 + float32 ->", torch.cat([ints, torch.zeros(1, 3)]).dtype)
print("int32 + int64   ->", torch.cat([ints.int(), ints]).dtype)
print("(2, 3) with an empty (0,):", torch.cat([a, torch.empty(0)]).shape)

# %% example-for: torch.concat
# concat is another name for cat
# ------------------------------
#
# ``torch.concat`` (and ``torch.concatenate``) take the same arguments, give
# the same result and raise the same errors.

a = torch.arange(6).view(2, 3)
b = torch.arange(6, 12).view(2, 3)
print("same result:", torch.equal(torch.concat([a, b], dim=1), torch.cat([a, b], dim=1)))
print("concatenate too:", torch.equal(torch.concatenate([a, b], dim=1), torch.cat([a, b], dim=1)))
print("concat(dim=1):", torch.concat([a, b], dim=1).shape)
try:
    torch.concat([a, torch.zeros(2, 4)])
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: joining-stack-new-dim, torch.stack
# stack adds a new dimension
# --------------------------
#
# ``stack`` inserts a new dimension of size ``len(tensors)`` at position
# ``dim``. For inputs with ``n`` dimensions, ``dim`` may range over
# ``-n - 1`` ... ``n``.

x = torch.zeros(2, 3)
y = torch.ones(2, 3)
for d in (0, 1, 2, -1):
    print(f"stack([x, y, x, y], dim={d:2}):", torch.stack([x, y, x, y], dim=d).shape)
print("cat([x, y, x, y], dim=0):     ", torch.cat([x, y, x, y], dim=0).shape)

# %% example-for: joining-stack-new-dim, torch.stack
# stack is unsqueeze followed by cat
# ----------------------------------
#
# Stacking along ``dim`` gives the same tensor as adding a size-1 dimension
# at ``dim`` to each input and concatenating along it.

x = torch.arange(6).view(2, 3)
y = torch.arange(6, 12).view(2, 3)
for d in (0, 1, 2):
    by_cat = torch.cat([x.unsqueeze(d), y.unsqueeze(d)], dim=d)
    print(f"dim={d}: equal to cat of unsqueezed inputs:", torch.equal(torch.stack([x, y], dim=d), by_cat))
print(torch.stack([x, y], dim=2))

# %% example-for: torch.stack
# stack needs identical shapes
# ----------------------------
#
# Unlike ``cat``, ``stack`` allows no size to differ, not even in ``dim``.

try:
    torch.stack([torch.zeros(2, 3), torch.zeros(3, 3)])
except RuntimeError as err:
    print(f"RuntimeError: {err}")

try:
    torch.stack([torch.zeros(2), torch.zeros(2)], dim=3)  # 1-D inputs: dim in [-2, 1]
except IndexError as err:
    print(f"IndexError: {err}")

# %% example-for: torch.split
# split by a piece size or by a list of sizes
# -------------------------------------------
#
# An int is the size of every piece; the last piece holds what is left. A
# list gives each piece's size and must add up to the size of ``dim``.

x = torch.arange(20).view(10, 2)
print("split(x, 4):         ", shapes(torch.split(x, 4)))
print("split(x, [3, 7]):    ", shapes(torch.split(x, [3, 7])))
print("split(x, 1, dim=1):  ", shapes(torch.split(x, 1, dim=1)))
print("split(x, 20):        ", shapes(torch.split(x, 20)))
print("x.split([1, 1, 8]):  ", shapes(x.split([1, 1, 8])))
try:
    torch.split(x, [3, 6])
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: joining-cat-split-inverse, torch.split, torch.cat
# cat undoes split
# ----------------
#
# Concatenating the pieces of a split along the same ``dim`` rebuilds the
# tensor. In the other direction, splitting a concatenation with the input
# sizes gives back tensors equal to the inputs, but they are pieces of the
# new tensor, not the original objects.

x = torch.arange(24).view(4, 6)
pieces = torch.split(x, [1, 2, 3], dim=1)
print("pieces:", shapes(pieces))
print("cat(split(x)) equals x:", torch.equal(torch.cat(pieces, dim=1), x))

a = torch.zeros(2, 3)
b = torch.ones(5, 3)
joined = torch.cat([a, b])
back_a, back_b = torch.split(joined, [a.size(0), b.size(0)])
print("split(cat(a, b)) equals a, b:", torch.equal(back_a, a), torch.equal(back_b, b))
print("back_a shares memory with a:", shares_memory(back_a, a))
print("back_a shares memory with joined:", shares_memory(back_a, joined))

# %% example-for: joining-split-chunk-sections, torch.chunk
# chunk can return fewer chunks than asked
# ----------------------------------------
#
# ``chunk(n)`` gives every piece ``ceil(size / n)`` elements and the last one
# what is left. When that leaves nothing for the last pieces, fewer than
# ``n`` chunks come back.

for length in (10, 8, 6, 5):
    pieces = torch.chunk(torch.arange(length), 4)
    print(f"chunk(arange({length:2}), 4): {len(pieces)} chunks, sizes {[len(p) for p in pieces]}")

# %% example-for: torch.chunk
# chunk along other dimensions, and chunks=0
# ------------------------------------------

x = torch.arange(12).view(2, 6)
print("chunk(x, 3, dim=1):", shapes(torch.chunk(x, 3, dim=1)))
print("chunk(x, 4, dim=0):", shapes(x.chunk(4, dim=0)))
try:
    torch.chunk(x, 0)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: joining-split-chunk-sections, torch.tensor_split
# tensor_split with a number of sections
# --------------------------------------
#
# An int ``n`` always gives exactly ``n`` pieces. Their sizes differ by at
# most one: the first ``size % n`` pieces get one extra element. Pieces can
# be empty when ``n`` exceeds the size.

for length in (10, 8, 6, 5, 3):
    pieces = torch.tensor_split(torch.arange(length), 4)
    print(f"tensor_split(arange({length:2}), 4): {len(pieces)} pieces, sizes {[len(p) for p in pieces]}")

# %% example-for: joining-split-chunk-sections, torch.tensor_split
# tensor_split with indices
# -------------------------
#
# A list (or tuple, or 1-D tensor) gives the positions where new pieces
# start, as in ``numpy.array_split``: ``[2, 5]`` makes ``x[:2]``, ``x[2:5]``
# and ``x[5:]``. Indices past the end give empty pieces. A zero-dimensional
# tensor counts as a number of sections.

x = torch.arange(10)
print("indices [2, 5]:     ", [p.tolist() for p in torch.tensor_split(x, [2, 5])])
print("indices (2, 5, 20): ", [p.tolist() for p in torch.tensor_split(x, (2, 5, 20))])
print("tensor([3]) indices:", [p.tolist() for p in torch.tensor_split(x, torch.tensor([3]))])
print("tensor(3) sections: ", [p.tolist() for p in torch.tensor_split(x, torch.tensor(3))])

m = torch.arange(12).view(3, 4)
print("tensor_split(m, [1], dim=1):", shapes(torch.tensor_split(m, [1], dim=1)))
# the same list means sizes to split, positions to tensor_split:
print("split(x, [3, 7]):       ", [p.tolist() for p in torch.split(x, [3, 7])])
print("tensor_split(x, [3, 7]):", [p.tolist() for p in torch.tensor_split(x, [3, 7])])

# %% example-for: torch.unbind
# unbind removes a dimension
# --------------------------
#
# ``unbind(dim)`` returns a tuple with one tensor per position along ``dim``;
# ``dim`` disappears from each of them. ``stack`` along the same ``dim``
# puts them back together.

x = torch.arange(6).view(2, 3)
rows = torch.unbind(x)
cols = x.unbind(dim=1)
print("unbind(x):       ", len(rows), "tensors of shape", tuple(rows[0].shape))
print("unbind(x, dim=1):", len(cols), "tensors of shape", tuple(cols[0].shape))
print("columns:", [c.tolist() for c in cols])
print("cols[i] is x.select(1, i):", all(torch.equal(c, x.select(1, i)) for i, c in enumerate(cols)))
print("stack(unbind(x, 1), 1) equals x:", torch.equal(torch.stack(cols, dim=1), x))
try:
    torch.zeros(2).unbind(1)
except IndexError as err:
    print(f"IndexError: {err}")

# %% example-for: joining-views-and-copies, torch.split, torch.chunk, torch.tensor_split, torch.unbind
# Split pieces are views
# ----------------------
#
# ``split``, ``chunk``, ``tensor_split`` and ``unbind`` return views: no
# data is copied, and writing into a piece writes into the input. Pieces
# taken along a later dimension are not contiguous.

x = torch.arange(12).view(3, 4)
print("split shares memory:       ", [shares_memory(p, x) for p in x.split(2)])
print("chunk shares memory:       ", [shares_memory(p, x) for p in x.chunk(2, dim=1)])
print("tensor_split shares memory:", [shares_memory(p, x) for p in x.tensor_split([1], dim=1)])
print("unbind shares memory:      ", [shares_memory(p, x) for p in x.unbind(1)])
print("chunk(2, dim=1) contiguous:", [p.is_contiguous() for p in x.chunk(2, dim=1)])
print("unbind(1)[0].stride():     ", x.unbind(1)[0].stride())

left, right = x.chunk(2, dim=1)
right[0, 0] = -1  # writes x[0, 2]
x.unbind(0)[2][3] = -2  # writes x[2, 3]
print(x)

# %% example-for: joining-views-and-copies, torch.cat, torch.stack
# cat and stack always copy
# -------------------------
#
# The result of ``cat`` or ``stack`` is a new tensor, even for a single
# input: changing it later does not touch the inputs.

x = torch.arange(4)
joined = torch.cat([x])
stacked = torch.stack([x, x])
print("cat([x]) shares memory with x: ", shares_memory(joined, x))
print("stack([x, x]) shares memory:   ", shares_memory(stacked, x))
joined[0] = 100
stacked[1, 1] = 100
print("x after writing both results:  ", x)
