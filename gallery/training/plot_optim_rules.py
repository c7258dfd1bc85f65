"""
Update rules checked by hand
============================

For each optimizer, one or two steps on a tiny problem, recomputed by hand
from the rule in its documentation and compared with what ``step()`` did.
The problems are chosen so that the gradient is easy to write down.
"""

import math

import torch
from torch import optim

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def run(opt_cls, start, grads, **kwargs):
    """Apply ``opt_cls`` to a parameter, feeding it the given gradients; return all iterates."""
    p = torch.tensor(start, requires_grad=True)
    opt = opt_cls([p], **kwargs)
    out = [p.detach().clone()]
    for g in grads:
        p.grad = torch.tensor(g)
        opt.step()
        out.append(p.detach().clone())
    return out, opt, p


# %% example-for: torch.optim.SGD
# SGD with momentum: ``buf = momentum * buf + g``, ``p -= lr * buf``
# ------------------------------------------------------------------
#
# The first step initialises the momentum buffer with the gradient itself;
# later steps add the new gradient to the decayed buffer (``dampening=0``).
# With a constant gradient the steps grow: ``lr * g * (1, 1.9, 2.71, ...)``.

ps, opt, p = run(optim.SGD, [1.0], [[0.5], [0.5], [0.5]], lr=0.1, momentum=0.9)
steps = [round((ps[i] - ps[i + 1]).item(), 6) for i in range(3)]
print("steps taken:", steps)
print("by hand:    ", [round(0.1 * 0.5 * s, 6) for s in (1, 1 + 0.9, 1 + 0.9 + 0.81)])
print("momentum_buffer:", opt.state[p]["momentum_buffer"])
assert torch.allclose(torch.tensor(steps), torch.tensor([0.05, 0.095, 0.1355]))
print("nesterov=True first step:", round((1.0 - run(optim.SGD, [1.0], [[0.5]], lr=0.1, momentum=0.9, nesterov=True)[0][1]).item(), 6),
      "= lr * (g + momentum * g)")
ps = run(optim.SGD, [0.0], [[0.5]] * 100, lr=0.1, momentum=0.9)[0]
print("step 100 / (lr * g):", round(((ps[99] - ps[100]) / (0.1 * 0.5)).item(), 4), "-> 1 / (1 - momentum) = 10")
assert abs(((ps[99] - ps[100]) / 0.05).item() - 10) < 1e-3
try:
    optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1, nesterov=True)
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.optim.Adam
# Adam's first step is about ``lr``, whatever the gradient's size
# ---------------------------------------------------------------
#
# After bias correction the first moment is ``g`` and the second ``g**2``, so
# the first update is ``lr * g / (|g| + eps)``: ``lr`` times the sign of the
# gradient, for a gradient of 1e-3 as for one of 1e3. Adam normalises each
# element by the running size of its own gradient.

ps, opt, p = run(optim.Adam, [0.0, 0.0, 0.0], [[1e-3, 1.0, -1e3]], lr=0.01)
print("gradient:   ", [1e-3, 1.0, -1e3])
print("first step: ", ps[1])
print("state keys: ", sorted(opt.state[p]))
assert torch.allclose(ps[1], torch.tensor([-0.01, -0.01, 0.01]), atol=1e-6)

# amsgrad=True keeps the maximum of all past ``v`` (``max_exp_avg_sq``):
_, opt, p = run(optim.Adam, [0.0], [[1.0], [0.0]], lr=0.01, amsgrad=True)
print("amsgrad: exp_avg_sq", opt.state[p]["exp_avg_sq"], "| max_exp_avg_sq", opt.state[p]["max_exp_avg_sq"])
assert torch.allclose(opt.state[p]["max_exp_avg_sq"], torch.tensor([0.001]))
assert opt.state[p]["exp_avg_sq"] < opt.state[p]["max_exp_avg_sq"]

# Adam refuses the sparse gradient of an embedding with sparse=True:
emb = torch.nn.Embedding(4, 2, sparse=True)
emb(torch.tensor([1])).sum().backward()
try:
    optim.Adam(emb.parameters()).step()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.optim.AdamW, torch.optim.Adam
# AdamW decays the weight directly; Adam adds ``weight_decay * p`` to the gradient
# --------------------------------------------------------------------------------
#
# A parameter with zero gradient and ``weight_decay=0.1``, ``lr=0.1``, at
# ``p = 5``. ``Adam`` (L2 penalty) uses ``g + 0.1 * p = 0.5`` as gradient,
# and the normalisation turns it into a full step of ``lr``: ``p = 4.9``.
# ``AdamW`` multiplies ``p`` by ``1 - lr * weight_decay = 0.99`` and then takes
# Adam's step on the real gradient (zero): ``p = 4.95``. In Adam the decay is
# rescaled like any gradient; in AdamW it is independent of the gradient
# statistics. ``Adam(decoupled_weight_decay=True)`` is AdamW.

