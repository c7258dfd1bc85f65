"""
Tensors filled with a constant: zeros, ones, full, eye, empty
=============================================================

The factory functions build a new tensor of a given shape without any input
data. This script shows how to pass the shape, which dtype each factory
picks when ``dtype=`` is not given, the keyword arguments they share
(``dtype=``, ``device=``, ``requires_grad=``, ``out=``, ``layout=``), and why
the values of ``torch.empty`` must never be read before they are written.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: creation-shapes-and-dtypes
# Passing the shape
# -----------------
#
# ``zeros``, ``ones`` and ``empty`` accept the sizes as separate integers or
# as one tuple, list or ``torch.Size``. An empty tuple gives a zero-dim
# tensor. Sizes must be Python integers: a float, or a tensor of sizes, is
# rejected.

print(torch.zeros(2, 3))
print(torch.zeros((2, 3)).shape, torch.zeros([2, 3]).shape)
print(torch.zeros(torch.Size([2, 3])).shape)
print("zero-dim:", torch.zeros(()), torch.zeros(()).shape)

for bad in (2.0, torch.tensor([2, 3])):
    try:
        torch.zeros(bad)
    except TypeError as err:
        print(f"TypeError: {err}")

# ``full`` and ``randint`` take ``size`` as one sequence (tuple, list or
# ``torch.Size``); a bare int is refused.
print(torch.full([2], 0).shape, torch.randint(5, [2]).shape)
for call in (lambda: torch.full(2, 0), lambda: torch.randint(5, 2)):
    try:
        call()
    except TypeError as err:
        print(f"TypeError: {err}")

# %% example-for: creation-shapes-and-dtypes
# Which dtype does a factory pick?
# --------------------------------
#
# Without ``dtype=``, ``zeros``, ``ones``, ``empty`` and ``eye`` use the
# default dtype (``float32`` unless changed with ``set_default_dtype``).
# ``full`` instead infers the dtype from ``fill_value``, like
# ``torch.tensor`` does for a Python number.

print("zeros:", torch.zeros(2).dtype, "| ones:", torch.ones(2).dtype)
print("eye:", torch.eye(2).dtype, "| empty:", torch.empty(2).dtype)
print("full with 7    :", torch.full((2,), 7).dtype)
print("full with 7.0  :", torch.full((2,), 7.0).dtype)
print("full with True :", torch.full((2,), True).dtype)
print("full with 1+2j :", torch.full((2,), 1 + 2j).dtype)

torch.set_default_dtype(torch.float64)
print("default float64 -> zeros:", torch.zeros(2).dtype, "| full 7.0:", torch.full((2,), 7.0).dtype)
torch.set_default_dtype(torch.float32)  # restore
print("restored default:", torch.get_default_dtype())

# %% example-for: torch.zeros
# zeros
# -----
#
# Any dtype can be requested. A common use is an accumulator that a loop
# adds into in place; its dtype must be able to hold what is added later,
# because an in-place operation cannot change it.

print(torch.zeros(2, 2, dtype=torch.int32))
print(torch.zeros(3, dtype=torch.bool))

counts = torch.zeros(3, dtype=torch.int64)
for step in range(4):
    counts += step
print(counts)
try:
    counts += 0.5
except RuntimeError as err:
    print(f"RuntimeError: {err}")

total = torch.zeros(3)  # float32: accepts fractional updates
total += 0.5
print(total, total.dtype)

# zeros(x.shape) takes only the shape; zeros_like and new_zeros keep the dtype.
x = torch.tensor([1, 2, 3], dtype=torch.int16)
print("zeros(x.shape):", torch.zeros(x.shape).dtype, "| zeros_like(x):", torch.zeros_like(x).dtype,
      "| x.new_zeros(2):", x.new_zeros(2).dtype)
assert torch.zeros(x.shape).dtype == torch.float32

# %% example-for: torch.ones
# ones
# ----
#
# The value 1 is converted to the requested dtype. Multiplying ``ones`` by a
# constant works, but ``full`` says the same in one step.

print(torch.ones(2, 3))
print(torch.ones(3, dtype=torch.bool))
print(torch.ones(2, dtype=torch.complex64))
print(torch.equal(torch.ones(2, 2) * 5, torch.full((2, 2), 5.0)))
print("ones(2, 3):", tuple(torch.ones(2, 3).shape), "| tensor([2, 3]):", torch.tensor([2, 3]))

# %% example-for: torch.full
# full: any constant
# ------------------
#
# ``size`` must be a tuple or list, even for one dimension: unlike ``zeros``,
# ``full`` does not accept the sizes as separate integers. ``dtype=``
# overrides the inferred dtype.

print(torch.full((2, 3), 7))
print(torch.full((2,), 7, dtype=torch.float64))
print(torch.full((3,), float("nan")))
print(torch.full([2], 7))  # a list works as well as a tuple
print(torch.full((2,), torch.tensor(3.5)))  # a zero-dimensional tensor also works
# ... but its dtype is not kept: only the kind of number counts, as for a Python number.
f64 = torch.tensor(3.5, dtype=torch.float64)
print("full with a float64 0-d tensor:", torch.full((2,), f64).dtype)
assert torch.full((2,), f64).dtype == torch.get_default_dtype()
for bad_size, bad_fill in ((2, 7), ((2,), torch.tensor([3.5]))):
    try:
        torch.full(bad_size, bad_fill)
    except TypeError as err:
        print(f"TypeError: {err}")
assert torch.full((2,), 7).dtype == torch.int64  # the pitfall: an int fill gives int64

# %% example-for: torch.eye
# eye: the identity matrix
# ------------------------
#
# ``eye(n)`` is square; ``eye(n, m)`` has ``n`` rows and ``m`` columns with
# ones on the main diagonal. The result is always 2-D: for a batch of
# identity matrices, expand or repeat one.

print(torch.eye(3))
print(torch.eye(2, 4))
print(torch.eye(3, dtype=torch.bool))
batch = torch.eye(2).expand(4, 2, 2)
print("batch:", batch.shape, "strides:", batch.stride())
for bad in ((2, 3, 4), ((2, 3),)):  # a third size, or a shape tuple
    try:
        torch.eye(*bad)
    except TypeError as err:
        print("TypeError:", str(err).splitlines()[0])

# %% example-for: torch.empty
# empty: allocated but not initialised
# ------------------------------------
#
# ``empty`` only reserves memory. Its values are whatever bytes were left
# there before, so they are arbitrary and may differ on every run: this cell
# prints only shape, dtype and strides, never the values. Write every element
# before reading (``fill_``, ``zero_``, ``copy_``, ``out=``), or use
# ``zeros``.

e = torch.empty(2, 3)
print("shape:", e.shape, "| dtype:", e.dtype, "| stride:", e.stride())

e.fill_(1.5)  # now every element has a defined value
print(e)

f = torch.empty((2, 3), dtype=torch.int8)
print("int8 empty:", f.dtype, f.shape)
f.zero_()
print(f)

# memory_format= chooses the strides of the new memory (4-D tensors):
g = torch.empty(1, 3, 2, 2, memory_format=torch.channels_last)
print("channels_last strides:", g.stride())

# %% example-for: creation-uninitialised
# Safe ways to use uninitialised memory
# -------------------------------------
#
# ``empty`` is useful when every element is about to be overwritten anyway:
# as the target of ``out=``, of an in-place random initialiser, or of a
# ``copy_``. Each pattern below writes every element before anything is
# read, so the printed values are well defined. Only the shape and dtype of
# the fresh ``empty`` tensor are printed.

fresh = torch.empty(2, 3)
print("fresh empty:", fresh.shape, fresh.dtype, "(values arbitrary, not printed)")

torch.manual_seed(0)
print(torch.empty(2, 3).uniform_(-1, 1))  # an in-place initialiser writes all

target = torch.empty(4)
torch.arange(4.0, out=target)  # out= writes all
print(target)

copy = torch.empty(2, 2, dtype=torch.int64).copy_(torch.tensor([[1, 2], [3, 4]]))
print(copy)

# %% example-for: creation-common-kwargs
# dtype=, device=, requires_grad=
# -------------------------------
#
# ``device=`` accepts a string or a ``torch.device``. The ``meta`` device
# used here stores only shape and dtype, no data, so it works on any machine.
# ``requires_grad=True`` is allowed only for floating-point and complex
# dtypes.

print(torch.ones(2, dtype=torch.float16))
print(torch.zeros(2, device="cpu").device, torch.zeros(2, device=torch.device("cpu")).device)
print(torch.zeros(2, 3, device="meta"))

w = torch.zeros(3, requires_grad=True)
print(w, "| is_leaf:", w.is_leaf)
try:
    torch.zeros(3, dtype=torch.int64, requires_grad=True)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: creation-common-kwargs
# out=: writing into an existing tensor
# -------------------------------------
#
# With ``out=`` the result is written into the given tensor, which is also
# returned. Its dtype decides the dtype of the result; a conflicting
# ``dtype=`` is an error. An ``out`` tensor of the wrong size is resized to
# the result's size, and ``zeros`` does so without any warning: code that
# keeps a view of the old buffer, or expects the old size, can break
# silently. (``arange`` warns in the same situation.)

buf = torch.empty(0)
res = torch.zeros(2, 3, out=buf)
print("returned out itself:", res is buf, "| new shape:", buf.shape)

ints = torch.empty(3, dtype=torch.int32)
print(torch.ones(3, out=ints))
try:
    torch.ones(3, out=ints, dtype=torch.float32)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    five = torch.ones(5)
    torch.zeros(2, out=five)
print("a 5-element out after zeros(2):", five.shape, "| warnings:", len(caught))

# %% example-for: creation-common-kwargs
# layout=: dense or sparse
# ------------------------
#
# The default ``layout=torch.strided`` is a dense tensor. ``zeros`` can also
# build an empty sparse COO tensor (no stored values); ``ones`` and ``full``
# cannot, because every element would have to be stored.

s = torch.zeros(2, 3, layout=torch.sparse_coo)
print(s.layout, "| stored values:", s.values().numel(), "| shape:", s.shape)
try:
    torch.ones(2, 3, layout=torch.sparse_coo)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
