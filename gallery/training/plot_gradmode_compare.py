"""
Grad mode, no-grad, inference mode and eval mode compared
=========================================================

The same small model is run five ways: in the default grad mode, under
``torch.no_grad()``, under ``torch.inference_mode()``, after
``model.eval()`` alone, and after ``model.eval()`` under ``no_grad``. A
printed table shows, for each way, whether its output records a graph and
whether the output can be used by autograd afterwards. A second cell shows
that ``eval()`` changes what ``Dropout`` and ``BatchNorm`` compute but leaves
gradient tracking on.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: gradmode-comparison
# One model, five ways to run it
# ------------------------------
#
# For every way, the table prints the grad mode and inference mode seen
# inside the block, the output's ``requires_grad``, the name of its
# ``grad_fn`` and ``is_inference()``. The last two columns try, *after* the
# block, in the default grad mode, (1) to use the output in an operation
# that autograd records, ``(out * w).sum().backward()`` with a ``w`` that
# requires grad, and (2) to update the output in place with ``add_``. In
# training mode the last recorded operation is Dropout's multiplication
# (``MulBackward0``); in evaluation mode Dropout does nothing and the last one
# is the linear layer's (``AddmmBackward0``).

model = nn.Sequential(nn.Linear(3, 2), nn.Dropout(0.5))
x = torch.randn(4, 3)
w = torch.ones(2, requires_grad=True)


def run(way):
    model.train(way not in ("eval()", "eval() + no_grad"))
    if way in ("no_grad", "eval() + no_grad"):
        ctx = torch.no_grad()
    elif way == "inference_mode":
        ctx = torch.inference_mode()
    else:
        ctx = torch.enable_grad()  # the default: grad mode on
    with ctx:
        inside = (torch.is_grad_enabled(), torch.is_inference_mode_enabled())
        out = model(x)
    return inside, out


def try_op(fn):
    try:
        fn()
        return "ok", None
    except RuntimeError as err:
        return "RuntimeError", str(err)


ways = ["grad mode", "no_grad", "inference_mode", "eval()", "eval() + no_grad"]
header = ("way", "grad on", "inference", "requires_grad", "grad_fn",
          "is_inference", "later in autograd", "later add_")
fmt = "{:<17}{:<9}{:<11}{:<15}{:<16}{:<14}{:<19}{}"
print(fmt.format(*header))
rows, errors = {}, {}
for way in ways:
    (grad_on, inf_on), out = run(way)
    grad_fn = type(out.grad_fn).__name__ if out.grad_fn is not None else "None"
    used, used_err = try_op(lambda: (out * w).sum().backward())
    _, out2 = run(way)  # a fresh output for the in-place test
    inplace, inplace_err = try_op(lambda: out2.add_(1))
    rows[way] = (grad_on, inf_on, out.requires_grad, grad_fn, out.is_inference(), used, inplace)
    errors[way] = (used_err, inplace_err)
    print(fmt.format(way, *[str(v) for v in rows[way]]))

print()
print("inference_mode, later in autograd:", errors["inference_mode"][0])
print("inference_mode, later add_:       ", errors["inference_mode"][1])

assert rows["grad mode"][2:5] == (True, "MulBackward0", False)  # Dropout's multiply
assert rows["eval()"][2:5] == (True, "AddmmBackward0", False)  # eval() keeps the graph
assert rows["no_grad"][2:] == (False, "None", False, "ok", "ok")
assert rows["eval() + no_grad"][2:] == (False, "None", False, "ok", "ok")
assert rows["inference_mode"][:5] == (False, True, False, "None", True)
assert rows["inference_mode"][5:] == ("RuntimeError", "RuntimeError")
assert all(rows[way][1] is False for way in ways if way != "inference_mode")

# %% example-for: gradmode-eval
# ``eval()`` changes layers, not gradients
# ----------------------------------------
#
# ``eval()`` sets the ``training`` flag of every submodule to ``False``.
# ``Dropout`` then passes its input through unchanged, and ``BatchNorm1d``
# normalises with its running statistics instead of the batch's (here, the
# statistics after the one training-mode call above). The output
# still has a ``grad_fn``, ``backward`` still fills the parameters' ``.grad``,
# and ``torch.is_grad_enabled()`` is still ``True``.

drop = nn.Dropout(0.5)
bn = nn.BatchNorm1d(2)
ones = torch.ones(2, 4)
batch = torch.tensor([[1.0, 10.0], [3.0, 30.0]])

print("Dropout, train():", drop(ones))
drop.eval()
print("Dropout, eval(): ", drop(ones))
print("BatchNorm1d, train():", bn(batch))
bn.eval()
print("running_mean:", bn.running_mean, "running_var:", bn.running_var)
print("BatchNorm1d, eval(): ", bn(batch))

net = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2), nn.Dropout(0.5)).eval()
y = net(batch)
print("training flags:", [m.training for m in net.modules()])
print("is_grad_enabled():", torch.is_grad_enabled())
print("output requires_grad:", y.requires_grad, "| grad_fn:", type(y.grad_fn).__name__)
y.sum().backward()
print("grad of the first weight after backward:", net[0].weight.grad is not None)
assert torch.equal(drop(ones), ones)
assert y.requires_grad and y.grad_fn is not None and net[0].weight.grad is not None
