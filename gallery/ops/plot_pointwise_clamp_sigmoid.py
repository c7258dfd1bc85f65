"""
clamp and sigmoid: two curves
=============================

``clamp`` cuts values to a range and ``sigmoid`` squashes every real number
into (0, 1). The figures show their curves; the printed values show the
corner cases: one bound only, tensors as bounds, ``min`` greater than
``max``, and ``sigmoid`` reaching exactly 1.0 in ``float32``.
"""

import matplotlib.pyplot as plt
import torch

# %% example-for: torch.clamp
# min only, max only, or both
# ---------------------------
#
# ``clamp(input, min, max)`` replaces every element below ``min`` by ``min``
# and every element above ``max`` by ``max``. Either bound may be left out,
# not both. ``torch.clip`` is an alias, and ``clamp_`` works in place.

t = torch.arange(-3.0, 4.0)
print("t          :", t)
print("min=-1     :", torch.clamp(t, min=-1))
print("max=1      :", torch.clamp(t, max=1))
print("-1, 1      :", torch.clamp(t, -1, 1))
print("clip(-1, 1):", torch.clip(t, -1, 1))
assert torch.equal(torch.clip(t, -1, 1), torch.clamp(t, -1, 1))
try:
    torch.clamp(t)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
t.clamp_(min=0)
print("after clamp_(min=0):", t)

# %% example-for: torch.clamp
# The curve of clamp(x, -1, 1)
# ----------------------------
#
# Flat at ``min`` on the left, the identity in between, flat at ``max`` on
# the right.

x = torch.linspace(-3, 3, 601)
fig, ax = plt.subplots(figsize=(6, 3.5))
ax.plot(x, x, ":", color="gray", label="x")
ax.plot(x, torch.clamp(x, -1, 1), label="clamp(x, -1, 1)")
ax.plot(x, torch.clamp(x, min=0), "--", label="clamp(x, min=0) (ReLU)")
ax.set_xlabel("x")
ax.set_ylabel("output")
ax.set_ylim(-3, 3)
ax.grid(True)
ax.legend()
plt.tight_layout()
plt.show()

# %% example-for: torch.clamp
# Tensors as bounds, min greater than max, and dtypes
# ---------------------------------------------------
#
# The bounds may be tensors that broadcast against ``input`` (both must then
# be tensors, or both numbers). When ``min`` is greater than ``max``, every
# element becomes ``max``. Float bounds on an integer tensor give a float
# result; ``nan`` stays ``nan``.

t = torch.tensor([1.0, 5.0, 9.0])
print(torch.clamp(t, min=torch.tensor([2.0, 6.0, 6.0]), max=torch.tensor([3.0, 7.0, 8.0])))
try:
    torch.clamp(t, min=torch.tensor([2.0, 2.0, 2.0]), max=3)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
try:
    torch.clamp(t, min=2, max=torch.tensor([3.0, 3.0, 3.0]))
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])

swapped = torch.clamp(t, min=4, max=2)
print("min=4, max=2:", swapped)
assert torch.equal(swapped, torch.full_like(t, 2.0))

i = torch.tensor([1, 5, 9])
print(torch.clamp(i, 2, 7), torch.clamp(i, 2, 7).dtype)
print(torch.clamp(i, 2.5, 7.5), torch.clamp(i, 2.5, 7.5).dtype)
print(torch.clamp(torch.tensor([-1.0, float("nan"), 2.0]), 0, 1))
assert i.clamp(2.5, 7.5).dtype == torch.float32

# clamp(x, min=0) is the ReLU function.
x = torch.linspace(-2, 2, 9)
print(torch.equal(torch.clamp(x, min=0), torch.relu(x)))
assert torch.equal(torch.clamp(x, min=0), torch.relu(x))

# %% example-for: torch.sigmoid
# sigmoid(x) = 1 / (1 + exp(-x))
# ------------------------------
#
# ``sigmoid`` (the logistic function, ``torch.special.expit``) maps 0 to 0.5
# and large positive or negative inputs toward 1 or 0. In ``float32`` it
# *saturates*: between x = 16 and x = 17 the result becomes exactly 1.0, and
# below about x = -88.7 (where ``exp(-x)`` overflows ``float32``) it is
# exactly 0. Integer input gives ``float32``.

x = torch.tensor([-100.0, -5.0, 0.0, 5.0, 16.0, 17.0, 20.0])
s = torch.sigmoid(x)
print(s)
print("sigmoid(16) == 1:", s[4].item() == 1.0, "| sigmoid(17) == 1:", s[5].item() == 1.0)
print("sigmoid(20) == 1.0 exactly:", torch.sigmoid(torch.tensor(20.0)).item() == 1.0)
print("float64 sigmoid(20):", torch.sigmoid(torch.tensor(20.0, dtype=torch.float64)).item())
low = torch.sigmoid(torch.tensor([-88.7, -88.8]))
print("sigmoid(-88.7), sigmoid(-88.8):", low.tolist())
assert torch.tensor(20.0).sigmoid().item() == 1.0
assert torch.sigmoid(torch.tensor(16.0)).item() < 1.0
assert low[0] > 0 and low[1] == 0
assert torch.equal(torch.special.expit(x), s)
sg = x.clone()
out = sg.sigmoid_()  # in place, so sg must be floating point already
print("sigmoid_ in place equals sigmoid:", torch.equal(sg, s), "| returns sg itself:", out is sg)

# Saturation breaks log(sigmoid(x)); logsigmoid computes it from x directly.
print("log(sigmoid(-100))    :", torch.log(torch.sigmoid(torch.tensor(-100.0))).item())
print("log(1 - sigmoid(20))  :", torch.log(1 - torch.sigmoid(torch.tensor(20.0))).item())
print("logsigmoid(-100)      :", torch.nn.functional.logsigmoid(torch.tensor(-100.0)).item())
print(torch.sigmoid(torch.tensor([0, 1])).dtype)

# %% example-for: torch.sigmoid
# The curve, and its saturation in float32
# ----------------------------------------
#
# Left: the S-shaped curve. Right: the distance ``1 - sigmoid(x)`` on a log
# scale. It shrinks like ``exp(-x)`` until the dtype can no longer tell
# ``sigmoid(x)`` from 1: in ``float32`` between x = 16 and 17, in
# ``float64`` only near x = 37 (a log axis cannot show 0, so each line
# stops there).

x = torch.linspace(-8, 8, 401)
xr = torch.linspace(0, 40, 401)
gap32 = 1 - torch.sigmoid(xr)
gap64 = 1 - torch.sigmoid(xr.double())
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(7, 3.5))
ax1.plot(x, torch.sigmoid(x))
ax1.axhline(0.5, color="gray", lw=0.5)
ax1.set_xlabel("x")
ax1.set_ylabel("sigmoid(x)")
ax1.grid(True)
ax2.semilogy(xr, gap64, label="float64")
ax2.semilogy(xr, torch.where(gap32 > 0, gap32, float("nan")), "--", label="float32")
ax2.set_xlabel("x")
ax2.set_ylabel("1 - sigmoid(x)")
ax2.grid(True)
ax2.legend()
plt.tight_layout()
plt.show()
first32 = xr[gap32 == 0][0].item()
first64 = xr[gap64 == 0][0].item()
print(f"first x on this grid where 1 - sigmoid(x) == 0: float32 {first32:.1f}, float64 {first64:.1f}")
assert 16 < first32 < 17 and 36 < first64 < 38
