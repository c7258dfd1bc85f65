"""
Linear layers: Linear, Bilinear, LazyLinear and Identity
========================================================

``nn.Linear`` computes ``y = x W^T + b`` on the last dimension of its input
and keeps every leading dimension. ``nn.Bilinear`` combines two inputs with
one weight matrix per output feature, ``nn.LazyLinear`` finds its
``in_features`` on the first call, and ``nn.Identity`` returns its input
unchanged, which makes it a placeholder for a layer you want to remove.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.Linear
# Weight shape ``(out_features, in_features)`` and the formula
# ------------------------------------------------------------
#
# The weight is stored as ``(out, in)``, so the layer multiplies by its
# transpose. Only the last dimension of the input must equal
# ``in_features``; all leading dimensions are kept, so a batch of sequences
# ``(N, T, in)`` gives ``(N, T, out)``.

fc = nn.Linear(3, 4)
print("weight:", tuple(fc.weight.shape), "| bias:", tuple(fc.bias.shape))

for shape in [(3,), (5, 3), (2, 5, 3)]:
    x = torch.randn(shape)
    y = fc(x)
    print(f"input {str(tuple(x.shape)):10} -> output {tuple(y.shape)}")
    assert torch.allclose(y, x @ fc.weight.T + fc.bias)

# %% example-for: torch.nn.Linear
# Default initialisation, ``bias=False`` and a size mismatch
# ----------------------------------------------------------
#
# Weight and bias start uniform in ``[-1/sqrt(in_features), 1/sqrt(in_features)]``.
# With ``bias=False`` the ``bias`` attribute is ``None``. An input whose last
# dimension is not ``in_features`` fails in the matrix product; the message
# shows the input with its leading dimensions flattened (``2*5 = 10`` rows)
# and the transposed weight ``(in, out)``.

fc = nn.Linear(100, 50)
bound = 1 / 100**0.5
print("bound:", bound, "| max |w|:", fc.weight.abs().max().item(), "| max |b|:", fc.bias.abs().max().item())
assert fc.weight.abs().max() <= bound and fc.bias.abs().max() <= bound
assert fc.weight.dtype == torch.get_default_dtype()  # float32 unless changed

no_bias = nn.Linear(3, 4, bias=False)
print("bias:", no_bias.bias, "| parameters:", [tuple(p.shape) for p in no_bias.parameters()])

for bad in (torch.randn(2, 5), torch.randn(2, 5, 5)):
    try:
        nn.Linear(3, 4)(bad)
    except RuntimeError as err:
        print(f"RuntimeError: {err}")

# %% example-for: torch.nn.Bilinear
# ``y_k = x1^T A_k x2 + b_k``
# ---------------------------
#
# The weight has shape ``(out_features, in1_features, in2_features)``: one
# matrix ``A_k`` per output feature. ``einsum`` writes the same sum out. The
# two inputs may have any leading dimensions, but the same ones: they are not
# broadcast, not even a dimension of size 1.

bil = nn.Bilinear(3, 4, 2)
print("weight:", tuple(bil.weight.shape), "| bias:", tuple(bil.bias.shape))

x1 = torch.randn(5, 3)
x2 = torch.randn(5, 4)
y = bil(x1, x2)
by_hand = torch.einsum("ni,kij,nj->nk", x1, bil.weight, x2) + bil.bias
print("output:", tuple(y.shape), "| equals einsum:", torch.allclose(y, by_hand, atol=1e-6))
assert torch.allclose(y, by_hand, atol=1e-6)

print("leading dims:", tuple(bil(torch.randn(2, 5, 3), torch.randn(2, 5, 4)).shape))
try:
    bil(torch.randn(1, 3), torch.randn(5, 4))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.LazyLinear
# ``in_features`` is read from the first input
# --------------------------------------------
#
# Only ``out_features`` is given. Before the first call ``in_features`` is 0
# and the weight is an ``UninitializedParameter`` without a shape; the
# first call sets ``in_features`` to the input's last dimension and turns
# the module into an ``nn.Linear``. From then on the size is fixed like any
# ``Linear``. Lazy modules in general: see the ``nn.Module`` page.

lazy = nn.LazyLinear(4)
print(lazy, "| in_features:", lazy.in_features, "|", type(lazy.weight).__name__)
assert type(lazy.bias).__name__ == "UninitializedParameter"
try:
    lazy.weight.shape
except RuntimeError as err:
    print(f"RuntimeError: {err}")
y = lazy(torch.randn(2, 7))
print(lazy, "| weight:", tuple(lazy.weight.shape), "| output:", tuple(y.shape))
assert type(lazy) is nn.Linear and lazy.in_features == 7
assert lazy.weight.abs().max() <= 1 / 7**0.5  # initialised as Linear does

try:
    lazy(torch.randn(2, 5))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.Identity
# A placeholder: replacing a head
# -------------------------------
#
# Assigning ``nn.Identity()`` over the last layer turns a classifier into a
# feature extractor without rewriting its ``forward``. The call returns the
# input object itself, not a copy.

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
x = torch.randn(4, 8)
print("with head:   ", tuple(model(x).shape))
model[2] = nn.Identity()
print("head removed:", tuple(model(x).shape))
print(model)
print("returns its input:", nn.Identity()(x) is x)

# %% example-for: torch.nn.Identity
# Arguments to the constructor are ignored, extra call arguments are not
# ----------------------------------------------------------------------
#
# ``nn.Identity(*args, **kwargs)`` accepts and ignores any arguments, so it
# can stand in for a layer built as ``Layer(64, eps=1e-5)``. Its ``forward``
# takes exactly one input: a second argument in the call raises
# ``TypeError``.

ident = nn.Identity(64, eps=1e-5)
print(ident, "| parameters:", list(ident.parameters()))
try:
    ident(x, torch.ones(1))
except TypeError as err:
    print(f"TypeError: {err}")
