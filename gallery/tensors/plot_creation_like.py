"""
Tensors shaped like another: the ``*_like`` functions
=====================================================

``torch.zeros_like(x)``, ``ones_like``, ``empty_like``, ``full_like``,
``rand_like``, ``randn_like`` and ``randint_like`` build a new tensor with
the shape of ``x``, and by default also its dtype, layout, device and memory
layout. They never copy the values of ``x`` and never share its memory. This
script shows what is inherited, what is not, and the dtype surprises that
follow from inheriting ``x.dtype``.
"""

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: creation-like
# What a ``*_like`` result inherits
# ---------------------------------
#
# Shape, dtype, layout and device come from the input unless overridden by a
# keyword argument. ``requires_grad`` is *not* inherited: it is ``False``
# unless you pass ``requires_grad=True``.

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64, requires_grad=True)
z = torch.zeros_like(x)
print(z)
print("shape, dtype, device:", z.shape, z.dtype, z.device)
print("requires_grad:", x.requires_grad, "->", z.requires_grad)
print("shares memory with x:", z.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
print(torch.zeros_like(x, dtype=torch.float16, requires_grad=True))

# %% example-for: creation-like
# memory_format=torch.preserve_format keeps the strides
# -----------------------------------------------------
#
# By default the new tensor copies the strides of a dense input, so the
# ``*_like`` of a transposed or ``channels_last`` tensor has the same
# strides as its input. A sliced input with gaps gets contiguous strides. Pass
# ``memory_format=torch.contiguous_format`` to always get row-major memory.

base = torch.arange(6.0).view(2, 3)
xt = base.t()  # shape (3, 2), strides (1, 3)
print("xt:", xt.shape, xt.stride())
print("zeros_like(xt):", torch.zeros_like(xt).stride())
print("empty_like(xt):", torch.empty_like(xt).stride())
print(
    "contiguous_format:",
    torch.zeros_like(xt, memory_format=torch.contiguous_format).stride(),
)

img = torch.zeros(1, 3, 2, 2).contiguous(memory_format=torch.channels_last)
print("channels_last input:", img.stride(), "-> ones_like:", torch.ones_like(img).stride())

gaps = torch.arange(12.0).view(3, 4)[:, ::2]  # strides (4, 2): not dense
print("gaps:", gaps.stride(), "-> zeros_like:", torch.zeros_like(gaps).stride())

# With gaps, the result is dense in the memory format suggested for the input,
# not always row-major: a sliced channels_last tensor stays channels_last.
cl_gaps = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)[:, :, ::2]
like = torch.empty_like(cl_gaps)
print("sliced channels_last:", cl_gaps.stride(), "-> empty_like:", like.stride(),
      "| channels_last:", like.is_contiguous(memory_format=torch.channels_last))
assert like.is_contiguous(memory_format=torch.channels_last) and not like.is_contiguous()

# %% example-for: torch.zeros_like
# zeros_like keeps the input's dtype
# ----------------------------------
#
# The dtype of the input carries over. For an integer input the zeros are
# integers, so a later in-place update with fractions fails; pass ``dtype=``
# to choose another type.

idx = torch.tensor([[0, 2, 1], [1, 0, 2]])
print(torch.zeros_like(idx))
print(torch.zeros_like(idx, dtype=torch.float32))

buf = torch.zeros_like(idx)
try:
    buf += 0.1
except RuntimeError as err:
    print(f"RuntimeError: {err}")

try:
    torch.zeros_like([1, 2, 3])  # needs a tensor, not a list
except TypeError as err:
    print(f"TypeError: {err}")

w = torch.ones(2, requires_grad=True)
print("requires_grad:", w.requires_grad, "-> zeros_like:", torch.zeros_like(w).requires_grad)
assert not torch.zeros_like(w).requires_grad

# %% example-for: torch.ones_like
# ones_like of a mask is a mask
# -----------------------------
#
# ``ones_like`` of a bool tensor is all ``True``; of an index tensor it is
# ``int64`` ones. ``dtype=`` and ``requires_grad=`` override.

