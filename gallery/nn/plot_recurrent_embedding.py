"""
Embedding tables: lookup, padding, max_norm and bags
====================================================

An embedding layer is a table with one learned row per index. This script
looks rows up, shows the errors of a bad index, keeps a padding row at zero
and out of the gradient, renormalises rows with ``max_norm``, loads a
pretrained table, and checks ``EmbeddingBag`` against an embedding followed
by a reduction.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

# %% example-for: embedding-lookup
# A lookup table: integer indices in, rows out
# --------------------------------------------
#
# ``Embedding(num_embeddings, embedding_dim)`` holds a weight of shape
# ``(num_embeddings, embedding_dim)``. Calling it on an integer tensor of any
# shape returns the rows of those indices, with ``embedding_dim`` appended to
# the shape: the result equals ``weight[indices]``. An index outside
# ``0 .. num_embeddings - 1``, a negative one included (``weight[-1]`` would
# work), raises ``IndexError``; a float tensor of indices raises
# ``RuntimeError``.

emb = nn.Embedding(10, 3)
tokens = torch.tensor([[1, 2, 4, 5], [4, 3, 2, 9]])
vectors = emb(tokens)
print("weight:", tuple(emb.weight.shape), "| indices:", tuple(tokens.shape), tokens.dtype,
      "| output:", tuple(vectors.shape), vectors.dtype)
assert torch.equal(vectors, emb.weight[tokens])
print("output equals weight[indices]: True")
for bad in (10, -1):
    try:
        emb(torch.tensor([bad]))
    except IndexError as err:
        print(f"index {bad}: IndexError: {err}")
try:
    emb(torch.tensor([1.0, 2.0]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("int32 indices work too:", tuple(emb(tokens.int()).shape))

# %% example-for: torch.nn.Embedding
# ``padding_idx`` and ``max_norm``
# --------------------------------
#
# With ``padding_idx=0`` the row of index 0 starts at zero and gets no
# gradient, so it stays zero while the other rows train. ``max_norm=1.0``
# rescales every row that a forward pass looks up and whose norm exceeds 1.0
# to norm 1.0, **in the weight itself**: the table changes during the
# forward pass, rows that were not looked up keep their norm. With
# ``sparse=True`` the weight's gradient is a sparse tensor holding only the
# rows that were used.

emb = nn.Embedding(5, 3, padding_idx=0)
print("row 0 at start:", emb.weight[0])
batch = torch.tensor([[2, 3, 0, 0], [1, 4, 2, 0]])  # 0 pads the shorter sequences
emb(batch).sum().backward()
print("gradient rows (row 0 is the padding row):")
print(emb.weight.grad)
assert emb.weight.grad[0].abs().sum() == 0

capped = nn.Embedding(5, 3, max_norm=1.0)
before = capped.weight.detach().norm(dim=1)
out = capped(torch.tensor([1, 2]))
after = capped.weight.detach().norm(dim=1)
print("row norms before:", before)
print("row norms after looking up 1 and 2:", after)
print("output row norms:", out.detach().norm(dim=1))
assert torch.allclose(after[1:3], torch.ones(2)) and torch.equal(after[3:], before[3:])

sparse = nn.Embedding(1000, 3, sparse=True)
sparse(torch.tensor([7, 7, 42])).sum().backward()
print("sparse=True gradient:", sparse.weight.grad.layout, "| rows stored:", sparse.weight.grad.coalesce().indices().tolist())

# %% example-for: torch.nn.Embedding.from_pretrained
# Loading a pretrained table
# --------------------------
#
# ``from_pretrained`` builds the layer around a given 2-D tensor. It freezes
# the weight by default (``freeze=True`` sets ``requires_grad=False``), so an
# optimizer does not change it; pass ``freeze=False`` to fine-tune it.

vectors = torch.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]])
frozen = nn.Embedding.from_pretrained(vectors)
trainable = nn.Embedding.from_pretrained(vectors, freeze=False, padding_idx=0)
print("frozen:", frozen, "requires_grad:", frozen.weight.requires_grad)
print("freeze=False:", trainable, "requires_grad:", trainable.weight.requires_grad)
print(frozen(torch.tensor([2, 1])))
print("shares the given tensor's memory:", frozen.weight.data_ptr() == vectors.data_ptr())

# %% example-for: torch.nn.EmbeddingBag
# ``EmbeddingBag``: lookup and reduction in one step
# --------------------------------------------------
#
# A 1-D input with ``offsets`` holds several bags back to back: offsets
# ``[0, 3]`` split ``[1, 2, 4, 5, 4]`` into the bags ``[1, 2, 4]`` and
# ``[5, 4]``. Each bag is looked up and reduced to one row by ``mode``
# (``'mean'`` by default, ``'sum'`` or ``'max'``), the same as an
# ``Embedding`` followed by that reduction, without storing the looked-up
# rows. A 2-D input is a batch of bags of equal length and takes no offsets.
# An index equal to ``padding_idx`` is left out of its bag.

bag = nn.EmbeddingBag(10, 3, mode="mean")
flat = torch.tensor([1, 2, 4, 5, 4])
offsets = torch.tensor([0, 3])
table = nn.Embedding(10, 3)
table.weight = bag.weight  # the same rows, to compare
for mode, reduce in (("mean", lambda r: r.mean(0)), ("sum", lambda r: r.sum(0)), ("max", lambda r: r.max(0).values)):
    bag.mode = mode
    pooled = bag(flat, offsets)
    by_hand = torch.stack([reduce(table(flat[:3])), reduce(table(flat[3:]))])
    torch.testing.assert_close(pooled, by_hand)
    print(f"mode={mode!r}: output {tuple(pooled.shape)}, equals Embedding + {mode}: True")
bag.mode = "mean"
print("2-D input (2 bags of 2):", tuple(bag(torch.tensor([[1, 2], [4, 5]])).shape))
skip = nn.EmbeddingBag(10, 3, mode="mean", padding_idx=0)
rows = skip.weight
torch.testing.assert_close(skip(torch.tensor([[1, 0, 2]])), ((rows[1] + rows[2]) / 2).unsqueeze(0))
print("padding_idx=0, bag [1, 0, 2] in mode 'mean' = (row 1 + row 2) / 2: True")

# %% example-for: torch.nn.functional.embedding
# The functional form
# -------------------
#
# ``F.embedding(input, weight)`` is the lookup without a module: it returns
# ``weight[input]`` and equals an ``Embedding`` holding that weight. It does
# not initialise anything, so ``padding_idx`` only keeps that row out of the
# gradient; the row's values are whatever the weight holds.

weight = torch.randn(4, 2, requires_grad=True)
idx = torch.tensor([0, 3, 0])
out = F.embedding(idx, weight, padding_idx=0)
module = nn.Embedding.from_pretrained(weight.detach(), padding_idx=0)
torch.testing.assert_close(out, module(idx))
print("equals the module:", True, "| row 0 looked up:", out[0])
out.sum().backward()
print("gradient:")
print(weight.grad)
assert weight.grad[0].abs().sum() == 0
