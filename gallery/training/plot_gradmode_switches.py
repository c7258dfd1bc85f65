"""
Switching grad mode: no_grad, enable_grad and set_grad_enabled
==============================================================

``torch.no_grad`` turns grad mode off for a block, ``torch.enable_grad``
turns it back on, and ``torch.set_grad_enabled(mode)`` sets it from a
boolean. ``torch.is_grad_enabled()`` reports the current state. All three
switches are classes that work as context managers and as decorators;
``set_grad_enabled`` also works as a plain function call.
"""

import inspect

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.no_grad
# Results computed under ``no_grad`` record no graph
# --------------------------------------------------
#
# Inside the block, operations on a tensor that requires grad give results
# with ``requires_grad=False`` and no ``grad_fn``. Factory functions called
# with ``requires_grad=True`` are the exception: they still create a leaf
# that requires grad, and so does ``nn.Parameter``.

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    print("is_grad_enabled():", torch.is_grad_enabled())
    y = x * 2
    made = torch.zeros(2, requires_grad=True)
    param = torch.nn.Parameter(torch.ones(2))
print("y:", y, "| requires_grad:", y.requires_grad, "| grad_fn:", y.grad_fn)
print("factory with requires_grad=True:", made.requires_grad, made.is_leaf)
print("nn.Parameter:", param.requires_grad)
print("after the block:", torch.is_grad_enabled())
try:
    with torch.no_grad():
        raise ValueError("raised inside the block")
except ValueError as err:
    print(f"ValueError: {err} -> is_grad_enabled():", torch.is_grad_enabled())
assert not y.requires_grad and y.grad_fn is None
assert made.requires_grad and param.requires_grad and torch.is_grad_enabled()

# %% example-for: torch.no_grad
# Updating parameters in place needs ``no_grad``
# ----------------------------------------------
#
# An in-place change of a leaf that requires grad is refused while grad mode
# is on. A hand-written optimisation step therefore runs under ``no_grad``;
# the tensor stays a leaf that requires grad.

w = torch.tensor([1.0, -1.0], requires_grad=True)
loss = (w ** 2).sum()
loss.backward()
try:
    w -= 0.1 * w.grad
except RuntimeError as err:
    print(f"RuntimeError: {err}")
with torch.no_grad():
    w -= 0.1 * w.grad
print("w:", w, "| is_leaf:", w.is_leaf, "| grad_fn:", w.grad_fn)
assert w.is_leaf and w.requires_grad

# %% example-for: torch.no_grad, torch.enable_grad, gradmode-decorators
# Decorator form, with and without parentheses
# --------------------------------------------
#
# ``@torch.no_grad()`` and ``@torch.no_grad`` both wrap the function so
# that every call runs with grad mode off, whatever the caller's mode.
# ``@torch.enable_grad()`` does the reverse: its calls record a graph even
# when the caller is inside ``no_grad``.


@torch.no_grad()
def double(t):
    return t * 2


@torch.no_grad
def triple(t):
    return t * 3


@torch.enable_grad()
def square(t):
    return t ** 2


@torch.enable_grad
def cube(t):
    return t ** 3


x = torch.tensor([3.0], requires_grad=True)
print("double(x).requires_grad:", double(x).requires_grad)
print("triple(x).requires_grad:", triple(x).requires_grad)
with torch.no_grad():
    s = square(x)
    c = cube(x)
    print("caller still in no_grad:", torch.is_grad_enabled())
print("square(x) called inside no_grad:", s.requires_grad, s.grad_fn.name())
print("cube(x) called inside no_grad:  ", c.requires_grad, c.grad_fn.name())
s.backward()
print("x.grad:", x.grad)
assert not double(x).requires_grad and not triple(x).requires_grad
assert s.requires_grad and c.requires_grad

# %% example-for: gradmode-decorators
# A decorated generator switches at every resume
# ----------------------------------------------
#
# The body of a decorated generator function runs in the decorator's mode
# each time it produces a value; the caller's loop body, between two values,
# runs in the caller's mode.


