"""
torch.export: one whole graph, dynamic dimensions and .pt2 files
================================================================

``torch.export.export`` captures a module's ``forward`` ahead of time as a
single graph of ATen operations, an ``ExportedProgram``, with the weights
alongside. Unlike ``torch.compile`` it never falls back to Python: code it
cannot capture is an error. This script shows the graph and how to run it,
the arguments it expects, a data-dependent branch rewritten with
``torch.cond``, dynamic dimensions declared with ``Dim``, and a save/load
round trip through a ``.pt2`` file.
"""

import contextlib
import io
import logging
import operator
import os
import re
import tempfile

import torch
from torch import nn
from torch.export import Dim, export

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def first_lines(err, n=1):
    """The type and the first ``n`` lines of an exception; export's messages go on with advice."""
    return f"{type(err).__name__}: " + "\n    ".join(line.strip() for line in str(err).splitlines()[:n])


class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 3)

    def forward(self, x):
        return torch.relu(self.linear(x))


model = TinyNet().eval()
x = torch.randn(2, 4)

# %% example-for: export-contract, torch.export.export
# ``export`` returns the whole ``forward`` as one graph
# -----------------------------------------------------
#
# The example inputs go in a tuple, as the positional arguments of
# ``forward``. The graph lists the weights as inputs (placeholders) next to
# ``x``, and the computation as ATen operators; the module's Python code is
# gone. Export also records the shapes of the example: by default every
# dimension is fixed.

ep = export(model, (x,))
print(type(ep).__name__)
for node in ep.graph.nodes:
    print(f"  {node.op:14} {node.name:16} {node.target}")

# %% example-for: export-contract, torch.export.export
# ``args`` must be a tuple
# ------------------------
#
# A lone tensor is not accepted as ``args``, even for a one-argument
# ``forward``: write ``(x,)``. Keyword arguments go in ``kwargs``, a dict.

try:
    export(model, x)
except Exception as err:
    print(first_lines(err))
print("export(model, (x,)) and export(model, (), {'x': x}) work:",
      type(export(model, (), {"x": x})).__name__)

# %% example-for: torch.export.ExportedProgram
# Running an ``ExportedProgram``
# ------------------------------
#
# An ``ExportedProgram`` cannot be called directly (a ``RuntimeError``). ``ep.module()`` turns it into a
# ``torch.fx.GraphModule`` that computes what the model does, and that
# checks its inputs against what was exported: a batch of another size is
# refused. ``graph_signature`` says what each graph input is, and
# ``state_dict`` holds the weights. Export does not copy them: they are
# the model's own tensors.

try:
    ep(x)
except RuntimeError as err:
    print(first_lines(err))
runnable = ep.module()
print(type(runnable).__name__, "| is a torch.fx.GraphModule:", isinstance(runnable, torch.fx.GraphModule))
assert torch.allclose(runnable(x), model(x))
print("same output as the model:", torch.allclose(runnable(x), model(x)))
try:
    runnable(torch.randn(5, 4))
except AssertionError as err:
    print(first_lines(err))
for spec in ep.graph_signature.input_specs:
    print(f"  input {spec.arg.name:16} {spec.kind.name:10} {spec.target}")
print("state_dict:", list(ep.state_dict))
print("shares the model's weight:", ep.state_dict["linear.weight"].data_ptr() == model.linear.weight.data_ptr())
before = ep.module()(x)
with torch.no_grad():
    model.linear.bias += 1.0  # an in-place change of the model...
print("...changes the program's output:", not torch.allclose(ep.module()(x), before))
with torch.no_grad():
    model.linear.bias -= 1.0

# %% example-for: export-contract, torch.cond
# A branch on a value is an error; ``torch.cond`` captures both sides
# -------------------------------------------------------------------
#
# ``torch.compile`` would break the graph at ``if x.sum() > 0``; export has
# nowhere to fall back to, so it fails. (The default, non-strict export
# reports a data-dependent guard; the message goes on with advice, cut
# here.) ``torch.cond(pred, true_fn, false_fn, operands)`` puts both
# branches in the graph as subgraphs (``true_graph_0`` and
# ``false_graph_0``) and picks one when the graph runs.
# Both functions take the operands and return tensors of the same dtype and
# number of dimensions.


