"""Log-softmax over the last dimension, in the dtype DTYPE names."""

import torch
import torch.nn as nn

ROWS = 64
COLS = 4096
DTYPE = "float16"


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.log_softmax(x, dim=-1)


def get_inputs():
    return [(torch.randn(ROWS, COLS) * 2.0 - 3.0).to(getattr(torch, DTYPE))]


def get_init_inputs():
    return []
