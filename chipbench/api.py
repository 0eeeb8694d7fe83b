"""The typed Python API: score a candidate, list tasks. What the CLI's `chipbench eval`, the
HTTP server (`chipbench serve`) and a user's own RL or search loop all call, so there is one
evaluation path: task → evaluator → `runner.evaluate_in_sandbox` (fresh sandbox, verdict
cache) through an executor.

    >>> import chipbench
    >>> task = next(chipbench.load_tasks(suite="verilog"))
    >>> verdict = chipbench.evaluate(task.id, {"top.v": "module top(...); ... endmodule"})
    >>> verdict.status, verdict.perf, verdict.qor

A `PublicTask` holds what an agent may see (prompt, workspace, the files to hand in), never
the hidden folder or its path.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from chipbench.core import Candidate, ChipbenchError, Task, Verdict
from chipbench.evaluators import Evaluator
from chipbench.executors import Evaluation, Executor
from chipbench.executors.local import LocalExecutor
from chipbench.registry import evaluators


class PublicTask(BaseModel):
    """A task as an agent (or a remote client) sees it: no hidden files, no eval settings
    (they hold baselines and budgets of the hidden tests), no paths on this machine."""

    model_config = ConfigDict(frozen=True)

    id: str
    suite: str
    name: str
    title: str
    kind: str
    difficulty: str
    tags: tuple[str, ...] = ()
    prompt: str
    workspace: dict[str, str] = {}
    submit: tuple[str, ...]
    interface: dict[str, Any] = {}

    @classmethod
    def of(cls, task: Task) -> "PublicTask":
        return cls(id=task.id, suite=task.suite, name=task.name, title=task.title, kind=task.kind,
                   difficulty=task.difficulty, tags=task.tags, prompt=task.prompt,
                   workspace=dict(task.workspace), submit=task.submit, interface=dict(task.interface))


def suite_spec(task_id: str, suite: str | None = None, backend: str | None = None) -> str:
    """The suite spec (`NAME` or `NAME:ARG`) a task id belongs to: `suite` when given (adapter
    suites need their path), else the id's first part; `backend` picks the suite's variant."""
    spec = suite or task_id.split("/", 1)[0]
    if backend:
        spec = f"{spec.split(':', 1)[0]}:{backend}"
    return spec


@functools.lru_cache(maxsize=64)
def _resolved(spec: str):
    """A suite with its evaluator and the roots a sandbox must hide, built once per spec:
    evaluators are stateless between evaluations, and loading a suite reads its folder."""
    from chipbench.runner import hidden_roots, resolve_suites

    (suite_obj,) = resolve_suites([spec])
    hide = hidden_roots([*resolve_suites([]), suite_obj])  # every suite's tasks, not only this one's
    return suite_obj, evaluators.get(suite_obj.evaluator)(), tuple(dict.fromkeys(hide))


@functools.lru_cache(maxsize=16)
def _tasks_of(spec: str) -> dict[str, Task]:
    """Every task of a suite by name, loaded once: a server answers many requests for the
    tasks of a few suites, and loading one task reads (and hashes) its whole folder."""
    suite_obj, _, _ = _resolved(spec)
    return {t.name: t for t in suite_obj.load()}


def _task(spec: str, task_id: str) -> Task:
    suite_obj, _, _ = _resolved(spec)
    prefix, _, name = task_id.rpartition("/")
    if prefix and prefix != suite_obj.name:
        raise ChipbenchError(f"task {task_id!r} is not in suite {spec!r}")
    task = _tasks_of(spec).get(name)
    if task is None:
        raise ChipbenchError(f"suite {spec!r} has no task {name!r}")
    return task


def installed_only(spec: str) -> str:
    """`spec` if it names an installed suite (or its variant); a ChipbenchError for an adapter,
    which reads a folder of this machine named in its argument: not for remote callers."""
    from chipbench.registry import suites
    from chipbench.tasks import Suite

    name = spec.split(":", 1)[0]
    if name in _installed:
        return spec
    if name not in suites.names() or not isinstance(suites.get(name), Suite):
        raise ChipbenchError(f"no installed suite {name!r}")
    _installed.add(name)
    return spec


_installed: set[str] = set()
"""Suites `installed_only` found installed: asking again would scan every distribution's
entry points (milliseconds per request of a server). Only the yes is kept: a suite is not
uninstalled from a running process."""


def resolve(task_id: str, suite: str | None = None, backend: str | None = None, *,
            remote: bool = False, evaluator_options: dict[str, Any] | None = None,
            ) -> tuple[Task, Evaluator, tuple[Path, ...]]:
    """The task, the evaluator that scores it and what its sandbox hides; a ChipbenchError
    for an unknown suite, backend or task. `remote`: the request came from the network, so
    only installed suites (no adapter reading a path on this machine). `evaluator_options`:
    the evaluator's options as `-E` gives them (checked by the evaluator; defaults else)."""
    spec = suite_spec(task_id, suite, backend)
    if remote:
        installed_only(spec)
    suite_obj, evaluator, hide = _resolved(spec)
    if evaluator_options:
        from chipbench.run_config import evaluator_options_for, make_evaluator

        name = suite_obj.evaluator
        evaluator = make_evaluator(name, evaluator_options_for(evaluator_options, [name])[name])
    return _task(spec, task_id), evaluator, hide


