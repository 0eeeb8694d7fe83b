"""Answers a legitimate or a cheating kernel could give, computed with PyTorch on a task's model:
float32 everywhere, float32 GEMMs and sums in order, operands rounded to a lower precision.
Shared by the accuracy attack tests and `benchmarks/kernel_accuracy.py`, so the numbers the
benchmark prints are those of the answers the tests judge."""

from __future__ import annotations

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from chipbench.evaluators.kernels.worker.wide import float64_outputs, widened


def _as_list(out):
    return [o.detach() for o in (out if isinstance(out, (tuple, list)) else [out])]


class AskedDtype(TorchDispatchMode):
    """Every floating dtype an op asks for becomes `dtype` (as wide.Float64 does float64)."""

    def __init__(self, dtype):
        super().__init__()
        self.dtype = dtype

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        dtype = kwargs.get("dtype")
        if isinstance(dtype, torch.dtype) and dtype.is_floating_point and dtype != self.dtype:
            kwargs = {**kwargs, "dtype": self.dtype}
        return func(*args, **kwargs)


def Float32():  # a mode maker, named as the judge's wide.Float64
    return AskedDtype(torch.float32)


class Gemm(TorchDispatchMode):
    """float32 mm/bmm/addmm through `gemm(a, b)`."""

    def __init__(self, gemm):
        super().__init__()
        self.gemm = gemm

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        aten = torch.ops.aten
        operands = [x for x in args[:3] if isinstance(x, torch.Tensor)]
        if operands and all(x.dtype == torch.float32 for x in operands):
            if func in (aten.mm.default, aten.bmm.default):
                return self.gemm(args[0], args[1])
            if func is aten.addmm.default:
                return kwargs.get("beta", 1) * args[0] + kwargs.get("alpha", 1) * self.gemm(args[1], args[2])
        return func(*args, **kwargs)


_MANTISSA_BITS = {"float16": 10, "bfloat16": 7, "float8_e4m3fn": 3}


def stochastically_rounded(x, low):
    """x rounded to `low` up or down at random, in proportion to its distance to each
    neighbour (approximately: a uniform dither of one unit before rounding to nearest): the
    rounding errors have no bias, as an attacker would make them to average out over K."""
    x = x.double()
    unit = torch.exp2(torch.floor(torch.log2(x.abs().clamp_min(1e-30))) - _MANTISSA_BITS[low])
    gen = torch.Generator().manual_seed(5)
    dither = (torch.rand(x.shape, generator=gen, dtype=torch.float64) - 0.5) * unit
    return (x + dither).to(getattr(torch, low)).double()


def operands_rounded(model, inputs, low, stochastic=False):
    """The model in float64 on operands (inputs and parameters) first rounded to `low`: a
    tensor-core GEMM (operands in `low`, products exact, a wide accumulator)."""
    def rounded(x):
        return stochastically_rounded(x, low) if stochastic else x.to(getattr(torch, low)).double()

    wide = widened(model)
    with torch.no_grad():
        for p in wide.parameters():
            p.copy_(rounded(p))
    return float64_outputs(wide, [rounded(x).to(x.dtype) if x.is_floating_point() else x for x in inputs])


def running_sum(x):
    """x summed along its last dim one term after another in float32 (a loop: PyTorch's CPU
    cumsum accumulates in double, so its last value is not a float32 running sum)."""
    acc = torch.zeros(x.shape[:-1], dtype=x.dtype)
    for j in range(x.shape[-1]):
        acc = acc + x[..., j]
    return acc


def _sum_in_order(x, dims, keepdim, float32_sums=False):
    """x summed over `dims` (all when None) one term after another (a running sum's last
    value), not in eager's blocks; with `float32_sums` every addition rounds to float32
    (running_sum), otherwise cumsum's (double) running sum rounded once."""
    dims = sorted(d % x.dim() for d in dims) if dims else list(range(x.dim()))
    kept = [d for d in range(x.dim()) if d not in dims]
    flat = x.permute(*kept, *dims).reshape(*[x.shape[d] for d in kept], -1)
    if not flat.shape[-1]:
        total = flat.sum(-1)
    else:
        total = running_sum(flat) if float32_sums else flat.cumsum(-1)[..., -1]
    for d in dims if keepdim else ():
        total = total.unsqueeze(d)
    return total


def _mm_in_order(a, b):
    acc = torch.zeros(*a.shape[:-1], b.shape[-1])
    for k in range(a.shape[-1]):
        acc = acc + a[..., :, k:k + 1] * b[..., k:k + 1, :]
    return acc


class InOrder(TorchDispatchMode):
    """float32 GEMMs (mm, bmm, addmm) and sums add their terms one by one, in order, as a
    simple kernel (the C++ reference kernels) does: the least accurate legitimate float32
    summation order, against eager's blocked one. Sums go through cumsum (fast, but added in
    double) unless `float32_sums`, which adds each term in float32 in a Python loop."""

    def __init__(self, float32_sums: bool = False):
        super().__init__()
        self.float32_sums = float32_sums

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        aten = torch.ops.aten
        operands = [a for a in args[:3] if isinstance(a, torch.Tensor)]
        if not operands or any(a.dtype != torch.float32 or a.dim() == 0 or a.shape[-1] == 0 for a in operands):
            return func(*args, **kwargs)
        if func in (aten.mm.default, aten.bmm.default):
            return _mm_in_order(*args[:2])
        if func is aten.addmm.default:
            return kwargs.get("beta", 1) * args[0] + kwargs.get("alpha", 1) * _mm_in_order(*args[1:3])
        if func in (aten.sum.dim_IntList, aten.mean.dim) and kwargs.get("dtype") in (None, torch.float32):
            dims, keepdim = (list(args[1]) if len(args) > 1 and args[1] is not None else None,
                             args[2] if len(args) > 2 else kwargs.get("keepdim", False))
            total = _sum_in_order(args[0], dims, keepdim, self.float32_sums)
            return total if func is aten.sum.dim_IntList else total / (args[0].numel() // max(total.numel(), 1))
        return func(*args, **kwargs)


def in_order_float32(model, inputs):
    """The model computed in float32 with its GEMMs and sums in order (InOrder)."""
    wide = [x.float() if x.is_floating_point() else x for x in inputs]
    with torch.no_grad(), Float32(), InOrder():
        return _as_list(widened(model).float()(*wide))
