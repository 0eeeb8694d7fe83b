"""SiLU and its gradient in Triton for float32, float16 and bfloat16, elementwise in blocks of
1024: s = sigmoid(x), y = x * s, dx = dy * s * (1 + x * (1 - s)), in float32, rounded once."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _silu_backward(x_ptr, dy_ptr, y_ptr, dx_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    g = tl.load(dy_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    s = 1.0 / (1.0 + tl.exp(-x))
    tl.store(y_ptr + offs, (x * s).to(y_ptr.dtype.element_ty), mask=mask)
    tl.store(dx_ptr + offs, (g * s * (1.0 + x * (1.0 - s))).to(dx_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, dy):
        x, dy = x.contiguous(), dy.contiguous()
        y, dx = torch.empty_like(x), torch.empty_like(x)
        n = x.numel()
        if n:
            _silu_backward[(triton.cdiv(n, 1024),)](x, dy, y, dx, n, BLOCK=1024)
        return y, dx
