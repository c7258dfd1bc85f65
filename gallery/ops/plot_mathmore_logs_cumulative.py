"""
log2 and log10, lerp, cumprod and cummax
========================================

Logarithms in base 2 and 10, linear interpolation between two tensors, and
two cumulative operations that keep the shape: the running product and the
running maximum with the position where it was reached.
"""

import math

import matplotlib.pyplot as plt
import torch

# %% example-for: torch.log2, torch.log10
# log2 and log10
# --------------
#
# Both return ``-inf`` at 0 and ``nan`` for negative numbers, like
# ``torch.log``. On exact powers of their base they return exact integers
# here; integer input gives ``float32``.

x = torch.tensor([1.0, 8.0, 0.5, 0.0, -1.0])
print("log2 :", torch.log2(x))
print("log10:", torch.log10(torch.tensor([1.0, 1000.0, 0.001, 0.0, -1.0])))
powers2 = torch.tensor([2.0**k for k in range(-20, 21)])
powers10 = torch.tensor([10.0**k for k in range(-10, 11)])
assert torch.equal(powers2.log2(), torch.arange(-20.0, 21.0))
assert torch.equal(powers10.log10(), torch.arange(-10.0, 11.0))
print("log2 exact on 2**-20 .. 2**20, log10 exact on 1e-10 .. 1e10")
print("integer input:", torch.log2(torch.tensor([8, 1024])))
# The bit length of an integer through log2 goes wrong near large powers of 2:
# log2(2**24 - 1) rounds to exactly 24.0 in float32.
n = torch.tensor([1, 5, 255, 256, 2**24 - 1])
print("floor(log2(n)) + 1:", (torch.floor(torch.log2(n)) + 1).long().tolist())
print("int.bit_length()  :", [v.bit_length() for v in n.tolist()])
assert torch.log2(torch.tensor(2**24 - 1)).item() == 24.0
# log2_ and log10_ overwrite a float tensor in place and return it.
l2, l10 = x.clone(), torch.tensor([1.0, 1000.0, 0.001])
print("log2_ returns self:", l2.log2_() is l2, "| log10_ returns self:", l10.log10_() is l10)
print("l2:", l2, "| l10:", l10)

# %% example-for: torch.lerp
# lerp(start, end, weight) = start + weight * (end - start)
# ---------------------------------------------------------
#
# ``weight`` is a number or a tensor that broadcasts. 0 gives ``start``, 1
# gives ``end``; weights outside [0, 1] extrapolate. ``start`` and ``end``
# must be floating point and of the same dtype.

start = torch.tensor([0.0, 10.0])
end = torch.tensor([10.0, 20.0])
print("w=0.25      :", torch.lerp(start, end, 0.25))
print("w per elem  :", torch.lerp(start, end, torch.tensor([0.0, 1.5])))
print("w=-0.5      :", torch.lerp(start, end, -0.5))
w = torch.tensor(0.3)
# weights of shape (3, 1) broadcast against (2,): three interpolated rows
print("w shape (3, 1)  :", torch.lerp(start, end, torch.tensor([[0.0], [0.5], [1.0]])), sep="\n")
assert torch.allclose(start.lerp(end, w), start + w * (end - start))
try:
    torch.lerp(torch.tensor([1, 2]), torch.tensor([3, 4]), 0.5)
except RuntimeError as err:  # NotImplementedError is a RuntimeError subclass
    print(f"{type(err).__name__}: {err}")
try:
    torch.lerp(start, end.double(), 0.5)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.lerp
# An exponential moving average with ``lerp_``
# --------------------------------------------
#
# ``avg.lerp_(value, 0.1)`` moves ``avg`` 10 % of the way towards ``value``,
# in place: the update of an exponential moving average (EMA), as used for
# model weights and running statistics.

avg = torch.zeros(1)
history = []
for step in range(60):
    target = 1.0 if step < 30 else -1.0
    avg.lerp_(torch.tensor([target]), 0.1)
    history.append(avg.item())
print(f"after 30 steps towards 1: {history[29]:.4f}, after 30 more towards -1: {history[-1]:.4f}")
assert abs(history[29] - (1 - 0.9**30)) < 1e-6
fig, ax = plt.subplots(figsize=(6, 2.8))
ax.plot(history, marker=".")
ax.axhline(0, color="gray", lw=0.5)
ax.set_xlabel("step")
ax.set_ylabel("avg")
ax.set_title("avg.lerp_(target, 0.1), target 1 then -1")
ax.grid(True)
plt.tight_layout()
plt.show()

# %% example-for: torch.cumprod
# cumprod: running products, same shape
# -------------------------------------
#
# Like ``cumsum``, ``dim`` is required and the shape is kept. A zero makes
# every later product zero. Integer and ``bool`` inputs give ``int64``, which
# overflows silently (here at ``2**63``).

x = torch.tensor([1.0, 2.0, 3.0, 4.0])
print("cumprod      :", torch.cumprod(x, dim=0))
print("with a zero  :", torch.cumprod(torch.tensor([2.0, 3.0, 0.0, 4.0]), dim=0))
m = torch.tensor([[1, 2, 3], [4, 5, 6]])
print("dim=1:", torch.cumprod(m, dim=1), sep="\n")
print("dim=0:", torch.cumprod(m, dim=0), sep="\n")
try:
    torch.cumprod(x)
except TypeError as err:
    print(f"TypeError: {err}")
print("int8 input ->", torch.cumprod(torch.tensor([1, 2], dtype=torch.int8), 0).dtype,
      "| bool input ->", torch.cumprod(torch.tensor([True, True]), 0).dtype)
# cumprod_ writes into the tensor itself, so int8 stays int8 and wraps.
p8 = torch.tensor([100, 2], dtype=torch.int8)
out = p8.cumprod_(0)
print("int8 cumprod_:", p8, "| returns p8 itself:", out is p8)
twos = torch.cumprod(torch.full((64,), 2), dim=0)
print("2**62, 2**63, 2**64 in int64:", twos[61:].tolist())
assert twos[62].item() == -(2**63) and twos[63].item() == 0
# Long products of probabilities underflow; sum the logarithms instead.
probs = torch.full((200,), 0.01)
print("cumprod of 200 x 0.01:", torch.cumprod(probs, 0)[-1].item(), "| sum of logs:", torch.log(probs).sum().item())
assert probs.cumprod(0)[-1].item() == 0.0
# Compound growth: the value after each of three years at 5 %, 3 %, -2 %.
print("growth:", torch.cumprod(torch.tensor([1.05, 1.03, 0.98], dtype=torch.float64), 0))

# %% example-for: torch.cummax
# cummax: running maximum and where it was reached
# ------------------------------------------------
#
# ``cummax`` returns a named tuple ``(values, indices)``. On a tie the index
# moves to the newer equal element; a ``nan`` stays the maximum from there on.
# ``torch.cummin`` is its counterpart.

prices = torch.tensor([3, 1, 3, 2, 5, 4])
result = torch.cummax(prices, dim=0)
print(result)
values, indices = result
assert torch.equal(values, torch.tensor([3, 3, 3, 3, 5, 5]))
assert torch.equal(indices, torch.tensor([0, 0, 2, 2, 4, 4]))
print("drawdown from the running max:", values - prices)
print("with nan:", torch.cummax(torch.tensor([1.0, float("nan"), 2.0]), dim=0).values)
print("cummin   :", torch.cummin(prices, dim=0).values)
m = torch.tensor([[1, 0], [0, 4], [2, 3]])
print("down the columns:", m.cummax(dim=0).values, sep="\n")
