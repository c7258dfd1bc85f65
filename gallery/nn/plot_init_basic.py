"""
Filling a tensor in place: ``uniform_``, ``normal_``, ``constant_``, ``ones_``, ``zeros_``
==========================================================================================

The functions of ``torch.nn.init`` overwrite every element of the tensor
they are given and return that same tensor. They run under ``no_grad``, so
they also work on parameters that require gradients. This script starts from
``torch.empty``, whose values are arbitrary until something writes them.
"""

import inspect
import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: init-uninitialised-memory
# Start from torch.empty, then initialise
# ---------------------------------------
#
# ``torch.empty`` allocates without writing, so its elements are arbitrary
# bytes left in memory: they are not printed here. An initializer writes
# every element; only after that are the values meaningful.

w = torch.empty(2, 4)
print("empty:", w.shape, w.dtype, "(values arbitrary, not printed)")

out = nn.init.uniform_(w, -0.1, 0.1)
print(out)
print("returned the same tensor:", out is w)
assert out is w and bool(((w >= -0.1) & (w <= 0.1)).all())

# %% example-for: init-in-place
# In place, without autograd
# --------------------------
#
# A parameter is a leaf that requires gradients, and autograd refuses an
# in-place operation on such a leaf. ``nn.init`` functions wrap the write in
# ``torch.no_grad()``, so they work on it, and the parameter stays a leaf
# with no ``grad_fn``. The plain tensor method does not.

p = nn.Parameter(torch.empty(2, 3))
nn.init.normal_(p, std=0.02)
print("requires_grad:", p.requires_grad, "| is_leaf:", p.is_leaf, "| grad_fn:", p.grad_fn)
assert p.requires_grad and p.is_leaf and p.grad_fn is None

try:
    p.normal_(std=0.02)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

with torch.no_grad():
    p.normal_(std=0.02)  # the method works under no_grad
print("after p.normal_ under no_grad, is_leaf:", p.is_leaf)

# The old names without the underscore still exist, are deprecated, and are
# in place too.
for old in (nn.init.xavier_normal, nn.init.uniform):
    w = torch.empty(2, 3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = old(w)
    print("same tensor:", out is w)
    for warning in caught:
        print(f"{warning.category.__name__}: {warning.message}")
    assert out is w and caught

# %% example-for: torch.nn.init.uniform_
# ``uniform_``: U(a, b)
# ---------------------
#
# The defaults are ``a=0.0, b=1.0``. The values lie between ``a`` and ``b``;
# their mean is about ``(a + b) / 2`` and their standard deviation
# ``(b - a) / sqrt(12)``.

print(nn.init.uniform_(torch.empty(2, 4)))

big = nn.init.uniform_(torch.empty(100_000), a=-2.0, b=4.0)
print("all within [-2, 4]:", bool(((big >= -2.0) & (big <= 4.0)).all()))
print(f"mean {big.mean():.3f}  std {big.std():.3f}")
print(f"(b - a) / sqrt(12) = {6 / 12 ** 0.5:.3f}")
assert big.min() >= -2.0 and big.max() <= 4.0
assert abs(big.std().item() - 6 / 12 ** 0.5) < 0.01

try:
    nn.init.uniform_(torch.empty(3, dtype=torch.int64), 0, 10)
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.nn.init.normal_
# ``normal_``: N(mean, std**2)
# ----------------------------
#
# ``std`` is the standard deviation, not the variance. A small ``std`` such
# as 0.02 is common for embeddings and transformer weights.

print(nn.init.normal_(torch.empty(2, 4), mean=0.0, std=0.02))

big = nn.init.normal_(torch.empty(100_000), mean=3.0, std=0.5)
print(f"mean {big.mean():.3f}  std {big.std():.3f}")
assert abs(big.mean().item() - 3.0) < 0.01 and abs(big.std().item() - 0.5) < 0.01

# Integer tensors are refused: the draw needs a floating dtype.
try:
    nn.init.normal_(torch.empty(3, dtype=torch.int64))
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.nn.init.uniform_, torch.nn.init.normal_, init-generator
# ``generator=`` for reproducible draws
# -------------------------------------
#
# ``uniform_``, ``normal_``, the Xavier and Kaiming functions and
# ``orthogonal_`` take ``generator=``: a ``torch.Generator`` of their own
# gives the same numbers every time without touching the global seed.
# ``constant_``, ``ones_`` and ``zeros_`` draw nothing and have no such
# argument.

g = torch.Generator().manual_seed(42)
first = nn.init.normal_(torch.empty(3), generator=g)
g.manual_seed(42)
second = nn.init.normal_(torch.empty(3), generator=g)
print(first)
print(second)
assert torch.equal(first, second)

for fn in (nn.init.uniform_, nn.init.normal_, nn.init.xavier_uniform_,
           nn.init.xavier_normal_, nn.init.kaiming_uniform_,
           nn.init.kaiming_normal_, nn.init.orthogonal_, nn.init.constant_,
           nn.init.ones_, nn.init.zeros_):
    has = "generator" in inspect.signature(fn).parameters
    print(f"{fn.__name__:<17} generator= {has}")
    assert has == (fn.__name__ not in ("constant_", "ones_", "zeros_"))

try:
    nn.init.constant_(torch.empty(3), 0.5, generator=g)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.nn.init.constant_
# ``constant_``
# -------------
#
# Every element gets ``val``, converted to the tensor's dtype: in an
# integer tensor, 2.7 becomes 2. A typical use is a bias of 0 or a
# normalization layer's scale of 1.

print(nn.init.constant_(torch.empty(2, 3), 0.3))
print(nn.init.constant_(torch.empty(3, dtype=torch.int64), 2.7))

layer = nn.Linear(4, 2)
nn.init.constant_(layer.bias, 0.1)
print(layer.bias)

# %% example-for: torch.nn.init.ones_, torch.nn.init.zeros_
# ``ones_`` and ``zeros_``
# ------------------------
#
# Shortcuts for ``constant_(tensor, 1)`` and ``constant_(tensor, 0)``. A
# weight matrix of all zeros (or any constant) makes every output unit
# compute the same thing and receive the same gradient, so the units never
# become different: use constants for biases and scales, not for weights.

print(nn.init.ones_(torch.empty(2, 3)))
print(nn.init.zeros_(torch.empty(2, 3)))

torch.manual_seed(0)
layer = nn.Linear(3, 4)
nn.init.ones_(layer.weight)
nn.init.zeros_(layer.bias)
layer(torch.randn(5, 3)).pow(2).sum().backward()
print(layer.weight.grad)  # every row identical
assert torch.equal(layer.weight.grad, layer.weight.grad[:1].expand(4, 3))
