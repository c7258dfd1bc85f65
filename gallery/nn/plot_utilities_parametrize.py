"""
Parametrizations: a weight computed from other tensors
======================================================

``register_parametrization`` makes ``module.weight`` the output of a small
module applied to the stored tensor, recomputed on every access. PyTorch's
``weight_norm``, ``spectral_norm`` and ``orthogonal`` are built on it; the
older hook-based ``torch.nn.utils.weight_norm`` is deprecated.
"""

import warnings

import torch
import torch.nn as nn
from torch.nn.utils import parametrizations, parametrize

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)


# %% example-for: utilities-parametrizations, torch.nn.utils.parametrize.register_parametrization
# ``register_parametrization``: ``weight`` becomes a computed tensor
# ------------------------------------------------------------------
#
# The original tensor moves to ``parametrizations.weight.original``; reading
# ``layer.weight`` applies the parametrization to it. Here ``Symmetric``
# keeps the weight symmetric through training, because the optimiser updates
# ``original`` and the symmetry is applied afterwards.

class Symmetric(nn.Module):
    def forward(self, x):
        return x.triu() + x.triu(1).transpose(0, 1)


layer = nn.Linear(3, 3)
parametrize.register_parametrization(layer, "weight", Symmetric())
print(type(layer).__name__, [name for name, _ in layer.named_parameters()])
print(layer.weight)
assert torch.equal(layer.weight, layer.weight.T)
assert parametrize.is_parametrized(layer, "weight")
optimizer = torch.optim.SGD(layer.parameters(), lr=0.5)
layer(torch.randn(4, 3)).pow(2).sum().backward()
optimizer.step()
assert torch.equal(layer.weight, layer.weight.T)
print("still symmetric after a step:", torch.equal(layer.weight, layer.weight.T))

# %% example-for: torch.nn.utils.parametrize.remove_parametrizations
# ``remove_parametrizations``: back to a plain parameter
# ------------------------------------------------------
#
# ``leave_parametrized=True`` (the default) keeps the current computed value
# as the new ordinary ``weight``; ``False`` keeps ``original``.

value = layer.weight.detach().clone()
parametrize.remove_parametrizations(layer, "weight")
print(type(layer).__name__, [name for name, _ in layer.named_parameters()])
assert torch.equal(layer.weight, value)
try:
    parametrize.remove_parametrizations(layer, "weight")
except ValueError as err:
    print(err)

# %% example-for: utilities-parametrizations, torch.nn.utils.parametrizations.weight_norm
# ``weight_norm``: a length and a direction, ``original0`` and ``original1``
# --------------------------------------------------------------------------
#
# The weight is ``g * v / ||v||``, with the norm taken per output row
# (``dim=0``). ``original0`` is ``g``, shape ``(out, 1)``; ``original1`` is
# ``v``. The deprecated ``torch.nn.utils.weight_norm`` did the same with a
# forward pre-hook and parameters named ``weight_g`` and ``weight_v``, and
# warns that it is deprecated.

layer = parametrizations.weight_norm(nn.Linear(4, 2))
print([name for name, _ in layer.named_parameters()])
g = layer.parametrizations.weight.original0
v = layer.parametrizations.weight.original1
print("g", tuple(g.shape), "v", tuple(v.shape))
assert torch.allclose(layer.weight, g * v / v.norm(dim=1, keepdim=True))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old = torch.nn.utils.weight_norm(nn.Linear(4, 2))
print("deprecated form:", [name for name, _ in old.named_parameters()])
print(caught[0].category.__name__, caught[0].message)

# %% example-for: utilities-parametrizations, torch.nn.utils.parametrizations.spectral_norm
# ``spectral_norm``: the largest singular value kept near 1
# ---------------------------------------------------------
#
# The weight is divided by an estimate of its largest singular value, found
# by power iteration; each forward pass in training mode does
# ``n_power_iterations`` more steps and updates the estimate (the buffers
# ``_u`` and ``_v``). GAN discriminators use it.

layer = parametrizations.spectral_norm(nn.Linear(6, 4))
print([name for name, _ in layer.named_parameters()], [name for name, _ in layer.named_buffers()])
raw = layer.parametrizations.weight.original
print("largest singular value, stored:", torch.linalg.matrix_norm(raw, 2).item())
print("largest singular value, used  :", torch.linalg.matrix_norm(layer.weight, 2).item())
assert abs(torch.linalg.matrix_norm(layer.weight, 2).item() - 1) < 1e-3

# %% example-for: utilities-parametrizations, torch.nn.utils.parametrizations.orthogonal
# ``orthogonal``: an orthogonal weight through training
# -----------------------------------------------------
#
# ``W @ W.T`` stays the identity after optimiser steps, since the optimiser
# moves the unconstrained ``original`` and ``weight`` is mapped from it.

layer = parametrizations.orthogonal(nn.Linear(4, 4))
optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
for _ in range(3):
    optimizer.zero_grad()
    layer(torch.randn(8, 4)).sum().backward()
    optimizer.step()
W = layer.weight
print("||W W^T - I|| after 3 steps:", torch.dist(W @ W.T, torch.eye(4)).item())
assert torch.allclose(W @ W.T, torch.eye(4), atol=1e-5)
