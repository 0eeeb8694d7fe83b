"""Mean over the last dim as a Triton kernel: one program per row, the row summed in blocks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _row_mean(x_ptr, y_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * cols + offs, mask=offs < cols, other=0.0)
    tl.store(y_ptr + row, tl.sum(acc, axis=0) / cols)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        cols = x.shape[-1]
        y = torch.empty(x.shape[:-1], dtype=x.dtype, device=x.device)
        rows = y.numel()
        if rows > 0:
            _row_mean[(rows,)](x, y, cols, BLOCK=256)
        return y
