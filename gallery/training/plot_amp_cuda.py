"""
Autocast with float16 and GradScaler on CUDA
============================================

On a GPU, ``torch.autocast("cuda")`` uses ``torch.float16`` by default, and
``float16`` training needs a ``torch.amp.GradScaler``. This script needs a
CUDA device.
"""
# requires: cuda

import warnings

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: amp-cuda-float16, torch.autocast
# The CUDA op lists, seen through output dtypes
# ---------------------------------------------
#
# The default dtype on CUDA is ``float16``. The CUDA lists differ from the
# CPU ones: each operation below gets a ``float16`` input and prints the
# dtype it produced.

print("default CUDA autocast dtype:", torch.get_autocast_dtype("cuda"))
a = torch.randn(8, 8, device="cuda")
b = torch.randn(8, 8, device="cuda")
target = torch.randint(0, 8, (8,), device="cuda")
with torch.autocast(device_type="cuda"):
    low = a @ b
    print("a @ b:", low.dtype)
    assert low.dtype == torch.float16
    for name, op in [("torch.exp", torch.exp), ("torch.sum", torch.sum),
                     ("torch.softmax", lambda t: torch.softmax(t, dim=1)),
                     ("F.mse_loss", lambda t: F.mse_loss(t, t)),
                     ("F.cross_entropy", lambda t: F.cross_entropy(t, target)),
                     ("torch.relu", torch.relu)]:
        print(f"{name}(float16 input):", op(low).dtype)

# On CUDA, unlike on the CPU, dtype=torch.float32 is accepted without a
# warning: autocast stays enabled and its lower-precision list runs in float32.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with torch.autocast(device_type="cuda", dtype=torch.float32):
        enabled = torch.is_autocast_enabled("cuda")
        product = a.half() @ b
print("dtype=torch.float32 on CUDA: enabled:", enabled, "| a.half() @ b:", product.dtype,
      "| warnings:", [str(w.message) for w in caught])
assert enabled and product.dtype == torch.float32 and not caught

# %% example-for: amp-cuda-float16, torch.amp.GradScaler
# A float16 training loop with GradScaler
# ---------------------------------------
#
# Forward and loss run under autocast, ``backward()`` on the scaled loss
# outside it; ``scaler.step`` and ``scaler.update`` replace
# ``optimizer.step()``. The script prints the dtypes of the parameters and
# of their gradients.

model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 1)).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cuda")
x = torch.randn(64, 16, device="cuda")
y = torch.randn(64, 1, device="cuda")

for it in range(4):
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        out = model(x)
        loss = F.mse_loss(out, y)
    scale = scaler.get_scale()
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    print(f"iteration {it}: out {out.dtype}, loss {loss.dtype}, scale used {scale:.0f}")
print("parameters:", sorted({str(p.dtype) for p in model.parameters()}))
print("gradients:", sorted({str(p.grad.dtype) for p in model.parameters()}))
print("state_dict keys:", sorted(scaler.state_dict()))
