"""
Autocast on the CPU with bfloat16
=================================

``torch.autocast("cpu")`` runs eligible operations in ``torch.bfloat16``
and leaves the others alone. This script shows which operations changed
their dtype, that the parameters stay ``float32``, where the backward pass
belongs, and how a region with autocast turned off is nested inside one.
"""

import warnings

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: amp-op-dtypes, torch.autocast
# Which operations ran in bfloat16
# --------------------------------
#
# Every operation gets its input ``x`` twice: a ``float32`` tensor, and a
# ``bfloat16`` tensor such as the output of an earlier matrix product (the
# other operands, like ``b``, are ``float32``). The
# output dtype tells which of the CPU autocast lists the operation is on:
# matrix products and convolutions always run in ``bfloat16``; most losses
# are cast up to ``float32`` even from ``bfloat16`` inputs; ``cat`` and
# ``stack`` take the widest input dtype; every other operation simply
# follows its inputs.

a = torch.randn(4, 4)
b = torch.randn(4, 4)
low = a.bfloat16()  # a bfloat16 input, as an earlier matmul would produce
image = torch.randn(1, 2, 5, 5)
kernel = torch.randn(3, 2, 3, 3)
target = torch.tensor([0, 1, 2, 3])

ops = [
    ("lower precision", "x @ b", lambda x: x @ b),
    ("lower precision", "F.linear(x, b)", lambda x: F.linear(x, b)),
    ("lower precision", "torch.bmm", lambda x: torch.bmm(x[None], b[None])),
    ("lower precision", "F.conv2d", lambda x: F.conv2d(image.to(x.dtype), kernel)),
    ("float32", "F.mse_loss", lambda x: F.mse_loss(x, x)),
    ("float32", "F.cross_entropy", lambda x: F.cross_entropy(x, target)),
    ("float32", "F.l1_loss", lambda x: F.l1_loss(x, x)),
    ("widest input", "torch.cat", lambda x: torch.cat([x, b])),
    ("widest input", "torch.stack", lambda x: torch.stack([x, b])),
    ("not listed", "x + x", lambda x: x + x),
    ("not listed", "torch.exp", lambda x: torch.exp(x)),
    ("not listed", "torch.sum", lambda x: x.sum()),
    ("not listed", "torch.softmax", lambda x: torch.softmax(x, dim=1)),
    ("not listed", "torch.relu", lambda x: torch.relu(x)),
]

short = {torch.float32: "float32", torch.bfloat16: "bfloat16"}
print(f"{'operation':16} {'CPU list':16} {'x float32':11} {'x bfloat16'}")
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    for kind, name, op in ops:
        from_f32, from_bf16 = op(a).dtype, op(low).dtype
        print(f"{name:16} {kind:16} {short[from_f32]:11} {short[from_bf16]}")
        if kind == "lower precision":
            assert from_f32 == from_bf16 == torch.bfloat16
        elif kind in ("float32", "widest input"):
            assert from_f32 == from_bf16 == torch.float32
        else:
            assert (from_f32, from_bf16) == (torch.float32, torch.bfloat16)

# Not eligible: float64 and integer inputs, in-place calls, out= and an
# explicit dtype= keep their dtypes even inside the region.
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    out = torch.empty(4, 4)
    inplace = a.clone()
    inplace.addmm_(a, b)
    checks = {
        "a.double() @ b.double()": (a.double() @ b.double()).dtype,
        "integer mm": torch.mm(target[None].T, target[None]).dtype,
        "torch.mm(a, b, out=out)": torch.mm(a, b, out=out).dtype,
        "inplace.addmm_(a, b)": inplace.dtype,
        "a.sum(dtype=torch.float64)": a.sum(dtype=torch.float64).dtype,
    }
for name, dtype in checks.items():
    print(f"{name:27} {dtype}")
    assert dtype != torch.bfloat16

# Outside the region the same matmul runs in float32 again.
print("after the region, a @ b:", (a @ b).dtype)

# %% example-for: torch.autocast
# Autocast changes the computation, not the model
# -----------------------------------------------
#
# The parameters of a model used under autocast stay ``float32``; autocast
# casts copies of them for the operations that run in ``bfloat16``. Do not
# call ``model.bfloat16()`` or ``half()`` yourself. ``torch.autocast`` is a
# class: the same object works as a context manager and as a decorator.

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
x = torch.randn(5, 4)

