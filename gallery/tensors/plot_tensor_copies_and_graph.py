"""
Copies, in-place methods and the autograd graph
===============================================

What ``clone()``, ``detach()`` and ``clone().detach()`` do to memory and to
the autograd graph, how methods ending in ``_`` change a tensor in place,
how ``requires_grad_`` and ``zero_`` interact with autograd, and how a
gradient hook is registered and removed again.

Memory sharing is shown by comparing ``data_ptr()`` and by writing through
one tensor and printing the other; graph membership by ``requires_grad``,
``is_leaf`` and the name of ``grad_fn`` (the node that will compute the
gradient during ``backward``).
"""

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def node(t):
    """The name of t's autograd node, or None (printing grad_fn shows an address)."""
    return None if t.grad_fn is None else t.grad_fn.name()


# %% example-for: tensor-class-inplace
# ``abs()`` versus ``abs_()``
# ---------------------------
#
# A method without the trailing underscore returns a new tensor and leaves
# ``self`` alone. The one with the underscore overwrites ``self`` and returns
# ``self`` (the same object, not a copy).

x = torch.tensor([-1.5, 2.0])
y = x.abs()
print("x.abs():  x =", x.tolist(), "| result =", y.tolist(), "| same memory:", y.data_ptr() == x.data_ptr())

z = x.abs_()
print("x.abs_(): x =", x.tolist(), "| result is x:", z is x)

# %% example-for: tensor-class-inplace
# In-place changes reach every name and every view
# ------------------------------------------------
#
# ``x = x.abs()`` rebinds one name to a new tensor; ``x.abs_()`` changes the
# memory that other names and views also read.

x = torch.tensor([-1.0, -2.0, -3.0])
alias, view = x, x[:2]
x = x.abs()  # new tensor: alias and view still see the old values
print("after x = x.abs(): alias", alias.tolist(), "view", view.tolist())

x = alias
x.abs_()  # in place: every name and view sees the change
print("after x.abs_():    alias", alias.tolist(), "view", view.tolist())

# Not every method has an in-place twin, and the function form exists too:
print("has abs_:", hasattr(torch.Tensor, "abs_"), "| has reshape_:", hasattr(torch.Tensor, "reshape_"))
print("torch.abs_:", torch.abs_(torch.tensor([-4.0])).tolist())

# %% example-for: tensor-class-inplace
# An in-place result must fit the tensor's dtype
# ----------------------------------------------
#
# ``x.div_(2)`` on an integer tensor would need a float result, which cannot
# be stored into ``x``; the out-of-place ``x.div(2)`` simply returns floats.

x = torch.tensor([1, 2])
print("x.div(2):", x.div(2).tolist(), x.div(2).dtype)
try:
    x.div_(2)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: tensor-class-clone-detach, torch.Tensor.clone, torch.Tensor.detach
# ``clone``, ``detach`` and ``clone().detach()`` side by side
# -----------------------------------------------------------
#
# ``clone()`` copies the data and stays in the graph; ``detach()`` shares the
# data and leaves the graph; ``clone().detach()`` (or ``detach().clone()``)
# does both: new memory, no graph.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
candidates = {
    "x.clone()": x.clone(),
    "x.detach()": x.detach(),
    "x.clone().detach()": x.clone().detach(),
    "x.detach().clone()": x.detach().clone(),
}
print(f"{'':20} {'shares memory':>13} {'requires_grad':>13} {'is_leaf':>7}  grad_fn")
for name, t in candidates.items():
    shares = t.data_ptr() == x.data_ptr()
    print(f"{name:20} {shares!s:>13} {t.requires_grad!s:>13} {t.is_leaf!s:>7}  {node(t)}")

# %% example-for: tensor-class-clone-detach, torch.Tensor.clone
# Gradients flow back through ``clone``
# -------------------------------------
#
# The clone has its own memory, so writing into it leaves ``x`` unchanged,
# but it is recorded in the graph: ``backward`` on a result computed from the
# clone fills ``x.grad``.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
c = x.clone()
with torch.no_grad():
    c[0] = 100.0  # changes only the copy
print("x:", x.detach().tolist())

(c * 2).sum().backward()
print("x.grad:", x.grad.tolist())

# %% example-for: tensor-class-clone-detach, torch.Tensor.detach
# ``detach`` shares memory: writes reach the original
# ---------------------------------------------------
#
# A detached tensor is another view of the same memory that autograd does not
# track. Writing into it changes ``x``, although ``x`` requires grad.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
d = x.detach()
d[0] = 10.0
print("x after d[0] = 10:", x)

# %% example-for: torch.Tensor.detach
# In-place changes through ``detach`` can break ``backward``
# ----------------------------------------------------------
#
# ``sigmoid`` saves its output for the backward pass. Zeroing that output
# through a detached alias is detected by the version counter, and
# ``backward`` refuses to use the changed values.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.sigmoid()
y.detach().zero_()
try:
    y.sum().backward()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.Tensor.detach
# Shape changes on a detached tensor stay local
# ---------------------------------------------
#
# The detached tensor shares the *data*, not the shape: transposing it in
# place does not transpose ``x``.