def evaluation(task_id: str, files: dict[str, str], *, sandbox: str = "local", suite: str | None = None,
               backend: str | None = None, cache: bool = True, public: bool = False,
               remote: bool = False, evaluator_options: dict[str, Any] | None = None) -> Evaluation:
    """What an executor needs to score these files for this task (`remote`, `evaluator_options`:
    see `resolve`)."""
    task, evaluator, hide = resolve(task_id, suite, backend, remote=remote, evaluator_options=evaluator_options)
    return Evaluation(evaluator, task, Candidate(files=dict(files)), sandbox, hide, public, cache)


async def aevaluate(task_id: str, files: dict[str, str], *, sandbox: str = "local", suite: str | None = None,
                    backend: str | None = None, cache: bool = True, public: bool = False,
                    executor: Executor | None = None, evaluator_options: dict[str, Any] | None = None) -> Verdict:
    """Score `files` (path → text) for `task_id` (`suite/name`) in a fresh sandbox and return
    the full verdict. `backend`: the suite's variant (e.g. `triton` for cuda-kernels);
    `cache=False` judges again even an identical candidate (timing studies); `public=True`
    runs only the checks an agent may see; `executor`: where it runs (default: here);
    `evaluator_options`: the evaluator's settings, e.g. `{"simulators": ["icarus"]}`."""
    job = evaluation(task_id, files, sandbox=sandbox, suite=suite, backend=backend, cache=cache, public=public,
                     evaluator_options=evaluator_options)
    return await (executor or LocalExecutor()).evaluate(job)


def evaluate(task_id: str, files: dict[str, str], **options: Any) -> Verdict:
    """`aevaluate` for code that has no event loop running (see `aevaluate` for the options)."""
    return asyncio.run(aevaluate(task_id, files, **options))


def load_tasks(suite: str | list[str] | None = None, *, task: str | list[str] | None = None) -> Iterator[PublicTask]:
    """The public view of tasks: every installed suite's, or only `suite`'s (`NAME` or
    `NAME:ARG`), optionally only the ids in `task` (`suite/name`). Tasks are read once per
    suite and process (see `_tasks_of`)."""
    from chipbench.runner import resolve_suites

    specs = [suite] if isinstance(suite, str) else list(suite or [])
    if not specs:
        specs = [s.name for s in resolve_suites([])]
    ids = [task] if isinstance(task, str) else list(task or [])
    unmatched = set(ids)
    for spec in specs:
        for t in _tasks_of(spec).values():
            if not ids or t.id in unmatched:
                unmatched.discard(t.id)
                yield PublicTask.of(t)
    if unmatched:
        raise ChipbenchError(f"no task {sorted(unmatched)} in {', '.join(specs)}")
