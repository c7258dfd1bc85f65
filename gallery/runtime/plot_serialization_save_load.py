"""
Saving and loading with torch.save and torch.load
=================================================

``torch.save`` pickles any Python object into a zip archive, writing the
memory of every tensor into it; ``torch.load`` reads it back. This script
round-trips tensors and containers through files in a temporary directory,
shows what ``weights_only`` (on by default) protects against and how to allow
a class of your own, and moves storages with ``map_location``.
"""

import collections
import datetime
import io
import os
import pickle
import re
import tempfile

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

ANSI_CODES = re.compile(r"\x1b\[[0-9;]*m")  # some messages contain terminal bold codes


def error_text(err, tmp):
    """The text of ``err`` without terminal codes and without lines naming the temporary directory."""
    lines = ANSI_CODES.sub("", str(err)).splitlines()
    return "\n".join(line for line in lines if tmp not in line)


# %% example-for: torch.save, torch.load
# A round trip through a .pt file
# -------------------------------
#
# Tensors keep their values, dtype and shape; containers and plain Python
# values come back with their types.

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "tensors.pt")
    obj = {
        "weights": torch.randn(2, 3),
        "steps": torch.arange(4, dtype=torch.int16),
        "shape": (2, 3),
        "name": "demo",
    }
    torch.save(obj, path)
    loaded = torch.load(path)

    print(type(loaded).__name__, list(loaded))
    print("weights equal:", torch.equal(loaded["weights"], obj["weights"]))
    print("steps:", loaded["steps"], loaded["steps"].dtype)
    print("shape:", loaded["shape"], "name:", loaded["name"])
    print("same object as before saving:", loaded["weights"] is obj["weights"])

# %% example-for: torch.save, torch.load
# Files and file-like objects
# ---------------------------
#
# Both functions also accept an open binary file or an in-memory buffer. After
# writing to a buffer, rewind it before reading.

buffer = io.BytesIO()
torch.save(torch.tensor([1.0, 2.0, 3.0]), buffer)
print("bytes written:", buffer.tell() > 0)
buffer.seek(0)
print(torch.load(buffer))

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "t.pt")
    with open(path, "wb") as f:
        torch.save(torch.ones(2), f)
    with open(path, "rb") as f:
        print(torch.load(f))

# %% example-for: torch.save
# Views are saved with their whole storage
# ----------------------------------------
#
# ``torch.save`` writes storages, not just the elements a tensor shows. Two
# views of one tensor saved together still share memory after loading, and a
# small slice of a large tensor drags the whole storage into the file.
# ``clone()`` a slice before saving it on its own.

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "views.pt")
    base = torch.arange(6.0)
    torch.save({"base": base, "tail": base[3:]}, path)
    loaded = torch.load(path)
    same = loaded["tail"].untyped_storage().data_ptr() == loaded["base"].untyped_storage().data_ptr()
    print("loaded views share storage:", same)
    loaded["base"][5] = -1.0
    print("tail after writing base[5]:", loaded["tail"])

    big = torch.zeros(10_000)  # 40,000 bytes of float32
    torch.save(big[:2], path)
    print("bytes stored for big[:2]:        ", torch.load(path).untyped_storage().nbytes())
    print("file larger than 40,000 bytes:   ", os.path.getsize(path) > 40_000)
    torch.save(big[:2].clone(), path)
    print("bytes stored for big[:2].clone():", torch.load(path).untyped_storage().nbytes())

# %% example-for: serialization-weights-only, torch.load
# Why weights_only exists: unpickling can run code
# ------------------------------------------------
#
# A pickle may tell the loader to call any importable function. This object
# asks for ``print`` (it could as well be ``os.system``). With
# ``weights_only=False`` the call happens during ``torch.load``. With the
# default ``weights_only=True`` the loader refuses any class or function that
# is not on its allowlist.


class Payload:
    def __reduce__(self):
        return (print, ("!!! this print ran inside torch.load",))


with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "payload.pt")
    torch.save(Payload(), path)

    result = torch.load(path, weights_only=False)  # runs the call
    print("returned:", result)

    try:
        torch.load(path)  # weights_only=True by default
    except pickle.UnpicklingError as err:
        print(f"{type(err).__name__}: {error_text(err, tmp)}")

    print("unsafe globals:", torch.serialization.get_unsafe_globals_in_checkpoint(path))

