"""The reference model in float64: the judge's "truth" for accuracy (stdlib + torch only).

The judge compares a candidate with eager PyTorch in the task's dtype, and also with this
float64 run on the same inputs: a candidate whose error to it is far above the eager
reference's own is computing in less precision than the task's dtype (docs/kernel-judge.md,
*Accuracy against float64*). The run is float64 throughout: the model's floating parameters
and buffers and the inputs are converted, and `Float64` turns every floating dtype an op asks
for (`x.float()`, `torch.arange(..., dtype=torch.float32)`, `softmax(dtype=...)`) into
float64, so a reference that computes a step in float32 on purpose (a half-precision task's
norm) is exact there too, not as rounded as the eager run it judges.

Also here: `ieee_fp32`, which keeps float32 matmuls and convolutions in float32 on a GPU
(PyTorch lets cuDNN use TF32 for convolutions by default): a float32 task means float32
arithmetic, for the reference, the timing baseline and the float64 check alike.
"""

from __future__ import annotations

import copy

import torch
from torch.utils._python_dispatch import TorchDispatchMode


class Float64(TorchDispatchMode):
    """Every floating dtype an op is asked for becomes float64."""

    @classmethod
    def _should_skip_dynamo(cls) -> bool:
        return False  # as guard.OpGuard: no import of torch._dynamo (seconds) on first use

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        dtype = kwargs.get("dtype")
        if isinstance(dtype, torch.dtype) and dtype.is_floating_point and dtype != torch.float64:
            kwargs = {**kwargs, "dtype": torch.float64}
        return func(*args, **kwargs)


def widened(model: torch.nn.Module) -> torch.nn.Module:
    """A float64 copy of `model` (the original is left as it was)."""
    return copy.deepcopy(model).double()


def float64_outputs(model64: torch.nn.Module, inputs: list) -> list:
    """`model64` (from `widened`) on `inputs` made float64, under `Float64`, as a list."""
    wide = [x.double() if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
    with torch.no_grad(), Float64():
        out = model64(*wide)
    return list(out) if isinstance(out, (tuple, list)) else [out]


def ieee_fp32() -> None:
    """Float32 matmuls and convolutions in float32 (no TF32) on a GPU; a no-op on the CPU."""
    backends = torch.backends
    if hasattr(backends, "fp32_precision"):  # torch >= 2.9
        backends.fp32_precision = "ieee"
        backends.cuda.matmul.fp32_precision = "ieee"
        backends.cudnn.fp32_precision = "ieee"
        backends.cudnn.conv.fp32_precision = "ieee"
        backends.cudnn.rnn.fp32_precision = "ieee"
    else:
        backends.cuda.matmul.allow_tf32 = False
        backends.cudnn.allow_tf32 = False
