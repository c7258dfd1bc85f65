"""
Lazy modules and uninitialized parameters
=========================================

A lazy module such as ``nn.LazyLinear`` is created without knowing the size
of its input. Its parameters start as ``UninitializedParameter`` (and its
buffers, for the lazy normalisation layers, as ``UninitializedBuffer``):
placeholders with no shape and no data. The first call reads the input's
shape, allocates and initialises them, and turns the module into its
ordinary counterpart.
"""

import warnings

import torch
from torch import nn
from torch.nn.parameter import UninitializedBuffer, UninitializedParameter

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.parameter.UninitializedParameter
# ``LazyLinear`` before and after the first call
# ----------------------------------------------
#
# Only ``out_features`` is given. Before the first call the weight is an
# ``UninitializedParameter``: it is a ``Parameter``, but reading its shape
# raises an error. The first call materialises it with the input's last
# dimension as ``in_features`` and the module's class becomes ``nn.Linear``.
# The warnings raised along the way are caught and printed below (in this
# version there are none).

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    lazy = nn.LazyLinear(3)
    print(lazy)
    print("weight type:", type(lazy.weight).__name__, "| is a Parameter:", isinstance(lazy.weight, nn.Parameter))
    try:
        lazy.weight.shape
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

    out = lazy(torch.randn(4, 5))
print("warnings:", [f"{w.category.__name__}: {w.message}" for w in caught])
assert not caught
print(lazy)
print("weight type:", type(lazy.weight).__name__, "| shape:", tuple(lazy.weight.shape), "| output:", tuple(out.shape))
assert type(lazy) is nn.Linear and type(lazy.weight) is nn.Parameter

# %% example-for: torch.nn.parameter.UninitializedParameter
# Materialisation happens in place
# --------------------------------
#
# ``parameters()`` lists the placeholders like any other parameter. The
# first call changes each of them in place: the objects listed before it are
# the very objects that hold the data afterwards.

model = nn.Sequential(nn.LazyLinear(8), nn.ReLU(), nn.LazyLinear(2))
before = list(model.parameters())
print("before:", [type(p).__name__ for p in before])
model(torch.zeros(1, 6))
after = list(model.parameters())
print("after: ", [(type(p).__name__, tuple(p.shape)) for p in after])
print("same objects:", all(a is b for a, b in zip(before, after)))

# %% example-for: torch.nn.parameter.UninitializedBuffer
# ``UninitializedBuffer`` in lazy batch normalisation
# ---------------------------------------------------
#
# ``LazyBatchNorm1d`` does not know the number of features either. Its
# running statistics are ``UninitializedBuffer`` until the first call, its
# weight and bias ``UninitializedParameter``; the counter
# ``num_batches_tracked`` is an ordinary tensor from the start. The keys are
# in ``state_dict()`` before materialisation.

bn = nn.LazyBatchNorm1d()
for name, buf in bn.named_buffers():
    print(f"{name:20} {type(buf).__name__}")
print("weight:", type(bn.weight).__name__)
print("state_dict keys:", list(bn.state_dict()))
bn(torch.randn(4, 3))
print(bn)
print("running_mean:", type(bn.running_mean).__name__, tuple(bn.running_mean.shape))
assert isinstance(UninitializedBuffer(), torch.Tensor) and not isinstance(UninitializedBuffer(), nn.Parameter)

# %% example-for: torch.nn.parameter.UninitializedParameter, torch.nn.parameter.UninitializedBuffer
# Creating one directly
# ---------------------
#
# ``materialize(shape)`` allocates the data (uninitialised, like
# ``torch.empty``) and changes the object's class to ``Parameter``, or to a
# plain ``Tensor`` for a buffer. The lazy modules call it for you; write an
# initialiser after it, as they do.

p = UninitializedParameter()
print(type(p).__name__, p.requires_grad, p.dtype)
p.materialize((2, 3))
nn.init.zeros_(p)
print(type(p).__name__, tuple(p.shape), p.requires_grad)

b = UninitializedBuffer()
print(type(b).__name__, b.requires_grad)
b.materialize((2,))
print(type(b).__name__, tuple(b.shape))
