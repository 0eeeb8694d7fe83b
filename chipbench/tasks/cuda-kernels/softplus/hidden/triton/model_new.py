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
    # max(v, 0) + log1p(exp(-|v|)), log1p(u) as log(1 + u) * u / ((1 + u) - 1) (exactly u where
    # 1 + u rounds to 1): log(1 + exp(v)) as written loses the small results' relative
    # precision (at v = -10 it is off by about 2^-10, less than float16 keeps)
    u = tl.exp(-tl.abs(v))
    w = 1.0 + u
    log1p_u = tl.where(w == 1.0, u, tl.log(w) * (u / (w - 1.0)))
    tl.store(out_ptr + offs, tl.where(v > 20.0, v, tl.maximum(v, 0.0) + log1p_u), mask=mask)


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
