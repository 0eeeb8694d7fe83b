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
    # Mostly positive products over the first half of K, mostly negative over the second: the
    # partial sums grow large and the result is small beside them.
    dtype = getattr(torch, DTYPE)
    sign = torch.ones(K)
    sign[K // 2:] = -1.0
    return [((torch.rand(M, K) - 0.25) * sign).to(dtype), (torch.rand(K, N) - 0.25).to(dtype)]


def get_init_inputs():
    return []
