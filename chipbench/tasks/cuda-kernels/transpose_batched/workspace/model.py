"""Swap the last two dimensions of a 3-D tensor and make the result contiguous."""

import torch
import torch.nn as nn

BATCH = 16
ROWS = 512
COLS = 384


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, x):
        return x.transpose(1, 2).contiguous()


def get_inputs():
    return [torch.randn(BATCH, ROWS, COLS)]


def get_init_inputs():
    return []
