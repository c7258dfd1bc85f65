"""
broadcast_to and broadcast_tensors: stride-0 views
==================================================

``torch.broadcast_to`` and ``torch.broadcast_tensors`` do explicitly what an
elementwise operation does internally. They return *views*: the stretched
dimensions get stride 0, so every position along them reads the same
memory. This script prints the strides and the shared storage, and shows
what happens when you write into such a view.
"""

import warnings

import torch

# %% example-for: torch.broadcast_to, broadcasting-views
# A view with stride 0
# --------------------
#
# ``broadcast_to(x, shape)`` follows the broadcasting rules from ``x``'s
# shape to ``shape``. No data is copied: the new leading dimension has
# stride 0, the result starts at the same address as ``x``, and it is not
# contiguous. It is the function form of ``Tensor.expand``.

x = torch.tensor([1, 2, 3])
b = torch.broadcast_to(x, (2, 3))
print(b)
print("shape:", b.shape, "stride:", b.stride(), "contiguous:", b.is_contiguous())
print("same memory as x:", b.data_ptr() == x.data_ptr())
assert b.stride() == (0, 1)
assert torch.equal(b, x.expand(2, 3))

# -1 keeps a size; a size-1 dimension can be stretched, others cannot.
print(torch.broadcast_to(torch.zeros(3, 1), (2, -1, 4)).shape)
try:
    torch.broadcast_to(x, (3, 2))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.broadcast_to, broadcasting-views
# Writing into a broadcast view
# -----------------------------
#
# Most in-place operations that would write several elements sharing one
# memory location (the whole view, or a column) are refused; the next cell
# shows the exceptions. A write whose elements each have their own location
# (one element, or one row) is allowed and silently changes every row, and
# ``x`` too. Call ``.clone()`` (or ``.contiguous()``) first to get an
# ordinary tensor you can modify.

x = torch.tensor([1, 2, 3])
b = x.broadcast_to((2, 3))
writes = {
    "b.add_(1)": lambda: b.add_(1),
    "b.copy_(...)": lambda: b.copy_(torch.zeros(2, 3, dtype=torch.long)),
    "b[:, 0] = 0": lambda: b.__setitem__((slice(None), 0), 0),
}
for name, write in writes.items():
    try:
        write()
    except RuntimeError as err:
        print(f"{name} -> RuntimeError: {err}")

b[0, 0] = 100  # one element of memory: accepted
print(b)
print("x:", x)
assert x[0] == 100 and b[1, 0] == 100

b[1] = torch.tensor([7, 8, 9])  # one row: three distinct locations, accepted
print(b)
print("x:", x)
assert x.tolist() == [7, 8, 9] and b[0].tolist() == [7, 8, 9]

c = b.clone()
c.add_(1)
print("clone:", c.stride(), c.tolist())
# .contiguous() also copies a stride-0 view into new memory.
assert b.contiguous().stride() == (3, 1) and b.contiguous().data_ptr() != x.data_ptr()

# %% example-for: torch.broadcast_to, broadcasting-views
# Not every in-place write is checked
# -----------------------------------
#
# The check above is not made by every in-place operation. ``fill_`` and
# ``zero_`` on the whole view are accepted without an error or a warning;
# ``masked_fill_``, ``index_fill_`` and an assignment through a boolean mask
# are accepted with a deprecation ``UserWarning``. Each of them overwrites
# ``x``. Only ``clone()`` first keeps ``x`` safe.

fills = {
    "b.fill_(0.0)": lambda b: b.fill_(0.0),
    "b.zero_()": lambda b: b.zero_(),
    "b.masked_fill_(mask, 7.0)": lambda b: b.masked_fill_(torch.ones(2, 3, dtype=torch.bool), 7.0),
    "b.index_fill_(1, [0], 5.0)": lambda b: b.index_fill_(1, torch.tensor([0]), 5.0),
    "b[mask] = 4.0": lambda b: b.__setitem__(torch.ones(2, 3, dtype=torch.bool), 4.0),
    "b.mul_(2)": lambda b: b.mul_(2),
}
for name, write in fills.items():
    x = torch.tensor([1.0, 2.0, 3.0])
    b = torch.broadcast_to(x, (2, 3))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            write(b)
            print(f"{name:27} accepted, x is now {x.tolist()}")
        except RuntimeError as err:
            print(f"{name:27} RuntimeError: {err}")
    for w in caught:
        print(f"{'':27} {w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")
x = torch.tensor([1.0, 2.0, 3.0])
torch.broadcast_to(x, (2, 3)).fill_(0.0)
assert x.tolist() == [0.0, 0.0, 0.0]

# %% example-for: torch.broadcast_tensors
# Broadcasting several tensors at once
# ------------------------------------
#
# ``broadcast_tensors`` returns a tuple of views, all with the common shape.
# Each view has stride 0 where its input was stretched.

row = torch.tensor([1, 2, 3])
col = torch.tensor([[10], [20]])
r, c = torch.broadcast_tensors(row, col)
print(type(r), r.shape, c.shape)
print("strides:", r.stride(), c.stride())
print("views of the inputs:", r.data_ptr() == row.data_ptr(), c.data_ptr() == col.data_ptr())
print(r + c)
assert torch.equal(r + c, row + col)

# Same rules, same error as an elementwise operation.
try:
    torch.broadcast_tensors(torch.zeros(2), torch.zeros(3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.broadcast_tensors
# When it is useful
# -----------------
#
# Functions that do not broadcast themselves, such as ``torch.stack``, need
# inputs of equal shape; ``broadcast_tensors`` provides them without copies
# (``stack`` then copies once). The result of ``broadcast_shapes`` is the
# same common shape, computed without any tensor.

try:
    torch.stack([row, col], dim=-1)
except RuntimeError as err:
    print(f"stack without broadcasting -> RuntimeError: {err}")
points = torch.stack(torch.broadcast_tensors(row, col), dim=-1)
print(points.shape)
print(points[1])
print(torch.broadcast_shapes(row.shape, col.shape))
