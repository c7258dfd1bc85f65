"""
CTCLoss: log-probabilities, targets and their lengths
=====================================================

Connectionist temporal classification scores every alignment of a short
label sequence to a longer sequence of frames. ``CTCLoss`` needs four
tensors: the log-probabilities ``(T, N, C)``, the targets, and the length of
each input and of each target. Class 0 is the blank by default.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)

T, N, C = 6, 2, 4                                  # frames, batch, classes incl. blank 0
log_probs = torch.randn(T, N, C).log_softmax(dim=2)
targets = torch.tensor([[1, 2, 2], [3, 1, 0]])     # padded (N, S); 0 here is only padding
input_lengths = torch.tensor([6, 6])
target_lengths = torch.tensor([3, 2])

# %% example-for: torch.nn.CTCLoss
# The four arguments
# ------------------
#
# ``log_probs`` is ``(T, N, C)``, time first, from ``log_softmax`` over the
# classes. ``targets`` is either padded ``(N, S)`` or all target sequences
# concatenated into one 1-D tensor; ``target_lengths`` says how much of each
# row (or of the concatenation) belongs to each sample. Targets hold class
# indices 1 to ``C - 1``, never the blank. ``'mean'`` divides each sample's
# loss by its target length, then averages over the batch.

ctc = nn.CTCLoss()                                 # blank=0
loss = ctc(log_probs, targets, input_lengths, target_lengths)
concatenated = torch.tensor([1, 2, 2, 3, 1])
per_sample = nn.CTCLoss(reduction="none")(log_probs, targets, input_lengths, target_lengths)
print("mean:", loss, " concatenated targets:", ctc(log_probs, concatenated, input_lengths, target_lengths))
print("none:", per_sample, per_sample.shape)
assert torch.allclose(loss, ctc(log_probs, concatenated, input_lengths, target_lengths))
assert torch.allclose(loss, (per_sample / target_lengths).mean())

# %% example-for: torch.nn.CTCLoss
# Common mistakes
# ---------------
#
# Batch first ``(N, T, C)`` is read as ``(T, N, C)`` and fails on the
# lengths; raw logits instead of ``log_softmax`` output raise nothing and
# give a wrong (here negative) loss; an input length larger than ``T``
# raises.

try:
    ctc(log_probs.transpose(0, 1), targets, input_lengths, target_lengths)
except RuntimeError as err:
    print(f"(N, T, C): RuntimeError: {err}")
raw = torch.randn(T, N, C)
print("raw logits:", ctc(raw, targets, input_lengths, target_lengths))
assert ctc(raw, targets, input_lengths, target_lengths) < 0
try:
    ctc(log_probs, targets, torch.tensor([7, 6]), target_lengths)
except RuntimeError as err:
    print(f"length 7 > T: RuntimeError: {err}")

# %% example-for: torch.nn.CTCLoss
# An input too short for its target: ``inf``, or 0 with ``zero_infinity``
# -----------------------------------------------------------------------
#
# An alignment needs one frame per label, plus a blank between two equal
# neighbours: ``[1, 2, 2]`` needs 4 frames. With 3 frames no alignment
# exists, the loss is ``inf`` and the gradient holds ``nan``.
# ``zero_infinity=True`` replaces such losses (and their gradients) by 0;
# under ``'mean'`` the sample still counts in the batch average.

short = torch.tensor([3, 6])
print("3 frames:", nn.CTCLoss(reduction="none")(log_probs, targets, short, target_lengths))
print("4 frames:", nn.CTCLoss(reduction="none")(log_probs, targets, torch.tensor([4, 6]), target_lengths))
assert nn.CTCLoss(reduction="none")(log_probs, targets, torch.tensor([4, 6]), target_lengths).isfinite().all()
for zero_infinity in (False, True):
    x = log_probs.clone().requires_grad_()
    out = nn.CTCLoss(zero_infinity=zero_infinity)(x, targets, short, target_lengths)
    out.backward()
    print(f"zero_infinity={zero_infinity}: loss {out.item():.4f}, nan in grad: {x.grad.isnan().any().item()}")
    if zero_infinity:
        assert x.grad[:, 0].abs().sum() == 0    # the impossible sample adds no gradient
        zeroed = nn.CTCLoss(reduction="none", zero_infinity=True)(log_probs, targets, short, target_lengths)
        assert zeroed[0] == 0 and torch.allclose(out, (zeroed / target_lengths).mean())  # 0 in the mean
    else:
        assert out.isinf() and x.grad.isnan().any()
