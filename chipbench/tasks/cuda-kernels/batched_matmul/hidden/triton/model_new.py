"""torch.bmm as a Triton kernel: (32, 32) output tiles, one grid layer per batch."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def _matmul(a_ptr, b_ptr, c_ptr, m, n, k, sab, sam, sak, sbb, sbk, sbn, BM: tl.constexpr, BN: tl.constexpr):
    """C[z] = A[z] @ B[z] for a (BM, BN) tile: k looped one outer product at a time, fp32 throughout
    (no tl.dot: its TF32 default would not meet float32 tolerance on a GPU)."""
    z = tl.program_id(2)
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    mm = rm < m
    mn = rn < n
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    for kk in range(0, k):
        a = tl.load(a_ptr + z * sab + rm * sam + kk * sak, mask=mm, other=0.0)
        b = tl.load(b_ptr + z * sbb + kk * sbk + rn * sbn, mask=mn, other=0.0)
        acc += a[:, None] * b[None, :]
    tl.store(c_ptr + z * m * n + rm[:, None] * n + rn[None, :], acc, mask=mm[:, None] & mn[None, :])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        z, m, k = a.shape
        n = b.shape[2]
        y = torch.empty((z, m, n), dtype=a.dtype, device=a.device)
        if y.numel() > 0:
            grid = (triton.cdiv(m, 32), triton.cdiv(n, 32), z)
            _matmul[grid](a, b, y, m, n, k, m * k, k, 1, k * n, n, 1, BM=32, BN=32)
        return y
