"""The cuda-kernels suite: one folder of tasks, presented through a kernel backend.

`--suite cuda-kernels` uses the `cpu` backend; `--suite cuda-kernels:triton` (or any name in
the `chipbench.kernel_backends` registry) another one. The backend decides which tasks it can
run (those with a reference for it) and what a candidate submits; the loader stays generic.
`+compile` after the backend (`cuda-kernels:cpu+compile`) also times every task's reference
under torch.compile, a second baseline; opt-in, since compiling costs seconds per evaluation
(a task can ask for it alone with `compile_baseline = true` in its `[eval]` table).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from importlib.resources import files
from pathlib import Path

from chipbench.core import ChipbenchError, Task
from chipbench.tasks._suite import Suite

ROOT = Path(str(files("chipbench.tasks"))) / "cuda-kernels"


@dataclass(frozen=True)
class KernelSuite(Suite):
    backend: str = "cpu"
    compile_baseline: bool = False

    def _backend(self):
        from chipbench.evaluators.kernels.backends import kernel_backends

        return kernel_backends.get(self.backend)()

    def variants(self) -> list[str]:
        from chipbench.evaluators.kernels.backends import kernel_backends

        return kernel_backends.names()

    def variant(self, arg: str) -> "KernelSuite":
        from chipbench.evaluators.kernels.backends import kernel_backends

        backend, _, option = arg.partition("+")
        if backend not in kernel_backends.names():
            raise ChipbenchError(f"suite {self.name!r} has no backend {backend!r} "
                                 f"(known: {', '.join(kernel_backends.names())})")
        if option not in ("", "compile"):
            raise ChipbenchError(f"suite {self.name!r}: unknown option {option!r} after {backend!r} (known: compile)")
        return replace(self, backend=backend, compile_baseline=option == "compile",
                       version=f"{self.version.split('+')[0]}+{arg}")

    def task_folders(self) -> list[Path]:
        if not self.root.is_dir():
            return []
        backend = self._backend()
        kept = []
        for folder in super().task_folders():
            try:
                kind = tomllib.loads((folder / "task.toml").read_text()).get("kind", "")
            except (OSError, tomllib.TOMLDecodeError):
                kind = ""  # malformed: keep it, so loading it reports the problem
            if not kind or backend.accepts(folder, kind):
                kept.append(folder)
        return kept

    def load(self, names: list[str] | None = None) -> list[Task]:
        backend = self._backend()
        tasks = [backend.adapt(t) for t in super().load(names)]
        if self.compile_baseline:
            tasks = [t.model_copy(update={"eval": {**t.eval, "compile_baseline": True}}) for t in tasks]
        return tasks


suite = KernelSuite(
    name="cuda-kernels", root=ROOT, evaluator="cuda-kernels", version="0.1", track="eval.backend",
    description="PyTorch programs to speed up with C++/OpenMP, Triton or CUDA kernels, "
                "scored for correctness and speedup over eager PyTorch",
)
