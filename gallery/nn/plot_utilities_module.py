"""
Module state: the training flag, registration, lookup and dtype casts
=====================================================================

The ``nn.Module`` methods that real training code calls beside ``forward``:
the ``training`` flag, registering parameters and submodules by name,
looking them up by dotted path, casting every parameter and buffer, building
on the ``meta`` device, compiling in place, and the hooks and ``repr`` of a
custom module.
"""

import torch
import torch.nn as nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)


def small_net():
    return nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Dropout(0.5), nn.Linear(4, 2))


# %% example-for: utilities-module-state, torch.nn.Module.training
# ``training``: the flag ``train()`` and ``eval()`` set everywhere
# ----------------------------------------------------------------
#
# A plain ``bool`` attribute, ``True`` for a new module. ``eval()`` sets it
# to ``False`` on the module and every submodule; ``Dropout`` and
# ``BatchNorm`` read it in ``forward``. Assigning ``model.training = False``
# changes only that one module, not its children.

net = small_net()
print("new:", net.training, [m.training for m in net])
net.eval()
print("after eval():", net.training, [m.training for m in net])
net.train()
net.training = False
print("after net.training = False:", net.training, [m.training for m in net])

# %% example-for: torch.nn.Module.register_parameter
# ``register_parameter``: a parameter under a name chosen at run time
# -------------------------------------------------------------------
#
# Assigning ``self.w = nn.Parameter(...)`` does the same for a fixed name.
# The name cannot contain ``"."``; ``None`` registers a missing parameter
# (as ``Linear(bias=False)`` has ``bias``). A plain tensor is refused.


class Scales(nn.Module):
    def __init__(self, names):
        super().__init__()
        for name in names:
            self.register_parameter(f"scale_{name}", nn.Parameter(torch.ones(1)))
        self.register_parameter("offset", None)


scales = Scales(["a", "b"])
print([name for name, _ in scales.named_parameters()], "offset:", scales.offset)
for bad in (("w.x", nn.Parameter(torch.ones(1))), ("w", torch.ones(1))):
    try:
        scales.register_parameter(*bad)
    except (KeyError, TypeError) as err:
        print(f"{type(err).__name__}: {err}")

# %% example-for: torch.nn.Module.register_module
# ``register_module``: a submodule under a name chosen at run time
# ----------------------------------------------------------------
#
# The same as ``add_module``; its parameters then belong to the parent. A
# module kept in a plain Python list is not registered, and its parameters
# are invisible to ``parameters()`` and the optimiser.


class Heads(nn.Module):
    def __init__(self, count):
        super().__init__()
        for i in range(count):
            self.register_module(f"head{i}", nn.Linear(4, 1))
        self.forgotten = [nn.Linear(4, 1)]


heads = Heads(2)
print([name for name, _ in heads.named_children()], "parameters:", len(list(heads.parameters())))

# %% example-for: torch.nn.Module.get_submodule
# ``get_submodule``: find a module by its dotted path
# ---------------------------------------------------
#
# The path is the one ``named_modules()`` prints; indices of a
# ``Sequential`` are path parts too. A wrong part raises ``AttributeError``
# naming it.

model = nn.Sequential(small_net(), nn.ReLU())
print([name for name, _ in model.named_modules()][:4])
print(model.get_submodule("0.3"))
try:
    model.get_submodule("0.7")
except AttributeError as err:
    print(err)

# %% example-for: torch.nn.Module.get_parameter
# ``get_parameter``: a parameter by its ``state_dict`` name
# ---------------------------------------------------------
#
# A buffer is not a parameter: ``get_parameter`` refuses it (use
# ``get_buffer``).

print(tuple(model.get_parameter("0.3.weight").shape))
assert model.get_parameter("0.3.weight") is model[0][3].weight
try:
    model.get_parameter("0.1.running_mean")
except AttributeError as err:
    print(err)

# %% example-for: utilities-module-state, torch.nn.Module.float, torch.nn.Module.double, torch.nn.Module.half, torch.nn.Module.bfloat16
# ``float()``, ``double()``, ``half()``, ``bfloat16()``: in place, returning self
# -------------------------------------------------------------------------------
#
# Each casts every floating-point parameter **and buffer** of the module and
# its children, changes the module itself and returns it, so
# ``model = model.half()`` and ``model.half()`` do the same. Integer buffers
# such as BatchNorm's ``num_batches_tracked`` keep their dtype. The input
# must then have the same dtype.

