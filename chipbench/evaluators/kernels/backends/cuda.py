"""`cuda`: the candidate's `kernel.cu` built with nvcc as the torch extension `kernel_ext`.

With a GPU (and a CUDA build of torch) the judge runs it there: correctness and timing, with
device synchronisation around every timed call. Without one, the build is all this machine
can judge: nvcc's errors, or ptxas's register, shared-memory and spill report per kernel
(`-Xptxas -v`). That verdict is a harness_error with category `no_gpu` (nothing about the
candidate's correctness is known), and its feedback carries the compile report.

References for this backend live in a task's `hidden/cuda/` (model_new.py and kernel.cu).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from chipbench.core import Check, Status, Verdict
from chipbench.evaluators._base import tool_version
from chipbench.evaluators.kernels._policy import Violation, check_symbols
from chipbench.evaluators.kernels._cpp_build import (
    MODULE, ArtefactCache, Toolchain, precompiled_header, toolchain,
)
from chipbench.evaluators.kernels.backends import KernelBackend, Prepared, build_failure
from chipbench.evaluators.kernels.backends.cpu import build_slots
from chipbench.evaluators.kernels.backends.triton import gpu_name
from chipbench.sandbox import Limits, Sandbox, SandboxError

SOURCE = "kernel.cu"
OUTPUT = f"{MODULE}.so"
DEFAULT_ARCH = "sm_90"

def gpu_arch() -> str:
    try:
        import torch

        if torch.cuda.is_available():
            major, minor = torch.cuda.get_device_capability(0)
            return f"sm_{major}{minor}"
    except ImportError:
        pass
    return DEFAULT_ARCH


def ptxas_report(output: str) -> str:
    """ptxas's per-kernel resource lines (registers, shared memory, spills), in order."""
    keep = [ln.strip() for ln in output.splitlines()
            if ln.strip().startswith("ptxas info") and ("entry function" in ln or "Used" in ln or "smem" in ln)
            or "bytes stack frame" in ln]
    return "\n".join(keep)


class CudaBackend(KernelBackend):
    name = "cuda"
    device = "cuda"
    wants_gpu = True
    reference_dir = "cuda"
    submit = ("model_new.py", SOURCE)
    kinds = ("kernel", "cuda-to-cpu")

    def __init__(self, cache: ArtefactCache | None = None) -> None:
        self.cache = cache or ArtefactCache()

    @staticmethod
    def command(tc: Toolchain, header_dir: Path, link: bool) -> list[str]:
        """`header_dir` holds the light torch/extension.h (its .gch is g++'s only)."""
        flags = [a for a in tc.compile_args() if a not in ("-fopenmp", "-fPIC", "-w")]
        cmd = ["nvcc", *flags, "-I", str(header_dir), f"-arch={gpu_arch()}", "-Xptxas", "-v",
               "-Xcompiler", "-fPIC,-fopenmp", "--expt-relaxed-constexpr", SOURCE]
        if not link:
            return cmd + ["-c", "-o", "kernel.o"]
        libs = [a for a in tc.link_args() if a.startswith(("-L", "-Wl"))]
        return cmd + ["-shared", "-o", OUTPUT, *[f"-Xlinker={a[4:]}" if a.startswith("-Wl,") else a for a in libs],
                      "-lc10", "-lc10_cuda", "-ltorch", "-ltorch_cpu", "-ltorch_cuda", "-ltorch_python", "-lcudart"]

    async def setup(self, sandbox: Sandbox) -> None:
        tc = await toolchain(sandbox)
        if tc.nvcc is not None:
            await precompiled_header(tc, sandbox)

    async def prepare(self, files: dict[str, str], sandbox: Sandbox) -> Prepared | Verdict | Violation:
        tc = await toolchain(sandbox)
        if tc.nvcc is None:
            return Verdict(status=Status.HARNESS_ERROR, category="no_nvcc",
                           reason=f"nvcc is not installed in the sandbox ({sandbox.environment})")
        on_gpu = gpu_name() is not None
        key = self.cache.key(tc, {SOURCE: files[SOURCE]}, extra=f"nvcc {tool_version('nvcc')} {gpu_arch()} link={on_gpu}")
        cached = await asyncio.to_thread(self.cache.get, key)
        if cached is not None and on_gpu:
            if violation := await asyncio.to_thread(check_symbols, cached, SOURCE):
                return violation
            await sandbox.write_file(OUTPUT, cached)
            return Prepared(env={}, note=f"build: cached ({key[:12]})")
        if cached is not None:
            return self._compiled_only(cached.decode())
        cmd = self.command(tc, await precompiled_header(tc, sandbox), on_gpu)
        async with build_slots():
            result = await sandbox.exec(cmd, Limits(wall_s=600, cpu_s=600, memory_mb=16384))
        target = OUTPUT if on_gpu else "kernel.o"
        try:
            built = await sandbox.read_file(target)
        except (OSError, SandboxError):
            built = None
        if built is None or not result.ok:
            return build_failure(result, SOURCE, "nvcc")
        report = ptxas_report(result.output)
        if not on_gpu:
            await asyncio.to_thread(self.cache.put, key, report.encode())
            return self._compiled_only(report)
        await asyncio.to_thread(self.cache.put, key, built)
        if violation := await asyncio.to_thread(check_symbols, built, SOURCE):
            return violation
        return Prepared(env={}, note=f"build: nvcc in {result.wall_s:.1f} s\n{report}")

    @staticmethod
    def _compiled_only(report: str) -> Verdict:
        reason = "no GPU here: kernel.cu compiles, but correctness and timing need a GPU"
        return Verdict(status=Status.HARNESS_ERROR, category="no_gpu", reason=reason,
                       checks=[Check(name="nvcc", passed=True, detail=report[:1000])],
                       feedback=f"{reason}.\nptxas resource usage (-Xptxas -v, {gpu_arch()}):\n{report}")

    def measured_on(self, threads: int) -> str:
        return f"GPU {gpu_name()} ({gpu_arch()}); baseline eager PyTorch"

    def versions(self) -> dict[str, str]:
        return {"nvcc": tool_version("nvcc")}
