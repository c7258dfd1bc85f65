"""
Every optimizer on the same problems
====================================

One seeded least-squares problem optimised by each optimizer of
``torch.optim`` documented here, with their loss curves in one figure, and
the paths of five of them on the two-dimensional Rosenbrock function. The
learning rates are chosen for these problems; they are not recommendations.
"""

import matplotlib.pyplot as plt
import torch
from torch import nn, optim

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: optim-compare
# A least-squares problem, twelve runs
# ------------------------------------
#
# Find ``w`` (5 numbers, starting at zero) that minimises the mean squared
# error of ``X @ w`` against ``y`` (64 noisy samples). Every run calls
# ``step(closure)`` 100 times; the closure is required by ``LBFGS`` and
# accepted by all others, and ``step`` returns the loss the closure computed
# (before the update). ``SparseAdam`` only accepts sparse gradients, so its
# ``w`` is the weight of an ``nn.Embedding(5, 1, sparse=True)`` read out in
# full: every row receives a gradient, and its curve lies on Adam's.
# AdamW ends a little higher than Adam: its default ``weight_decay=0.01``
# pulls ``w`` towards zero.
# ``ASGD``'s curve lies on SGD's: with its default ``lambd=1e-4`` the decay
# terms are tiny.
# ``LBFGS`` runs ``max_iter=1`` iteration per ``step`` here (its default is
# 20). ``Adadelta`` (default ``lr=1.0``) starts with tiny steps, and
# ``RMSprop``'s steps shrink to about ``lr`` per element (default
# ``lr=0.01``): both are still far from the minimum.

X = torch.randn(64, 5)
w_true = torch.tensor([1.0, -2.0, 0.5, 3.0, -1.0])
y = X @ w_true + 0.1 * torch.randn(64)


def mse(w):
    return ((X @ w - y) ** 2).mean()


runs = {
    "SGD": (optim.SGD, dict(lr=0.05)),
    "SGD, momentum=0.9": (optim.SGD, dict(lr=0.05, momentum=0.9)),
    "Adam": (optim.Adam, dict(lr=0.1)),
    "AdamW": (optim.AdamW, dict(lr=0.1)),
    "Adadelta": (optim.Adadelta, dict(lr=1.0)),
    "Adagrad": (optim.Adagrad, dict(lr=0.5)),
    "SparseAdam": (optim.SparseAdam, dict(lr=0.1)),
    "Adamax": (optim.Adamax, dict(lr=0.1)),
    "ASGD": (optim.ASGD, dict(lr=0.05)),
    "LBFGS": (optim.LBFGS, dict(lr=1, max_iter=1)),
    "RMSprop": (optim.RMSprop, dict(lr=0.01)),
    "Rprop": (optim.Rprop, dict(lr=0.01)),
}
curves = {}
for name, (cls, kwargs) in runs.items():
    if cls is optim.SparseAdam:
        emb = nn.Embedding(5, 1, sparse=True)
        nn.init.zeros_(emb.weight)
        params, get_w = [emb.weight], lambda: emb(torch.arange(5)).squeeze(1)
    else:
        w = nn.Parameter(torch.zeros(5))
        params, get_w = [w], lambda w=w: w
    opt = cls(params, **kwargs)

    def closure():
        opt.zero_grad()
        loss = mse(get_w())
        loss.backward()
        return loss

    curves[name] = [opt.step(closure).item() for _ in range(100)]
    print(f"{name:18} loss at step 0: {curves[name][0]:.3f}   step 99: {curves[name][-1]:.4f}")
assert torch.allclose(torch.tensor(curves["SparseAdam"]), torch.tensor(curves["Adam"]))
assert torch.allclose(torch.tensor(curves["ASGD"]), torch.tensor(curves["SGD"]), rtol=1e-2)
assert curves["AdamW"][-1] > curves["Adam"][-1]  # its default weight_decay=0.01 pulls w towards 0

fig, ax = plt.subplots(figsize=(7, 4.5))
for i, (name, c) in enumerate(curves.items()):
    ax.plot(c, lw=1.3, ls="-" if i < 10 else "--", label=name)
ax.set_yscale("log")
ax.set_xlabel("step")
ax.set_ylabel("mean squared error (log scale)")
ax.set_title("one least-squares problem, every optimizer", fontsize=10)
ax.legend(fontsize=7, ncol=2)
plt.tight_layout()

# %% example-for: optim-trajectories
# Paths on the Rosenbrock function
# --------------------------------
#
# ``f(a, b) = (1 - a)**2 + 100 * (b - a**2)**2`` has a long curved valley and
# its minimum at ``(1, 1)`` (the star). Each optimizer starts at
# ``(-1.5, 2)`` and takes 500 steps; ``LBFGS`` with a strong-Wolfe line
# search takes up to 5 iterations per step and needs few steps.


def rosenbrock(a, b):
    return (1 - a) ** 2 + 100 * (b - a**2) ** 2


paths = {
    "SGD, momentum=0.9": (optim.SGD, dict(lr=1e-3, momentum=0.9)),
    "Adam": (optim.Adam, dict(lr=0.1)),
    "RMSprop": (optim.RMSprop, dict(lr=0.01)),
    "Rprop": (optim.Rprop, dict(lr=0.01)),
    "LBFGS": (optim.LBFGS, dict(lr=1, max_iter=5, line_search_fn="strong_wolfe")),
}
fig, ax = plt.subplots(figsize=(6, 3.8))
aa, bb = torch.meshgrid(torch.linspace(-2, 2, 200), torch.linspace(-1, 3, 200), indexing="xy")
ax.contour(aa, bb, torch.log10(rosenbrock(aa, bb) + 1e-3), levels=20, colors="0.75", linewidths=0.5)
for name, (cls, kwargs) in paths.items():
    p = torch.tensor([-1.5, 2.0], requires_grad=True)
    opt = cls([p], **kwargs)

    def closure():
        opt.zero_grad()
        loss = rosenbrock(*p)
        loss.backward()
        return loss

    path = [p.detach().clone()]
    for _ in range(500):
        opt.step(closure)
        path.append(p.detach().clone())
    path = torch.stack(path)
    ax.plot(path[:, 0], path[:, 1], lw=1.2, marker="." if cls is optim.LBFGS else None, ms=4, label=name)
    print(f"{name:18} ends at ({path[-1, 0]:.3f}, {path[-1, 1]:.3f}), f = {rosenbrock(*path[-1]):.2e}")
ax.plot(1, 1, "k*", ms=10)
ax.set_xlabel("a")
ax.set_ylabel("b")
ax.legend(fontsize=7)
plt.tight_layout()
