"""
ReduceLROnPlateau reacting to a metric
======================================

``ReduceLROnPlateau`` does not follow the epoch count: it watches a metric
passed to ``step(metric)`` (usually the validation loss) and multiplies the
rate by ``factor`` when the metric has not improved for more than
``patience`` epochs. The metric values here are scripted, so each decision can
be followed by hand.
"""

import matplotlib.pyplot as plt
import torch
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.optim.lr_scheduler.ReduceLROnPlateau
# patience, threshold, cooldown and min_lr, epoch by epoch
# --------------------------------------------------------
#
# ``factor=0.5, patience=2, threshold=0.01, cooldown=1, min_lr=0.02``. With
# the default ``threshold_mode="rel"`` and ``mode="min"``, a metric counts as
# an improvement only if it is below ``best * (1 - threshold)``: 0.795 after
# a best of 0.80 is a bad epoch. The rate is cut on the third bad epoch in a
# row (``num_bad_epochs > patience``); during the ``cooldown`` epoch after a
# cut, bad epochs are not counted. ``min_lr`` is a floor: the last cut stops at
# 0.02 and later ones change nothing.

val_loss = [1.00, 0.80, 0.795, 0.79, 0.80, 0.80, 0.80, 0.81, 0.81, 0.81, 0.81,
            0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.70]
optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=0.1)
plateau = lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=0.5, patience=2,
                                         threshold=0.01, cooldown=1, min_lr=0.02)
print("lr after construction:", optimizer.param_groups[0]["lr"])
cuts, history = [], []
for epoch, metric in enumerate(val_loss):
    before = plateau.get_last_lr()[0]
    optimizer.step()  # training of the epoch
    plateau.step(metric)  # after validation, with the metric
    after = plateau.get_last_lr()[0]
    history.append(before)  # the lr epoch `epoch` trained with
    note = f"  <- lr cut to {after}" if after < before else ""
    print(f"epoch {epoch:2d} metric {metric:.3f} best {plateau.best:.3f} "
          f"bad {plateau.num_bad_epochs} cooldown {plateau.cooldown_counter}{note}")
    if after < before:
        cuts.append(epoch)
assert cuts == [6, 10, 14] and history[-1] == 0.02

fig, ax = plt.subplots(figsize=(3.2, 2.2))
ax.step(range(len(history)), history, where="post", lw=1.4, label="lr of the epoch")
ax.set_xlabel("epoch", fontsize=7)
ax.set_ylabel("lr", fontsize=7)
ax.tick_params(labelsize=7)
ax2 = ax.twinx()
ax2.plot(val_loss, ":o", color="0.5", ms=2, lw=1.0)
ax2.set_ylabel("metric", fontsize=7)
ax2.tick_params(labelsize=7)
ax.set_title("ReduceLROnPlateau(patience=2)", fontsize=8)
plt.tight_layout()

# %% example-for: torch.optim.lr_scheduler.ReduceLROnPlateau
# ``mode="max"`` for an accuracy, and what ``step()`` accepts
# -----------------------------------------------------------
#
# For a metric that should grow, use ``mode="max"``; with
# ``threshold_mode="abs"`` an improvement must exceed ``best + threshold``.
# ``step()`` requires the metric: without it, ``TypeError``. A 0-d tensor is
# accepted (it is converted with ``float()``). ``factor`` must be below 1.

optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=0.1)
acc_plateau = lr_scheduler.ReduceLROnPlateau(optimizer, mode="max", factor=0.1, patience=1,
                                             threshold=0.005, threshold_mode="abs")
accuracy = [0.50, 0.60, 0.603, 0.604, 0.70, 0.701, 0.702]
seen = []
for epoch, acc in enumerate(accuracy):
    optimizer.step()
    acc_plateau.step(torch.tensor(acc))
    seen.append(acc_plateau.get_last_lr()[0])
    print(f"epoch {epoch} accuracy {acc:.3f} best {acc_plateau.best:.3f} lr {seen[-1]:.4f}")
assert seen[3] < seen[2] and seen[-1] < seen[4]
try:
    acc_plateau.step()
except TypeError as err:
    print(f"TypeError: {err}")
try:
    lr_scheduler.ReduceLROnPlateau(optimizer, factor=1.0)
except ValueError as err:
    print(f"ValueError: {err}")
print("a subclass of LRScheduler:", issubclass(lr_scheduler.ReduceLROnPlateau, lr_scheduler.LRScheduler))
