"""
Random sampling
===============

The sampling functions of PyTorch: uniform and normal floats, integers,
permutations, Bernoulli and multinomial draws, the in-place ``Tensor``
samplers, and the quasi-random Sobol sequence. Several share a name with a
NumPy function but not its argument rules; the differences are shown at the
end. Every cell starts from a fixed seed, so the numbers are the same on
every run on CPU.
"""

import matplotlib.pyplot as plt
import numpy as np
import torch
from torch.quasirandom import SobolEngine

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.rand
# rand: uniform floats in [0, 1)
# ------------------------------
#
# The shape can be given as separate integers or as one tuple. The dtype is
# the default float dtype (``float32``); integer dtypes are refused.

torch.manual_seed(0)
print(torch.rand(2, 3))
print(torch.rand((2, 3)).shape, torch.rand([2, 3]).dtype)
print(torch.rand(2, dtype=torch.float64))

a, b = -2.0, 3.0  # another interval [a, b): scale and shift
u = a + (b - a) * torch.rand(100_000)
print(f"[{a}, {b}): min >= a: {u.min().item() >= a}, max < b: {u.max().item() < b}")
assert a <= u.min() and u.max() < b

x = torch.rand(100_000)
print("min >= 0:", x.min().item() >= 0.0, " max < 1:", x.max().item() < 1.0)

g = torch.Generator().manual_seed(0)
print("with generator=:", torch.rand(3, generator=g))

try:
    torch.rand(3, dtype=torch.int64)
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.rand, torch.randn, torch.randint, torch.randperm
# Every keyword of the signatures, executed
# -----------------------------------------
#
# ``generator=`` draws from a private generator, ``out=`` writes into an
# existing tensor (resizing it), ``device=`` chooses where to allocate (the
# ``meta`` device stores no data, so only shape and dtype are shown),
# ``requires_grad=`` makes a leaf that records operations (floating dtypes
# only), ``layout=`` accepts only ``torch.strided``, and ``pin_memory=True``
# needs an accelerator.

g = torch.Generator().manual_seed(0)
print("rand    generator=:", torch.rand(3, generator=g))
print("randn   generator=:", torch.randn(3, generator=torch.Generator().manual_seed(0)))
print("randint generator=:", torch.randint(0, 10, (3,), generator=torch.Generator().manual_seed(0)))
print("randperm generator=:", torch.randperm(4, generator=torch.Generator().manual_seed(0)))

buf = torch.empty(0)
torch.rand(2, 2, out=buf, generator=torch.Generator().manual_seed(0))
print("out= resized to:", buf.shape)

for name, t in [
    ("rand", torch.rand(2, 3, device="meta", dtype=torch.float64)),
    ("randn", torch.randn(2, 3, device="meta", dtype=torch.complex64)),
    ("randint", torch.randint(0, 5, (2, 3), device="meta", dtype=torch.int32)),
    ("randperm", torch.randperm(6, device="meta", dtype=torch.int16)),
]:
    print(f"{name:9} device='meta': {t.device} {tuple(t.shape)} {t.dtype}")

leaf = torch.randn(3, requires_grad=True)
print("requires_grad:", leaf.requires_grad, "| leaf:", leaf.is_leaf)
print("randint float + requires_grad:", torch.randint(0, 5, (3,), dtype=torch.float32, requires_grad=True))
print("randperm float + requires_grad:", torch.randperm(3, dtype=torch.float32, requires_grad=True).requires_grad)
for call in (lambda: torch.randint(0, 5, (3,), requires_grad=True), lambda: torch.randperm(3, requires_grad=True)):
    try:
        call()
    except RuntimeError as err:
        print(f"int64 + requires_grad -> RuntimeError: {err}")

print("layout=torch.strided:", torch.rand(2, layout=torch.strided).layout)
try:
    torch.rand(2, layout=torch.sparse_coo)
except NotImplementedError as err:
    print(f"layout=torch.sparse_coo -> NotImplementedError: {str(err).splitlines()[0][:60]}...")

print("pin_memory=False:", torch.rand(2, pin_memory=False).is_pinned())
try:
    pinned = torch.randperm(3, pin_memory=True)
    print("pin_memory=True:", pinned.is_pinned())
except RuntimeError as err:  # a CPU-only build has no pinned-memory allocator
    print(f"pin_memory=True -> RuntimeError: {err}")

