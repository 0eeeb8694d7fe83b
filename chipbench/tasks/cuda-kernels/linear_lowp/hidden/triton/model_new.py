"""nn.Linear, y = x W^T + b, in Triton for float32, float16 and bfloat16, accumulated in float32
and rounded once: 64 x 64 tiles by tl.dot (half-precision inputs on the tensor cores; float32
at full precision, not TF32), W read transposed by its strides, K (the input features) split
across programs when the tiles are few (as in this task), the bias added in the epilogue."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _gemm_partial(a_ptr, b_ptr, ws_ptr, M, N, K, sam, sak, sbk, sbn, k_chunk,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, IEEE: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    split = tl.program_id(2)
    k_begin = split * k_chunk
    k_end = tl.minimum(K, k_begin + k_chunk)
    acc = tl.zeros([BM, BN], tl.float32)
    for k0 in range(k_begin, k_end, BK):
        ks = k0 + rk
        a = tl.load(a_ptr + rm[:, None].to(tl.int64) * sam + ks[None, :] * sak,
                    mask=(rm[:, None] < M) & (ks[None, :] < k_end), other=0.0)
        b = tl.load(b_ptr + ks[:, None].to(tl.int64) * sbk + rn[None, :] * sbn,
                    mask=(ks[:, None] < k_end) & (rn[None, :] < N), other=0.0)
        if IEEE:  # float32 products at full precision (a GPU's default would round inputs to TF32)
            acc = tl.dot(a.to(tl.float32), b.to(tl.float32), acc, input_precision="ieee")
        else:  # float16 / bfloat16 inputs: exact products, float32 accumulation
            acc = tl.dot(a, b, acc)
    out = ws_ptr + split.to(tl.int64) * M * N + rm[:, None].to(tl.int64) * N + rn[None, :]
    tl.store(out, acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def _gemm_epilogue(ws_ptr, bias_ptr, c_ptr, MN, N, splits, HAS_BIAS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < MN
    acc = tl.zeros([BLOCK], tl.float32)
    if HAS_BIAS:
        acc += tl.load(bias_ptr + offs % N, mask=mask, other=0.0).to(tl.float32)
    for z in range(0, splits):
        acc += tl.load(ws_ptr + z * MN + offs, mask=mask, other=0.0)
    tl.store(c_ptr + offs, acc.to(c_ptr.dtype.element_ty), mask=mask)


def _gemm(a, b, bias, out, M, N, K, sam, sak, sbk, sbn):
    """out (M x N, contiguous) = A B (+ bias over columns), A's element (m, k) at
    a[m * sam + k * sak], B's (k, n) at b[k * sbk + n * sbn]. 64 x 64 tiles; when they are
    few, K is split across programs (chunks of at least 256), each summing into its own float32
    slab, and the epilogue adds the slabs in order, adds the bias and rounds once. On the CPU
    (Triton's interpreter) every dtype takes the float32 path: the interpreter's tl.dot of
    bfloat16 tiles returns garbage (Triton 3.8), and its float32 products of half-precision
    values are exact, so the result is the same."""
    if M == 0 or N == 0:
        return out
    bm, bn, bk = 64, 64, 32
    tiles = triton.cdiv(M, bm) * triton.cdiv(N, bn)
    splits = max(1, min(triton.cdiv(264, tiles), K // 256, 1024))
    k_chunk = max(bk, triton.cdiv(triton.cdiv(K, splits), bk) * bk)
    splits = max(1, triton.cdiv(K, k_chunk))
    ws = torch.empty(splits * M * N, dtype=torch.float32, device=out.device)
    _gemm_partial[(triton.cdiv(M, bm), triton.cdiv(N, bn), splits)](
        a, b, ws, M, N, K, sam, sak, sbk, sbn, k_chunk, BM=bm, BN=bn, BK=bk,
        IEEE=a.dtype == torch.float32 or a.device.type == "cpu")
    _gemm_epilogue[(triton.cdiv(M * N, 1024),)](ws, ws if bias is None else bias, out, M * N, N, splits,
                                                HAS_BIAS=bias is not None, BLOCK=1024)
    return out


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, dtype):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        with torch.no_grad():
            self.fc.weight.normal_(0.025, 0.05)
            self.fc.bias.uniform_(-0.05, 0.05)
        self.fc.to(dtype)

    def forward(self, x):
        x = x.contiguous()
        w, b = self.fc.weight.detach(), self.fc.bias.detach()
        batch, k = x.shape
        n = w.shape[0]
        out = torch.empty((batch, n), dtype=x.dtype, device=x.device)
        return _gemm(x, w, b, out, batch, n, k, k, 1, 1, k)
