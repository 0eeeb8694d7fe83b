"""RMSNorm as LLaMA-style models write it: computed in float32, the result cast back."""

import torch
import torch.nn as nn

ROWS = 128
DIM = 4096
DTYPE = "float16"


class Model(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.eps = 1e-6
        self.weight = nn.Parameter((torch.rand(dim) + 0.5).to(dtype))

    def forward(self, x):
        xf = x.float()
        y = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)
        return (y * self.weight.float()).to(x.dtype)


def get_inputs():
    return [(torch.randn(ROWS, DIM) * 2.0 + 3.0).to(getattr(torch, DTYPE))]


def get_init_inputs():
    return [DIM, getattr(torch, DTYPE)]
