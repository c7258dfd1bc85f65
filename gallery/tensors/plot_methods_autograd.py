"""
In-place methods and autograd: ``detach_``, post-accumulate hooks, in-place errors
==================================================================================

``detach_`` cuts a tensor out of the autograd graph in place.
``register_post_accumulate_grad_hook`` runs a function on a leaf once its
``.grad`` has been updated. The last part prints the errors autograd raises
when an in-place method (``add_``, ``clamp_``, ``unsqueeze_`` ...) is used on
a tensor that requires grad, on a view of one, or on a value that autograd
saved for the backward pass, and what to write instead.
"""

import torch


def node(t):
    """The name of t's autograd node, or None (printing grad_fn shows an address)."""
    return None if t.grad_fn is None else t.grad_fn.name()


# %% example-for: inplace-method-autograd
# The three errors
# ----------------
#
# 1. On a leaf that requires grad, every in-place method is refused at once,
#    whether it changes values (``add_``, ``clamp_``) or only the shape
#    (``unsqueeze_``); the tensor keeps its values.
# 2. On a view of such a leaf (a slice, ``view``, an item assignment), the
#    message says "a view of a leaf Variable".
# 3. ``sigmoid`` saves its output for the backward pass. Changing that output
#    in place succeeds, but increments the tensor's version counter
#    (``_version``), and ``backward()`` then finds version 1 where it saved
#    version 0.

in_place = {"add_(1)": lambda t: t.add_(1), "clamp_(0, 0.5)": lambda t: t.clamp_(0, 0.5),
            "unsqueeze_(0)": lambda t: t.unsqueeze_(0)}
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
for name, op in in_place.items():
    try:
        op(w)
    except RuntimeError as err:
        print(f"w.{name} -> RuntimeError: {err}")
print("w is unchanged:", w.tolist(), tuple(w.shape))

views = {"w[:2].add_(1)": lambda: w[:2].add_(1), "w.view(3, 1).clamp_(0, 0.5)": lambda: w.view(3, 1).clamp_(0, 0.5),
         "w[0] = 5.0": lambda: w.__setitem__(0, 5.0)}
for name, op in views.items():
    try:
        op()
    except RuntimeError as err:
        print(f"{name} -> RuntimeError: {err}")

a = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
s = (a * 2).sigmoid()
print("version before mul_:", s._version)
s.mul_(3)
print("version after mul_: ", s._version)
try:
    s.sum().backward()
except RuntimeError as err:
    print(f"backward() -> RuntimeError: {err}")

# %% example-for: inplace-method-autograd
# What to write instead
# ---------------------
#
# - To change a parameter's values on purpose (an optimizer step, an
#   initialisation), work under ``torch.no_grad()``: the tensor stays a leaf
#   that requires grad.
# - An in-place method on a tensor that is not a leaf, and whose value no
#   operation saved, is recorded like any other operation: ``a * 2`` saves
#   only the constant 2, so ``h.add_(1)`` and an in-place write into a slice
#   of ``h`` are fine.
# - When the value was saved, use the out-of-place method
#   (``s = s * 3``), or ``clone()`` first.

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with torch.no_grad():
    w.add_(1).clamp_(0, 3.5)
print("under no_grad:", w.tolist(), "| is_leaf:", w.is_leaf, "| requires_grad:", w.requires_grad)

a = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
h = a * 2
h.add_(1)
h[:2].mul_(5)
print("grad_fn of h:", node(h))
h.sum().backward()
print("a.grad:", a.grad.tolist())

a = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
s = (a * 2).sigmoid()
s = s * 3
s.sum().backward()
print("out of place, backward works:", [round(v, 4) for v in a.grad.tolist()])

# %% example-for: torch.Tensor.detach_
# ``detach_()`` turns a computed tensor into a leaf
# -------------------------------------------------
#
# It changes the tensor itself and returns it: no copy (same memory),
# ``requires_grad`` becomes ``False``, ``grad_fn`` ``None``, and later uses
# of it no longer pass gradients back. Here ``b = 3 * a`` is used in
# ``b * a``: with ``b`` detached, the gradient of ``a`` keeps only the direct
# path (3 instead of 6).

for detach in (False, True):
    a = torch.ones(2, requires_grad=True)
    b = a * 3
    ptr = b.data_ptr()
    if detach:
        returned = b.detach_()
        print("returns b:", returned is b, "| same memory:", b.data_ptr() == ptr, "| requires_grad:", b.requires_grad,
              "| grad_fn:", node(b), "| is_leaf:", b.is_leaf)
    (b * a).sum().backward()
    print(f"detach_={detach}: a.grad = {a.grad.tolist()}")

# %% example-for: torch.Tensor.detach_
# Views cannot be detached in place
# ---------------------------------
#
# A slice or ``view`` shares its autograd history with its base, so
# ``detach_`` refuses it; ``detach()``, which returns a new tensor, works.
# On a leaf that requires grad, ``detach_()`` simply switches
# ``requires_grad`` off.

y = torch.ones(3, requires_grad=True) * 2
try:
    y[:2].detach_()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("y[:2].detach() works:", y[:2].detach().requires_grad)
leaf = torch.ones(2, requires_grad=True)
leaf.detach_()
print("leaf after detach_(): requires_grad", leaf.requires_grad, "| is_leaf", leaf.is_leaf)

# %% example-for: torch.Tensor.register_post_accumulate_grad_hook
# The hook sees the accumulated ``.grad``
# ---------------------------------------
#
# The hook receives the tensor itself, after ``backward`` has added this
# pass's gradient into ``.grad``: on the second ``backward`` it sees 3 + 3.
# A ``register_hook`` hook receives only this pass's gradient, before it is
# added. The returned handle removes the hook.

w = torch.tensor([1.0, 2.0], requires_grad=True)
w.register_hook(lambda grad: print("  register_hook gets grad:", grad.tolist()))
handle = w.register_post_accumulate_grad_hook(lambda p: print("  post-accumulate hook sees p.grad:", p.grad.tolist()))
for step in (1, 2):
    print(f"backward {step}:")
    (w * 3).sum().backward()
handle.remove()
print("backward 3, post-accumulate hook removed:")
(w * 3).sum().backward()

# %% example-for: torch.Tensor.register_post_accumulate_grad_hook
# An optimizer step inside ``backward``
# -------------------------------------
#
# Updating the parameter in the hook and setting ``.grad`` to ``None``
# means that no gradient is kept once ``backward`` has returned. The hook
# must return ``None``: returning a tensor makes ``backward`` fail. Only
# leaves that require grad accept the hook.

p = torch.tensor([1.0, 2.0], requires_grad=True)


def sgd_step(param):
    with torch.no_grad():
        param.add_(param.grad, alpha=-0.1)
    param.grad = None


p.register_post_accumulate_grad_hook(sgd_step)
(p ** 2).sum().backward()  # gradient 2 * p
print("p after backward:", [round(v, 4) for v in p.tolist()], "| p.grad:", p.grad)

q = torch.tensor([1.0], requires_grad=True)
q.register_post_accumulate_grad_hook(lambda t: torch.zeros(1))
try:
    (q * 5).sum().backward()
except RuntimeError as err:
    print(f"hook returns a tensor -> RuntimeError: {err}")
for name, t in (("non-leaf", p * 2), ("requires_grad=False", torch.ones(2))):
    try:
        t.register_post_accumulate_grad_hook(sgd_step)
    except RuntimeError as err:
        print(f"{name} -> RuntimeError: {err}")
