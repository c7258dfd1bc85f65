"""
Activation checkpointing: recompute instead of store
====================================================

``torch.utils.checkpoint.checkpoint`` runs a part of the forward pass
without keeping its intermediate tensors for backward, and runs it again
during the backward pass to get them. This script counts the tensors saved
for backward with and without it, asserts equal gradients, and shows that
random operations such as dropout draw the same numbers the second time.
"""

import warnings

import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint, checkpoint_sequential

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)


def block():
    return nn.Sequential(nn.Linear(32, 32), nn.GELU(), nn.Dropout(0.1), nn.Linear(32, 32), nn.GELU())


class Saved:
    """Counts the tensors autograd saves for backward while the context is active."""

    def __enter__(self):
        self.count = 0

        def pack(tensor):
            self.count += 1
            return tensor

        self.hooks = torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor)
        self.hooks.__enter__()
        return self

    def __exit__(self, *exc):
        self.hooks.__exit__(*exc)


# %% example-for: utilities-checkpoint, torch.utils.checkpoint.checkpoint
# Fewer saved tensors, the same gradients
# ---------------------------------------
#
# Four blocks, the middle two checkpointed. Inside a checkpoint only the
# block's input is kept; the rest is recomputed in backward. Dropout draws
# the same mask both times because ``checkpoint`` restores the random state
# (``preserve_rng_state=True``), so the gradients are equal exactly.

model = nn.Sequential(*[block() for _ in range(4)])
x = torch.randn(16, 32, requires_grad=True)


def forward(use_checkpoint):
    _ = torch.manual_seed(1)
    h = model[0](x)
    for part in model[1:3]:
        h = checkpoint(part, h, use_reentrant=False) if use_checkpoint else part(h)
    return model[3](h)


grads = {}
for use_checkpoint in (False, True):
    model.zero_grad()
    x.grad = None
    with Saved() as saved:
        out = forward(use_checkpoint)
    out.square().mean().backward()
    grads[use_checkpoint] = [p.grad.clone() for p in model.parameters()] + [x.grad.clone()]
    print(f"checkpoint={use_checkpoint!s:5}: tensors saved for backward during forward: {saved.count}")
assert all(torch.equal(a, b) for a, b in zip(grads[False], grads[True]))
print("gradients equal:", True)

# %% example-for: torch.utils.checkpoint.checkpoint
# Pass ``use_reentrant`` explicitly
# ---------------------------------
#
# Without it, ``checkpoint`` warns. ``use_reentrant=False`` is the variant
# the warning recommends. One difference: when no input requires grad, as
# for a first block fed with data, the older ``use_reentrant=True`` returns
# an output without a gradient, so the block's parameters get none.

frozen_input = torch.randn(4, 32)  # requires_grad=False, as a first layer's data
part = block()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    checkpoint(part, frozen_input)
print("no use_reentrant:", str(caught[0].message)[:90], "...")
for reentrant in (False, True):
    part.zero_grad()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the reentrant variant warns that no input requires grad
        out = checkpoint(part, frozen_input, use_reentrant=reentrant)
    if out.requires_grad:
        out.sum().backward()
    print(f"use_reentrant={reentrant!s:5}: output requires grad {out.requires_grad}, "
          f"first weight's grad is {'set' if part[0].weight.grad is not None else 'None'}")

# %% example-for: torch.utils.checkpoint.checkpoint_sequential
# ``checkpoint_sequential``: a Sequential in segments
# ---------------------------------------------------
#
# It splits an ``nn.Sequential`` into ``segments`` runs of layers and
# checkpoints each run but the last. The gradients equal the plain
# forward's.

seq = nn.Sequential(*[nn.Linear(32, 32) for _ in range(6)])
inp = torch.randn(8, 32, requires_grad=True)
with Saved() as plain:
    out = seq(inp)
out.sum().backward()
reference = inp.grad.clone()
inp.grad = None
with Saved() as segmented:
    out = checkpoint_sequential(seq, segments=3, input=inp, use_reentrant=False)
out.sum().backward()
print("saved tensors: plain", plain.count, "in 3 segments", segmented.count)
assert torch.allclose(inp.grad, reference)
