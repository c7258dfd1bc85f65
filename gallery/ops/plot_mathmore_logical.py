"""
Logical and, or, xor and not
============================

The four ``logical_*`` functions treat every element as true (nonzero) or
false (zero) and return a ``bool`` tensor. The operators ``&``, ``|``, ``^``
and ``~`` are *bitwise*: they agree with the logical functions on ``bool``
tensors only. Python's ``and``, ``or`` and ``not`` do not work elementwise at
all.
"""

import torch

p = torch.tensor([True, True, False, False])
q = torch.tensor([True, False, True, False])

# %% example-for: torch.logical_and, torch.logical_or, torch.logical_xor, torch.logical_not
# The truth table
# ---------------
#
# On ``bool`` tensors the functions and the operators give the same result.

print("p          :", p)
print("q          :", q)
print("logical_and:", torch.logical_and(p, q))
print("logical_or :", torch.logical_or(p, q))
print("logical_xor:", torch.logical_xor(p, q))
print("logical_not:", torch.logical_not(p))
assert torch.equal(p.logical_and(q), p & q)
assert torch.equal(p.logical_or(q), p | q)
assert torch.equal(p.logical_xor(q), p ^ q)
assert torch.equal(p.logical_not(), ~p)

# %% example-for: torch.logical_and, torch.logical_or, torch.logical_xor, torch.logical_not
# Numbers: nonzero is true, and the result is bool
# ------------------------------------------------
#
# Any dtype is accepted; the two inputs may differ, and they broadcast.
# ``nan`` is nonzero, so it counts as true. The operators on integers work bit by bit and give
# integers (``~0`` is ``-1``), and on floats they fail.

n = torch.tensor([0, 1, -2, 3])
f = torch.tensor([0.0, 0.0, 0.5, float("nan")])
print("n:", n, "| f:", f)
print("logical_and(n, f):", torch.logical_and(n, f))
print("logical_xor(n, f):", torch.logical_xor(n, f))
print("logical_not(n)   :", torch.logical_not(n))
print("n & 2 (bitwise)  :", n & 2)
print("~n (bitwise)     :", ~n)
print("logical_xor(1, 2):", torch.logical_xor(torch.tensor(1), torch.tensor(2)).item(),
      "| 1 ^ 2:", (torch.tensor(1) ^ torch.tensor(2)).item())
assert torch.logical_and(n, f).dtype == torch.bool
print("broadcast (4, 1) with (4,):", tuple(torch.logical_or(n[:, None], f).shape))
assert torch.equal(torch.logical_not(n), n == 0)
try:
    n & f
except RuntimeError as err:  # NotImplementedError is a RuntimeError subclass
    print(f"{type(err).__name__}: {err}")
# out= keeps its own dtype: the result is converted to it.
print("out=int16:", torch.logical_not(n, out=torch.empty(4, dtype=torch.int16)))
# The in-place forms overwrite self and keep its dtype too: int64 0/1, not bool.
m = n.clone()
out = m.logical_not_()
print("m.logical_not_():", m, "| returns m itself:", out is m)
print("and_, or_, xor_ with f:", n.clone().logical_and_(f), n.clone().logical_or_(f), n.clone().logical_xor_(f))

# %% example-for: torch.logical_and, torch.logical_or
# Combining conditions: not with Python's and / or
# ------------------------------------------------
#
# ``and`` and ``or`` ask each tensor for one truth value, which fails for
# more than one element. Use ``logical_and`` or ``&``, and put each
# comparison in parentheses: ``&`` binds more tightly than ``>``.

x = torch.tensor([1, 5, 9])
try:
    (x > 2) and (x < 8)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("logical_and:", torch.logical_and(x > 2, x < 8))
print("& operator :", (x > 2) & (x < 8))
try:
    x > 2 & x < 8  # parsed as the chained comparison x > (2 & x) < 8
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("selected   :", x[torch.logical_or(x < 2, x > 8)])
# The second argument must be a tensor.
try:
    torch.logical_and(x > 2, True)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
