"""
Comparing results, loading weights by URL, sparse tensors and swapping tensors
==============================================================================

``torch.testing.assert_close`` compares tensors with tolerances chosen by
dtype and explains a failure; ``torch.hub.load_state_dict_from_url``
downloads a checkpoint once, checks its hash and caches it (here from a
``file://`` URL, so the build needs no network); ``torch.sparse_coo_tensor``
stores only the non-zero entries; ``torch.utils.swap_tensors`` exchanges two
tensor objects in place.
"""

import contextlib
import hashlib
import inspect
import io
import os
import tempfile
import weakref

import torch
import torch.nn as nn
from torch.testing import assert_close

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: extras-assert-close, torch.testing.assert_close
# Tolerances that follow the dtype
# --------------------------------
#
# ``allclose`` uses ``rtol=1e-05, atol=1e-08`` whatever the dtype.
# ``assert_close`` picks both from the dtype: loose for float16 and
# bfloat16, tight for float64. A float32 result off by 5e-4 at 100 passes
# ``allclose`` but not ``assert_close``; two float16 numbers 1 apart at
# 1000 (float16 has a step of 0.5 there) pass ``assert_close`` but not
# ``allclose``.

print("default (rtol, atol) of assert_close:")
for dtype in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
    rtol, atol = torch.testing._comparison.default_tolerances(torch.empty(0, dtype=dtype))
    print(f"  {str(dtype):15} rtol={rtol:<8} atol={atol}")


def passes(actual, expected):
    try:
        assert_close(actual, expected)
        return True
    except AssertionError:
        return False


a, b = torch.tensor([100.0]), torch.tensor([100.0005])
print("float32 100 vs 100.0005: allclose", torch.allclose(a, b), "| assert_close", passes(a, b))
a, b = torch.tensor([1000.0], dtype=torch.float16), torch.tensor([1001.0], dtype=torch.float16)
print("float16 1000 vs 1001   : allclose", torch.allclose(a, b), "| assert_close", passes(a, b))

# %% example-for: extras-assert-close, torch.testing.assert_close
# A failure says where and by how much
# ------------------------------------
#
# It raises ``AssertionError`` with the number of mismatched elements, the
# greatest absolute and relative differences, their index and the
# tolerances. The dtypes must match (``check_dtype=False`` relaxes that),
# and NaN equals NaN only with ``equal_nan=True``. It also walks through
# lists and dicts and names the failing item.

try:
    assert_close(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 2.001, 3.0]))
except AssertionError as err:
    print(f"AssertionError: {err}\n")
try:
    assert_close(torch.tensor([1, 2]), torch.tensor([1.0, 2.0]))
except AssertionError as err:
    print(f"AssertionError: {err}")
assert_close(torch.tensor([1, 2]), torch.tensor([1.0, 2.0]), check_dtype=False)
assert_close(torch.tensor([float("nan")]), torch.tensor([float("nan")]), equal_nan=True)
print("check_dtype=False and equal_nan=True: passed\n")
try:
    assert_close({"loss": 1.0, "grad": torch.tensor(2.0)}, {"loss": 1.0, "grad": torch.tensor(2.1)})
except AssertionError as err:
    print(f"AssertionError: {err}")

# %% example-for: torch.hub.load_state_dict_from_url
# Download once, check the hash, load from the cache afterwards
# -------------------------------------------------------------
#
# The file name is the last part of the URL. With ``check_hash=True`` the
# hex digits between a ``-`` and the next ``.`` of the name must be the
# start of the file's SHA-256 (eight digits by convention), as in
# ``tiny-<hash>.pth``; a downloaded file that does not match is deleted and
# a ``RuntimeError`` raised. A cached file is not checked again. The file is saved in
# ``model_dir`` (default: ``torch.hub.get_dir()/checkpoints``), and a later
# call with the same URL loads that copy without downloading. It reports
# each download on standard output (``progress=False`` only hides the
# progress bar). The "server" here is a local directory reached through
# ``file://``.

