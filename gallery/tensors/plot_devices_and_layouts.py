"""
Devices, layouts and memory formats
===================================

How to name a device (``'cpu'``, ``'cuda:0'``, ``('cuda', 0)``), what a
plain integer device means, the difference between the ``strided`` and
``sparse_coo`` layouts, and how ``channels_last`` and ``preserve_format``
change the strides of a 4-D tensor. No tensor is allocated on a GPU here:
a ``torch.device`` object is only a description and can be built anywhere.
"""
# also-on: cuda

import torch

torch.manual_seed(0)

# %% example-for: torch.device, device-strings
# Building device objects
# -----------------------
#
# A device is a type plus an optional index. ``'cuda:0'`` and
# ``('cuda', 0)`` describe the same device; ``'cuda'`` without an index means
# "the current CUDA device" and is not equal to ``'cuda:0'``.

d1 = torch.device("cuda:0")
d2 = torch.device("cuda", 0)
d3 = torch.device("cuda")
cpu = torch.device("cpu")

for d in (d1, d2, d3, cpu):
    print(repr(d), "| str:", str(d), "| type:", d.type, "| index:", d.index)

print(d1 == d2, d1 == d3)

# %% example-for: torch.device
# A tensor's device, and comparing devices
# ----------------------------------------
#
# ``device=`` accepts a ``torch.device`` or a string. A CPU tensor reports
# ``device(type='cpu')`` with no index, which is not equal to
# ``torch.device('cpu', 0)``; and a device never equals a plain string.
# Compare ``.type`` when you only care about the kind of device.

x = torch.zeros(2, 3, device="cpu")
print(repr(x.device))
print(x.device == torch.device("cpu"))
print(x.device == torch.device("cpu", 0))
print(x.device == "cpu")
print(x.device.type == "cpu")

# Where would a GPU tensor go? Only ask, never allocate, when CUDA is missing:
target = torch.device("cuda:0") if torch.cuda.is_available() else torch.device("cpu")
print(torch.cuda.is_available(), target)

# %% example-for: device-strings, torch.device
# Mistakes in device strings
# --------------------------
#
# The type is lower case, there is no space after the colon, the index is a
# non-negative integer, and an index cannot be given twice.

for args in [("gpu",), ("CUDA:0",), ("cuda: 0",), ("cuda:-1",), ("cuda:0", 1)]:
    try:
        torch.device(*args)
    except RuntimeError as err:
        print(f"{args!r:14} RuntimeError: {err}")

# %% example-for: device-strings, torch.device
# A plain integer is an accelerator ordinal
# -----------------------------------------
#
# ``torch.device(0)`` (and ``device=0`` in a factory function) is the legacy
# ordinal-only form. It means index 0 of the current accelerator, which is
# CUDA on a machine with NVIDIA GPUs. On a machine without any accelerator it
# raises instead of silently meaning the CPU.

print("accelerator available:", torch.accelerator.is_available())
try:
    print(repr(torch.device(0)))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.layout, layouts-and-memory-formats
# Dense (strided) versus sparse COO
# ---------------------------------
#
# Ordinary tensors have ``layout == torch.strided``: every element is stored,
# and strides map an index to a position in memory. A ``sparse_coo`` tensor
# stores only the non-zero values and their coordinates.

dense = torch.tensor([[0.0, 2.0, 0.0], [3.0, 0.0, 0.0]])
print(dense.layout, dense.stride())
print(type(dense.layout))

sparse = dense.to_sparse()
print(sparse.layout, sparse.is_sparse)
print("indices:", sparse.indices().tolist())
print("values:", sparse.values().tolist())
print(sparse.to_dense().layout, torch.equal(sparse.to_dense(), dense))

# Factory functions take layout= too:
print(torch.zeros(2, 2, layout=torch.sparse_coo).layout)

# Transposed and channels_last tensors are still strided: only strides differ.
print(dense.t().layout, torch.zeros(1, 2, 2, 2).to(memory_format=torch.channels_last).layout)

# Sparse storage of a fully dense tensor costs more: each value also stores
# one int64 index per dimension.
full = torch.ones(3, 3)
sp = full.to_sparse()
dense_bytes = full.numel() * full.element_size()
sparse_bytes = sp.values().numel() * sp.values().element_size() + sp.indices().numel() * sp.indices().element_size()
print("dense bytes:", dense_bytes, "| sparse bytes:", sparse_bytes)
assert sparse_bytes > dense_bytes

