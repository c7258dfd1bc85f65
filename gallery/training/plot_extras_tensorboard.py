"""
SummaryWriter's add_* methods, read back with TensorBoard
=========================================================

Each ``add_*`` method of ``SummaryWriter`` writes one kind of record into
an event file. This script writes scalars, grouped scalars, images, a
histogram and a model graph into a temporary directory, then reads every
record back with TensorBoard's own ``EventAccumulator``, the reader the
TensorBoard app uses. The last example writes profiler traces for
TensorBoard with ``tensorboard_trace_handler``.
"""

import io
import json
import os
import tempfile

import torch
import torch.nn as nn
from PIL import Image
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from torch.profiler import ProfilerActivity, profile, schedule, tensorboard_trace_handler
from torch.utils.tensorboard import SummaryWriter

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
tmp = tempfile.TemporaryDirectory()  # removed at the end of the script


def read_back(log_dir):
    """TensorBoard's reader over one run directory, keeping every record."""
    accumulator = EventAccumulator(log_dir, size_guidance={"scalars": 0, "images": 0, "histograms": 0})
    accumulator.Reload()
    return accumulator


def runs(log_dir):
    """The directories under ``log_dir`` that hold event files, relative to it."""
    return sorted(os.path.relpath(root, log_dir) for root, _, files in os.walk(log_dir)
                  if any(name.startswith("events.out.tfevents") for name in files))


# %% example-for: torch.utils.tensorboard.writer.SummaryWriter.add_scalar
# ``add_scalar``: one number per step
# -----------------------------------
#
# ``add_scalar(tag, value, global_step)`` records one point of a curve. A
# slash in the tag groups curves into sections of TensorBoard's interface.
# The value may be a Python number or a one-element tensor.

log_dir = os.path.join(tmp.name, "scalar")
with SummaryWriter(log_dir) as writer:  # the with block closes (and flushes) the writer
    for step in range(4):
        writer.add_scalar("loss/train", 1.0 / (step + 1), global_step=step)
        writer.add_scalar("lr", torch.tensor(0.1 * 0.5 ** step), global_step=step)
events = read_back(log_dir)
print("scalar tags:", events.Tags()["scalars"])
print("loss/train:", [(e.step, round(e.value, 4)) for e in events.Scalars("loss/train")])
print("lr        :", [(e.step, round(e.value, 4)) for e in events.Scalars("lr")])

# %% example-for: torch.utils.tensorboard.writer.SummaryWriter.add_scalars
# ``add_scalars``: one run directory per key
# ------------------------------------------
#
# ``add_scalars(main_tag, {"train": ..., "val": ...}, step)`` draws the
# curves in one chart, and does it by writing each key into its **own
# subdirectory**, ``<main_tag>_<key>``, with its own event file, all
# under the tag ``main_tag``. TensorBoard lists those subdirectories as
# separate runs, and the writer's own event file holds no scalar at all.

log_dir = os.path.join(tmp.name, "scalars")
with SummaryWriter(log_dir) as writer:
    for step in range(3):
        writer.add_scalars("loss", {"train": 1.0 / (step + 1), "val": 1.5 / (step + 1)}, global_step=step)
print("directories with event files:", runs(log_dir))
print("scalars in the writer's own directory:", read_back(log_dir).Tags()["scalars"])
val = read_back(os.path.join(log_dir, "loss_val"))
print("loss_val:", val.Tags()["scalars"], [round(e.value, 3) for e in val.Scalars("loss")])

# %% example-for: torch.utils.tensorboard.writer.SummaryWriter.add_image
# ``add_image``: channels first, unless told otherwise
# ----------------------------------------------------
#
# The image is expected as ``(C, H, W)`` with floats in ``[0, 1]`` (or
# ``uint8`` in ``[0, 255]``); ``dataformats="HWC"`` (or ``"HW"``) declares
# another layout. It is stored as a PNG. A ``(H, W, C)`` array passed
# without ``dataformats`` is read as ``H`` channels: with ``H`` = 4 here it
# is stored, without an error, as a wrong picture of ``6 × 3`` pixels; a
# usual ``32 × 32`` RGB image fails to encode.

