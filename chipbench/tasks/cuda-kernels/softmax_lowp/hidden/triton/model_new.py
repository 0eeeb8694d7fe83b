"""Row softmax in Triton for float32, float16 and bfloat16: one program per row, the row read in
chunks of at most 4096 (max, sum of exponentials, normalised output), all in float32; the output
is rounded once to the input's dtype."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _softmax_row(x_ptr, y_ptr, cols, BLOCK: tl.constexpr):
    base = tl.program_id(0).to(tl.int64) * cols
    offs = tl.arange(0, BLOCK)
    run_max = tl.full([BLOCK], float("-inf"), tl.float32)
    for start in range(0, cols, BLOCK):
        mask = start + offs < cols
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=float("-inf")).to(tl.float32)
        run_max = tl.maximum(run_max, x)
    row_max = tl.max(run_max, axis=0)
    run_sum = tl.zeros([BLOCK], tl.float32)
    for start in range(0, cols, BLOCK):
        mask = start + offs < cols
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=float("-inf")).to(tl.float32)
        run_sum += tl.where(mask, tl.exp(x - row_max), 0.0)
    inv = 1.0 / tl.sum(run_sum, axis=0)
    for start in range(0, cols, BLOCK):
        mask = start + offs < cols
        x = tl.load(x_ptr + base + start + offs, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_ptr + base + start + offs, (tl.exp(x - row_max) * inv).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        cols = x.shape[-1]
        rows = x.numel() // cols if cols else 0
        if rows:
            _softmax_row[(rows,)](x, y, cols, BLOCK=min(triton.next_power_of_2(cols), 4096))
        return y
