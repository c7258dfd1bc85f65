"""
Parameter groups and the optimizer's state dict
===============================================

Per-parameter options with parameter groups, adding a group when a frozen
layer is unfrozen, and saving and restoring an optimizer with
``state_dict()`` / ``load_state_dict()`` so that training continues exactly
as if it had not stopped.
"""

import copy
import io

import torch
from torch import nn, optim

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def show_groups(opt, keys=("lr", "momentum", "weight_decay")):
    """Print each group's options and the number of its tensors (not the tensors)."""
    for i, g in enumerate(opt.param_groups):
        print(f"group {i}: {len(g['params'])} tensors,", {k: g[k] for k in keys if k in g})


# %% example-for: optim-param-groups
# Each group has its own options
# ------------------------------
#
# Pass a list of dicts instead of an iterable of tensors. Each dict has the
# key ``"params"`` and may override any option; options it does not give
# come from the constructor's keyword arguments (the optimizer's
# ``defaults``). Here the pretrained ``body`` learns with ``lr=0.01`` and the
# new ``head`` with ``lr=0.1``; both get ``momentum=0.9``.

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
body, head = model[0], model[2]
opt = optim.SGD(
    [{"params": body.parameters()}, {"params": head.parameters(), "lr": 0.1}],
    lr=0.01, momentum=0.9,
)
show_groups(opt)
print("defaults:", {k: opt.defaults[k] for k in ("lr", "momentum")})
assert [g["lr"] for g in opt.param_groups] == [0.01, 0.1]

# A group's options can be changed between steps (this is what the
# learning-rate schedulers do):
opt.param_groups[1]["lr"] *= 0.5
show_groups(opt)

# A tensor may belong to one group only:
try:
    optim.SGD([{"params": model.parameters()}, {"params": head.parameters()}], lr=0.1)
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.optim.Optimizer.add_param_group
# Unfreezing a layer: ``add_param_group``
# ---------------------------------------
#
# When fine-tuning, the body is often frozen at first and the optimizer
# built for the head only. To train the body later, unfreeze it and add its
# parameters as a new group, with their own options; missing options are
# filled from the defaults. Adding a tensor that is already in a group
# raises ``ValueError``.

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
body, head = model[0], model[2]
body.requires_grad_(False)
opt = optim.SGD(head.parameters(), lr=0.1, momentum=0.9)
show_groups(opt)

body.requires_grad_(True)
opt.add_param_group({"params": body.parameters(), "lr": 0.01})
show_groups(opt)
assert opt.param_groups[1]["momentum"] == 0.9 and opt.param_groups[1]["lr"] == 0.01
try:
    opt.add_param_group({"params": head.weight})
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.optim.Optimizer.state_dict
# What ``state_dict()`` holds
# ---------------------------
#
# Two keys: ``'state'``, the per-parameter buffers (here Adam's ``step``,
# ``exp_avg`` and ``exp_avg_sq``), and ``'param_groups'``, the options of each
# group. Parameters are not stored as tensors but as integer ids ``0, 1,
# ...`` in the order of the groups' ``params`` lists; the tensors' values are
# in the model's own state dict. Parameters that have not received a step
# yet have no entry in ``'state'``.

_ = torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 2)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
opt = optim.Adam(model.parameters(), lr=0.01)


def train(model, opt, steps):
    for _ in range(steps):
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()


print("before any step, 'state':", opt.state_dict()["state"])
train(model, opt, 3)
sd = opt.state_dict()
print("keys:", list(sd))
print("state ids:", list(sd["state"]), "| state of id 0:", {k: tuple(v.shape) for k, v in sd["state"][0].items()})
print("step of id 0:", sd["state"][0]["step"])
print("param_groups:", [{k: v for k, v in g.items() if k in ("lr", "betas", "params")} for g in sd["param_groups"]])
assert list(sd) == ["state", "param_groups"] and sd["param_groups"][0]["params"] == [0, 1, 2, 3]

# %% example-for: torch.optim.Optimizer.load_state_dict
# Save, load into a fresh optimizer, continue identically
# -------------------------------------------------------
#
# A checkpoint holds the model's and the optimizer's state dicts. To
# resume, build the same model and the same optimizer (same parameter order
# and groups), then load both. Three more steps from the checkpoint give
# exactly the weights of the run that never stopped. ``load_state_dict``
# checks the number of groups and of parameters per group and raises
# ``ValueError`` otherwise.

buffer = io.BytesIO()
torch.save({"model": model.state_dict(), "optim": opt.state_dict()}, buffer)
train(model, opt, 3)  # the run that never stopped

buffer.seek(0)
ckpt = torch.load(buffer)
model2 = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
opt2 = optim.Adam(model2.parameters(), lr=0.01)
model2.load_state_dict(ckpt["model"])
opt2.load_state_dict(ckpt["optim"])
train(model2, opt2, 3)
same = all(torch.equal(a, b) for a, b in zip(model.parameters(), model2.parameters()))
print("resumed run equals the uninterrupted run:", same)
assert same
print("the loaded state belongs to model2's tensors:", model2[0].weight in opt2.state)

model3 = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
for wrong in (optim.Adam(model3[0].parameters()),
              optim.Adam([{"params": model3[0].parameters()}, {"params": model3[2].parameters()}])):
    try:
        wrong.load_state_dict(ckpt["optim"])
    except ValueError as err:
        print(f"ValueError: {err}")
