"""
The spectrum of a sine: fft, ifft and fftfreq
=============================================

``torch.fft.fft`` turns ``n`` samples into ``n`` complex frequency bins,
``torch.fft.fftfreq`` says which frequency each bin stands for, and
``torch.fft.ifft`` goes back. This script finds the frequencies of a sum of
two sines in its spectrum, draws the spectrum, and prints the dtypes, the
lengths and the sample-spacing argument that learners get wrong.
"""

import matplotlib.pyplot as plt
import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: fft-sine-spectrum
# A known sine comes back as two peaks
# ------------------------------------
#
# One second sampled at ``fs = 64`` samples per second: a sine of 5 Hz with
# amplitude 1 plus a sine of 12 Hz with amplitude 0.5. ``fftfreq(n, d=1/fs)``
# gives the frequency of each bin in Hz. The four largest magnitudes sit at
# +-5 Hz and +-12 Hz; ``2 * |X| / n`` turns them back into the amplitudes.
# The right panel moves the first sine to 5.5 Hz, half-way between two bins
# (the bin spacing is ``fs / n = 1`` Hz): its energy leaks into every bin.

fs, n = 64, 64
t = torch.arange(n) / fs
x = torch.sin(2 * torch.pi * 5 * t) + 0.5 * torch.sin(2 * torch.pi * 12 * t)
X = torch.fft.fft(x)
freqs = torch.fft.fftfreq(n, d=1 / fs)
magnitude = X.abs()

top = magnitude.topk(4).indices
print("peaks at (Hz):", sorted(freqs[top].tolist()))
print("amplitudes:   ", [round(v, 4) for v in (2 * magnitude[top] / n).tolist()])
peak = freqs[magnitude[: n // 2].argmax()]
print("strongest positive frequency:", peak.item(), "Hz")
assert sorted(freqs[top].tolist()) == [-12.0, -5.0, 5.0, 12.0]
assert peak.item() == 5.0
assert torch.allclose(2 * magnitude[freqs == 12] / n, torch.tensor(0.5), atol=1e-5)
print("bins above 1e-3 (5 Hz):  ", int((magnitude > 1e-3).sum()))

x_off = torch.sin(2 * torch.pi * 5.5 * t)
magnitude_off = torch.fft.fft(x_off).abs()
print("bins above 1e-3 (5.5 Hz):", int((magnitude_off > 1e-3).sum()))
assert int((magnitude > 1e-3).sum()) == 4 and int((magnitude_off > 1e-3).sum()) == n

fig, axes = plt.subplots(1, 2, figsize=(7.5, 2.6), sharey=True)
for ax, mag, title in [(axes[0], magnitude, "5 Hz + 0.5 * 12 Hz"), (axes[1], magnitude_off, "5.5 Hz (between two bins)")]:
    ax.stem(freqs, mag, basefmt=" ")
    ax.set_title(title, fontsize=8)
    ax.set_xlabel("frequency (Hz) = fftfreq(64, d=1/64)", fontsize=7)
    ax.tick_params(labelsize=7)
axes[0].set_ylabel("|fft(x)|", fontsize=7)
plt.tight_layout()

# %% example-for: torch.fft.fft
# dtypes, lengths and ``n=``
# --------------------------
#
# The result is always complex and, without ``n``, as long as the input
# along ``dim``. ``float32`` gives ``complex64``, ``float64`` gives
# ``complex128``, an integer tensor is converted to the default dtype first.
# ``X[0]`` is the plain sum of the samples, and bin ``k`` is
# ``sum(x[t] * exp(-2j * pi * k * t / n))``. ``n=`` pads with zeros or
# truncates before transforming. On the CPU, ``float16`` is refused.

for inp in (torch.arange(4.0), torch.arange(4.0, dtype=torch.float64), torch.arange(4)):
    print(inp.dtype, "->", torch.fft.fft(inp).dtype)
small = torch.tensor([1.0, 2.0, 0.0, -1.0])
print(torch.fft.fft(small))
assert torch.fft.fft(small)[0] == small.sum()
# bin k is sum over t of x[t] * exp(-2j * pi * k * t / n): the same as a matrix product
k = torch.arange(4)
dft_matrix = torch.exp(-2j * torch.pi * torch.outer(k, k) / 4)
torch.testing.assert_close(dft_matrix @ small.to(torch.complex64), torch.fft.fft(small))
print("n=6:", torch.fft.fft(small, n=6).shape, "| n=2:", torch.fft.fft(small, n=2))
assert torch.equal(torch.fft.fft(small, n=6), torch.fft.fft(torch.cat([small, torch.zeros(2)])))
assert torch.equal(torch.fft.fft(small, n=2), torch.fft.fft(small[:2]))
batch = torch.randn(3, 8)
print("batch (3, 8), default dim=-1:", torch.fft.fft(batch).shape)
assert torch.allclose(torch.fft.fft(batch)[1], torch.fft.fft(batch[1]))
try:
    torch.fft.fft(small.half())
except RuntimeError as err:
    print(f"float16 -> RuntimeError: {err}")

# %% example-for: torch.fft.ifft
# ifft undoes fft, and returns a complex tensor
# ---------------------------------------------
#
# ``ifft(fft(x))`` gives back ``x`` up to rounding, but as a complex tensor
# whose imaginary parts are (nearly) zero. Take ``.real`` to get the signal
# back; ``.abs()`` would also turn its negative samples positive.

back = torch.fft.ifft(X)
print(back.dtype, "| all |imag| < 1e-6:", bool(back.imag.abs().max() < 1e-6))
torch.testing.assert_close(back.real, x)
print("x[8:12]:     ", [round(v, 4) for v in x[8:12].tolist()])
print(".real[8:12]: ", [round(v, 4) for v in back.real[8:12].tolist()])
print(".abs()[8:12]:", [round(v, 4) for v in back.abs()[8:12].tolist()])
assert (x[8:12] < 0).any() and not torch.allclose(back.abs(), x)

# %% example-for: torch.fft.fftfreq
# fftfreq: bin order and the sample spacing ``d``
# -----------------------------------------------
#
# Bin ``k`` stands for ``k / (d * n)``: first ``0`` and the positive
# frequencies, then the negative ones, ending with ``-1 / (d * n)``. For an
# even ``n`` the middle bin is the Nyquist frequency, listed as negative.
# ``d`` is the time between two samples, ``1 / fs``, not the sample rate:
# passing ``fs`` gives frequencies ``fs**2`` times too small.

print("n=8:", torch.fft.fftfreq(8))
print("n=7:", torch.fft.fftfreq(7))
print("n=8, d=1/64 (Hz):", torch.fft.fftfreq(8, d=1 / 64))
print("n=8, d=64 (wrong):", torch.fft.fftfreq(8, d=64))
assert torch.fft.fftfreq(8)[4] == -0.5
assert torch.allclose(torch.fft.fftfreq(8, d=1 / 64), torch.fft.fftfreq(8) * 64)
assert torch.allclose(torch.fft.fftfreq(8, d=64) * 64**2, torch.fft.fftfreq(8, d=1 / 64))
print(torch.fft.fftfreq(8).dtype, torch.fft.fftfreq(8, dtype=torch.float64).dtype)
