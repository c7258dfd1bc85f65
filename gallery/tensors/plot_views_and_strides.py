"""
Views, storage and strides
==========================

A view is a tensor that reuses the memory of another tensor (its *base*) with
its own shape, strides and starting offset. This script shows how to check
that two tensors share memory, how strides map an index to a position in
memory, when ``view`` works and when it refuses, how ``view(dtype)``
reinterprets bytes, and which kinds of indexing return views.
"""

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: views-share-storage, torch.Tensor.view
# A view shares storage with its base
# -----------------------------------
#
# ``view`` builds a new tensor object, but no data is copied: writing through
# the view changes the base.

base = torch.arange(12)
v = base.view(3, 4)
print("v.shape:", v.shape)
print("v is base:", v is base)  # a different Python object...

v[1, 2] = -1  # ...but the same memory: write through the view
print("base after writing v[1, 2]:", base)

print("same first element:", v.data_ptr() == base.data_ptr())
print(
    "same storage:",
    v.untyped_storage().data_ptr() == base.untyped_storage().data_ptr(),
)

# %% example-for: views-share-storage, torch.Tensor.data_ptr, torch.Tensor.untyped_storage
# data_ptr() versus untyped_storage().data_ptr()
# ----------------------------------------------
#
# ``data_ptr()`` is the address of a tensor's *first element*. A slice that
# starts further into the buffer has a different ``data_ptr()`` although it
# shares memory, so compare ``untyped_storage().data_ptr()`` (the start of the
# whole buffer) to test sharing.

x = torch.arange(12, dtype=torch.float32).view(3, 4)
row = x[1]  # a view that starts 4 elements into the buffer
copy = x.clone()  # new memory

print("row.data_ptr() == x.data_ptr():", row.data_ptr() == x.data_ptr())
print(
    "row.data_ptr() == x.data_ptr() + offset * element_size:",
    row.data_ptr() == x.data_ptr() + row.storage_offset() * x.element_size(),
)
print(
    "row shares x's storage:",
    row.untyped_storage().data_ptr() == x.untyped_storage().data_ptr(),
)
print(
    "copy shares x's storage:",
    copy.untyped_storage().data_ptr() == x.untyped_storage().data_ptr(),
)

# %% example-for: torch.Tensor.untyped_storage
# The storage behind a view is the whole buffer
# ---------------------------------------------
#
# ``untyped_storage()`` returns the raw bytes behind a tensor. A small view
# reports (and keeps alive) the storage of its entire base.

big = torch.zeros(1000)
piece = big[:2]
print("piece.numel():", piece.numel())
print("bytes in piece's storage:", piece.untyped_storage().nbytes())
print("bytes in a copy's storage:", piece.clone().untyped_storage().nbytes())
print("storage type:", type(piece.untyped_storage()).__name__)

# %% example-for: torch.Tensor.storage_offset
# Where a view starts: storage_offset()
# -------------------------------------
#
# The offset is counted in elements, not bytes.

x = torch.arange(12).view(3, 4)
print("x:", x.storage_offset())
print("x[1]:", x[1].storage_offset())
print("x[:, 1]:", x[:, 1].storage_offset(), "strides", x[:, 1].stride())
print("x[1:, 2:]:", x[1:, 2:].storage_offset(), "strides", x[1:, 2:].stride())

# %% example-for: strides-explained, torch.Tensor.stride
# Strides explained
# -----------------
#
# ``stride(d)`` is how many elements to skip in memory to move one step along
# dimension ``d``. Element ``[i, j]`` sits at storage position
# ``storage_offset() + i * stride(0) + j * stride(1)``. ``t()`` swaps the
# strides instead of moving data.

x = torch.tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])
xt = x.t()
print("x.stride():", x.stride())
print("x.t().stride():", xt.stride())
print("x.stride(0), x.stride(-1):", x.stride(0), x.stride(-1))


def storage_position(t, *index):
    return t.storage_offset() + sum(i * s for i, s in zip(index, t.stride()))


memory = x.view(-1)  # the storage in order (x is contiguous)
print("x[1, 3] =", x[1, 3].item(), "at position", storage_position(x, 1, 3))
print("xt[3, 1] =", xt[3, 1].item(), "at position", storage_position(xt, 3, 1))
print("memory at that position:", memory[storage_position(x, 1, 3)].item())

# %% example-for: torch.Tensor.is_contiguous
# Which tensors are contiguous?
# -----------------------------
#
# ``is_contiguous()`` asks whether the elements sit in memory in row-major
# order without gaps. Dimensions of size 1 do not count, whatever their
# stride.

x = torch.arange(12).view(3, 4)
print("x:", x.is_contiguous())
print("x.t():", x.t().is_contiguous())
print("x[1:] (whole rows):", x[1:].is_contiguous())
print("x[::2] (every other row):", x[::2].is_contiguous())
assert x[1:].is_contiguous() and not x[::2].is_contiguous()
print("x[:, :2] (part of each row):", x[:, :2].is_contiguous())

y = torch.zeros(4, 1, 3)
print("transpose of a size-1 dim:", y.transpose(0, 1).is_contiguous())

