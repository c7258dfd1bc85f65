"""
Variable-length batches: padding and packing
============================================

Sequences of different lengths are padded to one tensor, or packed so that a
recurrent layer skips the padding. This script builds both from the same
three sequences, shows what ``PackedSequence`` stores, and compares the
final states a GRU returns for each.
"""

import torch
import torch.nn as nn
from torch.nn.utils.rnn import (pack_padded_sequence, pack_sequence, pad_packed_sequence,
                                pad_sequence, unpad_sequence)

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

# Three sequences of lengths 3, 1 and 2, one feature per step: the values
# name the sequence (tens) and the step (units).
seqs = [torch.tensor([[11.0], [12.0], [13.0]]), torch.tensor([[21.0]]), torch.tensor([[31.0], [32.0]])]
lengths = [len(s) for s in seqs]

# %% example-for: torch.nn.utils.rnn.pad_sequence
# ``pad_sequence``: one tensor, padded to the longest
# ---------------------------------------------------
#
# The sequences are stacked along a new batch dimension and padded with
# ``padding_value`` (default 0) to the longest length: ``(L_max, N, *)`` by
# default, ``(N, L_max, *)`` with ``batch_first=True``. ``padding_side='left'``
# puts the padding in front.

padded = pad_sequence(seqs)
print("default:", tuple(padded.shape))
batch = pad_sequence(seqs, batch_first=True, padding_value=-1.0)
print("batch_first=True, padding_value=-1:", tuple(batch.shape))
print(batch.squeeze(-1))
print("padding_side='left':")
print(pad_sequence(seqs, batch_first=True, padding_side="left").squeeze(-1))

# %% example-for: torch.nn.utils.rnn.pack_padded_sequence
# ``pack_padded_sequence``: sorted lengths, or ``enforce_sorted=False``
# ---------------------------------------------------------------------
#
# Packing needs each sequence's length, as a list or a CPU tensor. By
# default (``enforce_sorted=True``) the lengths must decrease; ours (3, 1, 2)
# do not, and the error says so. ``enforce_sorted=False`` sorts the batch
# internally and records the order, so that outputs come back in the
# original order.

try:
    pack_padded_sequence(batch, lengths, batch_first=True)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
packed = pack_padded_sequence(batch, lengths, batch_first=True, enforce_sorted=False)
print("data:", packed.data.squeeze(-1))
print("batch_sizes:", packed.batch_sizes, "| sorted_indices:", packed.sorted_indices)

# %% example-for: torch.nn.utils.rnn.PackedSequence
# What a ``PackedSequence`` holds
# -------------------------------
#
# ``data`` has the real steps only, time step by time step: first the first
# step of every sequence (longest first), then the second steps of those
# that have one, and so on. ``batch_sizes[t]`` says how many sequences are
# still running at step ``t``, so its sum is the number of real steps.
# ``sorted_indices`` and ``unsorted_indices`` map between the original and
# the sorted order. Do not build one by hand: use the pack functions. It is
# not a tensor: layers other than the recurrent ones refuse it.

print(type(packed).__name__, "fields:", packed._fields)
print("real steps:", packed.data.shape[0], "= sum(batch_sizes) =", int(packed.batch_sizes.sum()), "=", sum(lengths))
print("unsorted_indices:", packed.unsorted_indices)
assert packed.data.shape[0] == sum(lengths)
try:
    nn.Linear(1, 2)(packed)
except TypeError as err:
    print(f"TypeError: {err}")

# %% example-for: packed-vs-padded
# Packed versus padded: what ``h_n`` holds
# ----------------------------------------
#
# A GRU run on the padded batch also steps through the padding, so its
# ``h_n`` for a short sequence is the state after the padding. Run on the
# packed batch it stops at each sequence's end: ``h_n`` holds the state of
# each sequence's last real step. The outputs of the real steps agree for
# this forward-only layer; a bidirectional layer's backward direction reads
# the padding first, so its real steps' outputs differ unless packed.

