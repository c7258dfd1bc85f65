"""
Inside the recurrent layers: gates and cells
============================================

The weights of ``LSTM`` and ``GRU`` stack their gates in a fixed order. This
script recomputes one step of each layer by hand from those slices, and
runs the single-step cells (``RNNCell``, ``LSTMCell``, ``GRUCell``) in a
Python loop to reproduce the fused layers.
"""

import torch
import torch.nn as nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

# %% example-for: lstm-gates
# LSTM: the gates ``i, f, g, o``, recomputed by hand
# --------------------------------------------------
#
# ``weight_ih_l0`` is ``(4 * hidden_size, input_size)``: the rows of the
# input gate ``i``, the forget gate ``f``, the candidate ``g`` and the output
# gate ``o``, in that order (``weight_hh_l0`` and the biases likewise). One
# step is ``c' = f * c + i * g`` and ``h' = o * tanh(c')``, with sigmoid
# for ``i, f, o`` and tanh for ``g``.

H_in, H = 3, 2
lstm = nn.LSTM(H_in, H)
print("weight_ih_l0", tuple(lstm.weight_ih_l0.shape), "weight_hh_l0", tuple(lstm.weight_hh_l0.shape),
      "bias_ih_l0", tuple(lstm.bias_ih_l0.shape))
x, h, c = torch.randn(1, H_in), torch.randn(1, H), torch.randn(1, H)
gates = x @ lstm.weight_ih_l0.T + lstm.bias_ih_l0 + h @ lstm.weight_hh_l0.T + lstm.bias_hh_l0
i, f, g, o = gates.chunk(4, dim=1)
c_next = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
h_next = torch.sigmoid(o) * torch.tanh(c_next)
out, (h_n, c_n) = lstm(x.unsqueeze(0), (h.unsqueeze(0), c.unsqueeze(0)))
torch.testing.assert_close(h_n[0], h_next)
torch.testing.assert_close(c_n[0], c_next)
print("by hand h':", h_next.detach(), "| LSTM h_n:", h_n[0].detach())
print("by hand c':", c_next.detach(), "| LSTM c_n:", c_n[0].detach())

# %% example-for: gru-gates
# GRU: the gates ``r, z, n``
# --------------------------
#
# ``GRU`` stacks the reset gate ``r``, the update gate ``z`` and the new
# state ``n``. The reset gate multiplies the hidden part of ``n`` *after*
# its bias: ``n = tanh(W_in x + b_in + r * (W_hn h + b_hn))``, and
# ``h' = (1 - z) * n + z * h``: ``z`` near 1 keeps the old state.

gru = nn.GRU(H_in, H)
gi = x @ gru.weight_ih_l0.T + gru.bias_ih_l0
gh = h @ gru.weight_hh_l0.T + gru.bias_hh_l0
i_r, i_z, i_n = gi.chunk(3, dim=1)
h_r, h_z, h_n_part = gh.chunk(3, dim=1)
r, z = torch.sigmoid(i_r + h_r), torch.sigmoid(i_z + h_z)
n = torch.tanh(i_n + r * h_n_part)
by_hand = (1 - z) * n + z * h
_, h_n = gru(x.unsqueeze(0), h.unsqueeze(0))
torch.testing.assert_close(h_n[0], by_hand)
print("weight_ih_l0", tuple(gru.weight_ih_l0.shape), "| by hand h':", by_hand.detach(), "| GRU h_n:", h_n[0].detach())

# %% example-for: torch.nn.RNNCell
# ``RNNCell``: one step, one tensor of state
# ------------------------------------------
#
# A cell computes a single step for a batch ``(N, input_size)`` and returns
# the new hidden state ``(N, hidden_size)``; the loop over time is yours.
# Its parameters have no ``_l0`` suffix.

cell = nn.RNNCell(H_in, H)
h = torch.zeros(2, H)
x_t = torch.randn(2, H_in)
h_next = cell(x_t, h)
torch.testing.assert_close(h_next, torch.tanh(x_t @ cell.weight_ih.T + cell.bias_ih + h @ cell.weight_hh.T + cell.bias_hh))
print([name for name, _ in cell.named_parameters()], "| h' shape:", tuple(h_next.shape))
print("without h it starts from zeros:", torch.equal(cell(x_t), h_next))

# %% example-for: torch.nn.LSTMCell
# A cell in a loop equals the fused layer
# ---------------------------------------
#
# ``LSTMCell`` takes and returns the tuple ``(h, c)``. With the weights of
# an ``LSTM`` copied into it, stepping through the sequence in a Python loop
# gives the same outputs as the layer, which runs the whole loop in one call.
# The cell form is what lets a loop change its input at each
# step, as a decoder that feeds back its prediction does.

L, N = 4, 2
seq = torch.randn(L, N, H_in)
lstm = nn.LSTM(H_in, H)
cell = nn.LSTMCell(H_in, H)
with torch.no_grad():
    for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
        getattr(cell, name).copy_(getattr(lstm, name + "_l0"))
h, c = torch.zeros(N, H), torch.zeros(N, H)
steps = []
for x_t in seq:
    h, c = cell(x_t, (h, c))
    steps.append(h)
looped = torch.stack(steps)
fused, (h_n, c_n) = lstm(seq)
torch.testing.assert_close(looped, fused)
torch.testing.assert_close(c, c_n[0])
print("loop of LSTMCell", tuple(looped.shape), "equals LSTM output", tuple(fused.shape), ": True")

# %% example-for: torch.nn.GRUCell
# ``GRUCell`` in a loop
# ---------------------
#
# The same holds for ``GRUCell`` and ``GRU``: the cell returns one tensor,
# the new ``h``.

gru = nn.GRU(H_in, H)
cell = nn.GRUCell(H_in, H)
cell.load_state_dict({name.removesuffix("_l0"): p for name, p in gru.state_dict().items()})
h = torch.zeros(N, H)
steps = []
for x_t in seq:
    h = cell(x_t, h)
    steps.append(h)
torch.testing.assert_close(torch.stack(steps), gru(seq)[0])
print("loop of GRUCell equals GRU: True | last h:", h.detach())
