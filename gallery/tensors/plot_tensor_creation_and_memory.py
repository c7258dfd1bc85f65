"""
Creating tensors: copies, shared memory and the new_* methods
=============================================================

Which ways of making a tensor copy the data and which share memory with the
source (a NumPy array or another tensor), why ``torch.Tensor(2, 3)`` is not
``torch.tensor([2, 3])``, how the ``new_*`` methods inherit dtype and device,
what ``resize_`` does to the storage, and what many small tensors cost.

Memory sharing is checked by comparing addresses (``data_ptr()`` for a
tensor, ``ndarray.ctypes.data`` for a NumPy array) and by writing into one
side and printing the other. Addresses themselves are never printed: they
change from run to run.
"""

import sys
import warnings

import numpy as np
import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: tensor-class-legacy-constructor, torch.Tensor
# ``torch.Tensor(2, 3)`` versus ``torch.tensor([2, 3])``
# ------------------------------------------------------
#
# The class ``torch.Tensor`` can be called like a function, but integers
# passed to it are read as a *shape*, and the memory of the new tensor is not
# initialised (its values are not printed here for that reason). The factory
# function ``torch.tensor`` always reads its argument as *data* and infers the
# dtype from it; given a list, the legacy constructor always uses the default
# float dtype.

a = torch.Tensor(2, 3)  # shape (2, 3), uninitialised float32
b = torch.tensor([2, 3])  # data [2, 3], dtype inferred: int64
c = torch.Tensor([2, 3])  # data [2., 3.], always the default float dtype
print("torch.Tensor(2, 3):    shape", a.shape, a.dtype)
print("torch.tensor([2, 3]):  shape", b.shape, b.dtype, b.tolist())
print("torch.Tensor([2, 3]):  shape", c.shape, c.dtype, c.tolist())

# A tuple is read as data, but a torch.Size as a shape:
print("torch.Tensor((2, 3)):          shape", torch.Tensor((2, 3)).shape)
print("torch.Tensor(torch.Size(...)): shape", torch.Tensor(torch.Size([2, 3])).shape)

try:
    torch.Tensor([1, 2], dtype=torch.int64)  # the legacy constructor has no dtype=
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.Tensor
# ``torch.Tensor`` is the class of every tensor
# ---------------------------------------------
#
# Whatever function created it, a tensor is an instance of ``torch.Tensor``.
# The legacy tensor types such as ``torch.FloatTensor`` are classes too, but
# no tensor is created as one of them and they are not subclasses of
# ``torch.Tensor``; ``isinstance`` against them checks the dtype (and device)
# instead. ``torch.nn.Parameter`` is a subclass.

x = torch.zeros(2)
i = torch.zeros(2, dtype=torch.int64)
print("type(x) is torch.Tensor:", type(x) is torch.Tensor)
print("torch.Tensor is torch.FloatTensor:", torch.Tensor is torch.FloatTensor)
print("isinstance(x, torch.FloatTensor):", isinstance(x, torch.FloatTensor))
print("isinstance(i, torch.FloatTensor):", isinstance(i, torch.FloatTensor))
print("torch.FloatTensor is a class:", isinstance(torch.FloatTensor, type),
      "| subclass of Tensor:", issubclass(torch.FloatTensor, torch.Tensor))
print("Parameter subclasses Tensor:", issubclass(torch.nn.Parameter, torch.Tensor))

# %% example-for: torch.Tensor, tensor-class-copy-or-share
# The legacy constructor sometimes copies and sometimes aliases
# -------------------------------------------------------------
#
# Given a NumPy array, ``torch.Tensor`` copies it into the default float
# dtype (float32), unless the array already has that dtype: then it shares
# the array's memory. Given a tensor, it returns a new tensor object that
# *shares* the memory of its argument and keeps its dtype, even an integer
# one. One more reason to use ``torch.tensor``, ``torch.as_tensor`` or
# ``clone()``, whose behaviour does not depend on the input.

arr = np.array([1, 2, 3])  # int64 on Linux and macOS
from_arr = torch.Tensor(arr)
print("from ndarray: dtype", from_arr.dtype, "| shares memory:", from_arr.data_ptr() == arr.ctypes.data)

arr32 = np.array([1.0, 2.0, 3.0], dtype=np.float32)  # already the default dtype
from_arr32 = torch.Tensor(arr32)
print("from float32 ndarray: dtype", from_arr32.dtype, "| shares memory:", from_arr32.data_ptr() == arr32.ctypes.data)
assert from_arr32.data_ptr() == arr32.ctypes.data and from_arr.data_ptr() != arr.ctypes.data

