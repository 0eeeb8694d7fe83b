"""Softmax over the last dimension and its gradient: y, dx."""

import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 256
DIM = 1024
DTYPE = "float32"


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, x, dy):
        with torch.enable_grad():
            x = x.detach().requires_grad_(True)
            y = torch.softmax(x, dim=-1)
            (dx,) = torch.autograd.grad(y, (x,), dy)
        return y.detach(), dx


def get_inputs():
    dtype = getattr(torch, DTYPE)
    return [(torch.randn(ROWS, DIM) * 2.0).to(dtype), torch.randn(ROWS, DIM).to(dtype)]


def get_init_inputs():
    return []
