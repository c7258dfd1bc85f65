"""
torch.fft agrees with numpy.fft
===============================

``torch.fft`` follows ``numpy.fft``: the same function names, the same bin
order, the same ``norm`` modes and the same default lengths. This script
computes each transform of this page with both libraries on the same
``float64`` data and asserts that the results agree, then prints the
result dtypes for ``float32`` input.
"""

import numpy as np
import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: fft-numpy
# The same numbers as NumPy
# -------------------------
#
# Every pair below is asserted equal with ``torch.testing.assert_close``
# (default tolerances for ``complex128``/``float64``), with the three
# ``norm`` modes for the transforms, odd and even lengths, and the same
# ``n=``, ``s=`` and ``d=`` arguments.

x = torch.randn(7, dtype=torch.float64)
z = torch.randn(7, dtype=torch.complex128)
img = torch.randn(2, 4, 6, dtype=torch.float64)
spectrum = torch.fft.rfft(x)

pairs = {
    "fft": (lambda m: torch.fft.fft(z, norm=m), lambda m: np.fft.fft(z.numpy(), norm=m)),
    "fft, n=10": (lambda m: torch.fft.fft(x, n=10, norm=m), lambda m: np.fft.fft(x.numpy(), n=10, norm=m)),
    "ifft": (lambda m: torch.fft.ifft(z, norm=m), lambda m: np.fft.ifft(z.numpy(), norm=m)),
    "rfft": (lambda m: torch.fft.rfft(x, norm=m), lambda m: np.fft.rfft(x.numpy(), norm=m)),
    "irfft": (lambda m: torch.fft.irfft(spectrum, norm=m), lambda m: np.fft.irfft(spectrum.numpy(), norm=m)),
    "irfft, n=7": (lambda m: torch.fft.irfft(spectrum, n=7, norm=m), lambda m: np.fft.irfft(spectrum.numpy(), n=7, norm=m)),
    "fft2": (lambda m: torch.fft.fft2(img, norm=m), lambda m: np.fft.fft2(img.numpy(), norm=m)),
    "fftn": (lambda m: torch.fft.fftn(img, norm=m), lambda m: np.fft.fftn(img.numpy(), norm=m)),
    "fftn, s=(5, 5)": (lambda m: torch.fft.fftn(img, s=(5, 5), norm=m),
                       lambda m: np.fft.fftn(img.numpy(), s=(5, 5), axes=(-2, -1), norm=m)),
}
for name, (torch_fn, numpy_fn) in pairs.items():
    for mode in ("backward", "ortho", "forward"):
        ours, theirs = torch_fn(mode), numpy_fn(mode)
        assert ours.shape == theirs.shape, name
        torch.testing.assert_close(ours, torch.from_numpy(theirs))
    print(f"{name:>15}: shape {tuple(ours.shape)}, agrees with numpy.fft for all three norm modes")

others = {
    "fftfreq(7, d=0.1)": (torch.fft.fftfreq(7, d=0.1, dtype=torch.float64), np.fft.fftfreq(7, d=0.1)),
    "rfftfreq(8, d=0.1)": (torch.fft.rfftfreq(8, d=0.1, dtype=torch.float64), np.fft.rfftfreq(8, d=0.1)),
    "fftshift(img)": (torch.fft.fftshift(img), np.fft.fftshift(img.numpy())),
    "fftshift, dim=-1": (torch.fft.fftshift(img, dim=-1), np.fft.fftshift(img.numpy(), axes=-1)),
}
for name, (ours, theirs) in others.items():
    torch.testing.assert_close(ours, torch.from_numpy(theirs))
    print(f"{name:>18}: agrees with numpy.fft")

# %% example-for: fft-numpy
# Where the two differ
# --------------------
#
# ``numpy.fft.fft2`` and ``numpy.fft.fftn`` name the dimensions ``axes``;
# ``torch.fft`` calls them ``dim`` and refuses ``axes=``. ``torch.fft`` keeps
# ``float32`` input in single precision (``complex64``); the dtype NumPy
# returns is printed next to it. Both ``fftfreq`` functions default to
# ``d=1.0``; ``torch.fft.fftfreq`` returns the default float dtype,
# ``float32``.

x32 = torch.randn(8)
print("float32 input -> torch:", torch.fft.fft(x32).dtype, "| numpy:", np.fft.fft(x32.numpy()).dtype)
print("fftfreq dtype -> torch:", torch.fft.fftfreq(8).dtype, "| numpy:", np.fft.fftfreq(8).dtype)
assert torch.fft.fft(x32).dtype == torch.complex64
for torch_freq, numpy_freq in ((torch.fft.fftfreq, np.fft.fftfreq), (torch.fft.rfftfreq, np.fft.rfftfreq)):
    torch.testing.assert_close(torch_freq(8, dtype=torch.float64), torch.from_numpy(numpy_freq(8)))  # same default d=1.0
torch.testing.assert_close(torch.fft.fft(x32), torch.from_numpy(np.fft.fft(x32.numpy().astype(np.float64))).to(torch.complex64))
try:
    torch.fft.fft2(img, axes=(0, 1))
except TypeError as err:
    print(f"axes= -> TypeError: {err}")
