"""
Custom operators: torch.library.custom_op and register_fake
===========================================================

Some functions cannot be traced: they leave PyTorch (NumPy, a C library,
plain Python arithmetic on numbers) in ways the compiler cannot follow.
``torch.library.custom_op`` wraps such a function as a PyTorch operator
that ``torch.compile`` and ``torch.export`` keep as one opaque node, and
``torch.library.register_fake`` tells them the shape and dtype of its
result without running it. This script makes an ``erf`` computed with
Python's ``math`` module into an operator that ``torch.compile(...,
fullgraph=True)`` and ``torch.export`` accept.
"""

import math

import torch
from torch.library import custom_op, register_fake

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.compiler.reset()  # start from an empty compile cache, whatever ran before in this process


def first_line(err):
    """The type and the first line of an exception; the compiler's messages go on with hints and links."""
    return f"{type(err).__name__}: {str(err).splitlines()[0]}"


x = torch.randn(5)

# %% example-for: custom-op-compile
# A function the compiler cannot trace
# ------------------------------------
#
# ``python_erf`` converts the tensor to Python floats and calls
# ``math.erf`` on each. Dynamo cannot trace ``tolist()`` on a float tensor:
# with ``fullgraph=True`` that is an error, and without it a graph break.


def python_erf(x):
    return torch.tensor([math.erf(v) for v in x.tolist()], dtype=x.dtype)


def uses_python_erf(x):
    return python_erf(x) * 2


assert torch.allclose(python_erf(x), torch.erf(x))
explanation = torch._dynamo.explain(uses_python_erf)(x)
print("graphs:", explanation.graph_count, "| graph breaks:", explanation.graph_break_count)
try:
    torch.compile(uses_python_erf, fullgraph=True, backend="eager")(x)
except torch._dynamo.exc.Unsupported as err:
    print(first_line(err))

# %% example-for: custom-op-compile, torch.library.custom_op
# ``custom_op`` turns the function into an operator
# -------------------------------------------------
#
# ``@custom_op("namespace::name", mutates_args=())`` registers the
# function as the operator ``torch.ops.namespace.name``; the schema is
# read from the type annotations, which are required. ``mutates_args``
# (the arguments the function writes to; ``()`` for none) is required too.
# Called eagerly the operator runs the function. Tracing it needs more: the
# operator has no *fake* implementation yet, so ``torch.export`` fails, and
# so does ``torch.compile``.


@custom_op("compile_demo::python_erf", mutates_args=())
def erf_op(x: torch.Tensor) -> torch.Tensor:
    return torch.tensor([math.erf(v) for v in x.tolist()], dtype=x.dtype)


print(type(erf_op).__name__, "| schema:", torch.ops.compile_demo.python_erf.default._schema)
assert torch.allclose(erf_op(x), torch.erf(x))
print("eager call matches torch.erf:", torch.allclose(erf_op(x), torch.erf(x)))


class UsesOp(torch.nn.Module):
    def forward(self, x):
        return erf_op(x) * 2


try:
    torch.export.export(UsesOp(), (x,))
except RuntimeError as err:
    print("export:", first_line(err))
try:
    torch.compile(UsesOp(), fullgraph=True, backend="eager")(x)
except RuntimeError as err:
    message = str(err)
    print("compile:", first_line(err), "|", message[message.index("There was no"):].split(". ")[0])
torch.compiler.reset()

# %% example-for: torch.library.custom_op
# What ``custom_op`` requires
# ---------------------------
#
# Leaving out ``mutates_args`` or an annotation fails when the operator is
# defined. An operator's output must not be one of its inputs (return
# ``x.clone()``, not ``x``), checked when it runs. And it has no gradient
# until one is registered with ``torch.library.register_autograd``: the
# output claims to require grad, but ``backward`` fails.

try:
    @custom_op("compile_demo::no_mutates")
    def no_mutates(x: torch.Tensor) -> torch.Tensor:
        return x.clone()
except TypeError as err:
    print(f"TypeError: {err}")

try:
    @custom_op("compile_demo::no_annotation", mutates_args=())
    def no_annotation(x):
        return x.clone()
except ValueError as err:
    print(f"ValueError: {err}")


@custom_op("compile_demo::returns_input", mutates_args=())
def returns_input(x: torch.Tensor) -> torch.Tensor:
    return x


try:
    returns_input(x)
except RuntimeError as err:
    message = str(err)
    print(f"RuntimeError: ... {message[message.index('The output'):].split('. ')[0]}.")  # skip a module path

y = erf_op(x.clone().requires_grad_())
print("requires_grad:", y.requires_grad)
try:
    y.sum().backward()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: custom-op-compile, torch.library.register_fake
# ``register_fake`` says what the output looks like
# -------------------------------------------------
#
# The compiler traces with *fake* tensors: shape, dtype and device, no
# data. The fake implementation receives such tensors, which hold no
# values, and returns an empty tensor of the right shape and dtype. With
# it, the operator works on ``meta`` tensors, and ``torch.library.opcheck``
# runs its tests of the registrations (schema, fake implementation,
# autograd) on an example input.


@register_fake("compile_demo::python_erf")
def _(x):
    return torch.empty_like(x)


meta_out = erf_op(torch.empty(2, 3, device="meta"))
print("on a meta tensor:", meta_out.shape, meta_out.dtype, meta_out.device)
print(torch.library.opcheck(erf_op, (x,)))

# %% example-for: custom-op-compile, torch.library.register_fake
# Compiled with ``fullgraph=True`` and exported
# ---------------------------------------------
#
# The operator is now one node of the graph: ``torch._dynamo.explain``
# counts one graph and no break, ``fullgraph=True`` succeeds with the
# default Inductor backend, and ``torch.export`` records ``compile_demo.python_erf.default`` in its
# graph.


def uses_op(x):
    return erf_op(x) * 2


explanation = torch._dynamo.explain(uses_op)(x)
print("graphs:", explanation.graph_count, "| graph breaks:", explanation.graph_break_count)
compiled = torch.compile(uses_op, fullgraph=True)
assert torch.allclose(compiled(x), torch.erf(x) * 2)
print("compiled, fullgraph=True, matches 2 * torch.erf:", torch.allclose(compiled(x), torch.erf(x) * 2))

ep = torch.export.export(UsesOp(), (x,))
print("exported graph:", [str(node.target) for node in ep.graph.nodes if node.op == "call_function"])
assert torch.allclose(ep.module()(x), torch.erf(x) * 2)
print("exported module matches:", torch.allclose(ep.module()(x), torch.erf(x) * 2))
