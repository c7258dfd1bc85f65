"""
Truth tests and counting: all, any, count_nonzero
=================================================

``all`` and ``any`` test whether every / some element is non-zero (true).
They return ``bool`` for every input dtype except ``uint8``, which gives
``uint8``. ``count_nonzero`` counts the non-zero elements as ``int64``.
"""

import warnings

import torch

b = torch.tensor([[1, 0, 2], [3, 4, 5]])

# %% example-for: torch.all, torch.any
# all and any, whole tensor or along a dimension
# ----------------------------------------------
#
# Any non-zero number counts as true. ``dim`` may be an int or a tuple, and
# ``keepdim`` works as for the other reductions. An empty tensor gives
# ``True`` for ``all`` and ``False`` for ``any``.

print("all(b):", torch.all(b), "| any(b):", torch.any(b), "| dtype:", torch.all(b).dtype)
print("all(b, dim=1):", torch.all(b, dim=1))
print("any(b == 0, dim=0):", torch.any(b == 0, dim=0))
print("float input:", torch.all(torch.tensor([0.5, -2.0])))
print("empty:", torch.all(torch.tensor([])), torch.any(torch.tensor([])))
assert torch.all(b).dtype == torch.bool and torch.all(b, dim=1).tolist() == [False, True]

# %% example-for: torch.all, torch.any
# uint8 in, uint8 out
# -------------------
#
# For backward compatibility, a ``uint8`` input gives a ``uint8`` result (0
# or 1), not ``bool``. Indexing with such a ``uint8`` tensor still works as
# a mask but warns that it is deprecated. Convert with ``.bool()``, or test
# ``u != 0`` instead.

u = torch.tensor([[1, 0, 2], [3, 4, 5]], dtype=torch.uint8)
print(torch.all(u, dim=1), torch.all(u, dim=1).dtype)
print(torch.any(u).dtype, torch.all(u.bool(), dim=1).dtype)
assert u.all().dtype == torch.uint8 and u.any().dtype == torch.uint8
assert torch.all(b.to(torch.int8)).dtype == torch.bool
rows = torch.tensor([10, 20])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    picked = rows[torch.all(u, dim=1)]
print(picked, [f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}" for w in caught])
assert caught
print(rows[torch.all(u, dim=1).bool()])

# %% example-for: torch.count_nonzero
# count_nonzero
# -------------
#
# Counts the elements that are not zero, along ``dim`` (an int or a tuple)
# or over the whole tensor; the result is ``int64``. NaN is not zero, and
# ``-0.0`` is zero. There is no ``keepdim``. Most dtypes are accepted, but
# not, on the CPU, the unsigned ``uint16``, ``uint32`` and ``uint64``, the
# float8 dtypes such as ``float8_e4m3fn``, nor the float4, sub-byte and
# ``bits`` dtypes; for the unsigned and float8 ones, ``(x != 0).sum()``
# counts instead.

c = torch.tensor([[0, 1, 2], [0, 0, 3]])
print(torch.count_nonzero(c), torch.count_nonzero(c).dtype)
print(torch.count_nonzero(c, dim=0), torch.count_nonzero(c, dim=1))
print(torch.count_nonzero(torch.tensor([0.0, -0.0, float("nan"), 1e-30])))
assert torch.count_nonzero(torch.tensor([0.0, -0.0, float("nan")])).item() == 1
# The same count, as a sum of a boolean mask:
print(torch.equal(c.count_nonzero(dim=1), (c != 0).sum(dim=1)))
try:
    torch.count_nonzero(c, dim=1, keepdim=True)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
for dtype in (torch.bool, torch.uint8, torch.complex64, torch.uint16, torch.uint32, torch.uint64,
              torch.float8_e4m3fn):
    try:
        print(dtype, "->", torch.count_nonzero(torch.ones(2, dtype=dtype)))
    except NotImplementedError as err:
        print(dtype, f"-> NotImplementedError: {err}")
print("uint16 through a mask:", (torch.ones(2, dtype=torch.uint16) != 0).sum())
print("float8_e4m3fn through a mask:", (torch.ones(2, dtype=torch.float8_e4m3fn) != 0).sum())
# Every float8 dtype raises too, and so do float4, the sub-byte and the bits
# dtypes, where even the mask (x != 0) raises. (Only whether it raises is
# checked, so the uninitialised values of torch.empty do not matter.)
float8 = [torch.float8_e4m3fn, torch.float8_e4m3fnuz, torch.float8_e5m2,
          torch.float8_e5m2fnuz, torch.float8_e8m0fnu]
for dtype in float8:
    assert (torch.ones(2, dtype=dtype) != 0).sum().item() == 2
packed = [torch.float4_e2m1fn_x2, torch.bits8, torch.bits16, torch.bits1x8, torch.bits2x4,
          torch.bits4x2] + [getattr(torch, f"{k}int{n}") for k in ("u", "") for n in range(1, 8)]
for dtype in float8 + packed:
    try:
        torch.count_nonzero(torch.empty(2, dtype=dtype))
        raise AssertionError(dtype)
    except NotImplementedError:
        pass
for dtype in packed:
    try:
        (torch.empty(2, dtype=dtype) != 0).sum()
        raise AssertionError(dtype)
    except NotImplementedError:
        pass
