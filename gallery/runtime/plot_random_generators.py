"""
Seeds, generators and RNG state
===============================

Every random function in PyTorch draws from a *generator*: the global CPU
generator ``torch.default_generator`` unless a ``torch.Generator`` is passed
with ``generator=``. This script shows what a seed reproduces (and what it
does not), how a private generator keeps its own state, and how to save an
RNG state and replay a sequence from it.
"""

import json
import subprocess
import sys

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: random-reproducibility, torch.manual_seed
# Same seed, same numbers
# -----------------------
#
# Seeding puts the generator into a known state, so the calls that follow
# return the same numbers every time. ``torch.manual_seed`` returns the
# global generator itself.

torch.manual_seed(42)
a = torch.rand(3)
b = torch.randn(2)

torch.manual_seed(42)
print("rand again equal: ", torch.equal(torch.rand(3), a))
print("randn again equal:", torch.equal(torch.randn(2), b))

g = torch.manual_seed(42)
print("returns torch.default_generator:", g is torch.default_generator)

# %% example-for: random-reproducibility
# Without a seed, every process starts somewhere else
# ---------------------------------------------------
#
# The global generator is seeded from a non-deterministic source when
# ``torch`` is imported. The two child processes below draw three numbers
# without a seed, then three more after ``torch.manual_seed(0)``. Only the
# seeded draws agree.

child = (
    "import json, torch\n"
    "unseeded = torch.rand(3).tolist()\n"
    "torch.manual_seed(0)\n"
    "print(json.dumps([unseeded, torch.rand(3).tolist()]))\n"
)


def run_child():
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)  # [unseeded draws, seeded draws]


(first_unseeded, first_seeded), (second_unseeded, second_seeded) = run_child(), run_child()
print("unseeded draws equal across processes:", first_unseeded == second_unseeded)
print("seeded draws equal across processes:  ", first_seeded == second_seeded)

# %% example-for: random-reproducibility
# A seed reproduces a sequence of calls, not single numbers
# ---------------------------------------------------------
#
# The same seed followed by a *different* call may give different numbers
# from the very first element. On CPU, ``randn`` switches to a vectorised
# algorithm for 16 or more elements, so ``randn(16)`` does not start with
# the values of ``randn(3)``. Reproducing a result means repeating the same
# calls, with the same shapes, in the same order.

torch.manual_seed(0)
small = torch.randn(3)
torch.manual_seed(0)
print("randn(15)[:3] == randn(3):", torch.equal(torch.randn(15)[:3], small))
torch.manual_seed(0)
print("randn(16)[:3] == randn(3):", torch.equal(torch.randn(16)[:3], small))

torch.manual_seed(0)
first, second = torch.rand(2), torch.rand(2)
torch.manual_seed(0)
print("rand(4) == rand(2) then rand(2):", torch.equal(torch.rand(4), torch.cat([first, second])))

# %% example-for: torch.manual_seed
# Which seeds are accepted
# ------------------------
#
# A seed must be an integer in ``[-2**63, 2**64)``. The value is passed
# through ``int()`` first, so ``1.9`` becomes ``1``; a negative seed is
# stored modulo ``2**64``.

torch.manual_seed(1.9)
print("manual_seed(1.9) ->", torch.initial_seed())
torch.manual_seed(-1)
print("manual_seed(-1)  ->", torch.initial_seed(), "== 2**64 - 1:", torch.initial_seed() == 2**64 - 1)
try:
    torch.manual_seed(2**64)
except (RuntimeError, ValueError) as err:
    print(f"{type(err).__name__}: {err}")

_ = torch.manual_seed(0)

# %% example-for: torch.initial_seed
# initial_seed() reports the last seed, not the current position
# ---------------------------------------------------------------
#
# Drawing numbers moves the generator forward but does not change the seed it
# was started from, so ``initial_seed()`` alone cannot restore a position in
# the sequence. Use ``get_rng_state()`` for that.

torch.manual_seed(7)
print("after manual_seed(7):", torch.initial_seed())
_ = torch.rand(100)
print("after drawing 100 numbers:", torch.initial_seed())
print("same as default_generator.initial_seed():", torch.initial_seed() == torch.default_generator.initial_seed())

