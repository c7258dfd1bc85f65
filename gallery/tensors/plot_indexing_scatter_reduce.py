"""
Reducing into positions: scatter_reduce and index_reduce
========================================================

``scatter_reduce`` and ``index_reduce`` send many values to the same
position and combine them with a reduction: ``sum``, ``prod``, ``mean``,
``amax`` or ``amin``. ``scatter_reduce`` routes element by element, like
``scatter_``; ``index_reduce`` routes whole slices with a 1-D index, like
``index_add_``. This script prints every reduction with and without
``include_self``, the shape rules, and when gradients are available.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: indexing-scatter-reductions, torch.scatter_reduce
# The five reductions of scatter_reduce
# -------------------------------------
#
# ``src[i]`` goes to position ``index[i]``. Positions 0, 1 and 2 receive
# two, three and one value; position 3 receives none. With
# ``include_self=True`` (the default) the value already in ``input`` takes
# part in the reduction; with ``False`` it is ignored at every position that
# receives something. A position that receives nothing keeps its input
# value either way.

inp = torch.tensor([10.0, 20.0, 30.0, 40.0])
src = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
index = torch.tensor([0, 1, 0, 1, 2, 1])


def fmt(t):
    """A short, stable text for a float tensor."""
    return str([float(f"{v:.4g}") for v in t.flatten().tolist()])


print(f"{'reduce':6} {'include_self=True':26} include_self=False")
for reduce in ("sum", "prod", "mean", "amax", "amin"):
    with_self = fmt(torch.scatter_reduce(inp, 0, index, src, reduce))
    without = fmt(torch.scatter_reduce(inp, 0, index, src, reduce, include_self=False))
    print(f"{reduce:6} {with_self:26} {without}")

# %% example-for: torch.scatter_reduce
# Which start value is the identity of which reduction
# ----------------------------------------------------
#
# With ``include_self=True``, starting from the identity gives the same
# result as ``include_self=False`` at every position that receives a value:
# 0 for ``sum``, 1 for ``prod``, ``-inf`` for ``amax``, ``inf`` for
# ``amin``. ``mean`` has none: a start of 0 is counted as one more element.
# The position that receives nothing (the last) keeps the start value.

src = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
index = torch.tensor([0, 1, 0, 1, 2, 1])
for reduce, identity in (("sum", 0.0), ("prod", 1.0), ("amax", float("-inf")), ("amin", float("inf")), ("mean", 0.0)):
    start = torch.full((4,), identity)
    with_self = torch.scatter_reduce(start, 0, index, src, reduce)
    without = torch.scatter_reduce(start, 0, index, src, reduce, include_self=False)
    same = torch.equal(with_self[:3], without[:3])
    print(f"{reduce:4} start {identity:>4}: {fmt(with_self):28} same as include_self=False: {same}")
    assert same == (reduce != "mean")

# %% example-for: indexing-scatter-reductions, torch.scatter_reduce
# mean counts self once, and floors for integers
# ----------------------------------------------
#
# With ``include_self=True``, ``mean`` divides by the number of received
# values plus one. On integer tensors the division rounds down.

inp = torch.tensor([0, 0])
src = torch.tensor([1, 2, 5])
index = torch.tensor([0, 0, 1])
print("include_self=True: ", torch.scatter_reduce(inp, 0, index, src, "mean").tolist())
print("include_self=False:", torch.scatter_reduce(inp, 0, index, src, "mean", include_self=False).tolist())
print("float, include_self=True:",
      torch.scatter_reduce(inp.float(), 0, index, src.float(), "mean").tolist())

# %% example-for: torch.scatter_reduce
# A 2-D example: the largest score per group in each row
# ------------------------------------------------------
#
# ``index`` follows the same shape rules as for ``scatter_``; the output has
# the shape of ``input``. Starting from a tensor of ``-inf`` with
# ``include_self=False`` makes the starting value irrelevant.

scores = torch.tensor([[0.1, 0.7, 0.3, 0.9], [0.5, 0.2, 0.8, 0.4]])
group = torch.tensor([[0, 0, 1, 1], [1, 0, 0, 1]])  # the group of every score
start = torch.full((2, 2), float("-inf"))
best = start.scatter_reduce(1, group, scores, "amax", include_self=False)
print(best)
print("start unchanged:", start.tolist(), "shares memory:", best.data_ptr() == start.data_ptr())
try:
    torch.scatter_reduce(start, 1, group, scores, "add")  # scatter_'s word for "sum"
except RuntimeError as err:
    print(f"RuntimeError: {err}")
# scatter_reduce_ writes into start itself and returns it.
out = start.scatter_reduce_(1, group, scores, "amax", include_self=False)
print("start now equals best:", torch.equal(start, best), "| returns start itself:", out is start)

# %% example-for: indexing-scatter-reductions, torch.index_reduce
# index_reduce works on whole slices
# ----------------------------------
#
# ``index`` is 1-D and its length equals ``source.size(dim)``: slice ``i`` of
# ``source`` is combined into slice ``index[i]`` of ``input``. Here rows 0, 2
# and 3 of ``source`` go to row 0 and row 1 to row 2; row 1 of ``input``
# receives nothing. The function is marked beta and warns on its first use.

inp = torch.full((3, 2), 10.0)
source = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]])
index = torch.tensor([0, 2, 0, 0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    result = torch.index_reduce(inp, 0, index, source, "prod")
for w in caught:  # drop the C++ source location from the message
    print(f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")
print("output shape:", tuple(result.shape), "shares memory with input:", result.data_ptr() == inp.data_ptr())
for reduce in ("prod", "mean", "amax", "amin"):
    with_self = inp.index_reduce(0, index, source, reduce)
    without = inp.index_reduce(0, index, source, reduce, include_self=False)
    print(f"{reduce:4} include_self=True:  {with_self.double().round(decimals=3).tolist()}")
    print(f"{'':4} include_self=False: {without.double().round(decimals=3).tolist()}")

# %% example-for: torch.index_reduce
# No "sum", and the shape rules
# -----------------------------
#
# ``index_reduce`` has no ``sum`` reduction: ``index_add`` does that.
# ``source`` must match ``input`` in every dimension except ``dim``.

inp = torch.zeros(3, 2)
try:
    torch.index_reduce(inp, 0, torch.tensor([0, 1]), torch.ones(2, 2), "sum")
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("index_add instead:", inp.index_add(0, torch.tensor([0, 0]), torch.ones(2, 2)).tolist())
try:
    torch.index_reduce(inp, 0, torch.tensor([0, 1]), torch.ones(3, 2), "amax")
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    torch.index_reduce(inp, 0, torch.tensor([0, 1]), torch.ones(2, 3), "amax")
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.Tensor.index_reduce_
# ``index_reduce_`` works in place, also on integer tensors
# ---------------------------------------------------------
#
# The method with the underscore modifies ``self`` and returns it. Its
# docstring says the operation only supports floating-point tensors; in
# torch 2.13 integer tensors work on the CPU.

counts = torch.ones(3, 2, dtype=torch.int64)
out = counts.index_reduce_(1, torch.tensor([1, 1]), torch.tensor([[2, 3], [4, 5], [6, 7]]), "prod")
print(counts)
print("returns self:", out is counts, "dtype:", counts.dtype)
scaled = torch.ones(2, 3).index_reduce_(0, torch.tensor([1]), torch.tensor([[2.0, 3.0, 4.0]]), "mean")
print(scaled)
ints = torch.zeros(2, 1, dtype=torch.int64)
ints.index_reduce_(0, torch.tensor([0, 0]), torch.tensor([[1], [2]]), "mean", include_self=False)
print("integer mean of 1 and 2:", ints[0].item())

# %% example-for: indexing-scatter-backward, torch.scatter_reduce, torch.Tensor.scatter_
# Gradients need src.shape == index.shape
# ---------------------------------------
#
# The forward pass accepts a ``src`` larger than ``index`` and ignores the
# extra elements. The backward pass of ``scatter``/``scatter_`` and
# ``scatter_reduce`` does not: it produces a gradient of ``index``'s shape
# for ``src`` and fails. Slice ``src`` to ``index``'s shape first.

src = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
index = torch.tensor([[0, 1], [1, 0]])  # shape (2, 2), src is (2, 3)

for name, fn in [
    ("scatter", lambda s: torch.scatter(torch.zeros(2, 3), 1, index, s)),
    ("scatter_reduce", lambda s: torch.scatter_reduce(torch.zeros(2, 3), 1, index, s, "sum")),
]:
    out = fn(src)
    print(f"{name}: forward works, output shape {tuple(out.shape)}")
    try:
        out.sum().backward()
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

out = torch.scatter_reduce(torch.zeros(2, 3), 1, index, src[:, :2], "sum")
out.sum().backward()
print("with src[:, :2], src.grad =", src.grad.tolist())

# %% example-for: indexing-scatter-backward, torch.scatter_reduce
# Gradients of amax and amin are shared between ties
# --------------------------------------------------
#
# With ``amax``/``amin`` only the elements that equal the result get a
# gradient, split evenly when several are equal.

src = torch.tensor([3.0, 3.0, 1.0, 4.0], requires_grad=True)
index = torch.tensor([0, 0, 1, 1])
out = torch.scatter_reduce(torch.zeros(2), 0, index, src, "amax", include_self=False)
out.sum().backward()
print("result:", out.tolist(), "src.grad:", src.grad.tolist())
