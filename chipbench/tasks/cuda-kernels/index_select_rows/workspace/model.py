"""Pick rows of a table by index (torch.index_select along dim 0)."""

import torch
import torch.nn as nn

ROWS = 8192
DIM = 256
PICKS = 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, table, idx):
        return table.index_select(0, idx)


def get_inputs():
    return [torch.randn(ROWS, DIM), torch.randint(0, ROWS, (PICKS,))]


def get_init_inputs():
    return []
