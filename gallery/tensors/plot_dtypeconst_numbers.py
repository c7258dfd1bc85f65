"""
Numbers: torch.pi, torch.e, torch.inf, torch.nan
================================================

The four numeric constants of ``torch`` are Python floats, the very objects
of the ``math`` module, not tensors. This script shows where each one is
useful and the traps around them: a float where a tensor is expected,
``float32`` rounding, ``-inf`` in integer tensors, and ``nan``, which equals
nothing.
"""

import math

import torch

# %% example-for: torch.pi
# torch.pi is math.pi, a Python float
# -----------------------------------
#
# ``torch.sin`` wants a tensor, so ``torch.sin(torch.pi)`` raises; use
# ``math.sin`` for a number. A tensor made from ``torch.pi`` has the default
# dtype ``float32`` and holds a rounded value; ``dtype=torch.float64`` keeps
# every digit.

print(type(torch.pi).__name__, torch.pi, torch.pi is math.pi)
try:
    torch.sin(torch.pi)
except TypeError as err:
    print(f"TypeError: {err}")
print(torch.sin(torch.tensor([0.0, torch.pi / 2])))
print("float32:", torch.tensor(torch.pi).item(), torch.tensor(torch.pi).item() == torch.pi)
print("float64:", torch.tensor(torch.pi, dtype=torch.float64).item() == torch.pi)

# %% example-for: torch.e
# torch.e is math.e
# -----------------
#
# Euler's number as a Python float. ``torch.exp`` and ``torch.log`` are the
# tensor functions around it.

print(type(torch.e).__name__, torch.e, torch.e is math.e)
print(torch.log(torch.tensor([torch.e, torch.e**2], dtype=torch.float64)))
print(torch.exp(torch.tensor(1.0, dtype=torch.float64)).item() == torch.e)

# %% example-for: torch.inf
# torch.inf: masks and overflow
# -----------------------------
#
# ``-torch.inf`` written into attention scores before ``softmax`` gives those
# positions a weight of exactly 0. An integer tensor cannot hold it:
# ``masked_fill`` raises (use ``torch.iinfo(dtype).min`` there). Overflow and
# division by zero produce it, and ``torch.isinf`` finds it.

scores = torch.tensor([[2.0, 1.0, 0.5]])
mask = torch.tensor([[False, False, True]])
weights = torch.softmax(scores.masked_fill(mask, -torch.inf), dim=-1)
print(weights)
assert weights[0, 2].item() == 0.0
try:
    torch.zeros(3, dtype=torch.int64).masked_fill(mask[0], -torch.inf)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(torch.zeros(3, dtype=torch.int64).masked_fill(mask[0], torch.iinfo(torch.int64).min))
produced = torch.tensor([1.0, -1.0, 70000.0]) / torch.tensor([0.0, 0.0, 1.0])
print(produced.half(), torch.isinf(produced.half()))
print(torch.inf == float("inf"), torch.inf is math.inf)

# %% example-for: torch.nan
# torch.nan equals nothing, itself included
# -----------------------------------------
#
# ``x == torch.nan`` is ``False`` everywhere, even where ``x`` holds ``nan``:
# test with ``torch.isnan``. One ``nan`` makes ``sum`` and ``max`` ``nan``;
# ``torch.nansum`` skips it. ``0 / 0`` produces ``nan``.

x = torch.tensor([1.0, torch.nan, 3.0])
print(torch.nan == torch.nan, math.isnan(torch.nan), torch.nan is math.nan)
print(x == torch.nan, torch.isnan(x))
print(x.sum(), x.max(), torch.nansum(x))
print(torch.tensor([0.0]) / 0)
