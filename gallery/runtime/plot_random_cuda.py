"""
Random numbers on CUDA
======================

Each CUDA device has its own default generator, separate from the CPU one,
and uses a different algorithm. This script shows how the CUDA generators
are seeded, how to make a private ``torch.Generator`` on a CUDA device, and
that the same seed gives different numbers on CPU and on CUDA.
"""
# requires: cuda

import torch

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: random-cpu-vs-cuda
# Same seed, different streams on CPU and CUDA
# --------------------------------------------
#
# ``torch.manual_seed`` seeds the CPU generator and the generators of all
# CUDA devices with the same value. The numbers still differ between
# devices: the CUDA generator is a different algorithm, so a result computed
# on CPU is not reproduced on CUDA (nor the other way round). On one device,
# the same seed reproduces the same numbers.

torch.manual_seed(0)
print("CPU and CUDA seed:", torch.initial_seed(), torch.cuda.initial_seed())

cpu = torch.rand(4)
cuda = torch.rand(4, device="cuda")
print("CPU: ", cpu)
print("CUDA:", cuda)
print("same numbers:", torch.equal(cpu, cuda.cpu()))

torch.manual_seed(0)
print("CUDA again after the same seed:", torch.equal(torch.rand(4, device="cuda"), cuda))

# %% example-for: random-cpu-vs-cuda
# The CUDA generator has its own state
# ------------------------------------
#
# ``torch.cuda.manual_seed`` seeds only the current CUDA device
# (``torch.cuda.manual_seed_all`` seeds every device) and leaves the CPU
# generator alone. Drawing on one device never advances the other.

torch.manual_seed(0)
cpu_expected = torch.rand(3)

torch.manual_seed(0)
torch.cuda.manual_seed(123)
_ = torch.rand(100, device="cuda")  # draws from the CUDA generator only
print("CPU sequence unchanged:", torch.equal(torch.rand(3), cpu_expected))
print("CUDA seed:", torch.cuda.initial_seed(), "CPU seed:", torch.initial_seed())

state = torch.cuda.get_rng_state()  # a uint8 tensor, like torch.get_rng_state()
before = torch.randn(3, device="cuda")
torch.cuda.set_rng_state(state)
print("CUDA replay:", torch.equal(torch.randn(3, device="cuda"), before))

# %% example-for: random-cpu-vs-cuda, torch.Generator
# A private Generator on a CUDA device
# ------------------------------------
#
# ``torch.Generator(device="cuda")`` makes a generator for the current CUDA
# device. A generator must live on the device where the numbers are drawn:
# passing a CPU generator to a CUDA sampling call is an error.

g = torch.Generator(device="cuda").manual_seed(42)
print("g.device:", g.device)
first = torch.randn(3, device="cuda", generator=g)
g.manual_seed(42)
print("reproduced:", torch.equal(torch.randn(3, device="cuda", generator=g), first))

cpu_gen = torch.Generator().manual_seed(42)
try:
    torch.randn(3, device="cuda", generator=cpu_gen)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
