"""
BCELoss and BCEWithLogitsLoss: probabilities versus logits
==========================================================

``BCELoss`` takes probabilities and clamps its logarithms at -100;
``BCEWithLogitsLoss`` takes logits and computes sigmoid and BCE together,
stably. On large logits the first saturates and loses its gradient, the
second does not.
"""

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)
torch.set_printoptions(precision=4, sci_mode=False)

# %% example-for: torch.nn.BCELoss
# Probabilities in, float targets in ``[0, 1]``
# ---------------------------------------------
#
# Per element, ``BCELoss`` computes ``-(y * log(p) + (1 - y) * log(1 - p))``.
# The input must be probabilities (after ``sigmoid``) and the target a
# floating tensor of the same shape, with values in ``[0, 1]`` (soft labels
# are allowed). Values outside ``[0, 1]``, an integer target or a different
# shape raise.

p = torch.tensor([0.9, 0.2, 0.6])
y = torch.tensor([1.0, 0.0, 0.5])
loss = nn.BCELoss(reduction="none")(p, y)
print(loss)
assert torch.allclose(loss, -(y * p.log() + (1 - y) * (1 - p).log()))
w = torch.tensor([1.0, 2.0, 0.0])                 # weight: one factor per element
print("weight=", w, "->", nn.BCELoss(weight=w, reduction="none")(p, y))
assert torch.allclose(nn.BCELoss(weight=w, reduction="none")(p, y), w * loss)

for name, args in [("input 1.5", (torch.tensor([1.5]), torch.tensor([1.0]))),
                   ("target 2.0", (torch.tensor([0.5]), torch.tensor([2.0]))),
                   ("int64 target", (torch.tensor([0.5]), torch.tensor([1]))),
                   ("shape (2,) vs (1, 2)", (torch.tensor([0.5, 0.2]), torch.tensor([[1.0, 0.0]])))]:
    try:
        nn.BCELoss()(*args)
    except (RuntimeError, ValueError) as err:
        print(f"{name}: {type(err).__name__}: {err}")

# %% example-for: loss-bce-clamp
# The logarithms are clamped at -100
# ----------------------------------
#
# ``log(0)`` is ``-inf``. ``BCELoss`` clamps each log term to at least
# ``-100``, so a probability of exactly 0 (or 1) with the opposite target
# costs 100, not ``inf``, and the gradient stays finite.

print("log(0) =", torch.log(torch.tensor(0.0)))
p0 = torch.tensor([0.0, 1.0], requires_grad=True)
y0 = torch.tensor([1.0, 0.0])
clamped = nn.BCELoss(reduction="none")(p0, y0)
clamped.sum().backward()
print("loss:", clamped)
print("grad:", p0.grad)
assert torch.equal(clamped.detach(), torch.full((2,), 100.0))
assert p0.grad.isfinite().all()

# %% example-for: loss-bce-logits
# ``BCELoss(sigmoid(x))`` versus ``BCEWithLogitsLoss(x)`` on large logits
# -----------------------------------------------------------------------
#
# In float32, ``sigmoid(x)`` rounds to exactly 1.0 from about ``x = 16.6``
# and to 0.0 for ``x = -100``. After that, ``BCELoss`` sees ``log(0)``,
# clamps it to -100, and its gradient through the sigmoid is 0.
# ``BCEWithLogitsLoss`` computes ``max(x, 0) - x * y + log(1 + exp(-|x|))``
# from the logit itself: the loss keeps growing like ``|x|`` and the
# gradient is ``sigmoid(x) - y``, about ±1, where the model is confidently
# wrong.

print("sigmoid of 16.5, 16.7, -100:", torch.sigmoid(torch.tensor([16.5, 16.7, -100.0])).tolist())
assert torch.sigmoid(torch.tensor(16.5)) < 1 and torch.sigmoid(torch.tensor(16.7)) == 1
assert torch.sigmoid(torch.tensor(-100.0)) == 0

x = torch.tensor([-200.0, -100.0, -20.0, 0.0, 20.0, 100.0, 200.0])
rows = {}
for target in (1.0, 0.0):
    y = torch.full_like(x, target)
    xa = x.clone().requires_grad_()
    xb = x.clone().requires_grad_()
    bce = nn.BCELoss(reduction="none")(torch.sigmoid(xa), y)
    bcel = nn.BCEWithLogitsLoss(reduction="none")(xb, y)
    (bce.sum() + bcel.sum()).backward()
    rows[target] = (bce.detach(), bcel.detach(), xa.grad, xb.grad)
    print(f"target {target:.0f}   x:", x)
    print("  BCELoss(sigmoid(x)):", bce.detach())
    print("  BCEWithLogitsLoss:  ", bcel.detach())
    print("  grad via BCELoss:   ", xa.grad)
    print("  grad with logits:   ", xb.grad)

