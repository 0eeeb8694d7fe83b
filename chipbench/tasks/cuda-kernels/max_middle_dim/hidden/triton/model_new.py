"""Max over the middle dim as a Triton kernel: one program per (sample, column block), rows looped."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _max_middle(x_ptr, y_ptr, rows, cols, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < cols
    acc = tl.full([BLOCK], -float("inf"), tl.float32)
    for r in range(0, rows):
        acc = tl.maximum(acc, tl.load(x_ptr + (b * rows + r) * cols + offs, mask=mask, other=-float("inf")))
    tl.store(y_ptr + b * cols + offs, acc, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        b, rows, cols = x.shape
        y = torch.empty((b, cols), dtype=x.dtype, device=x.device)
        if y.numel() > 0:
            _max_middle[(b, triton.cdiv(cols, 128))](x, y, rows, cols, BLOCK=128)
        return y
