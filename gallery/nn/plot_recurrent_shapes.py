"""
Recurrent layers: shapes, layers and directions
===============================================

``RNN``, ``LSTM`` and ``GRU`` take a whole sequence and return the output of
every step plus the final state. This script prints their shapes in both
layouts, takes the last layer's forward and backward states out of
``h_n``, and shows ``proj_size`` and the warning of dropout in a one-layer
network.
"""

import warnings

import torch
import torch.nn as nn

_ = torch.manual_seed(0)  # "_ =" keeps the Generator repr out of the output
torch.set_printoptions(precision=4)

# %% example-for: rnn-shapes
# Sequence first by default; ``h_n`` never moves its batch dimension
# ------------------------------------------------------------------
#
# With L steps, N sequences, H_in input features and H_out hidden features,
# the input is ``(L, N, H_in)`` and the output ``(L, N, D * H_out)``, with
# ``D = 2`` for a bidirectional layer. ``batch_first=True`` makes input and
# output ``(N, L, ...)``, but ``h_n`` (and LSTM's ``c_n``) stays
# ``(num_layers * D, N, H_out)`` in both layouts.

L, N, H_in, H_out = 5, 2, 3, 4
x = torch.randn(L, N, H_in)
lstm = nn.LSTM(H_in, H_out, num_layers=2, bidirectional=True)
out, (h_n, c_n) = lstm(x)
print("batch_first=False: input", tuple(x.shape), "output", tuple(out.shape),
      "h_n", tuple(h_n.shape), "c_n", tuple(c_n.shape))

lstm_bf = nn.LSTM(H_in, H_out, num_layers=2, bidirectional=True, batch_first=True)
lstm_bf.load_state_dict(lstm.state_dict())
out_bf, (h_bf, c_bf) = lstm_bf(x.transpose(0, 1))
print("batch_first=True:  input", tuple(x.transpose(0, 1).shape), "output", tuple(out_bf.shape),
      "h_n", tuple(h_bf.shape), "c_n", tuple(c_bf.shape))
assert torch.allclose(out_bf, out.transpose(0, 1)) and torch.allclose(h_bf, h_n)

# %% example-for: rnn-last-states
# The last layer's forward and backward states
# --------------------------------------------
#
# ``h_n`` stacks layers and directions as ``layer0-forward, layer0-backward,
# layer1-forward, ...``; ``h_n.view(num_layers, D, N, H_out)`` separates
# them. The last layer's forward state is the first half of the last step's
# output, its backward state the second half of the *first* step's output
# (the backward direction ends at step 0). A classifier over the whole
# sequence usually concatenates the two.

per_layer = h_n.view(2, 2, N, H_out)
forward_last, backward_last = per_layer[-1, 0], per_layer[-1, 1]
assert torch.equal(forward_last, h_n[-2]) and torch.equal(backward_last, h_n[-1])
assert torch.allclose(forward_last, out[-1, :, :H_out])
assert torch.allclose(backward_last, out[0, :, H_out:])
print("h_n[-2] equals output[-1, :, :H_out] (forward):  True")
print("h_n[-1] equals output[0, :, H_out:] (backward): True")
summary = torch.cat([forward_last, backward_last], dim=1)
print("concatenated sequence summary:", tuple(summary.shape))

# %% example-for: torch.nn.RNN
# ``RNN``: one tanh (or ReLU) layer per step
# ------------------------------------------
#
# ``RNN`` computes ``h_t = tanh(x_t W_ih^T + b_ih + h_(t-1) W_hh^T + b_hh)``,
# starting from zeros when no ``h_0`` is given; ``nonlinearity='relu'``
# replaces the tanh. It returns ``(output, h_n)``. An unbatched input
# ``(L, H_in)`` gives ``(L, H_out)`` and an ``h_n`` of
# ``(num_layers * D, H_out)``. A non-zero ``dropout`` acts between layers,
# so with ``num_layers=1`` it does nothing, and the constructor warns.

