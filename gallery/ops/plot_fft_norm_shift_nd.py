"""
Normalisation, fftshift, and 2-D and N-D transforms
===================================================

Where the factor ``1 / n`` goes is chosen by ``norm=``; the forward and the
inverse transform must be called with the same one. ``torch.fft.fftshift``
reorders the bins so that the zero frequency sits in the middle, and
``torch.fft.fft2`` and ``torch.fft.fftn`` transform several dimensions at
once. This script asserts each round trip and draws the 2-D spectrum of a
striped image before and after ``fftshift``.
"""

import matplotlib.pyplot as plt
import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: fft-norm
# ``norm='backward'``, ``'ortho'`` and ``'forward'``
# ---------------------------------------------------
#
# The three modes put the factor ``1 / n`` in different places:
#
# * ``'backward'`` (the default, also ``norm=None``): ``fft`` does not
#   scale, ``ifft`` divides by ``n``; ``X[0]`` is the sum of the samples;
# * ``'ortho'``: both divide by ``sqrt(n)``; the transform keeps the energy
#   ``sum(|x|**2)`` (Parseval);
# * ``'forward'``: ``fft`` divides by ``n``, ``ifft`` does not; ``X[0]`` is
#   the mean.
#
# In several dimensions ``n`` is the product of the transformed sizes.
# Each round trip is exact when both calls get the same ``norm``. Mixing
# them (``fft`` with ``'forward'``, ``ifft`` with the default) divides by
# ``n`` twice.

x = torch.randn(8, dtype=torch.float64)
n = x.shape[0]
print(f"sum(x) = {x.sum().item():.4f}, mean(x) = {x.mean().item():.4f}, energy sum(x**2) = {x.pow(2).sum().item():.4f}")
for mode in ("backward", "ortho", "forward"):
    X = torch.fft.fft(x, norm=mode)
    energy = X.abs().pow(2).sum().item()
    print(f"{mode:>8}: X[0] = {X[0].real.item():8.4f}, sum(|X|**2) = {energy:8.4f}")
    torch.testing.assert_close(torch.fft.ifft(X, norm=mode).real, x)
    torch.testing.assert_close(torch.fft.irfft(torch.fft.rfft(x, norm=mode), n=n, norm=mode), x)
torch.testing.assert_close(torch.fft.fft(x, norm="ortho").abs().pow(2).sum(), x.pow(2).sum())
torch.testing.assert_close(torch.fft.fft(x, norm="forward")[0].real, x.mean())
torch.testing.assert_close(torch.fft.fft(x, norm="ortho")[0].real, x.sum() / n**0.5)
# In 2-D, n is the product of the two sizes: 'forward' divides by 3 * 4 = 12.
a = torch.randn(3, 4, dtype=torch.float64)
torch.testing.assert_close(torch.fft.fft2(a, norm="forward")[0, 0].real, a.mean())
torch.testing.assert_close(torch.fft.fft2(a, norm="forward"), torch.fft.fft2(a) / 12)
assert torch.equal(torch.fft.fft(x), torch.fft.fft(x, norm="backward"))

mixed = torch.fft.ifft(torch.fft.fft(x, norm="forward")).real
print("ifft(fft(x, norm='forward')) / x:", [round(v, 4) for v in (mixed / x)[:4].tolist()], "| 1 / n =", 1 / n)
torch.testing.assert_close(mixed, x / n)
try:
    torch.fft.fft(x, norm="none")
except RuntimeError as err:
    print(f"norm='none' -> RuntimeError: {err}")

# %% example-for: fftshift-zero-centre
# fftshift moves the zero frequency to the centre
# -----------------------------------------------
#
# ``fft`` returns bin 0 first and the negative frequencies last.
# ``fftshift`` rolls every dimension by ``n // 2`` so that the frequencies
# increase from left to right with 0 in the middle (at index ``n // 2``);
# applied to ``fftfreq`` it gives a sorted axis. In 2-D the zero frequency
# moves from the corner ``[0, 0]`` to the centre, where a plot of the
# spectrum of an image shows it. The image here is a constant plus a cosine
# stripe with 3 periods across and 5 down: three peaks.

print("fftfreq(8):          ", torch.fft.fftfreq(8))
print("fftshift(fftfreq(8)):", torch.fft.fftshift(torch.fft.fftfreq(8)))
assert torch.equal(torch.fft.fftshift(torch.fft.fftfreq(8)), torch.fft.fftfreq(8).sort().values)

size = 32
rows, cols = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
image = 1 + torch.cos(2 * torch.pi * (5 * rows + 3 * cols) / size)
F = torch.fft.fft2(image).abs()
F_centred = torch.fft.fftshift(F)


