"""
Parameter groups, RAdam, NAdam and weight averaging
===================================================

An optimizer keeps its hyperparameters in ``param_groups``, a list of plain
dicts that a training loop (or a scheduler) may change between steps. This
script sets a warm-up by hand and checks it against ``LinearLR``, compares
the first steps of ``Adam``, ``RAdam`` and ``NAdam`` on one problem, and
averages a model's weights with ``AveragedModel``.
"""

import torch
import torch.nn as nn
from torch.optim import lr_scheduler
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn, update_bn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: extras-param-groups, torch.optim.Optimizer.param_groups
# ``param_groups``: a list of dicts
# ---------------------------------
#
# Each group is a dict: ``"params"`` holds the group's parameters, every
# other key a hyperparameter. A key given in the group overrides the
# optimizer's default for that group only; the rest are filled in from the
# defaults. Here the last layer learns ten times faster and has no weight
# decay.

model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
optimizer = torch.optim.AdamW(
    [{"params": model[0].parameters()},
     {"params": model[2].parameters(), "lr": 1e-2, "weight_decay": 0.0}],
    lr=1e-3, weight_decay=0.1,
)
print(type(optimizer.param_groups).__name__, "of", len(optimizer.param_groups), "groups")
for i, group in enumerate(optimizer.param_groups):
    shapes = [tuple(p.shape) for p in group["params"]]
    print(f"group {i}: lr={group['lr']}, weight_decay={group['weight_decay']}, params {shapes}")
print("keys:", sorted(optimizer.param_groups[1]))

# %% example-for: extras-param-groups, torch.optim.Optimizer.param_groups
# A warm-up by hand is what a scheduler does
# ------------------------------------------
#
# Writing ``group["lr"]`` before ``optimizer.step()`` changes the learning
# rate of the next update. A linear warm-up from 25 % to 100 % over three
# steps, written by hand, gives exactly the rates of ``LinearLR`` with the
# same settings: a scheduler does nothing more than this (it also stores the
# starting rate as ``initial_lr`` in each group).

BASE_LR = 0.1
by_hand = torch.optim.SGD([nn.Parameter(torch.zeros(1))], lr=BASE_LR)
by_scheduler = torch.optim.SGD([nn.Parameter(torch.zeros(1))], lr=BASE_LR)
warmup = lr_scheduler.LinearLR(by_scheduler, start_factor=0.25, total_iters=3)

hand_lrs, scheduler_lrs = [], []
for step in range(5):
    for group in by_hand.param_groups:
        group["lr"] = BASE_LR * min(1.0, 0.25 + 0.75 * step / 3)
    hand_lrs.append(round(by_hand.param_groups[0]["lr"], 6))
    scheduler_lrs.append(round(by_scheduler.param_groups[0]["lr"], 6))
    by_hand.step()
    by_scheduler.step()
    warmup.step()
print("by hand  :", hand_lrs)
print("LinearLR :", scheduler_lrs)
assert hand_lrs == scheduler_lrs
print("initial_lr added by the scheduler:", by_scheduler.param_groups[0]["initial_lr"],
      "| by hand:", "initial_lr" in by_hand.param_groups[0])


def trajectory(optimizer_class, steps=7):
    """Minimise (w ** 2).sum() from w = (1, -2) with lr 0.1; the first coordinate after each step."""
    w = nn.Parameter(torch.tensor([1.0, -2.0]))
    optimizer = optimizer_class([w], lr=0.1)
    path = []
    for _ in range(steps):
        optimizer.zero_grad()
        (w ** 2).sum().backward()
        optimizer.step()
        path.append(round(w[0].item(), 4))
    return path


# %% example-for: torch.optim.RAdam
# RAdam: plain momentum steps first, adaptive steps later
# -------------------------------------------------------
#
# Early in training Adam divides by a second-moment estimate made from very
# few gradients. RAdam does not use that estimate until it is reliable
# enough: with the default ``betas`` its first five steps are momentum
# steps, ``lr`` times the bias-corrected average of the gradients (checked
# below by computing them by hand); from the sixth on it takes Adam's
# adaptive step multiplied by a rectification factor that grows towards 1.

print("Adam :", trajectory(torch.optim.Adam))
print("RAdam:", trajectory(torch.optim.RAdam))

