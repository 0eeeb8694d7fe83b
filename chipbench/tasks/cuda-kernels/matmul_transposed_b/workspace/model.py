"""A matrix times the transpose of another (a bias-free linear map)."""

import torch
import torch.nn as nn

M = 1024
K = 256
N = 512


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, x, w):
        return x @ w.t()


def get_inputs():
    return [torch.randn(M, K), torch.randn(N, K)]


def get_init_inputs():
    return []
