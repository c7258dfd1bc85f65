"""
The deprecated torch.cuda.amp and torch.cpu.amp names
=====================================================

``torch.cuda.amp.autocast``, ``torch.cuda.amp.GradScaler`` and their
``torch.cpu.amp`` twins still work but warn: the device-generic
``torch.amp`` classes replace them. This script prints the warnings, the
replacements, and which device types ``is_autocast_available`` accepts.
"""
# also-on: cuda

import warnings

import torch
from torch.amp.autocast_mode import is_autocast_available


def construct(make):
    """Call make() and print every warning it raises."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        obj = make()
    for w in caught:
        print(f"  {w.category.__name__}: {w.message}")
    return obj, [w.category for w in caught]


# %% example-for: amp-deprecated, torch.autocast, torch.amp.GradScaler
# Each old name warns with a FutureWarning naming its replacement
# ---------------------------------------------------------------
#
# The warning comes when the object is created, on any machine: it does not
# need a GPU. Without CUDA, the ``cuda`` versions also warn that they disable
# themselves.

print("CUDA available:", torch.cuda.is_available())
print("torch.cuda.amp.autocast():")
old_ac, cats = construct(lambda: torch.cuda.amp.autocast())
assert FutureWarning in cats
print("torch.cuda.amp.GradScaler():")
old_gs, cats = construct(lambda: torch.cuda.amp.GradScaler())
assert FutureWarning in cats
print("torch.cpu.amp.autocast():")
_, cats = construct(lambda: torch.cpu.amp.autocast())
assert cats == [FutureWarning]
print("torch.cpu.amp.GradScaler():")
_, cats = construct(lambda: torch.cpu.amp.GradScaler())
assert cats == [FutureWarning]

# %% example-for: amp-deprecated
# The replacements
# ----------------
#
# ``torch.amp.autocast`` is the same class as ``torch.autocast``, and
# ``torch.GradScaler`` the same class as ``torch.amp.GradScaler``. The old
# classes are thin subclasses of them that fix the device type.

print("torch.amp.autocast is torch.autocast:", torch.amp.autocast is torch.autocast)
print("torch.GradScaler is torch.amp.GradScaler:", torch.GradScaler is torch.amp.GradScaler)
print("old autocast is a torch.autocast:", isinstance(old_ac, torch.autocast))
print("old GradScaler is a torch.amp.GradScaler:", isinstance(old_gs, torch.amp.GradScaler))
print("new spelling for the CPU, no warning:")
_, cats = construct(lambda: (torch.autocast("cpu"), torch.amp.GradScaler("cpu")))
assert cats == []
print('torch.autocast("cuda"):')
new_ac, cats = construct(lambda: torch.autocast("cuda"))
print("  enabled:", new_ac._enabled)
assert FutureWarning not in cats

# %% example-for: torch.amp.autocast_mode.is_autocast_available
# is_autocast_available answers for a device type, not for a device
# -----------------------------------------------------------------
#
# It says whether autocast supports a device *type*. It does not check
# that such a device exists: ``"cuda"`` is True even where
# ``torch.cuda.is_available()`` is False. ``"meta"`` is a valid device type
# without autocast support; a string that is no device type at all raises.

for device_type in ["cpu", "cuda", "xla", "mps", "xpu", "hpu", "mtia", "meta"]:
    print(f"{device_type:5} {is_autocast_available(device_type)}")
print("torch.cuda.is_available():", torch.cuda.is_available())
assert is_autocast_available("cuda") and not is_autocast_available("meta")
try:
    is_autocast_available("gpu")
except RuntimeError as err:
    print(f"RuntimeError: {err}")
# torch.autocast refuses a device type without autocast support:
for kwargs in ({}, {"dtype": torch.bfloat16}):
    try:
        torch.autocast("meta", **kwargs)
    except RuntimeError as err:
        print(f"torch.autocast('meta', {kwargs}): RuntimeError: {err}")
