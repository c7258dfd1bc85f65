"""
Gradient clipping: by norm, by value, and with a GradScaler
===========================================================

``clip_grad_norm_`` scales every gradient by one factor so that their total
norm is at most ``max_norm`` and returns the norm it measured before;
``clip_grad_value_`` clamps each element. This script compares the two,
places clipping in a training step, and shows what goes wrong when the
gradients are still scaled by a ``GradScaler``.
"""

import torch
import torch.nn as nn
from torch.nn.utils import (clip_grad_norm_, clip_grad_value_, get_total_norm, parameters_to_vector,
                            vector_to_parameters)

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)


def two_parameters():
    """Two parameters whose gradients are (3, 4) and (12,): total 2-norm 13."""
    p, q = nn.Parameter(torch.zeros(2)), nn.Parameter(torch.zeros(1))
    p.grad, q.grad = torch.tensor([3.0, 4.0]), torch.tensor([12.0])
    return p, q


# %% example-for: utilities-clip-grad, torch.nn.utils.clip_grad_norm_
# ``clip_grad_norm_``: one factor for all, and the norm before
# ------------------------------------------------------------
#
# The total norm is taken over all gradients together, as if concatenated:
# ``sqrt(3² + 4² + 12²) = 13``. Every gradient is multiplied by
# ``max_norm / 13``, so the direction is kept. The return value is 13, the
# norm **before** clipping: log it to see how often clipping acts.

p, q = two_parameters()
before = clip_grad_norm_([p, q], max_norm=1.0)
print("returned:", before)
print("after   :", p.grad, q.grad, "total norm", get_total_norm([p.grad, q.grad]))
assert torch.allclose(torch.cat([p.grad, q.grad]), torch.tensor([3.0, 4.0, 12.0]) / 13)
p, q = two_parameters()
print("max_norm above the norm: returns", clip_grad_norm_([p, q], max_norm=100.0), "grads unchanged", p.grad)

# %% example-for: utilities-clip-grad, torch.nn.utils.clip_grad_value_
# ``clip_grad_value_``: each element on its own
# ---------------------------------------------
#
# Every element is clamped to ``[-clip_value, clip_value]``. Large elements
# shrink more than small ones, so the direction of the gradient changes, and
# the function returns ``None``.

p, q = two_parameters()
print("returned:", clip_grad_value_([p, q], clip_value=3.5))
print("after   :", p.grad, q.grad)
direction = torch.cat([p.grad, q.grad]) / get_total_norm([p.grad, q.grad])
print("direction before:", torch.tensor([3.0, 4.0, 12.0]) / 13, "after:", direction)

# %% example-for: torch.nn.utils.get_total_norm
# ``get_total_norm``: the norm ``clip_grad_norm_`` measures
# ---------------------------------------------------------
#
# It takes tensors (pass the gradients, not the parameters) and returns the
# norm of all of them together; ``norm_type=inf`` gives the largest absolute
# element.

grads = [torch.tensor([3.0, 4.0]), torch.tensor([12.0])]
print("2-norm  :", get_total_norm(grads))
print("inf-norm:", get_total_norm(grads, norm_type=float("inf")))
assert torch.equal(get_total_norm(grads), torch.cat(grads).norm())

# %% example-for: utilities-clip-grad, torch.nn.utils.clip_grad_norm_
# A non-finite gradient
# ---------------------
#
# With an ``inf`` in a gradient the total norm is ``inf``, and scaling by
# ``max_norm / inf`` turns the gradients into ``nan`` and zeros.
# ``error_if_nonfinite=True`` raises instead.

p = nn.Parameter(torch.zeros(2))
p.grad = torch.tensor([float("inf"), 1.0])
print("returned:", clip_grad_norm_([p], 1.0), "grad:", p.grad)
p.grad = torch.tensor([float("inf"), 1.0])
try:
    clip_grad_norm_([p], 1.0, error_if_nonfinite=True)
except RuntimeError as err:
    print(err)

# %% example-for: utilities-clip-grad, torch.amp.GradScaler.unscale_
# Where clipping goes, with a ``GradScaler``
# ------------------------------------------
#
# After ``backward()`` and before ``optimizer.step()``. With a ``GradScaler``
# the gradients are multiplied by the scale (65536 at first) until
# ``scaler.unscale_(optimizer)``: clipping them before that measures a norm
# 65536 times too large and shrinks the real gradients to almost nothing.
# The GradScaler runs here on the CPU, where it scales in the same way.

model = nn.Linear(4, 1)
data, target = torch.randn(16, 4), torch.randn(16, 1)


def step(unscale_first):
    torch.manual_seed(1)
    model.reset_parameters()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    loss = nn.functional.mse_loss(model(data), target)
    scaler.scale(loss).backward()
    if unscale_first:
        scaler.unscale_(optimizer)
    norm = clip_grad_norm_(model.parameters(), max_norm=1.0)
    before = model.weight.detach().clone()
    scaler.step(optimizer)  # unscales first if unscale_ was not called
    scaler.update()
    return norm, (model.weight.detach() - before).norm()


for unscale_first in (True, False):
    norm, moved = step(unscale_first)
    print(f"unscale_ first: {unscale_first!s:5}  norm seen by clipping {norm:10.3f}  weight moved by {moved:.6f}")

# %% example-for: torch.nn.utils.parameters_to_vector
# ``parameters_to_vector``: all parameters as one flat copy
# ---------------------------------------------------------
#
# The parameters are flattened and concatenated in ``parameters()`` order.
# The vector is a copy: changing it does not change the model.

net = nn.Sequential(nn.Linear(3, 2), nn.Linear(2, 1))
vec = parameters_to_vector(net.parameters())
print("parameter shapes:", [tuple(p.shape) for p in net.parameters()], "-> vector", tuple(vec.shape))
vec.zero_()
print("model unchanged:", net[0].bias)

# %% example-for: torch.nn.utils.vector_to_parameters
# ``vector_to_parameters``: write a vector back
# ---------------------------------------------
#
# The inverse: it slices the vector in the same order and sets each
# parameter's ``.data`` to its slice, a view: the parameters then share
# memory with the vector. A vector that is too short fails at the first
# parameter that does not fit; one that is too long is accepted, and its
# extra elements are ignored.

source = torch.arange(11.0)
vector_to_parameters(source, net.parameters())
print(net[0].weight, net[0].bias, net[1].weight, net[1].bias, sep="\n")
assert torch.equal(parameters_to_vector(net.parameters()), torch.arange(11.0))
source.mul_(10)
print("after source.mul_(10), the bias of the last layer:", net[1].bias.data)
assert net[1].bias.item() == 100.0
try:
    vector_to_parameters(torch.arange(9.0), net.parameters())
except RuntimeError as err:
    print("too short:", err)
vector_to_parameters(torch.arange(20.0), net.parameters())
print("too long, accepted:", parameters_to_vector(net.parameters()))
