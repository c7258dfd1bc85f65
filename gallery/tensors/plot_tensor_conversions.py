"""
Reading values, shapes and devices; converting tensors
======================================================

Getting Python numbers and lists out of a tensor (``item``, ``tolist``),
reading its shape and size (``size``, ``shape``, ``dim``, ``ndim``,
``numel``), its dtype and device, converting it with ``to``, ``type`` and
``type_as``, and what ``cuda()``, ``is_cuda`` and ``get_device()`` report for
a tensor in CPU memory.

``Tensor.to`` and ``Tensor.cuda`` return a new tensor (or ``self``), whereas
``Module.to`` and ``Module.cuda`` change the module in place; the last
examples show the difference.
"""
# also-on: cuda

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.Tensor.item
# ``item()`` returns a Python number
# ----------------------------------
#
# It works on any tensor with exactly one element, whatever its number of
# dimensions. The Python type follows the dtype: ``int``, ``float``,
# ``bool`` or ``complex``. A float32 value converted to a Python float shows
# float32's rounding.

for t in (torch.tensor([[7]]), torch.tensor(2.5), torch.tensor([True]), torch.tensor([1 + 2j])):
    value = t.item()
    print(f"shape {str(tuple(t.shape)):7} {str(t.dtype):16} -> {value!r} ({type(value).__name__})")
print("float32 0.1:", torch.tensor(0.1).item())
print("float64 0.1:", torch.tensor(0.1, dtype=torch.float64).item())

# %% example-for: torch.Tensor.item
# ``item()`` on more (or fewer) than one element
# ----------------------------------------------
#
# Use ``tolist()`` for several elements; reduce first (``sum()``, ``max()``)
# if you want one number.

x = torch.tensor([1.0, 2.0])
try:
    x.item()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    torch.tensor([]).item()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("x.sum().item():", x.sum().item(), "| x.tolist():", x.tolist())

# %% example-for: torch.Tensor.tolist
# ``tolist()`` returns nested Python lists
# ----------------------------------------
#
# One level of list per dimension; a zero-dimensional tensor gives a plain
# number. The values are Python numbers, copied out of the tensor.

t = torch.arange(6).view(2, 3)
print(t.tolist())
print(torch.tensor(5).tolist(), type(torch.tensor(5).tolist()).__name__)
print(torch.tensor([0.1, 0.5]).tolist())  # float32 values as Python floats

values = t.tolist()
values[0][0] = 100  # a copy: the tensor does not change
print(t[0, 0].item())

# %% example-for: torch.Tensor.to
# ``to(dtype)`` and ``to(other)``
# -------------------------------
#
# ``to`` converts the dtype and/or the device. Float to integer truncates
# toward zero. ``to(other)`` copies the dtype and device of another tensor.

x = torch.tensor([-1.7, 2.9])
print(x.to(torch.int64).tolist(), x.to(torch.float64).dtype)
print("to(other):", x.to(torch.zeros(1, dtype=torch.int32)).dtype)
print("to(device, dtype):", x.to("cpu", torch.float16).dtype)

x.to(torch.float64)  # the result is discarded: x itself is unchanged
print("x.dtype after x.to(torch.float64):", x.dtype)

# %% example-for: torch.Tensor.to
# ``to`` may return ``self``
# --------------------------
#
# If nothing has to change, ``to`` returns the same tensor, not a copy, so
# writing into the result writes into the original. ``copy=True`` forces a
# new tensor.

x = torch.ones(2)
same = x.to(torch.float32)
print("to(float32) is x:", same is x, "| to('cpu') is x:", x.to("cpu") is x)
print("copy=True is x:", x.to(torch.float32, copy=True) is x)
same[0] = 5.0
print("x after writing the result:", x.tolist())

w = torch.ones(2, requires_grad=True)
print("to(float64) stays in the graph:", w.to(torch.float64).grad_fn.name())
print("to(int64) requires_grad:", w.to(torch.int64).requires_grad)

# %% example-for: torch.Tensor.type
# ``type()``: a string without an argument, a conversion with one
# ---------------------------------------------------------------
#
# Without arguments ``type()`` returns the legacy type name as a string (use
# ``dtype`` to compare types). With a dtype or a type name it converts like
# ``to``, returning ``self`` if nothing changes.

