"""
Shared memory between processes: ``share_memory_`` and ``is_shared``
====================================================================

A child process normally works on its own copy of the parent's memory, so
what it writes into a tensor stays in the child. ``share_memory_()`` moves
a CPU tensor's storage into shared memory, which parent and children map
at the same time: a write by either side is seen by the other.
``is_shared()`` tells whether a tensor's storage is there. The script moves
a tensor, then starts a real child process that writes into two tensors,
one shared and one not.
"""
# sphinx_gallery_parallel = False

import multiprocessing
import warnings

import torch

# %% example-for: torch.Tensor.share_memory_, torch.Tensor.is_shared
# Moving a tensor into shared memory
# ----------------------------------
#
# ``share_memory_()`` returns the tensor itself, with its values, now backed
# by a new block of shared memory (its ``data_ptr()`` changes). Calling it
# again does nothing. Views of a shared tensor read the same shared storage;
# the result of an operation, or a ``clone()``, is ordinary memory again.

x = torch.arange(4.0)
before = x.data_ptr()
print("is_shared() before:", x.is_shared())
returned = x.share_memory_()
print("returns x:", returned is x, "| is_shared():", x.is_shared(), "| values:", x.tolist(),
      "| data_ptr changed:", x.data_ptr() != before)
after = x.data_ptr()
x.share_memory_()
print("second call moves nothing:", x.data_ptr() == after)
print("view x[1:]:", x[1:].is_shared(), "| x + 1:", (x + 1).is_shared(), "| x.clone():", x.clone().is_shared())

# %% example-for: torch.Tensor.share_memory_, torch.Tensor.is_shared
# A child process writes into both tensors
# ----------------------------------------
#
# The child is started with ``fork`` (so the tensors are inherited, not
# sent) and fills both tensors with 7. The parent then sees the write into
# the shared tensor, while the ordinary one still holds the parent's values.


def fill_with_seven(*tensors):
    for t in tensors:
        t.fill_(7.0)


shared = torch.zeros(3).share_memory_()
private = torch.zeros(3)
with warnings.catch_warnings():
    # Python 3.12+ warns that fork() in a multi-threaded process may deadlock; the child only fills two tensors.
    warnings.simplefilter("ignore", DeprecationWarning)
    child = multiprocessing.get_context("fork").Process(target=fill_with_seven, args=(shared, private))
    child.start()
child.join(timeout=60)
print("child exit code:", child.exitcode)
print("shared: ", shared.tolist(), "| is_shared():", shared.is_shared())
print("private:", private.tolist(), "| is_shared():", private.is_shared())
assert shared.tolist() == [7.0, 7.0, 7.0] and private.tolist() == [0.0, 0.0, 0.0]
