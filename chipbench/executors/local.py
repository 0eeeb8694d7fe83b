"""The default executor: evaluations run in this process's event loop, in local sandboxes."""

from __future__ import annotations

from chipbench.core import Verdict
from chipbench.executors._base import Evaluation, Executor


class LocalExecutor(Executor):
    name = "local"

    async def evaluate(self, evaluation: Evaluation) -> Verdict:
        from chipbench.runner import evaluate_in_sandbox  # the runner imports executors

        e = evaluation
        return await evaluate_in_sandbox(e.evaluator, e.task, e.candidate, e.sandbox, list(e.hide), e.public,
                                         e.cache)
