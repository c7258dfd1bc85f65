"""
Short-time Fourier transform: stft, istft and hann_window
=========================================================

``torch.stft`` cuts a signal into overlapping frames, multiplies each by a
window and takes the ``rfft`` of each: one spectrum per frame, a picture of
how the frequencies change over time. ``torch.istft`` puts the frames back
together. This script prints the error ``stft`` raises without
``return_complex``, the shapes that ``n_fft`` and ``hop_length`` give, draws
the spectrogram of a rising tone, asserts the round trip, and compares the
two kinds of ``torch.hann_window``.
"""

import subprocess
import sys
import warnings

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn.functional as F

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def first_line(message):
    """A warning's first line, without the C++ source location torch appends."""
    return str(message).splitlines()[0].split(" (Triggered internally")[0]


# %% example-for: stft-return-complex
# ``return_complex=True`` is required
# -----------------------------------
#
# For a real input, leaving ``return_complex`` out is an error.
# ``return_complex=True`` returns a complex tensor ``(freq, frames)``.
# ``return_complex=False`` still works but is deprecated (a ``UserWarning``):
# it returns the old format, a real tensor with a last dimension of 2 (real,
# imaginary), which ``torch.view_as_real`` gives from the complex result.

x = torch.randn(64)
window = torch.hann_window(16)
try:
    torch.stft(x, n_fft=16, window=window)
except RuntimeError as err:
    print(f"RuntimeError: {err}")

S = torch.stft(x, n_fft=16, window=window, return_complex=True)
print("return_complex=True: ", S.shape, S.dtype)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old = torch.stft(x, n_fft=16, window=window, return_complex=False)
print("return_complex=False:", old.shape, old.dtype)
for w in caught:
    print(f"{w.category.__name__}: {first_line(w.message)}")
assert len(caught) == 1 and "deprecated" in str(caught[0].message)
assert torch.equal(old, torch.view_as_real(S))

# %% example-for: stft-window-hop
# ``n_fft``, ``hop_length`` and the window
# ----------------------------------------
#
# Each frame has ``n_fft`` samples (``n_fft / fs`` seconds) and gives
# ``n_fft // 2 + 1`` frequency bins, ``fs / n_fft`` apart. Frames start every ``hop_length`` samples
# (default ``n_fft // 4``). With ``center=True`` (the default) the signal is
# padded by ``n_fft // 2`` on each side (reflected), which gives
# ``1 + L // hop_length`` frames; ``center=False`` gives
# ``1 + (L - n_fft) // hop_length``. Without ``window`` every frame is cut
# out with a rectangular window, and torch warns about it, once per process.
# A rectangular window leaks a frequency that falls between two bins into
# far-away bins much more than a Hann window does.

fs, L = 1024, 2048
n_fft, hop = 128, 32
signal = torch.randn(L)
hann = torch.hann_window(n_fft)
for kwargs in ({"hop_length": hop}, {}, {"hop_length": hop, "center": False}):
    shape = torch.stft(signal, n_fft, window=hann, return_complex=True, **kwargs).shape
    print(f"n_fft={n_fft}, {kwargs or 'defaults'}: {tuple(shape)}")
