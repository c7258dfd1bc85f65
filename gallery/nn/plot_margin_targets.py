"""
Inputs and targets of the margin losses, side by side
=====================================================

The eight losses of this family take very different targets: labels
``-1``/``1``, class indices, padded index lists, multi-hot tensors, or no
target at all. This script calls each one with a small batch of ``N = 3``
samples and prints the shape and dtype of what it was given and of what it
returned with ``reduction='none'``.
"""

import torch
from torch import nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output

# %% example-for: margin-loss-targets
# One call per loss
# -----------------
#
# ``N = 3`` samples, ``C = 4`` classes, embeddings of size ``D = 5``. The
# losses that compare two or three inputs take them as separate arguments.

N, C, D = 3, 4, 5
pm1 = torch.tensor([1.0, -1.0, 1.0])
calls = {
    "MarginRankingLoss": (nn.MarginRankingLoss, (torch.randn(N), torch.randn(N), pm1)),
    "HingeEmbeddingLoss": (nn.HingeEmbeddingLoss, (torch.rand(N), pm1)),
    "SoftMarginLoss": (nn.SoftMarginLoss, (torch.randn(N), pm1)),
    "CosineEmbeddingLoss": (nn.CosineEmbeddingLoss, (torch.randn(N, D), torch.randn(N, D), pm1)),
    "TripletMarginLoss": (nn.TripletMarginLoss, (torch.randn(N, D), torch.randn(N, D), torch.randn(N, D))),
    "MultiMarginLoss": (nn.MultiMarginLoss, (torch.randn(N, C), torch.tensor([0, 3, 1]))),
    "MultiLabelMarginLoss": (nn.MultiLabelMarginLoss,
                             (torch.randn(N, C), torch.tensor([[0, 2, -1, -1], [3, -1, -1, -1], [1, 0, 3, -1]]))),
    "MultiLabelSoftMarginLoss": (nn.MultiLabelSoftMarginLoss,
                                 (torch.randn(N, C), torch.tensor([[1.0, 0, 1, 0], [0, 0, 0, 1], [1, 1, 0, 1]]))),
}


def describe(t):
    return f"{tuple(t.shape)} {str(t.dtype).replace('torch.', '')}"


for name, (cls, args) in calls.items():
    out = cls(reduction="none")(*args)
    given = ", ".join(describe(a) for a in args)
    print(f"{name:<25} {given:<50} -> {describe(out)}")
    assert out.shape == (N,)
    assert cls()(*args).shape == ()
