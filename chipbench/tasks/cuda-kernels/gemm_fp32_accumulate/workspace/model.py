"""A @ B in the dtype DTYPE names; the reduction over K is long."""

import torch
import torch.nn as nn

M = 64
K = 4096
N = 64
DTYPE = "float16"


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.matmul(a, b)


def get_inputs():
    dtype = getattr(torch, DTYPE)
    return [(torch.rand(M, K) - 0.25).to(dtype), (torch.rand(K, N) - 0.25).to(dtype)]


def get_init_inputs():
    return []
