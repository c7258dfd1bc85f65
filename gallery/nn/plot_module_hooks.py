"""
Forward, forward-pre and backward hooks
=======================================

A hook is a function that ``nn.Module.__call__`` runs around ``forward`` or
that autograd runs during ``backward``. Each ``register_*_hook`` returns a
handle whose ``remove()`` takes the hook off again. This script prints what
each kind of hook receives and shows how a return value changes the input,
the output or the gradient.
"""

import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.Module.register_forward_pre_hook
# Forward-pre hook: sees the input before ``forward``
# ---------------------------------------------------
#
# The hook is called as ``hook(module, args)``, where ``args`` is the tuple
# of positional arguments. Returning ``None`` leaves them as they are; a
# returned value replaces them (a single value is wrapped into a tuple).

lin = nn.Linear(2, 1)
nn.init.ones_(lin.weight)
nn.init.zeros_(lin.bias)


def show_input(module, args):
    print("pre-hook got", type(module).__name__, "and args of type", type(args).__name__, "->", args)


def double_input(module, args):
    return args[0] * 2


x = torch.tensor([[1.0, 2.0]])
h1 = lin.register_forward_pre_hook(show_input)
print("output:", lin(x))
h2 = lin.register_forward_pre_hook(double_input)
print("output with the input doubled:", lin(x))
print("lin.forward(x) runs no hook:", lin.forward(x))
h1.remove()
h2.remove()
print("hooks removed:", lin(x), len(lin._forward_pre_hooks))

# %% example-for: torch.nn.Module.register_forward_hook
# Forward hook: sees input and output after ``forward``
# -----------------------------------------------------
#
# Called as ``hook(module, args, output)``. A common use is to record the
# activations of an inner layer. Returning a value replaces the output the
# caller receives.

net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
activations = {}


def save_output(module, args, output):
    activations["relu"] = output.detach()
    print("forward hook got args", [tuple(a.shape) for a in args], "and output", tuple(output.shape))


handle = net[1].register_forward_hook(save_output)
y = net(torch.randn(4, 2))
print("recorded activation shape:", tuple(activations["relu"].shape))
handle.remove()

replace = lin.register_forward_hook(lambda module, args, output: output + 100)
print("output replaced by the hook:", lin(x))
replace.remove()
print("after remove():", lin(x))
assert torch.equal(lin(x), torch.tensor([[3.0]]))

# %% example-for: torch.nn.Module.register_full_backward_hook
# Full backward hook: sees the gradients
# --------------------------------------
#
# Called during ``backward`` as ``hook(module, grad_input, grad_output)``:
# tuples of the gradients with respect to the module's inputs and outputs
# (not its parameters). When no input requires a gradient, as for the data
# fed to the first layer, every entry is ``None`` and PyTorch warns.
# Returning a tuple replaces ``grad_input``.

lin2 = nn.Linear(2, 1)


def show_grads(module, grad_input, grad_output):
    print("grad_input: ", grad_input)
    print("grad_output:", grad_output)


bh = lin2.register_full_backward_hook(show_grads)
inp = torch.tensor([[1.0, 2.0]], requires_grad=True)
lin2(inp).sum().backward()
print("input grad equals the weight:", torch.equal(inp.grad, lin2.weight.detach()))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    lin2(torch.ones(1, 2)).sum().backward()  # input without requires_grad
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
bh.remove()

scale = lin2.register_full_backward_hook(lambda module, gin, gout: (gin[0] * 10,))
inp.grad = None
lin2(inp).sum().backward()
print("input grad scaled by the hook:", inp.grad)
scale.remove()

# %% example-for: torch.nn.Module.register_full_backward_hook
# An input without ``requires_grad`` gets zeros, not ``None``
# -----------------------------------------------------------
#
# As soon as one tensor input requires a gradient, every other tensor input
# gets a tensor of zeros of its own dtype and shape in ``grad_input``, even
# a ``bool`` mask. Those zeros look like a real gradient. ``None`` is left
# for arguments that are not tensors, and for the case above where no input
# requires a gradient.


class MaskedScale(nn.Module):
    def forward(self, x, mask, factor):
        return x.masked_fill(mask, 0.0) * factor


def describe(module, grad_input, grad_output):
    print("grad_input:", [None if g is None else (g.dtype, g.tolist()) for g in grad_input])


masked = MaskedScale()
handle = masked.register_full_backward_hook(describe)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
mask = torch.tensor([False, True, False])
masked(x, mask, 2.0).sum().backward()
handle.remove()

seen = []
handle = masked.register_full_backward_hook(lambda m, gin, gout: seen.append(gin))
masked(x, mask, 2.0).sum().backward()
handle.remove()
assert seen[0][1].dtype == torch.bool and not seen[0][1].any() and seen[0][2] is None
