"""
Saving models: state_dict versus the whole model
================================================

The recommended way to save a model is to save its ``state_dict()`` (a dict
of tensors) and to load it into a model built by your own code. This script
does that, saves a training checkpoint, shows why pickling the whole model
object is fragile, and uses ``load_state_dict(strict=False)`` to load a
checkpoint into a model whose keys only partly match.
"""

import copy
import os
import pickle
import re
import tempfile

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

ANSI_CODES = re.compile(r"\x1b\[[0-9;]*m")  # some messages contain terminal bold codes


def make_model():
    return torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1))


# %% example-for: serialization-state-dict
# Save the state_dict, rebuild the model, load the state_dict
# -----------------------------------------------------------
#
# ``state_dict()`` maps each parameter and buffer name to a tensor. The
# file holds only tensors, so loading it needs no class definitions and works
# with ``weights_only=True``. The code that builds the model is yours and must
# create the same architecture.

model = make_model()
state = model.state_dict()
print(type(state).__name__)
for name, tensor in state.items():
    print(f"{name:9} {tuple(tensor.shape)}")

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "model.pt")
    torch.save(model.state_dict(), path)

    restored = make_model()  # fresh random weights...
    print(restored.load_state_dict(torch.load(path)))  # ...replaced by the saved ones

x = torch.randn(4, 2)
print("same outputs:", torch.equal(restored(x), model(x)))

# %% example-for: serialization-state-dict
# A state_dict shares memory with the model
# -----------------------------------------
#
# The tensors in ``state_dict()`` are the parameters' own memory (detached
# from autograd), not copies. Keeping one in memory as a "best so far"
# snapshot does not work: it follows later training steps. Save it to a file
# or ``copy.deepcopy`` it.

model = make_model()
snapshot = model.state_dict()
frozen = copy.deepcopy(model.state_dict())
print("shares memory:", snapshot["0.weight"].data_ptr() == model[0].weight.data_ptr())

with torch.no_grad():
    model[0].weight.add_(1.0)  # stands in for an optimizer step

print("snapshot followed the update:", torch.equal(snapshot["0.weight"], model[0].weight))
print("deepcopy kept the old values:", not torch.equal(frozen["0.weight"], model[0].weight))

# %% example-for: serialization-state-dict
# A training checkpoint
# ---------------------
#
# To resume training, save a dict with everything needed: the model's and the
# optimizer's state dicts and plain values such as the epoch. All of it loads
# with the default ``weights_only=True``.

model = make_model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
model(torch.randn(8, 2)).pow(2).mean().backward()
optimizer.step()

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "checkpoint.pt")
    torch.save({"epoch": 3, "model": model.state_dict(), "optimizer": optimizer.state_dict()}, path)

    checkpoint = torch.load(path)
    model2 = make_model()
    optimizer2 = torch.optim.SGD(model2.parameters(), lr=0.1, momentum=0.9)
    model2.load_state_dict(checkpoint["model"])
    optimizer2.load_state_dict(checkpoint["optimizer"])

print("epoch:", checkpoint["epoch"])
print("optimizer state keys:", list(checkpoint["optimizer"]))
print(
    "momentum buffer restored:",
    torch.equal(optimizer2.state[model2[0].weight]["momentum_buffer"], optimizer.state[model[0].weight]["momentum_buffer"]),
)

# %% example-for: serialization-state-dict
# Saving the whole model object
# -----------------------------
#
# ``torch.save(model, path)`` pickles the module object. Loading it needs the
# module's classes (the file stores only their import paths) and needs
# ``weights_only=False``, because the default loader refuses classes such as
# ``nn.Sequential``. Use it only for files you trust, with code that can still
# import the same classes.

model = make_model()
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "whole_model.pt")
    torch.save(model, path)

    try:
        torch.load(path)
    except pickle.UnpicklingError as err:
        lines = ANSI_CODES.sub("", str(err)).splitlines()
        print(next(line.strip() for line in lines if "WeightsUnpickler" in line))

    whole = torch.load(path, weights_only=False)  # only for a trusted file
    print(type(whole).__name__, "with", len(whole), "layers")
    print("classes the file refers to:", sorted(torch.serialization.get_unsafe_globals_in_checkpoint(path)))