# %% example-for: torch.randn
# randn: standard normal floats
# -----------------------------
#
# Mean 0 and standard deviation 1, with no bounds: values further than 3
# from the mean are rare but do occur.

torch.manual_seed(0)
print(torch.randn(2, 3))
zc = torch.randn(100_000, dtype=torch.complex64)
print(f"complex64: var of real part {zc.real.var().item():.2f}, of imaginary part {zc.imag.var().item():.2f}")

z = torch.randn(100_000)
print(f"mean {z.mean().item():.3f}  std {z.std().item():.3f}")
print(f"min {z.min().item():.2f}  max {z.max().item():.2f}")
print(f"fraction with |z| > 3: {(z.abs() > 3).float().mean().item():.4f}")

# To get mean m and standard deviation s, scale and shift:
m, s = 10.0, 0.5
y = m + s * torch.randn(100_000)
print(f"mean {y.mean().item():.3f}  std {y.std().item():.3f}")

# %% example-for: torch.randint
# randint: integers in [low, high)
# --------------------------------
#
# ``high`` is exclusive and ``size`` is required, as a tuple. With one
# integer before the size, that integer is ``high`` and ``low`` is 0. The
# result is ``int64`` unless ``dtype=`` says otherwise.

torch.manual_seed(0)
dice = torch.randint(1, 7, (10,))
print(dice, dice.dtype)
print("values seen:", torch.unique(torch.randint(1, 7, (1000,))).tolist())
print(torch.randint(3, (2, 4)))  # low=0, high=3
print(torch.randint(0, 256, (4,), dtype=torch.uint8))
print(torch.randint(0, 10, [5]).shape)  # a list works too

try:
    torch.randint(0, 10, 5)  # size must be a sequence, not a bare int
except TypeError as err:
    print(f"TypeError: {str(err).splitlines()[0]}")

# %% example-for: torch.randperm
# randperm: a random permutation of 0 ... n-1
# -------------------------------------------
#
# The usual use is shuffling: index the data and the labels with the *same*
# permutation so that pairs stay together.

torch.manual_seed(0)
perm = torch.randperm(6)
print(perm, perm.dtype)