bce1, bcel1, ga1, gb1 = rows[1.0]
bce0, bcel0, ga0, gb0 = rows[0.0]
assert torch.allclose(bce1[2:5], bcel1[2:5]) and torch.allclose(ga1[2:5], gb1[2:5])  # |x| <= 20
assert bce1[0] == 100 and bcel1[0] == 200       # target 1, x = -200: saturated at 100
assert bce0[4] == 100 and bcel0[4] == 20        # target 0, x = 20: sigmoid rounded to 1
assert ga0[4] == 0 and gb0[4] == 1              # ... and its gradient vanished
assert ga1[1] == 0 and gb1[1] == -1             # target 1, x = -100: loss 100 either way, gradient lost
assert torch.allclose(gb1, torch.sigmoid(x) - 1) and torch.allclose(gb0, torch.sigmoid(x))

# Before the sigmoid rounds to 1, ``1 - sigmoid(x)`` already has few
# significant bits: with target 0, BCELoss is off well below x = 16.6.
x_big = torch.tensor([10.0, 14.0, 16.5])
y_big = torch.zeros(3)
lossy = nn.BCELoss(reduction="none")(torch.sigmoid(x_big), y_big)
print("target 0, x = 10, 14, 16.5:", lossy, "vs", nn.BCEWithLogitsLoss(reduction="none")(x_big, y_big))
assert torch.sigmoid(x_big).lt(1).all() and (lossy[2] - 16.5).abs() > 0.5

# %% example-for: torch.nn.BCEWithLogitsLoss
# ``pos_weight``: weigh the positive term per class
# -------------------------------------------------
#
# ``pos_weight`` (a tensor, one value per class, broadcast over the last
# dimension) multiplies only the ``y * log(sigmoid(x))`` term, the cost of
# missing a positive. For a class with ``n`` negatives per positive,
# ``pos_weight=n`` gives the positives the same total weight as the
# negatives: the best constant prediction moves from the positive rate
# ``1 / (n + 1)`` to 0.5 (checked below for ``n = 3``). ``weight`` instead
# multiplies the whole loss of each element.

logits = torch.tensor([[1.0, -2.0, 0.5], [0.3, 0.8, -1.0]])   # (N=2, classes=3)
target = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.0]])
pos_weight = torch.tensor([3.0, 1.0, 2.0])
weighted = nn.BCEWithLogitsLoss(pos_weight=pos_weight, reduction="none")(logits, target)
by_hand = -(pos_weight * target * F.logsigmoid(logits) + (1 - target) * F.logsigmoid(-logits))
print(weighted)
assert torch.allclose(weighted, by_hand)
plain = nn.BCEWithLogitsLoss(reduction="none")(logits, target)
assert torch.allclose(weighted[target == 0], plain[target == 0])   # negatives unchanged
w = torch.tensor([1.0, 0.5, 2.0])
assert torch.allclose(nn.BCEWithLogitsLoss(weight=w, reduction="none")(logits, target), w * plain)

# One positive and n = 3 negatives, the same logit for all four: which
# constant probability minimises the loss?
y4 = torch.tensor([1.0, 0.0, 0.0, 0.0])
grid = torch.linspace(-4, 4, 8001)
for pw in (None, torch.tensor(3.0)):
    losses = nn.BCEWithLogitsLoss(pos_weight=pw, reduction="none")(grid[:, None].expand(-1, 4), y4.expand(8001, 4))
    best = torch.sigmoid(grid[losses.mean(dim=1).argmin()])
    print(f"pos_weight={pw}: best constant probability {best:.3f}")
assert abs(best - 0.5) < 1e-3                          # with pos_weight = n = 3

# A sigmoid before it is applied a second time inside.
double = nn.BCEWithLogitsLoss()(torch.sigmoid(logits), target)
print("sigmoid applied twice:", double, " correct:", nn.BCEWithLogitsLoss()(logits, target))
assert torch.allclose(double, nn.BCELoss()(torch.sigmoid(torch.sigmoid(logits)), target))

try:
    nn.BCEWithLogitsLoss(pos_weight=3.0)(logits, target)
except (TypeError, RuntimeError, AttributeError) as err:
    print(f"pos_weight=3.0: {type(err).__name__}: {err}")