class SignBranch(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x * 2
        return x - 1


class SignCond(nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t * 2, lambda t: t - 1, (x,))


positive, negative = torch.ones(3), torch.full((3,), -3.0)
symbolic_shapes_log = logging.getLogger("torch.fx.experimental.symbolic_shapes")
level_before = symbolic_shapes_log.level
try:
    # On this failure export also prints the partial graph to stderr, with file paths, and logs a
    # warning that it cannot locate the user code; both are kept out of the output.
    symbolic_shapes_log.setLevel(logging.ERROR)
    with contextlib.redirect_stderr(io.StringIO()):
        export(SignBranch(), (positive,))
except RuntimeError as err:
    print(first_lines(err))
finally:
    symbolic_shapes_log.setLevel(level_before)

cond_ep = export(SignCond(), (positive,))
for node in cond_ep.graph.nodes:
    if node.op in ("get_attr", "call_function"):
        target = "operator.getitem" if node.target is operator.getitem else node.target  # not its <built-in ...> repr
        print(f"  {node.op:14} {node.name:14} {target}")
print("the true branch's subgraph:", [str(n.target) for n in cond_ep.graph_module.true_graph_0.graph.nodes
                                      if n.op == "call_function"])
cond_module = cond_ep.module()
for t in (positive, negative):
    assert torch.equal(cond_module(t), SignBranch()(t))
    print(f"input {t.tolist()} -> {cond_module(t).tolist()}")

# %% example-for: torch.cond
# ``torch.cond`` outside export
# -----------------------------
#
# With a Python ``bool`` as the predicate, ``torch.cond`` just calls one of
# the two functions. With a tensor predicate (one element) it traces both
# with ``torch.compile(fullgraph=True)`` before running one, as the
# branch below shows: it adds ``torch.compiler.is_compiling()`` (``True``
# counts as 1) to its result. Hence the rules of graph capture apply even
# in eager code: the two functions must return outputs with the same dtypes
# and numbers of dimensions (here the false branch returns a 0-d sum), and they must not change
# anything outside themselves, such as appending to a list.


def double(t):
    return t * 2 + torch.compiler.is_compiling()  # adds 1 only when traced


for pred in (True, torch.tensor(True)):
    print(f"pred={pred!r}: {torch.cond(pred, double, lambda t: t - 1, (positive,)).tolist()}")

try:
    torch.cond(torch.tensor(False), lambda t: t * 2, lambda t: t.sum(), (positive,))
except RuntimeError as err:
    # the message wraps the error raised while tracing; only that error is printed
    print(f"{type(err).__name__}: ... {re.search(r'got RuntimeError[(](.*)[)]', str(err)).group(1).strip(chr(34))}")

calls = []


def logged_double(t):
    calls.append("true branch")
    return t * 2


try:
    torch.cond(torch.tensor(True), logged_double, lambda t: t - 1, (positive,))
except RuntimeError as err:
    lines = str(err).splitlines()
    print(f"{type(err).__name__}: ... {lines[2]} ({lines[4].strip()})")  # the cause, out of a long message

# %% example-for: export-dynamic-dims, torch.export.Dim
# Dynamic dimensions with ``Dim``
# -------------------------------
#
# ``dynamic_shapes`` maps each argument of ``forward`` (by name, or by
# position in a tuple) to ``{dim index: Dim}``. ``Dim("batch", min=1,
# max=64)`` makes dimension 0 symbolic within that range, and the
# exported module accepts any batch size in it. A ``Dim`` on a dimension
# that the model fixes (the 4 input features of ``nn.Linear(4, 3)``) is an
# error at export time, and so is an example of size 1 on a dynamic
# dimension: export treats a size of 1 in the example as the constant 1, so
# give examples of size 2 or more. ``Dim.AUTO`` lets export decide instead:
# here the batch becomes dynamic (from 2 to infinity, ``int_oo``) and the
# feature dimension stays 4, without an error.

batch = Dim("batch", min=1, max=64)
dyn_ep = export(model, (x,), dynamic_shapes={"x": {0: batch}})
print("range of the batch dimension:", list(dyn_ep.range_constraints.values()))
dyn_module = dyn_ep.module()
for rows in (1, 5, 64):
    print(f"batch of {rows:2}: output shape {tuple(dyn_module(torch.randn(rows, 4)).shape)}")
try:
    dyn_module(torch.randn(65, 4))
except AssertionError as err:
    print(first_lines(err))

for example, shapes in (((x,), {"x": {0: batch, 1: Dim("features")}}),
                        ((torch.randn(1, 4),), {"x": {0: batch}})):
    try:
        export(model, example, dynamic_shapes=shapes)
    except Exception as err:
        print(first_lines(err, 2))

auto_ep = export(model, (x,), dynamic_shapes={"x": {0: Dim.AUTO, 1: Dim.AUTO}})
print("Dim.AUTO ranges:", list(auto_ep.range_constraints.values()))
print("Dim.AUTO, batch of 3:", tuple(auto_ep.module()(torch.randn(3, 4)).shape))
try:
    auto_ep.module()(torch.randn(3, 5))
except AssertionError as err:
    print("Dim.AUTO, 5 features:", first_lines(err))

# %% example-for: export-save-load, torch.export.save, torch.export.load
# Saving and loading a ``.pt2`` file
# ----------------------------------
#
# ``torch.export.save`` writes the program (graph, weights, signature and
# dynamic ranges) to one file, by convention ``.pt2``;
# ``torch.export.load`` reads it back as an ``ExportedProgram`` whose
# module runs the saved graph, not ``TinyNet``'s Python code. The loaded
# program computes the same values and keeps the dynamic batch dimension.

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "tiny_net.pt2")
    torch.export.save(dyn_ep, path)
    loaded = torch.export.load(path)
print(type(loaded).__name__, "| ranges:", list(loaded.range_constraints.values()))
print("module() is a TinyNet:", isinstance(loaded.module(), TinyNet))
batch7 = torch.randn(7, 4)
assert torch.equal(loaded.module()(batch7), dyn_ep.module()(batch7))
print("same output after the round trip:", torch.equal(loaded.module()(batch7), dyn_ep.module()(batch7)))