# %% example-for: torch.layout
# Strided-only operations refuse sparse tensors
# ---------------------------------------------
#
# Many operations only exist for strided tensors. The message is long, so only
# its first sentence is printed here.

try:
    sparse.view(3, 2)
except NotImplementedError as err:
    print(f"NotImplementedError: {str(err).split('. ')[0]}. ...")
try:
    sparse.data_ptr()
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.memory_format, layouts-and-memory-formats
# contiguous_format versus channels_last on an NCHW tensor
# --------------------------------------------------------
#
# Both formats keep the logical shape (N, C, H, W). ``contiguous_format``
# stores it row-major: each stride is the product of the sizes after it, so
# strides never increase from left to right (they can be equal, where a size
# is 1). ``channels_last`` stores it as N, H, W, C, so the channel stride is 1.

nchw = torch.arange(2 * 3 * 2 * 2, dtype=torch.float32).reshape(2, 3, 2, 2)
print(nchw.shape, nchw.stride())
print(nchw.is_contiguous(), nchw.is_contiguous(memory_format=torch.channels_last))

# Non-increasing, not strictly decreasing: a size-1 dimension repeats a stride.
print(torch.zeros(2, 3, 1).stride())
assert torch.zeros(2, 3, 1).stride() == (3, 1, 1)

nhwc = nchw.to(memory_format=torch.channels_last)
print(nhwc.shape, nhwc.stride())
print(nhwc.is_contiguous(), nhwc.is_contiguous(memory_format=torch.channels_last))

# Same values, different memory order, so this was a copy:
print(torch.equal(nchw, nhwc), nchw.data_ptr() == nhwc.data_ptr())

# Permuting to NHWC exposes the memory order as a plain contiguous tensor:
print(nhwc.permute(0, 2, 3, 1).is_contiguous())

# %% example-for: torch.memory_format
# channels_last needs a 4-D tensor
# --------------------------------
#
# For 5-D (N, C, D, H, W) data the matching format is ``channels_last_3d``.

print(type(torch.channels_last), torch.channels_last_3d)
try:
    torch.zeros(3, 4, 5).to(memory_format=torch.channels_last)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

vol = torch.zeros(1, 2, 3, 4, 5).to(memory_format=torch.channels_last_3d)
print(vol.stride())

# %% example-for: torch.memory_format, layouts-and-memory-formats
# preserve_format: the default of clone
# -------------------------------------
#
# ``clone()`` (like ``torch.empty_like`` and the other ``*_like`` functions)
# uses ``memory_format=torch.preserve_format``: when the input is dense and
# non-overlapping its strides are copied. A strided input with gaps (a slice)
# gets dense strides that keep its dimension order: a sliced contiguous
# tensor gives a contiguous result, a sliced ``channels_last`` tensor a
# ``channels_last`` one. Pass a format to override it.

print("clone of channels_last  :", nhwc.clone().stride())
print("  ... contiguous_format :", nhwc.clone(memory_format=torch.contiguous_format).stride())

transposed = nchw.transpose(2, 3)  # dense, just permuted strides
print("transposed              :", transposed.stride())
print("clone of transposed     :", transposed.clone().stride())

sliced = nchw[:, :, :, :1]  # has gaps in memory: not dense
print("sliced                  :", sliced.stride())
print("clone of sliced         :", sliced.clone().stride())
assert sliced.clone().is_contiguous()

# A sliced channels_last tensor stays channels_last:
cl = torch.zeros(2, 3, 4, 5).to(memory_format=torch.channels_last)
cl_sliced = cl[:, :, ::2]  # shape (2, 3, 2, 5), gaps along H
print("sliced channels_last    :", cl_sliced.stride())
print("clone of it             :", cl_sliced.clone().stride())
print("empty_like of it        :", torch.empty_like(cl_sliced).stride())
print("clone is channels_last  :", cl_sliced.clone().is_contiguous(memory_format=torch.channels_last))
assert cl_sliced.clone().stride() == torch.empty_like(cl_sliced).stride() == (30, 1, 15, 3)
