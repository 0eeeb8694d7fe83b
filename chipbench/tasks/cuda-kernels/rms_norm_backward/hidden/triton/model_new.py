"""RMSNorm and its gradients in Triton for float32, float16 and bfloat16. One program per row
(chunks of at most 4096): r = rsqrt(mean(x^2) + eps), y = x r w,
dx = r dy w - x r^3 mean(dy w x), r kept per row in float32; then one program per 64 columns
sums dw = sum over rows of dy x r. Float32 arithmetic, each output rounded once."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rms_norm_backward_row(x_ptr, dy_ptr, w_ptr, y_ptr, dx_ptr, r_ptr, dim, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    base = row * dim
    offs = tl.arange(0, BLOCK)
    squares = tl.zeros([BLOCK], tl.float32)
    gx = tl.zeros([BLOCK], tl.float32)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        g = tl.load(dy_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + start + offs, mask=mask, other=0.0).to(tl.float32)
        squares += x * x
        gx += g * w * x
    r = 1.0 / tl.sqrt(tl.sum(squares, axis=0) / dim + eps)
    c = r * r * r * tl.sum(gx, axis=0) / dim
    tl.store(r_ptr + row, r)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        g = tl.load(dy_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + start + offs, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_ptr + base + start + offs, (x * r * w).to(y_ptr.dtype.element_ty), mask=mask)
        tl.store(dx_ptr + base + start + offs, (r * g * w - x * c).to(dx_ptr.dtype.element_ty), mask=mask)


@triton.jit
def _rms_norm_weight_grad(x_ptr, dy_ptr, r_ptr, dw_ptr, rows, dim, BLOCK: tl.constexpr):
    cols = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < dim
    acc = tl.zeros([BLOCK], tl.float32)
    x_ptrs, dy_ptrs = x_ptr + cols, dy_ptr + cols  # moved down a row at a time (64-bit pointers)
    for row in range(0, rows):
        x = tl.load(x_ptrs, mask=mask, other=0.0).to(tl.float32)
        g = tl.load(dy_ptrs, mask=mask, other=0.0).to(tl.float32)
        acc += g * x * tl.load(r_ptr + row)
        x_ptrs += dim
        dy_ptrs += dim
    tl.store(dw_ptr + cols, acc.to(dw_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.eps = 1e-6
        self.weight = nn.Parameter((torch.rand(dim) + 0.5).to(dtype))

    def forward(self, x, dy):
        x, dy = x.contiguous(), dy.contiguous()
        rows, dim = x.shape
        w = self.weight.detach()
        y, dx, dw = torch.empty_like(x), torch.empty_like(x), torch.empty_like(w)
        r = torch.empty(max(rows, 1), dtype=torch.float32, device=x.device)
        if rows and dim:
            _rms_norm_backward_row[(rows,)](x, dy, w, y, dx, r, dim, self.eps,
                                            BLOCK=min(triton.next_power_of_2(dim), 4096))
        if dim:
            _rms_norm_weight_grad[(triton.cdiv(dim, 64),)](x, dy, r, dw, rows, dim, BLOCK=64)
        return y, dx, dw
