"""
Dtypes, type promotion and casting
==================================

Which dtypes PyTorch has and what their names mean, how the dtype of a
result is chosen when operands differ (type promotion), when an in-place
operation or an ``out=`` tensor refuses a result (casting rules), and what
``torch.finfo`` and ``torch.iinfo`` report about each numeric type.
"""

import warnings

import numpy as np
import torch

torch.manual_seed(0)

# %% example-for: torch.dtype
# A dtype is an object, and several names point to the same one
# ---------------------------------------------------------------
#
# ``torch.float`` and ``torch.float32`` are not two dtypes: they are two names
# for one object. A dtype also answers simple questions about itself.

print(torch.float is torch.float32, torch.half is torch.float16, torch.long is torch.int64)
print(type(torch.float32))

x = torch.tensor([1.0, 2.0])
print(x.dtype, x.dtype == torch.float)

# torch.int is 32-bit, but a Python int becomes int64 in a tensor:
print(torch.int is torch.int32, torch.tensor([1]).dtype)
# type() is a legacy name string, not a dtype:
print(repr(x.type()), x.type() == torch.float32, x.dtype == torch.float32)

for dt in (torch.float16, torch.int32, torch.uint8, torch.complex64, torch.bool):
    print(
        f"{str(dt):15} itemsize={dt.itemsize} is_floating_point={dt.is_floating_point} "
        f"is_complex={dt.is_complex} is_signed={dt.is_signed}"
    )

# %% example-for: dtypes-table
# The common dtypes, their aliases and their legacy tensor types
# ---------------------------------------------------------------
#
# Each row prints the canonical name, the alias (if any), the size in bits,
# and the dtype of the legacy CPU tensor type of the same name. The legacy
# tensor types (``torch.FloatTensor`` ...) are classes and still exist, but
# new code passes ``dtype=`` instead. Complex dtypes have no legacy CPU
# tensor type.

rows = [
    ("float16", "half", "HalfTensor"),
    ("bfloat16", None, "BFloat16Tensor"),
    ("float32", "float", "FloatTensor"),
    ("float64", "double", "DoubleTensor"),
    ("complex64", "cfloat", None),
    ("complex128", "cdouble", None),
    ("uint8", None, "ByteTensor"),
    ("int8", None, "CharTensor"),
    ("int16", "short", "ShortTensor"),
    ("int32", "int", "IntTensor"),
    ("int64", "long", "LongTensor"),
    ("bool", None, "BoolTensor"),
]
for name, alias, legacy in rows:
    dt = getattr(torch, name)
    alias_ok = "-" if alias is None else f"torch.{alias} is same: {getattr(torch, alias) is dt}"
    legacy_dt = "-" if legacy is None else f"torch.{legacy}.dtype = {getattr(torch, legacy).dtype}"
    print(f"{str(dt):17} bits={dt.itemsize * 8:3}  {alias_ok:28} {legacy_dt}")

# The legacy name is still what ``Tensor.type()`` reports:
print(torch.ones(2).type(), torch.ones(2, dtype=torch.int64).type())

# The legacy types are classes, but no tensor is created as one of them:
print(isinstance(torch.FloatTensor, type), type(torch.ones(2)).__name__)
assert isinstance(torch.FloatTensor, type) and type(torch.ones(2)) is torch.Tensor

# %% example-for: dtype-inference-numpy
# The dtype of a tensor built from a NumPy array
# ----------------------------------------------
#
# ``torch.tensor`` keeps the NumPy array's dtype. NumPy's default integer is
# ``int64`` on Linux and macOS (and on Windows since NumPy 2.0); with NumPy 1.x
# on Windows it was ``int32``. A NumPy float array is ``float64``, while a
# Python list of floats gives the default dtype (``float32``).

a = np.array([[1, 2, 3], [4, 5, 6]])
print("numpy", np.__version__, "default int:", a.dtype)
print(torch.tensor(a).dtype)
print(torch.tensor(np.array([1.5, 2.5])).dtype, torch.tensor([1.5, 2.5]).dtype)

# Pin the dtype when it matters, so the result does not depend on the platform:
print(torch.tensor(a, dtype=torch.int64).dtype, torch.tensor(a.astype(np.int32)).dtype)

# %% example-for: torch.finfo, float16-vs-bfloat16
# float16 and bfloat16: same size, different trade-off
# -----------------------------------------------------
#
# ``float16`` spends its 16 bits as 1 sign, 5 exponent and 10 fraction bits;
# ``bfloat16`` as 1 sign, 8 exponent and 7 fraction bits. ``eps`` shows the
# precision (the gap after 1.0), ``max`` and ``smallest_normal`` the range.

