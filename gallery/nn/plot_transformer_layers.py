"""
Transformer layers: masks, pre-norm and the fast path
=====================================================

``TransformerEncoderLayer`` and ``TransformerDecoderLayer`` combine
``MultiheadAttention``, a feed-forward block, residual connections and
``LayerNorm``. This script prints the causal mask, recomputes a post-norm and
a pre-norm layer by hand, prints the shapes of the stacks and of the full
``Transformer``, and shows what the evaluation fast path changes.
"""

import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

d_model, nhead, ff = 8, 2, 16
x = torch.randn(2, 5, d_model)  # (N, S, E) with batch_first=True

# %% example-for: torch.nn.Transformer.generate_square_subsequent_mask, transformer-masks
# The causal mask and the padding mask
# ------------------------------------
#
# ``generate_square_subsequent_mask(sz)`` returns a float ``(sz, sz)`` mask:
# ``0.0`` where a position may attend (itself and earlier ones) and
# ``-inf`` above the diagonal, added to the scores. A boolean mask with
# ``True`` above the diagonal hides the same positions: in the Transformer
# layers, as in ``MultiheadAttention``, ``True`` means *hide*. ``src_mask``
# / ``tgt_mask`` hide positions for every sequence alike; the
# ``*_key_padding_mask`` arguments ``(N, S)`` hide each sequence's padding.

mask = nn.Transformer.generate_square_subsequent_mask(5)
print(mask, mask.dtype)
hide_future = torch.triu(torch.ones(5, 5, dtype=torch.bool), diagonal=1)
assert torch.equal(mask, torch.zeros(5, 5).masked_fill(hide_future, float("-inf")))
layer = nn.TransformerEncoderLayer(d_model, nhead, ff, dropout=0.0, batch_first=True)
torch.testing.assert_close(layer(x, src_mask=mask), layer(x, src_mask=hide_future))
print("float mask and boolean mask (True = hide) give the same output: True")
pad = torch.tensor([[False] * 5, [False, False, False, True, True]])
padded_out = layer(x, src_key_padding_mask=pad)
shorter = layer(x[1:, :3])
torch.testing.assert_close(padded_out[1, :3], shorter[0])
print("sequence 2 with 2 padded positions hidden == sequence 2 cut to 3 positions: True")

# %% example-for: transformer-norm-first
# Post-norm and pre-norm, recomputed
# ----------------------------------
#
# By default (``norm_first=False``, post-norm, as in the original
# Transformer) each sub-layer's output is added to its input and the sum is
# normalised: ``x = norm1(x + self_attn(x))``, then
# ``x = norm2(x + ff(x))``. With ``norm_first=True`` (pre-norm, as in most
# recent models) the input is normalised first and the residual path stays
# untouched: ``x = x + self_attn(norm1(x))``, then ``x = x + ff(norm2(x))``.


def sa(layer, t):
    return layer.self_attn(t, t, t, need_weights=False)[0]


def ff_block(layer, t):
    return layer.linear2(F.relu(layer.linear1(t)))


post = nn.TransformerEncoderLayer(d_model, nhead, ff, dropout=0.0, batch_first=True)
h = post.norm1(x + sa(post, x))
torch.testing.assert_close(post(x), post.norm2(h + ff_block(post, h)))
pre = nn.TransformerEncoderLayer(d_model, nhead, ff, dropout=0.0, batch_first=True, norm_first=True)
h = x + sa(pre, pre.norm1(x))
torch.testing.assert_close(pre(x), h + ff_block(pre, pre.norm2(h)))
print("post-norm layer == norm2(h + ff(h)), h = norm1(x + sa(x)): True")
print("pre-norm layer  == h + ff(norm2(h)), h = x + sa(norm1(x)): True")
print("post-norm output is normalised: mean", round(post(x).mean(-1).abs().max().item(), 4),
      "| pre-norm output is not: mean up to", round(pre(x).mean(-1).abs().max().item(), 4))

# %% example-for: torch.nn.TransformerEncoderLayer
# One encoder layer
# -----------------
#
# Self-attention and a feed-forward block ``linear1 -> activation ->
# dropout -> linear2``, each with a residual connection and a ``LayerNorm``.
# The output has the input's shape. ``activation`` is ``'relu'`` (default),
# ``'gelu'`` or a callable; ``dropout`` (default 0.1) applies in training
# mode, so a layer in training mode gives a different output at each call.
# Without ``batch_first=True`` the input is read as ``(S, N, E)``.

print([name for name, _ in layer.named_children()])
print("input", tuple(x.shape), "-> output", tuple(layer(x).shape))
gelu_layer = nn.TransformerEncoderLayer(d_model, nhead, ff, activation="gelu", batch_first=True)
print("activation='gelu':", gelu_layer.activation.__name__)
print("default dropout", gelu_layer.dropout.p, "| training mode, two calls equal:", torch.equal(gelu_layer(x), gelu_layer(x)),
      "| after eval():", torch.equal(gelu_layer.eval()(x), gelu_layer(x)))
seq_first = nn.TransformerEncoderLayer(d_model, nhead, ff, dropout=0.0)
seq_first.load_state_dict(layer.state_dict())
torch.testing.assert_close(seq_first(x.transpose(0, 1)).transpose(0, 1), layer(x))
print("batch_first=False on (S, N, E) gives the same numbers, transposed: True")

