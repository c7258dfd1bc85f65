"""
Trigonometric and hyperbolic functions
======================================

``cos``, ``tan``, their inverses ``asin``, ``acos``, ``atan`` and ``atan2``,
and the hyperbolic ``sinh``, ``cosh`` and ``tanh`` all work in radians,
element by element, and return ``float32`` for integer input. The figures
show the curves and the four quadrants of ``atan2``; the printed values show
where ``float32`` gives results a learner does not expect.
"""

import math

import matplotlib.pyplot as plt
import torch

# %% example-for: torch.cos, torch.tan
# cos and tan take radians
# ------------------------
#
# ``pi / 2`` cannot be stored exactly in ``float32``, so ``cos(pi / 2)`` is
# not exactly 0 and ``tan(pi / 2)`` is a large finite number, not ``inf``.
# Degrees must be converted first (``torch.deg2rad``).

x = torch.tensor([0.0, math.pi / 6, math.pi / 4, math.pi / 2, math.pi])
print("x      :", x)
print("cos(x) :", torch.cos(x))
print("tan(x) :", torch.tan(x))
print("cos(pi/2) == 0:", torch.cos(x[3]).item() == 0.0)
print("tan(pi/2) float32:", torch.tan(x[3]).item())
print("tan(pi/2) float64:", torch.tan(torch.tensor(math.pi / 2, dtype=torch.float64)).item())
assert x[3].cos().item() != 0.0 and math.isfinite(x[3].tan().item())
print("cos(60 degrees):", torch.cos(torch.deg2rad(torch.tensor(60.0))).item())
print("integer input:", torch.cos(torch.tensor([0, 1])).dtype, torch.tan(torch.tensor([0, 1])).dtype)
# cos_ and tan_ overwrite the tensor and return it; they cannot change its
# dtype, so on an integer tensor they fail instead of giving float32.
c, t = x.clone(), x.clone()
print("cos_ returns self:", c.cos_() is c, "| tan_ returns self:", t.tan_() is t,
      "| same values as cos, tan:", torch.equal(c, torch.cos(x)), torch.equal(t, torch.tan(x)))
try:
    torch.tensor([0, 1]).cos_()
except RuntimeError as err:
    print(f"int64 cos_: RuntimeError: {err}")

# %% example-for: torch.asin, torch.acos, torch.atan
# The inverse functions and their ranges
# --------------------------------------
#
# ``asin`` returns angles in [-pi/2, pi/2] and ``acos`` in [0, pi]; both are
# only defined on [-1, 1] and give ``nan`` outside it, without an error.
# ``atan`` accepts every real number and returns angles between -pi/2 and
# pi/2, which it reaches at ``-inf`` and ``inf``. ``torch.arcsin``,
# ``torch.arccos`` and ``torch.arctan`` are aliases.

s = torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0, 1.5])
print("asin:", torch.asin(s))
print("acos:", torch.acos(s))
print("atan:", torch.atan(torch.tensor([-math.inf, -1.0, 0.0, 1.0, math.inf])))
assert torch.isnan(s.asin()[-1]) and torch.isnan(s.acos()[-1])
assert torch.equal(torch.arcsin(s), torch.asin(s)) is False  # nan != nan
assert torch.allclose(torch.arcsin(s), torch.asin(s), equal_nan=True)
assert torch.allclose(torch.arccos(s), torch.acos(s), equal_nan=True)
assert torch.equal(torch.arctan(s), s.atan())
# A value a rounding error outside [-1, 1] is enough for nan: clamp first.
cosine = torch.tensor(1.0000001)
print("acos(1.0000001):", torch.acos(cosine).item(), "| after clamp:", torch.acos(cosine.clamp(-1, 1)).item())
# The in-place forms overwrite a copy of s and return it.
a, c, t = s.clone(), s.clone(), s.clone()
print("asin_, acos_, atan_ return self:", a.asin_() is a, c.acos_() is c, t.atan_() is t)
print("a after asin_:", a)

# %% example-for: mathmore-atan2-quadrant, torch.atan2, torch.atan
# atan2(y, x): y first, and the right quadrant
# --------------------------------------------
#
# ``atan2(input, other)`` is the angle of the point ``(x, y) = (other,
# input)``, in [-pi, pi]. ``atan(y / x)`` loses the quadrant: the points
# ``(1, 1)`` and ``(-1, -1)`` give the same ratio. The sign of a zero decides
# between pi and -pi on the negative x axis. The two arguments broadcast.

y = torch.tensor([1.0, 1.0, -1.0, -1.0, 0.0, -0.0, 1.0, 0.0])
x = torch.tensor([1.0, -1.0, -1.0, 1.0, -1.0, -1.0, 0.0, 0.0])
angle = torch.atan2(y, x)
for yi, xi, a, b in zip(y.tolist(), x.tolist(), angle, torch.atan(y / x)):
    print(f"y={yi:5.1f} x={xi:5.1f}  atan2 {math.degrees(a):7.1f} deg  atan(y/x) {math.degrees(b):7.1f} deg")
assert torch.allclose(torch.rad2deg(angle[:4]), torch.tensor([45.0, 135.0, -135.0, -45.0]))
pi32 = torch.tensor(math.pi)  # pi rounded to float32
assert angle[4] == pi32 and angle[5] == -pi32
assert angle[6] == pi32 / 2 and angle[7] == 0  # x = 0 needs no division
# Swapping the arguments is not an error, just a different angle: the one
# measured from the y axis (here the two add up to pi/2).
print("atan2(1, 2) =", torch.atan2(torch.tensor(1.0), torch.tensor(2.0)).item(),
      "| atan2(2, 1) =", torch.atan2(torch.tensor(2.0), torch.tensor(1.0)).item())