# %% example-for: torch.seed
# torch.seed() picks a fresh, non-deterministic seed
# --------------------------------------------------
#
# The returned value changes from run to run, so it is not printed here:
# the example only checks what it is. ``initial_seed()`` reports it
# afterwards, which is how to log it for a later rerun with
# ``manual_seed``. The global state is saved first and restored at the end,
# so the rest of this script stays reproducible.

saved = torch.get_rng_state()

s = torch.seed()
print("type:", type(s).__name__)
print("0 <= seed < 2**64:", 0 <= s < 2**64)
print("initial_seed() == returned seed:", torch.initial_seed() == s)
print("a second call gives another seed:", torch.seed() != s)

torch.set_rng_state(saved)  # back to the state before torch.seed()

# %% example-for: torch.default_generator
# The global CPU generator
# ------------------------
#
# ``torch.default_generator`` is the ``torch.Generator`` that every CPU random
# function uses when no ``generator=`` is given. The module-level functions
# (``torch.manual_seed``, ``torch.get_rng_state`` ...) act on it.

print(type(torch.default_generator).__name__, torch.default_generator.device)

torch.manual_seed(3)
implicit = torch.rand(2)
torch.manual_seed(3)
explicit = torch.rand(2, generator=torch.default_generator)
print("generator=torch.default_generator changes nothing:", torch.equal(implicit, explicit))
print(
    "get_rng_state() is its state:",
    torch.equal(torch.get_rng_state(), torch.default_generator.get_state()),
)

# %% example-for: random-generator-objects, torch.Generator
# A Generator keeps its own state
# -------------------------------
#
# Numbers drawn with ``generator=g`` come from ``g`` only: they neither use
# nor advance the global generator, and reseeding the global generator does
# not touch ``g``. A library can therefore draw random numbers without
# shifting its caller's sequence.

torch.manual_seed(0)
expected = torch.rand(3)  # what the global generator gives after seed 0

g = torch.Generator().manual_seed(123)
torch.manual_seed(0)
_ = torch.rand(5, generator=g)  # draws from g only
print("global sequence unchanged:", torch.equal(torch.rand(3), expected))

g.manual_seed(123)
first = torch.rand(2, generator=g)
g.manual_seed(123)
torch.manual_seed(999)  # reseeding the global generator...
print("g unaffected by torch.manual_seed:", torch.equal(torch.rand(2, generator=g), first))
print("g.device:", g.device)

# %% example-for: torch.Generator
# A new Generator always starts from the same seed
# ------------------------------------------------
#
# Unlike the global generator, ``torch.Generator()`` starts from a fixed
# default seed. Two fresh generators, or a generator created again inside a
# function, give identical numbers: create it once and reuse it, or seed it
# on purpose.

g1, g2 = torch.Generator(), torch.Generator()
print("default initial_seed:", g1.initial_seed())
print("two fresh generators agree:", torch.equal(torch.rand(3, generator=g1), torch.rand(3, generator=g2)))


def noisy(x):
    return x + torch.rand(x.shape, generator=torch.Generator())  # new generator per call


x = torch.zeros(3)
print("two calls give the same noise:", torch.equal(noisy(x), noisy(x)))

# %% example-for: torch.Generator.manual_seed
# Seeding a Generator; it returns the generator itself
# ----------------------------------------------------
#
# ``manual_seed`` changes the generator in place and returns it, so creating
# and seeding fit in one expression. A CPU generator seeded with ``s`` gives
# the same numbers as the global generator seeded with ``s``.

g = torch.Generator().manual_seed(2024)
print("initial_seed:", g.initial_seed())
print("returns g:", g.manual_seed(2024) is g)

# Unlike torch.manual_seed, the method does not call int() on its argument:
# a float seed is refused, even 2.0.
for seed in (1.9, 2.0):
    try:
        g.manual_seed(seed)
    except RuntimeError as err:
        print(f"g.manual_seed({seed}) -> RuntimeError: {err}")
