"""An LSTM cell step through the CUDA kernel; the nn.LSTMCell only holds the parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.cell = nn.LSTMCell(input_size, hidden_size)

    def forward(self, x, h, c):
        m = self.cell
        return kernel_ext.forward(x, h, c, m.weight_ih, m.weight_hh, m.bias_ih, m.bias_hh)
