"""
LambdaLR, your own scheduler, chaining, get_last_lr and state_dict
==================================================================

``LambdaLR`` computes the rate from the *initial* rate; most other schedulers
multiply the *current* one. This script shows the difference, writes a
scheduler on the ``LRScheduler`` base class, combines two schedulers, reads
the rates with ``get_last_lr()`` and resumes a schedule from its
``state_dict()``. ``lrs`` and ``curve`` are helpers defined at the top.
"""

import io
import math
import warnings

import matplotlib.pyplot as plt
import torch
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
LR0 = 0.1


def lrs(make, epochs, opt=None):
    """Learning rate of epochs 0 .. epochs-1 for the scheduler make(optimizer) builds."""
    opt = opt or torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
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


# %% example-for: torch.optim.lr_scheduler.LambdaLR
# LambdaLR: ``lr = initial_lr * lr_lambda(epoch)``
# ------------------------------------------------
#
# The function receives the epoch index (``last_epoch``) and returns a factor
# for the **initial** rate, not for the current one: ``lambda e: 0.9 ** e``
# gives the same schedule as ``ExponentialLR(gamma=0.9)``, and
# ``lambda e: 0.9`` keeps the rate at ``0.9 * lr0`` instead of decaying it.

warm_then_decay = lambda e: (e + 1) / 4 if e < 4 else 0.8 ** (e - 3)  # noqa: E731
values = lrs(lambda opt: lr_scheduler.LambdaLR(opt, warm_then_decay), 14)
print([round(v, 5) for v in values[:8]])
for e, v in enumerate(values):
    assert math.isclose(v, LR0 * warm_then_decay(e))
same = lrs(lambda opt: lr_scheduler.LambdaLR(opt, lambda e: 0.9 ** e), 6)
expo = lrs(lambda opt: lr_scheduler.ExponentialLR(opt, gamma=0.9), 6)
print("LambdaLR(0.9 ** e):", [round(v, 5) for v in same])
print("ExponentialLR(0.9):", [round(v, 5) for v in expo])
assert all(math.isclose(a, b) for a, b in zip(same, expo))
const = lrs(lambda opt: lr_scheduler.LambdaLR(opt, lambda e: 0.9), 4)
print("LambdaLR(lambda e: 0.9):", [round(v, 5) for v in const])
assert const == [LR0 * 0.9] * 4
curve(values, "LambdaLR: warm-up, then 0.8 ** e")  # curve(): helper at the top

# %% example-for: torch.optim.lr_scheduler.LambdaLR
# A rate changed by hand: LambdaLR overwrites it, ExponentialLR builds on it
# --------------------------------------------------------------------------
#
# After epoch 1 the code sets ``param_groups[0]["lr"] = 1.0``. ``LambdaLR``
# recomputes from ``initial_lr`` at the next ``step()``, so the change is
# lost; ``ExponentialLR`` multiplies whatever rate the group holds.
# With several parameter groups, ``lr_lambda`` may be a list with one
# function per group.

for cls, kwargs in [(lr_scheduler.LambdaLR, {"lr_lambda": lambda e: 0.5 ** e}),
                    (lr_scheduler.ExponentialLR, {"gamma": 0.5})]:
    opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
    sched = cls(opt, **kwargs)
    seen = []
    for epoch in range(4):
        if epoch == 2:
            opt.param_groups[0]["lr"] = 1.0
        seen.append(opt.param_groups[0]["lr"])
        opt.step()
        sched.step()
    print(f"{cls.__name__:13s}", seen)
    if cls is lr_scheduler.LambdaLR:
        assert seen == [0.1, 0.05, 1.0, 0.0125]
    else:
        assert seen == [0.1, 0.05, 1.0, 0.5]

opt = torch.optim.SGD([{"params": [torch.nn.Parameter(torch.zeros(1))], "lr": 0.1},
                       {"params": [torch.nn.Parameter(torch.zeros(1))], "lr": 0.01}])
