"""
Where scheduler.step() goes in a training loop
==============================================

A scheduler changes ``optimizer.param_groups[i]["lr"]`` each time its
``step()`` is called. Since PyTorch 1.1 the order is: the batches of an epoch
(each ending in ``optimizer.step()``), then ``scheduler.step()`` once. This
script runs that loop, shows the warning of the old order and what it costs,
and shows that ``verbose=`` is gone: ``get_last_lr()`` reports the rate.
"""

import warnings

import torch
from torch import nn
from torch.optim import lr_scheduler

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
x = torch.randn(8, 3)
y = x @ torch.tensor([1.0, -2.0, 0.5]) + 0.3

# %% example-for: lrsched-loop-order
# The post-1.1 order: ``optimizer.step()`` per batch, ``scheduler.step()`` per epoch
# ----------------------------------------------------------------------------------
#
# Creating the scheduler already performs its first step: ``last_epoch``
# becomes 0 and each parameter group gets an ``"initial_lr"`` key. The rate
# of epoch ``e`` is read with ``get_last_lr()`` before the epoch runs.

model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
print("after construction: last_epoch =", scheduler.last_epoch,
      "| initial_lr =", optimizer.param_groups[0]["initial_lr"])

used = []
for epoch in range(5):
    lr = scheduler.get_last_lr()[0]
    for xb, yb in zip(x.split(4), y.split(4)):  # two batches per epoch
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(xb).squeeze(1), yb)
        loss.backward()
        optimizer.step()
        used.append(optimizer.param_groups[0]["lr"])  # the lr this batch was updated with
    scheduler.step()  # once per epoch, after the optimizer steps
    print(f"epoch {epoch}: lr {lr:.4f}  loss of last batch {loss.item():.4f}")
print("lr of each optimizer step:", used)
assert used == [0.1 * 0.5 ** (e // 2) for e in range(5) for _ in range(2)]

per_batch = torch.optim.SGD(nn.Linear(3, 1).parameters(), lr=0.1)
too_fast = lr_scheduler.StepLR(per_batch, step_size=2, gamma=0.5)
for epoch in range(5):
    for _batch in range(2):
        per_batch.step()
        too_fast.step()
print("same 5 epochs, scheduler.step() once per batch: last_epoch =", too_fast.last_epoch,
      "| lr", too_fast.get_last_lr()[0], "instead of", scheduler.get_last_lr()[0])
assert too_fast.last_epoch == 2 * scheduler.last_epoch == 10

# %% example-for: lrsched-loop-order
# The old order warns, and skips the first value
# ----------------------------------------------
#
# Calling ``scheduler.step()`` before the first ``optimizer.step()`` raises a
# ``UserWarning`` (once, on that first call). The schedule then runs one epoch
# ahead: the optimizer never trains with the schedule's epoch-0 rate.

def lrs_seen(order_right):
    p = nn.Parameter(torch.zeros(1))
    opt = torch.optim.SGD([p], lr=0.1)
    sched = lr_scheduler.ExponentialLR(opt, gamma=0.5)
    seen = []
    for epoch in range(3):
        p.grad = torch.ones(1)
        if not order_right:
            sched.step()
        opt.step()
        seen.append(opt.param_groups[0]["lr"])
        if order_right:
            sched.step()
    return seen


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    wrong = lrs_seen(order_right=False)
print(f"{len(caught)} warning: {caught[0].category.__name__}: {caught[0].message}")
with warnings.catch_warnings(record=True) as caught_right:
    warnings.simplefilter("always")
    right = lrs_seen(order_right=True)
print("right order, lrs used:", right, "| warnings:", len(caught_right))
print("wrong order, lrs used:", wrong)
assert len(caught) == 1 and caught[0].category is UserWarning and not caught_right
assert right == [0.1, 0.05, 0.025] and wrong == [0.05, 0.025, 0.0125]

# %% example-for: lrsched-verbose
# ``verbose=`` no longer exists: use ``get_last_lr()``
# ----------------------------------------------------
#
# ``verbose`` was deprecated in PyTorch 2.2 and has been removed since: in
# torch 2.13 any ``verbose=`` value, even the old default
# ``"deprecated"``, is an unexpected keyword argument, and the schedulers no
# longer have the ``print_lr`` method that printed the rate. Print
# ``get_last_lr()`` yourself after ``step()``.

optimizer = torch.optim.SGD(nn.Linear(3, 1).parameters(), lr=0.1)
print(torch.__version__)
refused = 0
for cls, kwargs in [(lr_scheduler.StepLR, {"step_size": 2}), (lr_scheduler.ReduceLROnPlateau, {})]:
    for value in (True, "deprecated"):
        try:
            cls(optimizer, verbose=value, **kwargs)
        except TypeError as err:
            refused += 1
            print(f"verbose={value!r}: TypeError: {err}")
assert refused == 4
scheduler = lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
print("has print_lr:", hasattr(scheduler, "print_lr"))
assert not hasattr(scheduler, "print_lr")
for epoch in range(3):
    optimizer.step()
    scheduler.step()
    print(f"epoch {epoch}: next lr {scheduler.get_last_lr()}")
