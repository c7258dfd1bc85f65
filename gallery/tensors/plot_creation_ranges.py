"""
Evenly spaced values: arange, range, linspace, logspace
=======================================================

Four factories build a 1-D tensor of evenly spaced values. ``arange`` takes a
step and stops *before* ``end``; the deprecated ``range`` takes a step and
includes ``end``; ``linspace`` takes the *number* of values and includes both
ends; ``logspace`` spaces the exponents of a base evenly. This script also
shows why a floating-point step in ``arange`` can produce one value too many.
"""

import math
import warnings

import torch

# %% example-for: creation-ranges
# The same interval, four ways
# ----------------------------
#
# From 0 to 1: ``arange`` and ``range`` take the distance between values,
# ``linspace`` the number of values; only ``arange`` leaves out the end.
# ``logspace`` treats 0 and 1 as exponents of ``base``. ``torch.range``
# warns on every call (the warning is caught here; its text is shown in the
# ``torch.range`` entry).

print("arange(0, 1, 0.25)  :", torch.arange(0, 1, 0.25))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("range(0, 1, 0.25)   :", torch.range(0, 1, 0.25))
print("  warnings caught:", [w.category.__name__ for w in caught])
print("linspace(0, 1, 5)   :", torch.linspace(0, 1, 5))
print("logspace(0, 1, 5)   :", torch.logspace(0, 1, 5))
print("logspace(0, 1, 5, base=2):", torch.logspace(0, 1, 5, base=2))

# A negative step counts down, and the values stop before end (above it).
print("arange(1, 0, -0.25) :", torch.arange(1, 0, -0.25))

# %% example-for: torch.arange
# arange: a step, and end excluded
# --------------------------------
#
# Like Python's ``range``, ``arange`` starts at ``start`` (default 0), adds
# ``step`` (default 1) and stops before ``end``. With only integer arguments
# the result is ``int64``; if any argument is a float it is the default
# dtype. A negative step counts down; a zero step, or a step pointing away
# from ``end``, is an error.

print(torch.arange(5))
print(torch.arange(2, 8, 2))
print(torch.arange(0, 1, 0.25))
print(torch.arange(10, 0, -3))
print("dtypes:", torch.arange(5).dtype, torch.arange(5.0).dtype, torch.arange(0, 5, 0.5).dtype)
print("list(range(2, 8, 2)) =", list(range(2, 8, 2)))

for args in [(0, 5, 0), (0, 5, -1), (5, 0, 1)]:
    try:
        torch.arange(*args)
    except RuntimeError as err:
        print(f"arange{args} -> RuntimeError: {err}")

# Counting down: a negative step needs end < start, and end is still excluded.
down = torch.arange(5, 0, -2)
print("arange(5, 0, -2):", down)
assert down.tolist() == [5, 3, 1]

# %% example-for: torch.range
# range: end included, and deprecated
# -----------------------------------
#
# ``torch.range`` includes ``end``, unlike Python's ``range`` and
# ``arange``, and its result has the default floating dtype even for integer
# arguments. Every call emits a ``UserWarning`` announcing its removal; the
# cell catches the warning to print its text.

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    r = torch.range(1, 4)
print(r, r.dtype)
for w in caught:
    print(f"{w.category.__name__}: {w.message}")

# The replacement: arange with end + step (for an integer step)
print(torch.arange(1, 4 + 1), torch.arange(1, 4 + 1, dtype=torch.float32))

# Unlike arange and Python's range, torch.range has no one-argument form:
# start has no default, so a single number is a missing end.
try:
    torch.range(5)
except TypeError as err:
    print(f"torch.range(5) -> TypeError: {err}")
print("torch.arange(5):", torch.arange(5))

# %% example-for: torch.linspace
# linspace: a count, both ends included
# -------------------------------------
#
# ``linspace(start, end, steps)`` returns ``steps`` values from ``start`` to
# ``end``, both included, so the spacing is ``(end - start) / (steps - 1)``.
# ``steps`` is required. The result has the default dtype, even for integer
# ``start`` and ``end``.