sched = lr_scheduler.LambdaLR(opt, [lambda e: 1.0, lambda e: e + 1])
for epoch in range(3):
    print(f"epoch {epoch}:", sched.get_last_lr())
    opt.step()
    sched.step()
try:
    lr_scheduler.LambdaLR(opt, [lambda e: 1.0])
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.optim.lr_scheduler.LRScheduler
# A scheduler of your own: subclass ``LRScheduler`` and define ``get_lr``
# -----------------------------------------------------------------------
#
# ``get_lr()`` returns one rate per parameter group for epoch
# ``self.last_epoch``; ``self.base_lrs`` holds the initial rates. Set your
# own attributes **before** ``super().__init__``: the base constructor already
# calls ``step()``, hence ``get_lr()``.


class WarmupInverseSqrt(lr_scheduler.LRScheduler):
    """Linear warm-up for `warmup` epochs, then lr0 * sqrt(warmup / (epoch + 1))."""

    def __init__(self, optimizer, warmup, last_epoch=-1):
        self.warmup = warmup
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self.last_epoch
        factor = (e + 1) / self.warmup if e < self.warmup else math.sqrt(self.warmup / (e + 1))
        return [base_lr * factor for base_lr in self.base_lrs]


values = lrs(lambda opt: WarmupInverseSqrt(opt, warmup=4), 16)
print([round(v, 5) for v in values[:8]])
for e, v in enumerate(values):
    assert math.isclose(v, LR0 * ((e + 1) / 4 if e < 4 else math.sqrt(4 / (e + 1))))


class Broken(lr_scheduler.LRScheduler):
    def __init__(self, optimizer, warmup):
        super().__init__(optimizer)
        self.warmup = warmup  # too late: get_lr() has already run

    def get_lr(self):
        return [base_lr / self.warmup for base_lr in self.base_lrs]


opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
try:
    Broken(opt, warmup=4)
except AttributeError as err:
    print(f"AttributeError: {err}")
try:
    lr_scheduler.StepLR([torch.nn.Parameter(torch.zeros(1))], step_size=2)
except TypeError as err:
    print(f"TypeError: {err}")
try:  # last_epoch other than -1 on a fresh optimizer: no "initial_lr" yet
    lr_scheduler.StepLR(torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0), 2, last_epoch=3)
except KeyError as err:
    print("KeyError:", err.args[0].splitlines()[0])
sched = WarmupInverseSqrt(opt, warmup=4)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    opt.step()
    sched.step(5)  # the deprecated explicit epoch
print(f"step(5): {caught[0].category.__name__}: {str(caught[0].message).split('. ')[0]}. ...")
assert caught[0].category is UserWarning and sched.last_epoch == 5
curve(values, "WarmupInverseSqrt(warmup=4)")  # curve(): helper at the top

# %% example-for: torch.optim.lr_scheduler.LRScheduler
# Two schedulers on one optimizer
# -------------------------------
#
# ``StepLR``, ``MultiStepLR``, ``ExponentialLR``, ``LinearLR`` and
# ``CosineAnnealingLR`` compute the new rate from the rate the group holds
# (they are "chainable"), so two of them stepped together combine their
# effects, and a rate changed by hand is kept; ``LambdaLR`` is not. ``SequentialLR`` instead runs one
# scheduler after the other (switching at ``milestones``), the usual way to
# put a warm-up before a decay.

opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
expo = lr_scheduler.ExponentialLR(opt, gamma=0.9)
steps = lr_scheduler.MultiStepLR(opt, milestones=[3], gamma=0.1)
both = []
for epoch in range(6):
    both.append(opt.param_groups[0]["lr"])
    opt.step()
    expo.step()
    steps.step()
print("ExponentialLR and MultiStepLR together:", [round(v, 6) for v in both])
assert all(math.isclose(v, LR0 * 0.9 ** e * (0.1 if e >= 3 else 1.0)) for e, v in enumerate(both))

