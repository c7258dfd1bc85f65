"""
Sums, means and products: the dtype that comes out
==================================================

``sum`` and ``prod`` accept every dtype and promote small integers and
booleans to ``int64``; ``mean`` refuses integer tensors. ``nansum`` and
``nanmean`` skip NaN values. This script prints the dtypes and the real
error texts.
"""

import torch

# %% example-for: reduction-dtypes
# The result dtype of each reduction
# ----------------------------------
#
# The same 2x2 values as ``int32``, ``uint8``, ``bool`` and ``float16``.
# ``sum``/``nansum``/``prod`` give ``int64`` for integers and booleans;
# ``mean`` and ``std`` refuse them; ``amax``/``max``/``median`` return one of
# the elements and keep the dtype; ``argmax`` and ``count_nonzero`` return
# ``int64`` indices or counts; ``all`` gives ``bool`` except for ``uint8``;
# ``logsumexp`` computes integers in the default float dtype. The name of the
# exception is shown where a call is refused.

inputs = {
    "int32": torch.tensor([[1, 2], [3, 0]], dtype=torch.int32),
    "uint8": torch.tensor([[1, 2], [3, 0]], dtype=torch.uint8),
    "bool": torch.tensor([[True, False], [True, True]]),
    "float16": torch.tensor([[1.0, 2.0], [3.0, 0.0]], dtype=torch.float16),
}
reductions = {
    "sum": torch.sum, "nansum": torch.nansum, "prod": torch.prod,
    "mean": torch.mean, "std": torch.std, "amax": torch.amax, "max": torch.max,
    "median": torch.median, "argmax": torch.argmax, "all": torch.all,
    "count_nonzero": torch.count_nonzero,
    "logsumexp(dim=0)": lambda t: torch.logsumexp(t, dim=0),
}
dtypes = {}
print((f"{'':<17}" + "".join(f"{k:<20}" for k in inputs)).rstrip())
for name, fn in reductions.items():
    row = []
    for t in inputs.values():
        try:
            row.append(str(fn(t).dtype).replace("torch.", ""))
        except (RuntimeError, NotImplementedError) as err:
            row.append(type(err).__name__)
    dtypes[name] = row
    print((f"{name:<17}" + "".join(f"{c:<20}" for c in row)).rstrip())
assert dtypes["sum"][:3] == ["int64"] * 3 and dtypes["mean"][:3] == ["RuntimeError"] * 3
assert dtypes["all"] == ["bool", "uint8", "bool", "bool"] and dtypes["amax"][0] == "int32"

# %% example-for: torch.sum
# sum: integers and booleans are summed as int64
# ----------------------------------------------
#
# Summing an ``int32``, ``uint8`` or ``bool`` tensor gives an
# ``int64`` result, so the sum does not overflow the small type. A bool sum
# counts the ``True`` values. Floating dtypes keep their dtype. ``dtype=``
# chooses the accumulation and result dtype explicitly.

i32 = torch.tensor([1, 2, 3], dtype=torch.int32)
flags = torch.tensor([True, False, True])
print("int32 sum:", torch.sum(i32), torch.sum(i32).dtype)
print("bool sum :", torch.sum(flags), torch.sum(flags).dtype)
print("uint8 sum:", torch.tensor([200, 100], dtype=torch.uint8).sum())
print("float16  :", torch.tensor([1.0, 2.0], dtype=torch.float16).sum().dtype)
print("dtype=torch.int32  :", torch.sum(i32, dtype=torch.int32).dtype)
print("dtype=torch.float64:", torch.sum(i32, dtype=torch.float64))
for t in (i32, flags, torch.tensor([200, 100], dtype=torch.uint8)):
    assert t.sum().dtype == torch.int64
assert torch.tensor([200, 100], dtype=torch.uint8).sum().item() == 300

# %% example-for: torch.sum
# sum along dimensions
# --------------------
#
# ``dim`` takes an int or a tuple of ints; ``keepdim=True`` keeps the reduced
# dimensions with size 1.

m = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(torch.sum(m, dim=0), torch.sum(m, dim=1), torch.sum(m, dim=(0, 1)))
print(torch.sum(m, dim=1, keepdim=True))
print(m.sum(1))  # the method form, dim given positionally
# dtype is keyword-only: a fourth positional argument is refused.
try:
    torch.sum(m, 0, False, torch.float64)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.mean