rnn = nn.RNN(H_in, H_out, num_layers=2)
output, h_n = rnn(x)
print("output", tuple(output.shape), "h_n", tuple(h_n.shape), "| output[-1] equals h_n[-1]:",
      torch.allclose(output[-1], h_n[-1]))
h0 = torch.zeros(2, N, H_out)
assert torch.equal(rnn(x, h0)[0], output)
print("unbatched: output", tuple(rnn(x[:, 0])[0].shape), "h_n", tuple(rnn(x[:, 0])[1].shape))
print("relu values are >= 0:", bool((nn.RNN(H_in, H_out, nonlinearity="relu")(x)[0] >= 0).all()))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    nn.RNN(H_in, H_out, num_layers=1, dropout=0.5)
for w in caught:
    print(f"{w.category.__name__}: {w.message}")

# %% example-for: torch.nn.LSTM
# ``LSTM``: a cell state beside the hidden state, and ``proj_size``
# -----------------------------------------------------------------
#
# ``LSTM`` returns ``(output, (h_n, c_n))`` and takes an optional
# ``(h_0, c_0)`` tuple. With ``proj_size=P`` each hidden state is projected
# to P features: ``output`` and ``h_n`` have P features, ``c_n`` keeps
# ``hidden_size``, and the layer gains ``weight_hr_l0`` of shape
# ``(P, hidden_size)``, while ``weight_hh_l0`` now reads the projected state:
# ``(4 * hidden_size, P)``. Passing ``h_0`` alone instead of the tuple fails
# with an error that does not say so: an ``IndexError`` for one layer, a
# ``RuntimeError`` about 3-D ``hx`` and ``cx`` for two.

# The CPU build notes that oneDNN has no projected LSTM and falls back; that
# note says nothing about the layer, so it is silenced.
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="LSTM with projections is not supported")
    lstm = nn.LSTM(H_in, 6, proj_size=2, batch_first=True)
    out, (h_n, c_n) = lstm(torch.randn(N, L, H_in))
print("proj_size=2: output", tuple(out.shape), "h_n", tuple(h_n.shape), "c_n", tuple(c_n.shape))
print("weight_hr_l0:", tuple(lstm.weight_hr_l0.shape), "| weight_hh_l0:", tuple(lstm.weight_hh_l0.shape))
try:
    lstm(torch.randn(N, L, H_in), torch.zeros(1, N, 2))
except IndexError as err:
    print(f"IndexError: {err}")
try:
    nn.LSTM(H_in, 6, num_layers=2)(torch.randn(L, N, H_in), torch.zeros(2, N, 6))
except RuntimeError as err:
    print(f"RuntimeError: {err}")

# %% example-for: torch.nn.GRU
# ``GRU``: no cell state
# ----------------------
#
# ``GRU`` has the interface of ``RNN``: it returns ``(output, h_n)`` and
# takes an optional ``h_0`` tensor, not a tuple. Its weights stack three
# gates instead of LSTM's four. LSTM code that unpacks ``out, (h, c)``
# fails on a one-layer GRU, but where ``h_n`` holds exactly two states (two
# layers, or one bidirectional layer) it silently splits ``h_n`` in two.

gru = nn.GRU(H_in, H_out, num_layers=2, batch_first=True)
out, h_n = gru(x.transpose(0, 1))
print("output", tuple(out.shape), "h_n", tuple(h_n.shape))
for name, p in gru.named_parameters():
    if name.endswith("l0"):
        print(f"  {name}: {tuple(p.shape)}")
print("LSTM weight_ih_l0:", tuple(nn.LSTM(H_in, H_out).weight_ih_l0.shape), "(4 gates)")
try:
    out, (h, c) = nn.GRU(H_in, H_out)(x)
except ValueError as err:
    print(f"1 layer, out, (h, c) = gru(x): ValueError: {err}")
out, (h, c) = nn.GRU(H_in, H_out, num_layers=2)(x)
print("2 layers, out, (h, c) = gru(x): no error, h", tuple(h.shape), "and c", tuple(c.shape), "are the two layers of h_n")
