"""
TorchScript and torch.fx
========================

TorchScript (``torch.jit.script``, ``torch.jit.trace``, ``torch.jit.save``,
``torch.jit.load``) was PyTorch's first way to take a model out of Python.
It still works, but in torch 2.13 each of these functions warns that it is
deprecated in favour of ``torch.compile`` and ``torch.export``. This script
shows the warnings, the difference between scripting and tracing (tracing
records one path through the code and loses a branch), a save/load round
trip, and ``torch.fx``, the Python-level graph that the newer tools build on.
"""

import os
import tempfile
import warnings

import torch
from torch import fx, nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def show_warnings(caught):
    """Print each distinct warning once, in order: category and message."""
    seen = []
    for w in caught:
        if (w.category, str(w.message)) not in seen:
            seen.append((w.category, str(w.message)))
    for category, message in seen:
        print(f"{category.__name__}: {message}")


class SignBranch(nn.Module):
    def forward(self, x):
        if x.sum() > 0:  # depends on the values, not only on the shape
            return x * 2
        return x - 1


model = SignBranch()
positive, negative = torch.ones(3), torch.full((3,), -3.0)

# %% example-for: jit-maintenance, torch.jit.script
# ``torch.jit.script`` compiles the Python source, branch included
# ----------------------------------------------------------------
#
# Scripting reads the source of ``forward`` and compiles it to TorchScript,
# a statically typed subset of Python, so the ``if`` is kept. The result is
# a ``ScriptModule`` whose ``code`` shows the compiled program. In torch 2.13 the call
# issues a ``DeprecationWarning``, which Python's default filters hide (shown
# here with ``simplefilter("always")``, as pytest or ``python -W default``
# would): for new code, use ``torch.compile`` (to speed up) or
# ``torch.export`` (to deploy).

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    scripted = torch.jit.script(model)
show_warnings(caught)
print(type(scripted).__name__, "| ScriptModule:", isinstance(scripted, torch.jit.ScriptModule))
print(scripted.code.strip())
for t in (positive, negative):
    assert torch.equal(scripted(t), model(t))
print("same as eager for both signs:", all(torch.equal(scripted(t), model(t)) for t in (positive, negative)))

# %% example-for: jit-maintenance, torch.jit.script
# Unannotated arguments are tensors
# ---------------------------------
#
# TorchScript gives every unannotated argument the type ``Tensor``. A
# scripted function whose ``k`` is meant to be an ``int`` refuses one until
# the argument is annotated.

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # shown in the cell above

    @torch.jit.script
    def scale(x, k):
        return x * k

    @torch.jit.script
    def scale_annotated(x, k: int):
        return x * k

try:
    scale(torch.ones(2), 3)
except RuntimeError as err:
    print(f"RuntimeError: {str(err).splitlines()[0]}")  # the first of several lines
print("annotated:", scale_annotated(torch.ones(2), 3).tolist())

# %% example-for: jit-trace-branch, torch.jit.trace
# ``torch.jit.trace`` records the one path it saw
# -----------------------------------------------
#
# Tracing runs the model once with the example input and records the
# tensor operations that ran. The condition ``x.sum() > 0`` was evaluated
# in Python, so the trace keeps only the branch taken, and
# ``torch.jit.trace`` warns with a ``TracerWarning``. (With the default
# ``check_trace=True`` it traces a second time to check the result, so the
# warning comes twice; each distinct warning is printed once here.) The
# traced model then doubles a negative input, where the model subtracts 1.

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    traced = torch.jit.trace(model, (positive,))
show_warnings(caught)
print("TracerWarnings raised:", sum(issubclass(w.category, torch.jit.TracerWarning) for w in caught))
print(type(traced).__name__)
print(traced.code.strip())
print("model :", model(negative).tolist())
print("traced:", traced(negative).tolist())

# %% example-for: torch.jit.save, torch.jit.load
# Saving and loading TorchScript
# ------------------------------
#
# ``torch.jit.save`` writes a ``ScriptModule``'s code and weights to one
# file; ``torch.jit.load`` reads it back as a ``ScriptModule`` that runs
# the saved TorchScript code, not the Python class. Both warn as
# deprecated; their
# replacements are ``torch.export.save`` and ``torch.export.load``. The
# loaded scripted model still has both branches.

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "sign_branch.pt")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.jit.save(scripted, path)
        loaded = torch.jit.load(path)
show_warnings(caught)
print(type(loaded).__name__, "| a SignBranch:", isinstance(loaded, SignBranch))
for t in (positive, negative):
    assert torch.equal(loaded(t), model(t))
print("loaded:", loaded(positive).tolist(), loaded(negative).tolist())

# %% example-for: torch.fx.symbolic_trace, torch.fx.GraphModule
# ``torch.fx.symbolic_trace`` gives an editable graph
# ---------------------------------------------------
#
# FX traces ``forward`` with proxy objects in place of tensors and records
# every call in a ``Graph``: ``placeholder`` (an input), ``call_module``,
# ``call_function``, ``call_method``, ``output``. It returns a
# ``GraphModule``: an ``nn.Module`` (its class named after the traced
# module) that holds the graph, the submodules it calls, and the Python
# ``code`` generated from the graph. FX is not deprecated: the graphs that
# ``torch.compile`` and ``torch.export`` produce are FX graphs too.


class Small(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(3, 2)

    def forward(self, x):
        return torch.relu(self.linear(x)) + 1


small = Small()
gm = fx.symbolic_trace(small)
print(type(gm).__name__, "| GraphModule:", isinstance(gm, fx.GraphModule), "| nn.Module:", isinstance(gm, nn.Module))
for node in gm.graph.nodes:
    print(f"  {node.op:14} {node.name:7} args={node.args}")
print(gm.code.strip())

# %% example-for: torch.fx.GraphModule
# Editing the graph and regenerating the code
# -------------------------------------------
#
# A graph can be changed node by node, but the module keeps running its old
# ``code`` until ``recompile()`` regenerates ``code`` and ``forward`` from
# the graph. Here ``torch.relu`` becomes ``torch.sigmoid``.
# ``fx.GraphModule(root, graph)`` builds a module from a graph and a module
# that owns the submodules and parameters the graph names.

for node in gm.graph.nodes:
    if node.op == "call_function" and node.target is torch.relu:
        node.target = torch.sigmoid
print("code uses sigmoid before recompile():", "torch.sigmoid" in gm.code)
gm.recompile()
print("code uses sigmoid after recompile(): ", "torch.sigmoid" in gm.code)
print(gm.code.strip())
inputs = torch.randn(4, 3)
assert torch.allclose(gm(inputs), torch.sigmoid(small.linear(inputs)) + 1)
rebuilt = fx.GraphModule(small, gm.graph)
assert torch.equal(rebuilt(inputs), gm(inputs))
print("parameters of the rebuilt module:", [name for name, _ in rebuilt.named_parameters()])

# %% example-for: torch.fx.symbolic_trace
# Symbolic tracing cannot follow a value-dependent branch
# -------------------------------------------------------
#
# A proxy has no value, so ``if x.sum() > 0`` cannot be decided: FX raises
# a ``TraceError`` where ``torch.jit.trace`` silently picked a branch.

try:
    fx.symbolic_trace(SignBranch())
except fx.proxy.TraceError as err:
    print(f"{type(err).__name__}: {err}")
