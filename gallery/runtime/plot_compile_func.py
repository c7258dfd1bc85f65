"""
torch.func: vmap, grad, per-sample gradients and Jacobians
==========================================================

``torch.func`` (formerly functorch) has *function transforms*: each takes
a function and returns a new function. ``vmap`` adds a batch dimension,
``grad`` returns the gradient, ``jacrev`` the Jacobian and ``jvp`` a
Jacobian-vector product; ``functional_call`` runs a module with weights
passed in as arguments. They compose, which is how per-sample gradients
are computed in one call. Every result here is checked against a plain
loop or finite differences.
"""

import torch
from torch import nn
from torch.func import functional_call, grad, jacrev, jvp, vmap

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: func-transforms, torch.func.vmap
# ``vmap`` maps a function over a batch dimension
# -----------------------------------------------
#
# ``dot`` is written for two vectors. ``vmap(dot)`` runs it over
# dimension 0 of both arguments at once (no Python loop), as if it had
# been written for batches. ``in_dims`` says which dimension of each
# argument is the batch; ``None`` passes an argument unbatched to every
# call. Inside ``vmap`` a function sees one sample, so turning a tensor into
# a Python number with ``.item()`` is an error.


def dot(a, b):
    return (a * b).sum()


rows_a, rows_b = torch.randn(4, 3), torch.randn(4, 3)
batched = vmap(dot)(rows_a, rows_b)
looped = torch.stack([dot(a, b) for a, b in zip(rows_a, rows_b)])
assert torch.allclose(batched, looped)
print("vmap(dot):", batched)
print("in_dims=(0, None):", vmap(dot, in_dims=(0, None))(rows_a, rows_b[0]))
print("in_dims=1 on the transpose:", torch.allclose(vmap(dot, in_dims=1)(rows_a.T, rows_b.T), batched))
try:
    vmap(lambda v: v.sum().item())(rows_a)
except RuntimeError as err:
    print(f"RuntimeError: {str(err).split('. ')[0]}.")  # the first sentence of the message

# %% example-for: func-transforms, torch.func.grad
# ``grad`` of a function that returns a scalar
# --------------------------------------------
#
# ``grad(f)`` is a function that returns the gradient of ``f`` with respect
# to its first argument (``argnums`` chooses others). No ``.backward()``,
# no ``requires_grad``: the input is a plain tensor, and its ``.grad``
# stays ``None``. ``f`` must return a 0-dimensional tensor: even a one-element
# vector is refused, and the error points to ``jacrev`` for non-scalar
# outputs. Transforms nest: ``grad(grad(f))`` is the second derivative.


def cube_sum(x):
    return (x ** 3).sum()


x = torch.tensor([1.0, 2.0, 3.0])
print("grad(cube_sum):", grad(cube_sum)(x), "| 3 x^2:", 3 * x ** 2)
print("x.requires_grad:", x.requires_grad, "| x.grad:", x.grad)
print("argnums=1:", grad(lambda a, b: (a * b).sum(), argnums=1)(x, torch.ones(3)))
t = torch.tensor(0.5)
print("grad(grad(sin))(0.5):", grad(grad(torch.sin))(t).item(), "| -sin(0.5):", -torch.sin(t).item())
for not_scalar in (lambda v: v ** 2, lambda v: (v ** 2).sum().reshape(1)):
    try:
        grad(not_scalar)(x)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: func-per-sample-grads, torch.func.functional_call
# Per-sample gradients: ``functional_call`` + ``grad`` + ``vmap``
# ---------------------------------------------------------------
#
# ``loss.backward()`` on a batch gives the gradient of the summed (or
# averaged) loss: one gradient for the whole batch. Some methods need one
# gradient per sample (differential privacy, per-example clipping). The
# recipe: write the loss of **one** sample as a function of the
# parameters with ``functional_call``, take ``grad`` of it, and ``vmap``
# that over the batch, with ``in_dims=(None, 0, 0)``: the same parameters
# for every sample. Each result has the parameter's shape with the batch in
# front, and equals what a Python loop of ``backward()`` calls gives.