net = small_net()
same = net.half()
assert same is net
print({name: t.dtype for name, t in net.state_dict().items() if name.startswith("1.")})
for cast in (nn.Module.float, nn.Module.double, nn.Module.bfloat16):
    print(f"{cast.__name__:9} -> weight {cast(net)[0].weight.dtype}, running_mean {net[1].running_mean.dtype}")
net.float().eval()
try:
    net(torch.randn(2, 3, dtype=torch.float64))
except RuntimeError as err:
    print(err)

# %% example-for: torch.nn.Module.type
# ``type(dst_type)``: cast to any dtype
# -------------------------------------
#
# ``net.type(torch.float64)`` is ``net.double()``. Unlike ``float()`` and
# the others it casts integer tensors too.

net = small_net().type(torch.float64)
print(net[0].weight.dtype, net[1].num_batches_tracked.dtype)

# %% example-for: utilities-module-state, torch.nn.Module.to_empty
# ``to_empty``: build on ``meta``, then allocate
# ----------------------------------------------
#
# A module built under ``torch.device("meta")`` has shapes and dtypes but no
# memory, so a very large model can be described instantly. ``to_empty``
# allocates its tensors on a real device **without initialising them**: the
# values are whatever the memory held. Initialise them yourself (here
# ``reset_parameters``) or load a ``state_dict``. ``.to()`` cannot do this:
# a meta tensor has no data to copy.

with torch.device("meta"):
    big = nn.Linear(4, 3)
print("on meta:", big.weight.device, tuple(big.weight.shape))
try:
    big.to("cpu")
except NotImplementedError as err:
    print(str(err)[:80], "...")
big.to_empty(device="cpu")
big.reset_parameters()
print("after to_empty + reset_parameters:", big.weight.device, big(torch.ones(1, 4)).shape)

# %% example-for: torch.nn.Module.compile
# ``Module.compile()``: compile in place, keep the state_dict names
# -----------------------------------------------------------------
#
# ``torch.compile(model)`` returns a wrapper whose ``state_dict`` keys start
# with ``_orig_mod.``, which breaks loading into an uncompiled model.
# ``model.compile()`` compiles the module's ``__call__`` in place and returns
# ``None``; the keys stay. Compilation happens at the first call. The
# example passes ``backend="eager"`` (graph capture without code
# generation) to stay fast; the default backend generates C++ here.

model = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
x = torch.randn(4, 3)
expected = model(x)
print("torch.compile(model) keys:", list(torch.compile(model, backend="eager").state_dict()))
print("model.compile() returns:", model.compile(backend="eager"))
print("keys after model.compile():", list(model.state_dict()))
assert torch.equal(model(x), expected)

# %% example-for: torch.nn.Module.extra_repr
# ``extra_repr``: what ``print(module)`` shows in the parentheses
# ---------------------------------------------------------------
#
# Override it to show a custom module's settings; ``Linear`` shows its
# sizes this way.


class Scale(nn.Module):
    def __init__(self, factor):
        super().__init__()
        self.factor = factor

    def extra_repr(self):
        return f"factor={self.factor}"

    def forward(self, x):
        return x * self.factor


print(nn.Sequential(Scale(0.5), nn.Linear(2, 2)))

# %% example-for: torch.nn.Module.register_state_dict_post_hook
# ``register_state_dict_post_hook``: edit what ``state_dict()`` returns
# ---------------------------------------------------------------------
#
# The hook is called as ``hook(module, state_dict, prefix, local_metadata)``
# after the module has filled its part of the ``state_dict``, and may change
# it in place; it must return ``None``. Here it drops a cache buffer. The
# call returns a handle whose ``remove()`` undoes the registration.

layer = nn.Linear(2, 2)
layer.register_buffer("cache", torch.zeros(2))


def drop_cache(module, state_dict, prefix, local_metadata):
    state_dict.pop(prefix + "cache")


handle = layer.register_state_dict_post_hook(drop_cache)
print("with the hook   :", list(layer.state_dict()))
print("inside a parent :", list(nn.Sequential(layer).state_dict()))
handle.remove()
print("hook removed    :", list(layer.state_dict()))
