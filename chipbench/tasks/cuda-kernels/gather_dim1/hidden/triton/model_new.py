"""torch.gather(x, 1, idx) as a Triton kernel: one program per block of outputs."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _gather(x_ptr, idx_ptr, y_ptr, total, cols, picks, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = i < total
    j = tl.load(idx_ptr + i, mask=mask, other=0)
    tl.store(y_ptr + i, tl.load(x_ptr + (i // picks) * cols + j, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, idx):
        x = x.contiguous()
        idx = idx.contiguous()
        y = torch.empty(idx.shape, dtype=x.dtype, device=x.device)
        total = y.numel()
        if total > 0:
            _gather[(triton.cdiv(total, 1024),)](x, idx, y, total, x.shape[1], idx.shape[1], BLOCK=1024)
        return y
