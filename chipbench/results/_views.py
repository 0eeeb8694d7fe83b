"""Narrow views of a stored record: only the fields the results table shows.

Validating a whole `RunRecord` builds every message of the agent's transcript and every
candidate file; the table needs none of them, and reading 100,000 records through these views
is several times faster. The views are checked against `RunRecord` by the tests, so a field
renamed there cannot silently vanish here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from chipbench.core import ModelSettings, Perf, RunRecord, Stored, TaskInfo, Usage


class StepView(BaseModel):
    kind: str


class TrajectoryView(BaseModel):
    usage: Usage = Usage()
    model_calls: int = 0
    wall_s: float = 0.0
    steps: list[StepView] = []
    stop_reason: str | None = None


class CandidateView(BaseModel):
    trajectory: TrajectoryView = TrajectoryView()
    error: str | None = None


class VerdictView(BaseModel):
    status: str
    category: str = ""
    reason: str = ""
    perf: Perf | None = None
    qor: dict[str, float] = {}


class RecordView(Stored):
    """A record as the table reads it (its `schema_version` checked as `RunRecord`'s is)."""

    run_id: str
    task_id: str
    suite: str
    sample: int
    agent: str
    model: str
    config_hash: str
    task_digest: str
    candidate: CandidateView
    verdict: VerdictView
    versions: dict[str, str] = {}
    started_at: float
    finished_at: float
    settings: ModelSettings | None = None
    task_info: TaskInfo | None = None
    suite_version: str = ""
    suite_hash: str = ""
    evaluator_settings: dict[str, Any] = {}

    @classmethod
    def of(cls, record: RunRecord) -> "RecordView":
        """The view of a record already in memory."""
        return cls.model_validate(record, from_attributes=True)

