"""
Shape and comparison layers, buffers and two initialisers
=========================================================

``nn.Flatten`` and ``nn.Unflatten`` change shapes inside an ``nn.Sequential``;
``nn.CosineSimilarity`` and ``nn.PairwiseDistance`` are the module forms of
two functions; ``nn.Buffer`` declares a tensor that is state but not a
parameter; ``trunc_normal_`` and ``eye_`` fill weights.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

# %% example-for: utilities-flatten, torch.nn.Flatten
# ``nn.Flatten`` keeps the batch; ``torch.flatten`` does not
# ----------------------------------------------------------
#
# ``nn.Flatten()`` starts at dimension 1, so a batch ``(N, C, H, W)`` becomes
# ``(N, C * H * W)``, what a ``Linear`` layer after a convolution expects.
# ``torch.flatten(x)`` starts at dimension 0 and makes one long vector: it
# mixes the samples of the batch together.

x = torch.randn(8, 3, 4, 4)
print("nn.Flatten()(x)        :", tuple(nn.Flatten()(x).shape))
print("torch.flatten(x)       :", tuple(torch.flatten(x).shape))
print("torch.flatten(x, 1)    :", tuple(torch.flatten(x, 1).shape))
print("nn.Flatten(0, 1)(x)    :", tuple(nn.Flatten(0, 1)(x).shape))
assert torch.equal(nn.Flatten()(x), torch.flatten(x, start_dim=1))
head = nn.Sequential(nn.Conv2d(3, 5, 3), nn.Flatten(), nn.Linear(5 * 2 * 2, 10))
print("conv -> Flatten -> Linear:", tuple(head(x).shape))

# %% example-for: utilities-flatten, torch.nn.Unflatten
# ``nn.Unflatten``: one dimension back into several
# -------------------------------------------------
#
# ``nn.Unflatten(dim, sizes)`` splits dimension ``dim`` into ``sizes``, whose
# product must equal its size. It undoes ``Flatten`` in a decoder.

flat = torch.randn(8, 48)
print(tuple(nn.Unflatten(1, (3, 4, 4))(flat).shape))
assert torch.equal(nn.Unflatten(1, (3, 4, 4))(nn.Flatten()(x)), x)
try:
    nn.Unflatten(1, (5, 10))(flat)
except RuntimeError as err:
    print(err)

# %% example-for: torch.nn.CosineSimilarity
# ``nn.CosineSimilarity``: ``F.cosine_similarity`` as a layer
# -----------------------------------------------------------
#
# It stores ``dim`` (default 1) and ``eps`` and takes two inputs.

a, b = torch.randn(4, 6), torch.randn(4, 6)
cos = nn.CosineSimilarity(dim=1)
print(cos)
print(cos(a, b))
assert torch.equal(cos(a, b), F.cosine_similarity(a, b))
print("a against itself:", cos(a, a))

# %% example-for: torch.nn.PairwiseDistance
# ``nn.PairwiseDistance``: ``F.pairwise_distance`` as a layer
# -----------------------------------------------------------
#
# Row ``i`` against row ``i``, along the last dimension, with ``eps`` added
# to the difference.

dist = nn.PairwiseDistance(p=2.0)
print(dist(a, b))
assert torch.equal(dist(a, b), F.pairwise_distance(a, b))
assert torch.allclose(dist(a, b), (a - b + 1e-6).norm(dim=1))

# %% example-for: torch.nn.Buffer
# ``nn.Buffer``: module state that is not learned
# -----------------------------------------------
#
# Assigning an ``nn.Buffer`` to a module attribute registers it, as
# ``register_buffer`` does: it is in ``buffers()`` and the ``state_dict`` and
# follows ``.to()``, but it is not in ``parameters()``, so no optimiser
# updates it. ``persistent=False`` keeps it out of the ``state_dict``. A plain
# tensor attribute is none of these.


class Normalise(nn.Module):
    def __init__(self):
        super().__init__()
        self.mean = nn.Buffer(torch.tensor([0.5, 0.4]))
        self.cache = nn.Buffer(torch.zeros(2), persistent=False)
        self.plain = torch.ones(2)

    def forward(self, x):
        return x - self.mean


norm = Normalise()
print("buffers   :", [name for name, _ in norm.named_buffers()])
print("state_dict:", list(norm.state_dict()))
print("parameters:", list(norm.parameters()))
print("type after registering:", type(norm.mean).__name__)
print("double():", norm.double().mean.dtype, "plain tensor:", norm.plain.dtype)

# %% example-for: torch.nn.init.trunc_normal_
# ``trunc_normal_``: a normal distribution cut at ``a`` and ``b``
# ---------------------------------------------------------------
#
# Values are drawn from ``N(mean, std²)`` and redrawn (in effect) until they
# lie in ``[a, b]``. ``a`` and ``b`` are absolute values, not multiples of
# ``std``: with ``std=0.02`` the defaults ``a=-2``, ``b=2`` are a hundred
# standard deviations away and cut nothing.

w = torch.empty(100_000)
nn.init.trunc_normal_(w, std=1.0)
print(f"std=1   : min {w.min():.3f} max {w.max():.3f} std {w.std():.3f}")
nn.init.trunc_normal_(w, std=0.02)
print(f"std=0.02: min {w.min():.4f} max {w.max():.4f}")
nn.init.trunc_normal_(w, std=0.02, a=-0.04, b=0.04)
print(f"std=0.02, a=-0.04, b=0.04: min {w.min():.4f} max {w.max():.4f}")
assert w.abs().max() <= 0.04

# %% example-for: torch.nn.init.eye_
# ``eye_``: the identity matrix, in place
# ---------------------------------------
#
# Only 2-D tensors. A square ``Linear`` initialised this way passes its
# input through unchanged (with a zero bias); a rectangular one gets ones on
# the main diagonal.

layer = nn.Linear(3, 3)
nn.init.eye_(layer.weight)
nn.init.zeros_(layer.bias)
v = torch.randn(2, 3)
assert torch.equal(layer(v), v)
print(nn.init.eye_(torch.empty(2, 4)))
try:
    nn.init.eye_(torch.empty(2, 2, 2))
except ValueError as err:
    print(err)
