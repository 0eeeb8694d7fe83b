"""LayerNorm (computed in float32, cast back) and its gradients for an upstream gradient dy: y, dx, dweight, dbias."""

import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 256
DIM = 1024
DTYPE = "float32"


class Model(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=1e-5)
        with torch.no_grad():
            self.norm.weight.uniform_(0.5, 1.5)
            self.norm.bias.uniform_(-0.5, 0.5)
        self.norm.to(dtype)

    def forward(self, x, dy):
        with torch.enable_grad():
            x = x.detach().requires_grad_(True)
            w, b = self.norm.weight, self.norm.bias
            y = F.layer_norm(x.float(), (x.shape[-1],), w.float(), b.float(), self.norm.eps).to(x.dtype)
            dx, dw, db = torch.autograd.grad(y, (x, w, b), dy)
        return y.detach(), dx, dw, db


def get_inputs():
    dtype = getattr(torch, DTYPE)
    return [(torch.randn(ROWS, DIM) * 2.0 + 1.0).to(dtype), torch.randn(ROWS, DIM).to(dtype)]


def get_init_inputs():
    return [DIM, getattr(torch, DTYPE)]