for dt in (torch.float16, torch.bfloat16, torch.float32):
    fi = torch.finfo(dt)
    print(
        f"{str(fi.dtype):9} bits={fi.bits} eps={fi.eps:.3e} max={fi.max:.4e} "
        f"smallest_normal={fi.smallest_normal:.4e} resolution={fi.resolution}"
    )

print(torch.finfo(torch.float16).eps == 2**-10, torch.finfo(torch.bfloat16).eps == 2**-7)
# Same exponent width as float32, hence the same smallest normal number:
print(torch.finfo(torch.bfloat16).smallest_normal == torch.finfo(torch.float32).smallest_normal)
# ``tiny`` is another name for ``smallest_normal``:
print(torch.finfo(torch.float16).tiny == torch.finfo(torch.float16).smallest_normal)

# ``min`` is the most negative finite value, not the smallest positive one:
fi16 = torch.finfo(torch.float16)
print("float16 min:", fi16.min, "| -max:", -fi16.max)
assert fi16.min == -fi16.max
# Below smallest_normal lie the subnormal numbers; the smallest positive
# float16 is the subnormal 2**-24 (finfo has no attribute for it), and half
# of it rounds to zero:
tiny16 = torch.tensor([2.0**-24, 2.0**-25], dtype=torch.float16)
print("2**-24, 2**-25 in float16:", tiny16.tolist(), "| smallest_normal:", fi16.smallest_normal)
assert tiny16[0].item() == 2.0**-24 < fi16.smallest_normal and tiny16[1].item() == 0.0
assert not hasattr(fi16, "smallest_subnormal")

# %% example-for: float16-vs-bfloat16
# Range versus precision, in numbers
# ----------------------------------
#
# A value of 65520 or more overflows to ``inf`` in ``float16`` (65504 is its
# largest finite value) but is fine in
# ``bfloat16``; very small values underflow to zero in ``float16``. In the
# other direction, ``bfloat16`` cannot even tell 256 from 257.

x = torch.tensor([70000.0, 1e-8, 257.0, 1.0 + 2**-9, 3.14159265])
print("float32 :", x.tolist())
print("float16 :", x.to(torch.float16).tolist())
print("bfloat16:", x.to(torch.bfloat16).tolist())

# Products of moderate numbers already leave float16's range:
print((torch.tensor(300.0, dtype=torch.float16) * 300).item())
print((torch.tensor(300.0, dtype=torch.bfloat16) * 300).item())

# %% example-for: torch.finfo
# finfo: defaults and what it refuses
# -----------------------------------
#
# Without an argument ``torch.finfo`` describes the default dtype. For a
# complex dtype it describes the real dtype of each component. Integer dtypes
# are the job of ``torch.iinfo``.

print(torch.finfo())
print(torch.finfo(torch.complex64).dtype)
try:
    torch.finfo(torch.int32)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.iinfo
# Integer limits, and what happens beyond them
# --------------------------------------------
#
# ``torch.iinfo`` gives ``bits``, ``min`` and ``max`` of an integer dtype.
# Integer arithmetic does not saturate: it wraps around.

for dt in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64):
    ii = torch.iinfo(dt)
    print(f"{str(dt):12} bits={ii.bits:2} min={ii.min} max={ii.max}")

u = torch.tensor([200, 250], dtype=torch.uint8)
print(u + 100)

try:
    torch.iinfo(torch.float32)
except TypeError as err:
    print(f"TypeError: {err}")
try:
    torch.iinfo(torch.bool)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.is_floating_point
# is_floating_point takes a tensor
# --------------------------------
#
# ``torch.is_floating_point`` is true for float16, bfloat16, float32 and
# float64 tensors, and false for integer, bool and complex ones. To ask the
# same question about a dtype, use the dtype's attribute.

for t in (
    torch.ones(2),
    torch.ones(2, dtype=torch.bfloat16),
    torch.tensor([1, 2]),
    torch.tensor([True]),
    torch.ones(2, dtype=torch.complex64),
):
    print(f"{str(t.dtype):15} {torch.is_floating_point(t)}")

print(torch.float64.is_floating_point)
try:
    torch.is_floating_point(torch.float64)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.is_complex
# is_complex takes a tensor
# -------------------------
#
# A complex tensor holds complex64 or complex128 (or the experimental
# complex32) values. Multiplying a real tensor by a Python complex number
# produces one.

r = torch.tensor([1.0, 2.0])
z = r * 1j
print(z.dtype, torch.is_complex(z), torch.is_complex(r))
print(torch.is_complex(z.real), z.real.dtype)
print(torch.complex128.is_complex)

