"""
Inference mode and inference tensors
====================================

``torch.inference_mode()`` is a stricter ``no_grad``: besides recording no
graph, it skips the bookkeeping (view tracking, version counters) that
autograd would need later. Results computed in it are *inference tensors*,
and autograd refuses to use them outside the mode. ``inference_mode(False)``
switches the mode off inside a block, and
``torch.is_inference_mode_enabled()`` tells whether it is on.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.inference_mode
# Outputs of inference mode are inference tensors
# -----------------------------------------------
#
# Inside the block grad mode is off too. The output records no graph and
# ``is_inference()`` is ``True``; an inference tensor has no version
# counter, so even reading ``_version`` fails, and a slice of it is not
# tracked as a view (``_is_view()`` is ``False``; both are private
# attributes, as no public API reports this bookkeeping). A slice of an ordinary
# tensor taken in the block stays an ordinary view.

model = nn.Linear(3, 2)
batch = torch.randn(4, 3)
with torch.inference_mode():
    print("inside: is_grad_enabled():", torch.is_grad_enabled(),
          "| is_inference_mode_enabled():", torch.is_inference_mode_enabled())
    pred = model(batch)
    part, part_of_batch = pred[:2], batch[:2]
print("requires_grad:", pred.requires_grad, "| grad_fn:", pred.grad_fn,
      "| is_inference():", pred.is_inference())
try:
    pred._version
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("slice of pred: _is_view() =", part._is_view(), "| is_inference() =", part.is_inference())
print("slice of batch: _is_view() =", part_of_batch._is_view(),
      "| is_inference() =", part_of_batch.is_inference())
assert pred.is_inference() and not pred.requires_grad and not part._is_view()

# %% example-for: torch.inference_mode
# Inference tensors cannot enter autograd later
# ---------------------------------------------
#
# Features computed under ``inference_mode`` and then fed to a layer whose
# parameters require grad fail at the forward call, in ``train()`` and
# ``eval()`` alike: the layer must save its input for backward. Updating an inference tensor in place, or setting its
# ``requires_grad``, outside the mode fails too. ``clone()`` outside the
# mode gives an ordinary tensor that works. An operation that autograd does
# not record (no input requires grad) is allowed and returns an ordinary
# tensor, and so is a recorded one that need not save the inference tensor,
# such as an addition.

with torch.inference_mode():
    features = torch.randn(4, 3)
head = nn.Linear(3, 1)
try:
    head(features)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    head.eval()(features)
except RuntimeError as err:
    print(f"in eval(): RuntimeError: {str(err).split('.')[0]}.")
head.train()
try:
    features.add_(1)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    features.requires_grad_()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

doubled = features * 2
print("features * 2: is_inference() =", doubled.is_inference())
bias = torch.zeros(3, requires_grad=True)
summed = features + bias  # recorded, but addition saves neither input
summed.sum().backward()
print("features + bias: grad_fn =", summed.grad_fn.name(), "| bias.grad:", bias.grad[0].item())
usable = features.clone()
out = head(usable)
print("after clone(): is_inference() =", usable.is_inference(), "| grad_fn:", out.grad_fn.name())
assert not doubled.is_inference() and out.requires_grad
assert not summed.is_inference() and torch.equal(bias.grad, torch.full((3,), 4.0))

# %% example-for: torch.inference_mode, gradmode-decorators
# Decorator form
# --------------
#
# ``@torch.inference_mode()`` and ``@torch.inference_mode`` (no
# parentheses) both run every call of the function in inference mode.


@torch.inference_mode()
def predict(m, t):
    return m(t)


@torch.inference_mode
def predict_too(m, t):
    return m(t)


a, b = predict(model, batch), predict_too(model, batch)
print("predict:", a.requires_grad, a.is_inference(), "| predict_too:", b.requires_grad, b.is_inference())
assert a.is_inference() and b.is_inference()

# %% example-for: gradmode-inference-false, torch.inference_mode
# ``inference_mode(mode=False)``
# ------------------------------
#
# ``inference_mode(False)`` switches inference mode *off* for its block and
# turns grad mode *on*, whatever the surrounding mode: inside
# ``inference_mode()`` it gives back ordinary tensors that record a graph,
# and inside ``no_grad`` it re-enables gradients too. The ``mode`` flag lets
# one line serve both cases, as in ``with torch.inference_mode(not training):``.

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.inference_mode():
    with torch.inference_mode(False):
        print("inside inference_mode(): grad on =", torch.is_grad_enabled(),
              "| inference on =", torch.is_inference_mode_enabled())
        y = x * 2
    print("y:", y, "| is_inference():", y.is_inference())
with torch.no_grad():
    with torch.inference_mode(mode=False):
        print("inside no_grad: grad on =", torch.is_grad_enabled())
        z = x * 3
print("z.requires_grad:", z.requires_grad)
for training in (True, False):
    with torch.inference_mode(not training):
        out = model(batch)
    print(f"training={training}: requires_grad={out.requires_grad}, is_inference()={out.is_inference()}")
assert y.requires_grad and not y.is_inference() and z.requires_grad

# %% example-for: torch.inference_mode
# ``enable_grad`` cannot undo inference mode
# ------------------------------------------
#
# Inside ``inference_mode()``, ``enable_grad()`` sets grad mode on, but
# inference mode stays on, so results still record no graph.

with torch.inference_mode():
    with torch.enable_grad():
        print("grad on =", torch.is_grad_enabled(), "| inference on =", torch.is_inference_mode_enabled())
        w = x * 2
print("requires_grad:", w.requires_grad, "| is_inference():", w.is_inference())
assert not w.requires_grad and w.is_inference()

# %% example-for: torch.is_inference_mode_enabled
# Checking whether inference mode is on
# -------------------------------------
#
# Only ``inference_mode()`` turns it on: ``no_grad`` and ``eval()`` leave
# it off. Use ``Tensor.is_inference()`` to ask the same of a tensor.

print("default:", torch.is_inference_mode_enabled())
with torch.no_grad():
    print("no_grad:", torch.is_inference_mode_enabled())
with torch.set_grad_enabled(False):
    print("set_grad_enabled(False):", torch.is_inference_mode_enabled())
with torch.inference_mode():
    print("inference_mode():", torch.is_inference_mode_enabled())
    with torch.no_grad():
        print("  no_grad nested inside:", torch.is_inference_mode_enabled())
    with torch.inference_mode(False):
        print("  inference_mode(False) nested inside:", torch.is_inference_mode_enabled())
model.eval()
print("after model.eval():", torch.is_inference_mode_enabled())
assert not torch.is_inference_mode_enabled()
