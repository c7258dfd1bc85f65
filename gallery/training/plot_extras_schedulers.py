"""
One-cycle, warm restarts and chained schedules
==============================================

Three schedulers that shape a whole run: ``OneCycleLR`` (warm up, then
anneal far below the start, stepped after every batch),
``CosineAnnealingWarmRestarts`` (cosine cycles that restart, each longer
than the last) and ``SequentialLR`` (one scheduler after another, here a
warm-up followed by a cosine decay). Each drives its own ``SGD`` optimizer;
the learning rate of each step is read from ``param_groups`` before the
step.
"""

import matplotlib.pyplot as plt
import torch
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
EPOCHS, BATCHES = 6, 10


def sgd(lr=0.1, momentum=0.9):
    return torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=lr, momentum=momentum)


def run(optimizer, scheduler, steps):
    """The (lr, momentum) of each of ``steps`` steps, stepping the scheduler after each."""
    seen = []
    for _ in range(steps):
        group = optimizer.param_groups[0]
        seen.append((group["lr"], group["momentum"]))
        optimizer.step()
        scheduler.step()
    return seen


# %% example-for: extras-schedule-curves, torch.optim.lr_scheduler.OneCycleLR
# ``OneCycleLR``: one rise and one long fall, per batch
# -----------------------------------------------------
#
# ``OneCycleLR`` overrides the optimizer's ``lr``: it starts at
# ``max_lr / div_factor`` (25 by default), rises to ``max_lr`` over the first
# 30 % of the steps (``pct_start``), then falls by cosine annealing to
# ``initial_lr / final_div_factor``, far below where it began. Momentum
# moves the other way, between 0.95 and 0.85. The run has
# ``epochs * steps_per_epoch`` steps, and one step more raises.

optimizer = sgd()
one_cycle = lr_scheduler.OneCycleLR(optimizer, max_lr=1.0, epochs=EPOCHS, steps_per_epoch=BATCHES)
print("optimizer lr 0.1 replaced by:", round(optimizer.param_groups[0]["lr"], 6), "| total_steps:", one_cycle.total_steps)
one_cycle_seen = run(optimizer, one_cycle, EPOCHS * BATCHES)
lrs = [lr for lr, _ in one_cycle_seen]
print(f"peak {max(lrs):.3f} at step {lrs.index(max(lrs))}, last {lrs[-1]:.2e}")
assert abs(lrs[0] - 1.0 / 25) < 1e-9 and abs(lrs[-1] - lrs[0] / 1e4) < 1e-9
print("momentum range:", min(m for _, m in one_cycle_seen), "-", max(m for _, m in one_cycle_seen))
try:
    optimizer.step()
    one_cycle.step()
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.optim.lr_scheduler.OneCycleLR
# Stepped once per epoch, the cycle never gets going
# --------------------------------------------------
#
# ``steps_per_epoch`` says how many ``step()`` calls make an epoch. A loop
# that steps ``OneCycleLR`` once per epoch, as it would ``StepLR``, spends
# the whole run in the first few steps of the warm-up.

optimizer = sgd()
per_epoch = lr_scheduler.OneCycleLR(optimizer, max_lr=1.0, epochs=EPOCHS, steps_per_epoch=BATCHES)
epoch_lrs = [round(lr, 3) for lr, _ in run(optimizer, per_epoch, EPOCHS)]
print("lr of each epoch when stepped per epoch:", epoch_lrs)
assert max(epoch_lrs) < 0.5

# %% example-for: extras-schedule-curves, torch.optim.lr_scheduler.CosineAnnealingWarmRestarts
# ``CosineAnnealingWarmRestarts``: cycles of growing length
# ---------------------------------------------------------
#
# The first cycle lasts ``T_0`` steps; each following one ``T_mult`` times
# longer. Within a cycle the rate falls from the initial ``lr`` to
# ``eta_min`` along a cosine, then jumps back up (the *warm restart*).
# Called with a fractional epoch, ``step(epoch + batch / batches)``, it
# moves along the cosine within an epoch.

optimizer = sgd()
restarts = lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=5, T_mult=2, eta_min=0.01)
restart_lrs = [lr for lr, _ in run(optimizer, restarts, 35)]
print("restarts at steps:", [i for i, lr in enumerate(restart_lrs) if lr == 0.1])
assert [i for i, lr in enumerate(restart_lrs) if lr == 0.1] == [0, 5, 15]

optimizer = sgd()
fractional = lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=2)
within = []
for epoch in range(2):
    for batch in range(4):
        fractional.step(epoch + batch / 4)
        within.append(round(fractional.get_last_lr()[0], 4))
print("step(epoch + batch / 4):", within)

# %% example-for: extras-schedule-curves, torch.optim.lr_scheduler.SequentialLR
# ``SequentialLR``: warm-up, then cosine
# --------------------------------------
#
# ``SequentialLR`` hands control to the next scheduler at each milestone,
# and each scheduler then counts its own steps from zero. So the cosine
# here starts at the full rate at step 5, where the warm-up ended. There
# must be one milestone fewer than schedulers.

optimizer = sgd()
warmup = lr_scheduler.LinearLR(optimizer, start_factor=0.1, total_iters=5)
cosine = lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS * BATCHES - 5)
chained = lr_scheduler.SequentialLR(optimizer, [warmup, cosine], milestones=[5])
chained_lrs = [lr for lr, _ in run(optimizer, chained, EPOCHS * BATCHES)]
print("first 8 steps:", [round(lr, 4) for lr in chained_lrs[:8]])
assert max(chained_lrs) == chained_lrs[5] == 0.1
try:
    lr_scheduler.SequentialLR(optimizer, [warmup, cosine], milestones=[5, 20])
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: extras-schedule-curves
# The three schedules, step by step
# ---------------------------------
#
# The curves of the runs above, each point one ``optimizer.step()``.
# ``OneCycleLR``'s momentum is drawn on its right axis.

fig, axes = plt.subplots(1, 3, figsize=(9, 2.8))
axes[0].plot(lrs, label="lr")
momentum_axis = axes[0].twinx()
momentum_axis.plot([m for _, m in one_cycle_seen], color="tab:orange", linestyle="--", label="momentum")
momentum_axis.set_ylabel("momentum")
axes[0].set_title("OneCycleLR(max_lr=1.0)", fontsize=9)
axes[1].plot(restart_lrs)
axes[1].set_title("WarmRestarts(T_0=5, T_mult=2)", fontsize=9)
axes[2].plot(chained_lrs)
axes[2].axvline(5, color="grey", linestyle=":")
axes[2].set_title("SequentialLR(LinearLR, Cosine)", fontsize=9)
for ax in axes:
    ax.set_xlabel("optimizer step")
axes[0].set_ylabel("learning rate")
fig.tight_layout()
plt.show()
