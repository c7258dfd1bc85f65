"""
The training loop with an optimizer
===================================

The order of the five calls of one training step, what goes wrong without
``zero_grad()``, why the model is moved to its device before the optimizer
is built, and what ``zero_grad()`` leaves in ``.grad`` with and without
``set_to_none``.
"""
# also-on: cuda

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: optim-loop, torch.optim.Optimizer.step
# One step: zero_grad, forward, loss, backward, step
# --------------------------------------------------
#
# A linear model learns ``y = 2x + 1`` from 16 noisy points with plain SGD.
# ``step()`` only reads the ``.grad`` that ``backward()`` left and changes
# the parameters in place: for plain SGD the new weight is
# ``weight - lr * weight.grad``, checked on the first step.

x = torch.linspace(-1, 1, 16).unsqueeze(1)
y = 2 * x + 1 + 0.05 * torch.randn(16, 1)
model = nn.Linear(1, 1)
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)

losses = []
for it in range(30):
    optimizer.zero_grad()          # 1. clear the gradients of the last step
    pred = model(x)                # 2. forward
    loss = loss_fn(pred, y)        # 3. loss
    loss.backward()                # 4. backward: fills p.grad
    if it == 0:
        before = model.weight.detach().clone()
        grad = model.weight.grad.clone()
    optimizer.step()               # 5. update the parameters from p.grad
    if it == 0:
        assert torch.allclose(model.weight.detach(), before - 0.5 * grad)
        print("first step: weight", before.item(), "- 0.5 *", grad.item(), "=", model.weight.item())
    losses.append(loss.item())
print("loss at steps 0, 10, 20, 29:", [round(losses[i], 5) for i in (0, 10, 20, 29)])
print("learned weight and bias:", round(model.weight.item(), 3), round(model.bias.item(), 3))
assert losses[-1] < 0.01 < losses[0]

# %% example-for: optim-no-zero-grad
# Without ``zero_grad()`` the gradients add up
# --------------------------------------------
#
# ``backward()`` **adds** into ``.grad``; it never overwrites it. Two
# backward passes over the same batch without ``zero_grad()`` in between
# leave twice the gradient, so the next ``step()`` moves twice as far (and
# after ``k`` iterations ``k`` stale gradients are summed).

model = nn.Linear(1, 1)
for i in range(3):
    loss_fn(model(x), y).backward()
    print(f"after backward #{i + 1}: weight.grad = {model.weight.grad.item():.4f}")
g1 = torch.autograd.grad(loss_fn(model(x), y), model.weight)[0]
assert torch.allclose(model.weight.grad, 3 * g1)
print("one backward alone gives", round(g1.item(), 4))

# %% example-for: optim-device
# Move the model first, then build the optimizer
# ----------------------------------------------
#
# The optimizer keeps references to the very tensors it was given, not
# copies. In torch 2.13 ``model.to(...)`` keeps each ``Parameter`` object
# and replaces its data, but two things still go wrong when the optimizer is
# built first: state created by a ``step()`` before the move keeps its dtype
# and device (here the momentum buffer keeps ``float32`` when the model goes
# to ``float64``; on a GPU it would stay on the old device), and after
# ``torch.__future__.set_overwrite_module_params_on_conversion(True)``
# ``.to()`` creates new ``Parameter`` objects, so the optimizer goes on
# updating the old tensors, which the model no longer uses. On this CPU
# runner ``device`` is ``"cpu"``.

device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.Linear(2, 1).to(device)                           # first the model ...
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)  # ... then the optimizer
held = optimizer.param_groups[0]["params"]
print("device:", device)
print("optimizer holds the module's own tensors:", [p is q for p, q in zip(held, model.parameters())])
assert all(p is q for p, q in zip(held, model.parameters()))

model(torch.ones(1, 2, device=device)).sum().backward()
optimizer.step()
model.to(torch.float64)  # moved AFTER a step
print("after .to(), optimizer still holds the module's weight:", optimizer.param_groups[0]["params"][0] is model.weight)
assert optimizer.param_groups[0]["params"][0] is model.weight
print("weight:", model.weight.dtype, "| its momentum buffer:", optimizer.state[model.weight]["momentum_buffer"].dtype)
assert optimizer.state[model.weight]["momentum_buffer"].dtype == torch.float32

torch.__future__.set_overwrite_module_params_on_conversion(True)
model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model.to(torch.float64)
torch.__future__.set_overwrite_module_params_on_conversion(False)
print("after .to() made new Parameters, optimizer holds the module's weight:",
      optimizer.param_groups[0]["params"][0] is model.weight)
print("the optimizer's weight is still", optimizer.param_groups[0]["params"][0].dtype)
assert optimizer.param_groups[0]["params"][0] is not model.weight
assert optimizer.param_groups[0]["params"][0].dtype == torch.float32

# %% example-for: optim-zero-grad, torch.optim.Optimizer.zero_grad
# ``zero_grad()`` sets ``.grad`` to ``None`` by default
# -----------------------------------------------------
#
# The default is ``set_to_none=True``: ``.grad`` becomes ``None`` (the
# gradient's memory is released, nothing is filled with zeros). ``set_to_none=False`` writes zeros
# into the existing gradient tensor instead. The difference shows in the
# next ``step()``: the optimizers skip a parameter whose ``.grad`` is
# ``None``, but a zero gradient is still a gradient, so AdamW's weight
# decay still shrinks the parameter.

w = nn.Parameter(torch.tensor([5.0, -5.0]))
optimizer = torch.optim.AdamW([w], lr=0.1, weight_decay=0.1)
(w ** 2).sum().backward()
optimizer.zero_grad()
print("zero_grad():                ", w.grad)
assert w.grad is None
optimizer.step()
print("step with grad None:         w =", w.data)
assert torch.equal(w.data, torch.tensor([5.0, -5.0]))

(w ** 2).sum().backward()
grad_tensor = w.grad
optimizer.zero_grad(set_to_none=False)
print("zero_grad(set_to_none=False):", w.grad, "| same tensor:", w.grad is grad_tensor)
optimizer.step()
print("step with zero grad:         w =", w.data, "(decayed by lr * weight_decay)")
assert torch.allclose(w.data, torch.tensor([4.95, -4.95]))
