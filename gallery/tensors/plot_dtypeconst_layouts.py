"""
Layout and memory-format constants
==================================

``torch.strided`` and ``torch.sparse_coo`` are objects of class
``torch.layout``: they say whether a tensor stores every element or only
the non-zero ones. ``torch.contiguous_format``, ``torch.channels_last`` and
``torch.preserve_format`` are objects of class ``torch.memory_format``:
they choose the order of a dense tensor's elements in memory, which only
its strides show. This script lists the constants of both classes found in
``torch`` and shows what each one does.
"""

import torch


def constants_of(cls):
    """The public names of the torch module bound to an object of class cls."""
    return [n for n in dir(torch) if not n.startswith("_") and isinstance(getattr(torch, n), cls)]


# %% example-for: torch.strided
# strided: the layout of dense tensors
# ------------------------------------
#
# Almost every tensor is ``torch.strided``, the default ``layout=`` of the
# factory functions. A transposed or sliced tensor is still strided, only
# its strides change. ``layout=`` takes the constant, not a string.

print("layouts in torch:", constants_of(torch.layout))
d = torch.tensor([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]])
print(type(torch.strided), d.layout, d.layout is torch.strided)
print(d.t().layout, d.t().stride(), d.t().is_contiguous(), "| d[:, ::2]:", d[:, ::2].layout, d[:, ::2].stride())
try:
    torch.zeros(2, layout="strided")
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: torch.sparse_coo
# sparse_coo: indices and values of the non-zero elements
# -------------------------------------------------------
#
# ``to_sparse()`` keeps only the non-zero elements: one column of
# ``indices()`` and one entry of ``values()`` per element. ``to_dense()``
# gives the strided tensor back. A sparse tensor has no data pointer, and
# ``view`` is not implemented for it. Storing a dense tensor this way costs
# more memory, not less: every value also stores an ``int64`` index per
# dimension.

s = d.to_sparse()
print(s.layout, s.is_sparse, "| nnz:", s.values().numel())
print(s.indices(), s.indices().dtype)
print(s.values(), torch.equal(s.to_dense(), d))
print("a sparse result from a sparse sum:", (s + s).layout, "| dense + sparse:", (d + s).layout)
try:
    s.data_ptr()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
try:
    s.view(6)
except NotImplementedError as err:
    print(f"NotImplementedError: {str(err).split('. ')[0]}.")


def nbytes_of(t):
    if t.layout is torch.sparse_coo:
        return nbytes_of(t.indices()) + nbytes_of(t.values())
    return t.numel() * t.element_size()


full = torch.ones(10, 10)
one_hot = torch.zeros(10, 10)
one_hot[0, 0] = 1.0
for name, t in (("all ones", full), ("one non-zero", one_hot)):
    print(f"{name:13} strided: {nbytes_of(t):4} bytes, sparse_coo: {nbytes_of(t.to_sparse()):4} bytes")

# %% example-for: torch.channels_last
# channels_last: the channel varies fastest in memory
# ---------------------------------------------------
#
# The shape stays ``(N, C, H, W)``; the strides change so that the channel
# stride is 1. Such a tensor is not contiguous in the default sense, but is
# contiguous in the ``channels_last`` sense. It needs 4 dimensions.

print("memory formats in torch:", constants_of(torch.memory_format))
x = torch.arange(24.0).reshape(1, 2, 3, 4)
cl = x.to(memory_format=torch.channels_last)
print(type(torch.channels_last), cl.shape, cl.layout, x.stride(), cl.stride())
print(cl.is_contiguous(), cl.is_contiguous(memory_format=torch.channels_last), torch.equal(cl, x))
try:
    torch.zeros(3, 4).to(memory_format=torch.channels_last)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.contiguous_format
# contiguous_format: row-major order
# ----------------------------------
#
# ``contiguous()`` and ``is_contiguous()`` use it by default: ``contiguous()``
# turns a ``channels_last`` tensor back into row-major strides, with a copy,
# and returns the tensor itself when it already is contiguous.
# ``torch.legacy_contiguous_format`` is another name for the same object.

back = cl.contiguous()
for t in (cl, back):
    assert t.is_contiguous() == t.is_contiguous(memory_format=torch.contiguous_format)
print(back.stride(), back.is_contiguous(memory_format=torch.contiguous_format))
print("copy:", back.data_ptr() != cl.data_ptr(), "| already contiguous returns itself:", x.contiguous() is x)
print("legacy name is the same object:", torch.legacy_contiguous_format is torch.contiguous_format)

# %% example-for: torch.preserve_format
# preserve_format: copy the input's order
# ---------------------------------------
#
# ``clone()`` and ``empty_like()`` default to ``preserve_format``: their
# result has the strides of a ``channels_last`` input. It only makes sense
# where there is an input: a factory function without one refuses it.

print(cl.clone().stride(), torch.empty_like(cl).stride())
print(cl.clone(memory_format=torch.contiguous_format).stride())
try:
    torch.empty(1, 2, 3, 4, memory_format=torch.preserve_format)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print(torch.empty(1, 2, 3, 4, memory_format=torch.channels_last).stride())
