"""
Broadcasting rules
==================

When an elementwise operation gets two tensors of different shapes, PyTorch
lines their shapes up from the right and stretches every dimension of size 1
to the size of the other tensor. This script computes a table of shapes with
``torch.broadcast_shapes``, checks it against real additions, prints the
errors of shapes that do not broadcast, shows that an in-place operation
cannot grow its destination, and draws what happens to a column plus a row.
"""

import matplotlib.pyplot as plt
import torch

# %% example-for: broadcasting-rules
# A table of shapes that broadcast
# --------------------------------
#
# ``torch.broadcast_shapes`` applies the rules to shapes only, without
# allocating anything. Each row is checked against the shape of a real
# addition of tensors of those shapes.

pairs = [
    ((3,), (3,)),
    ((2, 3), (3,)),
    ((2, 3), (1, 3)),
    ((3, 1), (1, 4)),
    ((3, 1), (4,)),
    ((5, 1, 3), (4, 1)),
    ((2, 1, 4), (3, 1)),
    ((), (2, 3)),
    ((1,), (2, 3)),
    ((0, 3), (1, 3)),
]
print(f"{'a':<10} {'b':<10}  ->  result")
for a, b in pairs:
    result = torch.broadcast_shapes(a, b)
    assert (torch.zeros(a) + torch.zeros(b)).shape == result
    print(f"{str(a):<10} {str(b):<10}  ->  {tuple(result)}")

# The rules, checked on one pair: align on the right, (4, 1) is treated as
# (1, 4, 1), and every size-1 dimension takes the other size.
assert torch.broadcast_shapes((5, 1, 3), (4, 1)) == torch.Size([5, 4, 3])
# A size-1 dimension can even become 0.
assert torch.broadcast_shapes((0, 3), (1, 3)) == torch.Size([0, 3])

# %% example-for: broadcasting-rules
# More than two operands
# ----------------------
#
# The rules apply to any number of shapes at once, as in ``torch.where``
# with three operands, and to comparisons as well as arithmetic.

print(torch.broadcast_shapes((8, 1, 1), (1, 6, 1), (5,)))
cond = torch.tensor([[True], [False]])  # (2, 1)
print(torch.where(cond, torch.tensor([1, 2, 3]), 0))  # (2, 1), (3,), () -> (2, 3)
# Comparisons broadcast too: (2, 1) < (3,) -> a (2, 3) bool table.
print(torch.tensor([[1], [2]]) < torch.tensor([1, 2, 3]))

# %% example-for: broadcasting-errors
# Shapes that do not broadcast
# ----------------------------
#
# Two sizes that differ and are both larger than 1 are an error. The message
# of an operation names the two sizes and the dimension where they clash,
# numbered in the broadcast result (after aligning on the right): for
# ``(5, 2, 3) + (4,)`` it is dimension 2. ``broadcast_shapes`` words it
# differently.

for a, b in [((2, 3), (2,)), ((3, 4), (4, 3)), ((5, 2, 3), (4,)), ((2, 3, 4), (3, 1, 4))]:
    try:
        torch.zeros(a) + torch.zeros(b)
    except RuntimeError as err:
        print(f"{a} + {b} -> RuntimeError: {err}")

try:
    torch.broadcast_shapes((2, 3), (2,))
except RuntimeError as err:
    print(f"broadcast_shapes((2, 3), (2,)) -> RuntimeError: {err}")

# The usual fix: give the smaller tensor an explicit size-1 dimension where
# it should be stretched, here (2,) -> (2, 1) so that it aligns with the rows.
col = torch.zeros(2)[:, None]
print((torch.zeros(2, 3) + col).shape)

# %% example-for: broadcasting-in-place
# In-place operations cannot broadcast their destination
# ------------------------------------------------------
#
# ``x.add_(y)`` writes into ``x``, so the broadcast result must already have
# ``x``'s shape. ``y`` may be stretched; ``x`` never grows. The out-of-place
# ``x + y`` has no such limit.

x = torch.zeros(2, 3)
x.add_(torch.tensor([1.0, 2.0, 3.0]))  # (3,) is stretched to x's (2, 3)
print(x)

small = torch.zeros(3)
small += torch.ones(3)  # same shape
small += torch.ones(1)  # (1,) is stretched to (3,)
print(small)
print("out of place:", (small + torch.ones(2, 3)).shape)
try:
    small.add_(torch.ones(2, 3))
except RuntimeError as err:
    print(f"small.add_(y) -> RuntimeError: {err}")
try:
    small += torch.ones(2, 3)
except RuntimeError as err:
    print(f"small += y -> RuntimeError: {err}")
assert small.shape == (3,)

# %% example-for: broadcasting-figure
# A picture: a column plus a row
# ------------------------------
#
# ``(3, 1) + (1, 4)``: the column is repeated across the columns, the row
# down the rows, and the sum is a 3×4 table. The pale cells are the copies
# that broadcasting only pretends to make: no memory holds them.

col = torch.tensor([[0.0], [10.0], [20.0]])  # shape (3, 1)
row = torch.tensor([[1.0, 2.0, 3.0, 4.0]])  # shape (1, 4)
total = col + row
print(total.shape)

fig, axes = plt.subplots(1, 3, figsize=(7.5, 2.8))
panels = [
    ("col (3, 1)", col.expand(3, 4), lambda i, j: j == 0),
    ("row (1, 4)", row.expand(3, 4), lambda i, j: i == 0),
    ("col + row (3, 4)", total, lambda i, j: True),
]
for ax, (title, grid, is_real) in zip(axes, panels):
    ax.imshow(torch.zeros(3, 4), cmap="Greys", vmin=0, vmax=1)
    for i in range(3):
        for j in range(4):
            real = is_real(i, j)
            ax.add_patch(
                plt.Rectangle((j - 0.5, i - 0.5), 1, 1,
                              facecolor="tab:blue" if real else "lightsteelblue",
                              alpha=0.9 if real else 0.35, edgecolor="white")
            )
            ax.text(j, i, f"{grid[i, j]:g}", ha="center", va="center",
                    color="white" if real else "dimgray", fontsize=9)
    ax.set_title(title, fontsize=10)
    ax.set_xticks(range(4))
    ax.set_yticks(range(3))
    ax.set_xlabel("dim 1")
axes[0].set_ylabel("dim 0")
plt.tight_layout()
