"""`cpu`: the candidate's `kernel.cpp` (C++ with OpenMP) built as the torch extension
`kernel_ext` with `-O3 -fopenmp`, correctness and timing measured on this machine's CPU."""

from __future__ import annotations

import asyncio
import os
import platform
from functools import lru_cache

from chipbench.core import Status, Verdict
from chipbench.evaluators._base import tool_version
from chipbench.evaluators.kernels._policy import Violation, check_symbols
from chipbench.evaluators.kernels._cpp_build import (
    MODULE, ArtefactCache, compile_command, precompiled_header, toolchain,
)
from chipbench.evaluators.kernels.backends import KernelBackend, Prepared, build_failure
from chipbench.sandbox import Limits, Sandbox, SandboxError

SOURCE = "kernel.cpp"
OUTPUT = f"{MODULE}.so"
_build_slots: dict[int, asyncio.Semaphore] = {}


def build_slots() -> asyncio.Semaphore:
    """At most one compile per core at once, however many evaluations run."""
    loop = id(asyncio.get_running_loop())
    if loop not in _build_slots:
        _build_slots[loop] = asyncio.Semaphore(max(1, os.cpu_count() or 1))
    return _build_slots[loop]


@lru_cache(maxsize=1)
def cpu_model() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


class CpuBackend(KernelBackend):
    name = "cpu"
    device = "cpu"
    reference_dir = "reference"
    kinds = ("kernel", "cuda-to-cpu")

    def __init__(self, cache: ArtefactCache | None = None) -> None:
        self.cache = cache or ArtefactCache()

    async def setup(self, sandbox: Sandbox) -> None:
        await precompiled_header(await toolchain(sandbox), sandbox)

    async def prepare(self, files: dict[str, str], sandbox: Sandbox) -> Prepared | Verdict | Violation:
        if SOURCE not in files:
            return Verdict(status=Status.FAIL, reason=f"missing {SOURCE}", feedback=f"submit {SOURCE}")
        tc = await toolchain(sandbox)
        key = self.cache.key(tc, {SOURCE: files[SOURCE]})
        cached = await asyncio.to_thread(self.cache.get, key)
        if cached is not None:
            if violation := await asyncio.to_thread(check_symbols, cached, SOURCE):
                return violation
            await sandbox.write_file(OUTPUT, cached)
            return Prepared(env={}, note=f"build: cached ({key[:12]})")
        header_dir = await precompiled_header(tc, sandbox)  # made by setup: found at once
        async with build_slots():
            result = await sandbox.exec(compile_command(tc, header_dir, SOURCE, OUTPUT),
                                        Limits(wall_s=300, cpu_s=300, memory_mb=6144))
        try:
            module = await sandbox.read_file(OUTPUT)
        except (OSError, SandboxError):
            module = None
        if module is None or not result.ok:
            return build_failure(result, SOURCE, "the C++ build")
        await asyncio.to_thread(self.cache.put, key, module)
        if violation := await asyncio.to_thread(check_symbols, module, SOURCE):
            return violation
        return Prepared(env={}, note=f"build: compiled in {result.wall_s:.1f} s ({key[:12]})")

    def measured_on(self, threads: int) -> str:
        return f"CPU {cpu_model()}, {threads} thread(s) (OMP_NUM_THREADS={threads}); baseline eager PyTorch"

    def versions(self) -> dict[str, str]:
        """The harness's torch and g++: what the local sandbox builds with (an image's own are
        pinned by its recipe, whose tag the run's manifest records)."""
        from importlib.metadata import PackageNotFoundError, version

        try:
            torch = version("torch")
        except PackageNotFoundError:
            torch = "missing"
        return {"torch": torch, "g++": tool_version("g++")}
