"""
Counting values: bincount, histc and histogram
==============================================

``bincount`` counts how often each non-negative integer occurs.
``histc`` counts floating-point values in equal-width bins and returns the
counts only; ``histogram`` also returns the bin edges, accepts edges of your
own and can normalise to a density, like ``numpy.histogram``.
"""

import matplotlib.pyplot as plt
import numpy as np
import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: mathmore-counting, torch.bincount
# bincount: one count per integer 0 .. max
# ----------------------------------------
#
# Element ``i`` of the result is how many times ``i`` occurs in the input.
# The result has ``max(input) + 1`` elements, or ``minlength`` if that is
# larger: pass ``minlength=num_classes`` so that a missing last class still
# gets its zero. ``minlength`` never shortens the result.

labels = torch.tensor([1, 3, 3, 0, 5])
print("bincount                :", torch.bincount(labels))
print("bincount, minlength=8   :", torch.bincount(labels, minlength=8))
print("bincount, minlength=2   :", torch.bincount(labels, minlength=2))
assert labels.bincount().shape == (6,) and labels.bincount(minlength=8).shape == (8,)
print("empty input, minlength=3:", torch.bincount(torch.tensor([], dtype=torch.long), minlength=3))

# %% example-for: mathmore-counting, torch.bincount
# Only 1-D tensors of non-negative integers
# -----------------------------------------
#
# A negative value, a 2-D tensor and a float tensor are refused. With
# ``weights``, each occurrence adds its weight instead of 1 and the result is
# floating point.

for bad in (torch.tensor([1, -1, 2]), torch.tensor([[1, 2]]), torch.tensor([1.0, 2.0])):
    try:
        torch.bincount(bad)
    except RuntimeError as err:  # NotImplementedError is a RuntimeError subclass
        print(f"{type(err).__name__}: {err}")
weights = torch.tensor([0.5, 1.0, 2.0, 1.0, 1.0])
weighted = torch.bincount(labels, weights=weights)
print("weighted:", weighted, weighted.dtype)
print("counts dtype:", torch.bincount(labels).dtype)
# Class frequencies of a batch of labels, for class weights:
batch = torch.randint(0, 4, (20,))
counts = torch.bincount(batch, minlength=4)
print("labels:", batch.tolist(), "-> counts:", counts.tolist())
assert counts.sum() == 20 and torch.equal(counts, torch.stack([(batch == c).sum() for c in range(4)]))

# %% example-for: mathmore-counting, torch.histc
# histc: equal bins over [min, max], values outside ignored
# ---------------------------------------------------------
#
# ``bins`` equal-width bins span ``[min, max]``; the last bin includes
# ``max``. Values below ``min`` or above ``max`` are not counted, without a
# warning, and so are ``nan`` values. With ``min=max=0`` (the default) the
# range is the data's own minimum and maximum. Only the counts come back.

v = torch.tensor([-1.0, 0.0, 0.5, 1.0, 1.9, 2.0, 3.0, float("nan")])
counts = torch.histc(v, bins=4, min=0, max=2)
print("values        :", v)
print("histc [0, 2]  :", counts, "| counted:", int(counts.sum().item()), "of", v.numel())
assert counts.sum() == 5  # -1.0, 3.0 and nan are left out
print("float64 input gives float64 counts:", v.double().histc(bins=4, min=0, max=2).dtype)
finite = v[torch.isfinite(v)]
print("histc default :", torch.histc(finite, bins=4), f"(range {finite.min().item()} to {finite.max().item()})")
try:
    torch.histc(torch.tensor([1, 2, 2]), bins=3, min=0, max=3)
except RuntimeError as err:  # NotImplementedError
    print(f"{type(err).__name__}: {err}")
try:
    torch.histc(v, bins=4, min=2, max=0)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
# With the default range, taken from the data, a nan is an error.
try:
    torch.histc(v, bins=4)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: mathmore-counting, torch.histogram
# histogram: counts and bin edges
# -------------------------------
#
# ``torch.histogram`` returns a named tuple ``(hist, bin_edges)``: ``bins + 1``
# edges for ``bins`` bins. ``range=(min, max)`` fixes the span (values outside
# are not counted, as for ``histc``); ``bins`` may also be a tensor of edges,
# which need not be equally spaced. ``density=True`` divides by the total and
# the bin widths, so the bars integrate to 1. The result matches
# ``numpy.histogram``. Only ``float32`` and ``float64`` input is accepted.

finite = v[torch.isfinite(v)]
h = torch.histogram(finite, bins=4, range=(0.0, 2.0))
print(h)
print("counted:", int(h.hist.sum().item()), "of", finite.numel(), "finite values")
assert h.hist.sum() == 5 and finite.numel() == 7  # -1.0 and 3.0 are outside range
with_nan = torch.histogram(v, bins=4, range=(0.0, 2.0))
print("with the nan, range given:", with_nan.hist)
assert torch.equal(with_nan.hist, h.hist)
np_counts, np_edges = np.histogram(finite.numpy(), bins=4, range=(0.0, 2.0))
assert torch.equal(h.hist, torch.from_numpy(np_counts).float())
assert torch.allclose(h.bin_edges, torch.from_numpy(np_edges))
assert torch.equal(h.hist, torch.histc(finite, bins=4, min=0, max=2))
edges = torch.tensor([-1.0, 0.0, 1.0, 3.0])
print("own edges:", torch.histogram(finite, bins=edges))
print("weight 0.5 each:", torch.histogram(finite, bins=2, range=(0.0, 2.0), weight=torch.full_like(finite, 0.5)).hist)
d = torch.histogram(finite, bins=4, range=(0.0, 2.0), density=True)
print("density:", d.hist, "| area:", (d.hist * d.bin_edges.diff()).sum().item())
# Without range, a nan makes the data's own range undefined:
try:
    torch.histogram(v, bins=4)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
for bad in (torch.tensor([1, 2, 2]), v.half(), v.bfloat16()):
    try:
        torch.histogram(bad, bins=3)
    except RuntimeError as err:  # NotImplementedError is a RuntimeError subclass
        print(f"{type(err).__name__}: {err}")

# %% example-for: mathmore-counting, torch.histogram
# Drawing a histogram from the edges
# ----------------------------------
#
# The edges are what a bar chart needs: each bar starts at one edge and is
# as wide as the gap to the next. Here 1000 normal samples in 12 bins, with
# the standard normal density for comparison.

samples = torch.randn(1000)
hist, bin_edges = torch.histogram(samples, bins=12, range=(-3.0, 3.0), density=True)
fig, ax = plt.subplots(figsize=(6, 3))
ax.bar(bin_edges[:-1], hist, width=bin_edges.diff(), align="edge", edgecolor="white", label="histogram(density=True)")
grid = torch.linspace(-3, 3, 200)
ax.plot(grid, torch.exp(-(grid**2) / 2) / (2 * torch.pi) ** 0.5, color="black", label="normal density")
ax.set_xlabel("value")
ax.legend(fontsize=8)
plt.tight_layout()
plt.show()
print("bins:", hist.numel(), "| edges:", bin_edges.numel(), "| samples outside [-3, 3]:", int((samples.abs() > 3).sum()))
