"""
Logging a training run with TensorBoard's SummaryWriter
=======================================================

``torch.utils.tensorboard.SummaryWriter`` writes event files that the
TensorBoard web app displays. This script logs a small training loop
(scalars, histograms, text and a matplotlib figure) into a temporary
directory, reads the event files back with TensorBoard's own reader,
``EventAccumulator``, and draws the same loss curve with matplotlib.
"""

import os
import tempfile

import matplotlib.pyplot as plt
import torch
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from torch import nn
from torch.utils.tensorboard import SummaryWriter

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# A small regression problem: y = 3x - 1 plus noise.
x = torch.linspace(-1, 1, 32).unsqueeze(1)
y = 3 * x - 1 + 0.1 * torch.randn(32, 1)

tmp = tempfile.TemporaryDirectory()  # removed at the end of the script
log_dir = os.path.join(tmp.name, "linear")

# %% example-for: torch.utils.tensorboard.writer.SummaryWriter
# Logging scalars, histograms and text during training
# ----------------------------------------------------
#
# Each ``add_*`` call takes a *tag* (slashes group tags in TensorBoard's
# interface), a value and a ``global_step``. ``add_scalar`` logs one number,
# ``add_histogram`` the distribution of a tensor's values, ``add_text`` a
# string (Markdown). ``close()`` writes everything still queued and closes
# the file.

model = nn.Linear(1, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loss_fn = nn.MSELoss()

writer = SummaryWriter(log_dir=log_dir)
writer.add_text("config", "SGD, lr=0.1, 20 steps", global_step=0)
for step in range(20):
    optimizer.zero_grad()
    loss = loss_fn(model(x), y)
    loss.backward()
    optimizer.step()
    writer.add_scalar("loss/train", loss.item(), global_step=step)
    if step % 10 == 0:
        residuals = (model(x) - y).detach()
        writer.add_histogram("residuals", residuals, global_step=step)
writer.close()
print("log_dir is the directory given:", writer.log_dir == log_dir)
print("files:", [name.split(".")[0:3] for name in os.listdir(log_dir)])
print(f"final loss {loss.item():.4f}, weight {model.weight.item():.3f}, bias {model.bias.item():.3f}")

# %% example-for: visualization-tensorboard
# Reading the event files back with TensorBoard's reader
# ------------------------------------------------------
#
# ``EventAccumulator`` is the class TensorBoard itself uses to load a run.
# ``Reload()`` reads the files, ``Tags()`` lists what each kind of summary
# holds, and ``Scalars(tag)`` returns the logged points with their step and
# value (stored as float32, hence the rounding). By default it keeps a
# sample of at most 10 000 points per scalar tag but only 1 histogram per
# tag (the last one, here); ``size_guidance`` changes that, ``0`` keeping
# everything.

acc = EventAccumulator(log_dir, size_guidance={"histograms": 0})
acc.Reload()
tags = acc.Tags()
print({kind: tags[kind] for kind in ("scalars", "histograms", "tensors")})
points = acc.Scalars("loss/train")
print("points:", len(points))
for point in points[:3] + points[-2:]:
    print(f"  step {point.step:2d}  value {point.value:.6f}")
for h in acc.Histograms("residuals"):
    hv = h.histogram_value
    print(f"  residuals at step {h.step:2d}: {int(hv.num)} values, min {hv.min:.3f}, max {hv.max:.3f}")
# with the default size_guidance, only one histogram per tag is kept
default_acc = EventAccumulator(log_dir)
default_acc.Reload()
assert [h.step for h in default_acc.Histograms("residuals")] == [10]
text = acc.Tensors("config/text_summary")[0].tensor_proto.string_val[0].decode()
print("text:", text)

# %% example-for: torch.utils.tensorboard.writer.SummaryWriter
# flush() and the context-manager form
# ------------------------------------
#
# The writer queues events and a background thread writes them out, so
# what a reader finds on disk while the writer is open is not guaranteed.
# ``flush()`` writes everything queued so far (the writer also flushes by
# itself every ``flush_secs``, 120 seconds by default). Used as a context
# manager, the writer closes itself at the end of the ``with`` block.

early_dir = os.path.join(tmp.name, "early")
with SummaryWriter(log_dir=early_dir) as writer:
    for step in range(3):
        writer.add_scalar("loss", 1.0 / (step + 1), global_step=step)
    writer.flush()
    after = EventAccumulator(early_dir)
    after.Reload()
    print("after flush, writer still open:", after.Tags()["scalars"], len(after.Scalars("loss")), "points")

# %% example-for: visualization-matplotlib
# The same curve with matplotlib, and add_figure
# ----------------------------------------------
#
# The points read back are plain numbers, so matplotlib can draw them; the
# gallery shows the figure below. ``add_figure`` stores a matplotlib figure
# in the run as an image (TensorBoard's *Images* tab); it closes the figure
# unless ``close=False`` is given, as here so that the gallery can show it.

steps = [p.step for p in points]
values = [p.value for p in points]
fig, ax = plt.subplots(figsize=(5, 3))
ax.plot(steps, values, marker="o", markersize=3)
ax.set_xlabel("step")
ax.set_ylabel("training loss (MSE)")
ax.set_yscale("log")
ax.set_title("loss/train read back from the event file")
fig.tight_layout()

with SummaryWriter(log_dir=log_dir) as writer:
    writer.add_figure("loss_curve", fig, global_step=19, close=False)
acc = EventAccumulator(log_dir)
acc.Reload()
image = acc.Images("loss_curve")[0]
print("image tags:", acc.Tags()["images"], "| size:", image.width, "x", image.height, "pixels")
plt.show()

# %%
# Clean up the temporary directory.

tmp.cleanup()