@torch.no_grad()
def batches():
    for i in range(2):
        yield i, torch.is_grad_enabled()


for i, inside in batches():
    print(f"value {i}: generator saw {inside}, loop body sees {torch.is_grad_enabled()}")
    assert inside is False and torch.is_grad_enabled()

# %% example-for: torch.enable_grad, gradmode-decorators
# ``enable_grad`` inside ``no_grad`` turns grad mode back on
# ----------------------------------------------------------
#
# The switches nest: each one sets the mode on entry and restores the
# previous mode on exit.

x = torch.tensor([1.0], requires_grad=True)
with torch.no_grad():
    print("no_grad:", torch.is_grad_enabled())
    with torch.enable_grad():
        print("  enable_grad:", torch.is_grad_enabled())
        z = x * 5
    print("back in no_grad:", torch.is_grad_enabled())
print("outside:", torch.is_grad_enabled())
print("z:", z)
assert z.requires_grad

# %% example-for: torch.set_grad_enabled, gradmode-decorators
# ``set_grad_enabled``: context manager or function call
# ------------------------------------------------------
#
# As a context manager it restores the previous mode at the end of the
# block, which makes ``with torch.set_grad_enabled(is_train):`` a common
# line in loops that both train and evaluate. Called as a function, it
# switches the mode *at once* and the mode stays until changed again; the
# object it returns can be ignored.

x = torch.tensor([1.0], requires_grad=True)
for is_train in (True, False):
    with torch.set_grad_enabled(is_train):
        out = x * 2
    print(f"is_train={is_train}: requires_grad={out.requires_grad}")

_ = torch.set_grad_enabled(False)  # a function call: grad mode is now off
print("after set_grad_enabled(False):", torch.is_grad_enabled(), (x * 2).requires_grad)
_ = torch.set_grad_enabled(True)
print("after set_grad_enabled(True): ", torch.is_grad_enabled(), (x * 2).requires_grad)

cm = torch.set_grad_enabled(False)  # creating the object already switches
print("created, not entered:", torch.is_grad_enabled(), "|", cm)
with cm:
    pass
print("after the with block:", torch.is_grad_enabled())
assert torch.is_grad_enabled()


@torch.set_grad_enabled(False)
def frozen(t):
    return t * 2


print("decorator: mode after definition:", torch.is_grad_enabled(),
      "| frozen(x).requires_grad:", frozen(x).requires_grad)
try:
    torch.set_grad_enabled()
except TypeError as err:
    print(f"TypeError: {err}")
try:
    @torch.set_grad_enabled
    def no_argument(t):
        return t
except TypeError as err:
    print(f"TypeError: {err}")
assert torch.is_grad_enabled() and not frozen(x).requires_grad

# %% example-for: torch.is_grad_enabled
# Reading the current grad mode
# -----------------------------
#
# ``is_grad_enabled()`` returns a plain ``bool``. It is ``True`` by
# default, ``False`` under ``no_grad`` and under ``inference_mode``, and
# ``eval()`` does not change it. The last lines check which of this page's
# objects are classes (the switches) and which are functions.

model = torch.nn.Linear(2, 2).eval()
print("default:", torch.is_grad_enabled(), type(torch.is_grad_enabled()).__name__)
with torch.no_grad():
    print("no_grad:", torch.is_grad_enabled())
with torch.inference_mode():
    print("inference_mode:", torch.is_grad_enabled())
print("after model.eval():", torch.is_grad_enabled())


def describe():
    return "records a graph" if torch.is_grad_enabled() else "no graph"


with torch.set_grad_enabled(False):
    print("inside set_grad_enabled(False):", describe())
print("outside:", describe())

for obj in (torch.no_grad, torch.enable_grad, torch.set_grad_enabled, torch.inference_mode,
            torch.is_grad_enabled, torch.is_inference_mode_enabled):
    print(f"{obj.__name__:<26} class: {inspect.isclass(obj)}")
assert inspect.isclass(torch.set_grad_enabled) and not inspect.isclass(torch.is_grad_enabled)
