"""
Legacy tensor types: FloatTensor, LongTensor, IntTensor
=======================================================

``torch.FloatTensor``, ``torch.LongTensor`` and ``torch.IntTensor`` date from
before tensors had a ``dtype``: each names a dtype and a device (the CPU)
together. They still work, with surprises: given sizes they allocate
memory without writing any value into it, given a tuple they take it as
data, and ``isinstance`` with them checks the dtype and the device. This
script shows each surprise and the modern spelling to write instead. It
never prints the contents of uninitialised memory, which change from run to
run; it prints shapes and dtypes, and the values torch's deterministic mode
fills such memory with.
"""

import warnings

import torch

# %% example-for: dtypeconst-legacy, torch.FloatTensor
# Sizes allocate uninitialised memory
# -----------------------------------
#
# ``torch.FloatTensor(2, 3)`` is the legacy spelling of
# ``torch.empty(2, 3)``: a ``float32`` CPU tensor whose elements are whatever
# the memory held. Torch's deterministic mode, which fills memory that no
# operation initialises (with ``nan`` for floats, the largest value for
# integers), shows that both calls leave it uninitialised.

legacy = torch.FloatTensor(2, 3)
print(type(legacy).__name__, legacy.shape, legacy.dtype, legacy.device)
print(torch.empty(2, 3).shape, torch.empty(2, 3).dtype)

torch.use_deterministic_algorithms(True)
try:
    print("fill_uninitialized_memory:", torch.utils.deterministic.fill_uninitialized_memory)
    print(torch.FloatTensor(2, 3))
    print(torch.LongTensor(2), torch.IntTensor(2), torch.empty(2, dtype=torch.int64))
finally:
    torch.use_deterministic_algorithms(False)

# %% example-for: dtypeconst-legacy, torch.FloatTensor
# Sizes or data: the argument decides
# -----------------------------------
#
# Integers are sizes, but a tuple or a list is data: ``FloatTensor(2, 3)``
# and ``FloatTensor((2, 3))`` are different tensors. A list is copied, a
# ``float32`` tensor is not: the result shares its memory. Without arguments
# the tensor is empty. ``dtype=`` and ``requires_grad=`` are not accepted;
# only a CPU ``device=`` is.

print("FloatTensor(2, 3).shape:  ", torch.FloatTensor(2, 3).shape)
print("FloatTensor((2, 3)):      ", torch.FloatTensor((2, 3)))
print("FloatTensor([[1, 2]]):    ", torch.FloatTensor([[1, 2]]))
source = torch.tensor([1.0, 2.0])
shared = torch.FloatTensor(source)
print("FloatTensor(t) shares t's memory:", shared.data_ptr() == source.data_ptr(),
      "| FloatTensor():", torch.FloatTensor().shape)
for kwargs in ({"dtype": torch.float64}, {"requires_grad": True}):
    try:
        torch.FloatTensor(2, 3, **kwargs)
    except TypeError as err:
        print(f"{kwargs}: TypeError: {str(err).splitlines()[0]}")
try:
    torch.FloatTensor(2, 3, device="meta")
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: dtypeconst-legacy, torch.FloatTensor
# isinstance checks dtype and device
# ----------------------------------
#
# No tensor's class is ``torch.FloatTensor``: every tensor is a
# ``torch.Tensor``, and ``torch.FloatTensor`` is not even a subclass of it.
# ``isinstance(x, torch.FloatTensor)`` is a test of "``float32`` on the CPU":
# ``False`` for a ``float64`` tensor, for a tensor on another device, and
# against ``torch.cuda.FloatTensor`` for a CPU tensor.

x = torch.zeros(2)
print(type(x).__name__, issubclass(torch.FloatTensor, torch.Tensor))
print("float32 CPU:", isinstance(x, torch.FloatTensor),
      "| float64 CPU:", isinstance(x.double(), torch.FloatTensor),
      "| float32 meta:", isinstance(x.to("meta"), torch.FloatTensor),
      "| vs cuda.FloatTensor:", isinstance(x, torch.cuda.FloatTensor))
print("what to test instead:", x.dtype == torch.float32, x.device.type == "cpu",
      x.is_floating_point(), isinstance(x.double(), torch.Tensor))

# %% example-for: dtypeconst-legacy
# What to write instead
# ---------------------
#
# Each legacy form on the left gives the same dtype, shape and values (for
# the forms that write values) as the modern form on the right; the loop
# asserts it.

data = [1.7, -2.0]
pairs = [
    ("torch.FloatTensor(2, 3)", torch.FloatTensor(2, 3), "torch.empty(2, 3)", torch.empty(2, 3)),
    ("torch.FloatTensor([1.7, -2.0])", torch.FloatTensor(data),
     "torch.tensor([1.7, -2.0])", torch.tensor(data)),
    ("torch.LongTensor([1.7, -2.0])", torch.LongTensor(data),
     "torch.tensor([1.7, -2.0]).long()", torch.tensor(data).long()),
    ("torch.IntTensor([1.7, -2.0])", torch.IntTensor(data),
     "torch.tensor([1.7, -2.0], dtype=torch.int32)", torch.tensor(data, dtype=torch.int32)),
    ("x.type(torch.LongTensor)", torch.tensor(data).type(torch.LongTensor),
     "x.to(torch.int64)", torch.tensor(data).to(torch.int64)),
]
for old_code, old, new_code, new in pairs:
    assert old.dtype == new.dtype and old.shape == new.shape
    if "(2, 3)" not in old_code:  # values exist only where they were written
        assert torch.equal(old, new)
    print(f"{old_code:31} -> {new_code:45} {new.dtype}")

# %% example-for: torch.LongTensor
# LongTensor: int64 on the CPU
# ----------------------------
#
# Its ``dtype`` attribute is ``torch.int64``. From floats it truncates toward
# zero without a warning. ``x.type()`` still reports the legacy name of a
# tensor's type, as a string.

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    truncated = torch.LongTensor([1.7, -1.7])
print(torch.LongTensor.dtype, truncated, "| warnings:", len(caught))
print(torch.tensor([1, 2]).type(), isinstance(torch.tensor([1, 2]), torch.LongTensor))
print("LongTensor(2, 3):", torch.LongTensor(2, 3).shape, torch.LongTensor(2, 3).dtype)

# %% example-for: torch.IntTensor
# IntTensor: int32 on the CPU
# ---------------------------
#
# Its ``dtype`` attribute is ``torch.int32``. A tensor of Python ints is
# ``int64``, so it is not an ``IntTensor``.

print(torch.IntTensor.dtype, torch.IntTensor([3, 4]), torch.IntTensor(3).shape)
print(isinstance(torch.tensor([3, 4]), torch.IntTensor),
      isinstance(torch.tensor([3, 4], dtype=torch.int32), torch.IntTensor))
