"""The objects every part of chipbench exchanges: a task, a candidate, a verdict, a record.

This module imports none of chipbench's parts, so any part can use these types without
depending on another part. All of them are pydantic models because they cross process and
disk boundaries (JSONL records, worker processes, HTTP) and must validate on the way in.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, computed_field, field_validator, model_validator

SCHEMA_VERSION = 3
"""The version of the stored formats this chipbench writes (records and run manifests) and the
newest it reads. 1: records and manifests written before the field existed (no task metadata,
suite version or evaluator settings on records); 2: those added; 3: the suite's content hash
on records, and manifests that hold the run's whole config (`config`, which `chipbench run
--config` reads back) and its named score settings (`score_settings`, which a resume must
match)."""


class ChipbenchError(Exception):
    """An error a user can act on: the CLI prints its message, never a traceback."""


def stored_schema(version: object, where: str) -> int:
    """The schema version of something read from disk: a missing one is version 1; one newer
    than this chipbench's is refused, since its fields could mean what this code does not know."""
    if version is None:
        return 1
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ChipbenchError(f"{where}: schema_version {version!r} is not a version number")
    if version > SCHEMA_VERSION:
        raise ChipbenchError(f"{where} was written with schema version {version}; this chipbench reads "
                             f"versions up to {SCHEMA_VERSION}: upgrade chipbench to read it")
    return version


class Provenance(BaseModel):
    """Where a task came from: written by hand, or made by a generator from a parent.

    A generated task names its generator and that generator's version, the parent it was
    derived from (a task of the same suite, or a source file under the suite's folder), the
    seed of the task set it belongs to and, where one was applied, the mutation. `copies` maps
    each file this task carries verbatim from its parent (`hidden/tb.v`) to the parent's file,
    as paths relative to the suite's folder; a test proves the copies have not drifted."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    origin: Literal["hand-written", "generated"]
    generator: str = ""
    generator_version: str = ""
    parent: str = ""
    seed: int | None = None
    mutation: str = ""
    copies: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _generated_names_its_maker(self) -> "Provenance":
        if self.origin == "generated":
            missing = [f for f in ("generator", "generator_version", "parent") if not getattr(self, f)]
            if self.seed is None:
                missing.append("seed")
            if missing:
                raise ValueError(f"a generated task must name its {', '.join(missing)}")
        elif self.generator or self.seed is not None or self.mutation:
            raise ValueError("a hand-written task names no generator, seed or mutation")
        for path, parent in self.copies.items():
            for p in (path, parent):
                if p.startswith("/") or ".." in Path(p).parts:
                    raise ValueError(f"copies: {p!r} must be a relative path inside the suite")
        return self


class Task(BaseModel):
    """One benchmark problem, loaded from a task folder.

    `hidden_dir` is a path, not loaded text: hidden material is read only by evaluators and
    `tasks check`, and keeping it on disk avoids carrying it through agent code by accident.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    suite: str
    name: str
    title: str
    kind: str
    difficulty: str
    tags: tuple[str, ...] = ()
    prompt: str
    workspace: dict[str, str] = Field(default_factory=dict)
    submit: tuple[str, ...]
    interface: dict[str, Any] = Field(default_factory=dict)
    eval: dict[str, Any] = Field(default_factory=dict)
    hidden_dir: Path
    digest: str = ""
    provenance: Provenance | None = None
    """Where the task came from (task.toml's `[provenance]`); None for folders that do not
    say (adapter and test tasks); every shipped task says."""
    reference_dir: str = "reference"
    """The folder under `hidden/` that holds the reference solution (a suite may keep one per
    backend, e.g. a kernel task's C++ and Triton references)."""
    excluded: tuple[str, ...] = ()
    """Candidate folders under `hidden/` (`wrong/NAME`) that do not apply to this task: those a
    variant declares right for itself (see `tasks._loader`)."""
    has_reference: bool = True
    """False for an external problem that ships no solution (an adapter's): `tasks check`
    proves what it can without one."""

    def hidden_files(self, sub: str) -> dict[str, str]:
        """The text files under `hidden/<sub>/`, keyed by their path relative to it."""
        return read_tree(self.hidden_dir / sub)

    @property
    def reference(self) -> dict[str, str]:
        return self.hidden_files(self.reference_dir)

    def wrong_candidates(self) -> dict[str, dict[str, str]]:
        """Known-wrong candidates, one per folder under `hidden/wrong/`."""
        return self._candidates("wrong")

    def right_candidates(self) -> dict[str, dict[str, str]]:
        """Known-right candidates other than the reference, one per folder under
        `hidden/right/` (optional): designs that differ from the reference where the
        specification allows it (e.g. on don't-care outputs) and must pass all the same."""
        return self._candidates("right")

    def worse_candidates(self) -> dict[str, dict[str, str]]:
        """Correct but poorer candidates (slower, larger), one per folder under `hidden/worse/`."""
        return self._candidates("worse")

    def candidate_file_names(self, sub: str = "wrong") -> dict[str, frozenset[str]]:
        """The names of each candidate's files (`_candidates` without reading or editing them):
        what a check that only asks which files a candidate submits needs."""
        return {p.name: self._file_names(p, sub) for p in self._candidate_folders(sub)}

    def _file_names(self, folder: Path, sub: str) -> frozenset[str]:
        from chipbench.candidate_edits import file_names

        return file_names(tree_names(folder), lambda name: (folder / name).read_text(),
                          lambda base: tree_names(self.hidden_dir / base), f"{sub}/{folder.name}")

    def _candidates(self, sub: str) -> dict[str, dict[str, str]]:
        """Each candidate folder's files; one that declares `edits.toml` is its base folder
        edited (`candidate_edits`), so a wrong twin follows every change of its reference."""
        from chipbench.candidate_edits import materialise

        return {p.name: materialise(read_tree(p), lambda base: read_tree(self.hidden_dir / base), f"{sub}/{p.name}")
                for p in self._candidate_folders(sub)}

    def _candidate_folders(self, sub: str) -> list[Path]:
        root = self.hidden_dir / sub
        if not root.is_dir():
            return []
        return [p for p in sorted(root.iterdir()) if p.is_dir() and f"{sub}/{p.name}" not in self.excluded]


def _task_file(p: Path, root: Path) -> bool:
    """A file of the task itself: not Python's byte-code cache (pip compiles the .py files of
    tasks that hold Python, e.g. the kernel suite's, when it installs the package)."""
    return p.is_file() and "__pycache__" not in p.relative_to(root).parts


def read_tree(root: Path) -> dict[str, str]:
    """Every file below `root` as text, keyed by its POSIX path relative to `root`."""
    return {name: (root / name).read_text() for name in tree_names(root)}


def tree_names(root: Path) -> list[str]:
    """The POSIX paths, relative to `root`, of the files `read_tree(root)` reads."""
    if not root.is_dir():
        return []
    return [p.relative_to(root).as_posix() for p in sorted(root.rglob("*")) if _task_file(p, root)]


def tree_digest(root: Path) -> str:
    """A content hash of a folder, so a record says exactly which task version it scored."""
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        if _task_file(p, root):
            h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


class Message(BaseModel):
    """A chat message. `reasoning` holds an assistant's thinking (a `reasoning_content` field,
    or `<think>` text moved out of `content`), kept apart so it is auditable but never taken
    for the answer: files are extracted from `content` only, and it is not sent back."""

    role: str
    content: str | None = None
    reasoning: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    tool_call_id: str | None = None


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reasoning_tokens: int = 0
    """The part of `completion_tokens` spent thinking: the provider's count where it gives
    one, else the completion tokens shared out by the characters of reasoning and answer."""
    cost_usd: float = 0.0

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
            reasoning_tokens=self.reasoning_tokens + other.reasoning_tokens,
            cost_usd=self.cost_usd + other.cost_usd,
        )


class Step(BaseModel):
    """One thing an agent did: a model call or a tool run, with what it cost and how long it took.

    `message` is the index in `Trajectory.messages` of the message the step produced (the
    model's reply, or the tool's result), so content lives once, in the messages.
    """

    kind: str  # "model" or "tool"
    name: str = ""
    message: int | None = None
    started_s: float = 0.0
    wall_s: float = 0.0
    usage: Usage = Field(default_factory=Usage)
    cached: bool = False
    attempts: int = 1
    error: str | None = None


class Trajectory(BaseModel):
    """What the agent did to produce a candidate; kept so a run can be audited or replayed."""

    messages: list[Message] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    model_calls: int = 0
    wall_s: float = 0.0
    steps: list[Step] = Field(default_factory=list)
    stop_reason: str | None = None


@dataclass(frozen=True)
class QueryTool:
    """A measurement an agent may ask for on its current files, beyond the public checks:
    e.g. the measured latency of an HLS design point, within a budget of K queries. An
    evaluator offers them per task (`Evaluator.query_tools`) and the runner asks for fresh
    ones for every sample, so a budget is per sample. `run(files)` answers in text; the
    tool keeps its own count and says when the budget is spent. Agents offer each as a tool
    (tool-calling) or run it on every answer they check (refine)."""

    name: str
    description: str
    run: Callable[[dict[str, str]], Awaitable[str]]


class Candidate(BaseModel):
    """The files an agent hands in. `error` says why there are none (e.g. no code in reply)."""

    files: dict[str, str] = Field(default_factory=dict)
    trajectory: Trajectory = Field(default_factory=Trajectory)
    error: str | None = None


class Status(str, Enum):
    PASS = "pass"
    FAIL = "fail"
    COMPILE_ERROR = "compile_error"
    RUNTIME_ERROR = "runtime_error"
    TIMEOUT = "timeout"
    REJECTED = "rejected"
    MODEL_ERROR = "model_error"
    """The model (or its server) gave no usable answer: an error it returned, retries spent.
    Not solved, and not the harness's fault either (unlike `harness_error`)."""
    HARNESS_ERROR = "harness_error"


class Check(BaseModel):
    name: str
    passed: bool
    detail: str = ""


class Perf(BaseModel):
    """A speed comparison; `speedup` = baseline / candidate for the given unit."""

    unit: str
    candidate: float
    baseline: float
    speedup: float
    spread: float | None = None
    measured_on: str = ""
    speedups: dict[str, float] = Field(default_factory=dict)
    """Speedup against each baseline that was timed, by name (kernels: `eager`, and
    `torch.compile` where asked for and it worked); `speedup` is the one against `baseline`."""


class Verdict(BaseModel):
    """The evaluator's judgement of one candidate.

    `feedback` is the only part an agent may see; `logs` may contain hidden-test output.
    A `harness_error` is our fault, not the candidate's: it is shown apart, and scores count
    it as not solved (every task stays in every denominator, so no candidate can remove a task
    it cannot solve from its score).
    """

    status: Status
    category: str = ""
    """A suite's finer failure class (e.g. `interface_mismatch`), for failure taxonomies."""
    reason: str = ""
    checks: list[Check] = Field(default_factory=list)
    perf: Perf | None = None
    qor: dict[str, float] = Field(default_factory=dict)
    logs: str = ""
    feedback: str = ""
    timings: dict[str, float] = Field(default_factory=dict)
    """Wall seconds spent per stage of this evaluation (`sandbox`, `policy`, `slang`,
    `icarus.build`, ...), for profiles of where judging time goes; never part of the judgement."""
    details: dict[str, Any] = Field(default_factory=dict)
    """Structured facts about the judgement for tools, never shown to agents (verilog: the
    testbench's first mismatch as `{time, signal, expected, got}`), so no tool parses
    `feedback` back into data."""
    cached: bool = False
    """Looked up in the verdict cache (an identical candidate was judged before), not judged now."""
    judged_at: float | None = None
    """When (Unix time) the candidate was judged: a cached verdict keeps the time its figures
    were measured, beside the device they name (`perf.measured_on`)."""

    @computed_field  # type: ignore[prop-decorator]  # stored in records so reports need no status table
    @property
    def correct(self) -> bool:
        return self.status is Status.PASS


class ModelSettings(BaseModel):
    """How the model is asked. Sampling fields change the answers, so they go into the run's
    config hash and the cache key; transport fields (endpoint, timeout, retries, concurrency)
    do not, so a run can be resumed against a restarted server or with more patience.

    These are the model's options (`-M key=value`, a config file's `settings`); a model
    plug-in that takes more declares a subclass as its `Settings`, and every field of it
    that is not transport counts as sampling."""

    model_config = ConfigDict(extra="forbid")
    TRANSPORT: ClassVar[frozenset[str]] = frozenset({"base_url", "timeout_s", "retries", "concurrency"})

    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    seed: int | None = None
    reasoning_effort: str | None = None
    base_url: str | None = None
    timeout_s: float = 300.0
    retries: int = 4
    concurrency: int = 4

    def sampling(self) -> dict[str, Any]:
        """The fields that change what the model answers, as sent to it (unset ones left out)."""
        fields = [f for f in type(self).model_fields if f not in self.TRANSPORT]
        return {f: getattr(self, f) for f in fields if getattr(self, f) is not None}


class TaskInfo(BaseModel):
    """What a report needs to know about a task, copied into each record so a record is
    understood without the task folder it came from (which may have changed since).

    `track` is the suite's main split of its tasks (verilog: spec-to-rtl / bug-repair;
    isa-transpile: the source's optimisation level; cuda-kernels: the backend), chosen by the
    suite's `track` field. `speedup_cap` is the largest speedup a report credits for this task,
    where the suite or the task declares one (a figure above it says more about the baseline
    or the judge than about the candidate)."""

    title: str = ""
    kind: str = ""
    difficulty: str = ""
    tags: tuple[str, ...] = ()
    track: str = ""
    speedup_cap: float | None = None
    seed: int | None = None
    """The seed of the generated task set the task belongs to (0: the shipped release); None
    for a hand-written task."""


class Stored(BaseModel):
    """Something read back from disk in a versioned format. Validated with the context
    `{"stored": True, "where": ...}` (as the results store does), data without a
    `schema_version` is version 1; built in memory, it is this chipbench's version. A newer
    version than this chipbench reads is refused. (A field validator, not a model one: a
    `mode="before"` model validator would turn every stored line into Python objects first,
    transcripts included, and double the time to read a run.)"""

    schema_version: int = Field(default=None, validate_default=True)

    @field_validator("schema_version", mode="before")
    @classmethod
    def _stored_version(cls, version: Any, info: ValidationInfo) -> int:
        context = info.context or {}
        if version is None and not context.get("stored"):
            return SCHEMA_VERSION
        return stored_schema(version, context.get("where", "a record"))


class RunRecord(Stored):
    """One line of a run's results: a (task, sample) with its candidate and verdict."""

    run_id: str
    task_id: str
    suite: str
    sample: int
    agent: str
    model: str
    config_hash: str
    task_digest: str
    candidate: Candidate
    verdict: Verdict
    versions: dict[str, str] = Field(default_factory=dict)
    started_at: float
    finished_at: float
    settings: ModelSettings | None = None
    task_info: TaskInfo | None = None
    """The task's metadata when it was run (None in version 1 records)."""
    suite_version: str = ""
    suite_hash: str = ""
    """The content hash of the suite's task data when it was run (`Suite.content_hash`);
    empty in records before schema 3."""
    evaluator_settings: dict[str, Any] = Field(default_factory=dict)
    """Every verdict-changing setting of the evaluator that judged this record (simulators,
    thread counts, ...), as `Evaluator.settings()` gave them."""

    @property
    def key(self) -> tuple[str, int]:
        return (self.task_id, self.sample)