def keeps_hand_change(make):
    """Does a rate doubled by hand at epoch 2 stay doubled in the following epochs?"""
    plain = lrs(make, 6)
    opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
    sched = make(opt)
    seen = []
    for epoch in range(6):
        if epoch == 2:
            opt.param_groups[0]["lr"] *= 2
        seen.append(opt.param_groups[0]["lr"])
        opt.step()
        sched.step()
    return all(math.isclose(a, 2 * b) for a, b in zip(seen[3:], plain[3:]))


for name, make in [
    ("StepLR", lambda o: lr_scheduler.StepLR(o, step_size=2, gamma=0.5)),
    ("MultiStepLR", lambda o: lr_scheduler.MultiStepLR(o, milestones=[1, 4], gamma=0.5)),
    ("ExponentialLR", lambda o: lr_scheduler.ExponentialLR(o, gamma=0.8)),
    ("LinearLR", lambda o: lr_scheduler.LinearLR(o, total_iters=8)),
    ("CosineAnnealingLR", lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=10)),
    ("LambdaLR", lambda o: lr_scheduler.LambdaLR(o, lambda e: 0.8 ** e)),
]:
    kept = keeps_hand_change(make)
    print(f"{name:18s} builds on a rate changed by hand: {kept}")
    assert kept == (name != "LambdaLR")

seq = lrs(lambda opt: lr_scheduler.SequentialLR(
    opt, [lr_scheduler.LinearLR(opt, start_factor=0.25, total_iters=3),
          lr_scheduler.ExponentialLR(opt, gamma=0.5)], milestones=[3]), 7)
print("SequentialLR(LinearLR for 3 epochs, then ExponentialLR):", [round(v, 5) for v in seq])
assert all(math.isclose(a, b) for a, b in zip(seq, [0.025, 0.05, 0.075, 0.1, 0.05, 0.025, 0.0125]))

# %% example-for: torch.optim.lr_scheduler.LRScheduler.get_last_lr
# ``get_last_lr()``: the rates of the last ``step()``, one per parameter group
# ----------------------------------------------------------------------------
#
# It returns the scheduler's own list, the same object at every call until the
# next ``step()``: editing it changes nothing in the optimizer, but changes what
# ``get_last_lr()`` reports (copy it with ``list(...)`` before editing). It
# reports what the scheduler last set: a rate changed by hand in
# ``param_groups`` shows only after the next ``step()``. Do not call
# ``get_lr()`` to read the rate: outside ``step()`` it warns, and for a
# chainable scheduler it computes the *next* value from the current one.

opt = torch.optim.SGD([{"params": [torch.nn.Parameter(torch.zeros(1))], "lr": 0.1},
                       {"params": [torch.nn.Parameter(torch.zeros(1))], "lr": 0.02}])
sched = lr_scheduler.ExponentialLR(opt, gamma=0.5)
print(type(sched.get_last_lr()).__name__, sched.get_last_lr())
opt.param_groups[1]["lr"] = 0.3
print("group 1 set to 0.3 by hand:", sched.get_last_lr(), "| optimizer:", [g["lr"] for g in opt.param_groups])
opt.step()
sched.step()
print("after step():", sched.get_last_lr())
assert sched.get_last_lr() == [0.05, 0.15]

last = sched.get_last_lr()
print("same object at the next call:", sched.get_last_lr() is last)
last[0] = 123.0
print("after editing the list:", sched.get_last_lr(), "| optimizer:", [g["lr"] for g in opt.param_groups])
assert sched.get_last_lr() is last and opt.param_groups[0]["lr"] == 0.05

t_opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=torch.tensor(0.25))
t_sched = lr_scheduler.ExponentialLR(t_opt, gamma=0.5)
t_sched.get_last_lr()[0].fill_(9.0)
assert t_sched.get_last_lr()[0].item() == 9.0 and t_opt.param_groups[0]["lr"].item() == 0.25

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    nxt = sched.get_lr()
print("get_lr():", nxt, "| optimizer:", [g["lr"] for g in opt.param_groups])
print(f"{caught[0].category.__name__}: {caught[0].message}")
assert caught[0].category is UserWarning and nxt == [0.025, 0.075]

