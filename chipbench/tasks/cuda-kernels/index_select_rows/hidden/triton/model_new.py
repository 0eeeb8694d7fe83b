"""table.index_select(0, idx) as a Triton kernel: one program per picked row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _select(t_ptr, idx_ptr, y_ptr, dim, BLOCK: tl.constexpr):
    p = tl.program_id(0)
    row = tl.load(idx_ptr + p)
    offs = tl.arange(0, BLOCK)
    mask = offs < dim
    tl.store(y_ptr + p * dim + offs, tl.load(t_ptr + row * dim + offs, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, table, idx):
        table = table.contiguous()
        idx = idx.contiguous()
        dim = table.shape[1]
        y = torch.empty((idx.shape[0], dim), dtype=table.dtype, device=table.device)
        if idx.shape[0] > 0:
            _select[(idx.shape[0],)](table, idx, y, dim, BLOCK=triton.next_power_of_2(dim))
        return y
