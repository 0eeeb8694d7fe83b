"""Softplus as a Triton kernel: one program per block of 1024 elements."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _elementwise(x_ptr, out_ptr, n, param, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.where(v > 20.0, v, tl.log(1.0 + tl.exp(tl.minimum(v, 20.0)))), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.param = 0.0

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        _elementwise[(triton.cdiv(n, 1024),)](x, out, n, float(self.param), BLOCK=1024)
        return out
