"""
Softmax, Softmin, LogSoftmax and Softmax2d
==========================================

The softmax modules turn each slice of the input along one dimension into
probabilities (or their logarithms): every value becomes positive and each
slice sums to 1. ``dim`` chooses the slices; ``Softmax2d`` always uses the
channel dimension.
"""

import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.Softmax
# Each slice along ``dim`` sums to 1
# ----------------------------------
#
# ``Softmax(dim=1)`` on a ``(N, C)`` batch of logits normalises each row;
# ``dim=0`` would normalise each column instead. Adding the same constant to
# a whole slice does not change the result (the constant cancels in the
# ratio), and PyTorch uses that: it subtracts the maximum before ``exp``, so
# logits of 1000 do not overflow.

logits = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.5, 0.5]])
softmax = nn.Softmax(dim=1)
p = softmax(logits)
print(softmax, " parameters:", list(softmax.parameters()))
print(p)
print("row sums:", p.sum(dim=1))
assert torch.allclose(p.sum(dim=1), torch.ones(2))
print("dim=0, column sums:", nn.Softmax(dim=0)(logits).sum(dim=0))

shifted = softmax(logits + 1000.0)
print("logits + 1000:", shifted)
assert torch.allclose(shifted, p)
print("exp(1000.) alone overflows:", torch.exp(torch.tensor(1000.0)))

# %% example-for: torch.nn.Softmax
# Without ``dim``: a deprecation warning and a guess
# --------------------------------------------------
#
# ``nn.Softmax()`` can be built without ``dim`` (its ``dim`` is ``None``),
# but every call then warns and picks a dimension: dim 0 for 0-, 1- and
# 3-dimensional input, dim 1 otherwise. For a ``(batch, seq, classes)``
# tensor that is dim 0, the batch: the probabilities then run across samples.

implicit = nn.Softmax()
print(implicit)
x3 = torch.randn(2, 3, 4)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out3 = implicit(x3)
print(f"{caught[0].category.__name__}: {caught[0].message}")
assert caught[0].category is UserWarning
print("3-D input, sums along dim 0:", out3.sum(dim=0)[0])
assert torch.allclose(out3, nn.Softmax(dim=0)(x3))
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    assert torch.equal(implicit(logits), nn.Softmax(dim=1)(logits))

# %% example-for: torch.nn.Softmin
# Softmin is Softmax of the negated input
# ---------------------------------------
#
# ``Softmin`` gives the largest probability to the smallest value:
# ``Softmin(dim)(x)`` equals ``Softmax(dim)(-x)``.

x = torch.tensor([[1.0, 2.0, 3.0]])
q = nn.Softmin(dim=1)(x)
print(q)
print("sum:", q.sum().item())
assert torch.allclose(q, nn.Softmax(dim=1)(-x))
assert q.argmax().item() == x.argmin().item()

# Softmin and LogSoftmax also warn when built without ``dim``.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    nn.Softmin()(x)
    nn.LogSoftmax()(x)
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
assert len(caught) == 2

# %% example-for: torch.nn.LogSoftmax
# LogSoftmax is stable where log(softmax) is not
# ----------------------------------------------
#
# ``LogSoftmax`` computes ``x - logsumexp(x)`` directly. Taking the log of a
# softmax instead first rounds tiny probabilities to 0 in float32, and
# ``log(0)`` is ``-inf``. Exponentiating the log-probabilities gives back
# probabilities that sum to 1. ``LogSoftmax`` followed by ``NLLLoss`` is
# what ``CrossEntropyLoss`` computes from logits.

big = torch.tensor([[0.0, 200.0, 1000.0]])
log_softmax = nn.LogSoftmax(dim=1)
print("LogSoftmax:        ", log_softmax(big))
print("log(Softmax):      ", torch.log(nn.Softmax(dim=1)(big)))
assert torch.isinf(torch.log(nn.Softmax(dim=1)(big))).any()
assert torch.isfinite(log_softmax(big)).all() and (log_softmax(big) <= 0).all()
print("exp(LogSoftmax) sums to", log_softmax(big).exp().sum().item())

logits = torch.randn(4, 3)
target = torch.tensor([0, 2, 1, 2])
nll = nn.NLLLoss()(log_softmax(logits), target)
ce = nn.CrossEntropyLoss()(logits, target)
print("NLLLoss(LogSoftmax(x)):", nll.item(), " CrossEntropyLoss(x):", ce.item())
assert torch.allclose(nll, ce)

# %% example-for: torch.nn.Softmax2d
# Softmax2d: over the channels at every pixel
# -------------------------------------------
#
# ``Softmax2d`` takes ``(N, C, H, W)`` or ``(C, H, W)`` input and applies
# softmax over the channel dimension (dim -3), separately at every spatial
# position: each pixel gets a probability per channel, for example per class
# in segmentation. It is ``Softmax(dim=-3)``; any other number of dimensions
# raises ``ValueError``.

sm2d = nn.Softmax2d()
img = torch.randn(2, 3, 4, 5)  # N=2, C=3, H=4, W=5
out = sm2d(img)
print("input", tuple(img.shape), "-> output", tuple(out.shape))
print("sums over channels, first image:\n", out.sum(dim=1)[0])
assert torch.allclose(out.sum(dim=1), torch.ones(2, 4, 5))
assert torch.equal(out, nn.Softmax(dim=-3)(img))

unbatched = sm2d(img[0])  # (C, H, W)
print("unbatched", tuple(unbatched.shape), "sums over dim 0:", unbatched.sum(dim=0).mean().item())
assert torch.allclose(unbatched, out[0])
try:
    sm2d(torch.randn(3, 4))
except ValueError as err:
    print(f"ValueError: {err}")
else:
    raise AssertionError("2-D input was accepted")

try:
    nn.Softmax2d(dim=1)  # it takes no arguments, not even dim
except TypeError as err:
    print(f"TypeError: {err}")
else:
    raise AssertionError("Softmax2d accepted an argument")