img = torch.zeros(1, 3, 2, 2).contiguous(memory_format=torch.channels_last)
print("channels_last strides:", img.stride())
print("contiguous (default format):", img.is_contiguous())
print(
    "contiguous (channels_last):",
    img.is_contiguous(memory_format=torch.channels_last),
)

# %% example-for: view-compatibility, torch.Tensor.view
# ``-1`` and the element count
# ----------------------------
#
# One size may be ``-1``; it is inferred from the others. The total number of
# elements must not change.

x = torch.arange(24)
print("view(4, -1):", x.view(4, -1).shape)
print("view(2, 3, -1):", x.view(2, 3, -1).shape)
try:
    x.view(5, -1)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.Tensor.view
# view does not move data
# -----------------------
#
# Viewing a ``(1, 2, 3, 4)`` tensor as ``(1, 3, 2, 4)`` gives the same shape
# as swapping dimensions 1 and 2 with ``transpose``, but different contents:
# ``view`` reads the elements in their memory order, ``transpose`` swaps
# strides.

a = torch.arange(24).view(1, 2, 3, 4)
b = a.transpose(1, 2)
c = a.view(1, 3, 2, 4)
print("same shape:", b.shape == c.shape)
print("same values:", torch.equal(b, c))
print("b[0, :, :, 0]:", b[0, :, :, 0].tolist())
print("c[0, :, :, 0]:", c[0, :, :, 0].tolist())
print("contiguous: b", b.is_contiguous(), "c", c.is_contiguous())

# %% example-for: view-compatibility
# When can a non-contiguous tensor be viewed?
# -------------------------------------------
#
# Splitting one dimension into several always works. Merging dimensions
# ``i`` and ``i + 1`` works only if ``stride[i] == stride[i + 1] * size[i + 1]``,
# except that a dimension of size 1 merges whatever its stride.
# ``y`` below keeps the first two columns of every row, so it is not
# contiguous; it can still merge its first two dimensions, but not its last
# two.

x = torch.arange(24).view(2, 3, 4)
y = x[:, :, :2]
print("y.shape:", y.shape, "y.stride():", y.stride())
print("contiguous:", y.is_contiguous())
for i in (0, 1):
    lhs, rhs = y.stride(i), y.stride(i + 1) * y.size(i + 1)
    print(f"dims {i} and {i + 1}: {lhs} vs {rhs} -> can merge: {lhs == rhs}")

print("view(6, 2):", y.view(6, 2).shape)  # merges dims 0 and 1
print("view(2, 3, 2, 1):", y.view(2, 3, 2, 1).shape)  # only splits / adds
try:
    y.view(2, 6)  # would merge dims 1 and 2
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# A size-1 dimension merges even where the condition fails (1 vs 3 here):
z = torch.zeros(4, 1, 3).transpose(1, 2)  # shape (4, 3, 1)
print("z.stride():", z.stride(), "| dims 1 and 2:", z.stride(1), "vs", z.stride(2) * z.size(2),
      "| view(12):", z.view(12).shape)
assert z.stride(1) != z.stride(2) * z.size(2) and z.view(12).shape == (12,)

# %% example-for: view-vs-reshape, torch.reshape, torch.Tensor.reshape
# view versus reshape
# -------------------
#
# ``reshape`` returns a view when ``view`` would work and copies otherwise.
# After a copy, writes no longer reach the original tensor.

x = torch.arange(6).view(2, 3)
t = x.t()  # non-contiguous

try:
    t.view(6)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

r = t.reshape(6)  # copies
print("reshape of t shares memory:", r.data_ptr() == x.data_ptr())
r[0] = 100
print("x after writing r[0]:", x)

s = x.reshape(3, 2)  # x is contiguous: a view
print("reshape of x shares memory:", s.data_ptr() == x.data_ptr())

# %% example-for: view-dtype, torch.Tensor.view
# view(dtype): reinterpret the bytes
# ----------------------------------
#
# ``view(dtype)`` keeps the bytes and reads them as another dtype: it does not
# convert values. Compare with ``to(dtype)``, which converts.

f = torch.tensor([1.0, -2.0, 0.5])  # float32
bits = f.view(torch.int32)
print("view(torch.int32):", bits)
print("as hex:", [f"{b & 0xFFFFFFFF:#010x}" for b in bits.tolist()])
print("to(torch.int32):  ", f.to(torch.int32))
print("shares memory:", bits.data_ptr() == f.data_ptr())

bits[0] = 0x40400000  # the bit pattern of 3.0 in float32
print("f after writing bits[0]:", f)

# %% example-for: view-dtype, torch.Tensor.view
# view(dtype) with a different element size
# -----------------------------------------
#
# When the element sizes differ, the last dimension is rescaled by the ratio
# of the sizes. Any change of size needs at least one dimension and a last
# dimension with stride 1. Going to a larger element (``float32`` to
# ``float64``, ratio 2) also needs the last size, every other stride and
# ``storage_offset()`` to be divisible by the ratio, counted in the old
# elements. Going to a smaller one has no divisibility condition.

