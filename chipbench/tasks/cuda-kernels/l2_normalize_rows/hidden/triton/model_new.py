"""Rows divided by their L2 norm (at least 1e-12) as a Triton kernel: one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _l2_normalize(x_ptr, y_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    x = tl.load(x_ptr + row * cols + offs, mask=mask, other=0.0)
    norm = tl.maximum(tl.sqrt(tl.sum(x * x, axis=0)), 1e-12)
    tl.store(y_ptr + row * cols + offs, x / norm, mask=mask)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        rows, cols = x.shape
        if rows > 0:
            _l2_normalize[(rows,)](x, y, cols, BLOCK=triton.next_power_of_2(cols))
        return y
