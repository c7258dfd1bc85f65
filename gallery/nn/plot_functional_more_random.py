"""
Random functions: dropout and gumbel_softmax
============================================

The two functions of this script draw random numbers on every call.
``dropout`` does so even in evaluation unless you tell it the mode, and
``gumbel_softmax`` samples a category while keeping a gradient, with a
one-hot output if you ask for it.
"""

import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

# %% example-for: functional-dropout-training, torch.nn.functional.dropout
# ``F.dropout`` drops unless you pass ``training``
# ------------------------------------------------
#
# Each element is zeroed with probability ``p`` and the others are divided
# by ``1 - p``, so the expected value is unchanged. ``training`` defaults to
# ``True``: a module that calls ``F.dropout(x, 0.5)`` in its ``forward`` keeps
# dropping after ``model.eval()``. Pass ``training=self.training``.


class Forgets(nn.Module):
    def forward(self, x):
        return F.dropout(x, p=0.5)


class Follows(nn.Module):
    def forward(self, x):
        return F.dropout(x, p=0.5, training=self.training)


x = torch.ones(10)
print("training=True (default):", F.dropout(x, p=0.5))
for model in (Forgets().eval(), Follows().eval()):
    print(f"{type(model).__name__:7} in eval():", model(x))
assert torch.equal(Follows().eval()(x), x)
assert not torch.equal(Forgets().eval()(x), x)
many = F.dropout(torch.ones(100_000), p=0.3)
print("p=0.3: values", many.unique(), f"mean {many.mean():.3f}")
try:
    F.dropout(x, p=1.5)
except ValueError as err:
    print(err)

# %% example-for: functional-gumbel-softmax, torch.nn.functional.gumbel_softmax
# ``gumbel_softmax``: a differentiable sample of a category
# ---------------------------------------------------------
#
# It adds Gumbel noise to the logits and applies ``softmax(. / tau)``. The
# position of the maximum is a sample from ``softmax(logits)``: over many
# draws the categories appear with those probabilities. A small ``tau``
# makes each sample nearly one-hot.

logits = torch.tensor([1.0, 2.0, 0.5])
draws = F.gumbel_softmax(logits.expand(20_000, 3), tau=1.0)
frequencies = torch.bincount(draws.argmax(dim=1), minlength=3) / 20_000
print("softmax(logits)   :", F.softmax(logits, dim=0))
print("frequency of argmax:", frequencies)
assert torch.allclose(frequencies, F.softmax(logits, dim=0), atol=0.02)
for tau in (5.0, 1.0, 0.1):
    print(f"tau={tau}: one sample", F.gumbel_softmax(logits, tau=tau))

# %% example-for: functional-gumbel-softmax, torch.nn.functional.gumbel_softmax
# ``hard=True``: one-hot forward, soft backward (straight-through)
# ----------------------------------------------------------------
#
# The output is exactly one-hot, but it is computed as
# ``y_hard - y_soft.detach() + y_soft``: the backward pass sees the soft
# sample. With the same noise (same seed), the gradient equals the soft
# sample's gradient, and every logit gets one.

logits = torch.tensor([1.0, 2.0, 0.5], requires_grad=True)
weights = torch.tensor([1.0, 2.0, 3.0])
_ = torch.manual_seed(1)
hard = F.gumbel_softmax(logits, tau=0.5, hard=True)
(hard * weights).sum().backward()
grad_hard = logits.grad.clone()
logits.grad = None
_ = torch.manual_seed(1)
soft = F.gumbel_softmax(logits, tau=0.5)
(soft * weights).sum().backward()
print("hard sample:", hard)
print("soft sample:", soft)
print("gradient through hard:", grad_hard)
assert torch.equal(hard, F.one_hot(soft.argmax(), 3).float())
assert torch.allclose(grad_hard, logits.grad)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    F.gumbel_softmax(logits, eps=1e-5)
print("eps:", caught[0].message)
