"""Index of each row's maximum (first on ties) as a Triton kernel: one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _argmax(x_ptr, y_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * cols + offs, mask=offs < cols, other=-float("inf"))
    best = tl.max(x, axis=0)
    first = tl.min(tl.where(x == best, offs, BLOCK), axis=0)
    tl.store(y_ptr + row, first.to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty(rows, dtype=torch.int64, device=x.device)
        if rows > 0:
            _argmax[(rows,)](x, y, cols, BLOCK=triton.next_power_of_2(cols))
        return y
