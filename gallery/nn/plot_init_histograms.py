"""
What each initializer draws: histograms
=======================================

The same ``(256, 512)`` weight, the shape of ``nn.Linear(512, 256)``, filled
by six initializers with the same seed. Uniform initializers give a flat
block between two bounds, normal ones a bell curve; the formulas set the
width from the fans and the gain.
"""

import math

import matplotlib.pyplot as plt
import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: init-histograms, torch.nn.init.xavier_uniform_, torch.nn.init.kaiming_normal_
# Six initializers on one weight shape
# ------------------------------------
#
# fan_in is 512 and fan_out 256. All panels share their axes, so the widths
# compare directly. Each panel gives the standard deviation of the drawn
# values; the printed table compares it with the formula.

shape = (256, 512)
fan_in, fan_out = 512, 256
relu_gain = nn.init.calculate_gain("relu")
initializers = {
    "uniform_(-0.1, 0.1)": (lambda w: nn.init.uniform_(w, -0.1, 0.1), 0.2 / math.sqrt(12)),
    "normal_(std=0.02)": (lambda w: nn.init.normal_(w, std=0.02), 0.02),
    "xavier_uniform_": (nn.init.xavier_uniform_, math.sqrt(2 / (fan_in + fan_out))),
    "xavier_normal_": (nn.init.xavier_normal_, math.sqrt(2 / (fan_in + fan_out))),
    "kaiming_uniform_ (relu)": (
        lambda w: nn.init.kaiming_uniform_(w, nonlinearity="relu"), relu_gain / math.sqrt(fan_in)),
    "kaiming_normal_ (relu)": (
        lambda w: nn.init.kaiming_normal_(w, nonlinearity="relu"), relu_gain / math.sqrt(fan_in)),
}

fig, axes = plt.subplots(2, 3, figsize=(7.5, 4.2), sharex=True, sharey=True)
print(f"{'initializer':<24} {'formula std':>11} {'drawn std':>10}")
for ax, (name, (init, std)) in zip(axes.flat, initializers.items()):
    w = init(torch.empty(shape))
    drawn = w.std().item()
    print(f"{name:<24} {std:>11.5f} {drawn:>10.5f}")
    assert math.isclose(drawn, std, rel_tol=0.01)
    ax.hist(w.flatten().numpy(), bins=60, color="tab:blue")
    ax.set_title(f"{name}\nstd {drawn:.4f}", fontsize=8)
    ax.tick_params(labelsize=7)
for ax in axes[1]:
    ax.set_xlabel("weight value", fontsize=8)
for ax in axes[:, 0]:
    ax.set_ylabel("count", fontsize=8)
plt.tight_layout()
plt.show()

# Kaiming for ReLU is wider than Xavier here because of its gain sqrt(2):
# without the gain, 1 / sqrt(fan_in) would be narrower than Xavier's std,
# since fan_in (512) is larger than the average of the two fans (384).
xavier_std = math.sqrt(2 / (fan_in + fan_out))
assert relu_gain / math.sqrt(fan_in) > xavier_std > 1 / math.sqrt(fan_in)
