"""A suite: a versioned folder of tasks plus the name of the evaluator that scores them."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from chipbench.core import ChipbenchError, Task, TaskInfo, tree_digest
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
                        speedup_cap=None if cap is None else float(cap),
                        seed=task.provenance.seed if task.provenance else None)

    @cached_property
    def content_hash(self) -> str:
        """A hash of every task folder's name and files: with `version` (which people bump
        when they mean to), it says exactly which task data a run scored, since any edit to
        any task changes it. Runs record both (manifest and every record), and reports warn
        when runs compared differ in either."""
        h = hashlib.sha256()
        for folder in self.task_folders():
            h.update(folder.name.encode() + b"\0" + tree_digest(folder).encode() + b"\0")
        return h.hexdigest()[:16]

    def variants(self) -> list[str]:
        """The arguments `NAME:ARG` accepts, each a way to run the suite (a kernel suite's
        backends); none by default."""
        return []

    def variant(self, arg: str) -> "Suite":
        """This suite as `NAME:ARG` selects it (e.g. a kernel suite's backend); by default a
        suite takes no argument."""
        raise ChipbenchError(f"suite {self.name!r} takes no argument (got {arg!r})")

    def at(self, root: Path) -> "Suite":
        """This suite with its tasks read from `root`, a task set `chipbench tasks generate`
        wrote, instead of the package; the set's seed becomes part of the version
        (`0.1+seed7`), so records and reports tell the sets apart."""
        root = Path(root).resolve()
        about = root / "suite.toml"
        if not about.is_file():
            raise TaskError(f"{about}: missing (not a task set written by `chipbench tasks generate`)")
        info = tomllib.loads(about.read_text())
        if info.get("suite") != self.name:
            raise TaskError(f"{about}: a task set of suite {info.get('suite')!r}, not {self.name!r}")
        return replace(self, root=root, version=f"{self.version}+seed{int(info['seed'])}")

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
