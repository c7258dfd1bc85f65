"""
backward, autograd.backward and autograd.grad
=============================================

There are two ways to ask autograd for gradients. ``loss.backward()`` (and
its function form ``torch.autograd.backward``) *accumulates* the gradients
into the ``.grad`` of the leaves and returns nothing; ``torch.autograd.grad``
*returns* them and leaves ``.grad`` alone. This script compares them, shows
the ``gradient=`` argument for non-scalar outputs, and prints the real
errors learners meet: backward on a tensor that does not require grad, a
second backward through a freed graph, and backward on a non-scalar output.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: autograd-grad-vs-backward
# ``grad`` returns, ``backward`` accumulates
# ------------------------------------------
#
# The same function f(w) = sum(w ** 3), differentiated twice with each API.
# ``autograd.grad`` returns a tuple with one gradient per input and never
# touches ``w.grad``. ``backward`` returns ``None`` and adds to ``w.grad``:
# after two calls it holds twice the gradient.

w = torch.tensor([1.0, 2.0], requires_grad=True)

for call in range(2):
    (g,) = torch.autograd.grad((w ** 3).sum(), w)
    print(f"autograd.grad call {call + 1}: returned {g}, w.grad = {w.grad}")
assert w.grad is None

for call in range(2):
    result = (w ** 3).sum().backward()
    print(f"backward call {call + 1}: returned {result}, w.grad = {w.grad}")
assert torch.equal(w.grad, 2 * g)

# %% example-for: torch.Tensor.backward
# ``backward()`` on a scalar loss
# -------------------------------
#
# The usual training step: a scalar loss, one ``backward()``, gradients in
# the ``.grad`` of every leaf that requires grad (here the weight and bias
# of a linear model).

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
target = torch.tensor([1.0, 0.0])
weight = torch.tensor([0.5, -0.5], requires_grad=True)
bias = torch.tensor(0.1, requires_grad=True)

loss = ((x @ weight + bias - target) ** 2).mean()
print("loss:", loss)
loss.backward()
print("weight.grad:", weight.grad)
print("bias.grad:", bias.grad)

# %% example-for: torch.Tensor.backward, autograd-backward-errors
# Non-scalar outputs need ``gradient=``
# -------------------------------------
#
# ``backward()`` without arguments only works for a one-element output.
# For a tensor ``y`` it needs ``gradient=v`` of ``y``'s shape and computes
# the vector-Jacobian product, the gradient of ``(y * v).sum()``.

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2  # dy_i/dx_i = 2 * x_i
try:
    y.backward()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

y.backward(gradient=torch.ones(3))
print("gradient=ones:", x.grad)
x.grad = None
y = x ** 2
y.backward(gradient=torch.tensor([1.0, 0.0, 10.0]))
print("gradient=[1, 0, 10]:", x.grad)
assert torch.equal(x.grad, torch.tensor([2.0, 0.0, 60.0]))

# %% example-for: autograd-backward-errors
# Backward on a tensor that does not require grad
# -----------------------------------------------
#
# If no input of the computation requires grad, nothing was recorded:
# ``loss`` has no ``grad_fn`` and ``backward`` fails. Typical causes: the
# parameters were frozen, the tensor was created without
# ``requires_grad=True``, it was detached, or the forward ran under
# ``torch.no_grad()``.

data = torch.tensor([1.0, 2.0])
loss = (data * 2).sum()
print("loss.requires_grad:", loss.requires_grad, "| grad_fn:", loss.grad_fn)
try:
    loss.backward()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: autograd-backward-errors, torch.Tensor.backward
# A second backward through a freed graph
# ---------------------------------------
#
# To save memory, ``backward`` frees the intermediate values the graph saved
# for the backward pass. A second ``backward`` through the same graph then
# fails. Usually the fix is to run the forward again; when you really need
# two passes through one graph, pass ``retain_graph=True`` to every pass
# except the last.

x = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (x.exp() * x).sum()
loss.backward()
try:
    loss.backward()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

x.grad = None
loss = (x.exp() * x).sum()
loss.backward(retain_graph=True)
first = x.grad.clone()
loss.backward()  # works: the graph was kept; the gradients add up
print("after two passes:", x.grad, "| 2 * first pass:", 2 * first)
assert torch.allclose(x.grad, 2 * first)

# A graph that saved no intermediate values (here only an addition and a
# sum) can be traversed twice even without retain_graph=True.
x.grad = None
loss = (x + 1).sum()
loss.backward()
loss.backward()
print("(x + 1).sum(), two backward calls:", x.grad)
assert torch.equal(x.grad, torch.tensor([2.0, 2.0]))

# %% example-for: autograd-backward-errors
# A saved tensor modified in place
# --------------------------------
#
# Some operations save a tensor for the backward pass: ``sigmoid`` saves its
# output, because its derivative is ``s * (1 - s)``. Changing that tensor in
# place afterwards (``mul_``, ``+=``, an assignment into it) bumps its version
# counter, and ``backward`` refuses the changed value with the error below.
# Write the operation out of place (``s = s * 2``), or ``clone()`` first.

x = torch.tensor([1.0, 2.0], requires_grad=True)
s = torch.sigmoid(x)
print("version before:", s._version)
s.mul_(2)
print("version after mul_:", s._version)
try:
    s.sum().backward()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

t = torch.zeros(2)
t += 1
after_add = t._version
t[0] = 5.0
print("versions after += and after an assignment into it:", after_add, t._version)
assert (after_add, t._version) == (1, 2)

s = torch.sigmoid(x)
s = s * 2  # out of place: the saved output stays intact
s.sum().backward()
print("out of place, x.grad:", x.grad)
expected = 2 * torch.sigmoid(x.detach()) * (1 - torch.sigmoid(x.detach()))
assert torch.allclose(x.grad, expected)

# %% example-for: torch.autograd.grad
# ``autograd.grad``: gradients as a return value
# ----------------------------------------------
#
# Pass the output and the inputs to differentiate with respect to. An input
# the output does not depend on is an error unless ``allow_unused=True``
# (then its gradient is ``None``, or zeros with ``materialize_grads=True``).

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)
out = a ** 2 * 3
print("d(out)/da:", torch.autograd.grad(out, a, retain_graph=True))
try:
    torch.autograd.grad(out, [a, b], retain_graph=True)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("allow_unused:", torch.autograd.grad(out, [a, b], allow_unused=True, retain_graph=True))
try:  # materialize_grads needs allow_unused left at None (or True)
    torch.autograd.grad(out, [a, b], materialize_grads=True, allow_unused=False, retain_graph=True)
except ValueError as err:
    print(f"ValueError: {err}")
print("materialize_grads:", torch.autograd.grad(out, [a, b], materialize_grads=True))
print("a.grad still:", a.grad)
try:  # the last call had no retain_graph=True: the graph is freed
    torch.autograd.grad(out, a)
except RuntimeError as err:
    print(f"RuntimeError: {str(err)[:60]}...")

# With a dict of named inputs, the gradients come back in a dict.
print("dict inputs:", torch.autograd.grad(a ** 2 * 3, {"a": a}))

# %% example-for: torch.autograd.grad
# Second derivatives with ``create_graph=True``
# ---------------------------------------------
#
# With ``create_graph=True`` the returned gradient is itself part of a graph
# and can be differentiated again: here the first and second derivatives of
# x ** 3 at x = 2 (3 * x ** 2 = 12 and 6 * x = 12).

x = torch.tensor(2.0, requires_grad=True)
(dy,) = torch.autograd.grad(x ** 3, x, create_graph=True)
print("first derivative:", dy)
(d2y,) = torch.autograd.grad(dy, x)
print("second derivative:", d2y)
assert dy.item() == 12.0 and d2y.item() == 12.0

# is_grads_batched=True: each row of grad_outputs is one vector of a
# vector-Jacobian product; rows of the identity give the whole Jacobian.
x = torch.tensor([1.0, 2.0], requires_grad=True)
(jac,) = torch.autograd.grad(x ** 2, x, torch.eye(2), is_grads_batched=True)
print("Jacobian of x ** 2 via is_grads_batched:", jac)
assert torch.equal(jac, torch.diag(2 * x.detach()))

# %% example-for: torch.autograd.backward
# The function form ``torch.autograd.backward``
# ---------------------------------------------
#
# ``torch.autograd.backward(tensors, grad_tensors)`` is what
# ``tensor.backward(gradient)`` calls. It accepts several outputs at once and
# accumulates the sum of their gradients. ``inputs=`` limits which leaves
# get ``.grad``.

w = torch.tensor([1.0, 2.0], requires_grad=True)
u = torch.tensor([3.0, 4.0], requires_grad=True)
loss1 = (w * u).sum()
loss2 = (w ** 2).sum()
torch.autograd.backward([loss1, loss2])
print("w.grad (u + 2w):", w.grad, "| u.grad (w):", u.grad)
assert torch.equal(w.grad, u.detach() + 2 * w.detach())

w.grad, u.grad = None, None
torch.autograd.backward((w * u).sum(), inputs=[u])
print("with inputs=[u]: w.grad =", w.grad, "| u.grad =", u.grad)

# A non-scalar output with its grad_tensors:
w.grad = None
torch.autograd.backward(w * 10, grad_tensors=torch.tensor([1.0, 0.5]))
print("grad_tensors=[1, 0.5]:", w.grad)

# The old name of grad_tensors still works, with a warning.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.autograd.backward(w * 10, grad_variables=torch.tensor([1.0, 0.5]))
assert len(caught) == 1
print(f"{caught[0].category.__name__}: {caught[0].message}")
