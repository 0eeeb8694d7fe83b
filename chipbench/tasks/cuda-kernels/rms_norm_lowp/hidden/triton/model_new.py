"""RMSNorm in Triton for float32, float16 and bfloat16: one program per row, the row read in
chunks of at most 4096; the mean of squares in float32, x * rsqrt(mean + eps) * w rounded once."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rms_norm_row(x_ptr, w_ptr, y_ptr, dim, eps, BLOCK: tl.constexpr):
    base = tl.program_id(0).to(tl.int64) * dim
    offs = tl.arange(0, BLOCK)
    squares = tl.zeros([BLOCK], tl.float32)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        squares += x * x
    scale = 1.0 / tl.sqrt(tl.sum(squares, axis=0) / dim + eps)
    for start in range(0, dim, BLOCK):
        mask = start + offs < dim
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + start + offs, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_ptr + base + start + offs, (x * scale * w).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, dtype):
        super().__init__()
        self.eps = 1e-6
        self.weight = nn.Parameter((torch.rand(dim) + 0.5).to(dtype))

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        dim = x.shape[-1]
        rows = x.numel() // dim if dim else 0
        if rows:
            _rms_norm_row[(rows,)](x, self.weight.detach(), y, dim, self.eps,
                                   BLOCK=min(triton.next_power_of_2(dim), 4096))
        return y
