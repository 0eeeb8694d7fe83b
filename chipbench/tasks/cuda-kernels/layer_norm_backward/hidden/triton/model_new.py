"""LayerNorm and its gradients in Triton for float32, float16 and bfloat16. One program per row
(chunks of at most 4096): mean and variance (two passes), h = (x - mean) rstd, y = h g + b, and
with gg = dy g: dx = rstd (gg - mean(gg) - h mean(gg h)); mean and rstd kept per row (float32);
then one program per 64 columns sums dg = sum over rows of dy h and db = sum over rows of dy.
Float32 arithmetic, each output rounded once."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _layer_norm_backward_row(x_ptr, dy_ptr, g_ptr, b_ptr, y_ptr, dx_ptr, mean_ptr, rstd_ptr, dim, eps,
                             BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    base = row * dim
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    for start in range(0, dim, BLOCK):
        acc += tl.load(x_ptr + base + start + offs, mask=start + offs < dim, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / dim
    acc = tl.zeros([BLOCK], tl.float32)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        d = tl.where(mask, x - mean, 0.0)
        acc += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / dim + eps)
    mg = tl.zeros([BLOCK], tl.float32)
    mgh = tl.zeros([BLOCK], tl.float32)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(dy_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        g = tl.load(g_ptr + start + offs, mask=mask, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + start + offs, mask=mask, other=0.0).to(tl.float32)
        h = tl.where(mask, (x - mean) * rstd, 0.0)
        tl.store(y_ptr + base + start + offs, (h * g + b).to(y_ptr.dtype.element_ty), mask=mask)
        mg += dy * g
        mgh += dy * g * h
    mg_mean = tl.sum(mg, axis=0) / dim
    mgh_mean = tl.sum(mgh, axis=0) / dim
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(dy_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        g = tl.load(g_ptr + start + offs, mask=mask, other=0.0).to(tl.float32)
        h = (x - mean) * rstd
        tl.store(dx_ptr + base + start + offs, (rstd * (dy * g - mg_mean - h * mgh_mean)).to(dx_ptr.dtype.element_ty),
                 mask=mask)


@triton.jit
def _layer_norm_param_grads(x_ptr, dy_ptr, mean_ptr, rstd_ptr, dg_ptr, db_ptr, rows, dim, BLOCK: tl.constexpr):
    cols = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < dim
    acc_g = tl.zeros([BLOCK], tl.float32)
    acc_b = tl.zeros([BLOCK], tl.float32)
    x_ptrs, dy_ptrs = x_ptr + cols, dy_ptr + cols  # moved down a row at a time (64-bit pointers)
    for row in range(0, rows):
        x = tl.load(x_ptrs, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(dy_ptrs, mask=mask, other=0.0).to(tl.float32)
        acc_g += dy * (x - tl.load(mean_ptr + row)) * tl.load(rstd_ptr + row)
        acc_b += dy
        x_ptrs += dim
        dy_ptrs += dim
    tl.store(dg_ptr + cols, acc_g.to(dg_ptr.dtype.element_ty), mask=mask)
    tl.store(db_ptr + cols, acc_b.to(db_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=1e-5)
        with torch.no_grad():
            self.norm.weight.uniform_(0.5, 1.5)
            self.norm.bias.uniform_(-0.5, 0.5)
        self.norm.to(dtype)

    def forward(self, x, dy):
        x, dy = x.contiguous(), dy.contiguous()
        rows, dim = x.shape
        g, b = self.norm.weight.detach(), self.norm.bias.detach()
        y, dx, dg, db = torch.empty_like(x), torch.empty_like(x), torch.empty_like(g), torch.empty_like(b)
        mean = torch.empty(max(rows, 1), dtype=torch.float32, device=x.device)
        rstd = torch.empty_like(mean)
        if rows and dim:
            _layer_norm_backward_row[(rows,)](x, dy, g, b, y, dx, mean, rstd, dim, self.norm.eps,
                                              BLOCK=min(triton.next_power_of_2(dim), 4096))
        if dim:
            _layer_norm_param_grads[(triton.cdiv(dim, 64),)](x, dy, mean, rstd, dg, db, rows, dim, BLOCK=64)
        return y, dx, dg, db