# %% example-for: torch.get_default_dtype
# The default dtype decides Python floats
# ---------------------------------------
#
# Floating-point numbers with no explicit dtype become the default dtype;
# integers always become ``int64`` and are not affected by it.

print(torch.get_default_dtype())
print(torch.tensor([1.5]).dtype, torch.zeros(2).dtype, torch.tensor([1]).dtype)
print((torch.tensor([1, 2]) * 0.5).dtype)
# NumPy arrays keep their own dtype:
print(torch.tensor(np.array([1.5])).dtype)

# %% example-for: torch.set_default_dtype
# Changing the default dtype, then restoring it
# ---------------------------------------------
#
# The setting is global for the whole process, so restore it when done.
# Only floating-point dtypes are accepted.

try:
    torch.set_default_dtype(torch.float64)
    print(torch.get_default_dtype())
    print(torch.tensor([1.5]).dtype, torch.ones(2).dtype)
    print(torch.tensor([1j]).dtype)  # complex follows: complex128
    print(torch.tensor([1]).dtype, torch.arange(3).dtype)  # integers unaffected
    print((torch.tensor([1, 2]) + 0.5).dtype)  # a float scalar now promotes to float64
    try:
        torch.set_default_dtype(torch.int64)
    except TypeError as err:
        print(f"TypeError: {err}")

    # bfloat16 has no complex counterpart: with it as the default dtype there
    # is no default complex dtype, and a Python complex cannot become a tensor.
    torch.set_default_dtype(torch.bfloat16)
    try:
        torch.tensor([1j])
    except RuntimeError as err:
        print(f"bfloat16 default, torch.tensor([1j]): RuntimeError: {err}")
    else:
        raise AssertionError("expected a RuntimeError")
finally:
    torch.set_default_dtype(torch.float32)

print(torch.get_default_dtype())

