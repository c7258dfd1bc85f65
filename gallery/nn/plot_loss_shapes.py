"""
What each loss expects: shapes and target dtypes
================================================

One table, computed: for each loss of this page, the input and target it is
given here (shape and dtype) and the shape of its ``reduction='none'``
output. ``N`` is 4 samples, ``C`` 3 classes.
"""

import warnings

import torch
import torch.nn.functional as F
from torch import nn

_ = torch.manual_seed(0)

# %% example-for: loss-shapes
# Inputs, targets and unreduced outputs
# -------------------------------------
#
# Elementwise losses take a target of the input's shape and dtype and return
# that shape. ``CrossEntropyLoss`` and ``NLLLoss`` take ``(N, C)`` and
# ``int64`` indices ``(N,)``, and return ``(N,)``. ``CTCLoss`` returns one
# loss per sequence.

N, C, T = 4, 3, 5
logits = torch.randn(N, C)
cases = [
    ("L1Loss", nn.L1Loss, torch.randn(N, 2), torch.randn(N, 2)),
    ("MSELoss", nn.MSELoss, torch.randn(N, 2), torch.randn(N, 2)),
    ("SmoothL1Loss", nn.SmoothL1Loss, torch.randn(N, 2), torch.randn(N, 2)),
    ("BCELoss", nn.BCELoss, torch.rand(N, C), torch.randint(0, 2, (N, C)).float()),
    ("BCEWithLogitsLoss", nn.BCEWithLogitsLoss, logits, torch.randint(0, 2, (N, C)).float()),
    ("CrossEntropyLoss", nn.CrossEntropyLoss, logits, torch.randint(0, C, (N,))),
    ("CrossEntropyLoss", nn.CrossEntropyLoss, logits, torch.rand(N, C).softmax(dim=1)),
    ("NLLLoss", nn.NLLLoss, logits.log_softmax(dim=1), torch.randint(0, C, (N,))),
    ("KLDivLoss", nn.KLDivLoss, logits.log_softmax(dim=1), torch.rand(N, C).softmax(dim=1)),
    ("PoissonNLLLoss", nn.PoissonNLLLoss, torch.randn(N), torch.randint(0, 5, (N,)).float()),
]
print(f"{'loss':18} {'input':22} {'target':22} none ->")
for name, cls, inp, tgt in cases:
    out = cls(reduction="none")(inp, tgt)
    print(f"{name:18} {str(tuple(inp.shape)) + ' ' + str(inp.dtype)[6:]:22} "
          f"{str(tuple(tgt.shape)) + ' ' + str(tgt.dtype)[6:]:22} {tuple(out.shape)}")
    expected = (N,) if name in ("CrossEntropyLoss", "NLLLoss") else inp.shape
    assert out.shape == expected, name

log_probs = torch.randn(T, N, C).log_softmax(dim=2)
targets = torch.randint(1, C, (N, 2))
out = nn.CTCLoss(reduction="none")(log_probs, targets, torch.full((N,), T), torch.full((N,), 2))
print(f"{'CTCLoss':18} {str((T, N, C)) + ' float32':22} {str(tuple(targets.shape)) + ' int64':22} {tuple(out.shape)}")
assert out.shape == (N,)

# %% example-for: loss-shapes
# A target of the wrong shape: warning, error or silence
# ------------------------------------------------------
#
# A common slip is a prediction of shape ``(N,)`` against a target of shape
# ``(N, 1)``. The elementwise losses react differently: ``L1Loss``,
# ``MSELoss`` and ``SmoothL1Loss`` warn and broadcast to ``(N, N)``;
# ``BCELoss`` and ``BCEWithLogitsLoss`` raise ``ValueError``; ``KLDivLoss``
# and ``PoissonNLLLoss`` broadcast to ``(N, N)`` without any warning, and
# return a wrong loss.

# (a generator of its own, so that the cells below draw the same numbers as before)
gen = torch.Generator().manual_seed(1)
rates = torch.rand(N, generator=gen)
wrong_target = torch.rand(N, 1, generator=gen)
elementwise = [nn.L1Loss, nn.MSELoss, nn.SmoothL1Loss, nn.BCELoss, nn.BCEWithLogitsLoss,
               nn.KLDivLoss, nn.PoissonNLLLoss]
silent = []
for cls in elementwise:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out = cls(reduction="none")(rates, wrong_target)
        except ValueError as err:
            print(f"{cls.__name__:18} ValueError: {err}")
            continue
    said = [f"{w.category.__name__}: {w.message}" for w in caught]
    print(f"{cls.__name__:18} none -> {tuple(out.shape)} | {said[0] if said else 'no warning'}")
    if not said:
        silent.append(cls.__name__)
assert silent == ["KLDivLoss", "PoissonNLLLoss"]

# %% example-for: loss-modules
# A loss is a module without parameters
# -------------------------------------
#
# Loss classes derive from ``nn.Module``: build once, call like a function.
# They have no learnable parameters; a class ``weight`` or ``pos_weight`` is
# stored as a buffer, so ``.to(device)`` moves it with the module. Each has
# a function in ``torch.nn.functional`` that computes the same value.

classes = [nn.L1Loss, nn.MSELoss, nn.SmoothL1Loss, nn.CrossEntropyLoss, nn.NLLLoss,
           nn.PoissonNLLLoss, nn.KLDivLoss, nn.BCELoss, nn.BCEWithLogitsLoss, nn.CTCLoss]
functions = [F.l1_loss, F.mse_loss, F.smooth_l1_loss, F.cross_entropy, F.nll_loss,
             F.poisson_nll_loss, F.kl_div, F.binary_cross_entropy,
             F.binary_cross_entropy_with_logits, F.ctc_loss]
for cls, fn in zip(classes, functions):
    assert list(cls().parameters()) == []
print("parameters of the 10 losses:", sum(len(list(cls().parameters())) for cls in classes))
print("functional forms:", ", ".join(fn.__name__ for fn in functions))
# Each function gives the module's value, checked on the inputs of the table above.
by_class = dict(zip(classes, functions))
for name, cls, inp, tgt in cases:
    assert torch.equal(cls(reduction="none")(inp, tgt), by_class[cls](inp, tgt, reduction="none")), name
ctc_args = (log_probs, targets, torch.full((N,), T), torch.full((N,), 2))
assert torch.equal(nn.CTCLoss(reduction="none")(*ctc_args), F.ctc_loss(*ctc_args, reduction="none"))
print("module and function agree for all", len(classes), "losses")

loss_fn = nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5]))
labels = torch.randint(0, C, (N,))
print(isinstance(loss_fn, nn.Module), list(loss_fn.parameters()))
print(dict(loss_fn.named_buffers()))
print(loss_fn(logits, labels), F.cross_entropy(logits, labels, weight=loss_fn.weight))
assert torch.equal(loss_fn(logits, labels), F.cross_entropy(logits, labels, weight=loss_fn.weight))
print(dict(nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0, 1.0, 1.0])).named_buffers()))
