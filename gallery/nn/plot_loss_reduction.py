"""
Loss reduction: mean, sum or none
=================================

Every loss on this page computes one value per element (or per sample) and
then reduces them with ``reduction``: ``'mean'`` (the default), ``'sum'``
or ``'none'``. The older arguments ``size_average`` and ``reduce`` still
work but warn and are translated into a ``reduction``.
"""

import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)

# %% example-for: loss-reduction
# The three reductions on one loss
# --------------------------------
#
# ``reduction='none'`` returns the unreduced losses, for an elementwise loss
# such as ``L1Loss`` with the shape of the input. ``'sum'`` adds them and
# ``'mean'`` divides that sum by the number of elements; both return a 0-dim
# tensor.

pred = torch.tensor([[0.5, 2.0, 1.0], [3.0, -1.0, 0.0]])
target = torch.tensor([[1.0, 2.0, 0.0], [1.0, 1.0, 1.0]])
results = {r: nn.L1Loss(reduction=r)(pred, target) for r in ("none", "sum", "mean")}
for r, value in results.items():
    print(f"{r:>4}: shape {tuple(value.shape)}")
    print(value)
assert results["none"].shape == pred.shape
assert torch.equal(results["sum"], results["none"].sum())
assert torch.equal(results["mean"], results["none"].sum() / pred.numel())

# %% example-for: loss-reduction
# ``'none'`` for a classification loss: one loss per sample
# ---------------------------------------------------------
#
# For ``CrossEntropyLoss`` the class dimension is consumed, so ``'none'``
# gives shape ``(N,)`` (or ``(N, d1, ...)``). Keeping the per-sample losses
# lets you weight or mask them yourself before reducing.

logits = torch.randn(4, 3)
labels = torch.tensor([0, 2, 1, 2])
per_sample = nn.CrossEntropyLoss(reduction="none")(logits, labels)
print("per sample:", per_sample, per_sample.shape)
mask = torch.tensor([1.0, 1.0, 0.0, 1.0])          # drop the third sample
print("masked mean:", (per_sample * mask).sum() / mask.sum())
assert per_sample.shape == (4,)
assert torch.allclose(per_sample.mean(), nn.CrossEntropyLoss()(logits, labels))

# %% example-for: loss-reduction
# Any other string is refused
# ---------------------------
#
# The string is checked when the loss is computed, not when the module is
# built. ``'batchmean'`` exists only for ``KLDivLoss``. One old spelling is
# still accepted: ``'elementwise_mean'``, the former name of ``'mean'``,
# gives the ``'mean'`` result with a ``UserWarning`` for every loss of this
# page except ``PoissonNLLLoss``, which refuses it.

loss_fn = nn.MSELoss(reduction="avg")               # no error yet
for name in ("avg", "batchmean"):
    loss_fn.reduction = name
    try:
        loss_fn(pred, target)
    except ValueError as err:
        print(f"ValueError: {err}")

probs = pred.sigmoid()
log_probs = torch.randn(5, 2, 3).log_softmax(dim=2)
ctc_args = (log_probs, torch.tensor([[1, 2], [1, 1]]), torch.full((2,), 5), torch.full((2,), 2))
calls = {
    nn.L1Loss: (pred, target), nn.MSELoss: (pred, target), nn.SmoothL1Loss: (pred, target),
    nn.CrossEntropyLoss: (pred, torch.tensor([0, 2])), nn.NLLLoss: (pred, torch.tensor([0, 2])),
    nn.BCELoss: (probs, target.clamp(0, 1)), nn.BCEWithLogitsLoss: (pred, target.clamp(0, 1)),
    nn.KLDivLoss: (pred.log_softmax(dim=1), pred.softmax(dim=1)), nn.PoissonNLLLoss: (pred, target.abs()),
    nn.CTCLoss: ctc_args,
}
accepted = []
for cls, args in calls.items():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            old_name = cls(reduction="elementwise_mean")(*args)
        except ValueError as err:
            print(f"{cls.__name__:18} ValueError: {err}")
            continue
        same = torch.equal(old_name, cls()(*args))  # KLDivLoss's own 'mean' warning is caught here too
    messages = [str(w.message) for w in caught if "elementwise_mean" in str(w.message)]
    print(f"{cls.__name__:18} same as 'mean': {same} | UserWarning: {messages[0]}")
    accepted.append(cls)
assert nn.PoissonNLLLoss not in accepted and len(accepted) == len(calls) - 1

# %% example-for: loss-reduction-deprecated
# ``size_average`` and ``reduce`` are deprecated
# ----------------------------------------------
#
# ``CTCLoss`` does not take them. Passing either of them to the constructor of
# any other loss of this page emits a ``UserWarning`` and
# sets ``reduction`` from the pair: ``reduce=False`` gives ``'none'`` (and
# ``size_average`` is then ignored); otherwise ``size_average=False`` gives
# ``'sum'``; otherwise ``'mean'``. An argument left at ``None`` counts as
# ``True``.

combos = [dict(size_average=False), dict(size_average=True), dict(reduce=False),
          dict(reduce=True), dict(size_average=False, reduce=True),
          dict(size_average=True, reduce=False), dict(size_average=False, reduce=False),
          dict(size_average=True, reduce=True)]
for kwargs in combos:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss_fn = nn.L1Loss(**kwargs)
    print(f"{str(kwargs):40} -> reduction={loss_fn.reduction!r}")
    print(f"    {caught[0].category.__name__}: {caught[0].message}")
    assert caught[0].category is UserWarning

try:
    nn.CTCLoss(size_average=False)
except TypeError as err:
    print(f"CTCLoss: TypeError: {err}")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    expected = ["sum", "mean", "none", "mean", "sum", "none", "none", "mean"]
    assert [nn.L1Loss(**k).reduction for k in combos] == expected
    old = nn.L1Loss(size_average=False)(pred, target)

# The new spelling gives the same result without the warning.
with warnings.catch_warnings():
    warnings.simplefilter("error")                  # any warning would raise here
    new = nn.L1Loss(reduction="sum")(pred, target)
print(old, new)
assert torch.equal(old, new)
