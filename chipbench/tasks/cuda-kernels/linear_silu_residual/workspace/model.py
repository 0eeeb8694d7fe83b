"""Residual block: x + SiLU(Linear(x))."""

import torch
import torch.nn as nn

BATCH = 512
DIM = 512


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.nn.functional.silu(self.fc(x))


def get_inputs():
    return [torch.randn(BATCH, DIM)]


def get_init_inputs():
    return [DIM]
