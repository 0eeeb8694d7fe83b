"""Batched matrix multiplication."""

import torch
import torch.nn as nn

BATCH = 32
M = 128
K = 96
N = 160


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, a, b):
        return torch.bmm(a, b)


def get_inputs():
    return [torch.randn(BATCH, M, K), torch.randn(BATCH, K, N)]


def get_init_inputs():
    return []
