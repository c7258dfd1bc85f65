"""
Complex tensors: building them, taking them apart, viewing them as real
=======================================================================

``complex(real, imag)`` and ``polar(abs, angle)`` build complex tensors;
``real``, ``imag`` and ``angle`` take them apart. ``view_as_real`` and
``view_as_complex`` reinterpret the same memory: a complex tensor of shape
``(n,)`` is a real tensor of shape ``(n, 2)`` with the real and imaginary
parts side by side.
"""

import math

import matplotlib.pyplot as plt
import torch

# %% example-for: mathmore-complex-views, torch.view_as_real
# view_as_real shares memory
# --------------------------
#
# The result has one more dimension, of size 2: ``[..., 0]`` is the real
# part, ``[..., 1]`` the imaginary part. Writing into it changes the complex
# tensor. ``complex64`` becomes ``float32``, ``complex128`` becomes
# ``float64``.

z = torch.tensor([1 + 2j, 3 - 4j])
r = torch.view_as_real(z)
print(z.dtype, "->", r.dtype, "| shape", tuple(z.shape), "->", tuple(r.shape), "| stride", r.stride())
print(torch.complex128, "->", torch.view_as_real(z.to(torch.complex128)).dtype)
print(r)
print("same memory:", r.data_ptr() == z.data_ptr())
r[0, 1] = 20.0
print("after r[0, 1] = 20:", z)
assert z[0].imag.item() == 20.0 and r.data_ptr() == z.data_ptr()
try:
    torch.view_as_real(torch.tensor([1.0, 2.0]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
# A lazily conjugated tensor must be resolved first, which copies.
try:
    torch.view_as_real(z.conj())
except RuntimeError as err:
    print("RuntimeError:", str(err).split(".")[0])
print(torch.view_as_real(z.conj().resolve_conj()))

# %% example-for: mathmore-complex-views, torch.view_as_complex
# view_as_complex: last dimension of size 2 and stride 1
# ------------------------------------------------------
#
# The input must be ``float16``, ``float32`` or ``float64``, its last
# dimension must have size 2 and stride 1, its other strides must be even
# and its storage offset even: each pair of numbers has to lie side by side
# in memory, aligned to a pair. A transposed or sliced tensor usually breaks
# this; ``.contiguous()`` makes a copy that works.

pairs = torch.arange(8.0).reshape(4, 2)
c = torch.view_as_complex(pairs)
print(c, c.dtype, "| same memory:", c.data_ptr() == pairs.data_ptr())
pairs[0, 0] = 100.0
print("after pairs[0, 0] = 100:", c)
assert c[0].real.item() == 100.0

candidates = {
    "shape (2, 3)": torch.arange(6.0).reshape(2, 3),
    "transposed (2, 4).T": torch.arange(8.0).reshape(2, 4).T,
    "every other column": torch.arange(8.0).reshape(2, 4)[:, ::2],
    "2 columns of (3, 3) (row stride 3)": torch.arange(9.0).reshape(3, 3)[:, :2],
    "rows 1.. of (5, 2) (offset 2)": torch.arange(10.0).reshape(5, 2)[1:],
    "elements 1.. reshaped (offset 1)": torch.arange(9.0)[1:].reshape(4, 2),
    "int64": torch.arange(8).reshape(4, 2),
}
accepted = []
for name, t in candidates.items():
    try:
        torch.view_as_complex(t)
        accepted.append(name)
        print(f"{name:36}: accepted")
    except RuntimeError as err:
        print(f"{name:36}: RuntimeError: {err}")
assert accepted == ["rows 1.. of (5, 2) (offset 2)"]
fixed = torch.view_as_complex(torch.arange(8.0).reshape(2, 4).T.contiguous())
print("after .contiguous():", fixed)

# %% example-for: torch.complex, torch.real, torch.imag
# complex(real, imag), and real / imag as views
# ---------------------------------------------
#
# ``complex`` needs two floating-point tensors of the same dtype (they
# broadcast) and copies them into a new tensor. ``real`` and ``imag`` return
# views with stride 2 into the complex tensor; writing to them writes into
# it. ``real`` of a real tensor is the tensor itself; ``imag`` of a real
# tensor is an error.

cz = torch.complex(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))
print(cz, cz.dtype)
print("float64 parts:", torch.complex(torch.ones(1, dtype=torch.float64), torch.zeros(1, dtype=torch.float64)).dtype)
for args in ((torch.tensor([1, 2]), torch.tensor([3, 4])), (torch.tensor([1.0]), torch.tensor([3.0], dtype=torch.float64))):
    try:
        torch.complex(*args)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")
try:
    torch.complex(torch.tensor([1.0]), 2.0)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
re, im = torch.real(cz), torch.imag(cz)
print("real:", re, "stride", re.stride(), "| imag:", im, "stride", im.stride())
re[0] = 9.0
print("after real[0] = 9:", cz)
assert cz[0].real.item() == 9.0 and re.stride() == (2,)
plain = torch.tensor([1.0, 2.0])
print("real(real tensor) is the tensor:", torch.real(plain) is plain)
try:
    torch.imag(plain)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
# z.real and z.imag are the same views as attributes.
assert torch.equal(cz.real, torch.real(cz)) and torch.equal(cz.imag, torch.imag(cz))

# %% example-for: torch.polar, torch.angle, mathmore-complex-views
# polar(abs, angle) and back with abs() and angle()
# -------------------------------------------------
#
# ``polar(abs, angle)`` is ``abs * (cos(angle) + i sin(angle))``: the length
# comes first, the angle (in radians) second. ``z.abs()`` and
# ``torch.angle(z)`` recover them, the angle in [-pi, pi]. A ``float32`` angle
# of pi/2 leaves a tiny real part: about -4.4e-8 times the length.

lengths = torch.tensor([1.0, 2.0, 1.0])
angles = torch.tensor([0.0, math.pi / 2, math.pi])
p = torch.polar(lengths, angles)
print("polar:", p, p.dtype)
z = torch.tensor([1 + 1j, -1 + 0j, -2j, 0j])
back = torch.polar(z.abs(), torch.angle(z))
print("abs:", z.abs(), "| angle:", torch.angle(z))
assert torch.allclose(back, z, atol=1e-6)
try:
    torch.polar(torch.tensor([1, 2]), torch.tensor([0, 1]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.angle
# angle of real numbers
# ---------------------
#
# For real input, ``angle`` is 0 for positive numbers and zero, pi for
# negative numbers and ``nan`` for ``nan``; integers give ``float32``. For
# complex input it is ``atan2(imag, real)``, so a negative real part with an
# imaginary part of ``-0.0`` gives -pi rather than pi.

print(torch.angle(torch.tensor([-2.0, 0.0, 3.0, float("nan")])))
print(torch.angle(torch.tensor([-2, 5])))
w = torch.tensor([1 - 1j, -3 + 4j])
assert torch.allclose(w.angle(), torch.atan2(w.imag, w.real))
signed = torch.complex(torch.tensor([-1.0, -1.0]), torch.tensor([0.0, -0.0]))
print("angle(-1 + 0j), angle(-1 - 0j):", torch.angle(signed))
assert torch.angle(signed)[1] == -torch.angle(signed)[0]

# %% example-for: torch.polar, torch.complex
# Points on a circle, drawn from polar coordinates
# ------------------------------------------------
#
# Eight points of length 1 at angles 0, pi/4, ..., and the same points scaled
# by 0.5 and turned by pi/8 (multiplying by the complex number
# ``polar(0.5, pi/8)``).

theta = torch.arange(8) * (math.pi / 4)
ring = torch.polar(torch.ones(8), theta)
turned = ring * torch.polar(torch.tensor(0.5), torch.tensor(math.pi / 8))
fig, ax = plt.subplots(figsize=(5.6, 3.4))
ax.scatter(ring.real, ring.imag, label="polar(1, k pi/4)")
ax.scatter(turned.real, turned.imag, marker="x", label="times polar(0.5, pi/8)")
ax.axhline(0, color="gray", lw=0.5)
ax.axvline(0, color="gray", lw=0.5)
ax.set_aspect("equal")
ax.set_xlabel("real")
ax.set_ylabel("imag")
ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1))
plt.tight_layout()
plt.show()
assert torch.allclose(turned.abs(), torch.full((8,), 0.5))