x = torch.zeros(2, 3, requires_grad=True)
d = x.detach()
d.t_()
print("d.shape:", d.shape, "| x.shape:", x.shape, "| same memory:", d.data_ptr() == x.data_ptr())

# %% example-for: torch.clone
# ``torch.clone`` and ``memory_format``
# -------------------------------------
#
# ``torch.clone(x)`` is ``x.clone()``. With the default
# ``memory_format=torch.preserve_format`` a dense tensor keeps its strides,
# even a transposed one. A tensor with gaps (a strided slice) gets dense
# strides in the same dimension order: a slice of a contiguous tensor becomes
# contiguous, a slice of a transposed or ``channels_last`` tensor keeps that
# order. ``torch.contiguous_format`` forces row-major order.

t = torch.arange(6.0).view(2, 3).t()  # dense, not contiguous
print("t:", t.stride(), "| torch.clone(t):", torch.clone(t).stride())
print("contiguous_format:", torch.clone(t, memory_format=torch.contiguous_format).stride())

s = torch.arange(12.0).view(3, 4)[:, ::2]  # has gaps
print("s:", s.stride(), "| torch.clone(s):", torch.clone(s).stride())

st = torch.arange(12.0).view(4, 3).t()[:, ::2]  # transposed, then sliced: gaps
print("st:", st.stride(), "| torch.clone(st):", torch.clone(st).stride())
assert torch.clone(st).stride() == (1, 3) and not torch.clone(st).is_contiguous()

cl = torch.zeros(2, 3, 4, 5).to(memory_format=torch.channels_last)[:, :, ::2]
print("sliced channels_last:", cl.stride(), "| torch.clone:", torch.clone(cl).stride())
assert torch.clone(cl).stride() == (30, 1, 15, 3)

x = torch.ones(2, requires_grad=True)
print("in the graph:", node(torch.clone(x)))

# %% example-for: torch.Tensor.requires_grad_
# ``requires_grad_`` switches tracking on a leaf tensor
# -----------------------------------------------------
#
# It changes the flag in place and returns ``self``. Only leaf tensors (made
# by the user, not computed from tracked tensors) can switch it off, and only
# floating-point and complex tensors can require gradients.

w = torch.tensor([1.0, -2.0])
print("same object:", w.requires_grad_() is w, "| requires_grad:", w.requires_grad, "| is_leaf:", w.is_leaf)

y = w * 2  # computed: not a leaf
try:
    y.requires_grad_(False)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("detach instead:", y.detach().requires_grad)

try:
    torch.tensor([1, 2]).requires_grad_()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

print("complex:", torch.tensor([1 + 2j]).requires_grad_().requires_grad)

w.requires_grad_(False)  # freezing a leaf is allowed
print("after requires_grad_(False):", w.requires_grad)

# %% example-for: torch.Tensor.zero_
# ``zero_`` fills with zeros in place
# -----------------------------------
#
# It returns ``self``. On a leaf that requires grad (a weight) it must run
# under ``torch.no_grad()``; the usual target is a gradient, ``w.grad.zero_()``.

t = torch.arange(4.0)
print("returns self:", t.zero_() is t, "| t:", t.tolist())

w = torch.tensor([1.0, 2.0], requires_grad=True)
try:
    w.zero_()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
with torch.no_grad():
    w.zero_()
print("w after zero_ under no_grad:", w.tolist())

(w + 1).sum().backward()
print("w.grad:", w.grad.tolist())
w.grad.zero_()
print("after w.grad.zero_():", w.grad.tolist())

# %% example-for: tensor-class-register-hook, torch.Tensor.register_hook
# Doubling a gradient with a hook, then removing it
# -------------------------------------------------
#
# The hook receives the gradient of ``v`` and may return a replacement.
# ``register_hook`` returns a handle; ``handle.remove()`` detaches the hook,
# and the next ``backward`` gives the plain gradient again.

v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
handle = v.register_hook(lambda grad: grad * 2)
print(type(handle).__name__)

(v * v).sum().backward()  # d(v*v)/dv = 2v, doubled by the hook
print("with the hook:   ", v.grad.tolist())

handle.remove()
v.grad = None  # gradients accumulate: clear before the next backward
(v * v).sum().backward()
print("after remove():  ", v.grad.tolist())

# %% example-for: tensor-class-register-hook, torch.Tensor.register_hook
# Several hooks run in order; hooks need ``requires_grad``
# --------------------------------------------------------
#
# A tensor can carry more than one hook: each receives the previous hook's
# result. A hook on an intermediate tensor sees the gradient flowing through
# it. Registering a hook on a tensor that does not require grad fails.

v = torch.tensor([1.0, 1.0], requires_grad=True)
h1 = v.register_hook(lambda grad: grad * 2)
h2 = v.register_hook(lambda grad: grad + 1)
v.sum().backward()  # plain gradient 1 -> * 2 -> + 1
print("two hooks:", v.grad.tolist())
h1.remove()
h2.remove()

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
seen = []
y.register_hook(lambda grad: seen.append(grad.tolist()))  # returns None: no change
(y * y).sum().backward()
print("gradient seen at y:", seen[0], "| x.grad:", x.grad.tolist())

try:
    torch.ones(2).register_hook(lambda grad: grad)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
