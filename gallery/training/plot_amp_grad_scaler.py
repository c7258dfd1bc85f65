"""
Gradient scaling with GradScaler
================================

Small gradients underflow to zero in ``float16``. ``torch.amp.GradScaler``
multiplies the loss by a large scale factor before ``backward()``, divides
the gradients by it again before the optimizer step, skips the step when a
gradient is inf or NaN, and adapts the scale. This script runs it on the
CPU (``GradScaler("cpu")``), where every method works.
"""
# also-on: cuda

import warnings

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.amp.GradScaler
# Why scale: small values vanish in float16
# -----------------------------------------
#
# ``float16`` has a narrow range: a gradient of ``1e-8``, far below its
# smallest normal number, becomes 0. Multiplied by the default scale
# ``2**16`` first, it is
# representable, and dividing by the scale in ``float32`` gives it back.
# ``bfloat16`` has the exponent range of ``float32``, which is why bfloat16
# autocast usually runs without a scaler.

for dtype in (torch.float16, torch.bfloat16, torch.float32):
    info = torch.finfo(dtype)
    print(f"{str(dtype):15} smallest normal {info.smallest_normal:.3g}  max {info.max:.3g}")

grad = torch.tensor(1e-8)
print("1e-8 in float16:", grad.half().item())
scaled = (grad * 2**16).half()
print("scaled by 2**16 in float16:", scaled.item(),
      "| unscaled in float32:", f"{scaled.float().item() / 2**16:.3g}")
assert grad.half().item() == 0.0 and scaled.item() > 0

# %% example-for: torch.amp.GradScaler
# One training step: scale, backward, step, update
# ------------------------------------------------
#
# ``scale(loss)`` returns ``loss * scale``; ``backward()`` on it gives scaled
# gradients. ``step(optimizer)`` unscales them in place and calls
# ``optimizer.step()`` only if all of them are finite. ``update()`` then
# halves the scale after a skipped step (``backoff_factor``) and doubles it
# after ``growth_interval`` steps in a row without inf/NaN
# (``growth_factor``). Below, ``growth_interval=2`` and an inf gradient put in
# by hand in iteration 2 show both.

model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0, growth_interval=2)
x = torch.randn(8, 3)
y = torch.randn(8, 1)

print("it  scale  scaled/loss  step taken  scale after")
for it in range(5):
    optimizer.zero_grad()
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        loss = F.mse_loss(model(x), y)
    scale_used = scaler.get_scale()
    scaled_loss = scaler.scale(loss)
    ratio = scaled_loss.item() / loss.item()
    scaled_loss.backward()
    if it == 2:
        model.weight.grad[0, 0] = float("inf")  # simulate an overflow
    before = model.weight.detach().clone()
    scaler.step(optimizer)
    scaler.update()
    taken = not torch.equal(before, model.weight)
    print(f"{it:2}  {scale_used:5.0f}  {ratio:11.0f}  {str(taken):10}  {scaler.get_scale():5.0f}")
    assert taken == (it != 2)
print("state_dict:", scaler.state_dict())

# %% example-for: torch.amp.GradScaler, torch.amp.GradScaler.unscale_
# Clipping needs ``unscale_`` first, and the order is enforced
# ------------------------------------------------------------
#
# To clip or inspect gradients, call ``unscale_(optimizer)`` after
# ``backward()`` and before ``step()``; ``step()`` then does not unscale
# again. Calling ``unscale_`` or ``step`` twice before ``update()`` is an
# error, and so is ``step()`` on a scaler that never scaled a loss.

scaler = torch.amp.GradScaler("cpu")
optimizer.zero_grad()
scaler.scale(F.mse_loss(model(x), y)).backward()
print("scaled grad norm:", round(model.weight.grad.norm().item()))
scaler.unscale_(optimizer)
print("after unscale_:", round(model.weight.grad.norm().item(), 4))
torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.5)
try:
    scaler.unscale_(optimizer)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
scaler.step(optimizer)
print("after clipping and step:", round(model.weight.grad.norm().item(), 4))
try:
    scaler.step(optimizer)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
scaler.update()

try:
    torch.amp.GradScaler("cpu").step(optimizer)
except AssertionError as err:
    print(f"AssertionError: {err}")

# %% example-for: torch.amp.GradScaler
# The device argument, enabled=False and the saved state
# ------------------------------------------------------
#
# The first argument is the device type and defaults to ``"cuda"``. Where
# CUDA is not available, a scaler for ``"cuda"`` warns and disables itself:
# ``scale()`` returns the loss unchanged, ``get_scale()`` is 1.0 and
# ``step()`` just calls ``optimizer.step()``. ``enabled=False`` does the
# same on purpose. The state (scale and growth counter) is saved with
# ``state_dict()`` and restored with ``load_state_dict()``.

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    default = torch.amp.GradScaler()
print("CUDA available:", torch.cuda.is_available(), "| GradScaler() enabled:", default.is_enabled())
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
if not torch.cuda.is_available():
    assert not default.is_enabled() and len(caught) == 1

off = torch.amp.GradScaler("cpu", enabled=False)
loss = F.mse_loss(model(x), y)
print("disabled: scale(loss) is loss:", off.scale(loss) is loss,
      "| get_scale():", off.get_scale(), "| state_dict():", off.state_dict())
optimizer.zero_grad()
off.scale(loss).backward()
before = model.weight.detach().clone()
off.step(optimizer)  # a plain optimizer.step()
print("disabled step updated the weights:", not torch.equal(before, model.weight))

for factors in ({"growth_factor": 1.0}, {"backoff_factor": 1.0}):
    try:
        torch.amp.GradScaler("cpu", **factors)
    except AssertionError as err:
        print(f"{factors}: AssertionError: {err}")

saved = scaler.state_dict()
restored = torch.amp.GradScaler("cpu")
restored.load_state_dict(saved)
print("restored:", restored.state_dict())
assert restored.state_dict() == saved

# %% example-for: torch.amp.GradScaler
# Do not convert the model to float16 yourself
# --------------------------------------------
#
# With ``model.half()`` the gradients are ``float16`` too, and the scaler
# refuses to unscale them: keep the parameters ``float32`` and let autocast
# choose the dtype per operation.

half_model = nn.Linear(3, 1).half()
half_opt = torch.optim.SGD(half_model.parameters(), lr=0.1)
half_scaler = torch.amp.GradScaler("cpu")
half_loss = half_model(x.half()).float().square().mean()
half_scaler.scale(half_loss).backward()
print("grad dtype:", half_model.weight.grad.dtype)
try:
    half_scaler.step(half_opt)
except ValueError as err:
    print(f"ValueError: {err}")
