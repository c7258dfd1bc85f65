"""
RMSNorm against LayerNorm
=========================

``RMSNorm`` divides each sample by the root mean square of its last
dimensions and scales by a learned weight. Unlike ``LayerNorm`` it does not
subtract the mean and has no bias. This script computes both by hand and
shows where they differ.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

# %% example-for: rmsnorm-vs-layernorm
# No mean subtraction, no bias
# ----------------------------
#
# ``LayerNorm``: ``(x - mean) / sqrt(var + eps) * weight + bias``.
# ``RMSNorm``: ``x / sqrt(mean(x ** 2) + eps) * weight``. Shifting the input
# by a constant leaves ``LayerNorm``'s output unchanged, because it
# subtracts the mean; ``RMSNorm``'s output moves. Its result has a root mean
# square of 1 rather than a mean of 0 and a variance of 1.

x = torch.tensor([[1.0, 2.0, 3.0, 6.0]])
rms, ln = nn.RMSNorm(4), nn.LayerNorm(4)
eps = torch.finfo(x.dtype).eps
torch.testing.assert_close(rms(x), x / torch.sqrt(x.pow(2).mean(-1, keepdim=True) + eps))
torch.testing.assert_close(ln(x), (x - x.mean(-1, keepdim=True)) / torch.sqrt(x.var(-1, unbiased=False, keepdim=True) + ln.eps))
print("RMSNorm(x):  ", rms(x).detach(), "| root mean square:", round(rms(x).pow(2).mean().sqrt().item(), 4))
print("LayerNorm(x):", ln(x).detach(), "| mean:", round(ln(x).mean().item(), 4) + 0.0)
print("RMSNorm(x + 10):  ", rms(x + 10).detach())
print("LayerNorm(x + 10):", ln(x + 10).detach())
print("parameters: RMSNorm", [name for name, _ in rms.named_parameters()],
      "| LayerNorm", [name for name, _ in ln.named_parameters()])

# %% example-for: torch.nn.RMSNorm
# ``normalized_shape``, ``eps`` and ``elementwise_affine``
# --------------------------------------------------------
#
# Like ``LayerNorm``, ``RMSNorm`` normalises over the last
# ``len(normalized_shape)`` dimensions, which must match the input's. Its
# ``eps`` defaults to ``None``, meaning ``torch.finfo(x.dtype).eps`` of the
# input (``float32``: about ``1.19e-07``), and float32's for ``float16`` and
# ``bfloat16`` inputs, which are normalised in float32. The weight starts at ones;
# ``elementwise_affine=False`` drops it.

norm = nn.RMSNorm([3, 4])
t = torch.randn(2, 3, 4)
print(norm, "| weight", tuple(norm.weight.shape), "all ones:", bool((norm.weight == 1).all()), "| eps:", norm.eps,
      "| float32 machine epsilon:", torch.finfo(torch.float32).eps)
by_hand = t / torch.sqrt(t.pow(2).mean(dim=(-2, -1), keepdim=True) + torch.finfo(t.dtype).eps)
torch.testing.assert_close(norm(t), by_hand)
print("normalised over the last 2 dims: True")
print(nn.RMSNorm(4, elementwise_affine=False), list(nn.RMSNorm(4, elementwise_affine=False).parameters()))
small = torch.full((1, 4), 0.01, dtype=torch.float16)
with_float16_eps = (small.float() / torch.sqrt(small.float().pow(2).mean() + torch.finfo(torch.float16).eps))[0, 0].item()
print("float16 input of 0.01:", nn.RMSNorm(4, dtype=torch.float16)(small)[0, 0].item(),
      "| with float16's eps it would be", round(with_float16_eps, 4))
try:
    nn.RMSNorm(5)(t)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.functional.rms_norm
# The functional form
# -------------------
#
# ``F.rms_norm(input, normalized_shape, weight=None, eps=None)`` computes
# the same without a module; it equals ``RMSNorm`` given the same weight.
# Its ``normalized_shape`` must be a list or tuple, even for one dimension.

w = torch.randn(4)
module = nn.RMSNorm(4)
with torch.no_grad():
    module.weight.copy_(w)
t = torch.randn(3, 4)
torch.testing.assert_close(F.rms_norm(t, [4], weight=w), module(t))
print("F.rms_norm equals the module: True | without weight:", F.rms_norm(t, (4,))[0])
try:
    F.rms_norm(t, 4)
except TypeError as err:
    print(f"TypeError: {err}")
