"""Shared helpers for the isa-transpile tests: load a built-in task, score files for it."""

from __future__ import annotations

import asyncio
import shutil
import subprocess

import pytest

from chipbench.core import Candidate, Task, Verdict
from chipbench.evaluators.isa import PORTABLE_CFLAGS, TARGETS, IsaTranspileEvaluator
from chipbench.registry import suites
from chipbench.sandbox.local import LocalSandbox

TOOLS = ["gcc", *(t.gcc for t in TARGETS.values()), *(t.qemu for t in TARGETS.values())]
requires_isa_tools = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason="isa-transpile needs gcc, the riscv64/aarch64 cross compilers and qemu-user "
           "(scripts/setup.sh installs them)",
)


def isa_task(name: str) -> Task:
    return suites.get("isa-transpile").load([name])[0]


def score(task: Task, source: str | None = None, files: dict[str, str] | None = None) -> Verdict:
    """Evaluate as a run does: a fresh local sandbox with the task folders hidden."""
    suite_root = suites.get("isa-transpile").root

    async def go() -> Verdict:
        async with LocalSandbox(hide=[suite_root]) as sandbox:
            candidate = Candidate(files=files if files is not None else {task.submit[0]: source})
            return await IsaTranspileEvaluator().evaluate(task, candidate, sandbox)

    return asyncio.run(go())


def compiled_for_target(task: Task, level: str, *flags: str) -> str:
    """The hidden C compiled by the target gcc at `level` (and `flags`): a correct candidate of
    another speed."""
    target = TARGETS[task.interface["target"]]
    source = task.hidden_dir / f"{task.interface['function']}.c"
    return subprocess.run([target.gcc, "-S", f"-{level}", *flags, *PORTABLE_CFLAGS, *target.cc_flags, "-o", "-",
                           str(source)], capture_output=True, text=True, check=True).stdout