gru = nn.GRU(1, 2, batch_first=True)
inputs = pad_sequence(seqs, batch_first=True) / 10  # small inputs keep the GRU out of saturation
out_padded, h_padded = gru(inputs)
out_packed, h_packed = gru(pack_padded_sequence(inputs, lengths, batch_first=True, enforce_sorted=False))
out_unpacked, _ = pad_packed_sequence(out_packed, batch_first=True)
last_real = torch.stack([out_padded[i, n - 1] for i, n in enumerate(lengths)])
print("lengths:", lengths)
print("h_n, padded run:", h_padded[0].detach())
print("h_n, packed run:", h_packed[0].detach())
print("padded run's output at each last real step:", last_real.detach())
torch.testing.assert_close(h_packed[0], last_real)
assert not torch.allclose(h_padded[0, 1], last_real[1])  # the length-1 sequence ran through 2 pads
for i, n in enumerate(lengths):
    torch.testing.assert_close(out_unpacked[i, :n], out_padded[i, :n])
print("real steps' outputs agree: True")
bigru = nn.GRU(1, 2, batch_first=True, bidirectional=True)
bi_padded = bigru(inputs)[0]
bi_packed = pad_packed_sequence(bigru(pack_padded_sequence(inputs, lengths, batch_first=True, enforce_sorted=False))[0],
                                batch_first=True)[0]
print("bidirectional, the length-1 sequence's real step: padded", bi_padded[1, 0].detach(), "packed", bi_packed[1, 0].detach())
assert not torch.allclose(bi_padded[1, 0, 2:], bi_packed[1, 0, 2:])  # the backward half

# %% example-for: torch.nn.utils.rnn.pad_packed_sequence
# ``pad_packed_sequence``: back to a padded tensor and the lengths
# ----------------------------------------------------------------
#
# It returns ``(padded, lengths)``, in the original batch order. The padding
# is ``padding_value`` (default 0), and the length is the longest sequence's
# unless ``total_length`` asks for more, for example to match the input:
# a batch padded to 5 steps comes back with 3.

padded_out, out_lengths = pad_packed_sequence(out_packed, batch_first=True)
print("padded:", tuple(padded_out.shape), "| lengths:", out_lengths, out_lengths.dtype)
print("the length-1 sequence (1 real step, then padding):", padded_out[1].detach())
wide = pad_sequence(seqs + [torch.zeros(5, 1)], batch_first=True)[:3]  # 3 sequences padded to 5 steps
round_trip = pad_packed_sequence(pack_padded_sequence(wide, lengths, batch_first=True, enforce_sorted=False),
                                 batch_first=True)[0]
print("padded to 5:", tuple(wide.shape), "-> packed and unpacked:", tuple(round_trip.shape))
print("total_length=5:", tuple(pad_packed_sequence(out_packed, batch_first=True, total_length=5)[0].shape))

# %% example-for: torch.nn.utils.rnn.pack_sequence
# ``pack_sequence``: pack a list directly
# ---------------------------------------
#
# Without a padded tensor in between: the list is packed as it is, with the
# same ``enforce_sorted`` rule.

try:
    pack_sequence(seqs)
except RuntimeError as err:
    print(f"RuntimeError: {err}")
direct = pack_sequence(seqs, enforce_sorted=False)
assert torch.equal(direct.data, packed.data) and torch.equal(direct.batch_sizes, packed.batch_sizes)
print("equals pack_padded_sequence(pad_sequence(...)): True")
in_order = pack_sequence(sorted(seqs, key=len, reverse=True))
print("sorted by length first:", in_order.batch_sizes, "| sorted_indices:", in_order.sorted_indices)

# %% example-for: torch.nn.utils.rnn.unpad_sequence
# ``unpad_sequence``: from a padded tensor back to a list
# -------------------------------------------------------
#
# It cuts each sequence at its length and returns a list of tensors of
# different lengths, the inverse of ``pad_sequence``. The lengths must be a
# tensor: a list fails with an ``AttributeError``.

back = unpad_sequence(batch, torch.tensor(lengths), batch_first=True)
print([tuple(s.shape) for s in back])
assert all(torch.equal(a, b) for a, b in zip(back, seqs))
print("equal to the original list: True")
try:
    unpad_sequence(batch, lengths, batch_first=True)
except AttributeError as err:
    print(f"AttributeError: {err}")
