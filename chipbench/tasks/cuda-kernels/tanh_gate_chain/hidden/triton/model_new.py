"""Gated tanh elementwise chain as a Triton kernel: one program per block of 1024 elements."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _elementwise(x_ptr, y_ptr, out_ptr, n, param, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(x_ptr + offs, mask=mask, other=0.0)
    u = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, (2.0 * tl.sigmoid(2.0 * v) - 1.0) * tl.sigmoid(u) + 0.5 * v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.param = 0.0

    def forward(self, x, y):
        x = x.contiguous()
        y = y.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        _elementwise[(triton.cdiv(n, 1024),)](x, y, out, n, float(self.param), BLOCK=1024)
        return out