assert torch.stft(signal, n_fft, hop_length=hop, window=hann, return_complex=True).shape == (n_fft // 2 + 1, 1 + L // hop)
assert torch.stft(signal, n_fft, hop_length=hop, window=hann, center=False, return_complex=True).shape == (65, 1 + (L - n_fft) // hop)
assert torch.equal(torch.stft(signal, n_fft, window=hann, return_complex=True),
                   torch.stft(signal, n_fft, hop_length=n_fft // 4, window=hann, return_complex=True))
print(f"bin spacing fs / n_fft = {fs / n_fft} Hz, frame length n_fft / fs = {n_fft / fs} s, frame step hop / fs = {hop / fs} s")

# Without a window: a rectangular one, and a UserWarning that a process
# gives only once. A fresh Python process calls stft twice without a window
# and reports what it wrote to stderr.
child = """
import warnings
import torch
warnings.simplefilter("always")
x = torch.randn(2048)
rect = torch.stft(x, 128, hop_length=32, return_complex=True)
torch.stft(x, 128, hop_length=32, return_complex=True)
ones = torch.stft(x, 128, hop_length=32, window=torch.ones(128), return_complex=True)
print(torch.equal(rect, ones))
"""
proc = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True)
warning_lines = [line for line in proc.stderr.splitlines() if "UserWarning:" in line]
for line in warning_lines:
    print(first_line(line[line.index("UserWarning:"):])[:100] + "...")
print("warnings from two calls:", len(warning_lines), "| same as window=torch.ones(128):", proc.stdout.strip())
assert len(warning_lines) == 1 and "window was not provided" in warning_lines[0]
assert proc.stdout.strip() == "True"

# The rectangular window leaks: a 5.5 Hz sine between two bins (64 samples
# at 64 Hz, as in the spectrum example), without and with a Hann window.
tone = torch.sin(2 * torch.pi * 5.5 * torch.arange(64) / 64)
for name, w in (("rectangular", torch.ones(64)), ("Hann", torch.hann_window(64))):
    mag = torch.fft.rfft(tone * w).abs()
    print(f"{name:>11}: |bin 20 Hz| / |peak| = {(mag[20] / mag.max()).item():.1e}")
leak_rect = torch.fft.rfft(tone).abs()
leak_hann = torch.fft.rfft(tone * torch.hann_window(64)).abs()
assert (leak_hann[15:] / leak_hann.max() < leak_rect[15:] / leak_rect.max() / 10).all()

# %% example-for: stft-spectrogram
# A spectrogram
# -------------
#
# Two seconds of a tone whose frequency rises linearly from 50 Hz to
# 400 Hz. ``|stft|`` in decibels, drawn with time (frame ``m`` is centred at
# ``m * hop / fs`` seconds) across and ``rfftfreq(n_fft, d=1/fs)`` up: the
# bright line is the rising frequency. Except in the first and last two
# frames, which reach into the reflected padding, the strongest bin of each
# frame follows it to within one bin (8 Hz).

t = torch.arange(L, dtype=torch.float64) / fs
f0, f1, duration = 50.0, 400.0, L / fs
chirp = torch.sin(2 * torch.pi * (f0 * t + (f1 - f0) / (2 * duration) * t**2)).float()
spec = torch.stft(chirp, n_fft, hop_length=hop, window=hann, return_complex=True)
freqs = torch.fft.rfftfreq(n_fft, d=1 / fs)
times = torch.arange(spec.shape[-1]) * hop / fs
print("spectrogram:", tuple(spec.shape), "(frequency bins, frames)")

peak = freqs[spec.abs().argmax(dim=0)]
expected = f0 + (f1 - f0) * times / duration
for m in (8, 32, 56):
    print(f"t = {times[m].item():.3f} s: strongest bin {peak[m].item():5.1f} Hz, tone {expected[m].item():5.1f} Hz")
inner = slice(2, -2)  # the first and last two frames reach into the reflected padding
assert ((peak - expected)[inner].abs() <= fs / n_fft).all()

db = 20 * torch.log10(spec.abs() + 1e-6)
fig, ax = plt.subplots(figsize=(6.0, 3.0))
mesh = ax.pcolormesh(times, freqs, db, shading="nearest", cmap="magma", vmin=db.max().item() - 80)
ax.plot(times, expected, "--", color="cyan", lw=0.8, label="tone frequency")
ax.set_xlabel("time (s): frame * hop_length / fs", fontsize=8)
ax.set_ylabel("frequency (Hz): rfftfreq", fontsize=8)
ax.set_title(f"|stft| in dB, n_fft={n_fft}, hop_length={hop}, Hann window", fontsize=8)
ax.tick_params(labelsize=7)
ax.legend(fontsize=7, loc="upper left", frameon=False, labelcolor="cyan")
fig.colorbar(mesh, ax=ax).ax.tick_params(labelsize=7)
plt.tight_layout()

# %% example-for: istft-round-trip
# istft inverts stft
# ------------------
#
# Called with the same ``n_fft``, ``hop_length`` and ``window``, and with
# ``length=`` the original length, ``istft`` returns the signal. Without
# ``length`` it returns ``(frames - 1) * hop_length`` samples, which is
# shorter when ``L`` is not a multiple of ``hop_length``. A different window
# gives a different signal, without an error.

back = torch.istft(spec, n_fft, hop_length=hop, window=hann, length=L)
torch.testing.assert_close(back, chirp)
print("same window, length=L: equal to the input:", back.shape)

odd = torch.randn(2000)
S_odd = torch.stft(odd, n_fft, hop_length=hop, window=hann, return_complex=True)
short = torch.istft(S_odd, n_fft, hop_length=hop, window=hann)
print(f"L=2000: {S_odd.shape[-1]} frames; no length: {tuple(short.shape)}",
      "| length=2000:", tuple(torch.istft(S_odd, n_fft, hop_length=hop, window=hann, length=2000).shape))
assert short.shape[0] == (S_odd.shape[-1] - 1) * hop
torch.testing.assert_close(torch.istft(S_odd, n_fft, hop_length=hop, window=hann, length=2000), odd)

wrong = torch.istft(spec, n_fft, hop_length=hop, window=torch.ones(n_fft), length=L)
print("rectangular window in istft: max error", round((wrong - chirp).abs().max().item(), 2))
assert not torch.allclose(wrong, chirp, atol=1e-3)

# %% example-for: torch.stft
# Batches, two-sided output and the errors
# ----------------------------------------
#
# Frame ``m`` is the ``rfft`` of samples ``m * hop_length`` to
# ``m * hop_length + n_fft`` of the padded signal, times the window; a window
# shorter than ``n_fft`` is zero-padded on both sides to ``n_fft``.
# A 2-D input is a batch of signals; a 3-D one is refused. A complex input
# (or window) gives all ``n_fft`` bins, ``onesided=False`` does so for a real
# one. ``normalized=True`` multiplies by ``n_fft ** -0.5`` (also when
# ``win_length`` is shorter). With
# ``center=True`` the input must be longer than ``n_fft // 2`` (the reflected
# padding), and the window must have ``win_length`` samples.
# ``align_to_window`` may only be set with ``center=False``.

batch = torch.randn(3, L)
print("batch (3, 2048):", torch.stft(batch, n_fft, hop_length=hop, window=hann, return_complex=True).shape)
print("onesided=False: ", torch.stft(signal, n_fft, hop_length=hop, window=hann, onesided=False, return_complex=True).shape)
print("complex input:  ", torch.stft(torch.randn(L, dtype=torch.complex64), n_fft, hop_length=hop, window=hann, return_complex=True).shape)
normalized = torch.stft(signal, n_fft, hop_length=hop, window=hann, normalized=True, return_complex=True)
full = signal.stft(n_fft, hop_length=hop, window=hann, return_complex=True)
torch.testing.assert_close(normalized, full / n_fft**0.5)
short_window = torch.stft(signal, n_fft, hop_length=hop, win_length=64, window=torch.hann_window(64), return_complex=True)
print("win_length=64, window of 64:", short_window.shape)
torch.testing.assert_close(short_window, torch.stft(signal, n_fft, hop_length=hop, window=F.pad(torch.hann_window(64), (32, 32)),
                                                    return_complex=True))
short_normalized = torch.stft(signal, n_fft, hop_length=hop, win_length=64, window=torch.hann_window(64),
                              normalized=True, return_complex=True)
torch.testing.assert_close(short_normalized, short_window / n_fft**0.5)  # n_fft, not win_length

# Frame m is the rfft of the windowed samples m * hop .. m * hop + n_fft of the padded signal.
padded = F.pad(signal[None, None], (n_fft // 2, n_fft // 2), mode="reflect")[0, 0]
for m in (0, 5):  # frame 0 starts in the reflected padding
    torch.testing.assert_close(full[:, m], torch.fft.rfft(padded[m * hop:m * hop + n_fft] * hann))
failing = {
    "3-D input": lambda: torch.stft(torch.randn(2, 3, L), n_fft, window=hann, return_complex=True),
    "input of 40 samples": lambda: torch.stft(torch.randn(40), n_fft, window=hann, return_complex=True),
    "window of 64": lambda: torch.stft(signal, n_fft, window=torch.hann_window(64), return_complex=True),
    "align_to_window with center=True": lambda: torch.stft(signal, n_fft, window=hann, align_to_window=True,
                                                            return_complex=True),
}
for what, call in failing.items():
    try:
        call()
    except RuntimeError as err:
        print(f"{what} -> RuntimeError: {err}")
    else:
        raise AssertionError(f"{what} was accepted")

# %% example-for: torch.istft
# istft: complex input, and windows that leave gaps
# -------------------------------------------------
#
# ``istft`` accepts only the complex output of ``stft(return_complex=True)``.
# It divides by the sum of the overlapping squared windows, which must be
# non-zero everywhere: a Hann window (zero at its first sample) with
# ``hop_length=n_fft`` leaves gaps and is refused. A batch of spectrograms
# gives a batch of signals; the overlap-add computed by hand below gives
# the same result as ``istft``. For a complex signal the STFT has all
# ``n_fft`` bins, and ``istft(..., return_complex=True)`` returns the
# complex signal.

try:
    torch.istft(torch.view_as_real(spec), n_fft, hop_length=hop, window=hann)
except RuntimeError as err:
    print(f"real input -> RuntimeError: {err}")
gapped = torch.stft(signal, n_fft, hop_length=n_fft, window=hann, return_complex=True)
try:
    torch.istft(gapped, n_fft, hop_length=n_fft, window=hann, length=L)
except RuntimeError as err:
    print(f"hop_length=n_fft -> RuntimeError: {' '.join(str(err).split())}")
B = torch.stft(batch, n_fft, hop_length=hop, window=hann, return_complex=True)
batch_back = B.istft(n_fft, hop_length=hop, window=hann, length=L)
print("batch:", tuple(B.shape), "->", tuple(batch_back.shape))
torch.testing.assert_close(batch_back, batch)

# What istft computes: inverse rfft of each frame, times the window,
# overlap-add, divided by the overlap-added squared windows, padding removed.
frames = torch.fft.irfft(spec, n=n_fft, dim=0) * hann[:, None]
total = n_fft + hop * (spec.shape[-1] - 1)
numerator, envelope = torch.zeros(total), torch.zeros(total)
for m in range(spec.shape[-1]):
    numerator[m * hop:m * hop + n_fft] += frames[:, m]
    envelope[m * hop:m * hop + n_fft] += hann**2
by_hand = (numerator / envelope)[n_fft // 2:n_fft // 2 + L]
torch.testing.assert_close(by_hand, torch.istft(spec, n_fft, hop_length=hop, window=hann, length=L))
print("overlap-add by hand equals istft")

# A complex signal: the STFT is two-sided, and istft(return_complex=True) returns it.
zsig = torch.randn(L, dtype=torch.complex64)
Z = torch.stft(zsig, n_fft, hop_length=hop, window=hann, return_complex=True)
zback = torch.istft(Z, n_fft, hop_length=hop, window=hann, length=L, return_complex=True)
print("complex signal:", tuple(Z.shape), "->", tuple(zback.shape), zback.dtype)
torch.testing.assert_close(zback, zsig)

# %% example-for: torch.hann_window
# ``periodic=True`` (the default) versus ``periodic=False``
# ---------------------------------------------------------
#
# ``periodic=False`` gives the symmetric window: zero at both ends, the
# same as ``numpy.hanning``. The default ``periodic=True`` computes one more
# point and drops it: it starts at zero but does not end at zero, and is one
# period of a repeating curve. That is the window for the STFT: shifted by
# ``L / 4`` and added up, periodic windows give a constant
# sum, symmetric ones do not. ``istft`` inverts ``stft`` with either: it
# divides by the overlapped squared windows, whatever their sum.

Lw = 8
periodic = torch.hann_window(Lw)
symmetric = torch.hann_window(Lw, periodic=False)
print("periodic (default):", [round(v, 4) + 0.0 for v in periodic.tolist()])
print("periodic=False:    ", [round(v, 4) + 0.0 for v in symmetric.tolist()])
assert periodic[-1] > 0.1 and symmetric[-1].abs() < 1e-6
torch.testing.assert_close(symmetric, symmetric.flip(0))
assert not torch.allclose(periodic, periodic.flip(0))
torch.testing.assert_close(periodic, torch.hann_window(Lw + 1, periodic=False)[:-1])
torch.testing.assert_close(symmetric, torch.from_numpy(np.hanning(Lw)).float())
k = torch.arange(Lw, dtype=torch.float64)
torch.testing.assert_close(symmetric, (0.5 * (1 - torch.cos(2 * torch.pi * k / (Lw - 1)))).float())


def overlap_sum(w, hop, total=96):
    """The sum of copies of w starting every hop samples, away from the ends."""
    acc = torch.zeros(total, dtype=w.dtype)
    for start in range(0, total - len(w) + 1, hop):
        acc[start:start + len(w)] += w
    return acc[len(w):total - len(w)]


for name, w in (("periodic", torch.hann_window(16, dtype=torch.float64)),
                ("symmetric", torch.hann_window(16, periodic=False, dtype=torch.float64))):
    s = overlap_sum(w, hop=4)
    print(f"{name:>9}, shifted by 4 (L=16): sum between {s.min().item():.4f} and {s.max().item():.4f}")
assert torch.allclose(overlap_sum(torch.hann_window(16, dtype=torch.float64), hop=4), torch.tensor(2.0, dtype=torch.float64))
for p in (True, False):
    w = torch.hann_window(n_fft, periodic=p)
    torch.testing.assert_close(torch.istft(torch.stft(signal, n_fft, hop_length=hop, window=w, return_complex=True),
                                           n_fft, hop_length=hop, window=w, length=L), signal)
print(torch.hann_window(1), torch.hann_window(4).dtype, torch.hann_window(4, dtype=torch.float64).dtype)