red = torch.zeros(3, 4, 6)  # C=3, H=4, W=6: a red image 6 wide and 4 high
red[0] = 1.0
log_dir = os.path.join(tmp.name, "images")
with SummaryWriter(log_dir) as writer:
    writer.add_image("chw", red, global_step=0)
    writer.add_image("hwc", red.permute(1, 2, 0), global_step=0, dataformats="HWC")
    writer.add_image("hwc_undeclared", torch.zeros(4, 6, 3), global_step=0)
    try:
        writer.add_image("rgb_undeclared", torch.zeros(32, 32, 3), global_step=0)
    except TypeError as err:
        print(f"(32, 32, 3) without dataformats: TypeError: {err}")
events = read_back(log_dir)
for tag in events.Tags()["images"]:
    record = events.Images(tag)[0]
    png = Image.open(io.BytesIO(record.encoded_image_string))
    print(f"{tag:15} stored {record.width}x{record.height}, mode {png.mode}, top-left pixel {png.getpixel((0, 0))}")

# %% example-for: torch.utils.tensorboard.writer.SummaryWriter.add_histogram
# ``add_histogram``: the distribution of a tensor's values
# --------------------------------------------------------
#
# Each call stores a histogram of all values (their count, minimum,
# maximum, sum and bucket counts), so the distribution of a layer's weights
# can be followed step by step. ``bins="tensorflow"`` (the default) picks
# the bucket edges; ``"auto"`` or an integer use NumPy's.

layer = nn.Linear(100, 10)
log_dir = os.path.join(tmp.name, "histogram")
with SummaryWriter(log_dir) as writer:
    writer.add_histogram("weight", layer.weight, global_step=0)
    with torch.no_grad():
        layer.weight.mul_(3)
    writer.add_histogram("weight", layer.weight, global_step=1)
for record in read_back(log_dir).Histograms("weight"):
    h = record.histogram_value
    print(f"step {record.step}: {int(h.num)} values in [{h.min:.3f}, {h.max:.3f}], {len(h.bucket)} buckets")
bound = 1 / 100 ** 0.5  # nn.Linear's initial weights are uniform in [-1/sqrt(in), 1/sqrt(in)]
print(f"initial bound 1/sqrt(100) = {bound}")

# %% example-for: torch.utils.tensorboard.writer.SummaryWriter.add_graph
# ``add_graph``: the model as TorchScript traced it
# -------------------------------------------------
#
# ``add_graph(model, input_to_model)`` traces the model with
# ``torch.jit.trace`` (which runs it) and stores the traced graph, which TensorBoard's
# *Graphs* tab draws. The node names follow the module hierarchy.

model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 1))
log_dir = os.path.join(tmp.name, "graph")
with SummaryWriter(log_dir) as writer:
    writer.add_graph(model, torch.randn(2, 4))
graph = read_back(log_dir).Graph()
print("nodes:", len(graph.node))
for node in graph.node:
    print(f"  {node.op:14} {node.name.rsplit('/', 1)[0] if node.op.startswith('aten') else node.name}")

# %% example-for: torch.profiler.tensorboard_trace_handler
# ``tensorboard_trace_handler``: profiler traces for TensorBoard
# --------------------------------------------------------------
#
# Given as ``on_trace_ready``, it writes each finished recording of the
# schedule to ``dir_name`` as ``<worker_name>.<time in ns>.pt.trace.json``
# (``.gz`` added with ``use_gzip=True``). ``worker_name`` defaults to
# ``<host name>_<process id>``; set it per rank when several processes
# profile. The files are Chrome traces, which TensorBoard's profiler plugin
# and Perfetto display.

trace_dir = os.path.join(tmp.name, "traces")
with profile(activities=[ProfilerActivity.CPU], schedule=schedule(wait=1, warmup=1, active=2, repeat=1),
             on_trace_ready=tensorboard_trace_handler(trace_dir, worker_name="rank0")) as prof:
    for _ in range(6):
        model(torch.randn(2, 4))
        prof.step()
files = sorted(os.listdir(trace_dir))
for name in files:
    worker, time_ns, *suffix = name.split(".")
    with open(os.path.join(trace_dir, name)) as f:
        steps = sorted({e["name"] for e in json.load(f)["traceEvents"] if e.get("name", "").startswith("ProfilerStep")})
    print(f"{worker}.<{len(time_ns)}-digit time>.{'.'.join(suffix)}: {steps}")
assert len(files) == 1
tmp.cleanup()
