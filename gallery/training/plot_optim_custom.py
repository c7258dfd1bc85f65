"""
A custom optimizer on the Optimizer base class
==============================================

``torch.optim.Optimizer`` does the bookkeeping every optimizer needs
(parameter groups, per-parameter state, ``zero_grad``, ``state_dict``);
a subclass supplies its default options and the ``step`` method.
"""

import torch
from torch import nn, optim

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: optim-custom, torch.optim.Optimizer
# Sign descent with momentum, in 25 lines
# ---------------------------------------
#
# The constructor checks its options and passes them to
# ``super().__init__(params, defaults)`` as a dict; every parameter group
# then carries each option (its own value or the default). ``step`` runs
# under ``torch.no_grad()`` because it changes leaf tensors that require
# gradients in place, which autograd forbids otherwise. It loops over
# ``self.param_groups``, skips parameters whose ``.grad`` is ``None``, keeps
# per-parameter buffers in ``self.state[p]`` (a dict created on first use),
# and handles the optional closure. The update: ``buf = beta * buf + (1 -
# beta) * g``, ``p -= lr * sign(buf)``.


class SignMomentum(optim.Optimizer):
    def __init__(self, params, lr=0.01, beta=0.9):
        if lr <= 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        super().__init__(params, defaults={"lr": lr, "beta": beta})

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if "buf" not in state:
                    state["buf"] = torch.zeros_like(p)
                state["buf"].mul_(group["beta"]).add_(p.grad, alpha=1 - group["beta"])
                p.add_(state["buf"].sign(), alpha=-group["lr"])
        return loss


w = nn.Parameter(torch.tensor([1.0, -2.0]))
opt = SignMomentum([w], lr=0.1)
print("defaults:", opt.defaults)
print("group options:", {k: v for k, v in opt.param_groups[0].items() if k != "params"})
(w ** 2).sum().backward()  # gradient 2 * w = [2, -4]
opt.step()
print("after one step:", w.data, "| state:", opt.state[w])
assert torch.allclose(w.data, torch.tensor([0.9, -1.9]))
assert torch.allclose(opt.state[w]["buf"], torch.tensor([0.2, -0.4]))

# %% example-for: optim-custom, torch.optim.Optimizer
# The base class's machinery works for the subclass
# -------------------------------------------------
#
# ``zero_grad``, parameter groups, ``state_dict`` and the closure come from
# ``Optimizer`` without extra code. The subclass trains a small regression.
# The base class's own ``step`` raises ``NotImplementedError``, and without
# ``torch.no_grad()`` the in-place update of a leaf that requires grad is a
# ``RuntimeError``. The constructor refuses a single tensor (it wants an
# iterable) and a tensor that is not a leaf.

x = torch.randn(32, 2)
y = x @ torch.tensor([1.5, -0.5]) + 0.2
model = nn.Linear(2, 1)
opt = SignMomentum([{"params": [model.weight]}, {"params": [model.bias], "lr": 0.02}], lr=0.01)


def closure():
    opt.zero_grad()
    loss = ((model(x).squeeze(1) - y) ** 2).mean()
    loss.backward()
    return loss


losses = [opt.step(closure).item() for _ in range(300)]
print("loss at steps 0, 100, 299:", [round(losses[i], 4) for i in (0, 100, 299)])
print("weight:", model.weight.data, "bias:", round(model.bias.item(), 3))
print("state_dict keys:", list(opt.state_dict()), "| group lrs:", [g["lr"] for g in opt.state_dict()["param_groups"]])
assert losses[-1] < 0.01

try:
    optim.Optimizer([w], defaults={}).step()
except NotImplementedError:
    print("Optimizer.step raises NotImplementedError")
try:
    w.add_(1.0)  # an in-place update outside torch.no_grad()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
named = SignMomentum(nn.Linear(2, 1).named_parameters())
print("(name, tensor) pairs are accepted:", named.param_groups[0]["param_names"])
assert named.param_groups[0]["param_names"] == ["weight", "bias"]
for bad in (w, [w * 2]):
    try:
        SignMomentum(bad)
    except (TypeError, ValueError) as err:
        print(f"{type(err).__name__}: {err}")