mask = torch.tensor([True, False, True])
print(torch.ones_like(mask))
print(torch.ones_like(idx))
print(torch.ones_like(mask, dtype=torch.float32, requires_grad=True))

# %% example-for: torch.empty_like
# empty_like: allocated, not initialised
# --------------------------------------
#
# Like ``empty``, the values are arbitrary: only shape and dtype are printed
# until every element has been written.

src = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.int16)
e = torch.empty_like(src)
print("shape:", e.shape, "| dtype:", e.dtype)
e.copy_(src * 10)  # every element written: now the values are defined
print(e)

# For a transposed input the result is "transposed" too: same strides.
st = src.t()
print("src.t() strides:", st.stride(), "-> empty_like:", torch.empty_like(st).stride())
assert torch.empty_like(st).stride() == st.stride()

# %% example-for: torch.full_like
# full_like: the value is converted to the input's dtype
# -------------------------------------------------------
#
# ``full_like`` uses the dtype of ``input``, not the type of ``fill_value``.
# A fractional value on an integer tensor is truncated without any warning.

ints = torch.tensor([1, 2, 3])
print(torch.full_like(ints, 0.7))
print(torch.full_like(ints, 2.5, dtype=torch.float32))
print(torch.full_like(torch.zeros(2, 2), float("-inf")))

# fill_value may be a zero-dimensional tensor; its dtype is ignored too.
print(torch.full_like(ints, torch.tensor(2.7)), torch.full_like(torch.zeros(2), torch.tensor(3)))
try:
    torch.full_like(ints, torch.tensor([2.7]))  # one dimension: refused
except TypeError as err:
    print(f"TypeError: {err}")
assert torch.full_like(ints, 0.7).eq(0).all()  # the pitfall: truncated to 0

# %% example-for: torch.rand_like
# rand_like: uniform values in [0, 1)
# -----------------------------------
#
# ``rand_like`` uses the input's dtype, so an integer input is an error
# unless ``dtype=`` asks for a floating type. The global seed makes the
# values reproducible; ``generator=`` draws from a separate generator.

f = torch.zeros(2, 3)
torch.manual_seed(0)
print(torch.rand_like(f))

ints = torch.tensor([1, 2, 3])
try:
    torch.rand_like(ints)
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")
print(torch.rand_like(ints, dtype=torch.float32).dtype)

g1 = torch.Generator().manual_seed(42)
g2 = torch.Generator().manual_seed(42)
print(torch.equal(torch.rand_like(f, generator=g1), torch.rand_like(f, generator=g2)))

# %% example-for: torch.randn_like
# randn_like: standard normal values
# ----------------------------------
#
# Mean 0 and standard deviation 1; scale and shift the result for another
# normal distribution. Like ``rand_like`` it needs a floating-point dtype.

torch.manual_seed(0)
print(torch.randn_like(f))
print(torch.randn_like(f, dtype=torch.float64).dtype)

torch.manual_seed(0)
big = torch.randn_like(torch.zeros(10000))
print(f"mean {big.mean().item():.3f}, std {big.std().item():.3f}")
shifted = 5 + 2 * torch.randn_like(torch.zeros(10000))
print(f"mean {shifted.mean().item():.3f}, std {shifted.std().item():.3f}")

try:
    torch.randn_like(ints)
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.randint_like
# randint_like: integers in [low, high), in the input's dtype
# -----------------------------------------------------------
#
# With one number it is ``high`` and ``low`` is 0; with two they are ``low``
# and ``high``. ``high`` is excluded. The result takes the input's dtype, so
# a float input gives whole numbers stored as floats.

torch.manual_seed(0)
idx = torch.zeros(2, 4, dtype=torch.int64)
print(torch.randint_like(idx, 10))
print(torch.randint_like(idx, 5, 8))
print(torch.randint_like(torch.zeros(2, 2), 10))
print(torch.randint_like(idx, 2, dtype=torch.bool))

dice = torch.randint_like(torch.zeros(10_000, dtype=torch.int64), 1, 7)
print("dice values seen:", torch.unique(dice).tolist())  # 7 is excluded
assert dice.min() == 1 and dice.max() == 6
