"""
Scaled dot-product attention: the formula, masks and kernels
============================================================

``F.scaled_dot_product_attention`` computes ``softmax(Q K^T * scale + mask) V``
in one call and picks a fused kernel for it. This script checks it against
the formula, puts its boolean mask beside ``MultiheadAttention``'s opposite
``key_padding_mask``, shows ``is_causal``, ``dropout_p`` and ``enable_gqa``,
and asks the profiler which kernel ran on this CPU.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel
from torch.profiler import ProfilerActivity, profile

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

# %% example-for: sdpa-by-hand
# The formula, by hand
# --------------------
#
# Query ``(N, heads, L, E)``, key ``(N, heads, S, E)``, value
# ``(N, heads, S, Ev)``: each of the L queries takes a weighted sum of the S
# values, with weights ``softmax(q . k * scale)`` over the keys. The default
# ``scale`` is ``1 / sqrt(E)``. A float ``attn_mask`` is added to the scores
# before the softmax.

N, heads, L, S, E = 1, 2, 3, 4, 8
q, k, v = torch.randn(N, heads, L, E), torch.randn(N, heads, S, E), torch.randn(N, heads, S, E)
out = F.scaled_dot_product_attention(q, k, v)
weights = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(E), dim=-1)
torch.testing.assert_close(out, weights @ v)
print("output", tuple(out.shape), "| equals softmax(q @ k^T / sqrt(E)) @ v: True")
print("attention weights of head 0 (rows sum to 1):")
print(weights[0, 0])

bias = torch.randn(L, S)
torch.testing.assert_close(F.scaled_dot_product_attention(q, k, v, attn_mask=bias, scale=0.5),
                           torch.softmax(q @ k.transpose(-2, -1) * 0.5 + bias, dim=-1) @ v)
print("float mask and scale=0.5: the mask is added to the scaled scores: True")

# %% example-for: sdpa-mask-conventions
# Two opposite mask conventions
# -----------------------------
#
# In ``scaled_dot_product_attention`` a boolean ``attn_mask`` says where a
# query **may attend** (``True`` = keep). ``MultiheadAttention``'s
# ``key_padding_mask`` says which keys to **ignore** (``True`` = padding). The
# same padding therefore needs opposite tensors. Below, a batch of two
# sequences where the second has two padded positions goes through
# ``MultiheadAttention`` with ``key_padding_mask=pad``, and through its own
# projections plus ``scaled_dot_product_attention`` with
# ``attn_mask=~pad``: the outputs agree. Passing ``pad`` itself to SDPA
# would make the padded sequence attend only to its padding, and the other
# to nothing at all.

embed, n_heads, T = 8, 2, 4
mha = nn.MultiheadAttention(embed, n_heads, batch_first=True)
x = torch.randn(2, T, embed)
pad = torch.tensor([[False, False, False, False], [False, False, True, True]])  # True = padding
print("key_padding_mask (True = ignore):", pad[1].tolist())
print("SDPA attn_mask   (True = attend):", (~pad)[1].tolist())
mha_out, _ = mha(x, x, x, key_padding_mask=pad)

def heads_of(t):
    return t.view(2, T, n_heads, embed // n_heads).transpose(1, 2)

q_p, k_p, v_p = F.linear(x, mha.in_proj_weight, mha.in_proj_bias).chunk(3, dim=-1)
keep = ~pad[:, None, None, :]  # (N, 1, 1, S): broadcast over heads and queries
sdpa = F.scaled_dot_product_attention(heads_of(q_p), heads_of(k_p), heads_of(v_p), attn_mask=keep)
sdpa_out = mha.out_proj(sdpa.transpose(1, 2).reshape(2, T, embed))
torch.testing.assert_close(sdpa_out, mha_out)
print("MultiheadAttention(key_padding_mask=pad) equals SDPA(attn_mask=~pad): True")
wrong = F.scaled_dot_product_attention(heads_of(q_p), heads_of(k_p), heads_of(v_p), attn_mask=pad[:, None, None, :])
print("SDPA(attn_mask=pad) gives the same result:", torch.allclose(mha.out_proj(wrong.transpose(1, 2).reshape(2, T, embed)), mha_out))

# %% example-for: torch.nn.functional.scaled_dot_product_attention
# ``is_causal``, a query with nothing to attend to, ``dropout_p`` and ``enable_gqa``
# -----------------------------------------------------------------------------------
#
# ``is_causal=True`` builds the lower-triangular mask itself: each query
# attends to its own and earlier positions. With fewer queries than keys
# the mask starts at the top-left corner: query ``i`` still sees keys ``0``
# to ``i`` only, not the latest keys. A query whose mask row is all
# ``False`` gets a row of zeros. ``dropout_p`` drops attention weights
# whenever it is non-zero: the function has no training mode, so two calls
# differ even inside ``eval()`` code; pass ``0.0`` for evaluation. With
# ``enable_gqa=True`` the query may have more heads than key and value (a
# multiple of them): each key/value head serves a group of query heads, as
# if it were repeated.

q = torch.randn(1, 2, 4, 8)
causal = torch.tril(torch.ones(4, 4, dtype=torch.bool))
print(causal.int())
torch.testing.assert_close(F.scaled_dot_product_attention(q, q, q, is_causal=True),
                           F.scaled_dot_product_attention(q, q, q, attn_mask=causal))
print("is_causal=True equals the tril mask: True")
q2, k4 = torch.randn(1, 2, 2, 8), torch.randn(1, 2, 4, 8)
top_left = torch.ones(2, 4, dtype=torch.bool).tril()
torch.testing.assert_close(F.scaled_dot_product_attention(q2, k4, k4, is_causal=True),
                           F.scaled_dot_product_attention(q2, k4, k4, attn_mask=top_left))
print("2 queries, 4 keys: is_causal=True equals the mask")
print(top_left.int())

no_keys = causal.clone()
no_keys[2] = False
print("row 2 may attend to nothing:", F.scaled_dot_product_attention(q, q, q, attn_mask=no_keys)[0, 0, 2])

a = F.scaled_dot_product_attention(q, q, q, dropout_p=0.5)
b = F.scaled_dot_product_attention(q, q, q, dropout_p=0.5)
print("dropout_p=0.5, two calls equal:", torch.equal(a, b), "| dropout_p=0.0:",
      torch.equal(F.scaled_dot_product_attention(q, q, q), F.scaled_dot_product_attention(q, q, q)))

q8, kv2 = torch.randn(1, 8, 4, 16), torch.randn(1, 2, 4, 16)
try:
    F.scaled_dot_product_attention(q8, kv2, kv2)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
gqa = F.scaled_dot_product_attention(q8, kv2, kv2, enable_gqa=True)
repeated = kv2.repeat_interleave(4, dim=1)
torch.testing.assert_close(gqa, F.scaled_dot_product_attention(q8, repeated, repeated))
print("enable_gqa: 8 query heads, 2 key/value heads ->", tuple(gqa.shape), "| equals repeating each kv head 4 times: True")

# %% example-for: torch.nn.attention.SDPBackend, torch.nn.attention.sdpa_kernel
# Which kernel runs, and forcing one
# ----------------------------------
#
# ``SDPBackend`` names the implementations: ``MATH`` (the formula in plain
# operations, available everywhere), ``FLASH_ATTENTION``,
# ``EFFICIENT_ATTENTION`` (memory-efficient) and ``CUDNN_ATTENTION``.
# ``scaled_dot_product_attention`` picks one that supports the inputs'
# device, dtype and options. The profiler names the operation that ran: on
# this CPU runner, the flash kernel for CPU, but the math kernel when
# ``dropout_p`` is non-zero. Inside
# ``with sdpa_kernel(backends):`` only the listed backends may run; if none
# of them supports the inputs (here two that the CPU does not have), the
# call raises. ``set_priority=True`` asks for the list's order to be the
# order of preference; the CPU's choice does not follow it.

print([name for name in SDPBackend.__members__ if name not in ("ERROR", "OVERRIDEABLE")])


def kernel_used(**options):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        F.scaled_dot_product_attention(q, q, q, **options)
    return sorted({e.name for e in prof.events() if e.name.startswith("aten::_scaled_dot_product")})


print("default:", kernel_used())
print("dropout_p=0.1:", kernel_used(dropout_p=0.1))
with sdpa_kernel(SDPBackend.MATH):
    print("sdpa_kernel(MATH):", kernel_used())
    math_out = F.scaled_dot_product_attention(q, q, q)
torch.testing.assert_close(math_out, F.scaled_dot_product_attention(q, q, q))
print("MATH and the default kernel agree (to rounding): True")
for backend in (SDPBackend.EFFICIENT_ATTENTION, SDPBackend.CUDNN_ATTENTION):
    with sdpa_kernel(backend):
        try:
            F.scaled_dot_product_attention(q, q, q)
        except RuntimeError as err:
            print(f"{backend.name}: RuntimeError: {err}")
with sdpa_kernel([SDPBackend.EFFICIENT_ATTENTION, SDPBackend.MATH]):
    print("sdpa_kernel([EFFICIENT_ATTENTION, MATH]):", kernel_used())
with sdpa_kernel([SDPBackend.MATH, SDPBackend.FLASH_ATTENTION], set_priority=True):
    print("sdpa_kernel([MATH, FLASH_ATTENTION], set_priority=True):", kernel_used())
