"""
Graph breaks, fullgraph=True and the debugging backends
=======================================================

``torch.compile`` captures Python code into graphs. Code it cannot put in
a graph (a ``print``, a branch on a tensor's value, a function excluded
with ``torch.compiler.disable``) ends the current graph: a *graph break*.
The code in between then runs as ordinary Python, and the function is
compiled as several smaller graphs. This script counts the graphs and
breaks with ``torch._dynamo.explain``, turns a break into an error with
``fullgraph=True``, and compares the ``eager`` and ``aot_eager`` backends
used for debugging. No cell here generates code, so the script is fast.
"""

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.compiler.reset()  # start from an empty compile cache, whatever ran before in this process


def first_line(err):
    """The type and the first line of an exception; the compiler's messages go on with hints and links."""
    return f"{type(err).__name__}: {str(err).splitlines()[0]}"


def show_breaks(explanation):
    print("graphs:", explanation.graph_count, "| graph breaks:", explanation.graph_break_count)
    for i, graph in enumerate(explanation.graphs, 1):
        ops = [getattr(node.target, "__name__", node.target)  # a function's name, or a method's
               for node in graph.graph.nodes if node.op in ("call_function", "call_method")]
        print(f"  graph {i} computes: {ops}")
    for reason in explanation.break_reasons:
        where = reason.user_stack[-1]
        print(f"  break in {where.name}() at `{where.line}`: {reason.reason.splitlines()[0]}")


# %% example-for: compile-graph-breaks
# A ``print`` splits the graph in two
# -----------------------------------
#
# ``torch._dynamo.explain(fn)(*args)`` runs the compiler's capture on
# ``fn`` and reports the graphs, the breaks and their reasons, without
# generating code. Dynamo cannot put the ``print`` into a graph: it
# compiles the code before it, runs the ``print`` in Python, and compiles
# the code after it as a second graph. The ``print`` still runs, at every
# call, compiled or not (``explain`` runs the function once, hence the first
# line of the output).


def with_print(x):
    y = torch.sin(x)
    print("  (print runs in Python)")
    return torch.cos(y) + 1


x = torch.randn(5)
show_breaks(torch._dynamo.explain(with_print)(x))

# %% example-for: compile-graph-breaks
# A branch on a tensor's value splits it too
# ------------------------------------------
#
# ``if y.sum() > 0`` needs the value of ``y``, which exists only when the
# code runs, not when it is traced. The first graph ends by computing the
# condition; Python takes the branch, and the chosen side is compiled as a
# second graph (the other side is compiled if a later call takes it).
# ``explain`` gives this break a terse reason; ``fullgraph=True``, below,
# gives the full one.
# Writing the choice as a tensor operation with ``torch.where`` keeps one
# graph, and computes both sides.


def branchy(x):
    y = x * 2
    if y.sum() > 0:
        return y + 1
    return y - 1


def branchless(x):
    y = x * 2
    return torch.where(y.sum() > 0, y + 1, y - 1)


show_breaks(torch._dynamo.explain(branchy)(x))
show_breaks(torch._dynamo.explain(branchless)(x))
assert torch.equal(branchy(x), branchless(x)) and torch.equal(branchy(-x), branchless(-x))

# %% example-for: compile-fullgraph
# ``fullgraph=True`` turns a graph break into an error
# ----------------------------------------------------
#
# By default a graph break is silent: the function still runs, partly
# compiled. With ``fullgraph=True`` the first break raises
# ``torch._dynamo.exc.Unsupported``, a ``RuntimeError``, whose message
# names the cause, explains it and suggests fixes (only its first lines are
# printed here). Use it where one whole graph matters: for speed, or before
# exporting.

for fn in (with_print, branchy):
    try:
        torch.compile(fn, fullgraph=True, backend="eager")(x)
    except torch._dynamo.exc.Unsupported as err:
        lines = str(err).splitlines()
        print(f"{fn.__name__}: {type(err).__name__}: {lines[0]}")
        print("   ", lines[1].strip())
        print("    is a RuntimeError:", isinstance(err, RuntimeError))
print("branchless, fullgraph=True:", torch.compile(branchless, fullgraph=True, backend="eager")(x).shape)

# %% example-for: compile-fullgraph, torch.compiler.disable
# ``torch.compiler.disable`` keeps a function out of compilation
# --------------------------------------------------------------
#
# A function decorated with ``torch.compiler.disable`` always runs as plain
# Python, also when it is called from compiled code (and, with the default
# ``recursive=True``, so does everything it calls). Calling it from
# compiled code is a graph break. It is the tool for code the compiler
# fails on or should not see; ``fullgraph=True`` refuses it like any other
# break. But ``fullgraph`` is not part of what the compile cache is keyed
# on: once the function has been compiled without it (same backend), a
# ``fullgraph=True`` compile reuses those graphs, break included, and
# raises nothing until ``torch.compiler.reset()``. ``explain`` empties the
# caches too.


@torch.compiler.disable
def python_only(y):
    return y.sort().values


def uses_helper(x):
    y = torch.sin(x)
    z = python_only(y)
    return torch.cos(z)


def compile_fullgraph(label):
    try:
        torch.compile(uses_helper, fullgraph=True, backend="eager")(x)
    except torch._dynamo.exc.Unsupported as err:
        print(f"{label}:", first_line(err))
    else:
        print(f"{label}: no error")


show_breaks(torch._dynamo.explain(uses_helper)(x))  # explain also empties the compile caches
compile_fullgraph("fullgraph=True")
assert torch.equal(torch.compile(uses_helper, backend="eager")(x), uses_helper(x))
compile_fullgraph("fullgraph=True after a compile without it")
torch.compiler.reset()
compile_fullgraph("fullgraph=True after torch.compiler.reset()")

# %% example-for: compile-debug-backends
# The ``eager`` and ``aot_eager`` backends
# ----------------------------------------
#
# The backend decides what happens to a captured graph. ``"eager"`` runs
# it as it is, so autograd records the usual operations. ``"aot_eager"``
# first traces forward and backward ahead of time with AOTAutograd (as
# ``"inductor"`` does), then runs the traced graphs without generating
# code: the output's ``grad_fn`` is a ``CompiledFunctionBackward``. When a
# compiled model fails or gives wrong numbers, trying ``"eager"`` and then
# ``"aot_eager"`` tells whether capture, AOTAutograd or Inductor is at
# fault, with no C++ compilation on the way.

w = torch.randn(3, 2, requires_grad=True)
inputs = torch.randn(4, 3)


def loss_fn(inputs, w):
    return torch.tanh(inputs @ w).sum()


loss = loss_fn(inputs, w)
(expected,) = torch.autograd.grad(loss, w)
print(f"{'no compile':10} grad_fn: {type(loss.grad_fn).__name__}")
for backend in ("eager", "aot_eager"):
    torch.compiler.reset()
    loss = torch.compile(loss_fn, backend=backend)(inputs, w)
    (grad_w,) = torch.autograd.grad(loss, w)
    assert torch.allclose(grad_w, expected)
    print(f"{backend:10} grad_fn: {type(loss.grad_fn).__name__} | same gradient: {torch.allclose(grad_w, expected)}")
