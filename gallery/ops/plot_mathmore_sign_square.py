"""
Signs, squares and reciprocal square roots
==========================================

``neg`` flips the sign, ``sign`` keeps only the sign, ``square`` multiplies
each element by itself and ``rsqrt`` computes ``1 / sqrt(x)``. Each has a
corner that surprises: unsigned and boolean tensors, ``nan``, zero and
negative input, integer overflow.
"""

import math

import numpy as np
import torch

nan, inf = float("nan"), float("inf")

# %% example-for: torch.rsqrt
# rsqrt(0) is inf, rsqrt of a negative number is nan
# --------------------------------------------------
#
# ``rsqrt(x) = 1 / sqrt(x)``. At ``0`` it is ``inf`` (``-inf`` at ``-0.0``),
# for negative ``x`` it is ``nan``, and at ``inf`` it is 0. Integer input
# gives ``float32``. A common guard is to add a small ``eps`` first, as
# normalisation layers do.

x = torch.tensor([4.0, 0.0, -0.0, -1.0, inf])
print("x       :", x)
print("rsqrt(x):", torch.rsqrt(x))
print("1/sqrt  :", 1 / torch.sqrt(x))
assert torch.tensor(0.0).rsqrt().item() == inf
assert torch.isnan(torch.rsqrt(torch.tensor(-1.0)))
print("integer input:", torch.rsqrt(torch.tensor([4, 0])))
r = x.clone()
out = r.rsqrt_()  # in place: overwrites r and returns it
print("r.rsqrt_():", r, "| returns r itself:", out is r)
try:
    torch.tensor([4, 0]).rsqrt_()  # the float32 result does not fit int64
except RuntimeError as err:
    print(f"int64 rsqrt_: RuntimeError: {err}")
eps = 1e-5
print("rsqrt(0 + eps):", torch.rsqrt(torch.tensor(0.0) + eps).item())
# Normalising a vector: multiply by rsqrt of its squared length.
v = torch.tensor([3.0, 4.0])
print("v * rsqrt(sum(v**2)):", v * torch.rsqrt((v**2).sum()))

# %% example-for: torch.square
# square keeps the dtype, and integers can overflow
# -------------------------------------------------
#
# ``square(x)`` is ``x * x`` (``x ** 2``). Integer input stays integer, so an
# ``int8`` square wraps around past 127; ``bool`` input becomes ``int64``.

print(torch.square(torch.tensor([-3, 4])), torch.square(torch.tensor([-1.5, 2.0])))
small = torch.tensor([11, 12], dtype=torch.int8)
print("int8 squares:", torch.square(small), "| as int64:", torch.square(small.long()))
assert torch.square(small)[1].item() == 144 - 256
print("bool:", torch.square(torch.tensor([True, False])))
assert torch.square(torch.tensor([True])).dtype == torch.int64
# square_ writes into the tensor itself: int8 wraps as above, and a bool
# tensor cannot hold the int64 squares.
sq = small.clone()
out = sq.square_()
print("int8 square_:", sq, "| returns sq itself:", out is sq)
try:
    torch.tensor([True, False]).square_()
except RuntimeError as err:
    print(f"bool square_: RuntimeError: {err}")
t = torch.tensor([0.5, -2.0])
assert torch.equal(t.square(), t * t) and torch.equal(t.square(), t**2)

# %% example-for: torch.sign
# sign: -1, 0 or 1, and what nan gives
# ------------------------------------
#
# ``sign`` returns -1, 0 or 1 in the input's dtype. Here it maps ``nan`` to
# 0, where NumPy's ``np.sign`` returns ``nan``. Complex input is refused: use
# ``torch.sgn``, which returns ``z / |z|``.

s = torch.tensor([-2.5, -0.0, 0.0, 3.0, nan])
print("sign(float):", torch.sign(s))
print("np.sign    :", np.sign(s.numpy()))
assert torch.sign(torch.tensor(nan)).item() == 0.0 and math.isnan(np.sign(nan))
print("sign(int)  :", torch.sign(torch.tensor([-7, 0, 4])))
try:
    torch.sign(torch.tensor([3 + 4j]))
except RuntimeError as err:  # NotImplementedError is a RuntimeError subclass
    print(f"{type(err).__name__}: {err}")
print("sgn(3+4j)  :", torch.sgn(torch.tensor([3 + 4j, 0j])))
# To keep nan, put it back with where:
print("nan kept   :", torch.where(torch.isnan(s), s, torch.sign(s)))
sg = s.clone()
out = sg.sign_()  # in place, with the same nan -> 0
print("sign_      :", sg, "| returns sg itself:", out is sg)

# %% example-for: torch.neg
# neg is unary minus; bool and unsigned tensors
# ---------------------------------------------
#
# ``neg(x)`` is ``-x``. On a ``bool`` mask it is an error (use ``~`` or
# ``logical_not``); on ``uint8`` it wraps around modulo 256; on the most
# negative ``int8`` it returns the same value. ``torch.negative`` is an
# alias.

print(torch.neg(torch.tensor([1, -2, 0])), torch.neg(torch.tensor([1.5, 0.0])))
try:
    torch.neg(torch.tensor([True, False]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("~mask:", ~torch.tensor([True, False]))
print("uint8:", torch.neg(torch.tensor([0, 1, 200], dtype=torch.uint8)))
print("int8 -128:", torch.neg(torch.tensor([-128], dtype=torch.int8)))
assert torch.tensor([1], dtype=torch.uint8).neg().item() == 255
n = torch.tensor([1, -2, 0])
out = n.neg_()  # in place: flips the signs of n itself
print("n.neg_():", n, "| returns n itself:", out is n)
assert torch.equal(torch.negative(torch.tensor([2, -3])), torch.tensor([-2, 3]))
