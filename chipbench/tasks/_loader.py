"""Reading task folders into `Task` objects, with errors that name the file and the field.

A folder may declare **variants** (`[[variants]]` tables in task.toml): the same problem with
some settings changed (a dtype, a main shape, a direction), each its own task
`<folder>@<variant>` next to the folder's own. One folder holds the prompt, references and
known-wrong candidates for all of them, so an operator's instances cannot drift apart. A
variant changes only what its table names: metadata, `[eval]`/`[interface]` keys, and
module-level constants of the workspace's Python files (`NAME = value` lines rewritten, the
same constants the kernel judge's alternate shapes set); its `skip_wrong` list names known-wrong
candidates that are right in it (a float32 accumulator is wrong in a half-precision task and
right in its float32 variant).
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from chipbench.candidate_edits import CANDIDATE_KINDS, EDITS_FILE, CandidateEditError, materialise
from chipbench.core import ChipbenchError, Provenance, Task, read_tree, tree_digest


class TaskError(ChipbenchError):
    """A task folder is malformed; the message names the file and, where known, the field."""


def _check_candidate_edits(hidden: Path) -> None:
    """Every candidate declared as edits of another folder applies to it now (a reference
    changed under an edited line is a load error, not a wrong twin that silently drifted)."""
    for kind in CANDIDATE_KINDS:
        for folder in sorted(p for p in (hidden / kind).glob("*") if (p / EDITS_FILE).is_file()):
            try:
                materialise(read_tree(folder), lambda base: read_tree(hidden / base), str(folder))
            except CandidateEditError as e:
                raise TaskError(str(e)) from None


VARIANT_SEP = "@"
"""Between a folder's name and a variant's: `softmax_half@bf16`."""


class VariantSpec(BaseModel):
    """One `[[variants]]` table: what differs from the folder's own task."""

    model_config = ConfigDict(extra="forbid")

    name: str
    title: str | None = None
    difficulty: Literal["easy", "medium", "hard"] | None = None
    tags: list[str] = []
    """Added to the folder's tags."""
    interface: dict[str, Any] = {}
    eval: dict[str, Any] = {}
    """Merged over the folder's `[eval]` (a key here wins)."""
    constants: dict[str, Any] = {}
    """Module-level constants of the workspace's Python files, as the variant sets them."""
    skip_wrong: list[str] = []
    """Folders of `hidden/wrong/` that are right in this variant, so its check skips them."""

    @field_validator("name")
    @classmethod
    def _name_is_plain(cls, v: str) -> str:
        if not re.fullmatch(r"[a-z0-9][a-z0-9_]*", v):
            raise ValueError(f"{v!r} must be lower-case letters, digits and underscores")
        return v


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
    variants: list[VariantSpec] = []
    has_reference: bool = True
    """False only for problems an adapter reads from an external benchmark that ships no
    solution: `tasks check` then proves what it can without one and says what it cannot."""
    provenance: Provenance | None = None
    """Hand-written or generated, and from what (see `Provenance`); every shipped task has it."""

    @field_validator("variants")
    @classmethod
    def _variant_names_unique(cls, v: list[VariantSpec]) -> list[VariantSpec]:
        names = [x.name for x in v]
        if len(set(names)) != len(names):
            raise ValueError(f"variant names repeat: {names}")
        return v

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


def _read_spec(folder: Path) -> TaskSpec:
    toml_path = folder / "task.toml"
    if not toml_path.is_file():
        raise TaskError(f"{toml_path}: missing (every task folder needs a task.toml)")
    try:
        raw = tomllib.loads(toml_path.read_text())
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TaskError(f"{toml_path}: not valid TOML: {exc}") from None
    try:
        return TaskSpec.model_validate(raw)
    except ValidationError as exc:
        raise TaskError(f"{toml_path}: {_field_errors(exc)}") from None