model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
params = {name: p.detach() for name, p in model.named_parameters()}
inputs, targets = torch.randn(6, 3), torch.randn(6, 1)


def sample_loss(params, x, y):
    prediction = functional_call(model, params, (x.unsqueeze(0),))  # a batch of one
    return nn.functional.mse_loss(prediction, y.unsqueeze(0))


per_sample = vmap(grad(sample_loss), in_dims=(None, 0, 0))(params, inputs, targets)
for name, g in per_sample.items():
    print(f"{name:8} parameter {str(tuple(params[name].shape)):7} -> per-sample gradients {tuple(g.shape)}")

for i in range(len(inputs)):
    model.zero_grad()
    nn.functional.mse_loss(model(inputs[i:i + 1]), targets[i:i + 1]).backward()
    for name, p in model.named_parameters():
        assert torch.allclose(per_sample[name][i], p.grad, atol=1e-6), (i, name)
print("equal to a loop of backward() calls, for each of", len(inputs), "samples")

model.zero_grad()
nn.functional.mse_loss(model(inputs), targets).backward()  # the whole batch: one averaged gradient
assert all(torch.allclose(per_sample[name].mean(0), p.grad, atol=1e-6) for name, p in model.named_parameters())
print("their mean is the batch gradient of the mean loss:",
      all(torch.allclose(per_sample[name].mean(0), p.grad, atol=1e-6) for name, p in model.named_parameters()))

# %% example-for: torch.func.functional_call
# ``functional_call`` runs a module with other weights
# ----------------------------------------------------
#
# ``functional_call(module, params, args)`` calls ``module(*args)`` with
# the tensors of the dict ``params`` in place of the parameters and
# buffers of the same names; the module itself is not changed. Names
# missing from the dict keep the module's own tensors.

linear = nn.Linear(2, 1)
zeros = {"weight": torch.zeros(1, 2), "bias": torch.tensor([5.0])}
point = torch.tensor([[1.0, 2.0]])
print("with zero weights and bias 5:", functional_call(linear, zeros, (point,)).tolist())
print("only the bias replaced:", torch.allclose(functional_call(linear, {"bias": torch.tensor([5.0])}, (point,)),
                                                point @ linear.weight.T + 5.0))
print("module unchanged:", torch.equal(linear(point), point @ linear.weight.T + linear.bias))

# %% example-for: func-jacobians, torch.func.jacrev, torch.func.jvp
# ``jacrev`` and ``jvp`` against finite differences
# -------------------------------------------------
#
# For ``f`` from R^2 to R^3, ``jacrev(f)(v)`` is the 3 x 2 Jacobian,
# computed with reverse-mode differentiation. ``jvp(f,
# (v,), (u,))`` returns ``f(v)`` and the product ``J @ u`` by forward
# mode, without forming ``J``; its inputs and directions are tuples, one
# entry per argument of ``f``. Both agree with central finite differences
# ``(f(v + h e) - f(v - h e)) / 2h``, computed in float64.


def f(v):
    return torch.stack([v[0] * v[1], torch.sin(v[1]), v[0] ** 2])


v = torch.tensor([0.5, 2.0], dtype=torch.float64)
u = torch.tensor([1.0, -1.0], dtype=torch.float64)
h = 1e-6

J = jacrev(f)(v)
columns = [(f(v + h * e) - f(v - h * e)) / (2 * h) for e in torch.eye(2, dtype=torch.float64)]
J_fd = torch.stack(columns, dim=1)
print("jacrev:\n", J)
assert torch.allclose(J, J_fd, atol=1e-8)
print("jacrev matches finite differences:", torch.allclose(J, J_fd, atol=1e-8))

value, jvp_out = jvp(f, (v,), (u,))
jvp_fd = (f(v + h * u) - f(v - h * u)) / (2 * h)
assert torch.equal(value, f(v)) and torch.allclose(jvp_out, jvp_fd, atol=1e-8)
print("jvp:", jvp_out, "| J @ u:", J @ u)
print("jvp matches finite differences:", torch.allclose(jvp_out, jvp_fd, atol=1e-8))
try:
    jvp(f, v, u)  # primals and tangents must be tuples: (v,) and (u,)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
