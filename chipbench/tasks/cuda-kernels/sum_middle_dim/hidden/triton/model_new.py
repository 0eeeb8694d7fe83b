"""Sum over dim 1 in Triton: each program owns a block of columns of one batch and walks the rows."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sum_rows(x_ptr, out_ptr, R, C, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < C
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for r in range(0, R):
        acc += tl.load(x_ptr + (b * R + r) * C + cols, mask=mask, other=0.0)
    tl.store(out_ptr + b * C + cols, acc, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, R, C = x.shape
        out = torch.empty((B, C), device=x.device, dtype=x.dtype)
        _sum_rows[(B, triton.cdiv(C, 256))](x, out, R, C, BLOCK=256)
        return out
