"""
Profiler schedules, activities and Chrome traces
================================================

A long training run is profiled over a few chosen steps: ``schedule``
decides, step by step, whether the profiler waits, warms up or records, and
``on_trace_ready`` receives each finished recording. ``ProfilerActivity``
names what is recorded (CPU operators, CUDA kernels, ...), and
``export_chrome_trace`` writes a recording as a JSON trace that
``chrome://tracing`` or Perfetto can display.
"""
# also-on: cuda

import json
import os
import tempfile
import warnings

import torch
from torch import nn
from torch.profiler import ProfilerActivity, profile, record_function, schedule

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

model = nn.Linear(8, 2)
x = torch.randn(4, 8)

# %% example-for: torch.profiler.schedule
# What a schedule returns for each step
# -------------------------------------
#
# ``schedule(wait=1, warmup=1, active=2, repeat=2)`` is a function of the
# step number. Each cycle skips ``wait`` steps, runs ``warmup`` steps with the
# profiler on but discarding the results, then records ``active`` steps; the
# last of them is ``RECORD_AND_SAVE``, the moment the trace is handed to
# ``on_trace_ready``. After ``repeat`` cycles it returns ``NONE`` for ever
# (``repeat=0``, the default, repeats until the loop ends).

my_schedule = schedule(wait=1, warmup=1, active=2, repeat=2)
for step in range(10):
    print(step, my_schedule(step))

# %% example-for: torch.profiler.schedule
# Profiling chosen steps of a training loop
# -----------------------------------------
#
# The loop must call ``prof.step()`` once per iteration: that is how the
# profiler knows the step number. Each training step is labelled with
# ``record_function`` so that the handler can print which steps a trace
# holds: steps 2-3 and 6-7, as the schedule above says. Each cycle's trace
# only holds its own events, as the profiler's warning (caught and printed
# here) says; pass ``acc_events=True`` to keep them across cycles.

optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


def trace_handler(p):
    steps = sorted({e.name for e in p.events() if e.name.startswith("train_step")})
    print(f"trace ready after step {p.step_num}: {steps}")


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with profile(
        activities=[ProfilerActivity.CPU],
        schedule=schedule(wait=1, warmup=1, active=2, repeat=2),
        on_trace_ready=trace_handler,
    ) as prof:
        for step in range(10):
            with record_function(f"train_step_{step}"):
                optimizer.zero_grad()
                model(x).square().mean().backward()
                optimizer.step()
            prof.step()
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
# one row per label name, and only the last cycle's labels are left
assert {e.key for e in prof.key_averages() if e.key.startswith("train_step")} == {"train_step_6", "train_step_7"}

# %% example-for: torch.profiler.schedule
# Common mistakes
# ---------------
#
# ``active`` must be at least 1, and the arguments are keyword-only. A loop
# that forgets ``prof.step()`` stays at step 0, which this schedule spends
# waiting: ``on_trace_ready`` is never called.

try:
    schedule(wait=1, warmup=1, active=0)
except AssertionError as err:
    print(f"AssertionError: {err}")
try:
    schedule(1, 1, 2)
except TypeError as err:
    print(f"TypeError: {err}")

ready_calls = []
with profile(
    activities=[ProfilerActivity.CPU],
    schedule=schedule(wait=1, warmup=1, active=2),
    on_trace_ready=lambda p: ready_calls.append(p.step_num),
) as prof:
    for step in range(6):
        model(x)  # no prof.step()
print("step number:", prof.step_num, "| on_trace_ready calls:", ready_calls)
assert ready_calls == []

# %% example-for: torch.profiler.ProfilerActivity
# The activities and what this machine supports
# ---------------------------------------------
#
# ``ProfilerActivity`` is an enumeration. ``CPU`` records the operators run
# on the host, ``CUDA`` the kernels and copies on NVIDIA GPUs; the others are
# for other accelerators. ``supported_activities()`` lists the ones this
# build of PyTorch can record here: on this CPU-only runner, only ``CPU``.
# Without ``activities=``, the profiler records every supported activity.

for name, member in ProfilerActivity.__members__.items():
    print(f"{name:<12} {member!r}")
print("supported here:", torch.profiler.supported_activities())

# %% example-for: torch.profiler.ProfilerActivity
# Asking for CUDA without a GPU
# -----------------------------
#
# Without a GPU, ``ProfilerActivity.CUDA`` is dropped with a ``UserWarning``.
# Next to ``CPU`` the profiler goes on with the CPU alone; asked for alone, it
# is left with nothing to record and raises an error when it starts.

print("CUDA available:", torch.cuda.is_available())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        model(x)
    try:
        with profile(activities=[ProfilerActivity.CUDA]) as prof_cuda:
            model(x)
    except AssertionError as err:
        print(f"AssertionError: {err}")
for w in caught:
    print(f"{w.category.__name__}: {w.message}")
if not torch.cuda.is_available():
    assert any("disabling CUDA profiling" in str(w.message) for w in caught)
print("ops recorded with CPU + CUDA:", len(prof.key_averages()), "distinct")

# %% example-for: profiler-chrome-trace, torch.profiler.profile.export_chrome_trace
# Writing a Chrome trace
# ----------------------
#
# ``export_chrome_trace(path)`` writes the recording as JSON in the Trace
# Event Format. Reading it back with ``json`` shows its structure: a list of
# ``traceEvents``, where the operators have the category ``cpu_op`` and the
# ``record_function`` labels ``user_annotation``, each with a start time
# ``ts`` and a duration ``dur`` in microseconds. The file's size in bytes
# changes slightly from run to run (it holds times and ids), so it is not
# printed here.

with profile(activities=[ProfilerActivity.CPU]) as prof:
    with record_function("forward"):
        model(x)

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "trace.json")
    prof.export_chrome_trace(path)
    with open(path) as f:
        trace = json.load(f)

events = trace["traceEvents"]
print("top-level keys:", sorted(trace))
ops = [e for e in events if e.get("cat") == "cpu_op"]
labels = [e for e in events if e.get("cat") == "user_annotation"]
print("cpu_op events:", len(ops), sorted({e["name"] for e in ops}))
print("user_annotation events:", [e["name"] for e in labels])
print("fields of an operator event:", sorted(ops[0]))
