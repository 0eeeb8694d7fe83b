"""What every evaluator shares: the interface, and the checks that come before any tool runs."""

from __future__ import annotations

import shutil
import subprocess
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import ClassVar

from chipbench.core import Candidate, QueryTool, Status, Task, Verdict
from chipbench.options import PluginOptions
from chipbench.sandbox import ExecResult, Sandbox

LOG_LIMIT = 8000


def clip(text: str, limit: int = LOG_LIMIT) -> str:
    """Keep the head and tail of long tool output: errors sit at both ends."""
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]}\n[... {len(text) - limit} characters cut ...]\n{text[-half:]}"


@dataclass(frozen=True)
class Resources:
    """What one evaluation occupies on the machine that runs it; an executor that spreads
    evaluations over a cluster reserves this much for each (`cpus` slots, `gpus` devices)."""

    cpus: float = 1.0
    gpus: float = 0.0


@dataclass(frozen=True)
class MutantCase:
    """A small deliberate bug in a task's reference, used to measure how sensitive tests are."""

    name: str
    description: str
    files: dict[str, str]
    provable: bool = True
    """Whether an equivalence proof can speak for this mutant. Not for a change that only a
    simulator's scheduling sees (a blocking assignment, a sensitivity list): proofs read the
    design as synthesis does, where such a mutant looks identical even when a testbench can
    tell it apart (and, when it does not, it counts as a survivor)."""


@dataclass(frozen=True)
class HostileCase:
    """A candidate written to break the rules (fork bomb, output flood, forged verdict, ...),
    with the statuses it may get. `tasks check` runs every suite's generic hostile cases on
    one of its tasks, so no suite can land weaker than the others; `pass` and `harness_error`
    are never acceptable (a harness error would let a candidate remove a task from a score)."""

    name: str
    attack: str
    """The exploit class, e.g. `fork-bomb`, `output-flood`, `forged-verdict`."""
    files: dict[str, str]
    expect: frozenset[Status] = frozenset({Status.FAIL, Status.COMPILE_ERROR, Status.RUNTIME_ERROR,
                                           Status.TIMEOUT, Status.REJECTED})
    slow: bool = False
    """Ends only at a wall-clock limit (e.g. an endless loop): out of the default CI set."""


@dataclass(frozen=True)
class Proof:
    """A claim about a task's tests that `tasks check` proves in a fresh sandbox: `run` returns
    a verdict whose correctness must equal `expect_pass` (a mutant the testbench must kill
    expects a failure; the all-default point scored with its measured latency, a pass)."""

    name: str
    expect_pass: bool
    run: Callable[[Sandbox], Awaitable[Verdict]]


@dataclass(frozen=True)
class Requirement:
    """Something an evaluator needs on this machine, as `chipbench doctor` reports it: an
    executable (`kind="tool"`), a Python package (`"python"`) or a device (`"device"`).
    `found` is its version where present, None where missing; `fix` is the one command that
    provides it. A requirement that is not `needed` only limits what is measured (e.g. a GPU
    for the cuda backend's correctness and timing: without one, candidates are compiled only)."""

    name: str
    found: str | None
    fix: str
    kind: str = "tool"
    needed: bool = True


SETUP_FIX = "scripts/setup.sh"
"""Installs the system toolchains (apt) and chipbench's virtual environment."""


def tool_requirement(tool: str, flag: str = "--version", fix: str = SETUP_FIX) -> Requirement:
    version = tool_version(tool, flag)
    return Requirement(tool, None if version == "missing" else version, fix)


def python_requirement(module: str, fix: str, needed: bool = True, dist: str | None = None) -> Requirement:
    """A Python package by import name (`dist`: its distribution's name where that differs),
    with its version, in the harness's own environment."""
    import importlib.metadata
    import importlib.util

    if importlib.util.find_spec(module) is None:
        return Requirement(module, None, fix, kind="python", needed=needed)
    try:
        version = importlib.metadata.version(dist or module)
    except importlib.metadata.PackageNotFoundError:
        version = "installed"
    return Requirement(module, str(version), fix, kind="python", needed=needed)