zero = [[0.0]] * 3
adam = run(optim.Adam, [5.0], zero, lr=0.1, weight_decay=0.1)[0]
adamw = run(optim.AdamW, [5.0], zero, lr=0.1, weight_decay=0.1)[0]
adam_dec = run(optim.Adam, [5.0], zero, lr=0.1, weight_decay=0.1, decoupled_weight_decay=True)[0]
print("Adam (L2 in the gradient):", [round(v.item(), 4) for v in adam])
print("AdamW (decoupled):        ", [round(v.item(), 4) for v in adamw])
print("by hand, AdamW:           ", [round(5.0 * 0.99**k, 4) for k in range(4)])
assert abs(adam[1].item() - 4.9) < 1e-6 and abs(adamw[1].item() - 4.95) < 1e-6
assert all(torch.equal(a, b) for a, b in zip(adamw, adam_dec))
print("AdamW default weight_decay:", optim.AdamW([torch.zeros(1, requires_grad=True)]).defaults["weight_decay"],
      "| Adam default:", optim.Adam([torch.zeros(1, requires_grad=True)]).defaults["weight_decay"])

# %% example-for: torch.optim.Adagrad
# Adagrad divides by the root of the sum of all squared gradients
# ---------------------------------------------------------------
#
# ``sum += g**2``, ``p -= lr * g / (sqrt(sum) + eps)``. The effective
# learning rate ``lr / sqrt(sum)`` only shrinks. With a constant gradient
# the k-th step is ``lr / sqrt(k)``; with a gradient that varies, a step can
# still be larger than the one before.

ps, opt, p = run(optim.Adagrad, [0.0], [[2.0]] * 4, lr=0.1)
steps = [round((ps[i] - ps[i + 1]).item(), 5) for i in range(4)]
print("steps taken:", steps)
print("lr / sqrt(k):", [round(0.1 / math.sqrt(k), 5) for k in range(1, 5)])
print("state 'sum':", opt.state[p]["sum"])
assert torch.allclose(torch.tensor(steps), 0.1 / torch.arange(1, 5).sqrt(), atol=1e-5)

ps, opt, p = run(optim.Adagrad, [0.0], [[1.0], [0.01], [1.0]], lr=0.1)
steps = [round((ps[i] - ps[i + 1]).item(), 5) for i in range(3)]
rates = [0.1 / math.sqrt(s) for s in (1.0, 1.0 + 0.01**2, 2.0 + 0.01**2)]  # lr / sqrt(sum)
print("gradients 1, 0.01, 1 -> steps:", steps, "| effective lr:", [f"{r:.5g}" for r in rates])
print("state 'sum':", opt.state[p]["sum"])
assert steps[2] > steps[1] and rates[0] > rates[1] > rates[2]
assert math.isclose(opt.state[p]["sum"].item(), 2.0 + 0.01**2, rel_tol=1e-6)

# %% example-for: torch.optim.RMSprop
# RMSprop: a decaying mean of squared gradients; the first step is ``10 * lr``
# ----------------------------------------------------------------------------
#
# ``v = alpha * v + (1 - alpha) * g**2``, ``p -= lr * g / (sqrt(v) + eps)``.
# ``v`` starts at zero and RMSprop has no bias correction, so with the
# default ``alpha=0.99`` the first step is ``lr * g / (0.1 * |g|)``, ten
# times ``lr``; later steps shrink towards ``lr`` as ``v`` fills up.

ps, opt, p = run(optim.RMSprop, [0.0], [[3.0]] * 3, lr=0.01)
steps = [round((ps[i] - ps[i + 1]).item(), 5) for i in range(3)]
print("steps taken:", steps)
print("by hand:    ", [round(0.01 / math.sqrt(1 - 0.99**k), 5) for k in range(1, 4)])
assert abs(steps[0] - 0.1) < 1e-6

# %% example-for: torch.optim.Adadelta
# Adadelta: the step is the ratio of two running RMS values
# ---------------------------------------------------------
#
# ``v = rho*v + (1-rho)*g**2``; ``delta = sqrt(u + eps) / sqrt(v + eps) * g``;
# ``u = rho*u + (1-rho)*delta**2``; ``p -= lr * delta``. ``u`` (the running
# mean of past updates) starts at zero, so the first step is about
# ``lr * sqrt(eps / (1 - rho))``, tiny with the default ``eps=1e-6``: Adadelta
# starts slowly, whatever the gradient.

rho, eps, lr, g = 0.9, 1e-6, 1.0, 4.0
ps, opt, p = run(optim.Adadelta, [0.0], [[g]], lr=lr, rho=rho, eps=eps)
v = (1 - rho) * g**2
delta = math.sqrt(0 + eps) / math.sqrt(v + eps) * g
print("first step taken:", round(-ps[1].item(), 8), "| by hand:", round(lr * delta, 8))
print("state keys:", sorted(opt.state[p]))
assert abs(-ps[1].item() - lr * delta) < 1e-9

