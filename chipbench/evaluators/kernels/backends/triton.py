"""`triton`: the candidate's `model_new.py` calls `@triton.jit` kernels.

Without a GPU the kernels run in Triton's interpreter (`TRITON_INTERPRET=1`) on CPU tensors:
correctness only, since interpreter speed says nothing about GPU speed; the verdict says so.
With a GPU (and a CUDA build of torch) they run on it and are timed against eager PyTorch."""

from __future__ import annotations

from functools import lru_cache

from chipbench.core import Verdict
from chipbench.evaluators._base import Requirement, python_requirement
from chipbench.evaluators.kernels.backends import KernelBackend, Prepared
from chipbench.sandbox import Sandbox


@lru_cache(maxsize=1)
def gpu_name() -> str | None:
    try:
        import torch
    except ImportError:
        return None
    return torch.cuda.get_device_name(0) if torch.cuda.is_available() else None


class TritonBackend(KernelBackend):
    name = "triton"
    wants_gpu = True
    reference_dir = "triton"
    submit = ("model_new.py",)
    kinds = ("kernel", "cuda-to-cpu")  # any task with a hidden/triton/ reference

    @property
    def docker_toolchain(self) -> str | None:  # type: ignore[override]
        """On a GPU, the image with a CUDA torch; the interpreter runs in the suite's own."""
        return "cuda-kernels-gpu" if gpu_name() else None

    @property
    def device(self) -> str:  # type: ignore[override]
        return "cuda" if gpu_name() else "cpu"

    @property
    def shape_table(self) -> str | None:
        return None if gpu_name() else "triton"  # the interpreter is slow: the task's small sizes

    async def prepare(self, files: dict[str, str], sandbox: Sandbox) -> Prepared | Verdict:
        if gpu_name():
            return Prepared(env={}, note=f"triton on {gpu_name()}")
        return Prepared(env={"TRITON_INTERPRET": "1"}, note="triton interpreter on the CPU (TRITON_INTERPRET=1)")

    def timing_unavailable(self) -> str | None:
        if gpu_name():
            return None
        return ("no GPU here: Triton kernels ran in Triton's interpreter on the CPU, which checks "
                "correctness only; they are timed on a GPU")

    def measured_on(self, threads: int) -> str:
        return f"GPU {gpu_name()}; baseline eager PyTorch"

    def requirements(self) -> list[Requirement]:
        return [python_requirement("triton", "pip install 'chipbench[kernels]'")]

    def versions(self) -> dict[str, str]:
        try:
            import triton

            return {"triton": triton.__version__}
        except ImportError:
            return {"triton": "missing"}