data = torch.arange(12).view(6, 2)
labels = torch.tensor([0, 1, 2, 3, 4, 5])
shuffled_data, shuffled_labels = data[perm], labels[perm]
print(shuffled_data.tolist())
print(shuffled_labels.tolist())
print("pairs kept:", torch.equal(shuffled_data[:, 0] // 2, shuffled_labels))
print(torch.randperm(4, dtype=torch.float32))

x = torch.tensor([[1, 1], [2, 2], [3, 3]])  # shuffle the rows of a tensor
print(x[torch.randperm(x.shape[0])].tolist())
try:
    torch.randperm(x)  # a count is expected, not the tensor to shuffle
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.bernoulli
# bernoulli: one 0/1 draw per probability
# ---------------------------------------
#
# Each element of ``input`` is the probability of drawing 1 at that position.
# The result has the shape and the dtype of ``input``. With a second
# argument ``p``, ``p`` is used everywhere and the values of ``input`` only
# give the shape and dtype.

torch.manual_seed(0)
probs = torch.tensor([[0.0, 0.5, 1.0], [0.1, 0.9, 0.5]])
print(torch.bernoulli(probs))

mask = torch.bernoulli(torch.full((10_000,), 0.3))
print(f"fraction of ones: {mask.mean().item():.3f}", mask.dtype)

# %% example-for: torch.bernoulli
# bernoulli(input, p): one probability for every element
# ------------------------------------------------------
#
# With ``p``, the values of ``input`` are ignored: ``ones`` with ``p=0.0``
# gives zeros. ``input`` only gives the shape, dtype and device, so an integer
# tensor is allowed here (it is refused in the first form). Probabilities
# outside [0, 1] are refused in both forms.

torch.manual_seed(0)
print(torch.bernoulli(torch.ones(5), 0.0))  # p overrides the values of input
print(torch.bernoulli(torch.zeros(2, 4), 0.5))
ints = torch.bernoulli(torch.zeros(6, dtype=torch.int64), 0.5, generator=torch.Generator().manual_seed(0))
print(ints, ints.dtype)
assert torch.ones(5).bernoulli(0.0).eq(0).all()

for call in (lambda: torch.bernoulli(torch.tensor([1.5])), lambda: torch.bernoulli(torch.zeros(2), 1.5)):
    try:
        call()
    except RuntimeError as err:
        print(f"RuntimeError: {err}")
try:
    torch.bernoulli(torch.zeros(2, dtype=torch.int64))  # first form: floating input only
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.Tensor.bernoulli_
# ``bernoulli_``: fill a tensor with 0/1 in place
# -----------------------------------------------
#
# ``p`` is one probability (default 0.5) or a float tensor of probabilities
# that broadcasts to the tensor. Unlike the one-argument form
# ``torch.bernoulli(input)``, the tensor being filled may have an integer or
# bool dtype.

torch.manual_seed(0)
x = torch.empty(2, 4, dtype=torch.int64)
print(x.bernoulli_(0.5))
print(torch.empty(2, 3).bernoulli_(torch.tensor([0.0, 1.0, 0.5])))

keep = torch.empty(8, dtype=torch.bool).bernoulli_(0.5)
print(keep, keep.dtype)

# The values already in the tensor are ignored: ones filled with p=0 are zeros.
print(torch.ones(4).bernoulli_(0.0))
assert torch.ones(4).bernoulli_(0.0).eq(0).all()

# %% example-for: torch.Tensor.uniform_
# ``uniform_``: fill in place from [from, to)
# -------------------------------------------
#
# The bounds default to 0 and 1. ``from`` is a Python keyword, so the lower
# bound is passed by position. The method returns the tensor itself; the
# tensor must have a floating dtype.

torch.manual_seed(0)
w = torch.empty(2, 3)
print(w.uniform_(-0.1, 0.1))
print("returns self:", w.uniform_() is w)
print(torch.empty(3).uniform_(to=10.0))
try:
    compile("x.uniform_(from=-1, to=1)", "<cell>", "eval")
except SyntaxError as err:
    print(f"SyntaxError: {err.msg}")

try:
    torch.zeros(3).uniform_(1.0, -1.0)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    torch.zeros(3, dtype=torch.int64).uniform_()
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.Tensor.normal_
# ``normal_``: fill in place from N(mean, std**2)
# -----------------------------------------------
#
# ``mean`` defaults to 0 and ``std`` to 1. Like ``uniform_`` it returns the
# tensor and needs a floating dtype. ``std`` is a standard deviation, not a
# variance. A tensor that requires grad must be filled under
# ``torch.no_grad()``.

torch.manual_seed(0)
w = torch.empty(2, 3).normal_(std=0.02)  # a typical weight initialisation
print(w)

big = torch.empty(100_000).normal_(5.0, 2.0)
print(f"mean {big.mean().item():.3f}  std {big.std().item():.3f}  var {big.var().item():.3f}")

try:
    torch.zeros(3, dtype=torch.int64).normal_()
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# A parameter requires grad: fill it under torch.no_grad(), as torch.nn.init does.
weight = torch.nn.Parameter(torch.empty(2, 2))
try:
    weight.normal_()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
with torch.no_grad():
    weight.normal_(std=0.02)
print("filled under no_grad:", weight.requires_grad, weight.shape)

# %% example-for: random-normal-signatures, torch.normal
# The four forms of torch.normal
# ------------------------------
#
# ``mean`` and ``std`` may each be a tensor or a float. If at least one is a
# tensor, the result takes the (broadcast) shape of the tensor arguments and
# element ``i`` is drawn with ``mean[i]`` and ``std[i]``. If both are floats,
# ``size`` is required.

torch.manual_seed(0)
means = torch.tensor([0.0, 10.0, 100.0])
stds = torch.tensor([0.1, 1.0, 10.0])

print("tensor, tensor:", torch.normal(means, stds))
print("tensor, float: ", torch.normal(means, 0.5))  # std defaults to 1.0 in this form
print("float, tensor: ", torch.normal(0.0, stds))
print("float, float, size:", torch.normal(2.0, 3.0, size=(2, 3)).shape)

print(torch.normal(torch.zeros(2, 1), torch.ones(3)).shape)  # broadcast

try:
    torch.normal(0.0, 1.0)
except TypeError as err:
    print(f"TypeError: {str(err).splitlines()[0]}")

# %% example-for: torch.normal
# The keywords of each form, and what is refused
# ----------------------------------------------
#
# All four forms take ``generator=`` and ``out=``. Only the two-float form
# takes ``dtype=``, ``device=`` and ``requires_grad=``. Integer tensors of
# means or standard deviations are refused; Python ints in the two-float
# form are read as floats.

means, stds = torch.tensor([0.0, 10.0]), torch.tensor([1.0, 0.1])
print("1 tensor, tensor + generator:", torch.normal(means, stds, generator=torch.Generator().manual_seed(0)))
print("2 tensor, std default 1.0:  ", torch.normal(means, generator=torch.Generator().manual_seed(0)))
print("3 float, tensor:            ", torch.normal(5.0, stds, generator=torch.Generator().manual_seed(0)))
out = torch.empty(0)
torch.normal(2, 3, [2, 2], generator=torch.Generator().manual_seed(0), out=out)
print("4 float, float, size, out=: ", out.shape, out.dtype)
x = torch.normal(0.0, 1.0, (2,), dtype=torch.float64, device="meta", requires_grad=True)
print("4 with dtype/device/requires_grad:", x.dtype, x.device, x.requires_grad)

try:
    torch.normal(torch.tensor([0, 1]), 1.0)  # an int64 tensor of means
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")
try:
    torch.normal(means, stds, dtype=torch.float64)  # dtype= only in the two-float form
except TypeError as err:
    print(f"TypeError: {str(err).splitlines()[0]}")

# %% example-for: random-normal-signatures, torch.normal
# std is a standard deviation
# ---------------------------
#
# ``std`` is the standard deviation (like ``scale`` in NumPy), never the
# variance. A negative ``std`` raises an error.

torch.manual_seed(0)
x = torch.normal(0.0, 3.0, size=(100_000,))
print(f"std {x.std().item():.3f}  var {x.var().item():.3f}")

try:
    torch.normal(torch.zeros(3), -1.0)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.multinomial
# multinomial: draw category indices from weights
# -----------------------------------------------
#
# Each row of ``input`` holds non-negative weights, one per category; they
# need not sum to 1. The result holds category *indices*. By default
# (``replacement=False``) a category is drawn at most once per row.

torch.manual_seed(0)
weights = torch.tensor([1.0, 3.0, 6.0])  # probabilities 0.1, 0.3, 0.6
print(torch.multinomial(weights, 2))

draws = torch.multinomial(weights, 10_000, replacement=True)
print("counts with replacement:", torch.bincount(draws).tolist())

rows = torch.tensor([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
print("one draw per row:", rows.multinomial(1).flatten().tolist())

try:
    torch.multinomial(weights, 4)  # 4 distinct draws from 3 categories
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.multinomial, random-numpy-differences
# Without replacement, zero weights are drawn last
# ------------------------------------------------
#
# Without replacement, once every category with a positive weight has been
# drawn, the remaining draws take zero-weight categories instead of raising
# an error. Ask for at most as many samples as there are positive weights.

torch.manual_seed(0)
weights = torch.tensor([0.5, 0.5, 0.0, 0.0])
for _ in range(3):
    print(torch.multinomial(weights, 3).tolist())

try:
    torch.multinomial(torch.tensor([1, 2]), 1)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: random-numpy-differences
# Same names as NumPy, different rules
# ------------------------------------
#
# Each pair below calls the NumPy function and the PyTorch function of the
# same name with the same arguments.

# rand: NumPy takes separate ints only; torch takes ints or a tuple.
try:
    np.random.rand((2, 3))
except TypeError as err:
    print(f"np.random.rand((2, 3)) -> TypeError: {err}")
print("torch.rand((2, 3)).shape ->", torch.rand((2, 3)).shape)

# default float dtype
print("np.random.rand(2).dtype ->", np.random.rand(2).dtype, "| torch.rand(2).dtype ->", torch.rand(2).dtype)

# randint: both exclude high, but NumPy's size is optional.
print("np.random.randint(10) ->", type(np.random.randint(10)).__name__)
try:
    torch.randint(10)
except TypeError as err:
    print(f"torch.randint(10) -> TypeError: {str(err).splitlines()[0]}")

# normal: NumPy's size is optional; torch needs size= when mean and std are floats.
print("np.random.normal(0.0, 1.0) ->", type(np.random.normal(0.0, 1.0)).__name__)
try:
    torch.normal(0.0, 1.0)
except TypeError as err:
    print(f"torch.normal(0.0, 1.0) -> TypeError: {str(err).splitlines()[0]}")

# sampling without replacement when too few weights are positive
try:
    np.random.choice(4, 3, replace=False, p=[0.5, 0.5, 0.0, 0.0])
except ValueError as err:
    print(f"np.random.choice(..., replace=False) -> ValueError: {err}")
torch.manual_seed(0)
print("torch.multinomial(...) ->", torch.multinomial(torch.tensor([0.5, 0.5, 0.0, 0.0]), 3).tolist())

# %% example-for: random-numpy-differences, random-reproducibility
# Seeding NumPy does not seed PyTorch
# -----------------------------------
#
# NumPy and PyTorch have separate generators. Reproducible code seeds each
# library it draws from (and Python's ``random`` module if used).

np_state = np.random.get_state()  # restored at the end of the cell

np.random.seed(0)
a = torch.rand(3)
np.random.seed(0)
b = torch.rand(3)
print("torch numbers equal after np.random.seed:", torch.equal(a, b))

torch.manual_seed(0)
a = np.random.rand(3)
torch.manual_seed(0)
b = np.random.rand(3)
print("numpy numbers equal after torch.manual_seed:", np.array_equal(a, b))

torch.manual_seed(0)
np.random.seed(0)
a, a_np = torch.rand(3), np.random.rand(3)
torch.manual_seed(0)
np.random.seed(0)
b, b_np = torch.rand(3), np.random.rand(3)
print("both seeded:", torch.equal(a, b), np.array_equal(a_np, b_np))

np.random.set_state(np_state)

# %% example-for: torch.quasirandom.SobolEngine
# Sobol sequences: evenly spread points
# -------------------------------------
#
# ``SobolEngine(dimension)`` produces a deterministic low-discrepancy
# sequence in the unit cube. ``draw(n)`` continues the sequence, ``reset()``
# starts it again, ``fast_forward(n)`` skips ``n`` points. Without
# scrambling, the sequence starts at the origin.

engine = SobolEngine(dimension=2)
print(engine)
pts = engine.draw(4)
print(pts, pts.dtype)
print("points drawn so far:", engine.num_generated)
print("next point:", engine.draw(1))

engine.reset()
print("after reset:", engine.draw(1))
engine.reset().fast_forward(2)
print("after fast_forward(2):", engine.draw(1))

# %% example-for: torch.quasirandom.SobolEngine
# Balance: Sobol points versus torch.rand
# ---------------------------------------
#
# With 64 points in the unit square split into a 4 x 4 grid of cells, the
# first 64 Sobol points put exactly 4 points in every cell; 64 uniform random
# points do not. ``draw_base2(m)`` draws ``2**m`` points and refuses counts
# that would break this balance.

torch.manual_seed(0)
sobol = SobolEngine(2).draw_base2(6)  # 2**6 = 64 points
uniform = torch.rand(64, 2)


def cell_counts(points):
    cells = (points * 4).long()  # cell index 0..3 along each axis
    return torch.bincount(cells[:, 0] * 4 + cells[:, 1], minlength=16).view(4, 4)


print("Sobol:\n", cell_counts(sobol))
print("rand:\n", cell_counts(uniform))

engine = SobolEngine(2)
_ = engine.draw(3)
try:
    engine.draw_base2(2)
except ValueError as err:
    print(f"ValueError: {err}")

fig, axes = plt.subplots(1, 2, figsize=(7, 3.6), sharey=True)
for ax, points, title in ((axes[0], uniform, "torch.rand(64, 2)"), (axes[1], sobol, "SobolEngine(2).draw_base2(6)")):
    ax.scatter(points[:, 0], points[:, 1], s=12)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1])
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    ax.grid(True)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_title(title)
fig.tight_layout()
plt.show()

# %% example-for: torch.quasirandom.SobolEngine
# Scrambled sequences
# -------------------
#
# ``scramble=True`` randomises the sequence while keeping its balance.
# ``seed=`` makes the scrambling reproducible; without it the scrambling
# draws from the global generator, so it follows ``torch.manual_seed``.

a = SobolEngine(2, scramble=True, seed=7).draw(3)
b = SobolEngine(2, scramble=True, seed=7).draw(3)
print(a)
print("same seed, same points:", torch.equal(a, b))

torch.manual_seed(0)
c = SobolEngine(2, scramble=True).draw(3)
torch.manual_seed(0)
d = SobolEngine(2, scramble=True).draw(3)
print("no seed, but same global seed:", torch.equal(c, d))
print("float64 on request:", SobolEngine(2).draw(2, dtype=torch.float64).dtype)