assert torch.isclose(torch.atan2(torch.tensor(1.0), torch.tensor(2.0)) + torch.atan2(torch.tensor(2.0), torch.tensor(1.0)),
                     torch.tensor(math.pi / 2))
print("y of shape (2, 1), x of shape (3,):", tuple(torch.ones(2, 1).atan2(torch.ones(3)).shape))
print("torch.arctan2 gives the same:", torch.equal(torch.arctan2(y, x), angle))
# atan2_ overwrites y with the angles; in place only `other` can broadcast.
yy = y.clone()
out = yy.atan2_(x)
print("atan2_ in place:", torch.equal(yy, angle), "| returns yy itself:", out is yy)
try:
    torch.ones(2, 1).atan2_(torch.ones(3))
except RuntimeError as err:
    print(f"(2, 1).atan2_((3,)): RuntimeError: {err}")

# %% example-for: mathmore-atan2-quadrant
# The four quadrants, drawn
# -------------------------
#
# Left: the angle ``atan2(y, x)`` on a grid of points, with its jump from pi
# to -pi along the negative x axis. Right: ``atan(y / x)`` on the same grid,
# which gives each point of the left half plane the angle of the opposite
# point, in the right half.

g = torch.linspace(-1, 1, 201)
Y, X = torch.meshgrid(g, g, indexing="ij")
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(7.5, 3.2), layout="constrained")
for ax, values, title in ((ax1, torch.atan2(Y, X), "atan2(y, x)"), (ax2, torch.atan(Y / X), "atan(y / x)")):
    image = ax.imshow(values, origin="lower", extent=(-1, 1, -1, 1), cmap="coolwarm", vmin=-math.pi, vmax=math.pi)
    ax.set_title(title)
    ax.set_xlabel("x")
ax1.set_ylabel("y")
fig.colorbar(image, ax=(ax1, ax2), label="angle (radians)")
plt.show()

# %% example-for: torch.sinh, torch.cosh, torch.tanh
# The hyperbolic functions
# ------------------------
#
# ``cosh(x)**2 - sinh(x)**2`` is 1 up to rounding, and ``tanh = sinh / cosh``.
# ``sinh`` and ``cosh`` grow like ``exp(|x|) / 2`` and overflow ``float32``
# to ``inf`` between x = 88 and x = 90 (where exactly depends on the code
# path). ``tanh`` stays in [-1, 1]; in ``float32`` it is exactly 1.0 at
# x = 9.1 but not yet at x = 9.0, and where it is 1.0 its gradient is 0.

t = torch.tensor([-2.0, 0.0, 1.0, 88.0, 90.0])
print("sinh:", torch.sinh(t))
print("cosh:", torch.cosh(t))
print("tanh:", torch.tanh(t))
one = torch.tensor(1.0)
print("cosh(1)**2 - sinh(1)**2 =", (torch.cosh(one) ** 2 - torch.sinh(one) ** 2).item())
assert torch.isinf(torch.sinh(t[-1])) and torch.isfinite(torch.sinh(t[-2]))
assert torch.isinf(torch.cosh(t[-1])) and torch.isfinite(torch.cosh(t[-2]))
assert torch.allclose(t[:3].tanh(), t[:3].sinh() / t[:3].cosh())
ends = torch.tanh(torch.tensor([9.0, 9.1]))
print("tanh(9.0) == 1:", ends[0].item() == 1.0, "| tanh(9.1) == 1:", ends[1].item() == 1.0)
assert ends[0] < 1 and ends[1] == 1
ten = torch.tensor(10.0, requires_grad=True)
torch.tanh(ten).backward()
print("gradient of tanh at 10:", ten.grad.item())
assert ten.grad.item() == 0.0
print("integer input:", torch.tanh(torch.tensor([1, 2])).dtype, torch.sinh(torch.tensor([1, 2])).dtype)
sh, ch, th = t.clone(), t.clone(), t.clone()
print("sinh_, cosh_, tanh_ return self:", sh.sinh_() is sh, ch.cosh_() is ch, th.tanh_() is th)
print("th after tanh_:", th)

# %% example-for: torch.cos, torch.tan, torch.tanh, torch.sinh, torch.cosh
# The curves
# ----------
#
# Left: ``cos`` and ``tan`` over two periods (``tan`` cut at +-4 near its
# poles). Right: ``sinh``, ``cosh`` and ``tanh``; ``tanh`` is the S-shaped
# curve between -1 and 1 that activation functions use.

x = torch.linspace(-2 * math.pi, 2 * math.pi, 801)
tan = torch.tan(x)
h = torch.linspace(-3, 3, 301)
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(7, 3.2))
ax1.plot(x, torch.cos(x), label="cos")
ax1.plot(x, torch.where(tan.abs() < 4, tan, float("nan")), label="tan")
ax1.set_ylim(-4, 4)
ax1.set_xlabel("x (radians)")
ax1.grid(True)
ax1.legend(fontsize=8)
for fn in (torch.sinh, torch.cosh, torch.tanh):
    ax2.plot(h, fn(h), label=fn.__name__)
ax2.set_ylim(-4, 4)
ax2.set_xlabel("x")
ax2.grid(True)
ax2.legend(fontsize=8)
plt.tight_layout()
plt.show()
