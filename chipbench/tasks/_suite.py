"""A suite: a versioned folder of tasks plus the name of the evaluator that scores them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from chipbench.core import ChipbenchError, Task, TaskInfo
from chipbench.tasks._loader import VARIANT_SEP, TaskError, load_task, task_names


@dataclass(frozen=True)
class Suite:
    name: str
    root: Path
    evaluator: str
    version: str
    description: str = ""
    prompt_template: str | None = field(default=None)
    track: str = "kind"
    """Which of a task's fields splits this suite into tracks for reports: a dotted path into
    the task (`kind`, `interface.source_opt`, `eval.backend`)."""
    speedup_cap: float | None = None
    """The largest speedup reports credit on this suite's tasks (a task's `[eval] speedup_cap`
    overrides it); None: no cap."""

    def info(self, task: Task) -> TaskInfo:
        """The task's metadata as records carry it."""
        value: object = task
        for part in self.track.split("."):
            value = value.get(part) if isinstance(value, dict) else getattr(value, part, None)
        cap = task.eval.get("speedup_cap", self.speedup_cap)
        return TaskInfo(title=task.title, kind=task.kind, difficulty=task.difficulty, tags=task.tags,
                        track="" if value is None else str(value),
                        speedup_cap=None if cap is None else float(cap))

    def variants(self) -> list[str]:
        """The arguments `NAME:ARG` accepts, each a way to run the suite (a kernel suite's
        backends); none by default."""
        return []

    def variant(self, arg: str) -> "Suite":
        """This suite as `NAME:ARG` selects it (e.g. a kernel suite's backend); by default a
        suite takes no argument."""
        raise ChipbenchError(f"suite {self.name!r} takes no argument (got {arg!r})")

    def task_folders(self) -> list[Path]:
        if not self.root.is_dir():
            raise TaskError(f"{self.root}: suite {self.name!r} has no task folder")
        folders = sorted(p for p in self.root.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))
        for p in folders:  # `a@b` names a variant: a folder so named would share its id, or shadow it
            if VARIANT_SEP in p.name:
                raise TaskError(f"{p}: a task folder's name may not contain {VARIANT_SEP!r} "
                                "(it separates a folder's name from its variant's)")
        return folders

    def task_names(self) -> list[str]:
        """Every task's name: each folder's, then its variants' (`folder@variant`)."""
        return [n for f in self.task_folders() for n in task_names(f)]

    def load(self, names: list[str] | None = None) -> list[Task]:
        """Load this suite's tasks (optionally only `names`); the first malformed one raises.
        A folder's variants come right after its own task."""
        folders = {f.name: f for f in self.task_folders()}
        if not names:
            names = [n for f in folders.values() for n in task_names(f)]
        tasks = []
        for name in names:
            folder, _, variant = name.partition(VARIANT_SEP)
            if folder not in folders:
                raise TaskError(f"suite {self.name!r} has no task(s) {[name]}")
            tasks.append(load_task(folders[folder], self.name, variant or None))
        return tasks
