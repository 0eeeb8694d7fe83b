"""(x - min) / (max - min) per row as a Triton kernel: one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _minmax(x_ptr, y_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    x = tl.load(x_ptr + row * cols + offs, mask=mask, other=0.0)
    lo = tl.min(tl.where(mask, x, float("inf")), axis=0)
    hi = tl.max(tl.where(mask, x, -float("inf")), axis=0)
    tl.store(y_ptr + row * cols + offs, (x - lo) / (hi - lo), mask=mask)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        rows, cols = x.shape
        if rows > 0:
            _minmax[(rows,)](x, y, cols, BLOCK=triton.next_power_of_2(cols))
        return y
