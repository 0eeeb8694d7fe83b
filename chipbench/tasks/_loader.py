"""Reading task folders into `Task` objects, with errors that name the file and the field."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from chipbench.core import ChipbenchError, Provenance, Task, read_tree, tree_digest


class TaskError(ChipbenchError):
    """A task folder is malformed; the message names the file and, where known, the field."""


class TaskSpec(BaseModel):
    """The schema of `task.toml`. Unknown keys are errors so that typos never pass silently."""

    model_config = ConfigDict(extra="forbid")

    title: str
    kind: str
    difficulty: Literal["easy", "medium", "hard"]
    tags: list[str] = []
    submit: list[str]
    interface: dict[str, Any] = {}
    eval: dict[str, Any] = {}
    provenance: Provenance | None = None
    """Hand-written or generated, and from what (see `Provenance`); every shipped task has it."""

    @field_validator("submit")
    @classmethod
    def _submit_paths_are_relative(cls, v: list[str]) -> list[str]:
        if not v:
            raise ValueError("must name at least one file")
        for path in v:
            if path.startswith("/") or ".." in Path(path).parts:
                raise ValueError(f"{path!r} must be a relative path inside the candidate")
        return v


def _field_errors(exc: ValidationError) -> str:
    return "; ".join(
        f"field '{'.'.join(str(p) for p in err['loc']) or '<root>'}': {err['msg']}"
        for err in exc.errors()
    )


def load_task(folder: Path, suite: str) -> Task:
    folder = Path(folder)
    toml_path = folder / "task.toml"
    if not toml_path.is_file():
        raise TaskError(f"{toml_path}: missing (every task folder needs a task.toml)")
    try:
        raw = tomllib.loads(toml_path.read_text())
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TaskError(f"{toml_path}: not valid TOML: {exc}") from None
    try:
        spec = TaskSpec.model_validate(raw)
    except ValidationError as exc:
        raise TaskError(f"{toml_path}: {_field_errors(exc)}") from None

    prompt_path = folder / "prompt.md"
    if not prompt_path.is_file() or not prompt_path.read_text().strip():
        raise TaskError(f"{prompt_path}: missing or empty (the agent's instructions)")
    hidden = folder / "hidden"
    if not (hidden / "reference").is_dir():
        raise TaskError(f"{hidden / 'reference'}: missing (every task ships its reference solution)")
    reference = read_tree(hidden / "reference")
    missing = [f for f in spec.submit if f not in reference]
    if missing:
        raise TaskError(f"{toml_path}: field 'submit': {missing} not in hidden/reference/")

    return Task(
        id=f"{suite}/{folder.name}",
        suite=suite,
        name=folder.name,
        title=spec.title,
        kind=spec.kind,
        difficulty=spec.difficulty,
        tags=tuple(spec.tags),
        prompt=prompt_path.read_text(),
        workspace=read_tree(folder / "workspace"),
        submit=tuple(spec.submit),
        interface=spec.interface,
        eval=spec.eval,
        hidden_dir=hidden,
        provenance=spec.provenance,
        digest=tree_digest(folder),
    )
