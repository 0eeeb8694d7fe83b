"""The SwiGLU gate silu(a) * b (in float32, cast back) and its gradients: y, da, db."""

import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 512
DIM = 1024
DTYPE = "float32"


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, a, b, dy):
        with torch.enable_grad():
            a = a.detach().requires_grad_(True)
            b = b.detach().requires_grad_(True)
            y = (F.silu(a.float()) * b.float()).to(a.dtype)
            da, db = torch.autograd.grad(y, (a, b), dy)
        return y.detach(), da, db


def get_inputs():
    dtype = getattr(torch, DTYPE)
    shape = (ROWS, DIM)
    return [(torch.randn(shape) * 2.0).to(dtype), torch.randn(shape).to(dtype), torch.randn(shape).to(dtype)]


def get_init_inputs():
    return []
