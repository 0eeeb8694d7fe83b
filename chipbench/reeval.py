"""Re-evaluate a run's harness errors with the candidates it stored.

A `harness_error` is our failure, not the candidate's (a tool missing, a sandbox that would not
start, a bug in a judge): it counts as not solved in every headline figure, which is honest
but unkind to the model. Once the cause is fixed, `chipbench reeval RUN_DIR` scores the same
candidates again, for every suite alike, and puts the new verdicts in place of the old ones.

Nothing is asked of the model again: a harness error with no candidate files (the model call
itself failed) is left as it is and counted as needing a rerun of the agent. A record whose
task has changed since the run is left too: its new verdict would mix two versions of a task.
The records file is rewritten whole and swapped in with one rename, so a kill at any instant
leaves either the old file or the new one; the replaced records are kept in `replaced.jsonl`.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from chipbench.core import ChipbenchError, RunRecord, Status
from chipbench.leaderboards.store import INDEX, RECORDS, load_records, lock_writer, read_manifest
from chipbench.registry import evaluators
from chipbench.tasks import Suite

REPLACED = "replaced.jsonl"


@dataclass
class ReevalResult:
    reevaluated: list[RunRecord] = field(default_factory=list)
    """The new records, one per harness error scored again."""
    no_candidate: list[str] = field(default_factory=list)
    """`task#sample` of harness errors with no files to score (the agent must run again)."""
    task_changed: list[str] = field(default_factory=list)
    """`task#sample` whose task is no longer the one the run used."""

    @property
    def still_harness_errors(self) -> int:
        return sum(r.verdict.status is Status.HARNESS_ERROR for r in self.reevaluated)


async def reevaluate_harness_errors(run_dir: Path, sandbox: str | None = None, jobs: int = 2,
                                    on_record: Callable[[RunRecord], None] | None = None) -> ReevalResult:
    """Score every harness error of `run_dir` again and write the new verdicts in its place.
    Holds the run folder's writer lock throughout: records appended by a run still writing
    between the reading and the swap would be lost."""
    lock = lock_writer(Path(run_dir))
    try:
        return await _reevaluate(Path(run_dir), sandbox, jobs, on_record)
    finally:
        os.close(lock)


async def _reevaluate(run_dir: Path, sandbox: str | None, jobs: int,
                      on_record: Callable[[RunRecord], None] | None) -> ReevalResult:
    from chipbench.runner import evaluate_in_sandbox, hidden_roots, resolve_suites, select_tasks
    manifest = read_manifest(run_dir) or {}
    records = load_records(run_dir)
    errors = [r for r in records if r.verdict.status is Status.HARNESS_ERROR]
    result = ReevalResult()
    if not errors:
        return result
    specs = manifest.get("suites") or sorted({r.suite for r in errors})
    suite_list: list[Suite] = resolve_suites(specs)
    by_name = {s.name: s for s in suite_list}
    sandbox_name = sandbox or manifest.get("sandbox", "local")
    hide = hidden_roots(suite_list, run_dir)
    limiter = asyncio.Semaphore(max(1, jobs))
    stored_options = (manifest.get("config") or {}).get("evaluator_options", {})

    async def one(record: RunRecord) -> None:
        label = f"{record.task_id}#{record.sample}"
        if record.candidate.error or not record.candidate.files:
            result.no_candidate.append(label)
            return
        suite = by_name.get(record.suite)
        if suite is None:
            raise ChipbenchError(f"{label}: suite {record.suite!r} is not among the run's suites {specs}")
        (task,) = select_tasks([suite], [record.task_id])
        if task.digest != record.task_digest:
            result.task_changed.append(label)
            return
        # Judged with the run's own evaluator options (not today's defaults or environment).
        evaluator = evaluators.get(suite.evaluator)(**stored_options.get(suite.evaluator, {}))
        async with limiter:
            started = time.time()
            verdict = await evaluate_in_sandbox(evaluator, task, record.candidate, sandbox_name, hide)
        new = record.model_copy(update={"verdict": verdict, "started_at": started, "finished_at": time.time(),
                                        "evaluator_settings": evaluator.settings()})
        result.reevaluated.append(new)
        if on_record:
            on_record(new)

    await asyncio.gather(*(one(r) for r in errors))
    if result.reevaluated:
        replace_records(run_dir, records, result.reevaluated)
    return result


def replace_records(run_dir: Path, records: list[RunRecord], new: list[RunRecord]) -> None:
    """Write `records` with each of `new` in place of the record of its key, atomically; the
    records replaced are appended to `replaced.jsonl`; the derived index is dropped (it is
    rebuilt from the records when the run is next opened)."""
    replacement = {r.key: r for r in new}
    path = Path(run_dir) / RECORDS
    tmp = path.with_suffix(".jsonl.tmp")
    with open(tmp, "wb") as out:
        for rec in records:
            out.write((replacement.get(rec.key, rec).model_dump_json() + "\n").encode())
        out.flush()
        os.fsync(out.fileno())
    with open(Path(run_dir) / REPLACED, "ab") as old:
        for rec in records:
            if rec.key in replacement:
                old.write((rec.model_dump_json() + "\n").encode())
        old.flush()
        os.fsync(old.fileno())
    os.replace(tmp, path)
    (Path(run_dir) / INDEX).unlink(missing_ok=True)
