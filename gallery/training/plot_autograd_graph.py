"""
The autograd graph: grad_fn and next_functions
==============================================

While the forward computation runs, autograd records one node per operation
on tensors that require gradients. A result's ``grad_fn`` is the node that
made it; the node's ``next_functions`` point to the nodes of its inputs, down
to one ``AccumulateGrad`` node per leaf. ``backward`` walks this graph from
the output to the leaves. This script walks and prints the graph of a small
expression and shows that ``torch.autograd.Variable`` is obsolete.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


# %% example-for: autograd-graph, torch.Tensor.grad_fn
# ``grad_fn`` is the node that made a tensor
# ------------------------------------------
#
# Leaves have ``grad_fn=None``. Each operation on a tensor that requires
# gradients gives its result a node named after the operation's backward
# (``MulBackward0``, ``AddBackward0``, ...). Printing a node shows a memory
# address, so the examples print ``grad_fn.name()`` instead.

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = a * b
d = c + a.sin()
print("a.grad_fn:", a.grad_fn)
print("c.grad_fn:", c.grad_fn.name())
print("d.grad_fn:", d.grad_fn.name())
print("repr of d:", d)

# An operation on tensors that do not require grad records nothing.
e = torch.tensor(2.0) * 3
print("no grad wanted -> e.grad_fn:", e.grad_fn)
try:
    d.grad_fn = None
except AttributeError as err:
    print(f"AttributeError: {err}")

# %% example-for: autograd-graph
# Walking ``next_functions`` down to the leaves
# ---------------------------------------------
#
# ``next_functions`` is a tuple of ``(node, input_nr)`` pairs, one per input
# of the operation. A leaf that requires grad appears as an
# ``AccumulateGrad`` node whose ``variable`` is the leaf itself; an input
# that needs no gradient appears as ``None``.

names = {id(a): "a", id(b): "b"}


def walk(node, depth=0):
    """Print the graph below ``node``, one node per line."""
    pad = "    " * depth
    if node is None:
        print(pad + "None (input needs no gradient)")
        return
    label = node.name()
    if hasattr(node, "variable"):  # AccumulateGrad: the leaf it writes to
        label += f" -> .grad of {names[id(node.variable)]}"
    print(pad + label)
    for child, _input_nr in node.next_functions:
        walk(child, depth + 1)


walk(d.grad_fn)

f = d * torch.tensor(10.0)  # the constant is a leaf that needs no gradient
print("---")
walk(f.grad_fn)

# %% example-for: autograd-graph
# The graph is what ``backward`` follows
# --------------------------------------
#
# d = a * b + sin(a), so dd/da = b + cos(a) and dd/db = a. ``a`` is reached
# along two paths (through ``MulBackward0`` and through ``SinBackward0``) and
# its ``.grad`` is the sum of both contributions.

d.backward()
print("a.grad:", a.grad.item(), "| b + cos(a):", (b + a.cos()).item())
print("b.grad:", b.grad.item(), "| a:", a.item())
assert torch.allclose(a.grad, b.detach() + a.detach().cos())
assert torch.equal(b.grad, a.detach())

# %% example-for: autograd-variable
# ``Variable`` is obsolete: it returns a plain ``Tensor``
# -------------------------------------------------------
#
# Before PyTorch 0.4 a tensor had to be wrapped in ``Variable`` to take part
# in autograd. Since then every ``Tensor`` carries ``requires_grad``,
# ``grad`` and ``grad_fn`` itself. ``torch.autograd.Variable`` still exists
# for old code: calling it returns an ordinary ``torch.Tensor``, and
# ``isinstance(t, Variable)`` is true for every tensor.

from torch.autograd import Variable

t = torch.ones(3)
v = Variable(t, requires_grad=True)
print("type(v):", type(v).__name__, "| type(v) is torch.Tensor:", type(v) is torch.Tensor)
print("v:", v, "| is_leaf:", v.is_leaf)
print("shares memory with t:", v.data_ptr() == t.data_ptr())
print("isinstance(torch.zeros(1), Variable):", isinstance(torch.zeros(1), Variable))
assert type(v) is torch.Tensor

# The old ``volatile=True`` flag does nothing any more and warns.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    Variable(t, volatile=True)
assert len(caught) == 1
print(f"{caught[0].category.__name__}: {caught[0].message}")

# Write this instead:
v = t.clone().requires_grad_()  # or torch.ones(3, requires_grad=True)
print("modern spelling:", v)