class Evaluator(ABC):
    """Scores a candidate for one task inside a sandbox it is handed.

    Subclasses implement `score`; `evaluate` first turns a candidate with no usable files
    into a `fail` with a reason, so no suite needs to repeat that. Registered in the
    `chipbench.evaluators` entry-point group and built with no arguments; one instance scores
    many candidates concurrently, each in its own sandbox, so keep per-candidate state local.
    The sandbox is started before a call and closed after it by the caller.

    The rule for every method that judges: the candidate's faults (it does not build, crashes,
    loops, floods, is wrong, cheats) are verdicts with a status and reason, never exceptions.
    An exception means the harness failed (a tool missing, a malformed task): the caller records
    a `harness_error`, which counts as not solved, and the run goes on.
    """

    name: str = "evaluator"
    tools: dict[str, str] = {}
    """Executables this evaluator runs, each with the flag that prints its version; the
    versions go into every record."""
    Options: ClassVar[type[PluginOptions]] = PluginOptions
    """The options a run may set (`-E KEY=VALUE`, a config file's `evaluator_options`): the
    run checks them against this model and passes them to the constructor as keyword
    arguments; they go into the run's score settings (docs/run-config.md). None by default."""

    async def evaluate(self, task: Task, candidate: Candidate, sandbox: Sandbox) -> Verdict:
        """The final verdict on `candidate`, with the hidden tests: a candidate without the
        files `task.submit` names fails with the reason; otherwise `score` decides.

        Args:
            task: the task; its hidden material under `task.hidden_dir`, read by the harness only.
            candidate: the agent's answer; only the files `task.submit` names are judged.
            sandbox: a started sandbox, empty, for this candidate alone.

        Returns:
            The verdict (status, category, reason, feedback, checks, perf, logs).

        Raises:
            Whatever `score` raises: a harness failure (see the class docstring).
        """
        if candidate.error:
            return Verdict(status=Status.FAIL, reason=candidate.error, feedback=candidate.error)
        missing = [f for f in task.submit if f not in candidate.files]
        if missing:
            reason = f"candidate is missing required file(s): {', '.join(missing)}"
            return Verdict(status=Status.FAIL, reason=reason, feedback=reason)
        return await self.score(task, {f: candidate.files[f] for f in task.submit}, sandbox)

    @abstractmethod
    async def score(self, task: Task, files: dict[str, str], sandbox: Sandbox) -> Verdict:
        """Judge the submitted files with the task's hidden tests: what every suite implements.

        Args:
            task: the task (hidden material under `task.hidden_dir`); write into the sandbox only
                what a step needs, when it needs it.
            files: exactly the files `task.submit` names (path -> content), all present.
            sandbox: a started, empty sandbox for this candidate: write files, run the tools
                under `Limits`, read results back; every command is untrusted.

        Returns:
            A verdict: `pass` only when every hidden check passed; `fail`, `compile_error`,
            `runtime_error`, `timeout` or `rejected` (a rule broken) with a `reason` and a
            `category`; `feedback` is the part an agent may read (no hidden test content);
            `perf`/`qor` figures where the suite measures speed or area, each naming its source.

        Raises:
            SandboxError: the sandbox could not run a command (a harness failure).
            ChipbenchError, or any other exception: a harness failure (a missing tool, a task
                whose own tests do not build); never for a fault of the candidate.
        """

    async def feedback(self, task: Task, candidate: Candidate, sandbox: Sandbox) -> Verdict:
        """What an agent may see before it submits (public tests only). Only `verdict.feedback`
        reaches the agent. The default scores with the hidden tests; suites with public tests
        override this so hidden results never steer an agent.

        Args and exceptions as `evaluate`. Returns a verdict whose `feedback` reveals nothing
        of the hidden tests.
        """
        return await self.evaluate(task, candidate, sandbox)

    def has_public_tests(self, task: Task) -> bool:
        """Whether `feedback` runs tests of its own for this task (not the hidden ones), so
        `tasks check` must prove the reference passes them too."""
        return False

    def resources(self, task: Task) -> Resources:
        """What scoring this task needs (default: one CPU slot)."""
        return Resources()

    def settings(self) -> dict[str, object]:
        """Every setting of this evaluator that can change a verdict or a figure (simulators,
        thread counts, backends, ...), as plain JSON values: the run's config hash, its
        manifest and any verdict cache key include it (default: none)."""
        return {}

    def cacheable(self, verdict: Verdict) -> bool:
        """Whether `verdict` may be stored in the verdict cache and handed to an identical
        candidate later (default: yes; the cache itself never keeps timeouts or harness
        errors). A suite whose verdicts rest on chance (fresh random inputs, timings) may say
        no, or keep only some."""
        return True

    def hostile_cases(self, task: Task) -> list[HostileCase]:
        """This suite's generic hostile candidates for `task` (default: none, which `tasks
        check` reports as a gap: every suite must ship its battery)."""
        return []

    def hostile_not_applicable(self, task: Task) -> dict[str, str]:
        """Generic attacks (chipbench.evaluators.hostile.ATTACKS) this suite's candidates cannot
        express at all, each with the reason; `tasks check` requires every other one to have a
        case, so a gap is a stated decision, never an accident."""
        return {}

    def query_tools(self, task: Task) -> list[QueryTool]:
        """Measurements an agent may ask for while solving `task` (default: none), fresh for
        each call: the runner calls this once per sample, so budgets they keep are per sample."""
        return []

    def proofs(self, task: Task) -> list["Proof"]:
        """Checks of the task's own tests that `tasks check` runs besides its candidates (e.g.
        that a hidden testbench fails a mutant of the kernel); default: none."""
        return []

    def mutants(self, task: Task) -> list[MutantCase]:
        """Mutants of the reference, for suites with a mutation engine (default: none)."""
        return []

    def equivalent(self, task: Task, files: dict[str, str]) -> bool | None:
        """Whether a candidate provably behaves like the reference; None when unknown."""
        return None

    def versions(self) -> dict[str, str]:
        return {tool: tool_version(tool, flag) for tool, flag in self.tools.items()}

    def toolchain(self, task: Task) -> str:
        """The environment `task` is scored in, by name: a sandbox that picks one per toolchain
        (docker: its image) uses it; by default the evaluator's own."""
        return self.name

    def requirements(self, variant: str | None = None) -> list[Requirement]:
        """What scoring this suite (as `NAME:variant` selects it) needs here, for `chipbench
        doctor`; the default: the executables of `tools`, installed by scripts/setup.sh."""
        return [tool_requirement(tool, flag) for tool, flag in self.tools.items()]


