"""
Dropout and BatchNorm in train() and eval()
===========================================

Two kinds of layer change their behaviour with the module's ``training``
flag (set by :meth:`torch.nn.Module.train` and :meth:`torch.nn.Module.eval`):
dropout, which is random in training and the identity in evaluation, and
batch normalisation, which uses the batch's statistics in training and its
stored running statistics in evaluation.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: norm-train-eval, torch.nn.Dropout
# Dropout: zeros and a 1 / (1 - p) scale in training, identity in eval
# ---------------------------------------------------------------------
#
# In training mode each element is zeroed with probability ``p`` and the
# survivors are multiplied by ``1 / (1 - p)``, so the expected value of each
# element is unchanged. In evaluation mode the input comes back unchanged
# (the very same tensor object).

drop = nn.Dropout(p=0.25)
x = torch.ones(2, 8)
y = drop(x)
print("training:", drop.training)
print(y)
print("values that occur:", y.unique(), "| 1 / (1 - p) =", round(1 / (1 - 0.25), 4))
kept = y[y != 0]
assert torch.allclose(kept, torch.full_like(kept, 1 / (1 - 0.25)))

big = drop(torch.ones(100_000))
print("fraction zeroed:", round((big == 0).float().mean().item(), 3), "| mean kept near 1:",
      round(big.mean().item(), 3))

drop.eval()
z = drop(x)
print("eval:", z.tolist()[0], "| same object:", z is x)
assert z is x

# %% example-for: norm-train-eval, torch.nn.BatchNorm1d
# BatchNorm: batch statistics in training, running statistics in eval
# -------------------------------------------------------------------
#
# In training mode ``BatchNorm1d`` normalises with the batch's mean and
# biased variance, and updates its buffers with ``momentum`` (0.1):
# ``running = (1 - momentum) * running + momentum * batch_stat``, where the
# variance stored is the **unbiased** one. ``num_batches_tracked`` counts the
# training batches. In evaluation mode the running statistics are used and
# nothing is updated.

bn = nn.BatchNorm1d(2)
print("buffers at start:", bn.running_mean, bn.running_var, bn.num_batches_tracked)
batch = torch.tensor([[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [6.0, 60.0]])
out = bn(batch)
m = 0.1
expected_mean = (1 - m) * torch.zeros(2) + m * batch.mean(0)
expected_var = (1 - m) * torch.ones(2) + m * batch.var(0, unbiased=True)
assert torch.allclose(bn.running_mean, expected_mean)
assert torch.allclose(bn.running_var, expected_var)
assert torch.allclose(out, (batch - batch.mean(0)) / torch.sqrt(batch.var(0, unbiased=False) + bn.eps),
                      atol=1e-6)
print("after one batch: running_mean", bn.running_mean, "running_var", bn.running_var)
print("num_batches_tracked:", bn.num_batches_tracked, bn.num_batches_tracked.dtype)
print("training output, per-feature mean:", out.detach().mean(0).round(decimals=4) + 0.0)

bn.eval()
before = bn.running_mean.clone()
ev = bn(batch)
assert torch.allclose(ev, (batch - bn.running_mean) / torch.sqrt(bn.running_var + bn.eps))
assert torch.equal(bn.running_mean, before) and bn.num_batches_tracked.item() == 1
print("eval output uses the running statistics:\n", ev.detach())

# %% example-for: norm-train-eval, torch.nn.BatchNorm1d
# ``momentum=None``, ``track_running_stats=False``, ``affine=False``
# ------------------------------------------------------------------
#
# With ``momentum=None`` the running statistics are the plain average of all
# batches seen so far. With ``track_running_stats=False`` there are no
# buffers, and the layer uses batch statistics even in eval mode. With
# ``affine=False`` there is no learnable ``weight`` and ``bias``.

cma = nn.BatchNorm1d(2, momentum=None)
b1, b2 = torch.randn(4, 2), torch.randn(4, 2) + 5
cma(b1)
cma(b2)
assert torch.allclose(cma.running_mean, (b1.mean(0) + b2.mean(0)) / 2)
print("momentum=None, running_mean is the average of the batch means:", cma.running_mean)

no_track = nn.BatchNorm1d(2, track_running_stats=False).eval()
print("track_running_stats=False: running_mean =", no_track.running_mean,
      "| state_dict keys:", list(no_track.state_dict()))
assert torch.allclose(no_track(batch).mean(0), torch.zeros(2), atol=1e-6)
print("eval output still has per-feature mean 0:", no_track(batch).detach().mean(0).round(decimals=4) + 0.0)

no_affine = nn.BatchNorm1d(2, affine=False)
print("affine=False: weight =", no_affine.weight, "| parameters:", len(list(no_affine.parameters())),
      "| state_dict keys:", list(no_affine.state_dict()))

# %% example-for: norm-train-eval, torch.nn.BatchNorm1d
# A batch of one sample fails in training mode
# --------------------------------------------
#
# With one sample of ``(N, C)`` input (or one sample with length 1), each
# channel has a single value and its variance is meaningless: training mode
# raises ``ValueError``. In eval mode the running statistics are used, so
# the same input works: call ``model.eval()`` before predicting one sample.

bn = nn.BatchNorm1d(3)
one = torch.randn(1, 3)
try:
    bn(one)
except ValueError as err:
    print(f"ValueError: {err}")
print("eval mode, one sample:", bn.eval()(one).shape)
print("training mode, (1, 3, 2) works (2 values per channel):", bn.train()(torch.randn(1, 3, 2)).shape)
