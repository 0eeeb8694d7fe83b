"""A GRU cell step through the CUDA kernel; the nn.GRUCell only holds the parameters."""

import torch.nn as nn

import kernel_ext


class ModelNew(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.cell = nn.GRUCell(input_size, hidden_size)

    def forward(self, x, h):
        c = self.cell
        return kernel_ext.forward(x, h, c.weight_ih, c.weight_hh, c.bias_ih, c.bias_hh)