src = torch.tensor([1, 2, 3])
from_tensor = torch.Tensor(src)
print("from tensor:  dtype", from_tensor.dtype, "| shares memory:", from_tensor.data_ptr() == src.data_ptr())
from_tensor[0] = 100
print("src after writing from_tensor[0]:", src.tolist())

# %% example-for: tensor-class-copy-or-share, torch.tensor
# ``torch.tensor`` always copies
# ------------------------------
#
# The new tensor owns fresh memory, so later changes to the NumPy array do not
# reach it (and the other way round). The dtype of the array is kept:
# NumPy floats are float64.

arr = np.array([1.0, 2.0, 3.0])
t = torch.tensor(arr)
print("dtype:", t.dtype)
print("shares memory with arr:", t.data_ptr() == arr.ctypes.data)
arr[0] = -1.0
print("arr:", arr.tolist(), "| t:", t.tolist())

# %% example-for: torch.tensor
# Dtype inference, zero-dim tensors and ``requires_grad``
# -------------------------------------------------------
#
# Python ints give int64, Python floats the default dtype (float32), bools
# give bool; one float in the list makes the whole tensor floating point.
# A bare number gives a zero-dimensional tensor, a one-element list a 1-D one.

print(torch.tensor([1, 2]).dtype, torch.tensor([1.0, 2.0]).dtype, torch.tensor([1, 2.0]).dtype)
print(torch.tensor([True, False]).dtype, torch.tensor([1, 2], dtype=torch.float16).dtype)
print("torch.tensor(3).shape:", torch.tensor(3).shape, "| torch.tensor([3]).shape:", torch.tensor([3]).shape)

w = torch.tensor([0.5, -1.0], requires_grad=True)
print("requires_grad:", w.requires_grad, "| is_leaf:", w.is_leaf)

try:
    torch.tensor([[1, 2], [3]])  # ragged nested lists are refused
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.tensor
# Copying a tensor with ``torch.tensor`` warns
# --------------------------------------------
#
# ``torch.tensor(other_tensor)`` works, but emits a ``UserWarning`` that names
# the preferred spelling. The warning is captured and printed here.

