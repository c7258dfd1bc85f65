"""
torch.compile: first call, recompilation and dynamic shapes
===========================================================

``torch.compile`` turns a function or module into one that runs a compiled
version of it. On the CPU runner the default backend, Inductor, writes and
builds C++ code, so the first call is expensive and later calls reuse the
result. This script checks that the compiled function computes what the
original does, measures the cost of the first call against the next ones,
shows when a new input makes ``torch.compile`` compile again, and uses
``torch.compiler.is_compiling`` and ``torch.compiler.reset``.
"""

import contextlib
import io
import logging
import re
import time

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.compiler.reset()  # start from an empty compile cache, whatever ran before in this process
# set_logs() binds torch's log handlers to the sys.stderr current at the call; keep where they
# write now, to bind them there again after capturing a log
TORCH_LOG_STREAM = logging.getLogger("torch").handlers[0].stream

# %% example-for: compile-first-call, torch.compile
# The first call compiles; later calls reuse the result
# -----------------------------------------------------
#
# ``torch.compile(fn)`` returns at once: nothing is compiled until the
# first call, which traces ``fn`` into a graph and hands it to Inductor.
# Inductor fuses the element-wise operations into one C++ kernel, named
# after the kinds of operation it contains, and builds it with the
# system's C++ compiler. Its ``output_code`` log (``TORCH_LOGS=output_code``)
# holds the generated source; it is captured here and searched for the
# kernel. The compiled function gives the same values as the original (up
# to floating-point rounding, hence ``allclose``). The times are measured
# but not printed, since they change from run to run; only their ratio is
# compared with a threshold.


def gelu_ish(x):
    return 0.5 * x * (1.0 + torch.tanh(0.79788456 * (x + 0.044715 * x ** 3)))


compiled = torch.compile(gelu_ish)
x = torch.randn(1000)

code_log = io.StringIO()
with contextlib.redirect_stderr(code_log):  # the log handlers write to the stream current at this call
    torch._logging.set_logs(output_code=True)
start = time.perf_counter()
y = compiled(x)
first = time.perf_counter() - start
with contextlib.redirect_stderr(TORCH_LOG_STREAM):  # the default logs again, written where they were
    torch._logging.set_logs()

later = []
for _ in range(5):
    start = time.perf_counter()
    y = compiled(x)
    later.append(time.perf_counter() - start)

generated = code_log.getvalue()
print("C++ kernels generated:", sorted(set(re.findall(r"(cpp_fused\w*) = async_compile", generated))))
print('the source declares extern "C" functions:', 'extern "C"' in generated)
assert torch.allclose(y, gelu_ish(x), atol=1e-6)
print("same values as the eager function:", torch.allclose(y, gelu_ish(x), atol=1e-6))
print("first call more than 100x slower than the mean of the next 5:", first / (sum(later) / 5) > 100)

# %% example-for: torch.compile
# Compiling a module
# ------------------
#
# ``torch.compile(module)`` returns an ``OptimizedModule`` that wraps the
# original (kept as ``_orig_mod``); it shares its parameters. It can also
# be used as a decorator, ``@torch.compile`` or
# ``@torch.compile(fullgraph=True)``. ``backend="eager"`` here skips code
# generation, which this cell does not need.

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
opt_model = torch.compile(model, backend="eager")
print(type(opt_model).__name__, "| wraps the same module:", opt_model._orig_mod is model)
print("same parameter objects:", all(a is b for a, b in zip(opt_model.parameters(), model.parameters())))
inputs = torch.randn(3, 4)
assert torch.equal(opt_model(inputs), model(inputs))
print("output shape:", tuple(opt_model(inputs).shape))


@torch.compile(backend="eager")
def decorated(a, b):
    return a @ b + 1


print("decorated:", decorated(torch.ones(2, 3), torch.ones(3, 2)).tolist())

# %% example-for: compile-recompile
# A new shape or dtype compiles again; then the shape becomes dynamic
# -------------------------------------------------------------------
#
# A compiled graph is stored with *guards*: conditions on the inputs
# (shape, dtype, device, ...) under which it is valid. A call that fails
# every stored graph's guards compiles a new one. The first time a size
# changes, ``torch.compile`` compiles a graph in which that size is
# symbolic (a ``SymInt``), so later sizes reuse it; a new dtype compiles
# again.
#
# A backend is any callable that receives the captured FX graph and example
# inputs and returns something to run. The recording backend below keeps a
# note of every graph it is given and runs it as it is. The recompilations
# are decided before the backend is called, so they are the same with
# Inductor. The reasons come from the compiler's ``recompiles`` log
# (``TORCH_LOGS=recompiles``), captured here instead of going to stderr.
# The float64 call failed the guards of both stored graphs, so it lists
# two reasons.

