"""
Ordering comparisons and isnan
==============================

``gt``, ``ge``, ``lt`` and ``le`` are the elementwise ``>``, ``>=``, ``<`` and
``<=``; ``greater_equal`` is another name for ``ge``. Like ``eq`` they
broadcast, accept a Python number as ``other`` and return a ``bool`` tensor.
``isnan`` marks the NaN elements. This script also shows the two mistakes
learners make with the results: chaining comparisons and using a ``bool``
tensor in an ``if``.
"""

import torch

# %% example-for: torch.gt
# gt: elementwise >
# -----------------
#
# ``other`` can be a tensor that broadcasts with ``input`` or a Python
# number. The result is a ``bool`` tensor; use it as a mask to select the
# elements, or sum it to count them.

x = torch.tensor([1.0, 4.0, 2.0, 5.0])
mask = torch.gt(x, 2)
print(mask, mask.dtype)
print("x > 2 is the same call:", torch.equal(x > 2, mask))
print("selected:", x[mask], "| count:", mask.sum().item())

# Broadcasting: each row compared with its own threshold.
thresholds = torch.tensor([[1.5], [4.5]])
print(x.gt(thresholds))
# gt_ overwrites y in its own dtype: float32 1.0/0.0, which cannot serve as a mask.
y = x.clone()
out = y.gt_(2)
print("y.gt_(2):", y, y.dtype, "| returns y itself:", out is y)

# %% example-for: torch.ge, torch.greater_equal
# ge and its alias greater_equal
# ------------------------------
#
# ``ge`` is ``>=``. ``torch.greater_equal`` is documented as an alias of
# ``ge``: it is a separate function object, but it gives the same results,
# and so does the method ``Tensor.greater_equal``.

x = torch.tensor([1, 2, 3, 4])
print(torch.ge(x, 3))
print(torch.greater_equal(x, 3))
print(x.greater_equal(3), x >= 3)
print("same object:", torch.greater_equal is torch.ge)
print("docstring:", torch.greater_equal.__doc__.strip().split("\n\n")[1])
assert torch.equal(torch.ge(x, 3), torch.greater_equal(x, 3))
assert torch.equal(x.ge(3), torch.ge(x, 3))

torch.manual_seed(0)
a, b = torch.randn(3, 4), torch.randn(4)
assert torch.equal(torch.ge(a, b), torch.greater_equal(a, b))
print("random (3, 4) vs (4,): identical results")
# The in-place forms overwrite the tensor and keep its dtype: int64 1/0, not bool.
g, ge = x.clone(), x.clone()
out = g.ge_(3)
ge.greater_equal_(3)
print("g.ge_(3):", g, "| ge.greater_equal_(3):", ge, "| returns g itself:", out is g)

# %% example-for: torch.greater_equal
# greater_equal with a Python number
# ----------------------------------
#
# The number is compared in the common dtype of the tensor and the number. An
# integer tensor compared with ``2.5`` is compared in the default float dtype,
# so the fractional part counts.

ints = torch.tensor([1, 2, 3])
print(torch.greater_equal(ints, 2.5), torch.result_type(ints, 2.5))

# %% example-for: torch.lt
# lt: elementwise <, and why you cannot chain it
# ----------------------------------------------
#
# Python turns ``1 < x < 3`` into ``(1 < x) and (x < 3)``; ``and`` calls
# ``bool()`` on a tensor of several elements, which raises. Combine the masks
# with ``&`` instead (with parentheses, because ``&`` binds tighter than
# ``<``). The same error appears when a ``bool`` tensor is used in ``if``:
# reduce it first with ``.all()`` or ``.any()``.

x = torch.tensor([0.5, 1.5, 2.5, 3.5])
print(torch.lt(x, 2))
assert torch.equal(x.lt(2), torch.lt(x, 2))
y = x.clone()
out = y.lt_(2)  # in place: y keeps float32, so 1.0/0.0
print("y.lt_(2):", y, "| returns y itself:", out is y)
try:
    1 < x < 3
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print((1 < x) & (x < 3))
try:
    if x < 3:
        pass
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("(x < 3).all():", (x < 3).all().item(), "| (x < 3).any():", (x < 3).any().item())

# %% example-for: torch.le
# le: elementwise <=, and what cannot be ordered
# ----------------------------------------------
#
# ``le`` is ``<=``. Complex numbers have no order: ``eq`` and ``ne`` accept
# them, but ``le``, ``lt``, ``ge`` and ``gt`` raise. A comparison with NaN is
# ``False``, so ``le`` and ``gt`` are not each other's negation when NaNs are
# present.

y = torch.tensor([1.0, 2.0, float("nan")])
print(torch.le(y, 2))
print(torch.gt(y, 2))
print("le is ~gt here?", torch.equal(y.le(2), ~y.gt(2)))
w = y.clone()
out = w.le_(2)  # in place, in w's float dtype; the NaN becomes 0.0
print("w.le_(2):", w, "| returns w itself:", out is w)

z = torch.tensor([1 + 1j, 2 + 0j])
print("eq on complex:", torch.eq(z, z))
for fn in (torch.le, torch.lt, torch.ge, torch.gt):
    try:
        fn(z, z)
    except NotImplementedError as err:
        print(f"{fn.__name__}: NotImplementedError: {err}")

# %% example-for: torch.isnan
# isnan: find NaN
# ---------------
#
# ``isnan`` returns a ``bool`` tensor of the input's shape: ``True`` at NaN,
# ``False`` at numbers and at infinities. It is the reliable test, because
# ``x == float('nan')`` is always ``False``. Integer tensors cannot hold NaN,
# so the result is all ``False``. A complex element is NaN when its real or
# imaginary part is. A ``bool`` tensor gives all ``False`` too.

zero_to_two = torch.tensor([0.0, 1.0, 2.0])
r = zero_to_two / torch.tensor([0.0, 0.0, 2.0])  # 0/0 is NaN, 1/0 is inf
print(r)
print("isnan   :", torch.isnan(r))
print("== nan  :", r == float("nan"))
print("any NaN :", torch.isnan(r).any().item(), "| count:", torch.isnan(r).sum().item())
print("keep the others:", r[~r.isnan()])
print("int64   :", torch.isnan(torch.tensor([1, 2])))
print("bool    :", torch.isnan(torch.tensor([True, False])))
cplx_isnan = torch.isnan(torch.tensor([complex(1.0, float("nan")), complex(float("nan"), 1.0), 1j]))
print("complex :", cplx_isnan)
assert cplx_isnan.tolist() == [True, True, False]
assert torch.isnan(r).dtype == torch.bool
assert not (r == float("nan")).any()