# The deprecated torch.set_default_tensor_type changes the default dtype too.
# Its warning is emitted once per process; set_warn_always makes it show here
# whatever ran before.
warn_always = torch.is_warn_always_enabled()
try:
    torch.set_warn_always(True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.set_default_tensor_type(torch.DoubleTensor)
    print("after set_default_tensor_type(torch.DoubleTensor):", torch.get_default_dtype())
    assert torch.get_default_dtype() == torch.float64
    for w in caught:
        print(f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")
    assert any("deprecated" in str(w.message) for w in caught)
finally:
    torch.set_default_dtype(torch.float32)
    torch.set_warn_always(warn_always)
print(torch.get_default_dtype())

# %% example-for: type-promotion
# Category order: bool < integer < floating < complex
# ----------------------------------------------------
#
# With two dimensioned tensors, the result has the higher category, and
# within one category the larger type. Mixing signed and unsigned 8-bit
# integers needs ``int16``; mixing the two 16-bit float formats needs
# ``float32``. The unsigned types ``uint16``, ``uint32`` and ``uint64`` are
# not promoted with any other integer or bool dtype: the operation raises.

bool_t = torch.tensor([True, False])
u8 = torch.tensor([1, 2], dtype=torch.uint8)
i8 = torch.tensor([1, 2], dtype=torch.int8)
i32 = torch.tensor([1, 2], dtype=torch.int32)
i64 = torch.tensor([1, 2], dtype=torch.int64)
f16 = torch.tensor([1, 2], dtype=torch.float16)
bf16 = torch.tensor([1, 2], dtype=torch.bfloat16)
f32 = torch.tensor([1, 2], dtype=torch.float32)
f64 = torch.tensor([1, 2], dtype=torch.float64)
c64 = torch.tensor([1, 2], dtype=torch.complex64)

print("bool + uint8     ->", (bool_t + u8).dtype)
print("int32 + int64    ->", (i32 + i64).dtype)
print("uint8 + int8     ->", (u8 + i8).dtype)
print("int64 + float16  ->", (i64 + f16).dtype)
print("float16 + bf16   ->", (f16 + bf16).dtype)
print("float32 + float64->", (f32 + f64).dtype)
print("float64 + cfloat ->", (f64 + c64).dtype)

u16 = torch.tensor([1, 2], dtype=torch.uint16)
try:
    u16 + torch.tensor([1, 2], dtype=torch.int32)
except RuntimeError as err:
    print(f"uint16 + int32    -> RuntimeError: {err}")
else:
    raise AssertionError("expected a RuntimeError")

# %% example-for: type-promotion
# Python scalars only count when their category is higher
# -------------------------------------------------------
#
# A Python ``int`` never widens an integer tensor, and a Python ``float``
# turns an integer tensor into the default dtype. A ``complex`` gives the
# complex counterpart of a floating tensor's dtype (``bfloat16`` has none and
# gives ``complex64``); an integer or bool tensor has no floating dtype of its
# own, so it gets the counterpart of the default dtype: ``complex64``. The
# value is not inspected, so 1000 does not widen a ``uint8`` tensor: it wraps.

print("int32 + 5        ->", (i32 + 5).dtype)
print("int32 + 5.5      ->", (i32 + 5.5).dtype)
print("int32 + True     ->", (i32 + True).dtype)
print("bool + 1         ->", (bool_t + 1).dtype)
print("float16 + 2.5    ->", (f16 + 2.5).dtype)
print("int32 + 1j       ->", (i32 + 1j).dtype)
print("float64 + 1j     ->", (f64 + 1j).dtype)
print("bfloat16 + 1j    ->", (bf16 + 1j).dtype)
print("uint8 + 1000     ->", u8 + 1000)

# %% example-for: type-promotion
# Zero-dimensional tensors behave like scalars, but keep their dtype
# ------------------------------------------------------------------
#
# A zero-dim tensor in the same category as the dimensioned operand is
# ignored for the size. In a higher category, its own dtype decides (a
# Python float would give the default dtype instead). A shape ``(1,)``
# tensor is dimensioned, not zero-dim.

zd_i64 = torch.tensor(1000)  # int64, dim 0
zd_f32 = torch.tensor(2.5)  # float32, dim 0
zd_f64 = torch.tensor(2.5, dtype=torch.float64)  # float64, dim 0
print(zd_i64.dim(), zd_i64.dtype)

print("uint8 + 0-dim int64    ->", (u8 + zd_i64).dtype)
print("int32 + 0-dim float32  ->", (i32 + zd_f32).dtype)
print("int32 + 0-dim float64  ->", (i32 + zd_f64).dtype)
print("float16 + 0-dim float64->", (f16 + zd_f64).dtype)

one_elem = torch.tensor([2.5], dtype=torch.float64)  # shape (1,), dim 1
print("float16 + (1,) float64 ->", (f16 + one_elem).dtype)

# Two zero-dim tensors: neither outranks the other, so the normal rule applies.
print("0-dim int32 + 0-dim float64 ->", (torch.tensor(1, dtype=torch.int32) + zd_f64).dtype)

# %% example-for: type-promotion
# Division is always true division
# --------------------------------
#
# ``/`` on integer tensors returns a floating result (default dtype) even when
# the division is exact; ``//`` keeps the integer dtype.

print((i32 / 2).dtype, (torch.tensor([4, 6]) / torch.tensor([2, 3])).dtype)
print((i32 // 2).dtype)

# %% example-for: torch.result_type
# result_type: the dtype an operation would produce
# -------------------------------------------------
#
# It applies the full rules, including the scalar and zero-dim ones, and
# accepts Python numbers as well as tensors.

i32 = torch.tensor([1, 2], dtype=torch.int32)
u8 = torch.tensor([1, 2], dtype=torch.uint8)

print(torch.result_type(i32, 5))
print(torch.result_type(i32, 5.5))
print(torch.result_type(u8, torch.tensor(1000)))
print(torch.result_type(u8, torch.tensor([1000])))
print(torch.result_type(2, 3), torch.result_type(2, 3.0))
print(torch.result_type(i32, 5.5) == (i32 + 5.5).dtype)

# Some operations choose their own output dtype after promotion:
# true division always gives a floating result, comparisons give bool.
print(torch.result_type(i32, i32), (i32 / i32).dtype, (i32 > 1).dtype)

# Exactly two operands:
try:
    torch.result_type(i32, u8, 1.0)
except TypeError as err:
    print(f"TypeError: {str(err).splitlines()[0]}")

# %% example-for: torch.promote_types
# promote_types: two dtypes in, one dtype out
# -------------------------------------------
#
# It only sees dtypes, so it cannot know whether an operand was a scalar or a
# zero-dim tensor: it behaves as if both were dimensioned tensors.

pairs = [
    (torch.bool, torch.int8),
    (torch.uint8, torch.int8),
    (torch.int32, torch.int64),
    (torch.int64, torch.float16),
    (torch.float16, torch.bfloat16),
    (torch.float32, torch.complex64),
    (torch.float64, torch.complex64),
]
for a, b in pairs:
    print(f"{str(a):15} {str(b):15} -> {torch.promote_types(a, b)}")

# uint16, uint32 and uint64 promote with no other integer or bool dtype:
for a, b in [(torch.uint16, torch.int16), (torch.uint32, torch.uint8), (torch.uint64, torch.bool)]:
    try:
        torch.promote_types(a, b)
    except RuntimeError as err:
        print(f"{str(a):15} {str(b):15} -> RuntimeError: {err}")
    else:
        raise AssertionError("expected a RuntimeError")

# Compare with result_type, which sees the zero-dim operand:
print(torch.promote_types(torch.uint8, torch.int64), torch.result_type(u8, torch.tensor(1000)))

# int64 with float16 gives float16, which cannot hold 2049 exactly:
print((torch.tensor([2049]) + torch.tensor([0.0], dtype=torch.float16)).tolist())

# %% example-for: torch.can_cast
# can_cast: is the cast allowed by the casting rules?
# ---------------------------------------------------
#
# Casting to a lower *category* is refused; casting to a smaller type of the
# same category is allowed, even if values will not fit.

checks = [
    (torch.int32, torch.float32),
    (torch.float32, torch.int32),
    (torch.int64, torch.bool),
    (torch.complex64, torch.float64),
    (torch.bool, torch.uint8),
    (torch.float64, torch.float16),
    (torch.int64, torch.uint8),
]
for src, dst in checks:
    print(f"{str(src):15} -> {str(dst):15} {torch.can_cast(src, dst)}")

# can_cast does not limit explicit conversions: to() converts anyway.
print(torch.can_cast(torch.float32, torch.int32), torch.tensor([1.7, -1.7]).to(torch.int32))

# %% example-for: casting-rules
# In-place operations cannot lower the category
# ---------------------------------------------
#
# An in-place operation must write its result into the existing tensor. When
# the promoted result type is of a higher category than the tensor's dtype,
# it fails.

counts = torch.tensor([1, 2, 3], dtype=torch.int32)
try:
    counts *= 2.5
except RuntimeError as err:
    print(f"RuntimeError: {err}")

try:
    counts /= 2  # true division produces a float
except RuntimeError as err:
    print(f"RuntimeError: {err}")

flags = torch.tensor([True, False, True])
try:
    flags *= counts
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# A new tensor (not in place) is fine, and so is converting first:
print((counts * 2.5).dtype)
scaled = counts.to(torch.float32)
scaled *= 2.5
print(scaled)

# %% example-for: casting-rules
# What in-place operations do accept
# ----------------------------------
#
# Same or lower category is fine, including narrowing within a category,
# which silently wraps or rounds.

f = torch.tensor([1.5, 2.5])
f *= torch.tensor([2, 3], dtype=torch.int64)  # integer into float: allowed
print(f, f.dtype)

small = torch.tensor([100, 200], dtype=torch.uint8)
small += torch.tensor([100, 100], dtype=torch.int64)  # int64 result stored as uint8
print(small, small.dtype)

# The rule, stated with can_cast: the dtype the operation would return must
# be castable to the tensor's dtype.
print(torch.can_cast((counts * 2.5).dtype, counts.dtype))
print(torch.can_cast((small + torch.tensor([1])).dtype, small.dtype))

# That dtype is not always result_type(x, y): true division of integers
# returns a float. result_type(counts, 2) is int32, so can_cast on it says
# True, yet ``counts /= 2`` is refused.
print("result_type(counts, 2):", torch.result_type(counts, 2),
      "| can_cast to int32:", torch.can_cast(torch.result_type(counts, 2), counts.dtype))
print("(counts / 2).dtype:", (counts / 2).dtype,
      "| can_cast to int32:", torch.can_cast((counts / 2).dtype, counts.dtype))
try:
    counts /= 2
except RuntimeError as err:
    print(f"counts /= 2: RuntimeError: {err}")
else:
    raise AssertionError("expected a RuntimeError")
assert torch.can_cast(torch.result_type(counts, 2), counts.dtype)

# %% example-for: casting-rules
# out= follows the same rule
# --------------------------
#
# The computation happens in the promoted dtype, then the result is cast to
# the ``out`` tensor's dtype, which must not be of a lower category.

src = torch.tensor([1.5, 2.5, 3.5])
out_int = torch.empty(3, dtype=torch.int32)
try:
    torch.add(src, 1, out=out_int)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

out_bool = torch.empty(3, dtype=torch.bool)
try:
    torch.add(torch.tensor([1, 2, 3]), 1, out=out_bool)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

out_f16 = torch.empty(3, dtype=torch.float16)
res = torch.add(src.double(), 1, out=out_f16)  # float64 -> float16: same category
print(res, res is out_f16)

out_f64 = torch.empty(3, dtype=torch.float64)
print(torch.add(torch.tensor([1, 2, 3]), 1, out=out_f64))  # int -> float: higher category
