"""LayerNorm over the last dimension in the dtype DTYPE names, with a learned scale and shift."""

import torch
import torch.nn as nn

ROWS = 256
DIM = 2048
DTYPE = "float16"


class Model(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=1e-5)
        with torch.no_grad():
            self.norm.weight.uniform_(0.5, 1.5)
            self.norm.bias.uniform_(-0.5, 0.5)
        self.norm.to(dtype)

    def forward(self, x):
        return self.norm(x)


def get_inputs():
    return [(torch.randn(ROWS, DIM) * 2.0 + 6.0).to(getattr(torch, DTYPE))]


def get_init_inputs():
    return [DIM, getattr(torch, DTYPE)]