# %% example-for: torch.optim.Adamax
# Adamax: Adam with the infinity norm
# -----------------------------------
#
# ``m = b1*m + (1-b1)*g``; ``u = max(b2*u, |g| + eps)``;
# ``p -= lr / (1 - b1**t) * m / u``. ``u`` is a decaying maximum of
# ``|g|`` instead of a mean of ``g**2``; the first step is ``lr`` (default
# ``lr=0.002``) times the sign of the gradient.

ps, opt, p = run(optim.Adamax, [0.0, 0.0], [[0.5, -20.0], [0.1, -1.0]])
print("first step:", ps[1], "| second:", ps[2] - ps[1])
print("exp_inf (u) after two steps:", opt.state[p]["exp_inf"])
m = 0.1 * torch.tensor([0.5, -20.0]) * 0.9 + 0.1 * torch.tensor([0.1, -1.0])
u = torch.maximum(0.999 * torch.tensor([0.5, 20.0]), torch.tensor([0.1, 1.0]) + 1e-8)
assert torch.allclose(ps[1], torch.tensor([-0.002, 0.002]))
assert torch.allclose(ps[2] - ps[1], -0.002 / (1 - 0.9**2) * m / u)

# %% example-for: torch.optim.ASGD
# ASGD: SGD plus an average of the iterates, kept in ``state['ax']``
# ------------------------------------------------------------------
#
# Each step shrinks ``p`` by ``1 - lambd * eta`` and subtracts ``eta * g``
# (``eta`` starts at ``lr`` and decays very slowly with the defaults). The
# parameter itself is **not** the average: the average is ``state['ax']``,
# which is a copy of ``p`` until step ``t0 + 2`` and from that step on the
# mean of the iterates since step ``t0 + 2``. The default ``t0=1e6`` means no
# averaging in a short run; here ``t0=2``, so after 8 steps ``ax`` is the mean
# of the iterates of steps 4 to 8.

grads = [[1.0], [-2.0], [0.5], [1.5], [-1.0], [2.0], [0.0], [-0.5]]
ps, opt, p = run(optim.ASGD, [1.0], grads, lr=0.1, t0=2)
print("first step by hand:", round(1.0 * (1 - 1e-4 * 0.1) - 0.1 * 1.0, 6), "| taken:", round(ps[1].item(), 6))
print("state keys:", sorted(opt.state[p]))
print("p after 8 steps:", round(p.item(), 5), "| ax:", round(opt.state[p]["ax"].item(), 5),
      "| mean of iterates 4..8:", round(torch.stack(ps[4:]).mean().item(), 5))
assert abs(ps[1].item() - (1.0 * (1 - 1e-5) - 0.1)) < 1e-6
assert torch.allclose(opt.state[p]["ax"], torch.stack(ps[4:]).mean(0))
eta = 0.1 / (1 + 1e-4 * 0.1 * 8) ** 0.75
print("eta after 8 steps:", round(opt.state[p]["eta"].item(), 7), "| lr / (1 + lambd * lr * t) ** alpha:", round(eta, 7))
assert abs(opt.state[p]["eta"].item() - eta) < 1e-7

# %% example-for: torch.optim.Rprop
# Rprop uses only the sign of the gradient
# ----------------------------------------
#
# Every element has its own step size, starting at ``lr``. While the
# gradient keeps its sign the step size is multiplied by ``etas[1]=1.2``;
# when the sign flips it is multiplied by ``etas[0]=0.5``, and that step is
# skipped: the gradient is stored as zero. So the step after a flip compares
# with zero and keeps the step size, whatever the new sign; the first step
# has no previous gradient either and moves by ``lr``. Step sizes stay within
# ``step_sizes=(1e-6, 50)``. The gradient's magnitude is never used.

p = torch.tensor([0.0, 0.0], requires_grad=True)
opt = optim.Rprop([p], lr=0.01)
sizes = []
for k, g in enumerate([[3.0, 1e-4], [3.0, 1e-4], [3.0, -5.0], [3.0, 2.0], [3.0, 2.0]], start=1):
    before = p.detach().clone()
    p.grad = torch.tensor(g)
    opt.step()
    sizes.append(opt.state[p]["step_size"].clone())
    print(f"step {k}: gradient {g} -> moved {[round(v, 5) for v in (p.detach() - before).tolist()]}"
          f", step sizes {[round(v, 5) for v in sizes[-1].tolist()]}")
assert torch.allclose(sizes[0], torch.tensor([0.01, 0.01]))  # first step: lr
assert torch.allclose(sizes[2][1], torch.tensor(0.006))  # sign flip: halved, no move
assert torch.allclose(sizes[3][1], sizes[2][1])  # step after the flip: unchanged
assert torch.allclose(sizes[4][1], sizes[3][1] * 1.2)  # then growing again
