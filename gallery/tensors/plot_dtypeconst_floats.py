"""
Floating-point and complex dtype constants
==========================================

What each floating-point dtype constant is for, shown by execution:
``torch.float32`` (alias ``torch.float``) is the default, ``torch.float64``
(``torch.double``) is what NumPy hands over, ``torch.float16``
(``torch.half``) overflows early and ``torch.bfloat16`` rounds early. The
complex dtypes hold two floats per element.
"""

import warnings

import numpy as np
import torch

# %% example-for: torch.float32
# float32 is the default floating-point dtype
# -------------------------------------------
#
# Python floats, floating factory functions and the parameters of
# ``torch.nn`` layers are ``float32`` unless told otherwise. It keeps 24
# significant bits (``eps`` is ``2**-23``), so ``0.1`` is stored as the
# nearest ``float32`` and reads back as a slightly different Python float.

print(torch.get_default_dtype(), torch.tensor([0.1]).dtype, torch.zeros(2).dtype,
      torch.nn.Linear(2, 2).weight.dtype)
print("0.1 stored in float32 reads back as", torch.tensor([0.1]).item())
print("finfo(float32).eps:", torch.finfo(torch.float32).eps, "== 2**-23:", torch.finfo(torch.float32).eps == 2**-23)
assert torch.get_default_dtype() is torch.float32
assert torch.tensor([0.1]).item() != 0.1

# %% example-for: torch.float
# torch.float is float32, Python's float is not
# ---------------------------------------------
#
# ``torch.float`` is another name for ``torch.float32``: 4 bytes, printed
# under the main name. The Python type ``float`` passed as ``dtype=`` means
# ``float64``, because a Python float is 64-bit.

print("torch.float is torch.float32:", torch.float is torch.float32, "| itemsize:", torch.float.itemsize)
print("torch.float prints as", torch.float)
print("dtype=torch.float:", torch.tensor([1.5], dtype=torch.float).dtype)
print("dtype=float:      ", torch.tensor([1.5], dtype=float).dtype)
print("x.float():        ", torch.tensor([1, 2]).float().dtype)
assert torch.tensor([1.5], dtype=float).dtype is torch.float64

# %% example-for: torch.float64
# float64 comes from NumPy and spreads through promotion
# ------------------------------------------------------
#
# A NumPy float array is ``float64`` and stays so in torch. Added to a
# ``float32`` tensor it makes the result ``float64``; given to a ``float32``
# layer, it is refused. ``float64`` holds ``0.1`` as Python does.

from_numpy = torch.from_numpy(np.array([0.1, 0.2]))
print(from_numpy.dtype, (from_numpy + torch.ones(2)).dtype)
print("0.1 in float64 == 0.1:", torch.tensor([0.1], dtype=torch.float64).item() == 0.1)
try:
    torch.nn.Linear(2, 2)(from_numpy)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(torch.nn.Linear(2, 2)(from_numpy.float()).dtype)

# %% example-for: torch.double
# torch.double is float64
# -----------------------
#
# Another name for ``torch.float64``; ``x.double()`` converts to it.

print("torch.double is torch.float64:", torch.double is torch.float64)
print(torch.ones(2).double().dtype, torch.double.itemsize)

# %% example-for: torch.float16
# float16: small range, 11 significant bits
# -----------------------------------------
#
# The largest ``float16`` is 65504: 70000 becomes ``inf``, and ``1e-8``
# becomes 0. Integers above 2048 are no longer all representable (2049
# becomes 2048). A ``float16`` tensor does not mix with a ``float32`` one
# in a matrix product.

print("finfo(float16).max:", torch.finfo(torch.float16).max, "| eps == 2**-10:", torch.finfo(torch.float16).eps == 2**-10)
print(torch.tensor([70000.0, 1e-8, 2049.0]).to(torch.float16))
try:
    torch.ones(2, 2, dtype=torch.float16) @ torch.ones(2, 2)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.half
# torch.half is float16
# ---------------------
#
# Another name for ``torch.float16``; ``x.half()`` converts to it.

print("torch.half is torch.float16:", torch.half is torch.float16)
print(torch.ones(2).half().dtype, torch.half.itemsize)

# %% example-for: torch.bfloat16
# bfloat16: the range of float32, 8 significant bits
# --------------------------------------------------
#
# ``bfloat16`` keeps ``float32``'s exponent, so 70000 and ``1e-8`` survive,
# rounded; but only 8 significant bits remain, so 257 becomes 256. Mixed
# with ``float16`` it promotes to ``float32``.

print(torch.tensor([70000.0, 1e-8, 257.0]).to(torch.bfloat16))
print("finfo(bfloat16).max:", torch.finfo(torch.bfloat16).max, "| eps == 2**-7:", torch.finfo(torch.bfloat16).eps == 2**-7)
print(torch.promote_types(torch.bfloat16, torch.float16))

# %% example-for: torch.complex64
# complex64: two float32 per element
# ----------------------------------
#
# A Python complex number gives ``complex64`` (the complex counterpart of the
# default ``float32``). ``.real``, ``.imag`` and ``.abs()`` are ``float32``.
# Complex numbers have no order, so ``>`` is refused, and converting to a
# real dtype drops the imaginary part with a warning. ``torch.cfloat`` is
# another name for it.

z = torch.tensor([3 + 4j, 1 - 1j])
print(z.dtype, z.real.dtype, z.imag.dtype, z.abs(), z.abs().dtype)
print(torch.complex64.itemsize, torch.cfloat is torch.complex64)
print(torch.view_as_real(z))
try:
    z > 0
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(z.to(torch.float32))
for w in caught:
    print(f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")

# %% example-for: torch.complex128
# complex128: two float64 per element
# -----------------------------------
#
# A ``float64`` tensor multiplied by ``1j`` becomes ``complex128``;
# ``dtype.to_complex()`` and ``dtype.to_real()`` pair the dtypes.
# ``torch.cdouble`` is another name for it.

w = torch.tensor([1.0, 2.0], dtype=torch.float64) * 1j
print(w.dtype, w.real.dtype, w.imag.dtype, torch.complex128.itemsize, torch.cdouble is torch.complex128)
print(torch.float64.to_complex(), torch.complex128.to_real(), torch.float32.to_complex())
