"""
MultiheadAttention: shapes, masks and weights
=============================================

``nn.MultiheadAttention`` projects query, key and value, splits the
projections into ``num_heads`` heads, runs scaled dot-product attention in
each head, concatenates the heads and projects the result. This script
prints the shapes for both layouts (``batch_first``), shows what the masks
do, and recomputes one output by hand.
"""

import math
import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.MultiheadAttention
# Shapes: sequence first by default, batch first on request
# ---------------------------------------------------------
#
# L is the target (query) length, S the source (key/value) length, N the
# batch size and E = ``embed_dim``. With the default ``batch_first=False``
# inputs and output are ``(L, N, E)`` / ``(S, N, E)``; with
# ``batch_first=True`` they are ``(N, L, E)`` / ``(N, S, E)``. The attention
# weights are ``(N, L, S)`` in both cases: averaged over the heads by
# default. Each of the ``num_heads`` heads works on ``E // num_heads``
# features.

L, S, N, E, H = 3, 4, 2, 8, 2
mha = nn.MultiheadAttention(embed_dim=E, num_heads=H)
print(mha)
print("batch_first:", mha.batch_first, " head_dim:", mha.head_dim, " dropout:", mha.dropout)
for name, p in mha.named_parameters():
    print(f"  {name:16} {tuple(p.shape)}")

query = torch.randn(L, N, E)
key = torch.randn(S, N, E)
value = torch.randn(S, N, E)
out, weights = mha(query, key, value)
print("batch_first=False: out", tuple(out.shape), " weights", tuple(weights.shape))

mha_bf = nn.MultiheadAttention(E, H, batch_first=True)
mha_bf.load_state_dict(mha.state_dict())  # same weights, other layout
out_bf, weights_bf = mha_bf(query.transpose(0, 1), key.transpose(0, 1), value.transpose(0, 1))
print("batch_first=True:  out", tuple(out_bf.shape), " weights", tuple(weights_bf.shape))
assert torch.allclose(out_bf.transpose(0, 1), out, atol=1e-6)
assert torch.allclose(weights_bf, weights)

out_1, weights_1 = mha(query[:, 0], key[:, 0], value[:, 0])  # unbatched: (L, E)
print("unbatched:         out", tuple(out_1.shape), " weights", tuple(weights_1.shape))

# A batch-first tensor given to a sequence-first module raises no error when
# the shapes fit (here self-attention): the batch is silently read as the
# sequence, and the result is wrong.
right, _ = mha(query, query, query)
x_bf = query.transpose(0, 1)  # (N, L, E)
wrong, _ = mha(x_bf, x_bf, x_bf)
print("(N, L, E) into batch_first=False: out", tuple(wrong.shape),
      " same as the right result:", torch.allclose(wrong.transpose(0, 1), right))
assert not torch.allclose(wrong.transpose(0, 1), right)

try:
    nn.MultiheadAttention(embed_dim=10, num_heads=3)
except AssertionError as err:
    print(f"AssertionError: {err}")

# %% example-for: torch.nn.MultiheadAttention
# ``kdim`` and ``vdim``: keys and values of another width
# -------------------------------------------------------
#
# When keys or values do not have ``embed_dim`` features (cross-attention
# to another model's output), give their widths as ``kdim`` and ``vdim``.
# The module then keeps three separate projection matrices instead of one
# packed ``in_proj_weight``; the output still has ``embed_dim`` features.

cross = nn.MultiheadAttention(E, H, kdim=5, vdim=6)
for name, p in cross.named_parameters():
    print(f"  {name:16} {tuple(p.shape)}")
out_c, w_c = cross(query, torch.randn(S, N, 5), torch.randn(S, N, 6))
print("out", tuple(out_c.shape), " weights", tuple(w_c.shape))
assert out_c.shape == (L, N, E)

# add_bias_kv and add_zero_attn each append one key/value position.
extra = nn.MultiheadAttention(E, H, add_bias_kv=True, add_zero_attn=True)
print("bias_k:", tuple(extra.bias_k.shape), " weights with 2 extra keys:",
      tuple(extra(query, key, value)[1].shape))

# With dropout > 0, training mode drops attention weights; eval mode does not.
drop = nn.MultiheadAttention(E, H, dropout=0.5)
w_train = drop(query, key, value)[1]
w_eval = drop.eval()(query, key, value)[1]
print("dropout=0.5, row sums in train mode:", w_train.sum(dim=-1)[0])
print("dropout=0.5, row sums in eval mode: ", w_eval.sum(dim=-1)[0])
assert torch.allclose(w_eval.sum(dim=-1), torch.ones(N, L))

# %% example-for: torch.nn.MultiheadAttention
# Attention weights: averaged, per head, or not at all
# ----------------------------------------------------
#
# Each row of the weights is a softmax over the S keys, so it sums to 1.
# ``average_attn_weights=False`` returns one matrix per head,
# ``(N, num_heads, L, S)``; the default is their mean over the heads.
# ``need_weights=False`` returns ``None`` in place of the weights; the
# output is the same.

out_h, w_heads = mha(query, key, value, average_attn_weights=False)
print("per head:", tuple(w_heads.shape), " averaged:", tuple(weights.shape))
print("row sums:", weights.sum(dim=-1))
assert torch.allclose(weights.sum(dim=-1), torch.ones(N, L))
assert torch.allclose(w_heads.mean(dim=1), weights)

out_nw, w_none = mha(query, key, value, need_weights=False)
print("need_weights=False ->", w_none)
assert w_none is None and torch.allclose(out_nw, out, atol=1e-6)

