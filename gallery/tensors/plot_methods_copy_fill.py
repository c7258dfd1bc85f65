"""
Writing values in place: ``copy_``, ``fill_``, ``masked_fill`` and ``masked_fill_``
===================================================================================

``copy_`` copies another tensor's values into a tensor, broadcasting and
converting them; ``fill_`` writes one value everywhere; ``masked_fill``
writes one value where a boolean mask is ``True``, in a new tensor, and
``masked_fill_`` does it in place. The script shows the rules each one
follows and the errors they raise, including the attention-mask idiom with
``float('-inf')``.
"""

import torch


def node(t):
    """The name of t's autograd node, or None (printing grad_fn shows an address)."""
    return None if t.grad_fn is None else t.grad_fn.name()


# %% example-for: methods-copy-broadcast-cast, torch.Tensor.copy_
# ``copy_`` broadcasts the source and converts its dtype
# ------------------------------------------------------
#
# The source only has to broadcast to the shape of ``self``: one row is
# copied into every row. Its ``int64`` values are converted to the
# ``float32`` of ``self``, and ``copy_`` returns ``self``, whose memory stays
# where it was. Floats copied into an integer tensor are truncated toward
# zero.

dst = torch.zeros(2, 3)
ptr = dst.data_ptr()
returned = dst.copy_(torch.tensor([1, 2, 3]))
print(dst)
print("returns self:", returned is dst, "| same memory:", dst.data_ptr() == ptr, "| dtype:", dst.dtype)

ints = torch.zeros(3, dtype=torch.int64)
ints.copy_(torch.tensor([1.9, -1.9, 2.5]))
print("float -> int64:", ints.tolist())

# %% example-for: methods-copy-broadcast-cast, torch.Tensor.copy_
# Only the source is broadcast
# ----------------------------
#
# ``self`` keeps its shape: a source with more elements than ``self`` is an
# error, not a reason to grow ``self``, and so is a source whose sizes do
# not broadcast.

for target, source in ((torch.zeros(3), torch.ones(2, 3)), (torch.zeros(2, 3), torch.ones(2))):
    try:
        target.copy_(source)
    except RuntimeError as err:
        print(f"{tuple(target.shape)}.copy_({tuple(source.shape)}) -> RuntimeError: {err}")

# %% example-for: methods-copy-broadcast-cast, torch.Tensor.copy_
# A leaf that requires grad: only under ``no_grad``
# -------------------------------------------------
#
# A parameter is a leaf tensor that requires grad, and autograd refuses to
# let ``copy_`` overwrite it. Inside ``torch.no_grad()`` the copy is
# allowed, and the tensor stays a leaf that requires grad (how weights are
# loaded into a model). Copying into a tensor that is not a leaf is recorded
# (``CopyBackwards``): the gradient flows to the source.

