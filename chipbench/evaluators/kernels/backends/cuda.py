"""`cuda`: the candidate's `kernel.cu` built with nvcc as the torch extension `kernel_ext`.

With a GPU (and a CUDA build of torch) the judge runs it there: correctness and timing, with
device synchronisation around every timed call. Without one, the build is all this machine
can judge: nvcc's errors, or ptxas's register, shared-memory and spill report per kernel and
architecture (`-Xptxas -v`). That verdict is a harness_error with category `no_gpu` (nothing
about the candidate's correctness is known), and its feedback carries the compile report.

The compile-only build is nvcc's device pass alone (`--fatbin`): one front-end parse of the
whole file (host code included, so its errors are nvcc's as on a GPU), PTX for the oldest
architecture named, assembled by ptxas for each of `compile_only_archs()`. It skips the host
compiler's second parse of torch's headers and the link, which together cost three quarters
of a full extension build (measured: 17 s of CPU for the device pass, 74 s for the module),
and which would produce a module nothing here can load.

References for this backend live in a task's `hidden/cuda/` (model_new.py and kernel.cu).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from chipbench.core import Check, Status, Verdict
from chipbench.evaluators._base import Requirement
from chipbench.evaluators.kernels._policy import Violation, check_symbols
from chipbench.evaluators.kernels._cpp_build import (
    MODULE, ArtefactCache, Toolchain, light_header, toolchain,
)
from chipbench.evaluators.kernels.backends import KernelBackend, Prepared, build_failure
from chipbench.evaluators.kernels.backends.cpu import build_slots
from chipbench.evaluators.kernels.backends.triton import gpu_name
from chipbench.sandbox import Limits, Sandbox, SandboxError

SOURCE = "kernel.cu"
OUTPUT = f"{MODULE}.so"
COMPILE_ONLY_OUTPUT = "kernel.fatbin"
DEFAULT_ARCH = "sm_90"
COMPILE_ONLY_ARCHS = ("sm_80", "sm_90")
"""Architectures a candidate is compiled for where there is no GPU (docs/cuda.md names them)."""


def compile_only_archs() -> tuple[str, ...]:
    """`CHIPBENCH_CUDA_ARCHS` (comma-separated, e.g. `sm_80,sm_90,sm_100`), else the default."""
    named = [a.strip() for a in os.environ.get("CHIPBENCH_CUDA_ARCHS", "").split(",") if a.strip()]
    archs = tuple(sorted(set(named), key=lambda a: int("".join(ch for ch in a if ch.isdigit()) or 0)))
    if any(not a.startswith("sm_") or not a[3:].rstrip("af").isdigit() for a in archs):
        raise ValueError(f"CHIPBENCH_CUDA_ARCHS: expected names like sm_80, got {named}")
    return archs or COMPILE_ONLY_ARCHS


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
    docker_toolchain = "cuda-kernels-gpu"
    kinds = ("kernel", "cuda-to-cpu")

    def __init__(self, cache: ArtefactCache | None = None) -> None:
        self.cache = cache or ArtefactCache()

    @staticmethod
    def command(tc: Toolchain, header_dir: Path, link: bool) -> list[str]:
        """`header_dir` holds the light torch/extension.h (`light_header()`). The nvcc is
        the one the probe found (a system CUDA's, or chipbench[cuda]'s wheel), with the CUDA
        headers beside it named explicitly: a wheel's nvcc does not look for them there.
        Without `link`, the device pass only, for every compile-only architecture."""
        flags = [a for a in tc.compile_args() if a not in ("-fopenmp", "-fPIC", "-w")]
        cuda_headers = [a for inc in tc.cuda_includes for a in ("-isystem", inc)]
        cmd = [tc.nvcc or "nvcc", *flags, *cuda_headers, "-I", str(header_dir),
               "-Xptxas", "-v", "--expt-relaxed-constexpr", SOURCE]
        if not link:
            archs = compile_only_archs()
            return cmd + [f"--gpu-architecture=compute_{archs[0][3:]}", f"--gpu-code={','.join(archs)}",
                          "--fatbin", "-o", COMPILE_ONLY_OUTPUT]
        cmd += [f"-arch={gpu_arch()}", "-Xcompiler", "-fPIC,-fopenmp"]
        libs = [a for a in tc.link_args() if a.startswith(("-L", "-Wl"))]
        if tc.cudart:  # by file, with its folder on the module's rpath
            cudart = [tc.cudart, f"-Xlinker=-rpath,{Path(tc.cudart).parent}"]
        else:
            cudart = ["-lcudart"]
        return cmd + ["-shared", "-o", OUTPUT, *[f"-Xlinker={a[4:]}" if a.startswith("-Wl,") else a for a in libs],
                      "-lc10", "-lc10_cuda", "-ltorch", "-ltorch_cpu", "-ltorch_cuda", "-ltorch_python", *cudart]

    async def setup(self, sandbox: Sandbox) -> None:
        await toolchain(sandbox)

    async def prepare(self, files: dict[str, str], sandbox: Sandbox) -> Prepared | Verdict | Violation:
        tc = await toolchain(sandbox)
        if tc.nvcc is None:
            return Verdict(status=Status.HARNESS_ERROR, category="no_nvcc",
                           reason=f"no nvcc in the sandbox ({sandbox.environment}): install a CUDA toolkit, "
                                  "or pip install 'chipbench[cuda]' for nvcc from PyPI")
        on_gpu = gpu_name() is not None
        built_by = Check(name="nvcc", passed=True, detail=f"built by {tc.nvcc_identity}")
        key = self.cache.key(tc, {SOURCE: files[SOURCE]}, extra=f"nvcc {tc.nvcc_identity} {gpu_arch() if on_gpu else compile_only_archs()} link={on_gpu}")
        cached = await asyncio.to_thread(self.cache.get, key)
        if cached is not None and on_gpu:
            if violation := await asyncio.to_thread(check_symbols, cached, SOURCE):
                return violation
            await sandbox.write_file(OUTPUT, cached)
            return Prepared(env={}, note=f"build: cached ({key[:12]}), {built_by.detail}", checks=[built_by])
        if cached is not None:
            return self._compiled_only(cached.decode(), tc)
        cmd = self.command(tc, await asyncio.to_thread(light_header), on_gpu)
        async with build_slots():
            result = await sandbox.exec(cmd, Limits(wall_s=600, cpu_s=600, memory_mb=16384))
        target = OUTPUT if on_gpu else COMPILE_ONLY_OUTPUT
        try:
            built = await sandbox.read_file(target)
        except (OSError, SandboxError):
            built = None
        if built is None or not result.ok:
            failure = build_failure(result, SOURCE, f"nvcc ({tc.nvcc_identity})")
            failure.checks.append(Check(name="nvcc", passed=False, detail=f"built by {tc.nvcc_identity}"))
            failure.logs = f"nvcc: {tc.nvcc_identity}\n{failure.logs}"
            return failure
        report = ptxas_report(result.output)
        if not on_gpu:
            await asyncio.to_thread(self.cache.put, key, report.encode())
            return self._compiled_only(report, tc)
        await asyncio.to_thread(self.cache.put, key, built)
        if violation := await asyncio.to_thread(check_symbols, built, SOURCE):
            return violation
        return Prepared(env={}, note=f"build: {tc.nvcc_identity} in {result.wall_s:.1f} s\n{report}",
                        checks=[built_by])

    @staticmethod
    def _compiled_only(report: str, tc: Toolchain) -> Verdict:
        archs = ", ".join(compile_only_archs())
        reason = (f"no GPU here: kernel.cu compiles for {archs} (device code; nothing was run), "
                  "but correctness and timing need a GPU")
        return Verdict(status=Status.HARNESS_ERROR, category="no_gpu", reason=reason,
                       checks=[Check(name="nvcc", passed=True, detail=f"built by {tc.nvcc_identity}\n{report}"[:1000]),
                               Check(name="ptxas", passed=True, detail=report[:2000])],
                       feedback=f"{reason}.\nbuilt by {tc.nvcc_identity}\n"
                                f"ptxas resource usage (-Xptxas -v, {archs}):\n{report}")

    def measured_on(self, threads: int) -> str:
        return f"GPU {gpu_name()} ({gpu_arch()}); baseline eager PyTorch"

    def requirements(self) -> list[Requirement]:
        """nvcc (a system CUDA's, or chipbench[cuda]'s from PyPI) to build; a GPU with a CUDA
        build of torch to run and time (without them candidates are compiled only)."""
        from chipbench.evaluators.kernels._nvcc import find_nvcc

        path, version = find_nvcc()
        nvcc = Requirement("nvcc", f"{version} ({path})" if path else None, "pip install 'chipbench[cuda]'")
        try:
            import torch

            cuda_torch = torch.version.cuda
        except ImportError:
            cuda_torch = None
        gpu = gpu_name()
        return [nvcc,
                Requirement("NVIDIA GPU", gpu, "run on a machine with an NVIDIA GPU (without one, "
                            "candidates are compiled only: never scored)", kind="device"),
                Requirement("CUDA build of torch", f"CUDA {cuda_torch}" if cuda_torch else None,
                            "pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cu130",
                            kind="python")]

    def versions(self) -> dict[str, str]:
        """The nvcc the harness's environment offers, as the local sandbox's probe finds it
        (a docker image's own is named by its recipe's tag); each verdict names the one that
        actually built its candidate."""
        from chipbench.evaluators.kernels._nvcc import find_nvcc

        path, version = find_nvcc()
        return {"nvcc": f"{path} ({version})" if path else "missing"}
