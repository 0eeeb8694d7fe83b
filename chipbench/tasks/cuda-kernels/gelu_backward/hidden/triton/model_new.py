"""GELU (tanh approximation) and its gradient in Triton for float32, float16 and bfloat16,
elementwise in blocks of 1024: t = tanh(c (x + a x^3)), y = x (1 + t) / 2,
dx = dy ((1 + t) / 2 + x (1 - t^2) c (1 + 3 a x^2) / 2), in float32, rounded once. tanh is
written through exp (2 / (1 + exp(-2u)) - 1), which Triton's language has on every target."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _gelu_backward(x_ptr, dy_ptr, y_ptr, dx_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    g = tl.load(dy_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    c = 0.7978845608028654  # sqrt(2 / pi)
    a = 0.044715
    u = c * (x + a * x * x * x)
    t = 2.0 / (1.0 + tl.exp(-2.0 * u)) - 1.0
    tl.store(y_ptr + offs, (0.5 * x * (1.0 + t)).to(y_ptr.dtype.element_ty), mask=mask)
    d = 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * c * (1.0 + 3.0 * a * x * x)
    tl.store(dx_ptr + offs, (g * d).to(dx_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, dy):
        x, dy = x.contiguous(), dy.contiguous()
        y, dx = torch.empty_like(x), torch.empty_like(x)
        n = x.numel()
        if n:
            _gelu_backward[(triton.cdiv(n, 1024),)](x, dy, y, dx, n, BLOCK=1024)
        return y, dx
