"""
Buffers and the state dict
==========================

A buffer is a tensor that belongs to the module's state without being
learned, such as the running mean of batch normalisation. This script
compares a buffer with a parameter that does not require gradients, keeps a
buffer out of the state dict with ``persistent=False``, and saves and loads
a state dict strictly and non-strictly.
"""

import io
import warnings

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: nn-module-buffers, torch.nn.Module.register_buffer, torch.nn.Module.buffers, torch.nn.Module.named_buffers
# A buffer versus a frozen parameter
# ----------------------------------
#
# Both hold a tensor that the optimiser should not change. The buffer is not
# in ``parameters()``, so an optimiser built from ``parameters()`` never sees
# it; the frozen parameter is, only with ``requires_grad=False``. Both are
# saved in ``state_dict()`` and both are moved and converted by ``.to()``.


class Scaler(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.zeros(3))
        self.register_buffer("cache", torch.ones(3), persistent=False)
        self.frozen = nn.Parameter(torch.ones(3), requires_grad=False)

    def forward(self, x):
        return (x - self.mean) * self.frozen


s = Scaler()
print("parameters():   ", [(n, p.requires_grad) for n, p in s.named_parameters()])
print("named_buffers():", [n for n, _ in s.named_buffers()])
print("buffers() yields tensors:", [type(b).__name__ for b in s.buffers()])
print("state_dict():   ", list(s.state_dict()))

s.to(torch.float64)
print("after .to(float64):", s.mean.dtype, s.cache.dtype, s.frozen.dtype)
assert "cache" not in s.state_dict() and "mean" in s.state_dict()
assert [n for n, _ in s.named_parameters()] == ["frozen"]

# %% example-for: torch.nn.Module.register_buffer
# Replacing and removing a buffer
# -------------------------------
#
# Assigning a tensor to the attribute of a registered buffer replaces the
# buffer; assigning ``None`` keeps the name registered but with no tensor,
# and ``None`` buffers are skipped by ``buffers()`` and ``state_dict()``.
# ``register_buffer`` refuses a name that is already a parameter or an
# ordinary attribute, and a value that is not a tensor.

s.mean = torch.full((3,), 2.0)
print("replaced:", s._buffers["mean"])
s.mean = None
print("'mean' in _buffers:", "mean" in s._buffers, "| in state_dict:", "mean" in s.state_dict())
print("named_buffers() now:", [n for n, _ in s.named_buffers()])
for name, value in (("frozen", torch.zeros(3)), ("training", torch.zeros(3)), ("count", 3)):
    try:
        s.register_buffer(name, value)
    except (KeyError, TypeError) as err:
        print(f"{type(err).__name__}: {err}")

# %% example-for: torch.nn.Module.state_dict
# What ``state_dict()`` holds
# ---------------------------
#
# An ordered dict from dotted names to tensors: every parameter and every
# persistent buffer, of the whole tree. The tensors are detached from
# autograd but share memory with the module (``keep_vars=True`` returns the
# parameters themselves). Save it with ``torch.save``.

net = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
sd = net.state_dict()
for key, value in sd.items():
    print(f"{key:28} {tuple(value.shape)} {value.dtype}")
print("requires_grad in state_dict:", sd["0.weight"].requires_grad)
print("shares memory with the parameter:", sd["0.weight"].data_ptr() == net[0].weight.data_ptr())
print("keep_vars=True gives the Parameter:", type(net.state_dict(keep_vars=True)["0.weight"]).__name__)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    positional = net.state_dict(None, "net.")  # deprecated positional form
assert list(positional)[0] == "net.0.weight" and caught

buffer = io.BytesIO()
torch.save(sd, buffer)
buffer.seek(0)
print("saved and read back:", list(torch.load(buffer)) == list(sd))

# Tied weights: a language model often uses one matrix for the input
# embedding and the output layer. ``state_dict()`` has a key for each path to
# it, ``named_parameters()`` yields it once.
tied = nn.ModuleDict({"embed": nn.Embedding(5, 3), "out": nn.Linear(3, 5, bias=False)})
tied["out"].weight = tied["embed"].weight
print("state_dict keys:   ", list(tied.state_dict()))
print("named_parameters():", [name for name, _ in tied.named_parameters()])
assert len(tied.state_dict()) == 2 and len(list(tied.named_parameters())) == 1

# %% example-for: torch.nn.Module.load_state_dict
# Loading strictly and non-strictly
# ---------------------------------
#
# ``load_state_dict`` copies the tensors into the module's own parameters and
# buffers. With ``strict=True`` (the default) every key must match: a missing
# or an unexpected key raises ``RuntimeError`` with both lists, but only
# after the matching tensors were copied: the module is left half loaded.
# With ``strict=False`` the matching keys are loaded and the method returns
# a named tuple ``(missing_keys, unexpected_keys)``. A shape mismatch is an
# error even with ``strict=False``.

target = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
partial = {k: v for k, v in sd.items() if k != "1.running_var"}
partial["head.weight"] = torch.zeros(1)
try:
    target.load_state_dict(partial)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("copied anyway before the error:", torch.equal(target[0].weight, net[0].weight))

result = target.load_state_dict(partial, strict=False)
print(result)
print("missing:", result.missing_keys, "| unexpected:", result.unexpected_keys)
print("all keys matched:", target.load_state_dict(sd))

bad_shape = dict(sd, **{"0.bias": torch.zeros(3)})
try:
    target.load_state_dict(bad_shape, strict=False)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
