"""
Containers: Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict
============================================================================

Containers register the modules or parameters they hold, so that
``parameters()``, ``state_dict()``, ``to()`` and ``train()`` reach them.
``Sequential`` also has a ``forward`` that chains its modules; the other
containers are storage only and are used inside a ``forward`` you write.
"""

from collections import OrderedDict

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.Sequential
# ``Sequential`` chains its modules
# ---------------------------------
#
# Calling it feeds the input to the first module and each output to the
# next. Indexing gives one module, a slice gives a new ``Sequential`` that
# shares the same module objects. An ``OrderedDict`` gives the modules names.

seq = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
x = torch.randn(5, 4)
print("output shape:", tuple(seq(x).shape), "| len:", len(seq))
print("seq[0]:", seq[0])
print("seq[-1] is seq[2]:", seq[-1] is seq[2])
head = seq[:2]
print("seq[:2]:", head)
print("slice shares modules:", head[0] is seq[0])
assert torch.equal(seq[2](head(x)), seq(x))

named = nn.Sequential(OrderedDict([("fc", nn.Linear(4, 2)), ("act", nn.Tanh())]))
print("named:", [name for name, _ in named.named_children()], "| named.fc:", named.fc)
seq.append(nn.Softmax(dim=1))
print("after append:", len(seq))

# %% example-for: nn-module-modulelist, torch.nn.ModuleList
# ``ModuleList`` cannot be called
# -------------------------------
#
# A ``ModuleList`` registers its modules like a list of submodules, but it
# does not define ``forward``: calling it raises ``NotImplementedError``.
# Loop over it inside your own ``forward`` instead.

layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
try:
    layers(x)
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

print("defines its own forward:", "forward" in vars(nn.ModuleList), "| Sequential:", "forward" in vars(nn.Sequential))


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


stack = Stack()
print("Stack output:", tuple(stack(x).shape), "| parameters:", len(list(stack.parameters())))
stack.layers.append(nn.Linear(4, 4))
print("list operations: len", len(stack.layers), "| names", [n for n, _ in stack.layers.named_children()])

# %% example-for: torch.nn.ModuleList, torch.nn.ParameterList
# A plain Python list hides its modules and parameters
# ----------------------------------------------------
#
# ``nn.Module.__setattr__`` registers only ``Module`` and ``Parameter``
# values. A Python ``list`` of them is stored as an ordinary attribute, so
# ``parameters()`` does not see what it holds: an optimiser would not train
# it, ``state_dict()`` would not save it and ``to()`` would not move it.


class PlainList(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(4, 4), nn.Linear(4, 4)]
        self.scales = [nn.Parameter(torch.ones(4))]


class Registered(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])
        self.scales = nn.ParameterList([nn.Parameter(torch.ones(4))])


print("plain list parameters:", len(list(PlainList().parameters())))
print("registered parameters:", [name for name, _ in Registered().named_parameters()])
assert len(list(PlainList().parameters())) == 0

# %% example-for: torch.nn.ModuleDict
# ``ModuleDict`` holds modules by name
# ------------------------------------
#
# It keeps insertion order and registers each module under its key, which
# then becomes part of the parameter names. Like ``ModuleList`` it cannot be
# called; choose a module by key in ``forward``.

heads = nn.ModuleDict({"cls": nn.Linear(4, 3), "reg": nn.Linear(4, 1)})
print("keys:", list(heads.keys()))
print([name for name, _ in heads.named_parameters()])
print("heads['reg'](x):", tuple(heads["reg"](x).shape))
heads["aux"] = nn.Identity()
print("after adding 'aux':", list(heads), "| 'aux' in heads:", "aux" in heads)
try:
    heads(x)
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.nn.ParameterList, torch.nn.ParameterDict
# ``ParameterList`` and ``ParameterDict``
# ---------------------------------------
#
# They register parameters by position or by key. A plain tensor put into
# them is wrapped into an ``nn.Parameter`` (so it requires gradients).

plist = nn.ParameterList([torch.zeros(2), nn.Parameter(torch.ones(3))])
print(plist)
print("wrapped:", type(plist[0]).__name__, plist[0].requires_grad)
print([name for name, _ in plist.named_parameters()])

pdict = nn.ParameterDict({"alpha": torch.tensor(1.0)})
pdict["beta"] = torch.zeros(2)
print([name for name, _ in pdict.named_parameters()], type(pdict["beta"]).__name__)
