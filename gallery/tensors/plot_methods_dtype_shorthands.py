"""
Dtype shorthands: float, double, half, bfloat16, int, long, short, byte, bool
=============================================================================

Each of these methods converts a tensor to one fixed dtype, like
``to(dtype)``. This script shows when they return the tensor itself and when
a copy, what each conversion does to the values (truncation, rounding,
wrap-around, ``inf``), and which dtype common consumers of a tensor expect.
"""

import torch
import torch.nn.functional as F

SHORTHANDS = {
    "float": torch.float32, "double": torch.float64, "half": torch.float16,
    "bfloat16": torch.bfloat16, "int": torch.int32, "long": torch.int64,
    "short": torch.int16, "byte": torch.uint8, "bool": torch.bool,
}

# %% example-for: methods-dtype-shorthands, torch.Tensor.float
# The same object when the dtype matches, a copy otherwise
# --------------------------------------------------------
#
# ``x.float()`` on a ``float32`` tensor returns ``x`` itself: the same Python
# object, hence the same memory, and writing into the result changes ``x``.
# On an ``int64`` tensor it returns a new ``float32`` tensor in new memory.

f32 = torch.tensor([1.5, -2.0, 3.25])
same = f32.float()
print("float32 x: x.float() is x:", same is f32, "| same data_ptr:", same.data_ptr() == f32.data_ptr())
same[0] = 100.0
print("  x after writing into the result:", f32.tolist())

i64 = torch.tensor([1, 2, 3])
converted = i64.float()
print("int64 x:   x.float() is x:", converted is i64, "| same data_ptr:", converted.data_ptr() == i64.data_ptr(),
      "| dtype:", converted.dtype)
converted[0] = 100.0
print("  x after writing into the result:", i64.tolist())

# %% example-for: methods-dtype-shorthands
# Nine shorthands for ``to(dtype)``
# ---------------------------------
#
# Each method gives the same values as ``to`` with its dtype (asserted), and
# each returns ``self`` when the tensor already has that dtype. Note that
# ``int()`` means ``int32`` and ``long()`` means ``int64``.

source = torch.tensor([0, 1, 2])
print(f"{'method':11} {'result dtype':15} {'x.method() is x when x has that dtype'}")
for name, dtype in SHORTHANDS.items():
    result = getattr(source, name)()
    assert result.dtype == dtype and torch.equal(result, source.to(dtype))
    already = torch.zeros(2, dtype=dtype)
    print(f"{name + '()':11} {str(result.dtype):15} {getattr(already, name)() is already}")

# %% example-for: methods-dtype-shorthands, torch.Tensor.float
# ``memory_format=`` can force a copy
# -----------------------------------
#
# Every shorthand takes ``memory_format`` (default ``torch.preserve_format``).
# Asking for ``torch.channels_last`` returns a new tensor with NHWC strides
# even when the dtype already matches.

images = torch.zeros(1, 3, 2, 2)
nhwc = images.float(memory_format=torch.channels_last)
print("is x:", nhwc is images, "| strides before:", images.stride(), "| after:", nhwc.stride())

# %% example-for: torch.Tensor.double
# Converting up does not restore precision
# ----------------------------------------
#
# ``double()`` converts the stored ``float32`` value exactly; the digits that
# ``float32`` could not hold do not come back. On a tensor that requires
# grad the conversion is recorded by autograd (``ToCopyBackward0``), while
# ``float()`` of a ``float32`` tensor is the tensor itself.

print("float32 0.1 -> double:", torch.tensor([0.1]).double().item())
print("float64 0.1:          ", torch.tensor([0.1], dtype=torch.float64).item())

w = torch.tensor([1.0, 2.0], requires_grad=True)
print("w.float() is w:", w.float() is w, "| w.double().grad_fn:", w.double().grad_fn.name())

# %% example-for: torch.Tensor.half, torch.Tensor.bfloat16
# ``half()`` and ``bfloat16()`` lose different things
# ---------------------------------------------------
#
# ``float16`` has more precision bits, ``bfloat16`` the range of
# ``float32``: 70000 overflows to ``inf`` in ``float16`` and 1e-8 becomes 0,
# while ``bfloat16`` keeps both magnitudes but rounds 257 to 256.

x = torch.tensor([1 / 3, 70000.0, 1e-8, 257.0, 2049.0])
print("float32: ", x.tolist())
print("half:    ", x.half().tolist())
print("bfloat16:", x.bfloat16().tolist())
print("largest values:", torch.finfo(torch.float16).max, torch.finfo(torch.bfloat16).max)
assert torch.tensor([65519.0, 65520.0]).half().tolist() == [65504.0, float("inf")]

# %% example-for: torch.Tensor.int
# ``int()``: 32 bits, truncation toward zero
# ------------------------------------------
#
# Floats are truncated toward zero, not rounded (-1.7 becomes -1, 2.5
# becomes 2). From ``int64``, values outside the ``int32`` range wrap
# around: 2**31 becomes -2**31. A Python ``int`` gives ``int64``, not the
# ``int32`` of ``int()``.

print(torch.tensor([-1.7, 2.9, 2.5, -2.5]).int())
print(torch.tensor([2**31, 2**31 + 1]).int())
print("torch.tensor([5]).dtype:", torch.tensor([5]).dtype, "| .int():", torch.tensor([5]).int().dtype)

# %% example-for: torch.Tensor.long
# ``long()`` for class indices
# ----------------------------
#
# ``F.cross_entropy`` with class indices accepts ``int64`` (or ``uint8``)
# targets and refuses ``int32`` and ``float32`` ones: converting labels with
# ``long()`` fixes it. An ``int64`` tensor's ``long()`` is the tensor itself.

logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]])
labels = torch.tensor([0.0, 2.0])
for target in (labels.int(), labels):
    try:
        F.cross_entropy(logits, target)
    except RuntimeError as err:
        print(f"{target.dtype} target -> RuntimeError: {err}")
print("long() target:", F.cross_entropy(logits, labels.long()).item())
idx = torch.tensor([1, 0])
print("int64 .long() is x:", idx.long() is idx)

# %% example-for: torch.Tensor.short
# ``short()``: 16-bit integers wrap around
# ----------------------------------------
#
# ``int16`` holds -32768 to 32767. From a wider integer dtype the
# conversion keeps the low 16 bits: 70000 becomes 70000 - 65536 = 4464.

print(torch.iinfo(torch.int16))
print(torch.tensor([1000, 70000, -70000]).short())

# %% example-for: torch.Tensor.byte
# ``byte()`` is unsigned: -1 becomes 255
# --------------------------------------
#
# ``uint8`` holds 0 to 255; integers outside wrap around modulo 256. For
# images in ``[0, 1]``, scaling by 255 and converting truncates (0.999 * 255
# = 254.7 gives 254); round first to get the nearest value.

print(torch.tensor([3, -1, 256, 300]).byte())
pixels = torch.tensor([0.5, 0.999, 1.0])
print("truncated:", (pixels * 255).byte().tolist(), "| rounded:", (pixels * 255).round().byte().tolist())

# %% example-for: torch.Tensor.bool
# ``bool()``: zero is False, everything else True
# -----------------------------------------------
#
# ``-0.0`` counts as zero; ``nan`` is not zero, so it becomes ``True``. An
# integer 0/1 mask converted with ``bool()`` can be used where a boolean
# mask is required.

print(torch.tensor([0.0, -0.0, 0.1, float("nan"), -3.0]).bool())
mask01 = torch.tensor([1, 0, 1])
print(mask01.bool(), "| selects:", torch.tensor([10, 20, 30])[mask01.bool()].tolist())
