"""
Walking a module tree: modules, children, parameters, apply
===========================================================

A model is a tree of modules. ``children()`` yields the direct submodules
only, ``modules()`` walks the whole tree, the ``named_*`` variants add the
dotted names that ``state_dict`` also uses, ``apply`` calls a function on
every module, and ``add_module`` attaches a submodule under a name chosen at
run time.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: nn-module-tree, torch.nn.Module.modules, torch.nn.Module.children
# ``modules()`` goes down every level, ``children()`` one level
# --------------------------------------------------------------
#
# The model is an assignment, ``m = nn.Sequential(...)``: written with
# ``==`` it would be a comparison with an undefined name ``m``. It holds a
# ``Linear``, a ``ReLU`` and a nested ``Sequential`` with two modules of its
# own. ``modules()`` yields the model itself first, then every module below
# it in depth-first order: 6 modules. ``children()`` stops at the nested
# ``Sequential`` and does not enter it: 3 modules.

m = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Sequential(nn.Sigmoid(), nn.ReLU()))

all_modules = list(m.modules())
direct = list(m.children())
print("modules(): ", [type(mod).__name__ for mod in all_modules])
print("children():", [type(mod).__name__ for mod in direct])

# One module object registered under two names is yielded once.
relu = nn.ReLU()
twice_registered = nn.Module()
twice_registered.add_module("a", relu)
twice_registered.add_module("b", relu)
print("same ReLU under 'a' and 'b', children():", len(list(twice_registered.children())))
print("modules() starts with m itself:", all_modules[0] is m)

# With ``==`` instead of ``=``, Python evaluates a comparison and fails on
# the name that was never assigned:
try:
    eval("m_new == nn.Sequential(nn.ReLU())", {"nn": nn})
except NameError as err:
    print(f"NameError: {err}")
assert len(all_modules) == 6 and len(direct) == 3

# %% example-for: nn-module-tree
# The same idea on a nested Python list
# -------------------------------------
#
# ``children()`` is like iterating over the list ``[1, 2, [3, 4]]``: the
# inner list is one item. ``modules()`` is like a recursive walk that yields
# every list it meets (the outer one first) and every item inside.

nested = [1, 2, [3, 4]]


def walk(item):
    yield item
    if isinstance(item, list):
        for sub in item:
            yield from walk(sub)


print("like children():", list(nested))
print("like modules(): ", list(walk(nested)))

# %% example-for: torch.nn.Module.named_modules, torch.nn.Module.named_children
# Dotted names
# ------------
#
# ``named_modules()`` pairs each module with its path from the root: the root
# is the empty string ``''``, the modules of the nested ``Sequential`` are
# ``'2.0'`` and ``'2.1'``. ``named_children()`` gives only the first-level
# names.

for name, mod in m.named_modules():
    print(f"{name!r:7} {type(mod).__name__}")
print("named_children():", [name for name, _ in m.named_children()])

# %% example-for: torch.nn.Module.parameters, torch.nn.Module.named_parameters
# Parameters of the whole tree
# ----------------------------
#
# ``parameters()`` and ``named_parameters()`` collect the parameters of every
# submodule (``recurse=True`` by default). Only the ``Linear`` has any. They
# are generators: wrap them in ``list`` to look at them twice. The same
# parameter reached twice (a shared layer) is yielded once, under its first
# name; ``state_dict()`` lists it under every name, as
# ``named_parameters(remove_duplicate=False)`` does.

for name, p in m.named_parameters():
    print(name, tuple(p.shape), p.requires_grad)
print("total numbers learned:", sum(p.numel() for p in m.parameters()))
print("parameters(recurse=False) of the root:", list(m.parameters(recurse=False)))

shared = nn.Linear(2, 2)
twice = nn.Sequential(shared, shared)
print("shared layer counted once:", [name for name, _ in twice.named_parameters()])
print("remove_duplicate=False:  ", [name for name, _ in twice.named_parameters(remove_duplicate=False)])
print("state_dict() keys:       ", list(twice.state_dict()))
assert list(twice.state_dict()) == [name for name, _ in twice.named_parameters(remove_duplicate=False)]
gen = m.parameters()
print("first pass:", len(list(gen)), "| second pass over the same generator:", len(list(gen)))

# %% example-for: torch.nn.Module.apply
# ``apply`` visits every module
# -----------------------------
#
# ``apply(fn)`` calls ``fn`` on every submodule and then on the module
# itself (children first), and returns the module. The usual use is to
# re-initialise all layers of one type.


def init_linear(module):
    print("visiting", type(module).__name__)
    if isinstance(module, nn.Linear):
        nn.init.constant_(module.weight, 0.5)
        nn.init.zeros_(module.bias)


returned = m.apply(init_linear)
print("returns the module:", returned is m)
print(m[0].weight)
assert torch.all(m[0].weight == 0.5)

# %% example-for: torch.nn.Module.add_module
# ``add_module`` registers a submodule under a name
# -------------------------------------------------
#
# ``add_module(name, module)`` does what ``self.name = module`` does, but the
# name can be any string built at run time. A name containing a dot is
# refused, and so is a name that is already an attribute of another kind.

net = nn.Module()
for i in range(2):
    net.add_module(f"block{i}", nn.Linear(2, 2))
print([name for name, _ in net.named_children()])
print("reachable as an attribute:", net.block1 is net._modules["block1"])

for bad in ("a.b", "training"):
    try:
        net.add_module(bad, nn.ReLU())
    except KeyError as err:
        print(f"KeyError: {err}")
