"""
softmax, log_softmax, relu and clip in the torch namespace
==========================================================

``torch.softmax``, ``torch.log_softmax`` and ``torch.relu`` compute what
``torch.nn.functional.softmax``, ``log_softmax`` and ``relu`` compute, and
``torch.clip`` is an alias of ``torch.clamp``. They are not the same Python
objects, though, and their signatures differ a little: this script checks
both.
"""

import warnings

import torch
import torch.nn.functional as F

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: mathmore-activation-aliases, torch.softmax, torch.log_softmax, torch.relu
# Same results as torch.nn.functional, different objects
# ------------------------------------------------------
#
# The results are asserted equal, element for element. ``is`` shows that the
# names are distinct functions: ``torch.softmax`` is the compiled operator,
# ``F.softmax`` a Python function that checks its arguments and then calls
# the operator. Of these names, only the in-place ``relu_`` is one object in
# both places.

x = torch.randn(2, 4)
pairs = [
    ("softmax", torch.softmax(x, dim=1), F.softmax(x, dim=1)),
    ("log_softmax", torch.log_softmax(x, dim=1), F.log_softmax(x, dim=1)),
    ("relu", torch.relu(x), F.relu(x)),
]
for name, ours, functional in pairs:
    assert torch.equal(ours, functional), name
    print(f"torch.{name:<11} == F.{name:<11}: {torch.equal(ours, functional)}")
print("torch.softmax is F.softmax        :", torch.softmax is F.softmax)
print("torch.log_softmax is F.log_softmax:", torch.log_softmax is F.log_softmax)
print("torch.relu is F.relu              :", torch.relu is F.relu)
print("torch.relu_ is F.relu_            :", torch.relu_ is F.relu_)
assert torch.softmax is not F.softmax and torch.relu is not F.relu and torch.relu_ is F.relu_
print("types:", type(torch.softmax).__name__, "vs", type(F.softmax).__name__)

# %% example-for: mathmore-activation-aliases, torch.softmax, torch.log_softmax
# dim is required in the torch namespace
# --------------------------------------
#
# ``F.softmax(x)`` without ``dim`` guesses one and warns; ``torch.softmax(x)``
# refuses. ``dtype=`` casts the input first; integer tensors need it, since
# softmax is not implemented for them.

try:
    torch.softmax(x)
except TypeError as err:
    print(f"TypeError: {err}")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.softmax(x)
print(f"F.softmax(x): {caught[0].category.__name__}: {caught[0].message}")
assert issubclass(caught[0].category, UserWarning)
try:
    torch.log_softmax(x)
except TypeError as err:
    print(f"TypeError: {err}")
counts = torch.tensor([1, 2, 3])
try:
    torch.softmax(counts, dim=0)
except RuntimeError as err:  # NotImplementedError is a RuntimeError subclass
    print(f"{type(err).__name__}: {err}")
print("dtype=torch.float32:", torch.softmax(counts, dim=0, dtype=torch.float32))

# %% example-for: torch.softmax, torch.log_softmax
# Rows sum to 1; log_softmax is the log of softmax, computed safely
# -----------------------------------------------------------------
#
# ``log_softmax`` equals ``log(softmax(x))`` where both are finite, but it is
# computed without forming the small probabilities, so it stays finite where
# ``log(softmax(x))`` gives ``-inf``.

p = x.softmax(dim=1)
print("row sums:", p.sum(dim=1))
assert torch.allclose(p.sum(dim=1), torch.ones(2))
assert torch.allclose(x.log_softmax(dim=1), torch.log(p), atol=1e-6)
far = torch.tensor([0.0, 200.0])
print("log(softmax):", torch.log(torch.softmax(far, dim=0)))
print("log_softmax :", torch.log_softmax(far, dim=0))
assert torch.isinf(torch.log(torch.softmax(far, dim=0))[0])
assert torch.isfinite(torch.log_softmax(far, dim=0)).all()
# cross_entropy is log_softmax followed by nll_loss:
target = torch.tensor([0, 3])
ce = F.cross_entropy(x, target)
print("cross_entropy:", ce.item(), "| nll_loss(log_softmax):", F.nll_loss(torch.log_softmax(x, dim=1), target).item())
assert torch.allclose(ce, F.nll_loss(torch.log_softmax(x, dim=1), target))

# %% example-for: torch.relu
# relu has no inplace argument
# ----------------------------
#
# ``torch.relu(x)`` returns a new tensor; for the in-place version call
# ``torch.relu_`` (or ``x.relu_()``). It keeps integer dtypes and equals
# ``clamp(x, min=0)``.

try:
    torch.relu(x, inplace=True)
except TypeError as err:
    print("TypeError:", str(err).splitlines()[0])
y = x.clone()
torch.relu_(y)
print(y)
assert torch.equal(y, torch.relu(x)) and torch.equal(torch.relu(x), torch.clamp(x, min=0))
assert torch.equal(x.clone().relu_(), y)
print(torch.tensor([-2, 0, 3]).relu())

# %% example-for: mathmore-activation-aliases, torch.clip
# clip is clamp under NumPy's name
# --------------------------------
#
# ``torch.clip(x, min, max)`` returns what ``torch.clamp`` returns, with the
# same arguments and rules, and ``x.clip_()`` is ``x.clamp_()``. The two
# names are separate function objects.

t = torch.tensor([-3.0, -0.5, 0.5, 3.0])
print("clip(t, -1, 1) :", torch.clip(t, -1, 1))
print("clamp(t, -1, 1):", torch.clamp(t, -1, 1))
print("clip(t, min=0) :", torch.clip(t, min=0))
print("torch.clip is torch.clamp:", torch.clip is torch.clamp)
assert torch.equal(torch.clip(t, -1, 1), torch.clamp(t, -1, 1))
assert torch.equal(t.clip(max=torch.zeros(4)), torch.clamp(t, max=torch.zeros(4)))
try:
    torch.clip(t)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
t.clip_(0, 1)
print("after clip_(0, 1):", t)