weight = torch.zeros(3, requires_grad=True)
try:
    weight.copy_(torch.tensor([1.0, 2.0, 3.0]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
with torch.no_grad():
    weight.copy_(torch.tensor([1.0, 2.0, 3.0]))
print(weight.detach().tolist(), "| is_leaf:", weight.is_leaf, "| requires_grad:", weight.requires_grad,
      "| grad_fn:", node(weight))

source = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
buffer = torch.zeros(3).requires_grad_().clone()  # not a leaf: the output of clone
buffer.copy_(source * 2)
print("grad_fn after copy_:", node(buffer))
buffer.sum().backward()
print("source.grad:", source.grad.tolist())

# %% example-for: torch.Tensor.fill_
# ``fill_`` writes one value everywhere
# -------------------------------------
#
# It returns ``self``. The value is converted to the tensor's dtype (2.7
# becomes 2 in an ``int64`` tensor), and a value the dtype cannot hold
# raises. A 0-dimensional tensor is accepted as the value, a 1-element 1-D
# one is not. Filling a slice fills that part of the base tensor.

x = torch.zeros(2, 3)
print("returns self:", x.fill_(7.0) is x)
x[:, 1].fill_(-1.0)
print(x)
print("int64 fill_(2.7):", torch.zeros(3, dtype=torch.int64).fill_(2.7).tolist())
print("0-dim value:", torch.zeros(2).fill_(torch.tensor(4.0)).tolist())
for tensor, value in ((torch.zeros(3, dtype=torch.int64), float("inf")), (torch.zeros(2), torch.tensor([4.0]))):
    try:
        tensor.fill_(value)
    except RuntimeError as err:
        print(f"fill_({value!r}) -> RuntimeError: {err}")

# %% example-for: methods-masked-fill-attention, torch.Tensor.masked_fill
# An attention mask: ``float('-inf')`` before the softmax
# -------------------------------------------------------
#
# To stop position ``i`` from attending to later positions, the scores
# above the diagonal are replaced by ``-inf``. The softmax turns
# ``exp(-inf)`` into exactly 0, so those positions get zero weight and every
# row still sums to 1. ``masked_fill`` returns a new tensor: ``scores`` is
# unchanged.

scores = torch.tensor([[0.5, 1.0, 2.0, 0.0],
                       [1.5, 0.2, 0.3, 0.1],
                       [0.0, 0.0, 1.0, 2.0],
                       [1.0, 1.0, 1.0, 1.0]])
causal = torch.triu(torch.ones(4, 4, dtype=torch.bool), diagonal=1)
masked = scores.masked_fill(causal, float("-inf"))
weights = masked.softmax(dim=-1)
print(masked)
print(weights)
print("masked weights are 0:", bool((weights[causal] == 0).all()),
      "| rows sum to 1:", torch.allclose(weights.sum(dim=-1), torch.ones(4)))
print("scores unchanged (all finite):", bool(scores.isfinite().all()))

# %% example-for: methods-masked-fill-attention, torch.Tensor.masked_fill
# The mask must be ``bool``
# -------------------------
#
# A mask of 0s and 1s in a float or integer dtype (what ``torch.triu`` of
# ``ones`` gives by default) is refused; convert it with ``.bool()``. A row
# in which every position is masked has no finite score: its softmax is
# ``nan``.

float_mask = torch.ones(4, 4).triu(diagonal=1)
for mask in (float_mask, float_mask.long()):
    try:
        scores.masked_fill(mask, float("-inf"))
    except RuntimeError as err:
        print(f"{mask.dtype} mask -> RuntimeError: {err}")
print("with .bool():", torch.equal(scores.masked_fill(float_mask.bool(), float("-inf")), masked))
all_masked = torch.tensor([[True, True, True, True]])
print("fully masked row:", scores[:1].masked_fill(all_masked, float("-inf")).softmax(dim=-1))

# %% example-for: torch.Tensor.masked_fill
# The mask broadcasts; the value is a number or a 0-dim tensor
# ------------------------------------------------------------
#
# A 1-D mask of length 3 applies to every row of a ``(2, 3)`` tensor. The
# result has the broadcast shape of ``self`` and ``mask``. The value is
# converted to the tensor's dtype; ``-inf`` into an integer tensor raises.

t = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(t.masked_fill(torch.tensor([True, False, True]), 0.0))
print("self (3,), mask (2, 3) -> result", tuple(torch.zeros(3).masked_fill(torch.ones(2, 3, dtype=torch.bool), 1.0).shape))
print("value as a 0-dim tensor:", t.masked_fill(t > 4, torch.tensor(-1.0)).tolist())
try:
    torch.tensor([1, 2, 3]).masked_fill(torch.tensor([True, False, False]), float("-inf"))
except RuntimeError as err:
    print(f"int64 tensor, -inf -> RuntimeError: {err}")

# %% example-for: torch.Tensor.masked_fill_
# ``masked_fill_`` writes into ``self``
# -------------------------------------
#
# It returns ``self``. The mask still broadcasts, but only to the shape of
# ``self``: a mask larger than ``self`` is an error here, while
# ``masked_fill`` accepted it above. On a leaf that requires grad it needs
# ``torch.no_grad()``, like ``copy_``.

t = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print("returns self:", t.masked_fill_(t > 4, 0.0) is t)
print(t)
try:
    torch.zeros(3).masked_fill_(torch.ones(2, 3, dtype=torch.bool), 1.0)
except RuntimeError as err:
    print(f"self (3,), mask (2, 3) -> RuntimeError: {err}")
p = torch.ones(3, requires_grad=True)
try:
    p.masked_fill_(torch.tensor([True, False, False]), 0.0)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
with torch.no_grad():
    p.masked_fill_(torch.tensor([True, False, False]), 0.0)
print(p.detach().tolist())
