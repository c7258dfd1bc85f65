"""
FlexAttention: score modifications and block masks
==================================================

``flex_attention`` lets a small Python function change each attention score
(``score_mod``) and a ``BlockMask`` skip the blocks of the score matrix that
a mask hides entirely. This script checks a causal and a sliding-window
mask against ``scaled_dot_product_attention`` with the same boolean mask,
shows what a ``BlockMask`` stores, and runs the compiled kernel.
"""

import warnings

import torch
import torch.nn.functional as F
from torch.nn.attention.flex_attention import AuxRequest, create_block_mask, flex_attention

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

N, H, L, E = 1, 2, 256, 16
q, k, v = (torch.randn(N, H, L, E) for _ in range(3))
positions = torch.arange(L)


def causal(b, h, q_idx, kv_idx):
    return q_idx >= kv_idx


def sliding_window(b, h, q_idx, kv_idx):
    return (q_idx >= kv_idx) & (q_idx - kv_idx < 64)


# %% example-for: flex-attention-masks
# A score_mod and a block mask, against SDPA
# ------------------------------------------
#
# A ``score_mod(score, b, h, q_idx, kv_idx)`` returns the new score of one
# query-key pair; returning ``-inf`` hides the pair. A ``mask_mod(b, h,
# q_idx, kv_idx)`` returns ``True`` where the query may attend, SDPA's
# boolean convention, and ``create_block_mask`` turns it into a
# ``BlockMask``. Both ways of writing a causal mask, and a 64-position
# sliding window, give the numbers of ``scaled_dot_product_attention`` with
# the same boolean mask. Run without ``torch.compile``, ``flex_attention``
# computes the full score matrix and warns.


def causal_score(score, b, h, q_idx, kv_idx):
    return torch.where(q_idx >= kv_idx, score, -float("inf"))


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    by_score_mod = flex_attention(q, k, v, score_mod=causal_score)
for w in caught[:1]:
    print(f"{w.category.__name__}: {str(w.message).splitlines()[0]}")

causal_blocks = create_block_mask(causal, B=None, H=None, Q_LEN=L, KV_LEN=L, device="cpu")
window_blocks = create_block_mask(sliding_window, B=None, H=None, Q_LEN=L, KV_LEN=L, device="cpu")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the same warning as above
    by_block_mask = flex_attention(q, k, v, block_mask=causal_blocks)
    windowed = flex_attention(q, k, v, block_mask=window_blocks)

causal_bool = positions[:, None] >= positions[None, :]
window_bool = causal_bool & (positions[:, None] - positions[None, :] < 64)
torch.testing.assert_close(by_score_mod, F.scaled_dot_product_attention(q, k, v, attn_mask=causal_bool))
torch.testing.assert_close(by_block_mask, F.scaled_dot_product_attention(q, k, v, attn_mask=causal_bool))
torch.testing.assert_close(windowed, F.scaled_dot_product_attention(q, k, v, attn_mask=window_bool))
print("causal score_mod == causal block mask == SDPA with the tril mask: True")
print("sliding window (64) == SDPA with the same boolean mask: True")

# %% example-for: torch.nn.attention.flex_attention.create_block_mask
# ``create_block_mask``: the mask, block by block
# -----------------------------------------------
#
# The score matrix is cut into blocks of ``BLOCK_SIZE`` (default 128)
# queries by 128 keys. ``create_block_mask`` evaluates ``mask_mod`` once for
# every position and records, per block, whether it is fully hidden
# (skipped), fully visible, or partly hidden (the mask is applied inside).
# ``B=None`` and ``H=None`` make one mask for every batch element and head.
# The printout draws the blocks; ``sparsity`` is the share of skipped blocks.

print(causal_blocks)
small = create_block_mask(sliding_window, None, None, L, L, device="cpu", BLOCK_SIZE=32)
print(small)

# %% example-for: torch.nn.attention.flex_attention.BlockMask
# What a ``BlockMask`` holds
# --------------------------
#
# Its ``shape`` is ``(B, H, Q_LEN, KV_LEN)`` of the mask it stands for, and
# ``BLOCK_SIZE`` the block sides. ``sparsity()`` returns the percentage of
# skipped blocks, ``to_dense()`` the per-block map (1 = computed), and
# ``mask_mod`` the function it was built from.

print("shape:", causal_blocks.shape, "| BLOCK_SIZE:", causal_blocks.BLOCK_SIZE)
print("sparsity:", causal_blocks.sparsity(), "% | window, 32-blocks:", round(small.sparsity(), 2), "%")
print("to_dense():", causal_blocks.to_dense().tolist())
print("mask_mod:", causal_blocks.mask_mod.__name__)

# %% example-for: torch.nn.attention.flex_attention.flex_attention
# Compiled: one fused kernel
# --------------------------
#
# ``torch.compile(flex_attention)`` generates a kernel for the given
# ``score_mod`` and block mask: it computes the scores block by block,
# skips the blocks the ``BlockMask`` marks as empty, and never stores the
# full ``L x S`` score matrix. That is what makes FlexAttention fast and
# memory-light; the eager call above computed and stored everything. The
# first call compiles (on this CPU runner, C++ code); the results equal the
# eager ones. ``scale`` and ``enable_gqa`` work as for SDPA, and
# ``return_aux=AuxRequest(lse=True)`` also returns the log-sum-exp of each
# query's scores (the older ``return_lse=True`` is deprecated); the example
# asks for it on the eager call.

compiled_flex = torch.compile(flex_attention)
fast = compiled_flex(q, k, v, block_mask=window_blocks)
torch.testing.assert_close(fast, windowed)
print("compiled output", tuple(fast.shape), "equals the eager output: True")
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="flex_attention called without torch.compile")
    out, aux = flex_attention(q, k, v, block_mask=causal_blocks, return_aux=AuxRequest(lse=True))
print("return_aux=AuxRequest(lse=True): output", tuple(out.shape), "and", type(aux).__name__,
      "with lse", tuple(aux.lse.shape))