def task_names(folder: Path) -> list[str]:
    """The tasks a folder holds: its own, then one per variant (`folder@variant`)."""
    folder = Path(folder)
    try:
        variants = _read_spec(folder).variants
    except TaskError:
        variants = []  # loading it reports the problem
    return [folder.name, *(f"{folder.name}{VARIANT_SEP}{v.name}" for v in variants)]


def _set_constants(workspace: dict[str, str], constants: dict[str, Any], where: Path) -> dict[str, str]:
    """The workspace with each named module-level constant's `NAME = ...` line rewritten."""
    out = dict(workspace)
    for name, value in constants.items():
        if not isinstance(value, (bool, int, float, str)):
            raise TaskError(f"{where}: constant {name!r}: only numbers, booleans and strings ({value!r})")
        line = re.compile(rf"^{re.escape(name)}\s*=.*$", re.M)
        hits = [f for f, text in out.items() if f.endswith(".py") and len(line.findall(text)) == 1]
        if not hits:
            raise TaskError(f"{where}: constant {name!r} is not assigned once at module level in a workspace .py file")
        replacement = f"{name} = {value!r}".replace("\\", "\\\\")  # a template for re.sub: backslashes escaped
        for f in hits:
            out[f] = line.sub(replacement, out[f])
    return out


def load_task(folder: Path, suite: str, variant: str | None = None) -> Task:
    """The folder's own task, or (`variant`) one of its `[[variants]]`."""
    folder = Path(folder)
    toml_path = folder / "task.toml"
    spec = _read_spec(folder)
    prompt_path = folder / "prompt.md"
    if not prompt_path.is_file() or not prompt_path.read_text().strip():
        raise TaskError(f"{prompt_path}: missing or empty (the agent's instructions)")
    hidden = folder / "hidden"
    if spec.has_reference and not (hidden / "reference").is_dir():
        raise TaskError(f"{hidden / 'reference'}: missing (every task ships its reference solution)")
    reference = read_tree(hidden / "reference")
    missing = [f for f in spec.submit if f not in reference]
    if missing and spec.has_reference:
        raise TaskError(f"{toml_path}: field 'submit': {missing} not in hidden/reference/")

    wrong_dir = hidden / "wrong"
    unknown = sorted({w for v in spec.variants for w in v.skip_wrong if not (wrong_dir / w).is_dir()})
    if unknown:
        raise TaskError(f"{toml_path}: field 'variants.skip_wrong': {unknown} not in hidden/wrong/")
    _check_candidate_edits(hidden)
    name, title, difficulty, tags = folder.name, spec.title, spec.difficulty, list(spec.tags)
    interface, ev, workspace = spec.interface, spec.eval, read_tree(folder / "workspace")
    digest = tree_digest(folder)
    excluded: list[str] = []
    if variant is not None:
        chosen = next((v for v in spec.variants if v.name == variant), None)
        if chosen is None:
            raise TaskError(f"{toml_path}: no variant {variant!r} "
                            f"(known: {', '.join(v.name for v in spec.variants) or 'none'})")
        name = f"{folder.name}{VARIANT_SEP}{variant}"
        title = chosen.title or f"{spec.title} ({variant})"
        difficulty = chosen.difficulty or difficulty
        tags += [t for t in chosen.tags if t not in tags]
        interface, ev = {**interface, **chosen.interface}, {**ev, **chosen.eval}
        workspace = _set_constants(workspace, chosen.constants, toml_path)
        excluded = chosen.skip_wrong
        digest = hashlib.sha256(f"{digest}{VARIANT_SEP}{variant}".encode()).hexdigest()[:16]
    return Task(
        id=f"{suite}/{name}",
        suite=suite,
        name=name,
        title=title,
        kind=spec.kind,
        difficulty=difficulty,
        tags=tuple(tags),
        prompt=prompt_path.read_text(),
        workspace=workspace,
        submit=tuple(spec.submit),
        interface=interface,
        eval=ev,
        hidden_dir=hidden,
        digest=digest,
        excluded=tuple(sorted(f"wrong/{w}" for w in excluded)),
        has_reference=spec.has_reference,
        provenance=spec.provenance,
    )