x = torch.zeros(2, 4)  # float32: 4 bytes per element
print("float32 -> uint8:", x.view(torch.uint8).shape)
print("float32 -> float64:", x.view(torch.float64).shape)
print("float32 -> float16:", x.view(torch.float16).shape)

failures = {
    "last size 3": lambda: torch.zeros(2, 3).view(torch.float64),
    "last stride 2": lambda: torch.zeros(4, 2).t().view(torch.float64),
    "row stride 5": lambda: torch.zeros(3, 5)[:, :2].view(torch.float64),
    "offset 1": lambda: torch.zeros(8)[1:5].view(torch.float64),
    "0-D": lambda: torch.tensor(1.0).view(torch.float16),
}
for what, make in failures.items():
    try:
        make()
    except RuntimeError as err:
        print(f"{what:13} RuntimeError: {err}")
    else:
        raise AssertionError(f"{what}: expected a RuntimeError")

# The same slices are fine when the strides and the offset are divisible:
print(torch.zeros(3, 4)[:, :2].view(torch.float64).shape, torch.zeros(8)[2:6].view(torch.float64).shape)
# A smaller element only needs stride 1 in the last dimension:
print(torch.zeros(3, 5)[:, :2].view(torch.float16).shape)
# The same element size imposes no condition, even on a 0-D tensor:
print(torch.tensor(1.0).view(torch.int32).shape)

# %% example-for: torch.Tensor.view_as
# view_as(other) is view(other.size())
# ------------------------------------
#
# Only the shape of ``other`` is used; its dtype and device are ignored.

a = torch.arange(6)
target = torch.zeros(3, 2, dtype=torch.float64)
v = a.view_as(target)
print("shape:", v.shape, "dtype:", v.dtype)
print("shares memory:", v.data_ptr() == a.data_ptr())

try:
    a.view_as(torch.zeros(4))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# The stride condition of view applies too: a transpose cannot be flattened.
try:
    a.view(2, 3).t().view_as(a)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: basic-vs-advanced-indexing
# Basic indexing returns views, advanced indexing returns copies
# --------------------------------------------------------------
#
# Integers, slices, ``None`` and ``...`` give views. Indexing with a list, an
# integer tensor or a boolean mask gives a new tensor.


def shares_memory(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


x = torch.arange(12).view(3, 4)
print("x[1]        ", shares_memory(x[1], x))
print("x[:, 1:3]   ", shares_memory(x[:, 1:3], x))
print("x[::2, ::3] ", shares_memory(x[::2, ::3], x))
print("x[None, ...]", shares_memory(x[None, ...], x))
print("x[[0, 2]]   ", shares_memory(x[[0, 2]], x))
print("x[torch.tensor([2, 0])]", shares_memory(x[torch.tensor([2, 0])], x))
print("x[x > 5]    ", shares_memory(x[x > 5], x))

# %% example-for: basic-vs-advanced-indexing
# Writing into the result
# -----------------------
#
# Writing into a view changes ``x``; writing into the copy does not. An
# assignment *with* an index on the left (``x[...] = ...``) is always in
# place, for basic and advanced indices alike.

x = torch.arange(12).view(3, 4)
corners = x[::2, ::3]  # view
picked = x[[0, 2]]  # copy

corners[0, 0] = 100
picked[0, 1] = -5
print(x)

x[[0, 2], 1] = 99  # advanced-index assignment writes into x
print(x)

# %% example-for: split-sequence-dim
# Splitting a sequence dimension into chunks
# ------------------------------------------
#
# Context-parallel code splits the sequence dimension ``seq_dim`` of length
# ``L`` into ``2 * cp_size`` chunks of ``L // (2 * cp_size)`` positions each,
# keeping every other dimension. Splitting a single dimension is always a
# valid view.

t = torch.randn(10, 20, 30, 40)
seq_dim, cp_size = 2, 5
chunks = 2 * cp_size
s = t.view(
    *t.shape[:seq_dim],  # dimensions before seq_dim
    chunks,  # number of chunks
    t.shape[seq_dim] // chunks,  # positions per chunk
    *t.shape[seq_dim + 1 :],  # dimensions after seq_dim
)
print("before:", t.shape, t.stride())
print("after: ", s.shape, s.stride())
print("shares memory:", s.data_ptr() == t.data_ptr())

k = 4  # chunk k holds positions k * 3 ... k * 3 + 2
print("chunk 4 == positions 12:15:", torch.equal(s[:, :, k], t[:, :, 12:15]))

nc = t.transpose(0, 1)  # non-contiguous, shape (20, 10, 30, 40)
print("non-contiguous input:", nc.is_contiguous(), nc.view(20, 10, 10, 3, 40).shape)

# %% example-for: split-sequence-dim
# The length must be divisible by 2 * cp_size
# -------------------------------------------
#
# With 31 positions, ``31 // 10`` rounds down and the element count no longer
# matches.

t = torch.zeros(10, 20, 31, 40)
try:
    t.view(10, 20, 10, 31 // 10, 40)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
