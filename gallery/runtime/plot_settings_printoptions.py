"""
Print options
=============

``torch.set_printoptions`` changes how tensors are turned into text: how many
digits are shown, when a large tensor is summarised with ``...``, how long a
line may get and whether scientific notation is used. The options are global
for the whole process and change only the display, never the stored values.
Every cell below restores the defaults with ``profile="default"`` before it
ends.
"""

import torch

# %% example-for: torch.set_printoptions
# Precision: digits after the decimal point
# -----------------------------------------
#
# ``precision`` is the number of digits printed after the decimal point of
# floating-point values (default 4). It rounds the *text* only: the tensor
# keeps all its bits, as ``tolist()`` shows. Asking for more digits than the
# dtype holds prints digits that mean nothing: a ``float32`` carries about 7
# significant decimal digits.

x = torch.tensor([1.123456789, 22.5, 333.0])
default_text = str(x)
print("default     :", x)

torch.set_printoptions(precision=2)
print("precision=2 :", x)
print("stored      :", x.tolist())

torch.set_printoptions(precision=10)
print("precision=10:", x)

torch.set_printoptions(profile="default")  # restore
print("restored    :", x)
print("same text as before:", str(x) == default_text)

# %% example-for: settings-printoptions
# Summarisation: threshold and edgeitems
# --------------------------------------
#
# A tensor with more than ``threshold`` elements (default 1000) is printed in
# summarised form: only ``edgeitems`` entries (default 3) at the start and end
# of each dimension, with ``...`` in between. The tensor itself is complete.

print("default, 1000 elements summarised?", "..." in str(torch.arange(1000)))
print("default, 1001 elements:", torch.arange(1001))

torch.set_printoptions(threshold=10)
print("threshold=10, 10 elements:", torch.arange(10))
print("threshold=10, 11 elements:", torch.arange(11))

torch.set_printoptions(threshold=10, edgeitems=1)
m = torch.arange(30).view(5, 6)
print("threshold=10, edgeitems=1:")
print(m)
print("still has", m.numel(), "elements")

torch.set_printoptions(profile="default")  # restore
print("restored:")
print(m)

# %% example-for: settings-printoptions
# Line width
# ----------
#
# ``linewidth`` (default 80) is the number of characters after which a row of
# values is wrapped onto the next line.

y = torch.arange(0, 20000, 1000)
print(y)

torch.set_printoptions(linewidth=40)
print(y)

torch.set_printoptions(profile="default")  # restore
print(y)

# %% example-for: settings-sci-mode
# Scientific notation, and an option that silently resets
# -------------------------------------------------------
#
# By default (``sci_mode=None``) PyTorch chooses scientific notation when the
# values span a large range. ``sci_mode=False`` forces fixed-point output,
# which can print a small value as ``0.0000``. Every call to
# ``set_printoptions`` that does not pass ``sci_mode`` sets it back to
# ``None``: changing the precision afterwards brings scientific notation back.

z = torch.tensor([1e-5, 1.0, 1e5])
print("automatic      :", z)

torch.set_printoptions(sci_mode=False)
print("sci_mode=False :", z)

torch.set_printoptions(precision=2)  # sci_mode not passed: back to automatic
print("then precision=2:", z)

torch.set_printoptions(precision=2, sci_mode=False)
print("both together  :", z)

torch.set_printoptions(profile="default", sci_mode=True)
print("sci_mode=True  :", torch.tensor([1.5, 2.25]))

torch.set_printoptions(profile="default")  # restore (also sets sci_mode=None)
print("restored       :", z)

# %% example-for: settings-printoptions
# Profiles
# --------
#
# ``profile`` sets ``precision``, ``threshold``, ``edgeitems`` and
# ``linewidth`` at once: ``"short"`` prints 2 digits and 2 edge items,
# ``"full"`` never summarises, ``"default"`` restores the defaults. Options
# passed in the same call override the profile.

w = torch.tensor([3.14159265, 2.71828183])
long_tensor = torch.arange(2000)

torch.set_printoptions(profile="short")
print("short:", w)

torch.set_printoptions(profile="full")
print("full: summarised?", "..." in str(long_tensor), "| text length:", len(str(long_tensor)))

torch.set_printoptions(profile="full", precision=1)
print("full with precision=1:", w)

torch.set_printoptions(profile="default")  # restore
print("default: summarised?", "..." in str(long_tensor), "| text length:", len(str(long_tensor)))
print("default:", w)
