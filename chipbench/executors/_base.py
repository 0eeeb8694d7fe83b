"""The executor interface: one evaluation in, one verdict out."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path

from chipbench.core import Candidate, Task, Verdict
from chipbench.evaluators import Evaluator


@dataclass(frozen=True)
class Evaluation:
    """Everything needed to score one candidate in a fresh sandbox, and nothing else, so it can
    be shipped to another process or machine as it is."""

    evaluator: Evaluator
    task: Task
    candidate: Candidate
    sandbox: str
    hide: tuple[Path, ...]
    public: bool = False
    """Only the checks an agent may see (its feedback), not the hidden tests."""
    cache: bool = True
    """Whether an identical candidate's stored verdict may answer (`chipbench.verdict_cache`)."""


class Executor(ABC):
    """Runs evaluations somewhere. `start` before the first, `stop` after the last (also after
    a failure or Ctrl-C). A crash in the evaluation itself must come back as a harness_error
    verdict, never as an exception, so one broken evaluation does not end a run; an exception
    means the executor itself cannot work (bad configuration) and ends the run."""

    name: str = "executor"

    async def start(self) -> None:
        """Connect to whatever runs the evaluations (default: nothing to do).

        Raises:
            ChipbenchError: it cannot be reached or used (no cluster at the address, a missing
                extra); the run stops before any sample.
        """

    async def stop(self) -> None:
        """Release what `start` took (default: nothing to do)."""

    def expect(self, concurrency: int) -> None:
        """Told before `start`: how many evaluations the caller will run at once, so an executor
        with workers of its own can have them ready (default: ignored)."""

    def ensure_placeable(self, evaluator: Evaluator, task: Task, sandbox: str) -> None:
        """Raise a ChipbenchError if evaluations of this task could never run here (e.g. no
        node offers what they need); called for every task before the run starts, so a bad
        setup stops the run at once instead of failing sample by sample (default: all run)."""

    @abstractmethod
    async def evaluate(self, evaluation: Evaluation) -> Verdict:
        """Score one candidate where this executor runs things: open a sandbox of the named
        backend (`evaluation.sandbox`, hiding `evaluation.hide`), then `Evaluator.feedback`
        when `evaluation.public` else `Evaluator.evaluate`, as
        `chipbench.runner.evaluate_in_sandbox` does (verdict cache and timings included).

        Args:
            evaluation: the evaluator, task, candidate and sandbox settings; picklable, so it can
                be shipped to another process or machine as it is.

        Returns:
            The verdict; a failure of the evaluation itself (a crash, a lost worker after its
            retries) comes back as a `harness_error` verdict, with the reason.

        Raises:
            ChipbenchError: only when this executor cannot work at all (lost its cluster, bad
                configuration); that ends the run, whose finished records are kept.
            asyncio.CancelledError: when the run is cancelled; the evaluation is stopped too.
        """

    def describe(self) -> dict:
        """Where evaluations ran, for the run's manifest."""
        return {"name": self.name}
