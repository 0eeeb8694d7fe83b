"""The HTTP API's bodies. The server validates every request against them and the client
parses every response with them, so both sides share one definition."""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, Field, field_validator

from chipbench.core import Verdict
from chipbench.reward import Reward, RewardConfig

MAX_FILES = 64
MAX_FILE_NAME = 255
MAX_BATCH = 256


class EvalRequest(BaseModel):
    """One candidate to score. `request_id` makes the submission idempotent: the same client
    sending the same id again gets the job the first one made, not a second evaluation."""

    task_id: str = Field(min_length=1, max_length=300, description="`suite/name`")
    files: dict[str, str] = Field(description="The candidate's files, path → text.")
    backend: str | None = Field(None, max_length=100, description="The suite's variant, e.g. `triton`.")
    cache: bool = Field(True, description="Let a stored verdict of an identical candidate answer.")
    public: bool = Field(False, description="Only the checks an agent may see (feedback).")
    request_id: str | None = Field(None, min_length=1, max_length=200)
    reward: RewardConfig | None = None

    @field_validator("files")
    @classmethod
    def _bounded(cls, files: dict[str, str]) -> dict[str, str]:
        if len(files) > MAX_FILES:
            raise ValueError(f"at most {MAX_FILES} files")
        for name in files:
            if not name or len(name) > MAX_FILE_NAME:
                raise ValueError(f"file names are 1 to {MAX_FILE_NAME} characters")
        return files


class EvaluateRequest(EvalRequest):
    time_limit_s: float | None = Field(None, gt=0, le=86400,
                                       description="Give up (504) after this long, queueing included; "
                                                   "capped by the server's own limit.")


class JobsRequest(BaseModel):
    requests: list[EvalRequest] = Field(min_length=1, max_length=MAX_BATCH)


class JobState(str, Enum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"
    """Given up: the request's time limit passed before its verdict came."""


class JobView(BaseModel):
    id: str
    request_id: str | None = None
    task_id: str
    state: JobState
    submitted_at: float
    started_at: float | None = None
    finished_at: float | None = None
    verdict: Verdict | None = None
    reward: Reward | None = None


class JobsAccepted(BaseModel):
    jobs: list[JobView]


class Health(BaseModel):
    status: str = "ok"
    version: str


class Metrics(BaseModel):
    queue_depth: int
    queue_limit: int
    in_flight: int
    workers: int
    submitted: int
    completed: int
    cache_hits: int
    rejected_full: int
    rejected_client: int
    timed_out: int
    evaluations_per_s: float
    """Verdicts delivered per second over the last minute (or the uptime, if shorter)."""
    uptime_s: float
    executor: dict
