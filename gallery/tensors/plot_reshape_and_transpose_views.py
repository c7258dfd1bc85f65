"""
Reshaping and transposing views
===============================

``reshape``, ``flatten``, ``transpose``, ``t``, ``permute`` and the
``T`` / ``H`` / ``mT`` / ``mH`` attributes all rearrange how a tensor is read
without touching its data whenever they can. This script prints their shapes,
strides and contiguity, and checks with ``data_ptr()`` whether memory is
shared or copied.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: transpose-and-contiguous, torch.Tensor.contiguous
# transpose gives a non-contiguous view; contiguous() copies it
# -------------------------------------------------------------
#
# ``transpose`` only swaps two strides, so the result reads the same memory in
# a different order and is no longer contiguous. ``contiguous()`` then copies
# the data into row-major order.

base = torch.arange(6).view(2, 3)
t = base.transpose(0, 1)
print("base:", base.stride(), base.is_contiguous())
print("t:   ", t.stride(), t.is_contiguous())
print("t shares base's memory:", t.data_ptr() == base.data_ptr())

c = t.contiguous()
print("c:   ", c.stride(), c.is_contiguous())
print("c shares base's memory:", c.data_ptr() == base.data_ptr())
print("same values:", torch.equal(c, t))

# %% example-for: transpose-and-contiguous, torch.Tensor.contiguous
# contiguous() copies only when needed
# ------------------------------------
#
# On a tensor that is already contiguous, ``contiguous()`` returns the tensor
# itself, so writes through the result still reach the original.

x = torch.arange(6).view(2, 3)
same = x.contiguous()
print("returns self:", same is x)
same[0, 0] = 100
print("x after writing through the result:", x)

t = x.t()
print("contiguous() of t shares t's memory:", t.contiguous().data_ptr() == t.data_ptr())

# %% example-for: torch.Tensor.contiguous
# contiguous(memory_format=...)
# -----------------------------
#
# ``memory_format=torch.channels_last`` lays a 4-D tensor out in NHWC order
# while keeping its NCHW shape.

img = torch.arange(12.0).view(1, 3, 2, 2)
nhwc = img.contiguous(memory_format=torch.channels_last)
print("shape:", nhwc.shape)
print("strides NCHW:", img.stride())
print("strides channels_last:", nhwc.stride())
print("shares memory with img:", nhwc.data_ptr() == img.data_ptr())

# %% example-for: torch.reshape, torch.Tensor.reshape
# reshape: function and method
# ----------------------------
#
# ``torch.reshape(x, shape)`` and ``x.reshape(*shape)`` do the same thing. The
# shape may be a tuple or separate integers, with at most one ``-1``.

x = torch.arange(12)
a = torch.reshape(x, (3, -1))
b = x.reshape(2, 2, 3)
print(a.shape, b.shape)
print("views of x:", a.data_ptr() == x.data_ptr(), b.data_ptr() == x.data_ptr())

cols = torch.arange(12).view(3, 4)[:, :2]  # non-contiguous
flat = torch.reshape(cols, (-1,))
print("reshape of a column slice shares memory:", flat.data_ptr() == cols.data_ptr())

# %% example-for: torch.Tensor.reshape_as
# reshape_as(other)
# -----------------
#
# ``x.reshape_as(other)`` is ``x.reshape(other.shape)``; dtype and device of
# ``other`` are ignored.

x = torch.arange(6)
other = torch.zeros(2, 3, dtype=torch.float64)
y = x.reshape_as(other)
print("shape:", y.shape, "dtype:", y.dtype)
print("view of x:", y.data_ptr() == x.data_ptr())

z = x.view(2, 3).t().reshape_as(torch.zeros(6))  # from a transpose: copy
print("from a transpose, shares memory:", z.data_ptr() == x.data_ptr())
print(z)

# %% example-for: torch.flatten
# flatten(input, start_dim=0, end_dim=-1)
# ---------------------------------------
#
# ``flatten`` merges the dimensions from ``start_dim`` to ``end_dim``
# (inclusive) into one. Like ``reshape``, it returns a view when it can and a
# copy otherwise. When there is nothing to merge (``start_dim`` equal to
# ``end_dim``, so also any 1-D input) it returns the input object itself. A
# 0-d tensor becomes 1-D.

x = torch.arange(24).view(2, 3, 4)
print("flatten(x):", torch.flatten(x).shape)
print("flatten(x, 1):", torch.flatten(x, start_dim=1).shape)
print("flatten(x, 0, 1):", torch.flatten(x, 0, 1).shape)
print("flatten(x, -2):", x.flatten(-2).shape)
print("view of x:", torch.flatten(x).data_ptr() == x.data_ptr())

t = x.transpose(0, 1)
print("flatten of a transpose shares memory:", torch.flatten(t).data_ptr() == x.data_ptr())
print("0-d:", torch.flatten(torch.tensor(7.0)).shape)

v = torch.arange(3)
print("1-D: flatten(v) is v:", torch.flatten(v) is v, "| flatten(x, 1, 1) is x:", torch.flatten(x, 1, 1) is x)
assert torch.flatten(v) is v and torch.flatten(x, 1, 1) is x

# %% example-for: torch.transpose
# transpose(input, dim0, dim1)
# ----------------------------
#
# Swaps two dimensions (and their strides). Negative dimensions count from the
# end. Only two dimensions at a time; use ``permute`` for more.

x = torch.arange(24).view(2, 3, 4)
y = torch.transpose(x, 0, 2)
print(y.shape, y.stride())
print(x.transpose(-1, -2).shape)
print("same as swapping back:", torch.equal(y.transpose(0, 2), x))

y[0, 0, 1] = -1  # writes x[1, 0, 0]
print("x[1, 0, 0] after the write:", x[1, 0, 0].item())

# transpose_ swaps the dimensions of the tensor itself (shape and strides).
w = torch.arange(6).view(2, 3)
out = w.transpose_(0, 1)
print("w.transpose_(0, 1):", w.shape, w.stride(), "| same object:", out is w)

# %% example-for: torch.t
# t(input): only for tensors with at most 2 dimensions
# ----------------------------------------------------
#
# ``t`` transposes a 2-D tensor, returns 0-D and 1-D tensors unchanged (a 1-D
# tensor has no "column" shape), and rejects anything larger.

m = torch.arange(6).view(2, 3)
v = torch.arange(3)
print("2-D:", torch.t(m).shape, torch.t(m).stride())
print("1-D:", v.t().shape)
print("1-D as a column needs unsqueeze:", v.unsqueeze(1).shape)
try:
    torch.t(torch.zeros(2, 3, 4))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
mt = m.clone()
out = mt.t_()  # in place: mt itself becomes (3, 2)
print("mt.t_():", mt.shape, mt.stride(), "| same object:", out is mt)

# %% example-for: torch.permute
# permute(input, dims)
# --------------------
#
# Reorders all dimensions at once: output dimension ``i`` is input dimension
# ``dims[i]``. Every dimension must appear exactly once.

x = torch.arange(24).view(2, 3, 4)  # e.g. (N, C, L)
p = torch.permute(x, (2, 0, 1))  # (L, N, C)
print(p.shape, p.stride(), p.is_contiguous())
print("method form:", x.permute(2, 0, 1).shape)
print("view of x:", p.data_ptr() == x.data_ptr())
print("after contiguous():", p.contiguous().stride())
try:
    x.permute(0, 0, 1)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.Tensor.T
# Tensor.T on a matrix
# --------------------
#
# ``T`` reverses the dimensions. It never conjugates, even for complex data.
# For a batch of matrices use ``mT``; to reverse every dimension of an n-D
# tensor use ``permute``. On tensors that are not 2-D, ``T`` still works but
# is deprecated. The warnings come from C++ code that warns once per process;
# ``torch.set_warn_always(True)`` makes them show here whatever ran before,
# and ``warnings.catch_warnings`` records them to print.

z = torch.tensor([[1 + 2j, 3 - 1j], [0 + 1j, 2 + 0j]])
print(z.T)
print("view of z:", z.T.data_ptr() == z.data_ptr())

x = torch.zeros(2, 3, 4)
print("x.mT:", x.mT.shape)
print("reverse all dims:", x.permute(*range(x.ndim - 1, -1, -1)).shape)

warn_always = torch.is_warn_always_enabled()
torch.set_warn_always(True)
try:
    for t in (x, torch.arange(3), torch.tensor(5.0)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            shape = t.T.shape
        print(f"{t.dim()}-D: T.shape={tuple(shape)}")
        for w in caught:
            print(f"  {w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")
        assert any("deprecated" in str(w.message) for w in caught)
finally:
    torch.set_warn_always(warn_always)

# %% example-for: torch.Tensor.H
# Tensor.H: conjugate transpose of a matrix
# -----------------------------------------
#
# For complex matrices ``H`` is ``transpose(0, 1).conj()``; for real ones it is
# a plain transpose. The conjugation is lazy: the result is still a view with
# its conjugate bit set.

z = torch.tensor([[1 + 2j, 3 - 1j], [0 + 1j, 2 + 0j]])
h = z.H
print(h)
print("equals z.T.conj():", torch.equal(h, z.T.conj()))
print("view of z:", h.data_ptr() == z.data_ptr(), "conj bit:", h.is_conj())

r = torch.arange(6.0).view(2, 3)
print("real: same as T:", torch.equal(r.H, r.T))
try:
    torch.zeros(2, 3, 4).H
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    torch.zeros(3).H
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# A 0-D tensor is accepted, with a deprecation warning (once per process in
# C++; set_warn_always shows it here whatever ran before): its H is conj().
warn_always = torch.is_warn_always_enabled()
torch.set_warn_always(True)
try:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        h0 = torch.tensor(1 + 2j).H
finally:
    torch.set_warn_always(warn_always)
print("0-D:", h0)
for w in caught:
    print(f"  {w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")
assert h0 == torch.tensor(1 - 2j) and any("deprecated" in str(w.message) for w in caught)

# %% example-for: torch.Tensor.mT
# Tensor.mT: transpose the last two dimensions
# --------------------------------------------
#
# ``mT`` is ``transpose(-2, -1)``: it works on a batch of matrices and needs
# at least 2 dimensions. No conjugation.

batch = torch.arange(12).view(2, 2, 3)
print(batch.mT.shape, batch.mT.stride())
print("equals transpose(-2, -1):", torch.equal(batch.mT, batch.transpose(-2, -1)))
try:
    torch.arange(3).mT
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.Tensor.mH
# Tensor.mH: conjugate transpose of a batch
# -----------------------------------------
#
# ``mH`` is ``mT`` followed by a (lazy) conjugation; on real tensors it equals
# ``mT``.

torch.manual_seed(0)
batch = torch.randn(2, 2, 2, dtype=torch.complex64)
mh = batch.mH
print(mh.shape)
print("equals mT.conj():", torch.equal(mh, batch.mT.conj()))
print("matrix 0 equals its H:", torch.equal(mh[0], batch[0].H))
print("view:", mh.data_ptr() == batch.data_ptr(), "conj bit:", mh.is_conj())

real = torch.arange(12.0).view(2, 2, 3)
print("real: mH equals mT:", torch.equal(real.mH, real.mT))

# %% example-for: torch.adjoint
# adjoint(input)
# --------------
#
# ``torch.adjoint(x)`` is the function form of ``x.mH``.

z = torch.tensor([[1 + 2j, 3 - 1j], [0 + 1j, 2 + 0j]])
print(torch.adjoint(z))
print("equals z.mH:", torch.equal(torch.adjoint(z), z.mH))
print("batched:", torch.adjoint(torch.zeros(4, 2, 3)).shape)
print("conj bit after resolve_conj():", z.adjoint().resolve_conj().is_conj())
