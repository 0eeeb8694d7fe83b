"""Task generators: one mechanism that builds a suite's task set for a seed.

`chipbench tasks generate SUITE --seed S --out DIR` looks up SUITE's generator in the
`chipbench.task_generators` registry (an entry point per suite, so a plug-in suite brings its
own), lets it write candidate task folders into a staging folder, proves every one with the
same checks `chipbench tasks check` runs, and moves only the proven ones into DIR, next to a
copy of the suite's hand-written tasks, so DIR is a complete suite (`--suite SUITE@DIR`).

Seed 0 is the shipped release: generating with it reproduces the task folders that ship in
the package. Any other seed draws a fresh set (new mutants, new test inputs) that no model can
have seen.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

import tomli_w

from chipbench.core import ChipbenchError, Provenance
from chipbench.registry import Registry
from chipbench.tasks._suite import Suite

SET_FILE = "suite.toml"
"""What a generated task set says about itself: suite, seed, generator and its version."""


class TaskGenerator(Protocol):
    """Writes a suite's generated task folders for one seed.

    `name` and `version` go into every task's provenance: a change to a generator that changes
    what it writes for a seed bumps `version`."""

    name: str
    version: str

    async def generate(self, suite: Suite, seed: int, staging: Path, only: list[str], jobs: int = 2) -> list[str]:
        """Write candidate task folders into `staging` (one per task, named as the task);
        `only`: the parents (designs, sources) to generate from, all when empty; `jobs`: the
        evaluations it may run at once (`tasks generate --jobs`). Returns the names written.
        Raises `ChipbenchError` when a parent cannot be generated from at all."""
        ...


task_generators: Registry = Registry("task_generators")
"""Suite name -> its generator class (entry-point group `chipbench.task_generators`)."""


P = TypeVar("P")


def only_these(parents: list[P], name: Callable[[P], str], only: list[str], what: str) -> list[P]:
    """The parents `--only` names (every one when it names none), in their order. A name that
    is none of them is a ChipbenchError (`what` says what was looked for, and where), so a typo
    never generates an empty set in silence."""
    if unknown := sorted(set(only) - {name(p) for p in parents}):
        raise ChipbenchError(f"no {what} {unknown}")
    return [p for p in parents if not only or name(p) in only]


def write_task(folder: Path, spec: dict[str, Any], files: dict[str, str]) -> None:
    """A task folder: `task.toml` serialised from `spec`, and each file at its relative path."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "task.toml").write_text(tomli_w.dumps(spec, multiline_strings=True))
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def provenance(generator: TaskGenerator, parent: str, seed: int, mutation: str = "",
               copies: dict[str, str] | None = None) -> dict[str, Any]:
    """The `[provenance]` table of a generated task, validated as the loader will."""
    prov = Provenance(origin="generated", generator=generator.name, generator_version=generator.version,
                      parent=parent, seed=seed, mutation=mutation, copies=copies or {})
    return prov.model_dump(exclude_defaults=True)


@dataclass
class GenerationResult:
    written: list[str] = field(default_factory=list)
    """Generated tasks proven and written to the output folder."""
    dropped: dict[str, str] = field(default_factory=dict)
    """Generated tasks that failed their proof: name -> why (not written)."""
    copied: list[str] = field(default_factory=list)
    """Hand-written tasks copied unchanged, so the output is a whole suite."""


def _hand_written(suite: Suite) -> list[Path]:
    from chipbench.tasks._loader import load_task

    return [f for f in suite.task_folders()
            if (t := load_task(f, suite.name)).provenance is None or t.provenance.origin == "hand-written"]


async def generate_tasks(suite: Suite, seed: int, out: Path, only: list[str] | None = None,
                         sandbox: str = "local", jobs: int = 2,
                         on_progress: Callable[[str], None] = lambda _: None) -> GenerationResult:
    """Generate `suite`'s task set for `seed` into `out` (see the module docstring)."""
    from chipbench.registry import evaluators
    from chipbench.runner import hidden_roots
    from chipbench.task_check import check_tasks

    if seed < 0:
        raise ChipbenchError("--seed must be 0 or more")
    generator: TaskGenerator = task_generators.get(suite.name)()
    out = out.resolve()
    if out == suite.root.resolve():
        # the suite's own `_`-folders (sources, data) would be deleted before being copied
        raise ChipbenchError(f"--out {out} is the suite's own folder: generate into another one and copy "
                             "the task folders over")
    out.mkdir(parents=True, exist_ok=True)
    staging = out / f".staging-{seed}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    result = GenerationResult()
    try:
        on_progress(f"generating with {generator.name} {generator.version}, seed {seed}")
        names = await generator.generate(suite, seed, staging, list(only or []), jobs=jobs)
        staged = replace(suite, root=staging)
        tasks = staged.load(names) if names else []
        evaluator = evaluators.get(suite.evaluator)()
        results = await check_tasks(tasks, {suite.name: evaluator}, sandbox, hidden_roots([suite, staged]), jobs,
                                    hostile="off", on_planned=lambda n: on_progress(
                                        f"proving {len(tasks)} generated tasks ({n} cases)"))
        failed: dict[str, str] = {}
        for r in results:
            if not r.ok and not r.unproven:
                failed.setdefault(r.task_id.split("/", 1)[1], f"{r.case}: {r.verdict.status.value} {r.verdict.reason[:200]}")
        for name in names:
            if name in failed:
                result.dropped[name] = failed[name]
                continue
            shutil.rmtree(out / name, ignore_errors=True)
            shutil.move(staging / name, out / name)
            result.written.append(name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    for data in sorted(p for p in suite.root.iterdir() if p.is_dir() and p.name.startswith("_")
                       and p.name != "__pycache__"):  # parents' sources (`_sources/`), shared data
        shutil.rmtree(out / data.name, ignore_errors=True)
        shutil.copytree(data, out / data.name, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in _hand_written(suite):
        if folder.name not in result.written:
            shutil.rmtree(out / folder.name, ignore_errors=True)
            shutil.copytree(folder, out / folder.name)
            result.copied.append(folder.name)
    (out / SET_FILE).write_text(tomli_w.dumps({
        "suite": suite.name, "seed": seed, "generator": generator.name,
        "generator_version": generator.version}))
    return result
