"""
Profiling a model on the CPU with torch.profiler
================================================

``torch.profiler.profile`` records every operator that runs inside its
``with`` block; ``key_averages()`` groups the records by operator name and
``table()`` prints them. Timings change on every run, so this script masks
every time and percentage figure of the table with a small helper and prints
the parts that do not change: operator names, call counts and input shapes.
"""

import re

import torch
from torch import nn
from torch.profiler import ProfilerActivity, profile, record_function

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# A time such as 6.522ms / 41.032us / 1.2s, or a percentage such as 63.45%,
# with the spaces that right-align it in its column.
FIGURE = re.compile(r" *-?\d+\.\d+(?:%|us|ms|s)(?![\w%])")
TOTAL = re.compile(r"(time total: )\S+")


def mask_figures(table):
    """Replace each time and percentage in a profiler table by '<t>', keeping the column widths."""
    table = TOTAL.sub(r"\1<t>", table)
    return FIGURE.sub(lambda m: "<t>".rjust(len(m.group(0))), table)


model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
x = torch.randn(4, 8)

# %% example-for: profiler-table
# The table of key_averages()
# ---------------------------
#
# The columns are the time spent in the operator itself (*Self CPU*), the
# time including the operators it called (*CPU total*), their share of the
# whole, the average per call and the number of calls. Without ``sort_by``
# the rows keep the order in which the operators first ran. The helper
# ``mask_figures`` replaces every time and percentage by ``<t>`` so that the
# output is the same on every build: on your machine you see real numbers.

with profile(activities=[ProfilerActivity.CPU]) as prof:
    y = model(x)

print(mask_figures(prof.key_averages().table()))

# %% example-for: profiler-table, torch.profiler.profile.key_averages
# Names and call counts from the events
# -------------------------------------
#
# ``key_averages()`` returns a list of averaged events; each has the
# operator name as ``key`` and the number of calls as ``count``. A
# ``nn.Linear`` runs ``aten::linear``, which for a 2-D input calls
# ``aten::addmm`` (bias plus matrix product) on the transposed weight
# (``aten::t``). ``sort_by="count"`` orders the table by the call counts
# (``"cpu_time_total"`` or ``"self_cpu_time_total"`` are the usual choices).

averages = prof.key_averages()
for event in averages:
    print(f"{event.key:<20} calls={event.count}")
counts = {event.key: event.count for event in averages}
assert counts["aten::linear"] == 2 and counts["aten::addmm"] == 2 and counts["aten::relu"] == 1

# %% example-for: torch.profiler.profile, torch.profiler.profile.key_averages
# Input shapes with record_shapes=True
# ------------------------------------
#
# With ``record_shapes=True`` the profiler also stores the shapes of each
# operator's inputs, and ``key_averages(group_by_input_shape=True)`` keeps
# the calls with different shapes apart: the two ``aten::addmm`` calls become
# two rows. The inputs of ``addmm`` are the bias, the input, the transposed
# weight, and the two scalars ``beta`` and ``alpha`` (shape ``[]``).

# without record_shapes there are no shapes to separate: a single row
assert [e.count for e in prof.key_averages(group_by_input_shape=True) if e.key == "aten::addmm"] == [2]

with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
    y = model(x)

for event in prof.key_averages(group_by_input_shape=True):
    if event.key == "aten::addmm":
        print(event.key, "calls:", event.count, "input shapes:", event.input_shapes)

# %% example-for: torch.profiler.profile
# Module names: ``with_stack=True``, not ``with_modules=True``
# ------------------------------------------------------------
#
# ``with_modules=True`` records the module hierarchy only for TorchScript
# models, as its documentation says; for an ordinary module it adds nothing.
# ``with_stack=True`` is what adds an event per module call, named
# ``nn.Module: <class>_<index>``; the operators the module ran are nested
# under it (``ops_under`` follows the nesting, through the Python frames).


def module_events(**options):
    with profile(activities=[ProfilerActivity.CPU], **options) as p:
        model(x)
    return p, sorted({e.name for e in p.events() if e.name.startswith("nn.Module")})


def ops_under(event):
    """The first aten operators below ``event``, not entering nested modules."""
    found = []
    for child in event.cpu_children:
        if child.name.startswith("aten::"):
            found.append(child.name)
        elif not child.name.startswith("nn.Module"):
            found.extend(ops_under(child))
    return found


for options in ({}, {"with_modules": True}, {"with_stack": True}):
    print(f"{str(options):22} module events: {module_events(**options)[1]}")
assert module_events(with_modules=True)[1] == [] and module_events(with_stack=True)[1]
stacked, _ = module_events(with_stack=True)
for event in stacked.events():
    if event.name.startswith("nn.Module"):
        print(f"{event.name:25} ran {ops_under(event)}")
assert "only for TorchScript models" in " ".join(profile.__doc__.split())  # torch's own docstring

# %% example-for: torch.profiler.record_function
# Labelling your own code with record_function
# --------------------------------------------
#
# ``record_function(name)`` adds a row of its own, covering everything that
# runs inside it, so that the parts of a training step can be told apart in
# the table. Labels can be nested; each event knows the events it called
# (``cpu_children``; the backward ones are named
# ``autograd::engine::evaluate_function: ...``, shortened here).

with profile(activities=[ProfilerActivity.CPU]) as prof:
    with record_function("forward"):
        loss = model(x).square().mean()
    with record_function("backward"):
        loss.backward()

counts = {event.key: event.count for event in prof.key_averages()}
print("forward:", counts["forward"], "backward:", counts["backward"])
for event in prof.events():
    if event.name in ("forward", "backward"):
        children = [c.name.replace("autograd::engine::evaluate_function: ", "") for c in event.cpu_children]
        print(event.name, "->", children)

# %% example-for: torch.profiler.record_function
# record_function as a decorator, and outside a profiler
# -------------------------------------------------------
#
# ``record_function`` also decorates a function: every call becomes an
# event with that name. Outside a profiler it records nothing and costs
# very little, so labels can stay in the code.


@record_function("normalise")
def normalise(t):
    return (t - t.mean()) / t.std()


with profile(activities=[ProfilerActivity.CPU]) as prof:
    normalise(x)
    normalise(x)

print([event.key for event in prof.key_averages() if event.key == "normalise"],
      "calls:", {e.key: e.count for e in prof.key_averages()}["normalise"])
out = normalise(x)  # no profiler active: runs normally
print(out.shape)
