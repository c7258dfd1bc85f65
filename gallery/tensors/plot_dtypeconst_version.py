"""
torch.__version__ and torch.version.cuda
========================================

``torch.__version__`` is a string that compares as a version number;
``torch.version.cuda`` is the CUDA version the installed build of torch was
compiled for, ``None`` for a build without CUDA. This script prints both for the
torch that ran it (a CUDA runner prints its own), and shows how to compare
versions correctly.
"""
# also-on: cuda

import inspect

from packaging.version import Version
import torch
from torch.torch_version import TorchVersion

# %% example-for: dtypeconst-version, torch.__version__
# A string that compares as a version
# -----------------------------------
#
# ``torch.__version__`` is a ``TorchVersion``, a subclass of ``str``. Its
# comparisons with a string parse both sides as version numbers: as versions
# ``2.13.0 >= 2.9`` is ``True``, as text it is ``False`` (``"1" < "9"``).
# A tuple of ints compares too.

v = torch.__version__
print(repr(v), type(v).__name__, isinstance(v, str))
print("TorchVersion('2.13.0') >= '2.9':", TorchVersion("2.13.0") >= "2.9")
print("'2.13.0' >= '2.9' as text:      ", "2.13.0" >= "2.9")
print("torch.__version__ >= '2.9':", v >= "2.9", "| >= (2, 9):", v >= (2, 9),
      "| str(...) >= '2.9':", str(v) >= "2.9")
assert TorchVersion("2.13.0") >= "2.9" and not "2.13.0" >= "2.9"
assert (v >= "2.9") == (Version(v) >= Version("2.9"))

# %% example-for: torch.__version__
# The local label: ==, release and base_version
# ---------------------------------------------
#
# A build from PyTorch's own wheel index carries a local label after
# ``+`` (``cpu``, ``cu128``, ...). Equality compares it too, so
# ``torch.__version__ == '2.13.0'`` is ``False`` for ``2.13.0+cpu``, and
# ``2.13.0+cpu`` sorts above ``2.13.0``. Compare the release part instead.

release = Version(v).release
print("local label:", Version(v).local, "| release:", release, "| base_version:", Version(v).base_version)
print(f"== {Version(v).base_version!r}:", v == Version(v).base_version,
      f"| > {Version(v).base_version!r}:", v > Version(v).base_version,
      f"| release >= (2, 9):", release >= (2, 9))
print("TorchVersion('2.13.0+cpu') == '2.13.0':", TorchVersion("2.13.0+cpu") == "2.13.0",
      "| > '2.13.0':", TorchVersion("2.13.0+cpu") > "2.13.0")
assert not TorchVersion("2.13.0+cpu") == "2.13.0" and TorchVersion("2.13.0+cpu") > "2.13.0"

# %% example-for: dtypeconst-version, torch.version.cuda
# torch.version.cuda: None on a CPU build
# ---------------------------------------
#
# ``torch.version.cuda`` is a constant written into ``torch/version.py``
# when torch is built (its line is printed): ``None`` for a build without CUDA, a
# string for a CUDA build. It does not say whether a GPU is present;
# ``torch.cuda.is_available()`` does. As a plain string, the CUDA version
# compares as text: parse it with ``packaging.version.Version``.

line = next(ln for ln in inspect.getsource(torch.version).splitlines() if ln.startswith("cuda"))
print("in torch/version.py:", line)
print("torch.version.cuda:", repr(torch.version.cuda), "| type:", type(torch.version.cuda).__name__)
print("CUDA built in:", torch.backends.cuda.is_built(), "| GPU usable:", torch.cuda.is_available(),
      "| ROCm:", torch.version.hip)
if torch.version.hip is None:
    assert (torch.version.cuda is None) == (not torch.backends.cuda.is_built())
if torch.version.cuda is None:
    try:
        torch.version.cuda >= "11.8"
    except TypeError as err:
        print(f"torch.version.cuda >= '11.8' -> TypeError: {err}")
else:
    print("torch.version.cuda >= '11.8' as a version:", Version(torch.version.cuda) >= Version("11.8"))
print("'12.10' > '12.9' as text:", "12.10" > "12.9", "| as versions:", Version("12.10") > Version("12.9"))
device = "cuda" if torch.cuda.is_available() else "cpu"
print("device to use:", device)