# mean refuses integer tensors
# ----------------------------
#
# The mean of integers is usually not an integer, and ``mean`` will not guess
# a floating dtype: it raises for integer and bool tensors. Convert with
# ``.float()`` or pass ``dtype=``.

counts = torch.tensor([1, 2, 4])
try:
    torch.mean(counts)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(torch.mean(counts.float()), torch.mean(counts, dtype=torch.float64))
print(torch.mean(torch.tensor([[1.0, 2.0], [3.0, 5.0]]), dim=0))
# The fraction of True values: convert the mask first.
print(torch.tensor([True, False, True, True]).float().mean())

# %% example-for: torch.nansum, torch.nanmean
# nansum and nanmean skip NaN
# ---------------------------
#
# One NaN makes ``sum`` and ``mean`` NaN. ``nansum`` treats NaN as zero;
# ``nanmean`` divides by the number of non-NaN values. A slice made only of
# NaN gives 0 for ``nansum`` and NaN for ``nanmean``.

nan = float("nan")
x = torch.tensor([[1.0, nan, 3.0], [nan, nan, nan]])
print("sum    :", torch.sum(x, dim=1))
print("nansum :", torch.nansum(x, dim=1))
print("mean   :", torch.mean(x, dim=1))
print("nanmean:", torch.nanmean(x, dim=1))
assert x.nansum(dim=1).tolist() == [4.0, 0.0]
# Only NaN is skipped: inf still propagates.
print("nansum with inf:", torch.nansum(torch.tensor([1.0, float("inf"), nan])))
assert x.nanmean(dim=1)[0].item() == 2.0 and x.nanmean(dim=1)[1].isnan()

# %% example-for: torch.nansum, torch.nanmean
# Integer and complex inputs
# --------------------------
#
# Integers cannot hold NaN: ``nansum`` of an integer tensor is a plain sum
# (``int64`` for ``int32``), while ``nanmean``, like ``mean``, refuses it.
# Unlike ``mean``, ``nanmean`` refuses it even with a floating ``dtype=``.
# On the CPU both also refuse a complex tensor, which ``sum`` and ``mean``
# accept: ``nanmean`` sums with ``nansum``, which has no complex kernel there.

print(torch.nansum(torch.tensor([1, 2, 3], dtype=torch.int32)).dtype)
try:
    torch.nanmean(torch.tensor([1, 2, 3]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    torch.nanmean(torch.tensor([1, 2, 3]), dtype=torch.float32)
except RuntimeError as err:
    print(f"with dtype=torch.float32: RuntimeError: {err}")
else:
    raise AssertionError("nanmean accepted an integer input with dtype=")
print("mean with dtype=torch.float32:", torch.mean(torch.tensor([1, 2, 3]), dtype=torch.float32))

z = torch.tensor([1 + 1j, 2 + 0j])
print("mean of complex:", torch.mean(z), "| sum:", torch.sum(z))
for fn in (torch.nansum, torch.nanmean):
    try:
        fn(z)
    except RuntimeError as err:
        print(f"{fn.__name__}(complex) -> RuntimeError: {err}")
    else:
        raise AssertionError(f"{fn.__name__} accepted a complex input")

# %% example-for: torch.prod
# prod: product of the elements
# -----------------------------
#
# Like ``sum``, ``prod`` promotes small integers and booleans to ``int64``.
# Larger products still overflow ``int64`` silently (the result wraps
# around), and float32 products overflow to ``inf``. ``dim`` takes one int
# only: a tuple is refused, and so is ``dim=None`` (omit ``dim`` instead).

print(torch.prod(torch.tensor([1, 2, 3, 4], dtype=torch.int32)), torch.prod(torch.tensor([True, True])).dtype)
print(torch.prod(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), dim=1))
twos = torch.full((64,), 2)
print("2 ** 64 in int64:", torch.prod(twos), "| in float64:", torch.prod(twos, dtype=torch.float64))
print("float32:", torch.prod(torch.full((200,), 2.0)))
assert twos.prod().item() == 0
try:
    torch.prod(torch.ones(2, 2), dim=(0, 1))
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
try:
    torch.prod(torch.ones(2, 2), dim=None)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