compiled_graphs = []


def recording_backend(gm, example_inputs):
    dynamic = any(isinstance(a, torch.SymInt) for a in example_inputs)
    compiled_graphs.append("dynamic" if dynamic else "static")
    return gm.forward


def scale(x):
    return torch.sin(x) * 2


compiled_scale = torch.compile(scale, backend=recording_backend)

log = io.StringIO()
with contextlib.redirect_stderr(log):
    torch._logging.set_logs(recompiles=True)
print("after torch.compile, before any call -> graphs so far:", compiled_graphs)
calls = [torch.randn(8), torch.randn(8), torch.randn(9), torch.randn(10), torch.randn(10, dtype=torch.float64)]
for arg in calls:
    compiled_scale(arg)
    print(f"input {str(arg.dtype):13} {str(tuple(arg.shape)):5} -> graphs so far: {compiled_graphs}")
with contextlib.redirect_stderr(TORCH_LOG_STREAM):  # the default logs again, written where they were
    torch._logging.set_logs()

print("guard failures that caused a recompilation:")
for line in log.getvalue().splitlines():
    reason = re.search(r"\[__recompiles\]\s+- (?:\d+/\d+: )?(.*)", line)
    if reason:
        print("  -", reason.group(1))

# %% example-for: compile-recompile
# ``dynamic=True`` and ``dynamic=False``
# --------------------------------------
#
# ``dynamic=None`` (the default) is the behaviour above: specialise on the
# first sizes, make them symbolic after the first change. ``dynamic=True``
# compiles a symbolic graph from the first call; ``dynamic=False`` never
# does, and compiles one graph per size.

for dynamic in (True, False):
    compiled_graphs.clear()
    fn = torch.compile(scale, backend=recording_backend, dynamic=dynamic)
    for n in (8, 9, 10):
        fn(torch.randn(n))
    print(f"dynamic={dynamic}: sizes 8, 9, 10 -> graphs {compiled_graphs}")

# %% example-for: torch.compiler.is_compiling
# Code that runs only outside compilation
# ---------------------------------------
#
# ``torch.compiler.is_compiling()`` is ``True`` while ``torch.compile`` or
# ``torch.export`` traces the function, and ``False`` when the code runs
# eagerly. The branch is decided during tracing, so the graph contains only
# the side taken then. Here an input check that reads tensor values, which
# would split the graph, runs in eager mode only. ``torch._dynamo.explain``
# (see the graph breaks example) confirms one graph with no break, and the
# function exports.


def safe_log(x):
    if not torch.compiler.is_compiling():
        if (x <= 0).any():
            raise ValueError("safe_log needs positive inputs")
    return torch.log(x)


print("outside compilation:", torch.compiler.is_compiling())
try:
    safe_log(torch.tensor([1.0, -1.0]))
except ValueError as err:
    print(f"eager: ValueError: {err}")
explanation = torch._dynamo.explain(safe_log)(torch.tensor([1.0, 2.0]))
print("explain: graphs", explanation.graph_count, "| graph breaks", explanation.graph_break_count)
compiled_log = torch.compile(safe_log, backend="eager")
print("compiled, no check:", compiled_log(torch.tensor([1.0, -1.0])).tolist())


class SafeLog(nn.Module):
    def forward(self, x):
        return safe_log(x)


exported = torch.export.export(SafeLog(), (torch.tensor([1.0, 2.0]),))
print("exported, no check:", exported.module()(torch.tensor([1.0, -1.0])).tolist())

# %% example-for: torch.compiler.reset
# ``torch.compiler.reset`` forgets every compiled graph
# -----------------------------------------------------
#
# Compiled graphs are cached with the function's code, not with the object
# that ``torch.compile`` returns: a second ``torch.compile`` of the same
# function (with the same backend) reuses the graph of the first.
# ``torch.compiler.reset()`` clears these caches, so the next call compiles
# again. Use it between experiments, as this gallery does, to keep counts
# independent; a program has no need for it.

torch.compiler.reset()
compiled_graphs.clear()
first_wrapper = torch.compile(scale, backend=recording_backend)
first_wrapper(torch.randn(4))
second_wrapper = torch.compile(scale, backend=recording_backend)
second_wrapper(torch.randn(4))
print("two torch.compile(scale) objects, one call each -> graphs compiled:", len(compiled_graphs))
torch.compiler.reset()
second_wrapper(torch.randn(4))
print("after torch.compiler.reset(), one more call -> graphs compiled:", len(compiled_graphs))