# %% example-for: serialization-weights-only
# What the default loader accepts
# -------------------------------
#
# Tensors (including ``nn.Parameter``), ``dict``, ``OrderedDict``, ``list``,
# ``tuple``, ``set``, numbers, strings, bytes, ``None``, ``torch.Size``,
# ``torch.dtype`` and ``torch.device`` load without any extra step: this
# covers state dicts and ordinary checkpoints. A few more are allowed, such as
# ``collections.Counter``, ``bytearray`` and ``torch.layout``. Other classes,
# even harmless ones from the standard library such as ``datetime.date``, are
# refused.

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "checkpoint.pt")
    checkpoint = {
        "state": collections.OrderedDict(w=torch.nn.Parameter(torch.ones(2))),
        "history": [0.9, 0.5, 0.25],
        "tags": {"demo", "cpu"},
        "meta": (torch.Size([2, 3]), torch.float16, torch.device("cpu"), None, b"raw"),
    }
    torch.save(checkpoint, path)
    loaded = torch.load(path)
    print({key: type(value).__name__ for key, value in loaded.items()})
    print(type(loaded["state"]["w"]).__name__, loaded["meta"])

    torch.save((collections.Counter("aab"), bytearray(b"raw"), torch.strided), path)
    print("also allowed:", torch.load(path))

    torch.save({"created": datetime.date(2024, 1, 31)}, path)
    try:
        torch.load(path)
    except pickle.UnpicklingError as err:
        message = error_text(err, tmp)
        print(next(line.strip() for line in message.splitlines() if "WeightsUnpickler" in line))

# %% example-for: serialization-weights-only, torch.load, torch.serialization.safe_globals, torch.serialization.add_safe_globals
# Allowing a class you trust
# --------------------------
#
# ``torch.serialization.safe_globals([...])`` allows the listed classes for
# the loads inside a ``with`` block; ``torch.serialization.add_safe_globals``
# allows them for the rest of the process. Prefer the context manager; the
# example restores the global list after using ``add_safe_globals``.


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "point.pt")
    torch.save({"origin": Point(0, 0), "data": torch.ones(2)}, path)

    try:
        torch.load(path)
    except pickle.UnpicklingError as err:
        message = error_text(err, tmp)
        print(next(line.strip() for line in message.splitlines() if "WeightsUnpickler" in line))

    with torch.serialization.safe_globals([Point]):
        loaded = torch.load(path)
    print("with safe_globals:", type(loaded["origin"]).__name__, loaded["origin"].x, loaded["origin"].y)

    previous = torch.serialization.get_safe_globals()
    torch.serialization.add_safe_globals([Point])
    print("with add_safe_globals:", type(torch.load(path)["origin"]).__name__)
    torch.serialization.clear_safe_globals()
    torch.serialization.add_safe_globals(previous)  # restore the global allowlist
    print("allowlist restored:", set(torch.serialization.get_safe_globals()) == set(previous))

# %% example-for: serialization-map-location, torch.load
# map_location: where the storages go
# -----------------------------------
#
# ``map_location`` can be a device string, a ``torch.device``, a dict that
# renames location tags, or a function. Everything here was saved on the CPU
# (tag ``'cpu'``). To make the move visible on a CPU-only runner, the target
# is the ``meta`` device, which keeps shapes and dtypes but no data. A dict
# moves only the tags it names: ``{"cuda:0": "meta"}`` leaves CPU tensors on
# the CPU.

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "tensors.pt")
    torch.save({"a": torch.ones(2), "b": torch.zeros(3)}, path)

    print(f"{'(no map_location)':30} -> {torch.load(path)['a'].device}")
    for location in ("meta", torch.device("meta"), {"cpu": "meta"}, {"cuda:0": "meta"}, "cpu"):
        loaded = torch.load(path, map_location=location)
        print(f"{location!r:30} -> {loaded['a'].device}")
    assert torch.load(path, map_location={"cpu": "meta"})["a"].is_meta
    assert not torch.load(path, map_location={"cuda:0": "meta"})["a"].is_meta

    on_meta = torch.load(path, map_location="meta")
    print("loaded onto meta:", on_meta["b"], "| shape and dtype kept:", on_meta["b"].shape, on_meta["b"].dtype)

    loaded = torch.load(path, map_location=lambda storage, loc: storage)
    print(f"{'lambda storage, loc: storage':30} -> {loaded['a'].device}")

    def show_location(storage, loc):
        print("  called with", type(storage).__name__, "on", storage.device, "tag", repr(loc))
        return storage  # or None: keep the default placement

    loaded = torch.load(path, map_location=show_location)
    print("one call per storage; result on", loaded["b"].device)
