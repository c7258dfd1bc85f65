"""
Writing a Module of your own
============================

A layer is a subclass of ``nn.Module``: ``__init__`` creates its
parameters and submodules, ``forward`` computes the output, and the module
is called like a function. This script writes a fully connected layer from
scratch with ``nn.Parameter``, builds an MLP from two of them, and looks at
where ``nn.Module`` keeps parameters, buffers and submodules.
"""

import math

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: nn-module-custom, torch.nn.Module, torch.nn.Parameter
# A fully connected layer with ``nn.Parameter``
# ---------------------------------------------
#
# Wrapping a tensor in ``nn.Parameter`` and assigning it to an attribute
# registers it: it appears in ``parameters()`` and requires gradients. The
# layer computes ``x @ weight.T + bias`` like ``nn.Linear``.


class MyLinear(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()  # must come before any parameter or submodule
        bound = 1 / math.sqrt(in_features)
        self.weight = nn.Parameter(torch.empty(out_features, in_features).uniform_(-bound, bound))
        self.bias = nn.Parameter(torch.zeros(out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias


fc = MyLinear(3, 2)
print([(name, tuple(p.shape), p.requires_grad) for name, p in fc.named_parameters()])
y = fc(torch.ones(4, 3))
print("output:", tuple(y.shape), y.grad_fn is not None)

# %% example-for: nn-module-custom, torch.nn.Module
# An MLP of two of them
# ---------------------
#
# The MLP is a ``class`` deriving from ``nn.Module`` (a common slip,
# ``def myMLP(nn.Module):``, would define a function, not a model).
# Submodules assigned in ``__init__`` are registered under the attribute
# name; their parameters get dotted names such as ``fc1.weight``.


class MyMLP(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.fc1 = MyLinear(n_in, n_hidden)
        self.act = nn.ReLU()
        self.fc2 = MyLinear(n_hidden, n_out)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


# Written with ``def`` instead of ``class``, the model is not even valid Python:
# a function's parameter cannot be a dotted name such as ``nn.Module``.
try:
    compile("def myMLP(nn.Module):\n    pass\n", "<example>", "exec")
except SyntaxError as err:
    print(f"SyntaxError: {err.msg} (line {err.lineno})")

mlp = MyMLP(3, 4, 2)
print(mlp)
print([name for name, _ in mlp.named_parameters()])
out = mlp(torch.randn(5, 3))
out.sum().backward()
print("output shape:", tuple(out.shape), "| fc1.weight.grad shape:", tuple(mlp.fc1.weight.grad.shape))
print("isinstance(mlp, nn.Module):", isinstance(mlp, nn.Module))

# %% example-for: nn-module-internals
# Where parameters, buffers and submodules live
# ---------------------------------------------
#
# ``nn.Module.__setattr__`` inspects each value assigned to an attribute: a
# ``Parameter`` goes into the dict ``_parameters``, a ``Module`` into
# ``_modules``, a tensor given to ``register_buffer`` into ``_buffers``. They
# are not stored in the instance ``__dict__``; reading ``mlp.fc1`` works
# because ``nn.Module.__getattr__``, which Python calls only when normal
# lookup fails, searches those three dicts. Plain values (numbers, lists,
# ordinary tensors) go into ``__dict__`` as usual, except under a name that
# is already a parameter: there only a ``Parameter`` (or ``None``) is
# accepted, and a plain tensor raises ``TypeError``.

print("'fc1' in mlp.__dict__:", "fc1" in mlp.__dict__)
print("mlp._modules keys:", list(mlp._modules))
print("mlp.fc1._parameters keys:", list(mlp.fc1._parameters))
print("mlp.fc1 is mlp._modules['fc1']:", mlp.fc1 is mlp._modules["fc1"])

mlp.register_buffer("steps", torch.tensor(0))
mlp.note = "plain attribute"
mlp.plain_tensor = torch.ones(2)
print("mlp._buffers keys:", list(mlp._buffers), "| 'steps' in __dict__:", "steps" in mlp.__dict__)
print("'note' in __dict__:", "note" in mlp.__dict__, "| 'plain_tensor' in __dict__:", "plain_tensor" in mlp.__dict__)
print("plain tensor is not a parameter or buffer:", "plain_tensor" not in dict(mlp.named_parameters()) and "plain_tensor" not in dict(mlp.named_buffers()))
assert "fc1" not in mlp.__dict__ and "fc1" in mlp._modules
mlp.counter = nn.Buffer(torch.zeros(1))  # an nn.Buffer is registered by assignment
assert "counter" in mlp._buffers and "counter" not in mlp.__dict__

try:
    mlp.fc1.bias = torch.zeros(4)
except TypeError as err:
    print(f"TypeError: {err}")
mlp.fc1.bias = nn.Parameter(torch.zeros(4))  # a new Parameter is accepted
with torch.no_grad():
    mlp.fc1.bias.copy_(torch.ones(4))  # or copy new values into the old one
print("fc1.bias is a", type(mlp.fc1.bias).__name__, "holding", mlp.fc1.bias.tolist())

# %% example-for: nn-module-internals, torch.nn.Module
# Forgetting ``super().__init__()``
# ---------------------------------
#
# ``nn.Module.__init__`` creates ``_parameters``, ``_buffers`` and
# ``_modules``. Without the call, the first assignment of a submodule,
# parameter or buffer fails with an ``AttributeError``.


class Forgot(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(2, 2)


class ForgotParam(nn.Module):
    def __init__(self):
        self.w = nn.Parameter(torch.zeros(2))


class ForgotBuffer(nn.Module):
    def __init__(self):
        self.register_buffer("b", torch.zeros(2))


for cls in (Forgot, ForgotParam, ForgotBuffer):
    try:
        cls()
    except AttributeError as err:
        print(f"{cls.__name__}: AttributeError: {err}")

# ``nn.Module.__init__`` itself takes no arguments: passing your own
# constructor arguments on to ``super().__init__`` is an error.
for args, kwargs in (((3,), {}), ((), {"size": 3})):
    try:
        nn.Module(*args, **kwargs)
    except TypeError as err:
        print(f"TypeError: {err}")

# %% example-for: torch.nn.Module.forward
# Call the module, not ``forward``
# --------------------------------
#
# ``module(x)`` goes through ``nn.Module.__call__``, which runs the
# registered hooks around ``forward``. Calling ``module.forward(x)`` gives the
# same result here but skips the hooks. A subclass that does not define
# ``forward`` raises ``NotImplementedError`` when called.

fc2 = nn.Linear(2, 1)
calls = []
handle = fc2.register_forward_hook(lambda mod, args, output: calls.append("hook ran"))
x = torch.ones(1, 2)
print("fc2(x):        ", fc2(x), calls)
calls.clear()
print("fc2.forward(x):", fc2.forward(x), calls)
handle.remove()


class NoForward(nn.Module):
    pass


try:
    NoForward()(x)
except NotImplementedError as err:
    print(f"NotImplementedError: {err}")

# %% example-for: torch.nn.Parameter
# ``nn.Parameter`` itself
# -----------------------
#
# A ``Parameter`` is a ``Tensor`` subclass with ``requires_grad=True`` by
# default. It shares memory with the tensor it wraps (no copy) and is a
# leaf of the autograd graph. An integer parameter must be created with
# ``requires_grad=False``, because only floating-point and complex tensors
# can require gradients.

t = torch.zeros(2)
p = nn.Parameter(t)
print(p)
print("is a Tensor:", isinstance(p, torch.Tensor), "| leaf:", p.is_leaf, "| shares memory:", p.data_ptr() == t.data_ptr())
print("frozen:", nn.Parameter(torch.ones(2), requires_grad=False).requires_grad)
print(nn.Parameter(torch.arange(3), requires_grad=False))
try:
    nn.Parameter(torch.arange(3))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("an operation on a Parameter gives a plain Tensor:", type(p * 2).__name__)
print("without data:", nn.Parameter())
