"""
Float32 matmul precision and TF32
=================================

``torch.set_float32_matmul_precision`` lets matrix multiplications of
``float32`` tensors trade accuracy for speed, process-wide: on NVIDIA GPUs
through TF32 tensor cores, and on CPUs whose oneDNN kernels support it. The
older switch ``torch.backends.cuda.matmul.allow_tf32`` sets the CUDA part of
the same setting; ``torch.backends.cudnn.allow_tf32`` is a separate switch
for convolutions. What
changes in the results is measured here on the CPU runner; the GPU's
figures come from a script that needs CUDA.
"""

import warnings

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: devices-matmul-precision, torch.set_float32_matmul_precision, torch.get_float32_matmul_precision, torch.backends.cuda.matmul.allow_tf32
# Three levels and the flag that follows them
# -------------------------------------------
#
# ``"highest"`` (the default) computes in full ``float32``. ``"high"`` allows
# TF32 (a 10-bit mantissa) or an equivalent, ``"medium"`` also allows
# ``bfloat16``-based kernels. On CUDA, ``"high"`` and ``"medium"`` both set
# ``torch.backends.cuda.matmul.allow_tf32`` to ``True``. From the default,
# setting that flag moves the precision to ``"high"`` and back. But it sets
# the CUDA part only: after ``set_float32_matmul_precision("high")``, turning
# the flag off leaves the backends disagreeing, and asking for the level
# raises. Use one of the two ways. Any other string is ignored with a
# warning.

print("default:", torch.get_float32_matmul_precision(), "| cuda.matmul.allow_tf32:", torch.backends.cuda.matmul.allow_tf32)
for level in ("high", "medium", "highest"):
    torch.set_float32_matmul_precision(level)
    print(f"set {level!r:9} -> get {torch.get_float32_matmul_precision()!r:9}"
          f" | cuda.matmul.allow_tf32: {torch.backends.cuda.matmul.allow_tf32}")

torch.backends.cuda.matmul.allow_tf32 = True
print("after allow_tf32 = True:", torch.get_float32_matmul_precision())
torch.backends.cuda.matmul.allow_tf32 = False
print("after allow_tf32 = False:", torch.get_float32_matmul_precision())

torch.set_float32_matmul_precision("high")
torch.backends.cuda.matmul.allow_tf32 = False
try:
    torch.get_float32_matmul_precision()
except RuntimeError as err:
    print(f"'high', then allow_tf32 = False: RuntimeError: {str(err).split('. ')[0]}")
torch.set_float32_matmul_precision("highest")  # sets every backend again
print("after set_float32_matmul_precision('highest'):", torch.get_float32_matmul_precision())

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.set_float32_matmul_precision("low")
for w in caught:
    print(f"{w.category.__name__}: {str(w.message).split(' (Triggered')[0]}")
print("after 'low':", torch.get_float32_matmul_precision())

# %% example-for: devices-matmul-precision, torch.set_float32_matmul_precision
# What changes on this CPU
# ------------------------
#
# The result stays ``float32`` at every level; only the arithmetic inside the
# kernel may change. The error of each level against a ``float64`` product is
# the measure, relative to the largest entry. Whether ``"high"`` or
# ``"medium"`` changes anything on a CPU depends on its instruction set and
# the oneDNN kernels; on a recent NVIDIA GPU, TF32 raises the error by more
# than an order of magnitude (the GPU example below).

a, b = torch.randn(256, 256), torch.randn(256, 256)
exact = a.double() @ b.double()
products = {}
for level in ("highest", "high", "medium"):
    torch.set_float32_matmul_precision(level)
    products[level] = a @ b
    error = ((products[level].double() - exact).abs().max() / exact.abs().max()).item()
    print(f"{level:8} dtype {products[level].dtype} | relative error {error:.0e}")
torch.set_float32_matmul_precision("highest")
print("'high' equal to 'highest':", torch.equal(products["high"], products["highest"]))
print("'medium' equal to 'highest':", torch.equal(products["medium"], products["highest"]))
print("CPU capability:", torch.backends.cpu.get_cpu_capability())

# %% example-for: torch.backends.cudnn.allow_tf32
# cuDNN's own switch
# ------------------
#
# Convolutions run by cuDNN have a separate flag,
# ``torch.backends.cudnn.allow_tf32``, and it is ``True`` by default: on an
# Ampere or newer GPU, ``float32`` convolutions may use TF32 unless it is
# turned off. ``set_float32_matmul_precision`` does not change it.

print("cudnn.allow_tf32:", torch.backends.cudnn.allow_tf32)
torch.set_float32_matmul_precision("high")
print("after set_float32_matmul_precision('high'):", torch.backends.cudnn.allow_tf32)
torch.set_float32_matmul_precision("highest")
torch.backends.cudnn.allow_tf32 = False
print("after setting it to False:", torch.backends.cudnn.allow_tf32)
torch.backends.cudnn.allow_tf32 = True  # the default again
