"""
LBFGS needs a closure, SparseAdam needs sparse gradients
========================================================

Two optimizers that do not fit the plain ``backward(); step()`` loop:
``LBFGS`` re-evaluates the loss several times per step and must be given a
function that does so, and ``SparseAdam`` only accepts the sparse gradients
of an embedding created with ``sparse=True``.
"""

import torch
from torch import nn, optim

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: optim-closure, torch.optim.LBFGS
# ``step(closure)``: the closure clears, recomputes and returns the loss
# ----------------------------------------------------------------------
#
# ``LBFGS.step`` calls the closure once at the start and again at every
# inner iteration (up to ``max_iter=20`` by default, or ``max_eval``
# evaluations), so the closure must do the whole ``zero_grad``, forward,
# loss, ``backward`` and return the loss. On a least-squares problem LBFGS
# reaches the minimum in one ``step`` call. ``step`` returns the loss of the
# closure's **first** call, before any update.

X = torch.randn(32, 3)
y = X @ torch.tensor([2.0, -1.0, 0.5]) + 0.3
model = nn.Linear(3, 1)
opt = optim.LBFGS(model.parameters(), lr=1, line_search_fn="strong_wolfe")
calls = 0


def closure():
    global calls
    calls += 1
    opt.zero_grad()
    loss = ((model(X).squeeze(1) - y) ** 2).mean()
    loss.backward()
    return loss


with torch.no_grad():
    initial = ((model(X).squeeze(1) - y) ** 2).mean()
for k in range(2):
    calls = 0
    returned = opt.step(closure)
    if k == 0:
        assert torch.allclose(returned, initial)
    print(f"step {k}: returned loss {returned.item():.4f}, closure calls: {calls}")
print("weight:", model.weight.data, "bias:", round(model.bias.item(), 4))
print("loss now:", f"{closure().item():.2e}")
assert torch.allclose(model.weight.data, torch.tensor([[2.0, -1.0, 0.5]]), atol=1e-4)

# %% example-for: optim-closure, torch.optim.LBFGS
# Without a closure: ``TypeError``; with parameter groups: ``ValueError``
# -----------------------------------------------------------------------
#
# ``closure`` is a required argument of ``LBFGS.step``. The other
# optimizers accept one too (optional): they call it once, before the
# update, and return its loss. LBFGS also refuses more than one parameter
# group, and knows one line search only. ``max_eval`` defaults to
# ``max_iter * 5 // 4``.

try:
    opt.step()
except TypeError as err:
    print(f"TypeError: {err}")
try:
    optim.LBFGS([{"params": [model.weight]}, {"params": [model.bias], "lr": 0.1}])
except ValueError as err:
    print(f"ValueError: {err}")
bad = optim.LBFGS(model.parameters(), line_search_fn="wolfe")
try:
    bad.step(closure)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("default max_eval:", optim.LBFGS(model.parameters()).defaults["max_eval"])

sgd = optim.SGD(model.parameters(), lr=0.01)
calls = 0
print("SGD.step(closure) returns:", type(sgd.step(closure)).__name__, "| closure calls:", calls)
print("SGD.step() returns:", sgd.step())
assert calls == 1

# %% example-for: torch.optim.SparseAdam
# SparseAdam updates only the rows that were looked up
# ----------------------------------------------------
#
# ``nn.Embedding(..., sparse=True)`` produces a sparse COO gradient that
# lists only the rows used in the batch. ``SparseAdam`` updates exactly those
# rows (and their moment estimates); the other rows keep their values and
# their state. Its first step, like Adam's, is ``lr`` per element.

emb = nn.Embedding(6, 2, sparse=True)
before = emb.weight.detach().clone()
opt = optim.SparseAdam(emb.parameters(), lr=0.1)
emb(torch.tensor([1, 4, 4])).sum().backward()
print("grad layout:", emb.weight.grad.layout, "| rows in the gradient:", emb.weight.grad.coalesce().indices().tolist())
opt.step()
changed = (emb.weight.detach() != before).any(dim=1)
print("rows changed:", changed.nonzero().flatten().tolist())
print("change of row 1:", (emb.weight.detach()[1] - before[1]))
assert changed.nonzero().flatten().tolist() == [1, 4]
assert torch.allclose(emb.weight.detach()[1] - before[1], torch.tensor([-0.1, -0.1]), atol=1e-6)

# %% example-for: torch.optim.SparseAdam
# Dense gradients are refused
# ---------------------------
#
# With a default embedding (``sparse=False``) or any other layer the
# gradient is dense, and ``step()`` raises ``RuntimeError``. Use ``Adam``
# for dense parameters (two optimizers, one per kind, if a model has both).

dense = nn.Embedding(6, 2)
opt = optim.SparseAdam(dense.parameters(), lr=0.1)
dense(torch.tensor([1, 4])).sum().backward()
print("grad layout:", dense.weight.grad.layout)
try:
    opt.step()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