print("autocast enabled before:", torch.is_autocast_enabled("cpu"))
with torch.autocast(device_type="cpu"):
    print("autocast enabled inside:", torch.is_autocast_enabled("cpu"),
          "| dtype:", torch.get_autocast_dtype("cpu"),
          "| weight cache:", torch.is_autocast_cache_enabled())
    out = model(x)
print("output:", out.dtype)
print("parameters:", sorted({str(p.dtype) for p in model.parameters()}))
assert all(p.dtype == torch.float32 for p in model.parameters())


@torch.autocast(device_type="cpu")
def predict(inputs):
    return model(inputs)


print("decorated function:", predict(x).dtype)

# float16 works on the CPU too; float32 is not a lower-precision dtype, so
# on the CPU autocast warns and stays off. On CUDA,
# ``torch.autocast("cuda", dtype=torch.float32)`` is accepted instead; the
# CUDA example shows it.
with torch.autocast(device_type="cpu", dtype=torch.float16):
    print("dtype=torch.float16:", model(x).dtype)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autocast(device_type="cpu", dtype=torch.float32):
        print("dtype=torch.float32:", model(x).dtype,
              "| enabled:", torch.is_autocast_enabled("cpu"))
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
assert any("Disabling autocast" in str(w.message) for w in caught)

try:
    torch.autocast(torch.device("cpu"))
except ValueError as err:
    print(f"ValueError: {err}")

# %% example-for: amp-forward-loss-only, torch.autocast
# Forward and loss inside, backward outside
# -----------------------------------------
#
# Only the forward pass and the loss go inside the region. ``backward()``
# is called after it: autograd already runs each backward operation in the
# dtype its forward operation used, so the gradient of a ``bfloat16``
# activation is ``bfloat16``, while the parameters' ``.grad`` are
# ``float32`` like the parameters. The optimizer step needs no change.

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(5, 4)
y = torch.tensor([0, 2, 1, 0, 2])

optimizer.zero_grad()
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    hidden = model[0](x)
    hidden.retain_grad()
    logits = model[2](model[1](hidden))
    loss = F.cross_entropy(logits, y)
print("hidden:", hidden.dtype, "| logits:", logits.dtype, "| loss:", loss.dtype)
loss.backward()  # outside the autocast region
print("hidden.grad:", hidden.grad.dtype)
for name, p in model.named_parameters():
    print(f"{name}: param {p.dtype}, grad {p.grad.dtype}")
    assert p.grad.dtype == p.dtype == torch.float32
# The casts of the float32 parameters to bfloat16 are nodes of the graph
# (ToCopyBackward0), so their gradients are cast back to float32:
bias_cast, _, weight_t = (f for f, _ in logits.grad_fn.next_functions)
print("logits <-", type(logits.grad_fn).__name__, "<- bias:", type(bias_cast).__name__,
      "| weight:", type(weight_t).__name__, "<-", type(weight_t.next_functions[0][0]).__name__)
optimizer.step()
print("parameters after step:", sorted({str(p.dtype) for p in model.parameters()}))

# %% example-for: amp-disable-region, torch.autocast
# A region with autocast turned off, and casting inputs back
# ----------------------------------------------------------
#
# ``torch.autocast(..., enabled=False)`` nested in an autocast region turns
# autocast off until its block ends. Tensors made in the outer region may be
# ``bfloat16``: inside the disabled region nothing casts them, so mixing
# them with ``float32`` tensors fails, and they must be cast back with
# ``.float()``. Back in the outer region no manual cast is needed.

c = torch.randn(4, 4)
d = torch.randn(4, 4)
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    e = a @ b
    print("outer region, e = a @ b:", e.dtype)
    with torch.autocast(device_type="cpu", enabled=False):
        print("inner region enabled:", torch.is_autocast_enabled("cpu"))
        try:
            torch.mm(c, e)
        except RuntimeError as err:
            print(f"RuntimeError: {err}")
        f = torch.mm(c, e.float())
        print("inner region, c @ e.float():", f.dtype)
    g = torch.mm(d, f)
    print("outer region again, d @ f:", g.dtype)
assert (e.dtype, f.dtype, g.dtype) == (torch.bfloat16, torch.float32, torch.bfloat16)
