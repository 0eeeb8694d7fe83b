"""LayerNorm in Triton: one program per row, the whole row in one block."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _layer_norm_row(x_ptr, w_ptr, b_ptr, y_ptr, D, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < D
    x = tl.load(x_ptr + row * D + offs, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / D
    diff = tl.where(mask, x - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(diff * diff, axis=0) / D + eps)
    w = tl.load(w_ptr + offs, mask=mask, other=0.0)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + row * D + offs, diff * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=1e-5)
        with torch.no_grad():
            self.norm.weight.uniform_(0.5, 1.5)
            self.norm.bias.uniform_(-0.5, 0.5)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        rows, dim = x.shape
        _layer_norm_row[(rows,)](x, self.norm.weight.detach(), self.norm.bias.detach(), y, dim,
                                 self.norm.eps, BLOCK=triton.next_power_of_2(dim))
        return y