_versions: dict[str, str] = {}

PROBE_FAILED = "unknown (its version probe failed)"
"""What `tool_version` answers when running `tool FLAG` failed (it did not finish within its
10 s, could not start, or was killed by a signal): not remembered, so the next call asks
again. A verdict judged while a version is this is not looked up in, nor stored into, the
verdict cache: its key could not name the toolchain (on a machine at load 290 a worker's
first `g++ --version` missed its 10 s, the worker kept `unknown` for its life, and each such
worker's cached requests missed the verdict cache)."""


def tool_version(tool: str, flag: str = "--version") -> str:
    """First line `tool FLAG` prints, cached: records name the exact toolchain.

    The answer is stored only once known, so a caller in another thread never reads a
    half-made entry (evaluators call this from worker threads); a failed probe (`PROBE_FAILED`:
    timed out, could not start, killed by a signal) and a tool not found are not stored."""
    if tool not in _versions:
        if not shutil.which(tool):
            return "missing"  # not remembered either: it may be back (a package upgrade, a mount)
        try:
            out = subprocess.run([tool, flag], capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            return PROBE_FAILED
        if out.returncode < 0:  # killed by a signal (the out-of-memory killer): it said nothing true
            return PROBE_FAILED
        text = (out.stdout or out.stderr).strip()
        _versions[tool] = text.splitlines()[0][:120] if text else "unknown"
    return _versions[tool]


def exec_failure(result: ExecResult, what: str) -> Verdict | None:
    """The verdict for a command that hit a sandbox limit, or None if it ran to an end."""
    if result.timed_out:
        return Verdict(status=Status.TIMEOUT, reason=f"{what} exceeded its time limit",
                       feedback=f"{what} did not finish in time", logs=clip(result.output))
    if result.output_limited:
        return Verdict(status=Status.RUNTIME_ERROR, reason=f"{what} flooded its output",
                       feedback=f"{what} printed too much output and was stopped",
                       logs=clip(result.output))
    return None

