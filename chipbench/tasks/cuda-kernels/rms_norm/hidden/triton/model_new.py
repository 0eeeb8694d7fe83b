"""RMSNorm in Triton: one program per row, the whole row in one block."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rms_norm_row(x_ptr, w_ptr, y_ptr, D, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < D
    x = tl.load(x_ptr + row * D + offs, mask=mask, other=0.0)
    inv = 1.0 / tl.sqrt(tl.sum(x * x, axis=0) / D + eps)
    w = tl.load(w_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + row * D + offs, x * inv * w, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.rand(dim) + 0.5)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        rows, dim = x.shape
        _rms_norm_row[(rows,)](x, self.weight.detach(), y, dim, self.eps,
                               BLOCK=triton.next_power_of_2(dim))
        return y
