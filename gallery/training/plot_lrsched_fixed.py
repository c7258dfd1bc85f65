"""
Schedules that depend on the epoch only
=======================================

``StepLR``, ``MultiStepLR``, ``ExponentialLR``, ``LinearLR`` and
``CosineAnnealingLR``: each cell prints the learning rate of the first epochs,
checks every value against the scheduler's formula, and draws the curve.
``lrs`` and ``curve`` are helpers defined at the top of the script.
"""

import math

import matplotlib.pyplot as plt
import torch
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
LR0 = 0.1


def lrs(make, epochs):
    """Learning rate of epochs 0 .. epochs-1 for the scheduler make(optimizer) builds."""
    opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
    sched = make(opt)
    out = []
    for _epoch in range(epochs):
        out.append(sched.get_last_lr()[0])
        opt.step()
        sched.step()
    return out


def curve(values, title):
    """Small step plot of one schedule."""
    fig, ax = plt.subplots(figsize=(3.2, 2.2))
    ax.step(range(len(values)), values, where="post", lw=1.4)
    ax.set_title(title, fontsize=8)
    ax.set_xlabel("epoch", fontsize=7)
    ax.set_ylabel("lr", fontsize=7)
    ax.tick_params(labelsize=7)
    plt.tight_layout()


def check(values, formula):
    """Assert that every value equals formula(epoch), up to float rounding."""
    for e, v in enumerate(values):
        assert math.isclose(v, formula(e), rel_tol=1e-9, abs_tol=1e-15), (e, v, formula(e))
    print("all", len(values), "values match the formula")


# %% example-for: torch.optim.lr_scheduler.StepLR
# StepLR: multiply by ``gamma`` every ``step_size`` epochs
# --------------------------------------------------------
#
# ``lr = lr0 * gamma ** (epoch // step_size)``. The decay never reverses: after
# 30 epochs with ``step_size=3`` the rate has been divided by ten, ten times.

values = lrs(lambda opt: lr_scheduler.StepLR(opt, step_size=3, gamma=0.1), 30)
print([f"{v:.0e}" for v in values[:10]])
check(values, lambda e: LR0 * 0.1 ** (e // 3))
print("epoch 29:", f"{values[29]:.1e}")
assert values[29] < values[0] * 1e-8
curve(values[:12], "StepLR(step_size=3, gamma=0.1)")  # curve(): helper at the top

# %% example-for: torch.optim.lr_scheduler.MultiStepLR
# MultiStepLR: multiply by ``gamma`` at each milestone
# ----------------------------------------------------
#
# ``lr = lr0 * gamma ** (number of milestones <= epoch)``. A milestone listed
# twice multiplies by ``gamma`` twice at that epoch.

values = lrs(lambda opt: lr_scheduler.MultiStepLR(opt, milestones=[3, 7], gamma=0.5), 12)
print([round(v, 4) for v in values])
check(values, lambda e: LR0 * 0.5 ** sum(m <= e for m in [3, 7]))
twice = lrs(lambda opt: lr_scheduler.MultiStepLR(opt, milestones=[3, 3], gamma=0.5), 5)
print("milestones=[3, 3]:", twice)
assert twice[3] == LR0 * 0.25
curve(values, "MultiStepLR([3, 7], gamma=0.5)")  # curve(): helper at the top

# %% example-for: torch.optim.lr_scheduler.ExponentialLR
# ExponentialLR: multiply by ``gamma`` every epoch
# ------------------------------------------------
#
# ``lr = lr0 * gamma ** epoch``. ``gamma`` has no default value. The rate is
# multiplied once per step, so unrounded values carry float rounding.

values = lrs(lambda opt: lr_scheduler.ExponentialLR(opt, gamma=0.8), 15)
print([round(v, 5) for v in values[:8]])
check(values, lambda e: LR0 * 0.8 ** e)
print("epochs 1 and 2, unrounded:", values[1], values[2])
assert values[4] != LR0 * 0.8 ** 4 and math.isclose(values[4], LR0 * 0.8 ** 4)
try:
    lr_scheduler.ExponentialLR(torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0))
except TypeError as err:
    print(f"TypeError: {err}")
curve(values, "ExponentialLR(gamma=0.8)")  # curve(): helper at the top

# %% example-for: torch.optim.lr_scheduler.LinearLR
# LinearLR: a factor that moves linearly from ``start_factor`` to ``end_factor``
# ------------------------------------------------------------------------------
#
# ``lr = lr0 * (start + (end - start) * min(epoch, total_iters) / total_iters)``.
# The defaults (``start_factor=1/3``, ``end_factor=1.0``, ``total_iters=5``)
# make a warm-up; creating the scheduler already lowers the optimizer's rate.
# After ``total_iters`` epochs the factor stays at ``end_factor``.
# ``start_factor`` must be in (0, 1] and ``end_factor`` in [0, 1].

opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
warmup = lr_scheduler.LinearLR(opt)
print("lr right after construction:", opt.param_groups[0]["lr"])
values = lrs(lambda opt: lr_scheduler.LinearLR(opt), 8)
print([round(v, 5) for v in values])
check(values, lambda e: LR0 * (1 / 3 + (1 - 1 / 3) * min(e, 5) / 5))
decay = lrs(lambda opt: lr_scheduler.LinearLR(opt, start_factor=1.0, end_factor=0.1, total_iters=10), 13)
check(decay, lambda e: LR0 * (1.0 + (0.1 - 1.0) * min(e, 10) / 10))
for kwargs in ({"start_factor": 0.0}, {"end_factor": 2.0}):
    try:
        lr_scheduler.LinearLR(opt, **kwargs)
    except ValueError as err:
        print(f"{kwargs}: ValueError: {err}")
curve(values, "LinearLR() (defaults)")  # curve(): helper at the top

# %% example-for: torch.optim.lr_scheduler.CosineAnnealingLR
# CosineAnnealingLR: half a cosine from ``lr0`` down to ``eta_min`` in ``T_max`` epochs
# -------------------------------------------------------------------------------------
#
# ``lr = eta_min + (lr0 - eta_min) * (1 + cos(pi * epoch / T_max)) / 2``.
# The scheduler computes it step by step from the current rate, which gives the
# same values. It does not stop at ``T_max``: after ``eta_min`` the rate climbs
# back, and reaches ``lr0`` again at ``2 * T_max``.

values = lrs(lambda opt: lr_scheduler.CosineAnnealingLR(opt, T_max=10, eta_min=0.01), 21)
print([round(v, 5) for v in values[:11]])
check(values, lambda e: 0.01 + (LR0 - 0.01) * (1 + math.cos(math.pi * e / 10)) / 2)
print("epoch 10:", round(values[10], 6), "| epoch 15:", round(values[15], 6), "| epoch 20:", round(values[20], 6))
assert math.isclose(values[10], 0.01) and math.isclose(values[20], LR0)
curve(values, "CosineAnnealingLR(T_max=10, eta_min=0.01)")  # curve(): helper at the top
