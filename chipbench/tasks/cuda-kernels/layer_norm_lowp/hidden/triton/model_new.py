"""LayerNorm in Triton for float32, float16 and bfloat16: one program per row, the row read in
chunks of at most 4096; mean, then the variance of (x - mean) (two passes), in float32;
(x - mean) * rstd * g + b rounded once."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _layer_norm_row(x_ptr, g_ptr, b_ptr, y_ptr, dim, eps, BLOCK: tl.constexpr):
    base = tl.program_id(0).to(tl.int64) * dim
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        acc += tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / dim
    acc = tl.zeros([BLOCK], tl.float32)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        d = tl.where(mask, x - mean, 0.0)
        acc += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / dim + eps)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        g = tl.load(g_ptr + start + offs, mask=mask, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + start + offs, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_ptr + base + start + offs, ((x - mean) * rstd * g + b).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=1e-5)
        with torch.no_grad():
            self.norm.weight.uniform_(0.5, 1.5)
            self.norm.bias.uniform_(-0.5, 0.5)
        self.norm.to(dtype)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        dim = x.shape[-1]
        rows = x.numel() // dim if dim else 0
        if rows:
            _layer_norm_row[(rows,)](x, self.norm.weight.detach(), self.norm.bias.detach(), y, dim, self.norm.eps,
                                     BLOCK=min(triton.next_power_of_2(dim), 4096))
        return y