print(torch.linspace(0, 1, 5))
print(torch.linspace(0, 10, 5), torch.linspace(0, 10, 5).dtype)
print(torch.linspace(3, -3, 4))
print("steps=1:", torch.linspace(0, 10, 1), "| steps=0:", torch.linspace(0, 10, 0))
print("int64:", torch.linspace(0, 10, 5, dtype=torch.int64))  # values are truncated
for args in ((0, 10), (0, 1, 0.1)):  # steps missing, or a step instead of a count
    try:
        torch.linspace(*args)
    except TypeError as err:
        print(f"linspace{args} -> TypeError:", str(err).splitlines()[0])

# Complex start or end: the result is complex (the default complex dtype),
# and a real dtype= is refused.
zc = torch.linspace(0, 1 + 1j, 3)
print(zc, zc.dtype)
try:
    torch.linspace(0, 1j, 3, dtype=torch.float32)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.logspace
# logspace: evenly spaced exponents
# ---------------------------------
#
# ``logspace(start, end, steps, base=10.0)`` is
# ``base ** linspace(start, end, steps)``: ``start`` and ``end`` are
# exponents, not the first and last values.

print(torch.logspace(0, 3, 4))
print(torch.logspace(-2, 2, 5))
print(torch.logspace(0, 3, 4, base=2))
print(torch.logspace(0, 3, 4, 2))  # base is the fourth positional argument
print(torch.equal(torch.logspace(0, 3, 4, base=2), 2 ** torch.linspace(0, 3, 4)))
print("int64:", torch.logspace(0, 3, 4, dtype=torch.int64))

# Complex exponents give complex powers: 10 ** (1j * t) lies on the unit circle.
lc = torch.logspace(0, 1j, 3)
print(lc, lc.dtype, "| abs:", lc.abs())

# "From 10 to 100" written as if start and end were values: the exponents run
# up to 100, and 10 ** 50.5 and 10 ** 100 overflow float32.
print(torch.logspace(1, 100, 3), "vs", torch.logspace(1, 2, 3))

# %% example-for: creation-arange-float-step
# The floating-point end pitfall
# ------------------------------
#
# ``arange`` makes ``ceil((end - start) / step)`` values, computed in double
# precision. ``0.1`` has no exact binary representation, so
# ``(1.3 - 1) / 0.1`` is slightly above 3 and the result gets a fourth value:
# ``1.3``, which should have been excluded. Whether it happens depends on the
# exact numbers, so the length of a float ``arange`` is hard to predict.

for start, end, step in [(1, 1.3, 0.1), (0, 1, 0.1), (0.6, 0.9, 0.1), (1, 2.2, 0.2)]:
    t = torch.arange(start, end, step)
    print(
        f"arange({start}, {end}, {step}): {t.numel()} values, last {t[-1].item():.4f}"
        f" | (end - start) / step = {(end - start) / step!r}"
        f" -> ceil {math.ceil((end - start) / step)}"
    )

# Robust alternatives: give the count (linspace), or step over integers and scale.
print(torch.linspace(1, 1.2, 3))
print(1 + 0.1 * torch.arange(3))

# %% example-for: torch.arange
# Integer dtypes truncate start, end and step
# -------------------------------------------
#
# With an integer ``dtype=`` (or an integer ``out=``), the arguments are
# truncated to integers *before* the values are computed, so a fractional
# step changes, or becomes zero.

print(torch.arange(0, 3, 1.5), "vs", torch.arange(0, 3, 1.5, dtype=torch.int64))
print(torch.arange(2.5), "vs", torch.arange(2.5, dtype=torch.int64))
try:
    torch.arange(0, 3, 0.4, dtype=torch.int64)
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: torch.arange
# arange with out= of the wrong size
# ----------------------------------
#
# Unlike ``zeros``, ``arange`` warns when it has to resize a non-empty
# ``out`` tensor (the warning is caught and printed here).

out = torch.zeros(5)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.arange(3, out=out)
print(out)
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