with tempfile.TemporaryDirectory() as tmp:
    server, cache = os.path.join(tmp, "server"), os.path.join(tmp, "checkpoints")
    os.makedirs(server)
    torch.save(nn.Linear(2, 1).state_dict(), os.path.join(server, "tiny.pth"))
    with open(os.path.join(server, "tiny.pth"), "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    named = os.path.join(server, f"tiny-{digest[:8]}.pth")
    os.rename(os.path.join(server, "tiny.pth"), named)

    with contextlib.redirect_stdout(io.StringIO()) as stdout:
        state = torch.hub.load_state_dict_from_url("file://" + named, model_dir=cache, check_hash=True,
                                                   progress=False)
    print("printed:", stdout.getvalue().strip().replace(tmp, "<tmp>").replace(digest[:8], "<hash>"))
    print("loaded:", list(state), "| cached:", [name.replace(digest[:8], "<hash>") for name in os.listdir(cache)])
    os.remove(named)  # the "server" is gone; the cached copy is used
    again = torch.hub.load_state_dict_from_url("file://" + named, model_dir=cache, check_hash=True, progress=False)
    print("second call, from the cache:", torch.equal(again["weight"], state["weight"]))

    wrong = os.path.join(server, "tiny-deadbeef.pth")
    torch.save(nn.Linear(2, 1).state_dict(), wrong)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            torch.hub.load_state_dict_from_url("file://" + wrong, model_dir=cache, check_hash=True, progress=False)
    except RuntimeError as err:
        print("RuntimeError:", str(err).split(", got")[0] + ", got <the file's SHA-256>)")
    print("left in the cache:", sorted(name.replace(digest[:8], "<hash>") for name in os.listdir(cache)))

weights_only = inspect.signature(torch.hub.load_state_dict_from_url).parameters["weights_only"].default
print("weights_only default of load_state_dict_from_url:", weights_only)
assert weights_only is False
default_home = os.path.expanduser(os.getenv("TORCH_HOME", os.path.join(os.getenv("XDG_CACHE_HOME", "~/.cache"),
                                                                      "torch")))
assert torch.hub.get_dir() == os.path.join(default_home, "hub")
print("default cache: $TORCH_HOME/hub/checkpoints, TORCH_HOME defaulting to ~/.cache/torch")

# %% example-for: torch.sparse_coo_tensor
# ``sparse_coo_tensor``: coordinates and values
# ---------------------------------------------
#
# ``indices`` has one row per dimension and one column per stored entry;
# ``values`` the entries. Repeated coordinates are allowed until
# ``coalesce()`` sums them and sorts the coordinates; ``indices()`` refuses
# an uncoalesced tensor. Without ``size`` the smallest size that holds the
# indices is inferred. ``check_invariants=True`` validates the indices
# against ``size`` (the checks are off by default, for speed).

indices = torch.tensor([[0, 1, 1, 0],
                        [2, 0, 2, 2]])
values = torch.tensor([3.0, 4.0, 5.0, 1.0])
sparse = torch.sparse_coo_tensor(indices, values, (2, 3), check_invariants=False)
print(sparse)
print("coalesced:", sparse.is_coalesced(), "| stored entries:", sparse._nnz())
try:
    sparse.indices()
except RuntimeError as err:
    print(f"RuntimeError: {err}")
merged = sparse.coalesce()
print("after coalesce():", merged.indices().tolist(), merged.values().tolist())
print(merged.to_dense())
print("inferred size:", torch.sparse_coo_tensor(indices, values, check_invariants=False).shape)
unchecked = torch.sparse_coo_tensor(indices, values, (2, 2), check_invariants=False)
print("size (2, 2) with column index 2, unchecked:", tuple(unchecked.shape), "accepted")
try:
    torch.sparse_coo_tensor(indices, values, (2, 2), check_invariants=True)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
assert torch.equal(merged @ torch.ones(3, 2), merged.to_dense() @ torch.ones(3, 2))

# %% example-for: torch.utils.swap_tensors
# ``swap_tensors``: two objects exchange everything
# -------------------------------------------------
#
# After ``swap_tensors(t1, t2)`` each Python object holds what the other
# held: data, shape, dtype, even the class (a ``Parameter`` becomes a plain
# tensor) and the ``__dict__``. Every existing reference, such as an
# optimizer's list of parameters, sees the change. ``Module.to()`` can
# convert parameters this way, keeping the optimizer's references valid,
# after ``torch.__future__.set_swap_module_params_on_conversion(True)``.
# A tensor with a weak reference to it cannot be swapped.

t1, t2 = torch.zeros(2), torch.ones(3, dtype=torch.float64)
alias = t1
torch.utils.swap_tensors(t1, t2)
print("t1:", t1, "| t2:", t2, "| alias is t1:", alias is t1)

param, plain = nn.Parameter(torch.zeros(2)), torch.ones(2)
torch.utils.swap_tensors(param, plain)
print("classes after swapping:", type(param).__name__, type(plain).__name__)

layer = nn.Linear(2, 1)
optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
weight = layer.weight
torch.__future__.set_swap_module_params_on_conversion(True)
layer.to(torch.float64)
torch.__future__.set_swap_module_params_on_conversion(False)  # back to the default
print("same weight object:", weight is layer.weight, "| optimizer sees:", optimizer.param_groups[0]["params"][0].dtype)

watched = torch.zeros(2)
ref = weakref.ref(watched)
try:
    torch.utils.swap_tensors(watched, torch.ones(2))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