# %% example-for: serialization-map-location
# load_state_dict copies into the model's own tensors
# ---------------------------------------------------
#
# ``load_state_dict`` copies each saved tensor into the parameter that
# already exists. The parameter keeps its memory, dtype and device, whatever
# the dtype or device of the loaded tensor: a state dict loaded onto the CPU
# can be loaded into a model that already sits on a GPU.

model = make_model()
weight_before = model[0].weight
address_before = model[0].weight.data_ptr()

double_state = {k: v.to(torch.float64) for k, v in make_model().state_dict().items()}
print(model.load_state_dict(double_state))
print("same parameter object:", model[0].weight is weight_before)
print("same memory:", model[0].weight.data_ptr() == address_before)
print("dtype kept:", model[0].weight.dtype)

# %% example-for: serialization-strict
# strict=True: keys must match exactly
# ------------------------------------
#
# ``load_state_dict`` is strict by default: missing or unexpected keys raise
# an error that lists them. The error comes *after* the copying: the
# matching tensors have already been loaded into the model when it is
# raised, so a model that failed to load is not left untouched.

source = make_model()
saved = source.state_dict()  # keys 0.weight, 0.bias, 2.weight, 2.bias


def make_deeper():  # the same layers plus one more at the end
    return torch.nn.Sequential(
        torch.nn.Linear(2, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1), torch.nn.Linear(1, 1)
    )


deeper = make_deeper()
print("layer 0 holds the saved weights before:", torch.equal(deeper[0].weight, source[0].weight))
try:
    deeper.load_state_dict(saved)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
print("layer 0 holds the saved weights after: ", torch.equal(deeper[0].weight, source[0].weight))

# %% example-for: serialization-strict
# strict=False: load what matches, report the rest
# ------------------------------------------------
#
# With ``strict=False`` the matching keys are loaded and the others are
# skipped. The return value names them: ``missing_keys`` (in the model, not in
# the file: they keep their current values) and ``unexpected_keys`` (in the
# file, not in the model: ignored). Always look at it.

deeper = make_deeper()
result = deeper.load_state_dict(saved, strict=False)
print(result)
print("missing:   ", result.missing_keys)
print("unexpected:", result.unexpected_keys)
print("layer 2 loaded:", torch.equal(deeper[2].weight, source[2].weight))

shallower = torch.nn.Sequential(torch.nn.Linear(2, 3))
result = shallower.load_state_dict(saved, strict=False)
print("unexpected:", result.unexpected_keys)

# %% example-for: serialization-strict
# strict=False does not skip shape mismatches
# -------------------------------------------
#
# A key present on both sides with a different shape is an error even with
# ``strict=False``, for example after changing the size of the output layer.
# To load such a checkpoint, keep only the entries whose shapes match.

two_outputs = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU(), torch.nn.Linear(3, 2))
try:
    two_outputs.load_state_dict(saved, strict=False)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

target = two_outputs.state_dict()
compatible = {k: v for k, v in saved.items() if k in target and v.shape == target[k].shape}
print("loadable keys:", list(compatible))
print(two_outputs.load_state_dict(compatible, strict=False))

# %% example-for: serialization-strict
# strict=False can silently load nothing
# --------------------------------------
#
# A model wrapped in ``nn.DataParallel`` or ``DistributedDataParallel`` saves
# its keys with a ``module.`` prefix. With ``strict=False`` none of them
# match, so nothing is loaded and no error is raised: only the returned key
# lists tell. Remove the prefix instead.

wrapped_keys = {"module." + k: v for k, v in saved.items()}  # as saved from a wrapped model
print("saved keys:", list(wrapped_keys))

plain = make_model()
result = plain.load_state_dict(wrapped_keys, strict=False)
print("missing:   ", result.missing_keys)
print("unexpected:", result.unexpected_keys)
print("weights loaded:", torch.equal(plain[0].weight, source[0].weight))

fixed = {k.removeprefix("module."): v for k, v in wrapped_keys.items()}
print(plain.load_state_dict(fixed))
print("weights loaded:", torch.equal(plain[0].weight, source[0].weight))
