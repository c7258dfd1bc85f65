"""
Learning-rate schedules as pictures
===================================

Every scheduler of this page drives its own ``SGD`` optimizer (initial
learning rate 0.1) for 30 epochs, with ``optimizer.step()`` then
``scheduler.step()`` once per epoch. The learning rate each epoch trained with
is read with ``get_last_lr()`` before the epoch's steps.
"""

import math

import matplotlib.pyplot as plt
import torch
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: lrsched-curves
# Eight schedules over 30 epochs
# ------------------------------
#
# ``ReduceLROnPlateau`` needs a metric: it gets a scripted validation loss
# (the dotted grey line, right axis) that improves for 8 epochs and then
# stays flat. The other schedulers depend on the epoch count only.

EPOCHS = 30
scripted_loss = [1.0 - 0.08 * min(e, 8) for e in range(EPOCHS)]


def make(name, opt):
    """One scheduler per panel, with the arguments shown in its title."""
    return {
        "StepLR(step_size=8, gamma=0.5)": lambda: lr_scheduler.StepLR(opt, step_size=8, gamma=0.5),
        "MultiStepLR([5, 12, 20], gamma=0.5)": lambda: lr_scheduler.MultiStepLR(opt, [5, 12, 20], gamma=0.5),
        "ExponentialLR(gamma=0.9)": lambda: lr_scheduler.ExponentialLR(opt, gamma=0.9),
        "LinearLR(0.1, 1.0, total_iters=10)": lambda: lr_scheduler.LinearLR(opt, 0.1, 1.0, total_iters=10),
        "CosineAnnealingLR(T_max=20)": lambda: lr_scheduler.CosineAnnealingLR(opt, T_max=20),
        "LambdaLR(0.5 ** (e // 4))": lambda: lr_scheduler.LambdaLR(opt, lambda e: 0.5 ** (e // 4)),
        "ReduceLROnPlateau(patience=3)": lambda: lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=3),
        "SequentialLR(LinearLR, Cosine)": lambda: lr_scheduler.SequentialLR(
            opt,
            [lr_scheduler.LinearLR(opt, 0.1, total_iters=5), lr_scheduler.CosineAnnealingLR(opt, T_max=25)],
            milestones=[5],
        ),
    }[name]()


names = [
    "StepLR(step_size=8, gamma=0.5)", "MultiStepLR([5, 12, 20], gamma=0.5)",
    "ExponentialLR(gamma=0.9)", "LinearLR(0.1, 1.0, total_iters=10)",
    "CosineAnnealingLR(T_max=20)", "LambdaLR(0.5 ** (e // 4))",
    "ReduceLROnPlateau(patience=3)", "SequentialLR(LinearLR, Cosine)",
]
fig, axes = plt.subplots(2, 4, figsize=(7, 4.5), sharex=True, sharey=True)
for ax, name in zip(axes.flat, names):
    opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=0.1)
    sched = make(name, opt)
    lrs = []
    for epoch in range(EPOCHS):
        lrs.append(sched.get_last_lr()[0])  # the lr this epoch trains with
        opt.step()  # (the batches of the epoch would be here)
        if isinstance(sched, lr_scheduler.ReduceLROnPlateau):
            sched.step(scripted_loss[epoch])
        else:
            sched.step()
    ax.step(range(EPOCHS), lrs, where="post", lw=1.4)
    if isinstance(sched, lr_scheduler.ReduceLROnPlateau):
        ax2 = ax.twinx()
        ax2.plot(scripted_loss, ":", color="0.5", lw=1.0)
        ax2.tick_params(labelsize=5)
    ax.set_title(name, fontsize=6)
    ax.tick_params(labelsize=6)
    print(f"{name:36s} epochs 0-5: {[round(v, 4) for v in lrs[:6]]}")
for ax in axes[-1]:
    ax.set_xlabel("epoch", fontsize=7)
for ax in axes[:, 0]:
    ax.set_ylabel("learning rate", fontsize=7)
plt.tight_layout()
