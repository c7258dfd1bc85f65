"""
Softmax temperature
===================

Dividing the logits by a temperature ``tau`` before the softmax changes how
peaked the probabilities are: a high ``tau`` flattens them towards uniform, a
low ``tau`` sharpens them towards a one-hot vector at the largest logit. A
learnable temperature is usually written ``tau = exp(s)`` so that it stays
positive whatever value the optimiser gives ``s``.
"""

import math

import matplotlib.pyplot as plt
import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: softmax-temperature
# Several temperatures on the same logits
# ---------------------------------------
#
# The same four logits, divided by five temperatures. The entropy
# ``-sum(p * log p)`` measures how spread out the probabilities are: it grows
# with ``tau`` and approaches ``log(4)``, the entropy of the uniform
# distribution over 4 classes. The order of the classes never changes, so the
# argmax is the same for every ``tau``.

logits = torch.tensor([2.0, 1.0, 0.5, -1.0])
taus = [0.25, 0.5, 1.0, 2.0, 5.0]


def entropy(p):
    return -(p * p.log()).sum().item()


fig, ax = plt.subplots(figsize=(6, 3.5))
width = 0.16
entropies = []
for i, tau in enumerate(taus):
    p = F.softmax(logits / tau, dim=0)
    entropies.append(entropy(p))
    assert torch.equal(p.argmax(), logits.argmax())
    print(f"tau={tau:<5} p={[round(v, 3) for v in p.tolist()]}  entropy={entropies[-1]:.3f}")
    ax.bar([c + (i - 2) * width for c in range(4)], p.numpy(), width, label=f"tau = {tau}")
print(f"log(4) = {math.log(4):.3f}")
assert all(a < b for a, b in zip(entropies, entropies[1:]))
ax.set_xticks(range(4), [f"class {c}\nlogit {v:g}" for c, v in enumerate(logits.tolist())])
ax.set_ylabel("probability")
ax.set_title("softmax(logits / tau)")
ax.legend(fontsize=8)
plt.tight_layout()
plt.show()

# %% example-for: softmax-temperature
# The limits: tau -> 0 and tau -> infinity
# ----------------------------------------
#
# As ``tau`` goes to 0 the softmax approaches the one-hot vector of the
# argmax; as ``tau`` grows it approaches the uniform distribution. ``tau = 1``
# is the plain softmax.

one_hot = F.one_hot(logits.argmax(), num_classes=4).float()
for tau in [0.1, 0.05, 0.01]:
    p = F.softmax(logits / tau, dim=0)
    print(f"tau={tau:<5} p={p}  distance to one-hot={(p - one_hot).abs().max():.2e}")
assert torch.allclose(F.softmax(logits / 0.01, dim=0), one_hot)
print("tau=1000", F.softmax(logits / 1000, dim=0))
assert torch.allclose(F.softmax(logits / 1000, dim=0), torch.full((4,), 0.25), atol=1e-3)
assert torch.equal(F.softmax(logits / 1.0, dim=0), F.softmax(logits, dim=0))

# %% example-for: softmax-temperature
# A learnable temperature: tau = exp(s)
# -------------------------------------
#
# PyTorch has no temperature argument for softmax: divide the logits
# yourself. To learn the temperature, make ``s`` a parameter and use
# ``tau = exp(s)``: ``exp`` is positive for every real ``s``, so the
# optimiser can never produce ``tau <= 0``, which would be meaningless (and
# ``tau = 0`` divides by zero). ``s = 0`` starts at ``tau = 1``.
#
# Here the logits are over-confident: they are large, yet half of the labels
# were replaced by random classes, so the largest logit is often wrong.
# Minimising the
# cross-entropy over ``s`` alone raises the temperature, which softens the
# probabilities (this is temperature scaling, a common calibration method).


class TemperatureSoftmax(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = nn.Parameter(torch.zeros(()))  # tau = exp(0) = 1

    @property
    def tau(self):
        return self.s.exp()

    def forward(self, logits):
        return F.log_softmax(logits / self.tau, dim=-1)


print("tau for s = -3, 0, 3:", torch.tensor([-3.0, 0.0, 3.0]).exp())

scores = 8.0 * torch.randn(64, 5)
target = scores.argmax(dim=1)
target[::2] = torch.randint(0, 5, (32,))  # half of the labels replaced by random classes

model = TemperatureSoftmax()
print("parameters:", [(name, p.shape) for name, p in model.named_parameters()])
opt = torch.optim.SGD(model.parameters(), lr=0.5)
losses = []
for step in range(31):
    opt.zero_grad()
    loss = F.nll_loss(model(scores), target)
    loss.backward()
    if step % 10 == 0:
        print(f"step {step:2d}: loss={loss.item():.4f}  s={model.s.item():+.4f}  "
              f"tau={model.tau.item():.4f}  s.grad={model.s.grad.item():+.4f}")
    losses.append(loss.item())
    opt.step()
assert losses[-1] < losses[0]
assert model.tau.item() > 1.0
