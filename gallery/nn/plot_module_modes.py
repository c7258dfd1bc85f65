"""
Training mode, gradients and devices
====================================

``train()`` and ``eval()`` switch the ``training`` flag of every module in
the tree; ``zero_grad`` clears gradients; ``requires_grad_(False)`` freezes
parameters; ``to`` and ``cpu`` move and convert parameters and buffers in
place and return the module itself.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.Module.train, torch.nn.Module.eval
# ``train()`` and ``eval()`` set the ``training`` flag
# ----------------------------------------------------
#
# A new module is in training mode. ``eval()`` is ``train(False)``: it sets
# ``training = False`` on the module and all its submodules and returns the
# module. Only layers that behave differently look at the flag, such as
# ``Dropout`` (zeroes elements and scales the rest by ``1 / (1 - p)`` in
# training, does nothing in evaluation) and ``BatchNorm`` (batch statistics
# versus running statistics). ``eval()`` does not turn off gradient
# tracking: use ``torch.no_grad()`` for that.

net = nn.Sequential(nn.Linear(4, 4), nn.Dropout(p=0.5))
print("new module training:", net.training, net[1].training)
x = torch.ones(1, 4)
print("dropout in training:", net[1](x))

returned = net.eval()
print("after eval():", net.training, net[1].training, "| returns the module:", returned is net)
print("dropout in eval:    ", net[1](x))
print("eval() still records the graph:", net(x).requires_grad)
net.train()
print("after train():", net.training, net[1].training)
assert torch.equal(net.eval()[1](x), x)

# ``BatchNorm1d`` normalises with the batch's own statistics in training
# (and updates its running statistics); in evaluation it uses the running
# statistics instead, here still the initial mean 0 and variance 1.
bn = nn.BatchNorm1d(1)
batch = torch.tensor([[1.0], [2.0], [3.0]])
print("batchnorm in training:", bn(batch).flatten())
print("running_mean after one batch:", bn.running_mean)
bn.eval()
bn.reset_running_stats()
print("batchnorm in eval with mean 0, var 1:", bn(batch).flatten())

# %% example-for: torch.nn.Module.zero_grad
# ``zero_grad`` sets gradients to ``None``
# ----------------------------------------
#
# Gradients accumulate: each ``backward`` adds to ``.grad``. By default
# ``zero_grad()`` (``set_to_none=True``) replaces every ``.grad`` with
# ``None``, which frees the memory; ``set_to_none=False`` fills them with
# zeros instead.

lin = nn.Linear(2, 1)
for _ in range(2):
    lin(torch.ones(1, 2)).sum().backward()
print("after two backward calls:", lin.weight.grad)
lin.zero_grad()
print("after zero_grad():", lin.weight.grad)
assert lin.weight.grad is None

lin(torch.ones(1, 2)).sum().backward()
lin.zero_grad(set_to_none=False)
print("after zero_grad(set_to_none=False):", lin.weight.grad)

# %% example-for: torch.nn.Module.requires_grad_
# Freezing with ``requires_grad_(False)``
# ---------------------------------------
#
# ``requires_grad_(False)`` sets ``requires_grad`` on every parameter of the
# module and its submodules, in place, and returns the module. A frozen layer
# gets no gradient; the layers after it still do. It changes parameters
# only, not buffers.

model = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
model[0].requires_grad_(False)
print([(name, p.requires_grad) for name, p in model.named_parameters()])
model(torch.ones(2, 3)).sum().backward()
print("frozen grad:", model[0].weight.grad, "| trainable grad shape:", tuple(model[2].weight.grad.shape))
trainable = [p for p in model.parameters() if p.requires_grad]
print("parameters to give the optimiser:", len(trainable))
bn_model = nn.BatchNorm1d(2)
bn_model.requires_grad_(True)
print("buffers untouched:", [(n, b.requires_grad) for n, b in bn_model.named_buffers()])

# %% example-for: torch.nn.Module.to, torch.nn.Module.cpu
# ``to`` and ``cpu`` change the module in place
# ---------------------------------------------
#
# Unlike ``Tensor.to``, which returns a new tensor, ``Module.to`` converts the
# module's own parameters and buffers and returns the same module object. A
# dtype conversion is not applied to integer tensors: an integer buffer
# keeps its dtype. A tensor argument gives its dtype (and device). A device
# argument moves everything; the ``meta`` device, which stores only shapes,
# shows that here. A dtype conversion keeps the ``Parameter`` objects and
# replaces their data; the move to ``meta`` puts new ``Parameter`` objects
# in their place.


class WithBuffers(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.register_buffer("index", torch.arange(3))
        self.register_buffer("scale", torch.ones(2))


w = WithBuffers()
weight_before = w.fc.weight
same = w.to(torch.float64)
print("returns the module:", same is w, "| same Parameter object:", w.fc.weight is weight_before)
print("fc.weight:", w.fc.weight.dtype, "| scale:", w.scale.dtype, "| index:", w.index.dtype)
assert w.index.dtype == torch.int64 and w.scale.dtype == torch.float64

w.to(torch.zeros(1, dtype=torch.float16))
print("after to(a float16 tensor):", w.fc.weight.dtype, w.index.dtype)
assert w.fc.weight is weight_before
w.to("meta")
print("after to('meta'):", w.fc.weight.device, w.index.device,
      "| same Parameter object:", w.fc.weight is weight_before)
assert w.fc.weight is not weight_before
one = nn.Linear(1, 1)
print("cpu() returns the module too:", one.cpu() is one, one.weight.device)

t = torch.ones(2)
print("Tensor.to(float64) returns the same tensor:", t.to(torch.float64) is t,
      "| Tensor.to(float32), nothing to convert:", t.to(torch.float32) is t)
assert t.to(torch.float32) is t  # nothing to convert: the tensor itself

# %% example-for: torch.nn.Module.to
# Build the optimiser after moving the model
# ------------------------------------------
#
# An optimiser keeps references to the ``Parameter`` objects it was given.
# When a move replaces them, as the move to ``meta`` does, an optimiser built
# before it still holds the old tensors, on the old device, and its
# ``step()`` would update tensors the model no longer uses.

model = nn.Linear(2, 2)
early = torch.optim.SGD(model.parameters(), lr=0.1)  # built before the move
model.to("meta")
late = torch.optim.SGD(model.parameters(), lr=0.1)  # built after the move
print("model weight:", model.weight.device)
print("optimiser built before:", early.param_groups[0]["params"][0].device,
      "| holds the model's weight:", early.param_groups[0]["params"][0] is model.weight)
print("optimiser built after: ", late.param_groups[0]["params"][0].device,
      "| holds the model's weight:", late.param_groups[0]["params"][0] is model.weight)
assert early.param_groups[0]["params"][0] is not model.weight

# %% example-for: torch.nn.Module.cuda
# What ``cuda()`` does, shown on the ``meta`` device
# --------------------------------------------------
#
# ``model.cuda()`` is ``model.to("cuda")``: it moves every parameter and
# buffer in place and returns the module. This CPU-only cell does the same
# move to the ``meta`` device. The input must then be on the module's device:
# a tensor left on the CPU is refused.

model = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
returned = model.to("meta")
print("returns the module:", returned is model)
print("weight:", model[0].weight.device, "| running_mean:", model[1].running_mean.device)
print("output on meta:", model(torch.ones(3, 2, device="meta")).shape)
try:
    model(torch.ones(3, 2))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
