"""
Activation functions: relu, gelu, glu, sigmoid, softmax
=======================================================

The activation functions of ``torch.nn.functional`` apply a fixed formula to
their input. This script prints their values, compares ``gelu``'s exact and
``tanh`` forms, shows how ``glu`` halves a dimension, why ``softmax`` needs
``dim``, and draws the curves.
"""

import math
import warnings

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F

_ = torch.manual_seed(0)

# %% example-for: torch.nn.functional.relu
# relu
# ----
#
# ``relu(x) = max(x, 0)``, element by element; the dtype is kept, but a
# ``bool`` tensor is refused. ``inplace=True`` overwrites the input and
# returns that same tensor. If autograd saved the overwritten values for
# the backward pass (``sigmoid`` saves its output), ``backward()`` fails.

x = torch.tensor([-2.0, -0.5, 0.0, 1.5])
print(F.relu(x))
print(F.relu(torch.tensor([-3, 4])))  # an int64 input stays int64
y = x.clone()
r = F.relu(y, inplace=True)
print(y, r.data_ptr() == y.data_ptr())
try:
    F.relu(torch.tensor([True, False]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

w = torch.tensor([-1.0, 2.0], requires_grad=True)
s = torch.sigmoid(w)
F.relu(s, inplace=True)
try:
    s.sum().backward()
except RuntimeError as err:
    print(f"RuntimeError: {str(err)[:120]}...")

# %% example-for: torch.nn.functional.sigmoid
# sigmoid
# -------
#
# ``sigmoid(x) = 1 / (1 + exp(-x))``, values between 0 and 1; in ``float32``
# they round to exactly 1.0 from about x = 17 (and to 0.0 below about -104).
# ``F.sigmoid`` gives the same result as ``torch.sigmoid``.

x = torch.tensor([-4.0, 0.0, 4.0])
print(F.sigmoid(x))
assert torch.equal(F.sigmoid(x), torch.sigmoid(x))
print(F.sigmoid(torch.tensor([-110.0, 20.0])))  # saturated: exactly 0 and 1

# %% example-for: torch.nn.functional.gelu
# gelu, exact and ``approximate='tanh'``
# --------------------------------------
#
# The default is ``x * Phi(x)`` with the normal distribution's CDF ``Phi``.
# ``approximate='tanh'`` uses a tanh formula; the two differ by less than
# 1e-3 on this range.

x = torch.linspace(-3, 3, 7)
exact = F.gelu(x)
approx = F.gelu(x, approximate="tanh")
phi = 0.5 * (1 + torch.erf(x / math.sqrt(2)))
assert torch.allclose(exact, x * phi, atol=1e-6)
print(exact)
print(approx)
print("largest difference:", (exact - approx).abs().max())
assert (exact - approx).abs().max() < 1e-3
try:
    F.gelu(x, approximate="fast")
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    F.gelu(torch.tensor([1, 2]))  # unlike relu, gelu refuses integer tensors
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.nn.functional.glu
# glu halves a dimension
# ----------------------
#
# ``glu(x, dim)`` splits ``x`` into halves ``a`` and ``b`` along ``dim``
# (default ``-1``) and returns ``a * sigmoid(b)``: that dimension shrinks to
# half its size, so it must be even.

x = torch.randn(2, 4)
out = F.glu(x)
a, b = x.chunk(2, dim=-1)
assert torch.allclose(out, a * torch.sigmoid(b))
print(x.shape, "->", out.shape)
print(F.glu(x, dim=0).shape)
try:
    F.glu(torch.randn(2, 3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.functional.softmax
# softmax: always give ``dim``
# ----------------------------
#
# Softmax turns each slice along ``dim`` into probabilities that sum to 1.
# Large logits do not overflow (the maximum is subtracted first).
# Without ``dim`` it warns and guesses: dim 0 for 0-, 1- and 3-dimensional
# input, dim 1 otherwise. For a batch of rows that is dim 1, but for a single
# 3-D tensor it is dim 0, rarely what you meant.

logits = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
p = F.softmax(logits, dim=1)
print(p)
print("row sums:", p.sum(dim=1))
print(F.softmax(torch.tensor([1000.0, 1001.0]), dim=0))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    guessed = F.softmax(logits)
    guessed3 = F.softmax(torch.randn(2, 3, 4))
print("UserWarning:", caught[0].message)
assert torch.equal(guessed, F.softmax(logits, dim=1))
v4 = torch.randn(2, 3, 2, 2)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    assert torch.equal(F.softmax(v4), F.softmax(v4, dim=1))
    assert torch.equal(F.softmax(logits[0]), F.softmax(logits[0], dim=0))
print("3-D input, implicit dim sums to 1 along dim 0:",
      torch.allclose(guessed3.sum(dim=0), torch.ones(3, 4)))

# dtype= casts the input before the softmax, e.g. for float16 logits.
half = logits.half()
print(F.softmax(half, dim=1, dtype=torch.float32).dtype)

# %% example-for: torch.nn.functional.relu, torch.nn.functional.gelu, torch.nn.functional.sigmoid
# The curves
# ----------

x = torch.linspace(-4, 4, 201)
fig, ax = plt.subplots(figsize=(6, 3.5))
ax.plot(x, F.relu(x), label="relu")
ax.plot(x, F.gelu(x), label="gelu")
ax.plot(x, F.gelu(x, approximate="tanh"), "--", label="gelu (tanh)")
ax.plot(x, F.sigmoid(x), label="sigmoid")
ax.set_xlabel("x")
ax.set_ylabel("f(x)")
ax.legend()
ax.grid(alpha=0.3)
plt.tight_layout()
