"""
Functional form or module form
==============================

Most functions of ``torch.nn.functional`` compute the same thing as a module
of ``torch.nn``. The module keeps state (learnable parameters, running
statistics, a training flag); the function keeps none, so you pass that
state in yourself. This script compares the two forms and shows the flags a
function does not set for you.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

_ = torch.manual_seed(0)

# %% example-for: functional-vs-module
# Stateless operations: both forms agree
# --------------------------------------
#
# ``relu``, ``sigmoid``, ``softmax``, ``pad`` and ``max_pool2d`` have nothing
# to learn. The module form only stores the arguments, so ``F.relu(x)`` and
# ``nn.ReLU()(x)`` are equal.

x = torch.randn(2, 4)
assert torch.equal(F.relu(x), nn.ReLU()(x))
assert torch.equal(F.softmax(x, dim=1), nn.Softmax(dim=1)(x))
assert torch.equal(F.sigmoid(x), nn.Sigmoid()(x))
assert torch.equal(F.pad(x, (1, 1)), nn.ZeroPad1d(1)(x))
img = torch.randn(1, 1, 4, 4)
assert torch.equal(F.max_pool2d(img, 2), nn.MaxPool2d(2)(img))
for module in (nn.ReLU(), nn.Sigmoid(), nn.Softmax(dim=1), nn.ZeroPad1d(1), nn.MaxPool2d(2)):
    print(f"{module!r:42} parameters: {list(module.parameters())}")
# one_hot, normalize and grid_sample have no module form.
assert not any(hasattr(nn, name) for name in ("OneHot", "Normalize", "GridSample"))

# %% example-for: functional-vs-module, torch.nn.functional.conv2d
# A layer with weights: you own the tensors
# -----------------------------------------
#
# ``nn.Conv2d`` creates and registers its ``weight`` and ``bias``.
# ``F.conv2d`` needs them as arguments: with the module's own tensors it gives
# the same result.

conv = nn.Conv2d(in_channels=3, out_channels=2, kernel_size=3, padding=1)
img = torch.randn(1, 3, 5, 5)
print("registered parameters:", [name for name, _ in conv.named_parameters()])
print("weight:", tuple(conv.weight.shape), "bias:", tuple(conv.bias.shape))
out_f = F.conv2d(img, conv.weight, conv.bias, padding=1)
assert torch.equal(out_f, conv(img))
print("F.conv2d with the module's weight equals conv(img):", out_f.shape)

# %% example-for: functional-vs-module, torch.nn.functional.batch_norm
# Flags a module sets for you
# ---------------------------
#
# ``nn.BatchNorm1d`` follows ``train()``/``eval()`` and owns its running
# statistics. ``F.batch_norm`` has ``training=False`` by default: it then uses
# the running statistics you pass and does not update them. To match a module
# in training mode, pass ``training=True``; the running tensors are updated
# in place.

bn = nn.BatchNorm1d(3)
print("a new module is in training mode:", bn.training)
data = torch.randn(8, 3) * 2 + 5
rm, rv = torch.zeros(3), torch.ones(3)
out_module = bn(data)  # a new module is in training mode
out_train = F.batch_norm(data, rm, rv, bn.weight, bn.bias, training=True)
assert torch.allclose(out_module, out_train)
assert torch.allclose(rm, bn.running_mean) and torch.allclose(rv, bn.running_var)
print("running_mean after one step:", rm)

out_default = F.batch_norm(data, torch.zeros(3), torch.ones(3))  # training=False
print("training=False uses the given stats (mean 0, var 1), output mean:",
      out_default.mean(0))

# %% example-for: functional-vs-module
# ``F.dropout`` is in training mode unless told otherwise
# -------------------------------------------------------
#
# ``F.dropout(x, p)`` has ``training=True`` as its default, so it drops
# elements even while the model is in ``eval()``. Inside a module's
# ``forward``, pass ``training=self.training``, or use ``nn.Dropout``, which
# follows ``train()``/``eval()``.

x = torch.ones(8)
print("F.dropout default      :", F.dropout(x, p=0.5))
print("F.dropout training=False:", F.dropout(x, p=0.5, training=False))
drop = nn.Dropout(p=0.5).eval()
assert torch.equal(drop(x), x)
print("nn.Dropout in eval()   :", drop(x))