print("torch.manual_seed(1.9).initial_seed() ->", torch.manual_seed(1.9).initial_seed())
print("g.manual_seed(-1).initial_seed() == 2**64 - 1:", g.manual_seed(-1).initial_seed() == 2**64 - 1)

# (g was reseeded with -1 above: seed both with the same value again)
g.manual_seed(2024)
torch.manual_seed(2024)
same = torch.equal(torch.rand(4, generator=g), torch.rand(4))
assert same, "a CPU generator and the global one seeded alike should draw alike"
print("same as the global generator with the same seed:", same)

# Reseeding inside a loop restarts the sequence: every iteration draws the same.
draws = []
for _ in range(3):
    g.manual_seed(0)
    draws.append([round(v, 4) for v in torch.rand(2, generator=g).tolist()])
print("reseeded every iteration:", draws)
assert draws[0] == draws[1] == draws[2]

# %% example-for: torch.Generator.seed, torch.Generator.initial_seed
# Generator.seed(): a non-deterministic seed for one generator
# ------------------------------------------------------------
#
# Like ``torch.seed()``, ``g.seed()`` returns a seed that changes every run,
# so the value is not printed. It reseeds ``g`` only, and ``g.initial_seed()``
# reports it.

torch.manual_seed(0)
g = torch.Generator()
s = g.seed()
print("g.initial_seed() == returned seed:", g.initial_seed() == s)
print("global seed untouched:", torch.initial_seed())

g.manual_seed(5)
_ = torch.rand(10, generator=g)
print("initial_seed after drawing:", g.initial_seed())

# %% example-for: random-saving-state, torch.get_rng_state, torch.set_rng_state
# Replaying a sequence with get_rng_state / set_rng_state
# -------------------------------------------------------
#
# ``get_rng_state()`` returns a *copy* of the global CPU generator's state as
# a ``uint8`` tensor. Setting it back replays exactly the numbers drawn after
# the copy was taken, wherever the generator was in its sequence.

torch.manual_seed(0)
_ = torch.rand(10)  # somewhere in the middle of the sequence

state = torch.get_rng_state()
print("state:", state.dtype, tuple(state.shape))
before = torch.randn(4)
_ = torch.randn(100)  # move on

torch.set_rng_state(state)
print("replayed:", torch.equal(torch.randn(4), before))

# %% example-for: torch.set_rng_state
# set_rng_state accepts only a real state
# ---------------------------------------
#
# The state must be a ``torch.uint8`` tensor of the right size, normally one
# returned by ``get_rng_state()``.

try:
    torch.set_rng_state(torch.zeros(5056))  # float32, not uint8
except TypeError as err:
    print(f"TypeError: {err}")
try:
    torch.set_rng_state(torch.zeros(8, dtype=torch.uint8))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: random-saving-state, torch.Generator.get_state, torch.Generator.set_state
# The same for a Generator: get_state / set_state
# -----------------------------------------------
#
# ``g.get_state()`` and ``g.set_state(state)`` do for one generator what
# ``torch.get_rng_state()`` and ``torch.set_rng_state()`` do for the global
# one. A state can also be copied into another CPU generator, which then
# continues the same sequence.

g = torch.Generator().manual_seed(7)
_ = torch.rand(3, generator=g)

state = g.get_state()
ahead = torch.rand(4, generator=g)

print("set_state returns g:", g.set_state(state) is g)
print("g replays:", torch.equal(torch.rand(4, generator=g), ahead))

# The saved state is a snapshot: drawing does not change it, and editing the
# saved tensor does not change the generator.
snapshot = g.get_state()
copy_before = snapshot.clone()
_ = torch.rand(10, generator=g)
print("snapshot unchanged by drawing:", torch.equal(snapshot, copy_before))
snapshot.zero_()
print("generator unaffected by editing the snapshot:", not torch.equal(g.get_state(), snapshot))
assert torch.equal(copy_before, g.set_state(copy_before).get_state())

other = torch.Generator()
other.set_state(state)
print("another generator continues the sequence:", torch.equal(torch.rand(4, generator=other), ahead))
print("and takes over the seed too:", other.initial_seed())
