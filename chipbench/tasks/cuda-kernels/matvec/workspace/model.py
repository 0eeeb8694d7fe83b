"""Matrix-vector product."""

import torch
import torch.nn as nn

M = 4096
K = 2048


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, a, x):
        return torch.mv(a, x)


def get_inputs():
    return [torch.randn(M, K), torch.randn(K)]


def get_init_inputs():
    return []
