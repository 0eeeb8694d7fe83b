"""RMS normalisation over the last dimension with a learned scale."""

import torch
import torch.nn as nn

ROWS = 4096
DIM = 1024
EPS = 1e-6


class Model(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.rand(dim) + 0.5)

    def forward(self, x):
        rms = torch.sqrt(x.pow(2).mean(dim=-1, keepdim=True) + self.eps)
        return x / rms * self.weight


def get_inputs():
    return [torch.randn(ROWS, DIM) * 3.0]


def get_init_inputs():
    return [DIM, EPS]
