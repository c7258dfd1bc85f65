"""
Regression losses: L1, MSE and SmoothL1
=======================================

``L1Loss`` averages absolute errors, ``MSELoss`` squared errors, and
``SmoothL1Loss`` is squared for small errors and absolute for large ones.
The figure draws all of them as a function of the error.
"""

import warnings

import matplotlib.pyplot as plt
import torch
from torch import nn

_ = torch.manual_seed(0)

# %% example-for: torch.nn.L1Loss
# Mean absolute error
# -------------------
#
# ``L1Loss`` computes ``|input - target|`` per element, then reduces. Its
# gradient is ``sign(input - target)`` divided by the number of elements:
# the same size for every wrong element, and ``0`` where the error is
# exactly ``0``. Integer tensors fail with the default ``'mean'``: give it
# floating-point tensors.

pred = torch.tensor([2.5, 0.0, 2.0, 8.0], requires_grad=True)
target = torch.tensor([3.0, -0.5, 2.0, 7.0])
loss = nn.L1Loss()(pred, target)
loss.backward()
print("loss:", loss)
print("grad:", pred.grad)
assert torch.allclose(loss, (pred - target).abs().mean())
assert torch.equal(pred.grad, torch.sign(pred - target).detach() / 4)

try:
    nn.L1Loss()(torch.tensor([1, 2]), torch.tensor([1, 3]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.MSELoss
# Mean squared error, and the broadcasting trap
# ---------------------------------------------
#
# ``MSELoss`` computes ``(input - target) ** 2`` per element. A model that
# outputs shape ``(N, 1)`` compared with a target of shape ``(N,)`` does not
# fail: the two broadcast to ``(N, N)`` and every prediction is compared
# with every target. PyTorch only warns.

pred = torch.tensor([[1.0], [2.0], [3.0]])        # (3, 1), e.g. nn.Linear(k, 1)
target = torch.tensor([1.0, 2.0, 3.0])            # (3,)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    wrong = nn.MSELoss()(pred, target)
print(f"{caught[0].category.__name__}: {caught[0].message}")
right = nn.MSELoss()(pred.squeeze(1), target)
print("with (3, 1) vs (3,):", wrong, "| after squeeze(1):", right)
assert caught[0].category is UserWarning
assert torch.allclose(wrong, ((pred - target) ** 2).mean())   # the (3, 3) grid
assert right == 0

# Shapes that cannot broadcast raise an error (after the same warning).
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        nn.MSELoss()(torch.zeros(3), torch.zeros(4))
    except RuntimeError as err:
        print(f"{caught[0].category.__name__}: {caught[0].message}")
        print(f"RuntimeError: {err}")
assert caught[0].category is UserWarning

# %% example-for: torch.nn.SmoothL1Loss
# ``beta``: quadratic below, linear above
# ---------------------------------------
#
# With ``d = |input - target|``, ``SmoothL1Loss`` is ``0.5 * d**2 / beta``
# where ``d < beta`` and ``d - 0.5 * beta`` elsewhere (default
# ``beta=1.0``). The two pieces meet with the same value and slope at
# ``d = beta``. ``beta=0`` gives exactly ``L1Loss``; a negative ``beta``
# raises. ``nn.HuberLoss(delta=b)`` equals ``b * SmoothL1Loss(beta=b)``.

err = torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.25, 0.5, 2.0])
zero = torch.zeros_like(err)
for beta in (1.0, 0.5, 0.0):
    print(f"beta={beta}:", nn.SmoothL1Loss(beta=beta, reduction="none")(err, zero))

beta = 0.5
d = err.abs()
by_hand = torch.where(d < beta, 0.5 * d**2 / beta, d - 0.5 * beta)
assert torch.allclose(nn.SmoothL1Loss(beta=beta, reduction="none")(err, zero), by_hand)
assert torch.equal(nn.SmoothL1Loss(beta=0.0, reduction="none")(err, zero),
                   nn.L1Loss(reduction="none")(err, zero))
assert torch.allclose(nn.HuberLoss(delta=beta, reduction="none")(err, zero),
                      beta * nn.SmoothL1Loss(beta=beta, reduction="none")(err, zero))
try:
    nn.SmoothL1Loss(beta=-1.0)(err, zero)
except RuntimeError as err_:
    print(f"RuntimeError: {err_}")

# %% example-for: loss-regression-curves
# The regression losses as a function of the error
# ------------------------------------------------
#
# The figure plots each loss for one element (``reduction='none'``) against
# the error ``input - target``. MSE grows fastest for large errors, so
# outliers dominate it; L1 has the same slope everywhere and a kink at 0;
# SmoothL1 is a parabola inside ``[-beta, beta]`` and a shifted L1 outside.

e = torch.linspace(-3, 3, 241)
z = torch.zeros_like(e)
curves = {
    "L1Loss": nn.L1Loss(reduction="none")(e, z),
    "MSELoss": nn.MSELoss(reduction="none")(e, z),
    "SmoothL1Loss, beta=1": nn.SmoothL1Loss(beta=1.0, reduction="none")(e, z),
    "SmoothL1Loss, beta=2": nn.SmoothL1Loss(beta=2.0, reduction="none")(e, z),
}
fig, ax = plt.subplots(figsize=(6, 3.5))
for (name, values), style in zip(curves.items(), ["-", "-", "--", ":"]):
    ax.plot(e, values, style, label=name)
ax.set_xlabel("error (input - target)")
ax.set_ylabel("loss per element")
ax.set_ylim(0, 4)
ax.legend()
ax.grid(alpha=0.3)
plt.tight_layout()
plt.show()
