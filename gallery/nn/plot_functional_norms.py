"""
batch_norm, instance_norm, layer_norm: which dimensions they normalise
======================================================================

The three normalisations compute ``(x - mean) / sqrt(var + eps)``, then an
optional per-element scale and shift. They differ only in the set of
elements a mean and a variance are taken over. This script recomputes each
one by hand with ``mean`` and ``var(unbiased=False)`` on an ``(N, C, H, W)``
batch.
"""

import torch
import torch.nn.functional as F

_ = torch.manual_seed(0)
x = torch.randn(4, 3, 2, 2) * 3 + 1  # (N, C, H, W)
eps = 1e-5


def show(t):
    """Round to 4 decimals; adding 0.0 turns -0.0 into 0.0."""
    return t.round(decimals=4) + 0.0


def by_hand(t, dims):
    mean = t.mean(dim=dims, keepdim=True)
    var = t.var(dim=dims, keepdim=True, unbiased=False)
    return (t - mean) / torch.sqrt(var + eps)


# %% example-for: torch.nn.functional.batch_norm
# batch_norm: per channel, over the batch and the positions
# ---------------------------------------------------------
#
# With ``training=True`` the statistics come from the batch: one mean and
# one variance per channel, taken over dims ``(0, 2, 3)``. ``running_mean``
# and ``running_var`` are then updated in place (momentum 0.1; the variance
# stored is the unbiased one). With ``training=False`` (the default) the
# running tensors are used instead and left unchanged.

rm, rv = torch.zeros(3), torch.ones(3)
out = F.batch_norm(x, rm, rv, training=True)
assert torch.allclose(out, by_hand(x, (0, 2, 3)), atol=1e-5)
print("per-channel mean:", show(out.mean(dim=(0, 2, 3))))
print("per-channel var :", show(out.var(dim=(0, 2, 3), unbiased=False)))
assert torch.allclose(rm, 0.1 * x.mean(dim=(0, 2, 3)))
assert torch.allclose(rv, 0.9 + 0.1 * x.var(dim=(0, 2, 3), unbiased=True))
print("running_mean:", rm)
print("running_var :", rv)

ev = F.batch_norm(x, rm, rv)  # training=False: uses rm, rv
assert torch.allclose(ev, (x - rm.view(1, 3, 1, 1)) / torch.sqrt(rv.view(1, 3, 1, 1) + eps))
print("eval output mean per channel (not 0):", ev.mean(dim=(0, 2, 3)))

try:
    F.batch_norm(x, None, None)
except Exception as err:
    print(f"{type(err).__name__}: {err}")
print("training=True works without running stats:",
      F.batch_norm(x, None, None, training=True).shape)

# %% example-for: torch.nn.functional.instance_norm
# instance_norm: per sample and channel, over the positions
# ---------------------------------------------------------
#
# Every (sample, channel) pair gets its own statistics, over the spatial
# dims ``(2, 3)``: N * C means. No running statistics are needed by default
# (``use_input_stats=True``); if you pass them, they are updated in place
# with the instance statistics averaged over the batch.

out = F.instance_norm(x)
assert torch.allclose(out, by_hand(x, (2, 3)), atol=1e-5)
print("means, shape (N, C):\n", show(out.mean(dim=(2, 3))))
rm = torch.zeros(3)
rv = torch.ones(3)
F.instance_norm(x, running_mean=rm, running_var=rv)
assert torch.allclose(rm, 0.1 * x.mean(dim=(2, 3)).mean(dim=0))
assert torch.allclose(rv, 0.9 + 0.1 * x.var(dim=(2, 3), unbiased=True).mean(dim=0))
print("running_mean:", rm)

# %% example-for: torch.nn.functional.layer_norm
# layer_norm: per sample, over the last dims named by ``normalized_shape``
# ------------------------------------------------------------------------
#
# ``normalized_shape`` is the shape of the trailing dimensions to normalise
# over: ``x.shape[-1:]`` for the features of a transformer token,
# ``x.shape[1:]`` for a whole (C, H, W) sample. ``weight`` and ``bias``, if
# given, have that same shape.

out_all = F.layer_norm(x, x.shape[1:])              # over (C, H, W)
assert torch.allclose(out_all, by_hand(x, (1, 2, 3)), atol=1e-5)
print("over (C, H, W), means per sample:", show(out_all.mean(dim=(1, 2, 3))))

tokens = torch.randn(2, 5, 8)                       # (batch, seq, features)
w, b = torch.full((8,), 2.0), torch.full((8,), 0.5)
out_tok = F.layer_norm(tokens, (8,), weight=w, bias=b)
assert torch.allclose(out_tok, by_hand(tokens, (-1,)) * 2.0 + 0.5, atol=1e-5)
print("per token mean after weight 2, bias 0.5:", show(out_tok.mean(dim=-1)[0]))

try:
    F.layer_norm(tokens, (5,))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