w, m, beta1 = 1.0, 0.0, 0.9
momentum_path = []
for t in range(1, 7):
    m = beta1 * m + (1 - beta1) * 2 * w  # gradient of w ** 2 is 2w
    w -= 0.1 * m / (1 - beta1 ** t)
    momentum_path.append(round(w, 4))
print("momentum steps by hand:", momentum_path)
radam_path = trajectory(torch.optim.RAdam, steps=6)
assert radam_path[:5] == momentum_path[:5] and radam_path[5] != momentum_path[5]
print("defaults:", {k: v for k, v in torch.optim.RAdam([nn.Parameter(torch.ones(1))]).defaults.items()
                    if k in ("lr", "betas", "decoupled_weight_decay")})

# %% example-for: torch.optim.NAdam
# NAdam: Adam with Nesterov momentum
# ----------------------------------
#
# NAdam applies the momentum term once more, looking ahead, which makes
# its steps differ from Adam's from the first one on. Its default
# learning rate is 0.002 (Adam's is 0.001), and ``momentum_decay``
# controls how the momentum factor grows over the first steps.
# ``decoupled_weight_decay=True`` makes its weight decay AdamW-style.

print("Adam :", trajectory(torch.optim.Adam))
print("NAdam:", trajectory(torch.optim.NAdam))
print("defaults:", {k: v for k, v in torch.optim.NAdam([nn.Parameter(torch.ones(1))]).defaults.items()
                    if k in ("lr", "betas", "momentum_decay", "decoupled_weight_decay")})

# %% example-for: torch.optim.swa_utils.AveragedModel
# ``AveragedModel``: the running mean of the weights
# --------------------------------------------------
#
# ``AveragedModel(model)`` keeps a **copy** of the model. Each
# ``update_parameters(model)`` folds the model's current weights into the
# copy's running mean (the first call just copies them), and
# ``n_averaged`` counts the calls. After four training steps the averaged
# weight equals the mean of the four snapshots. Its ``state_dict`` keys
# carry the prefix ``module.`` and the buffer ``n_averaged``.

model = nn.Linear(2, 1)
swa_model = AveragedModel(model)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(8, 2), torch.randn(8, 1)
print("a copy:", swa_model.module is not model, "| n_averaged:", swa_model.n_averaged)

snapshots = []
for _ in range(4):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
    swa_model.update_parameters(model)
    snapshots.append(model.weight.detach().clone())
print("n_averaged:", swa_model.n_averaged)
print("averaged weight :", swa_model.module.weight.data)
print("mean of snapshots:", torch.stack(snapshots).mean(0))
assert torch.allclose(swa_model.module.weight, torch.stack(snapshots).mean(0))
print("state_dict keys:", list(swa_model.state_dict()))

# %% example-for: torch.optim.swa_utils.AveragedModel
# An exponential moving average, and BatchNorm statistics
# -------------------------------------------------------
#
# ``multi_avg_fn=get_ema_multi_avg_fn(decay)`` turns the running mean into
# an exponential moving average (EMA), which weights recent snapshots more.
# Buffers are not averaged unless ``use_buffers=True``: each
# ``update_parameters`` copies the model's latest ones, so a BatchNorm
# layer's running statistics belong to other weights than the averaged
# ones. ``torch.optim.swa_utils.update_bn(loader, averaged_model)``
# recomputes them for the averaged weights with one pass over the data.

ema_model = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(0.9))
ema_model.update_parameters(model)  # the first call copies the weights
first = model.weight.detach().clone()
with torch.no_grad():
    model.weight.add_(1.0)
ema_model.update_parameters(model)  # 0.9 * average + 0.1 * current weights
print("weights moved by 1.0; the EMA moved by", (ema_model.module.weight - first).detach())
assert torch.allclose(ema_model.module.weight, 0.9 * first + 0.1 * model.weight)

net = nn.Sequential(nn.Linear(2, 4), nn.BatchNorm1d(4))
averaged = AveragedModel(net)
print("running_mean before update_bn:", averaged.module[1].running_mean)
loader = [torch.randn(16, 2) + 3 for _ in range(3)]
update_bn(loader, averaged)
print("running_mean after update_bn :", averaged.module[1].running_mean)