x = torch.ones(2)
print(repr(x.type()), "|", x.dtype)
print(x.type(torch.float64).dtype, x.type("torch.IntTensor").dtype)
print("type(torch.float32) is x:", x.type(torch.float32) is x)
print("x.type() == torch.float32:", x.type() == torch.float32)

# %% example-for: torch.Tensor.type_as
# ``type_as(other)``
# ------------------
#
# ``a.type_as(b)`` converts ``a`` to the dtype and the exact device of ``b``,
# like ``a.to(b)``. It is not ``a.type(b.type())``: ``type()`` accepts the
# legacy type names of only some devices, while ``type_as`` follows any
# device, such as ``meta`` (a device that stores shapes and dtypes but no
# data). A ``meta`` tensor reports a type name that ``type()`` then refuses.

a = torch.tensor([1, 2])
b = torch.tensor([0.5], dtype=torch.float64)
print(a.type_as(b).dtype, a.type_as(b).tolist())
print("type_as(a) is a:", a.type_as(a) is a)

m = torch.empty(2, dtype=torch.float64, device="meta")
print("type_as(meta tensor):", a.type_as(m).device, a.type_as(m).dtype)
assert a.type_as(m).device == m.device and a.type_as(m).dtype == m.dtype
print("m.type():", m.type())
try:
    a.type(m.type())
except ValueError as err:
    print(f"a.type(m.type()): ValueError: {err}")
else:
    raise AssertionError("expected a ValueError")

# %% example-for: torch.Tensor.size, torch.Tensor.shape
# ``size()`` and ``shape``
# ------------------------
#
# ``shape`` is an attribute, ``size()`` a method; both give a ``torch.Size``,
# which is a tuple. ``size(d)`` gives one dimension (negative ``d`` counts
# from the end). Forgetting the parentheses gives the method itself.

t = torch.zeros(2, 3, 4)
print(t.size(), t.shape, t.size() == t.shape)
print(t.size(0), t.size(-1), t.shape[1], t.shape[1:])
print("isinstance tuple:", isinstance(t.shape, tuple), "| == (2, 3, 4):", t.shape == (2, 3, 4))
print("t.size == t.shape:", t.size == t.shape, "| callable(t.size):", callable(t.size))
try:
    t.size(3)
except IndexError as err:
    print(f"IndexError: {err}")

# %% example-for: torch.Tensor.shape
# Attributes cannot be assigned
# -----------------------------
#
# ``shape``, ``dtype``, ``device`` and ``ndim`` are read-only. Use ``view`` /
# ``reshape`` to change the shape and ``to`` for dtype and device.

t = torch.zeros(2, 3)
try:
    t.shape = (3, 2)
except AttributeError as err:
    print(f"AttributeError: {err}")
print(t.reshape(3, 2).shape)

# %% example-for: torch.Tensor.dim, torch.Tensor.ndim
# ``dim()`` and ``ndim``
# ----------------------
#
# The number of dimensions, ``len(t.shape)``. A scalar tensor has 0. It
# counts dimensions, not elements or the length: ``len(t)`` is the size of
# dimension 0 and refuses a scalar tensor. ``dim`` is a method and ``ndim``
# an attribute: leaving out or adding parentheses is a common slip.

t = torch.zeros(2, 3, 4)
print(t.dim(), t.ndim, len(t.shape), "| len(t):", len(t))
print("scalar:", torch.tensor(3.0).dim(), "| one element:", torch.tensor([3.0]).dim())
print("(1, 1) tensor: dim", torch.zeros(1, 1).dim(), "numel", torch.zeros(1, 1).numel())
try:
    len(torch.tensor(3.0))
except TypeError as err:
    print(f"len of a scalar tensor: TypeError: {err}")
print("t.dim without ():", type(t.dim).__name__, "| t.dim == 3:", t.dim == 3)
try:
    t.ndim()
except TypeError as err:
    print(f"t.ndim(): TypeError: {err}")

# %% example-for: torch.numel, torch.Tensor.numel
# ``numel``: the number of elements
# ---------------------------------
#
# The product of the sizes: 1 for a scalar tensor, 0 if any size is 0.
# ``torch.numel`` needs a tensor; ``nelement()`` is another name for the
# method.

t = torch.zeros(2, 3, 4)
print(torch.numel(t), t.numel(), t.nelement(), t.shape.numel())
print("scalar:", torch.tensor(5).numel(), "| empty:", torch.zeros(3, 0).numel())
try:
    torch.numel([1, 2, 3])
