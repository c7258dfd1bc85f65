"""
The dynamo-based and the TorchScript-based ONNX exporters
=========================================================

``torch.onnx.export`` has two exporters. The default one (``dynamo=True``)
captures the model with ``torch.export``; the older one (``dynamo=False``)
runs the model once with TorchScript tracing and records the operations it
sees. This script exports a model whose ``forward`` branches on the values
of its input with each of them.
"""

import contextlib
import io
import warnings

import onnx
import onnxruntime as ort
import torch
from torch import nn


class SignBranch(nn.Module):
    def forward(self, x):
        if x.sum() > 0:  # depends on the values, not only on the shape
            return x * 2
        return x - 1


model = SignBranch().eval()
positive = torch.ones(2, 3)
negative = torch.full((2, 3), -3.0)

# %% example-for: onnx-exporters
# The default exporter refuses a data-dependent branch
# ----------------------------------------------------
#
# ``torch.export`` cannot turn ``if x.sum() > 0`` into a graph: the
# condition is only known when the model runs. The export fails with a
# ``TorchExportError`` (a subclass of ``torch.onnx.OnnxExporterError`` and of
# ``RuntimeError``). Its long message ends with a summary of the cause,
# printed here. PyTorch's tutorial on exporting control flow, linked from
# the warning printed in the next cell, shows how to rewrite such a branch.

try:
    # On failure the exporter also writes the captured graph to stderr, with
    # file paths; it is kept out of the output here.
    with contextlib.redirect_stderr(io.StringIO()):
        torch.onnx.export(model, (positive,), verbose=False)
except torch.onnx.OnnxExporterError as err:
    print(type(err).__name__, "| RuntimeError:", isinstance(err, RuntimeError))
    lines = str(err).splitlines()
    summary = lines[lines.index("## Exception summary") + 2]
    print(summary)

# %% example-for: onnx-exporters
# The TorchScript exporter keeps only the branch it saw
# -----------------------------------------------------
#
# ``dynamo=False`` is deprecated (it warns so) and needs ``f``, a file name
# or a binary file object; it writes the model there and returns ``None``.
# Tracing evaluates the condition
# once, with the example input, and warns (``TracerWarning``) that the
# result is treated as a constant. The graph holds only the ``x * 2`` branch:
# ONNX Runtime doubles a negative input, where the model subtracts 1.

buffer = io.BytesIO()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    result = torch.onnx.export(model, (positive,), buffer, dynamo=False,
                               input_names=["x"], output_names=["y"])
print("returned:", result)
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
assert any(w.category.__name__ == "TracerWarning" for w in caught)
assert any(w.category is DeprecationWarning for w in caught)

graph = onnx.load_from_string(buffer.getvalue()).graph
print("nodes:", [node.op_type for node in graph.node])
session = ort.InferenceSession(buffer.getvalue(), providers=["CPUExecutionProvider"])
(y_ort,) = session.run(None, {"x": negative.numpy()})
print("ONNX Runtime:", y_ort[0].tolist())
print("PyTorch:     ", model(negative)[0].tolist())

# %% example-for: onnx-exporters
# A TorchScript module needs the TorchScript exporter
# ---------------------------------------------------
#
# The default exporter refuses what ``torch.jit.script`` returns, a
# ``ScriptModule`` or a scripted function: the export fails with the same
# ``TorchExportError`` and names the cause in its summary. Only
# ``dynamo=False`` accepts them. Export the original ``nn.Module`` instead.


class Double(nn.Module):
    def forward(self, x):
        return x * 2


@torch.jit.script
def double(x):
    return x * 2


for scripted in (torch.jit.script(Double()), double):
    kind = type(scripted).__name__
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            torch.onnx.export(scripted, (positive,), verbose=False)
    except torch.onnx.OnnxExporterError as err:
        lines = str(err).splitlines()
        print(f"{kind}: {type(err).__name__}:", lines[lines.index("## Exception summary") + 2])
    else:
        raise AssertionError(f"the default exporter accepted a {kind}")
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        # The DeprecationWarning is shown in the cell above; for a function the
        # exporter also warns that it found no signature, naming the object's
        # memory address, which changes from run to run.
        warnings.simplefilter("ignore")
        result = torch.onnx.export(scripted, (positive,), buffer, dynamo=False)
    print(f"{kind} with dynamo=False: returned", result, "| nodes:",
          [node.op_type for node in onnx.load_from_string(buffer.getvalue()).graph.node])
with contextlib.redirect_stderr(io.StringIO()):
    program = torch.onnx.export(Double(), (positive,), verbose=False)
print("the nn.Module with the default exporter:", type(program).__name__,
      [node.op_type for node in program.model_proto.graph.node])
