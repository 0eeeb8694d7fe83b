"""The cuda-kernels suite's evaluator: PyTorch reference programs, candidate kernels on a
pluggable backend (`cpu` C++/OpenMP, `triton`, `cuda`), judged for correctness and speedup."""

from chipbench.evaluators.kernels._evaluator import KernelEvaluator
from chipbench.evaluators.kernels._spec import TOLERANCES, KernelSpec
from chipbench.evaluators.kernels.backends import KernelBackend, backend_for, kernel_backends

__all__ = ["KernelBackend", "KernelEvaluator", "KernelSpec", "TOLERANCES", "backend_for", "kernel_backends"]
