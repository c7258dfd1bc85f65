"""
Real signals: rfft, irfft and rfftfreq
======================================

The spectrum of a real signal is conjugate-symmetric, so half of it is
enough. ``torch.fft.rfft`` returns only the ``n // 2 + 1`` bins of the
non-negative frequencies, ``torch.fft.rfftfreq`` labels them, and
``torch.fft.irfft`` turns them back into ``n`` real samples, as long as it is
told ``n``. This script prints the bin counts, the length ``irfft`` gets
wrong for odd signals, and a low-pass filter built from the three.
"""

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output


def rounded(t):
    """The values of t rounded to 4 decimals, as a list (+ 0.0 turns -0.0 into 0.0)."""
    return [round(v, 4) + 0.0 for v in t.tolist()]

# %% example-for: rfft-bins
# rfft keeps ``n // 2 + 1`` bins
# ------------------------------
#
# For a real ``x``, bin ``n - k`` of the full ``fft`` is the complex
# conjugate of bin ``k``: the negative frequencies add no information.
# ``rfft`` drops them and returns the first ``n // 2 + 1`` bins, the same
# values ``fft`` gives there.

for n in (8, 7, 6):
    x = torch.randn(n)
    full = torch.fft.fft(x)
    half = torch.fft.rfft(x)
    print(f"n={n}: fft {tuple(full.shape)}, rfft {tuple(half.shape)}, n // 2 + 1 = {n // 2 + 1}")
    assert half.shape[0] == n // 2 + 1
    torch.testing.assert_close(half, full[: n // 2 + 1])
    k = torch.arange(1, n)
    torch.testing.assert_close(full[n - k], full[k].conj())
print("fft(x8), bin 8 - k is the conjugate of bin k, then rfft(x8):")
x8 = torch.tensor([1.0, 0.0, 2.0, -1.0, 0.5, 0.0, 0.0, 3.0])
print(torch.fft.fft(x8))
print(torch.fft.rfft(x8))

# %% example-for: torch.fft.rfft
# rfft: real input only
# ---------------------
#
# A complex input is refused (use ``fft``). Bin 0 always has a zero
# imaginary part, and so does the last bin when ``n`` is even (the Nyquist
# frequency). ``n=`` pads or truncates first, as for ``fft``; ``dim``
# chooses the dimension.

X = torch.fft.rfft(x8)
print(X.dtype, "| imag of bin 0 and bin n // 2:", X[0].imag.item(), X[-1].imag.item())
assert X[0].imag == 0 and X[-1].imag == 0
print("n=16:", torch.fft.rfft(x8, n=16).shape, "| along dim 0 of a (6, 3):", torch.fft.rfft(torch.randn(6, 3), dim=0).shape)
try:
    torch.fft.rfft(torch.randn(4, dtype=torch.complex64))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: irfft-odd-length
# irfft needs ``n=`` for an odd length
# ------------------------------------
#
# ``n // 2 + 1`` is 4 for ``n = 6`` and for ``n = 7``: from ``m`` bins alone,
# ``irfft`` cannot tell the two apart, and without ``n`` it returns
# ``2 * (m - 1)`` samples. An even-length signal happens to come back
# right; a 7-sample signal comes back as 6 wrong samples. Passing the
# original length, ``n=7``, recovers it.

x7 = torch.tensor([1.0, 2.0, 0.0, -1.0, 3.0, 0.5, -2.0])
X7 = torch.fft.rfft(x7)
wrong = torch.fft.irfft(X7)
right = torch.fft.irfft(X7, n=7)
print("rfft bins:", X7.shape[0])
print("irfft(X7):      ", wrong.shape, rounded(wrong))
print("irfft(X7, n=7): ", right.shape, rounded(right))
assert wrong.shape[0] == 6 and right.shape[0] == 7
torch.testing.assert_close(right, x7)
print("even n=8 without n=:", torch.fft.irfft(torch.fft.rfft(x8)).shape)
torch.testing.assert_close(torch.fft.irfft(torch.fft.rfft(x8)), x8)

# %% example-for: torch.fft.irfft
# A low-pass filter: rfft, zero some bins, irfft
# ----------------------------------------------
#
# ``irfft`` returns a real tensor (``float32`` from ``complex64``). It
# assumes the conjugate symmetry that ``rfft`` removed, so it ignores the
# imaginary part of bin 0 (and of bin ``n // 2`` for an even ``n``). Here a
# 3 Hz sine plus a 20 Hz sine, 50 samples at 50 Hz: zeroing every bin above
# 10 Hz and transforming back with ``n=50`` leaves the 3 Hz sine alone.

fs, n = 50, 50
t = torch.arange(n) / fs
slow = torch.sin(2 * torch.pi * 3 * t)
signal = slow + 0.4 * torch.sin(2 * torch.pi * 20 * t)
spectrum = torch.fft.rfft(signal)
freqs = torch.fft.rfftfreq(n, d=1 / fs)
spectrum[freqs > 10] = 0
filtered = torch.fft.irfft(spectrum, n=n)
print(filtered.dtype, filtered.shape, "| kept bins:", int((freqs <= 10).sum()), "of", freqs.shape[0])
print("max |filtered - 3 Hz sine|:", round((filtered - slow).abs().max().item(), 4))
torch.testing.assert_close(filtered, slow, atol=1e-5, rtol=0)

changed = torch.fft.rfft(x8)
changed[0] = changed[0] + 5j
changed[-1] = changed[-1] - 3j
same = torch.equal(torch.fft.irfft(changed), torch.fft.irfft(torch.fft.rfft(x8)))
print("imag of bins 0 and 4 (n=8) changed, same result:", same)
assert same

# %% example-for: torch.fft.rfftfreq
# rfftfreq: the frequencies of rfft's bins
# ----------------------------------------
#
# ``rfftfreq(n, d)`` has ``n // 2 + 1`` values ``k / (d * n)``, all
# non-negative. For an even ``n`` its last value is the Nyquist frequency
# ``+1 / (2 * d)``, where ``fftfreq`` lists the same bin as negative.

print("rfftfreq(8):", torch.fft.rfftfreq(8))
print("fftfreq(8): ", torch.fft.fftfreq(8))
print("rfftfreq(7):", torch.fft.rfftfreq(7))
print("rfftfreq(50, d=1/50)[-3:] (Hz):", torch.fft.rfftfreq(50, d=1 / 50)[-3:])
assert torch.fft.rfftfreq(8)[-1] == 0.5 and torch.fft.fftfreq(8)[4] == -0.5
torch.testing.assert_close(torch.fft.rfftfreq(7), torch.fft.fftfreq(7)[:4])
