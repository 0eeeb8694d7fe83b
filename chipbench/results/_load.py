"""Stored runs as one table: `load("runs/*")` gives a pandas DataFrame, a row per (task, sample).

Task metadata (title, kind, difficulty, tags, track, speedup cap) comes from the record
itself (schema 2). Records of schema 1 carry none: their metadata is taken from the task as it
is installed now *only where its content hash equals the record's `task_digest`*; where the
task changed or is gone, the metadata is left empty and `task_info_source` says `unknown`,
because today's difficulty or tags of a different task would be a guess presented as a fact.
"""

from __future__ import annotations

import gc
import glob
import json
from collections.abc import Iterable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from chipbench.core import ChipbenchError, RunRecord, TaskInfo
from chipbench.leaderboards.store import RECORDS, _read_records, read_manifest
from chipbench.results._views import RecordView

RunSpec = str | Path | Iterable[str | Path]

SETTINGS = ("temperature", "top_p", "max_tokens", "seed", "reasoning_effort")
INFO_SOURCES = ("record", "suite", "unknown")
"""Where a row's task metadata came from: the record, today's task of the same content hash,
or nowhere (a schema-1 record whose task changed since)."""


@dataclass
class Run:
    """One run directory: its manifest and its records file."""

    dir: Path
    manifest: dict = field(default_factory=dict)

    @property
    def records_path(self) -> Path:
        return self.dir / RECORDS

    def records(self) -> list[RunRecord]:
        return _read_records(self.records_path)[0]

    def views(self) -> list[RecordView]:
        return _read_records(self.records_path, RecordView)[0]


