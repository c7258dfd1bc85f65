"""
A LeNet-style network, layer by layer
=====================================

A small convolutional network for 28x28 grey images, in the style of LeNet-5:
two convolution blocks (``Conv2d``, ``ReLU``, ``MaxPool2d``), then
``Flatten`` and three ``Linear`` layers. The script prints the output shape
after every layer, checks the sizes against the convolution formula, and
shows how ``LazyLinear`` saves computing the flattened size by hand.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: lenet-shapes
# Output shape after every layer of a ``Sequential``
# --------------------------------------------------
#
# Iterating over a ``Sequential`` yields its layers in order; passing the
# tensor through them one at a time shows each intermediate shape. The
# first convolution pads by 2 so that 28x28 stays 28x28; the second has no
# padding, so 14x14 shrinks to 10x10; each pooling halves the size. The
# first ``Linear`` must take ``16 * 5 * 5 = 400`` features.

lenet = nn.Sequential(
    nn.Conv2d(1, 6, kernel_size=5, padding=2),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Conv2d(6, 16, kernel_size=5),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Flatten(),
    nn.Linear(16 * 5 * 5, 120),
    nn.ReLU(),
    nn.Linear(120, 84),
    nn.ReLU(),
    nn.Linear(84, 10),
)

x = torch.randn(4, 1, 28, 28)
print(f"{'input':24} {tuple(x.shape)}")
h = x
for layer in lenet:
    h = layer(h)
    n_params = sum(p.numel() for p in layer.parameters())
    print(f"{type(layer).__name__:24} {str(tuple(h.shape)):18} params {n_params}")

assert h.shape == (4, 10)
# the convolution formula with stride 1: size + 2*padding - kernel_size + 1
assert 28 + 2 * 2 - 5 + 1 == 28 and 14 - 5 + 1 == 10 and lenet[3](torch.zeros(1, 6, 14, 14)).shape[-1] == 10
assert torch.equal(h, lenet(x))
print("total parameters:", sum(p.numel() for p in lenet.parameters()))

# %% example-for: lenet-shapes
# The same shapes from forward hooks
# ----------------------------------
#
# A forward hook registered on each layer sees the layer's output during an
# ordinary call ``lenet(x)``; this also works for models whose ``forward``
# is not a plain chain. The hooks are removed afterwards.

shapes = []
handles = [
    layer.register_forward_hook(lambda mod, inp, out, name=name: shapes.append((name, type(mod).__name__, tuple(out.shape))))
    for name, layer in lenet.named_children()
]
lenet(torch.randn(1, 1, 28, 28))
for handle in handles:
    handle.remove()
for name, kind, shape in shapes:
    print(f"{name:>3} {kind:10} {shape}")

# %% example-for: lenet-shapes
# A wrong ``in_features`` fails at the first ``Linear``
# -----------------------------------------------------
#
# Feeding 32x32 images (the size of the original LeNet's input) through the
# same network gives ``16 * 6 * 6 = 576`` features after ``Flatten``, and the
# first ``Linear`` rejects them. ``LazyLinear`` reads the size on the first
# call instead; build the lazy model for the image size you will use.

try:
    lenet(torch.randn(1, 1, 32, 32))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

lazy_lenet = nn.Sequential(*list(lenet)[:7], nn.LazyLinear(120), *list(lenet)[8:])
out = lazy_lenet(torch.randn(1, 1, 32, 32))
print("LazyLinear became:", lazy_lenet[7], "| output:", tuple(out.shape))
assert lazy_lenet[7].in_features == 16 * 6 * 6
