"""Kernel backends: where and how a candidate's kernel is built and run.

One registry, `chipbench.kernel_backends` (entry points), so a third party adds a backend by
declaring one in its own package; `--suite cuda-kernels:NAME` selects it. A backend decides
which file(s) a candidate submits, which hidden folder holds a task's reference for it, how
the candidate is built before the judge runs, and whether this machine can time it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path

from chipbench.core import Check, Status, Task, Verdict
from chipbench.evaluators._base import Requirement, clip, exec_failure
from chipbench.evaluators.kernels._policy import Violation
from chipbench.registry import Registry
from chipbench.sandbox import ExecResult, Sandbox

kernel_backends: Registry = Registry("kernel_backends")


@dataclass
class Prepared:
    """What the build step hands the judge: extra environment and a note for the logs."""

    env: dict[str, str]
    note: str = ""
    checks: list[Check] = field(default_factory=list)
    """Facts about the build every verdict of this candidate carries (e.g. which nvcc built it)."""


class KernelBackend(ABC):
    name: str = "backend"
    device: str = "cpu"
    """Where the judge puts the model, its inputs and outputs (`cpu` or `cuda`)."""
    wants_gpu: bool = False
    """Whether candidates are built and timed on a GPU where one can be had, so a cluster
    executor places them on a GPU node (`device` says what this machine does)."""
    reference_dir: str = "reference"
    submit: tuple[str, ...] | None = None
    """The files a candidate submits; None keeps the task's own `submit` list."""
    kinds: tuple[str, ...] = ("kernel",)
    docker_toolchain: str | None = None
    """The docker image (toolchain) this backend's candidates are scored in; None: the suite's."""

    @property
    def shape_table(self) -> str | None:
        """A table of `hidden/shapes.toml` that replaces the task's shapes on this backend."""
        return None

    def accepts(self, folder: Path, kind: str) -> bool:
        """Whether a task folder can be run on this backend (it has a reference for it)."""
        return kind in self.kinds and (folder / "hidden" / self.reference_dir / "model_new.py").is_file()

    def adapt(self, task: Task) -> Task:
        """The task as this backend presents it: its submit list, reference folder, backend name,
        and only the known-wrong candidates whose files are exactly what this backend takes.
        One without a file it takes (a CUDA twin on the C++ backend) fails as incomplete
        whatever its code; one with a file it never builds (a C++ or CUDA candidate on the
        Triton backend, whose model_new.py imports an extension that is not there) fails on
        import whatever its code. Either would count as caught while proving nothing about
        this backend's judge. Only file names are read here, never the candidates' text."""
        update: dict = {"reference_dir": self.reference_dir, "eval": {**task.eval, "backend": self.name}}
        if self.submit is not None:
            update["submit"] = self.submit
        adapted = task.model_copy(update=update)
        takes = frozenset(adapted.submit)
        unfit = {f"wrong/{name}" for name, files in adapted.candidate_file_names("wrong").items() if files != takes}
        return adapted.model_copy(update={"excluded": tuple(sorted({*task.excluded, *unfit}))})

    async def setup(self, sandbox: Sandbox) -> None:
        """Trusted preparation in a sandbox that holds no candidate file yet (probing what
        builds compile against, precompiling headers); the default has none."""

    @abstractmethod
    async def prepare(self, files: dict[str, str], sandbox: Sandbox) -> Prepared | Verdict | Violation:
        """Build what the candidate needs before the judge imports it; a Verdict on failure."""

    def timing_unavailable(self) -> str | None:
        """Why this machine cannot time this backend (None: it can)."""
        return None

    def measured_on(self, threads: int) -> str:
        return ""

    def versions(self) -> dict[str, str]:
        return {}

    def requirements(self) -> list[Requirement]:
        """What this backend needs beyond g++ and torch (for `chipbench doctor`)."""
        return []


def build_failure(result: ExecResult, source: str, tool: str) -> Verdict:
    """The verdict for a candidate whose build produced no module, the same for every backend.

    A build that hit a sandbox limit keeps the status that says which (timeout, or a runtime
    error for a flood of output); otherwise it is a compile error. The category is
    `compile_error` either way, so failure taxonomies see the stage the candidate failed at,
    and a failed `build` check carries the compiler lines that name the source or an error."""
    if failure := exec_failure(result, tool):
        failure.category = "compile_error"
        failure.checks = [Check(name="build", passed=False, detail=failure.reason)]
        return failure
    lines = [ln for ln in result.output.splitlines() if source in ln or "error" in ln] or result.output.splitlines()
    shown = clip("\n".join(lines), 3000)
    return Verdict(status=Status.COMPILE_ERROR, category="compile_error", reason=f"{source} does not compile",
                   feedback=f"{source} does not compile:\n{shown}", logs=clip(result.output),
                   checks=[Check(name="build", passed=False, detail=shown[:500])])


def backend_for(task: Task) -> KernelBackend:
    return kernel_backends.get(task.eval.get("backend", "cpu"))()