@contextmanager
def _no_gc():
    """Pause the cyclic garbage collector: reading 100,000 records creates millions of objects
    and no cycles, and the collector's repeated passes over the growing heap took a third of
    the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def find_runs(runs: RunSpec) -> list[Run]:
    """Run directories named by paths, `records.jsonl` files or glob patterns, in the order
    given (each once). A name that matches nothing is an error, not an empty table."""
    specs = [runs] if isinstance(runs, (str, Path)) else list(runs)
    found: list[Run] = []
    seen: set[Path] = set()
    for spec in specs:
        text = str(spec)
        matches = sorted(glob.glob(text)) if glob.has_magic(text) else [text]
        dirs = []
        for m in matches:
            p = Path(m)
            p = p.parent if p.name == RECORDS and p.is_file() else p
            if (p / RECORDS).is_file():
                dirs.append(p)
        if not dirs:
            raise ChipbenchError(f"{text}: no run directory here (a folder holding {RECORDS})")
        for d in dirs:
            key = d.resolve()
            if key not in seen:
                seen.add(key)
                found.append(Run(d, read_manifest(d) or {}))
    return found


def load(runs: RunSpec) -> pd.DataFrame:
    """Every record of the named runs as a DataFrame, one row per (run, task, sample).

    Columns (see docs/leaderboard.md for each): the run (`run_dir`, `run_id`, `model`, `agent`,
    `config_hash`, sampling settings, `host`, `sandbox`), the task (`suite`, `suite_version`, `suite_hash`,
    `task_id`, `task_digest`, `title`, `kind`, `difficulty`, `tags`, `track`, `speedup_cap`,
    `task_info_source`), the verdict (`status`, `category`, `correct`, `harness_error`,
    `reason`, `speedup`, `speedup:<baseline>`, `perf_unit`, `perf_candidate`,
    `perf_baseline`, `perf_ratio`, `perf_spread`, `measured_on`, `qor:<figure>`), what it
    cost (`prompt_tokens`, `completion_tokens`, `reasoning_tokens`, `tokens`, `cost_usd`, `model_calls`,
    `tool_calls`, `agent_wall_s`, `wall_s`) and the environment (`versions`,
    `evaluator_settings` as JSON text).
    """
    with _no_gc():
        frames = [run_frame(run) for run in find_runs(runs)]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=BASE_COLUMNS)


BASE_COLUMNS = [
    "run_dir", "run_id", "schema_version", "model", "agent", "config_hash", "suite", "suite_version",
    "suite_hash", "task_id", "task_digest", "sample", "title", "kind", "difficulty", "tags", "track", "speedup_cap",
    "task_info_source", "status", "category", "correct", "harness_error", "reason", "candidate_error",
    "speedup", "perf_unit", "perf_candidate", "perf_baseline", "perf_ratio", "perf_spread", "measured_on",
    "prompt_tokens", "completion_tokens", "reasoning_tokens", "tokens", "cost_usd", "model_calls", "tool_calls", "stop_reason",
    "agent_wall_s", "wall_s", "started_at", "finished_at", *SETTINGS, "host", "sandbox", "versions",
    "evaluator_settings",
]


def run_frame(run: Run, views: list[RecordView] | None = None) -> pd.DataFrame:
    """One run's records as the table's rows (built a column at a time: a dict per row cost
    twice as long for 100,000 records). `views` replaces reading the run's file (records
    already in memory, as `RecordView.of` makes them)."""
    views = run.views() if views is None else views
    infos = _task_infos(run, views)
    n = len(views)
    traj = [v.candidate.trajectory for v in views]
    usage = [t.usage for t in traj]
    verdicts = [v.verdict for v in views]
    perfs = [d.perf for d in verdicts]
    info = [i for i, _ in infos]
    sampling = [v.settings.sampling() if v.settings else {} for v in views]

    def of_perf(get) -> list:
        return [None if p is None else get(p) for p in perfs]

    def of_info(get) -> list:
        return [None if i is None else get(i) for i in info]

    cols = {
        "run_dir": [str(run.dir)] * n, "run_id": [v.run_id for v in views],
        "schema_version": [v.schema_version for v in views], "model": [v.model for v in views],
        "agent": [v.agent for v in views], "config_hash": [v.config_hash for v in views],
        "suite": [v.suite for v in views], "suite_version": [v.suite_version or None for v in views],
        "suite_hash": [v.suite_hash or None for v in views],
        "task_id": [v.task_id for v in views], "task_digest": [v.task_digest for v in views],
        "sample": [v.sample for v in views], "title": of_info(lambda i: i.title),
        "kind": of_info(lambda i: i.kind), "difficulty": of_info(lambda i: i.difficulty),
        "tags": of_info(lambda i: list(i.tags)), "track": of_info(lambda i: i.track),
        "speedup_cap": of_info(lambda i: i.speedup_cap), "task_info_source": [s for _, s in infos],
        "status": [d.status for d in verdicts], "category": [d.category for d in verdicts],
        "correct": [d.status == "pass" for d in verdicts],
        "harness_error": [d.status == "harness_error" for d in verdicts],
        "reason": [d.reason for d in verdicts], "candidate_error": [v.candidate.error for v in views],
        "speedup": of_perf(lambda p: p.speedup), "perf_unit": of_perf(lambda p: p.unit),
        "perf_candidate": of_perf(lambda p: p.candidate), "perf_baseline": of_perf(lambda p: p.baseline),
        "perf_ratio": of_perf(lambda p: p.candidate / p.baseline if p.baseline else None),
        "perf_spread": of_perf(lambda p: p.spread), "measured_on": of_perf(lambda p: p.measured_on),
        "prompt_tokens": [u.prompt_tokens for u in usage], "completion_tokens": [u.completion_tokens for u in usage],
        "reasoning_tokens": [u.reasoning_tokens for u in usage],
        "tokens": [u.prompt_tokens + u.completion_tokens for u in usage], "cost_usd": [u.cost_usd for u in usage],
        "model_calls": [t.model_calls for t in traj],
        "tool_calls": [sum(1 for s in t.steps if s.kind == "tool") for t in traj],
        "stop_reason": [t.stop_reason for t in traj], "agent_wall_s": [t.wall_s for t in traj],
        "wall_s": [v.finished_at - v.started_at for v in views], "started_at": [v.started_at for v in views],
        "finished_at": [v.finished_at for v in views],
        **{k: [s.get(k) for s in sampling] for k in SETTINGS},
        "host": [run.manifest.get("host", "")] * n, "sandbox": [run.manifest.get("sandbox", "")] * n,
        "versions": _json_texts(v.versions for v in views),
        "evaluator_settings": _json_texts(v.evaluator_settings for v in views),
    }
    named = {f"speedup:{k}" for p in perfs if p is not None for k in p.speedups}
    named |= {f"qor:{k}" for d in verdicts for k in d.qor}
    for column in sorted(named):
        kind, key = column.split(":", 1)
        cols[column] = (of_perf(lambda p: p.speedups.get(key)) if kind == "speedup"  # noqa: B023 (called here)
                        else [d.qor.get(key) for d in verdicts])
    return pd.DataFrame(cols)


def _json_texts(dicts: Iterable[dict]) -> list[str]:
    """Each dict as JSON text; records of one run share their environment, so a dict equal to
    the one before is not dumped again."""
    out, last, text = [], None, ""
    for d in dicts:
        if d != last:
            last, text = d, json.dumps(d, sort_keys=True)
        out.append(text)
    return out


def _task_infos(run: Run, views: list[RecordView]) -> list[tuple[TaskInfo | None, str]]:
    """Each record's task metadata and where it came from (see the module's docstring)."""
    if all(v.task_info is not None for v in views):
        return [(v.task_info, "record") for v in views]
    installed = _installed_tasks(run.manifest, {v.suite for v in views if v.task_info is None})
    out: list[tuple[TaskInfo | None, str]] = []
    for v in views:
        if v.task_info is not None:
            out.append((v.task_info, "record"))
        elif (digest_info := installed.get(v.task_id)) and digest_info[0] == v.task_digest:
            out.append((digest_info[1], "suite"))
        else:
            out.append((None, "unknown"))
    return out


def _installed_tasks(manifest: dict, suite_names: set[str]) -> dict[str, tuple[str, TaskInfo]]:
    """Today's tasks of the suites a run used (as its manifest names them, so a kernel run's
    backend is the one it ran): task id -> (content hash, metadata). A suite that no longer
    loads contributes nothing: its records' metadata stays unknown."""
    from chipbench.runner import resolve_suites, select_tasks

    specs = [s for s in manifest.get("suites") or [] if s.split(":", 1)[0] in suite_names] or sorted(suite_names)
    found: dict[str, tuple[str, TaskInfo]] = {}
    for spec in specs:
        try:
            (suite,) = resolve_suites([spec])
            tasks = select_tasks([suite], [])
        except Exception:  # noqa: BLE001 - a suite gone or broken leaves metadata unknown
            continue
        found.update({t.id: (t.digest, suite.info(t)) for t in tasks})
    return found
