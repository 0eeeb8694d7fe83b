"""Copies cannot drift: every file a task carries verbatim from its parent must still equal it.

A generated task lists its copies in `[provenance] copies` (its own path -> the parent's path,
both relative to the suite's folder): a bug task's testbenches and reference, an isa task's
hidden C. Whoever fixes a parent's testbench and forgets the derived tasks' copies gets a
failing test (tests/test_task_provenance.py) instead of tasks that silently test less.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from chipbench.core import Provenance


@dataclass(frozen=True)
class Drift:
    task: str
    path: str
    parent: str
    problem: str

    def __str__(self) -> str:
        return f"{self.task}/{self.path}: {self.problem} ({self.parent})"


def task_provenance(folder: Path) -> Provenance | None:
    """A task folder's `[provenance]` table, validated; None when it has none."""
    table = tomllib.loads((folder / "task.toml").read_text()).get("provenance")
    return None if table is None else Provenance.model_validate(table)


def copy_drift(root: Path, names: list[str] | None = None) -> list[Drift]:
    """Every copy under `root` (a suite's folder) that differs from its parent or whose parent
    is gone; `names`: only these task folders."""
    found = []
    folders = sorted(p for p in root.iterdir() if (p / "task.toml").is_file() and not p.name.startswith((".", "_")))
    for folder in folders:
        if names is not None and folder.name not in names:
            continue
        prov = task_provenance(folder)
        for path, parent in (prov.copies if prov else {}).items():
            own, source = folder / path, root / parent
            if not source.is_file():
                found.append(Drift(folder.name, path, parent, "its parent is missing"))
            elif not own.is_file():
                found.append(Drift(folder.name, path, parent, "the copy is missing"))
            elif own.read_bytes() != source.read_bytes():
                found.append(Drift(folder.name, path, parent, "differs from its parent"))
    return found