# %% example-for: torch.nn.MultiheadAttention
# ``key_padding_mask`` and ``attn_mask``: True means "do not attend"
# ------------------------------------------------------------------
#
# ``key_padding_mask`` has shape ``(N, S)`` and hides padded keys of each
# sequence. ``attn_mask`` has shape ``(L, S)`` (or ``(N * num_heads, L, S)``)
# and hides key positions per query position. In a boolean mask ``True``
# marks a position that may **not** be attended; a float mask is added to
# the scores instead (``-inf`` hides, ``0`` keeps). A causal mask hides the
# future: ``torch.triu(..., diagonal=1)`` gives the boolean form,
# ``nn.Transformer.generate_square_subsequent_mask(L)`` the float form.

padding = torch.tensor([[False, False, True, True],    # sequence 0: 2 real keys
                        [False, False, False, False]])  # sequence 1: 4 real keys
_, w_pad = mha(query, key, value, key_padding_mask=padding)
print("weights of sequence 0 with its last 2 keys padded:\n", w_pad[0])
assert torch.all(w_pad[0, :, 2:] == 0)

causal_bool = torch.triu(torch.ones(L, L, dtype=torch.bool), diagonal=1)
causal_float = nn.Transformer.generate_square_subsequent_mask(L)
print("boolean causal mask:\n", causal_bool)
print("generate_square_subsequent_mask:", causal_float.dtype, "\n", causal_float)
out_b, w_b = mha(query, query, query, attn_mask=causal_bool)  # self-attention
out_f, w_f = mha(query, query, query, attn_mask=causal_float)
print("causal self-attention weights, sequence 0:\n", w_b[0])
assert torch.all(w_b[:, causal_bool] == 0)
assert torch.allclose(out_b, out_f, atol=1e-6) and torch.allclose(w_b, w_f)

# A query whose keys are all hidden has nothing to attend to: NaN.
_, w_all = mha(query, key, value, key_padding_mask=torch.ones(N, S, dtype=torch.bool))
print("all keys padded:", w_all[0, 0])
assert torch.isnan(w_all).all()
assert torch.isnan(mha(query, key, value, key_padding_mask=torch.ones(N, S, dtype=torch.bool))[0]).all()
# With need_weights=False this module takes another path: there such a query
# gets an attention result of 0, not NaN, so its output is out_proj.bias.
out_nw_all, _ = mha(query, key, value, key_padding_mask=torch.ones(N, S, dtype=torch.bool),
                    need_weights=False)
print("all keys padded, need_weights=False:", out_nw_all[0, 0, :4])
assert torch.allclose(out_nw_all, mha.out_proj.bias.expand_as(out_nw_all))

# A 3-D attn_mask gives each sequence and head its own mask: (N * H, L, S).
per_head = torch.zeros(N * H, L, S, dtype=torch.bool)
per_head[:, :, 0] = True  # no query may attend to key 0
_, w_3d = mha(query, key, value, attn_mask=per_head)
print("3-D mask", tuple(per_head.shape), "-> weights", tuple(w_3d.shape),
      " weight on key 0:", w_3d[..., 0].max().item())
assert torch.all(w_3d[..., 0] == 0)

try:
    mha(query, query, query, is_causal=True)  # is_causal is only a hint
except RuntimeError as err:
    print(f"RuntimeError: {err}")
else:
    raise AssertionError("is_causal=True without attn_mask was accepted")

# The inference fast path (batch_first=True self-attention in eval mode with
# autograd off) raises no error: it ignores the hint and applies no mask.
fast = nn.MultiheadAttention(E, H, batch_first=True).eval()
x_bf = query.transpose(0, 1)  # (N, L, E)
with torch.no_grad():
    hinted, _ = fast(x_bf, x_bf, x_bf, is_causal=True)
    unmasked, _ = fast(x_bf, x_bf, x_bf)
    masked, _ = fast(x_bf, x_bf, x_bf, attn_mask=causal_bool)
print("fast path, is_causal=True without attn_mask: same as no mask:",
      torch.allclose(hinted, unmasked, atol=1e-6), " same as causal:", torch.allclose(hinted, masked, atol=1e-6))
assert torch.allclose(hinted, unmasked, atol=1e-6) and not torch.allclose(hinted, masked, atol=1e-6)

# %% example-for: torch.nn.MultiheadAttention
# The same numbers by hand: scaled dot-product attention per head
# ---------------------------------------------------------------
#
# For one sequence of the batch: project with the three blocks of
# ``in_proj_weight``, split the E features into H heads of
# ``d = E // H``, compute ``softmax(Q K^T / sqrt(d)) V`` in each head,
# concatenate the heads and apply ``out_proj``.

n = 0
w_q, w_k, w_v = mha.in_proj_weight.chunk(3)
b_q, b_k, b_v = mha.in_proj_bias.chunk(3)
Q = query[:, n] @ w_q.T + b_q  # (L, E)
K = key[:, n] @ w_k.T + b_k    # (S, E)
V = value[:, n] @ w_v.T + b_v  # (S, E)
d = E // H
heads = []
for h in range(H):
    cols = slice(h * d, (h + 1) * d)
    A = torch.softmax(Q[:, cols] @ K[:, cols].T / math.sqrt(d), dim=-1)  # (L, S)
    assert torch.allclose(A, w_heads[n, h], atol=1e-6)
    heads.append(A @ V[:, cols])  # (L, d)
manual = mha.out_proj(torch.cat(heads, dim=-1))  # (L, E)
print("manual:", manual[0, :4])
print("module:", out[0, n, :4])
assert torch.allclose(manual, out[:, n], atol=1e-6)