def peaks(spectrum):
    """The (row, column) positions of the three largest values."""
    flat = spectrum.flatten().topk(3).indices
    return sorted((int(i) // size, int(i) % size) for i in flat)


print("largest bins of fft2(image):          ", peaks(F))
print("largest bins after fftshift:          ", peaks(F_centred))
print("zero frequency before / after: [0, 0] =", round(F[0, 0].item(), 1), "| [16, 16] =", round(F_centred[16, 16].item(), 1))
assert peaks(F) == [(0, 0), (5, 3), (27, 29)]
assert peaks(F_centred) == [(11, 13), (16, 16), (21, 19)]

axis = torch.fft.fftshift(torch.fft.fftfreq(size))
half_step = 0.5 / size
extent = [axis[0] - half_step, axis[-1] + half_step, axis[-1] + half_step, axis[0] - half_step]
fig, axes = plt.subplots(1, 3, figsize=(7.5, 2.6))
axes[0].imshow(image, cmap="gray")
axes[0].set_title("image", fontsize=8)
axes[1].imshow(F, cmap="magma")
axes[1].set_title("|fft2(image)|: 0 at the corner", fontsize=8)
axes[2].imshow(F_centred, cmap="magma", extent=extent)
axes[2].set_title("|fftshift(fft2(image))|", fontsize=8)
axes[2].set_xlabel("cycles per pixel (fftshift(fftfreq(32)))", fontsize=7)
for ax in axes:
    ax.tick_params(labelsize=6)
plt.tight_layout()

# %% example-for: torch.fft.fftshift
# fftshift on odd lengths, on chosen dimensions, and ifftshift
# ------------------------------------------------------------
#
# For an even ``n`` shifting twice is the identity; for an odd ``n`` it is
# not, and ``torch.fft.ifftshift`` is the inverse to use. By default every
# dimension is shifted (the batch dimensions too); ``dim=`` limits it. The
# result is a new tensor with the same values, not a view.

print("fftfreq(7):                ", torch.fft.fftfreq(7))
print("fftshift:                  ", torch.fft.fftshift(torch.fft.fftfreq(7)))
even = torch.arange(8)
print("fftshift twice, n=8:        ", torch.fft.fftshift(torch.fft.fftshift(even)))
assert torch.equal(torch.fft.fftshift(torch.fft.fftshift(even)), even)
odd = torch.arange(7)
print("fftshift twice, n=7:        ", torch.fft.fftshift(torch.fft.fftshift(odd)))
print("ifftshift(fftshift), n=7:   ", torch.fft.ifftshift(torch.fft.fftshift(odd)))
assert not torch.equal(torch.fft.fftshift(torch.fft.fftshift(odd)), odd)
assert torch.equal(torch.fft.ifftshift(torch.fft.fftshift(odd)), odd)
assert torch.equal(torch.fft.fftshift(odd), torch.roll(odd, 7 // 2))

batch = torch.arange(8).reshape(2, 4)
print("all dimensions:\n", torch.fft.fftshift(batch))
print("dim=-1 only:\n", torch.fft.fftshift(batch, dim=-1))
assert torch.equal(torch.fft.fftshift(batch, dim=-1), torch.roll(batch, 2, dims=-1))
assert torch.equal(torch.fft.fftshift(batch), torch.roll(batch, (1, 2), dims=(0, 1)))
shares = torch.fft.fftshift(batch).data_ptr() == batch.data_ptr()
print("shares memory with its input:", shares)
assert not shares

# %% example-for: torch.fft.fft2
# fft2: a 1-D fft along each of the last two dimensions
# -----------------------------------------------------
#
# ``fft2`` equals ``fft`` along the last dimension followed by ``fft``
# along the one before it. Leading dimensions are a batch: a ``(2, 3, 4)``
# tensor is two ``3 x 4`` transforms. ``s=`` gives the sizes to pad or
# truncate to; a 1-D input is refused.

a = torch.randn(3, 4)
A = torch.fft.fft2(a)
print(A.shape, A.dtype)
torch.testing.assert_close(A, torch.fft.fft(torch.fft.fft(a, dim=-1), dim=-2))
stack = torch.randn(2, 3, 4)
torch.testing.assert_close(torch.fft.fft2(stack)[1], torch.fft.fft2(stack[1]))
print("batch:", torch.fft.fft2(stack).shape, "| s=(4, 6):", torch.fft.fft2(a, s=(4, 6)).shape)
torch.testing.assert_close(torch.fft.ifft2(A).real, a)
try:
    torch.fft.fft2(torch.randn(4))
except IndexError as err:
    print(f"1-D input -> IndexError: {err}")

# %% example-for: torch.fft.fftn
# fftn: every dimension unless ``dim`` or ``s`` says otherwise
# -------------------------------------------------------------
#
# Without ``dim`` and ``s``, ``fftn`` transforms *all* dimensions, the
# batch dimension included. ``dim=(-2, -1)`` gives ``fft2``; ``s`` alone
# selects the last ``len(s)`` dimensions. On a 1-D tensor ``fftn`` is
# ``fft``.

cube = torch.randn(2, 3, 4)
print("fftn(cube):", torch.fft.fftn(cube).shape)
torch.testing.assert_close(torch.fft.fftn(cube), torch.fft.fft(torch.fft.fft2(cube), dim=0))
torch.testing.assert_close(torch.fft.fftn(cube, dim=(-2, -1)), torch.fft.fft2(cube))
same_as_fft2 = torch.allclose(torch.fft.fftn(cube), torch.fft.fft2(cube))
print("fftn(cube) == fft2(cube):", same_as_fft2)
assert not same_as_fft2
print("s=(4, 4):", torch.fft.fftn(cube, s=(4, 4)).shape)
torch.testing.assert_close(torch.fft.fftn(cube, s=(4, 4)), torch.fft.fft2(cube, s=(4, 4)))
v = torch.randn(5)
torch.testing.assert_close(torch.fft.fftn(v), torch.fft.fft(v))
torch.testing.assert_close(torch.fft.ifftn(torch.fft.fftn(cube)).real, cube)
