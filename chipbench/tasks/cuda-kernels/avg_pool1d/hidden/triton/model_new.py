"""AvgPool1d(5, stride 2, padding 2), padding counted, as a Triton kernel: one program per block of outputs."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _avg_pool(x_ptr, y_ptr, total, length, out_len, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = i < total
    row = i // out_len
    start = (i % out_len) * 2 - 2
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(0, 5):
        at = start + k
        ok = mask & (at >= 0) & (at < length)
        acc += tl.load(x_ptr + row * length + at, mask=ok, other=0.0)
    tl.store(y_ptr + i, acc / 5.0, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n, c, length = x.shape
        out_len = (length - 1) // 2 + 1
        y = torch.empty((n, c, out_len), dtype=x.dtype, device=x.device)
        total = y.numel()
        if total > 0:
            _avg_pool[(triton.cdiv(total, 1024),)](x, y, total, length, out_len, BLOCK=1024)
        return y
