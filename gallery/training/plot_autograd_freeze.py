"""
Freezing part of a pretrained model
===================================

Fine-tuning often keeps a pretrained body fixed and trains only a new head.
``module.requires_grad_(False)`` switches off ``requires_grad`` on every
parameter of a module: backward then computes no gradient for them, their
``.grad`` stays ``None`` and an optimizer step leaves them unchanged. The
"pretrained" model here is a small seeded network standing in for a real
checkpoint.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: autograd-freeze
# Freeze the body, keep the head trainable
# ----------------------------------------
#
# ``requires_grad_(False)`` on the body changes its parameters in place
# (they are leaves). The new head is created afterwards and requires grad as
# every new parameter does.

body = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU())
head = nn.Linear(8, 3)
model = nn.Sequential(body, head)

body.requires_grad_(False)
for name, p in model.named_parameters():
    print(f"{name:<10} requires_grad={p.requires_grad}")

n_train = sum(p.numel() for p in model.parameters() if p.requires_grad)
n_all = sum(p.numel() for p in model.parameters())
print(f"trainable parameters: {n_train} of {n_all}")

# %% example-for: autograd-freeze
# After backward, only the head has ``.grad``
# -------------------------------------------
#
# Give the optimizer only the parameters that require grad, so that it is
# explicit what it trains. One step changes the head and leaves the body
# bit for bit unchanged.

trainable = [p for p in model.parameters() if p.requires_grad]
optimizer = torch.optim.SGD(trainable, lr=0.1)
print("parameters given to the optimizer:", len(trainable), "of", len(list(model.parameters())))

x = torch.randn(5, 4)
target = torch.randint(0, 3, (5,))
body_before = [p.clone() for p in body.parameters()]
head_before = head.weight.clone()

loss = nn.functional.cross_entropy(model(x), target)
loss.backward()
for name, p in model.named_parameters():
    grad = None if p.grad is None else tuple(p.grad.shape)
    print(f"{name:<10} .grad: {grad}")
optimizer.step()

print("body unchanged:", all(torch.equal(a, b) for a, b in zip(body_before, body.parameters())))
print("head changed:  ", not torch.equal(head_before, head.weight))
assert all(p.grad is None for p in body.parameters())
assert all(p.grad is not None for p in head.parameters())

# %% example-for: autograd-freeze
# ``eval()`` does not freeze anything
# -----------------------------------
#
# ``model.eval()`` only switches layers such as dropout and batch norm to
# inference behaviour; the parameters still require grad. Freezing is
# ``requires_grad_(False)``; skipping the graph altogether during inference
# is the job of ``torch.no_grad()`` or ``torch.inference_mode()``.

fresh = nn.Linear(2, 2)
fresh.eval()
print("after eval(): requires_grad =", fresh.weight.requires_grad, "| training =", fresh.training)
assert fresh.weight.requires_grad

# %% example-for: autograd-freeze
# Unfreezing later
# ----------------
#
# ``requires_grad_(True)`` makes the body trainable again, for example for a
# second fine-tuning phase with a smaller learning rate; add its
# parameters to the optimizer as a new parameter group.

body[2].requires_grad_(True)  # unfreeze the last linear layer of the body
optimizer.add_param_group({"params": body[2].parameters(), "lr": 0.01})
print("param groups:", [(len(g["params"]), g["lr"]) for g in optimizer.param_groups])

optimizer.zero_grad()
nn.functional.cross_entropy(model(x), target).backward()
for name, p in model.named_parameters():
    print(f"{name:<10} has .grad: {p.grad is not None}")
