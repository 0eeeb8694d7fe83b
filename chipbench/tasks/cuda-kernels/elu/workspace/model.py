"""ELU with a configurable alpha."""

import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 1024
COLS = 4096
ALPHA = 1.7


class Model(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param

    def forward(self, x):
        return F.elu(x, alpha=self.param)


def get_inputs():
    return [torch.randn(ROWS, COLS) * 2.0]


def get_init_inputs():
    return [ALPHA]