src = torch.tensor([1.0, 2.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    copy = torch.tensor(src)
print("UserWarning:", caught[0].message)
print("copy shares memory:", copy.data_ptr() == src.data_ptr(), "| requires_grad:", copy.requires_grad)

better = src.detach().clone()
print("detach().clone() shares memory:", better.data_ptr() == src.data_ptr())

# %% example-for: tensor-class-copy-or-share, torch.as_tensor
# ``torch.as_tensor`` shares when it can
# --------------------------------------
#
# With a NumPy array of a supported dtype and no conversion requested, the
# tensor uses the array's memory: a write into the array shows up in the
# tensor. Asking for another dtype, or passing a Python list, forces a copy.
# A tensor that already matches is returned as is.

arr = np.array([1.0, 2.0, 3.0])
shared = torch.as_tensor(arr)
print("shares memory with arr:", shared.data_ptr() == arr.ctypes.data, "| dtype:", shared.dtype)
arr[0] = 100.0
print("shared after writing arr[0]:", shared.tolist())

converted = torch.as_tensor(arr, dtype=torch.float32)  # float64 -> float32 copies
print("with dtype=float32, shares memory:", converted.data_ptr() == arr.ctypes.data)

t = torch.ones(2)
print("as_tensor(t) is t:", torch.as_tensor(t) is t)
print("as_tensor(t, dtype=float64) is t:", torch.as_tensor(t, dtype=torch.float64) is t)

# %% example-for: tensor-class-copy-or-share, torch.from_numpy
# ``torch.from_numpy`` always shares
# ----------------------------------
#
# ``from_numpy`` never copies and takes no ``dtype=``: the tensor has the
# array's dtype and uses its memory, so in-place changes on either side are
# seen by the other.

arr = np.arange(4, dtype=np.float64)
t = torch.from_numpy(arr)
print("dtype:", t.dtype, "| shares memory:", t.data_ptr() == arr.ctypes.data)
t.mul_(10)  # in-place on the tensor ...
print("arr after t.mul_(10):", arr.tolist())  # ... changes the array
arr[1] = -1.0  # in-place on the array ...
print("t after arr[1] = -1:", t.tolist())  # ... changes the tensor

t = t * 2  # NOT in place: a new tensor, the array is left alone
print("arr after t = t * 2:", arr.tolist())

# %% example-for: torch.from_numpy, torch.as_tensor
# What ``from_numpy`` refuses
# ---------------------------
#
# Tensors cannot have negative strides, so a reversed NumPy view is refused,
# by ``as_tensor`` too. The memory belongs to NumPy, so the tensor
# cannot grow it with ``resize_``. Only arrays are accepted, not lists.

arr = np.arange(4.0)
for convert in (torch.from_numpy, torch.as_tensor):
    try:
        convert(arr[::-1])
    except ValueError as err:
        print(f"{convert.__name__}: ValueError: {err}")
print("works after a copy:", torch.from_numpy(arr[::-1].copy()).tolist())

try:
    torch.from_numpy(arr).resize_(8)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

try:
    torch.from_numpy([1.0, 2.0])
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: tensor-class-copy-or-share, torch.Tensor.numpy
# ``Tensor.numpy()`` shares too
# -----------------------------
#
# The array returned by ``numpy()`` is a view of the tensor's memory (CPU
# tensors only): writing into it changes the tensor.

t = torch.arange(3.0)
n = t.numpy()
print(type(n).__name__, n.dtype, "| shares memory:", n.ctypes.data == t.data_ptr())
n[0] = 100.0
print("t after writing n[0]:", t.tolist())
t.add_(1)
print("n after t.add_(1):", n.tolist())

# %% example-for: torch.Tensor.numpy
# When ``numpy()`` refuses
# ------------------------
#
# A tensor that requires grad must be detached first (or use
# ``numpy(force=True)``). NumPy has no bfloat16, so convert such tensors with
# ``to(torch.float32)`` first.

w = torch.ones(2, requires_grad=True)
try:
    w.numpy()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("detach().numpy():", w.detach().numpy().tolist())
print("numpy(force=True):", w.numpy(force=True).tolist())

try:
    torch.ones(2, dtype=torch.bfloat16).numpy()
except TypeError as err:
    print(f"TypeError: {err}")
print("after to(float32):", torch.ones(2, dtype=torch.bfloat16).to(torch.float32).numpy().dtype)

# %% example-for: tensor-class-small-tensors
# Many small tensors cost more than their data
# --------------------------------------------
#
# The same 1000 float32 values, once as one tensor and once as a list of 1000
# one-element tensors. The data is 4000 bytes either way. But every tensor is
# also a Python object, and ``sys.getsizeof`` shows that it counts only that
# object, never the data. The C++ objects behind each tensor and the
# allocator's bookkeeping come on top and are not counted by either number.

one = torch.zeros(1000)
many = [torch.zeros(1) for _ in range(1000)]

print("data bytes, one tensor:     ", one.element_size() * one.nelement())
print("data bytes, 1000 tensors:   ", sum(t.element_size() * t.nelement() for t in many))
print("storage bytes, one tensor:  ", one.untyped_storage().nbytes())
print("storage bytes, 1000 tensors:", sum(t.untyped_storage().nbytes() for t in many))

print("sys.getsizeof(one tensor of 1000):", sys.getsizeof(one))
print("sys.getsizeof(one tensor of 1):   ", sys.getsizeof(many[0]))
python_objects = sys.getsizeof(many) + sum(sys.getsizeof(t) for t in many)
print("Python objects, list of 1000 tensors:", python_objects)
print("every tiny data block is 64-byte aligned:", all(t.data_ptr() % 64 == 0 for t in many))

packed = torch.cat(many)  # one large structure instead of many small ones
print("after torch.cat:", packed.shape, packed.untyped_storage().nbytes(), "bytes of storage")

# %% example-for: torch.Tensor.new_tensor
# ``new_tensor`` copies data into self's dtype and device
# -------------------------------------------------------
#
# The data is read like ``torch.tensor`` reads it, but the dtype and device
# come from ``self`` unless given: Python ints become floats on a float
# tensor, and floats are truncated on an integer tensor.

base = torch.zeros(2, dtype=torch.float64, requires_grad=True)
n = base.new_tensor([1, 2])
print(n.tolist(), n.dtype, "| requires_grad:", n.requires_grad)
print("explicit dtype:", base.new_tensor([1, 2], dtype=torch.int32).dtype)

ints = torch.tensor([1, 2])
print("ints.new_tensor([0.5, 1.7]):", ints.new_tensor([0.5, 1.7]).tolist())

# Unlike new_full, new_empty, new_ones and new_zeros, new_tensor takes no
# layout= and no pin_memory= (although its docstring lists them):
for kwarg in ({"layout": torch.strided}, {"pin_memory": False}):
    try:
        ints.new_tensor([1], **kwarg)
    except TypeError as err:
        print(f"TypeError: {err}")
    else:
        raise AssertionError("expected a TypeError")
print("new_zeros takes them:", ints.new_zeros(2, layout=torch.strided, pin_memory=False).tolist())

# %% example-for: torch.Tensor.new_full
# ``new_full``: a filled tensor like self
# ---------------------------------------
#
# The size must be a tuple or list. The fill value is converted to self's
# dtype, so 2.5 becomes 2 on an integer tensor.

base = torch.zeros(1, dtype=torch.float64)
print(base.new_full((2, 3), 7.0).dtype, base.new_full((2,), 7.0).tolist())

ints = torch.tensor([1, 2])
print("ints.new_full((2,), 2.5):", ints.new_full((2,), 2.5).tolist())

try:
    ints.new_full(2, 1)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.Tensor.new_empty
# ``new_empty``: shape, dtype and device only
# -------------------------------------------
#
# The memory is not initialised, so the values are arbitrary and are not
# printed. Fill the tensor before reading it.

base = torch.zeros(1, dtype=torch.float16)
e = base.new_empty(2, 3)
print(e.shape, e.dtype, e.device, "| requires_grad:", e.requires_grad)
e.fill_(1.0)  # now every value is defined
print(e.tolist())

# %% example-for: torch.Tensor.new_ones, torch.Tensor.new_zeros
# ``new_ones`` and ``new_zeros``
# ------------------------------
#
# The size can be given as separate ints or as one tuple. The result never
# inherits ``requires_grad``: pass ``requires_grad=True`` if needed.

base = torch.zeros(1, dtype=torch.float64, requires_grad=True)
o = base.new_ones(3)
z = base.new_zeros((2, 2))
print(o.tolist(), o.dtype, o.requires_grad)
print(z.tolist(), z.dtype, z.requires_grad)
print(base.new_ones(2, requires_grad=True).requires_grad)

ints = torch.tensor([5, 6], dtype=torch.int32)
print("ints.new_zeros(3):", ints.new_zeros(3).dtype)

# %% example-for: torch.Tensor.resize_
# ``resize_`` keeps the storage in C order
# ----------------------------------------
#
# Shrinking keeps the storage and shows its first elements in row-major order.
# Growing past the storage reallocates it; the new elements are
# uninitialised, so only shapes and sizes are printed after growing.

x = torch.arange(6.0)
print("storage bytes:", x.untyped_storage().nbytes())
x.resize_(2, 2)  # fewer elements: the storage is kept
print("after resize_(2, 2):", x.tolist(), "| storage bytes:", x.untyped_storage().nbytes())
x.resize_(4, 4)  # more elements: the storage grows, new values are garbage
print("after resize_(4, 4):", x.shape, "| storage bytes:", x.untyped_storage().nbytes())

# %% example-for: torch.Tensor.resize_
# ``resize_`` ignores strides and element counts
# ----------------------------------------------
#
# Unlike ``view`` and ``reshape``, ``resize_`` does not check that the number
# of elements matches, and it reads the storage as row-major whatever the
# tensor's strides were. Resizing a transpose therefore does not give the
# transpose's values back.

y = torch.arange(6).view(2, 3).t()  # shape (3, 2), strides (1, 3)
print("y:", y.tolist(), "strides", y.stride())
y.resize_(2, 3)
print("after resize_(2, 3):", y.tolist(), "strides", y.stride())

w = torch.ones(3, requires_grad=True)
try:
    w.resize_(2)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.is_tensor
# ``torch.is_tensor``
# -------------------
#
# True for tensors and tensor subclasses; False for NumPy arrays, lists and
# Python numbers.

print(torch.is_tensor(torch.zeros(1)), torch.is_tensor(torch.nn.Parameter(torch.zeros(1))))
print(torch.is_tensor(np.zeros(1)), torch.is_tensor([1.0]), torch.is_tensor(1.0))

# %% example-for: torch.is_storage
# ``torch.is_storage``
# --------------------
#
# True for storage objects (the raw memory behind a tensor), not for tensors.
# The legacy ``Tensor.storage()`` returns a ``TypedStorage``, also a storage,
# and emits a deprecation warning. That warning is shown only the first time
# in a process, so the cell re-arms it (with a private helper of
# ``torch.storage``) and records it, to show it whatever ran before.

t = torch.zeros(2)
s = t.untyped_storage()
print(type(s).__name__, torch.is_storage(s))
print("a tensor:", torch.is_storage(t))

torch.storage._reset_warn_typed_storage_removal()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    typed = t.storage()
print(type(typed).__name__, torch.is_storage(typed))
for w in caught:
    print(f"{w.category.__name__}: {str(w.message).split('.')[0]}.")
assert torch.is_storage(typed) and any("TypedStorage is deprecated" in str(w.message) for w in caught)
