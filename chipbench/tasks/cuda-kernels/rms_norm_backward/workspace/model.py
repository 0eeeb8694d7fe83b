"""RMSNorm (computed in float32, cast back) and its gradients: y, dx, dweight."""

import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 256
DIM = 1024
DTYPE = "float32"


class Model(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.eps = 1e-6
        self.weight = nn.Parameter((torch.rand(dim) + 0.5).to(dtype))

    def forward(self, x, dy):
        with torch.enable_grad():
            x = x.detach().requires_grad_(True)
            xf = x.float()
            y = (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight.float()).to(x.dtype)
            dx, dw = torch.autograd.grad(y, (x, self.weight), dy)
        return y.detach(), dx, dw


def get_inputs():
    dtype = getattr(torch, DTYPE)
    return [(torch.randn(ROWS, DIM) + 0.5).to(dtype), torch.randn(ROWS, DIM).to(dtype)]


def get_init_inputs():
    return [DIM, getattr(torch, DTYPE)]