# %% example-for: lrsched-state-dict
# Saving and resuming a schedule with ``state_dict()``
# ----------------------------------------------------
#
# A scheduler's ``state_dict()`` is its ``__dict__`` without the optimizer:
# ``last_epoch``, ``base_lrs``, its own settings. To resume, save it with the
# optimizer's, create a new optimizer and scheduler, then load both. The
# resumed schedule continues exactly where the first one stopped. For
# ``LambdaLR`` the functions themselves are not saved (``None`` for a
# function or lambda): pass them again to the constructor.
#
# The order matters for some schedulers only. Creating a scheduler runs its
# first step, which sets the rate of epoch 0: ``LambdaLR`` computes it from
# ``initial_lr`` and ``LinearLR`` multiplies by ``start_factor``, so created
# after the optimizer's state is loaded they overwrite the loaded rate.
# ``StepLR``, ``MultiStepLR``, ``ExponentialLR`` and ``CosineAnnealingLR``
# leave the rate unchanged at epoch 0 and keep it. Created before loading,
# every one of them resumes with the saved rate.

def build():
    opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
    return opt, lr_scheduler.MultiStepLR(opt, milestones=[2, 5], gamma=0.1)


opt, sched = build()
for epoch in range(3):
    opt.step()
    sched.step()
state = sched.state_dict()
print({k: state[k] for k in sorted(state)})
buffer = io.BytesIO()
torch.save({"optimizer": opt.state_dict(), "scheduler": state}, buffer)

buffer.seek(0)
checkpoint = torch.load(buffer)
opt2, sched2 = build()  # scheduler created BEFORE the optimizer's state is loaded
opt2.load_state_dict(checkpoint["optimizer"])
sched2.load_state_dict(checkpoint["scheduler"])
resumed = lrs(lambda o: sched2, 4, opt=opt2)
uninterrupted = lrs(lambda o: lr_scheduler.MultiStepLR(o, milestones=[2, 5], gamma=0.1), 7)[3:]
print("resumed:      ", resumed)
print("uninterrupted:", uninterrupted)
assert resumed == uninterrupted

lam = lr_scheduler.LambdaLR(torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0), lambda e: 0.5)
print("LambdaLR state_dict lr_lambdas:", lam.state_dict()["lr_lambdas"])

makers = {
    "StepLR": lambda o: lr_scheduler.StepLR(o, step_size=2, gamma=0.5),
    "MultiStepLR": lambda o: lr_scheduler.MultiStepLR(o, milestones=[2, 5], gamma=0.1),
    "ExponentialLR": lambda o: lr_scheduler.ExponentialLR(o, gamma=0.5),
    "CosineAnnealingLR": lambda o: lr_scheduler.CosineAnnealingLR(o, T_max=10),
    "LambdaLR": lambda o: lr_scheduler.LambdaLR(o, lambda e: 0.5**e),
    "LinearLR": lambda o: lr_scheduler.LinearLR(o, start_factor=0.25, total_iters=4),
}
overwritten = []
for name, make in makers.items():
    opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
    sched = make(opt)
    for epoch in range(3):
        opt.step()
        sched.step()
    saved_opt, saved_sched = opt.state_dict(), sched.state_dict()
    opt2 = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
    opt2.load_state_dict(saved_opt)
    sched2 = make(opt2)  # created AFTER loading the optimizer's state
    sched2.load_state_dict(saved_sched)
    opt3 = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=LR0)
    sched3 = make(opt3)  # created BEFORE loading, as above
    opt3.load_state_dict(saved_opt)
    sched3.load_state_dict(saved_sched)
    saved, wrong, right = (saved_opt["param_groups"][0]["lr"], opt2.param_groups[0]["lr"],
                           opt3.param_groups[0]["lr"])
    print(f"{name:17} saved lr {saved:.6g} | scheduler created after loading: {wrong:.6g}"
          f" | before loading: {right:.6g}")
    assert right == saved
    if not math.isclose(saved, wrong):
        overwritten.append(name)
assert overwritten == ["LambdaLR", "LinearLR"]