except TypeError as err:
    print(f"TypeError: {err}")

# An empty tensor can have a non-zero len() and dim(): test numel() == 0.
e = torch.zeros(3, 0)
print("zeros(3, 0): len", len(e), "| dim", e.dim(), "| numel", e.numel())

# %% example-for: torch.Tensor.dtype, torch.Tensor.device
# ``dtype`` and ``device``
# ------------------------
#
# ``dtype`` is a ``torch.dtype``, ``device`` a ``torch.device``. A CPU
# device has no index.

t = torch.zeros(2, dtype=torch.int16)
print(t.dtype, type(t.dtype).__name__, t.dtype.itemsize)
print(t.device, type(t.device).__name__, t.device.type, t.device.index)
try:
    t.dtype = torch.float32
except AttributeError as err:
    print(f"AttributeError: {err}")
print("convert with to():", t.to(torch.float32).dtype)

# %% example-for: torch.Tensor.device
# Operands must share a device
# ----------------------------
#
# An operation on tensors from two devices raises, whatever the devices are;
# the ``meta`` device shows it without a GPU. A zero-dimensional CPU tensor is
# the exception: it may join tensors on any device, like a Python number.

cpu_t = torch.ones(2)
meta_t = torch.ones(2, device="meta")
try:
    cpu_t + meta_t
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("meta + 0-dim CPU tensor:", (meta_t + torch.tensor(1.0)).device)
try:
    meta_t + torch.tensor([1.0])
except RuntimeError as err:
    print(f"meta + 1-dim CPU tensor: RuntimeError: {err}")

# %% example-for: torch.Tensor.is_cuda, torch.Tensor.get_device
# ``is_cuda`` and ``get_device()`` off the GPU
# --------------------------------------------
#
# ``get_device()`` returns -1 for a CPU tensor, and for a ``meta`` tensor
# too, while their ``device.index`` is ``None``. ``is_cuda`` is
# ``device.type == "cuda"``.

for t in (torch.ones(2), torch.ones(2, device="meta")):
    print(f"{str(t.device):5} is_cuda={t.is_cuda} get_device()={t.get_device()} "
          f"device.index={t.device.index} device.type=={t.device.type!r}")
    assert t.get_device() == -1 and t.device.index is None
    assert t.is_cuda == (t.device.type == "cuda")

# %% example-for: torch.Tensor.is_cuda, torch.Tensor.get_device, torch.Tensor.cuda
# A CPU tensor: ``is_cuda``, ``get_device()`` and ``cuda()``
# ----------------------------------------------------------
#
# For a tensor in CPU memory ``is_cuda`` is False and ``get_device()`` returns
# -1. ``cuda()`` copies to a GPU; where PyTorch has no usable CUDA device it
# raises, and what it raises depends on how PyTorch was built. On a runner
# with a GPU this cell prints the successful copy instead.

x = torch.arange(3.0)
print("device:", x.device, "| is_cuda:", x.is_cuda, "| get_device():", x.get_device())
try:
    y = x.cuda()
except (AssertionError, RuntimeError) as err:
    print(f"{type(err).__name__}: {err}")
else:
    print("y is x:", y is x, "| x stays on", x.device, "| y is on", y.device, "| y.is_cuda:", y.is_cuda)

# Device-agnostic code picks the device once and uses to(); on the CPU the
# call returns the tensor itself.
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
z = x.to(device)
print("device:", device, "| x.to(device) is x:", z is x)

# %% example-for: tensor-class-cuda-vs-module
# ``Tensor.to`` returns a new tensor, ``Module.to`` changes the module
# --------------------------------------------------------------------
#
# ``cuda()`` and ``to()`` behave the same way as each other: for a tensor
# they return a converted tensor and leave the original alone; for an
# ``nn.Module`` they convert its parameters in place and return the module
# itself. The dtype conversion below shows this on the CPU.

t = torch.ones(2)
t2 = t.to(torch.float64)
print("tensor: result is t:", t2 is t, "| t.dtype:", t.dtype, "| result dtype:", t2.dtype)

layer = nn.Linear(2, 2)
weight = layer.weight
out = layer.to(torch.float64)
print("module: result is layer:", out is layer, "| layer.weight.dtype:", layer.weight.dtype)
print("same Parameter object, converted:", layer.weight is weight, weight.dtype)
