"""Squared distances between rows of a and b as a Triton kernel, summed as (a - b)^2: one program per row of a."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _sq_dist(a_ptr, b_ptr, y_ptr, rows_b, dim, BLOCK: tl.constexpr):
    i = tl.program_id(0)
    j = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = j < rows_b
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for d in range(0, dim):
        diff = tl.load(a_ptr + i * dim + d) - tl.load(b_ptr + j * dim + d, mask=mask, other=0.0)
        acc += diff * diff
    tl.store(y_ptr + i * rows_b + j, acc, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        y = torch.empty((a.shape[0], b.shape[0]), dtype=a.dtype, device=a.device)
        if y.numel() > 0:
            _sq_dist[(a.shape[0], triton.cdiv(b.shape[0], 128))](a, b, y, b.shape[0], a.shape[1], BLOCK=128)
        return y
