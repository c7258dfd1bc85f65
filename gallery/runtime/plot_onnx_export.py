"""
Exporting a model with torch.onnx.export
========================================

``torch.onnx.export`` turns a model into an ONNX graph that other runtimes
can execute. By default it uses the exporter based on ``torch.export``
(``dynamo=True``) and returns an ``ONNXProgram``. This script exports a small
model twice, reads the graph's inputs and outputs with the ``onnx`` package,
and runs the saved file with ONNX Runtime to check that it computes the
same numbers as PyTorch.
"""

import inspect
import os
import tempfile
import warnings

import onnx
import onnxruntime as ort
import torch
from onnx import numpy_helper
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)
        self.drop = nn.Dropout(0.5)

    def forward(self, x, scale=None):
        y = self.drop(torch.relu(self.fc(x)))
        if scale is not None:
            y = y * scale
        return y


def describe(value_infos):
    """Name, element type and shape of each graph input or output, as the onnx package stores them."""
    for info in value_infos:
        tensor_type = info.type.tensor_type
        dims = [d.dim_param or d.dim_value for d in tensor_type.shape.dim]
        print(f"  {info.name}: {onnx.TensorProto.DataType.Name(tensor_type.elem_type)} {dims}")


model = Net()
x = torch.randn(2, 4)

# %% example-for: onnx-train-eval
# The default exporter, and a model left in training mode
# -------------------------------------------------------
#
# ``dynamo=True`` is the default. The exporter prints its progress, one
# step per line. ``args`` may be a single tensor, as here; it stands for a
# one-element tuple. The model was *not* put in evaluation mode, and the
# exporter records it as it is: the graph keeps a ``Dropout`` node whose
# ``training_mode`` input is ``True``, so the exported model would drop
# values at random in every run. The exporter warns about it (the warning
# is caught and printed here). Call ``model.eval()`` before exporting.

print("default dynamo =", inspect.signature(torch.onnx.export).parameters["dynamo"].default)
print("model.training =", model.training)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    onnx_program = torch.onnx.export(model, x)
training_warnings = [w for w in caught if "training mode" in str(w.message)]
assert training_warnings
for w in training_warnings:
    print(f"{w.category.__name__}: {w.message}")
print(type(onnx_program).__name__)
graph = onnx_program.model_proto.graph
print("inputs:", [i.name for i in graph.input], "| nodes:", [node.op_type for node in graph.node])
dropout = next(node for node in graph.node if node.op_type == "Dropout")
constants = {init.name: numpy_helper.to_array(init) for init in graph.initializer}
print("Dropout training_mode:", constants[dropout.input[2]])
# without dynamic_shapes, the input keeps the example's sizes
assert [d.dim_value for d in graph.input[0].type.tensor_type.shape.dim] == [2, 4]

# %% example-for: onnx-args
# Named arguments and a dynamic batch size
# ----------------------------------------
#
# A tuple whose last element is a dict passes that dict's entries as keyword
# arguments to ``forward`` (``kwargs=`` does the same). ``dynamic_shapes``
# follows the names of ``forward``'s parameters: ``{0: "batch"}`` makes
# dimension 0 of ``x`` a symbol named ``batch``; ``None`` keeps ``scale``
# static. Without it every dimension is fixed to the example's size.
# ``verbose=False`` silences the progress lines, ``input_names`` and
# ``output_names`` name the graph's inputs and outputs. In evaluation mode
# the ``Dropout`` disappears from the graph.

model.eval()
scale = torch.tensor(2.0)
with warnings.catch_warnings():
    # an internal FutureWarning of torch.export (about LeafSpec), not for users
    warnings.simplefilter("ignore", FutureWarning)
    onnx_program = torch.onnx.export(
        model,
        (x, {"scale": scale}),
        input_names=["x", "scale"],
        output_names=["y"],
        dynamic_shapes={"x": {0: "batch"}, "scale": None},
        verbose=False,
    )
graph = onnx_program.model_proto.graph
print("nodes:", [node.op_type for node in graph.node])
print("inputs:")
describe(graph.input)
print("outputs:")
describe(graph.output)

# %% example-for: torch.onnx.export
# Running the saved file with ONNX Runtime
# ----------------------------------------
#
# ``ONNXProgram.save`` writes the ``.onnx`` file; ONNX Runtime loads it and
# takes NumPy arrays keyed by input name. Thanks to the dynamic dimension,
# a batch of 5 runs although the export saw a batch of 2, and the results
# match PyTorch's within float32 rounding.

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "net.onnx")
    onnx_program.save(path)
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    print("ORT inputs:", [(i.name, i.type, i.shape) for i in session.get_inputs()])
    for batch in (2, 5):
        xb = torch.randn(batch, 4)
        (y_ort,) = session.run(None, {"x": xb.numpy(), "scale": scale.numpy()})
        with torch.no_grad():
            y_torch = model(xb, scale=scale)
        torch.testing.assert_close(torch.from_numpy(y_ort), y_torch)
        print(f"batch {batch}: output shape {y_ort.shape}, matches torch: True")
