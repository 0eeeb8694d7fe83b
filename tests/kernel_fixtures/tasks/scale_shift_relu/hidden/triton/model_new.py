import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_shift_relu(x_ptr, w_ptr, b_ptr, out_ptr, rows, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    for start in range(0, cols, BLOCK):
        idx = start + offs
        mask = idx < cols
        x = tl.load(x_ptr + row * cols + idx, mask=mask, other=0.0)
        w = tl.load(w_ptr + idx, mask=mask, other=0.0)
        b = tl.load(b_ptr + idx, mask=mask, other=0.0)
        tl.store(out_ptr + row * cols + idx, tl.maximum(x * w + b, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(features))
        self.bias = nn.Parameter(torch.randn(features))

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        rows, cols = x.shape
        scale_shift_relu[(rows,)](x, self.weight, self.bias, out, rows, cols, BLOCK=1024)
        return out
