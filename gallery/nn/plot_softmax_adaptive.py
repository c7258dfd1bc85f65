"""
AdaptiveLogSoftmaxWithLoss: clusters for large vocabularies
===========================================================

Adaptive softmax splits the classes, sorted from most to least frequent,
into a shortlist and clusters at the ``cutoffs``. The head predicts the
shortlist classes and one "cluster" entry per cluster; each cluster has its
own smaller tail network, so rare classes cost less to compute.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: torch.nn.AdaptiveLogSoftmaxWithLoss
# Cutoffs, head and tail clusters
# -------------------------------
#
# With 20 classes and ``cutoffs=[5, 12]``: classes 0-4 are the shortlist,
# 5-11 the first cluster, 12-19 the second. The head is a ``Linear`` with
# ``shortlist + n_clusters = 5 + 2 = 7`` outputs. Cluster ``i`` first
# projects the ``in_features`` down to ``in_features // div_value ** (i + 1)``
# (here 16 // 2 = 8, then 16 // 4 = 4) and then to its number of classes.

asm = nn.AdaptiveLogSoftmaxWithLoss(in_features=16, n_classes=20, cutoffs=[5, 12], div_value=2.0)
print(asm)
print("cutoffs:", asm.cutoffs, " shortlist_size:", asm.shortlist_size,
      " n_clusters:", asm.n_clusters, " head_size:", asm.head_size)
assert asm.head.out_features == asm.shortlist_size + asm.n_clusters == 7
assert [t[0].out_features for t in asm.tail] == [8, 4]
assert [t[1].out_features for t in asm.tail] == [7, 8]

# %% example-for: torch.nn.AdaptiveLogSoftmaxWithLoss
# The call returns a named tuple ``(output, loss)``
# -------------------------------------------------
#
# Calling the module with features ``(N, in_features)`` and targets ``(N,)``
# returns ``output``, the log-probability of each sample's **target** class
# (shape ``(N,)``, not the ``(N, n_classes)`` scores), and ``loss``, the
# mean of ``-output``. ``log_prob`` gives the full ``(N, n_classes)``
# log-probabilities; their exponentials sum to 1. ``predict`` returns the
# most likely class, the argmax of ``log_prob``.

features = torch.randn(4, 16)
target = torch.tensor([0, 4, 7, 19])
result = asm(features, target)
print(type(result).__name__, result._fields)
print("output:", result.output)
print("loss:  ", result.loss)
assert torch.allclose(result.loss, -result.output.mean())

log_probs = asm.log_prob(features)
print("log_prob:", tuple(log_probs.shape), " probabilities sum to", log_probs.exp().sum(dim=1))
assert torch.allclose(log_probs.exp().sum(dim=1), torch.ones(4))
assert torch.allclose(log_probs.gather(1, target[:, None]).squeeze(1), result.output, atol=1e-6)
print("predict:", asm.predict(features))
assert torch.equal(asm.predict(features), log_probs.argmax(dim=1))

# A class of a cluster: the head's log-probability of the cluster (head
# output 5 for the first cluster) plus the class's log-probability within
# the cluster. Class 7 is the third class (index 2) of the first cluster.
head_lp = torch.log_softmax(asm.head(features), dim=1)
tail_lp = torch.log_softmax(asm.tail[0](features), dim=1)
assert torch.allclose(log_probs[:, 7], head_lp[:, 5] + tail_lp[:, 2], atol=1e-6)

# Unbatched: one feature vector and a 0-d target.
print("unbatched:", asm(features[0], torch.tensor(3)))

result.loss.backward()  # trains like any other loss
print("head gradient:", tuple(asm.head.weight.grad.shape))

# %% example-for: torch.nn.AdaptiveLogSoftmaxWithLoss
# The errors: targets out of range, bad cutoffs
# ---------------------------------------------
#
# Targets must lie in ``[0, n_classes - 1]``. ``cutoffs`` must be increasing,
# unique integers between 1 and ``n_classes - 1``: a cutoff equal to
# ``n_classes`` is an error, the last cluster ends there by itself.

try:
    asm(features, torch.tensor([0, 4, 7, 20]))
except RuntimeError as err:
    print(f"RuntimeError: {err}")
for bad in ([12, 5], [5, 5], [5, 20]):
    try:
        nn.AdaptiveLogSoftmaxWithLoss(16, 20, cutoffs=bad)
    except ValueError as err:
        print(f"cutoffs={bad}: ValueError: {err}")
