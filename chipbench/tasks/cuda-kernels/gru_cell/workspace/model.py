"""One step of a GRU cell (torch.nn.GRUCell)."""

import torch
import torch.nn as nn

BATCH = 256
INPUT = 256
HIDDEN = 512


class Model(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.cell = nn.GRUCell(input_size, hidden_size)

    def forward(self, x, h):
        return self.cell(x, h)


def get_inputs():
    return [torch.randn(BATCH, INPUT), torch.randn(BATCH, HIDDEN)]


def get_init_inputs():
    return [INPUT, HIDDEN]