# %% example-for: torch.nn.TransformerEncoder
# A stack of encoder layers, and the fast path in evaluation
# ----------------------------------------------------------
#
# ``TransformerEncoder(layer, num_layers)`` deep-copies the layer
# ``num_layers`` times: the copies start equal but train separately, and
# changing the original layer afterwards does not change them. In
# evaluation mode, under ``no_grad``, with a padding mask, it takes a fast
# path that packs the sequences into a nested tensor and skips the padding:
# the padded positions then come back as zeros, where training mode
# computes values for them. The real positions agree. A pre-norm layer
# cannot use the nested tensor, and the constructor warns that
# ``enable_nested_tensor`` is ignored.

encoder = nn.TransformerEncoder(layer, num_layers=2)
print("layers:", len(encoder.layers), "| separate parameters:",
      encoder.layers[0].linear1.weight is not encoder.layers[1].linear1.weight)
with torch.no_grad():
    layer.linear1.weight.zero_()
print("original layer zeroed, stack's copy still nonzero:", bool(encoder.layers[0].linear1.weight.abs().sum() > 0))
train_out = encoder(x, src_key_padding_mask=pad)
encoder.eval()
# The fast path also warns that nested tensors are a prototype; that says
# nothing about the layer, so it is silenced.
with warnings.catch_warnings(), torch.no_grad():
    warnings.filterwarnings("ignore", message="The PyTorch API of nested tensors is in prototype stage")
    fast_out = encoder(x, src_key_padding_mask=pad)
print("training mode, padded positions of sequence 2:", train_out[1, 3:, :3].detach())
print("eval fast path, padded positions of sequence 2:", fast_out[1, 3:, :3])
torch.testing.assert_close(fast_out[1, :3], train_out[1, :3].detach())
print("real positions agree: True")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    nn.TransformerEncoder(pre, num_layers=2)
for w in caught:
    print(f"{w.category.__name__}: {w.message}")

# %% example-for: torch.nn.TransformerDecoderLayer
# One decoder layer
# -----------------
#
# Masked self-attention over the target, attention over the encoder's
# output (``memory``), then the feed-forward block: three residual blocks
# and three ``LayerNorm``. ``tgt`` and ``memory`` may have different
# lengths; the output has ``tgt``'s shape.

dec_layer = nn.TransformerDecoderLayer(d_model, nhead, ff, dropout=0.0, batch_first=True)
tgt = torch.randn(2, 3, d_model)
out = dec_layer(tgt, memory=x, tgt_mask=nn.Transformer.generate_square_subsequent_mask(3),
                memory_key_padding_mask=pad)
print([name for name, _ in dec_layer.named_children()])
print("tgt", tuple(tgt.shape), "+ memory", tuple(x.shape), "-> output", tuple(out.shape))

# %% example-for: torch.nn.TransformerDecoder
# A stack of decoder layers
# -------------------------
#
# ``TransformerDecoder(layer, num_layers, norm=None)`` copies the layer like
# the encoder does. Every layer attends to the same ``memory``. Without
# ``tgt_mask`` nothing is causal: each target position would see the later
# ones. ``tgt_is_causal=True`` only tells the layers that ``tgt_mask`` is
# causal; it does not create the mask, and without one it raises.

decoder = nn.TransformerDecoder(dec_layer, num_layers=2, norm=nn.LayerNorm(d_model))
causal = nn.Transformer.generate_square_subsequent_mask(3)
full = decoder(tgt, x, tgt_mask=causal, tgt_is_causal=True)
first_two = decoder(tgt[:, :2], x, tgt_mask=nn.Transformer.generate_square_subsequent_mask(2))
torch.testing.assert_close(full[:, :2], first_two)
print("output", tuple(full.shape), "| with the causal mask, positions 0-1 ignore position 2: True")
no_mask = decoder(tgt, x)
print("without tgt_mask, positions 0-1 change when position 2 is there:", not torch.allclose(no_mask[:, :2], first_two))
try:
    decoder(tgt, x, tgt_is_causal=True)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.Transformer
# The whole encoder-decoder model
# -------------------------------
#
# ``Transformer`` builds an encoder stack and a decoder stack, each followed
# by a final ``LayerNorm``. Its defaults are those of the original paper:
# ``d_model=512``, ``nhead=8``, 6 + 6 layers, ``dim_feedforward=2048``. It
# has no embedding and no output projection: it takes embedded ``src`` and
# ``tgt`` and returns a tensor of ``tgt``'s shape. The masks are passed to
# the call, never built for you. Built with the default ``batch_first=False``,
# it warns that the encoder cannot use its fast path.

model = nn.Transformer(d_model=d_model, nhead=nhead, num_encoder_layers=2, num_decoder_layers=2,
                       dim_feedforward=ff, dropout=0.0, batch_first=True)
out = model(x, tgt, tgt_mask=nn.Transformer.generate_square_subsequent_mask(3),
            src_key_padding_mask=pad, memory_key_padding_mask=pad)
print("src", tuple(x.shape), "tgt", tuple(tgt.shape), "-> output", tuple(out.shape))
print("children:", [name for name, _ in model.named_children()])
print("final norms:", type(model.encoder.norm).__name__, type(model.decoder.norm).__name__)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    default = nn.Transformer()
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
print("default model: d_model", default.d_model, "| nhead", default.nhead, "| parameters:",
      sum(p.numel() for p in default.parameters()))
