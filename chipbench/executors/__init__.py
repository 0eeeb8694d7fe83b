"""Executors decide where an evaluation runs: in this process (`local`) or as a task on a Ray
cluster (`ray`). Agent loops and model calls always stay in the driver, which is also the only
writer of the results store; an executor only moves the sandboxed scoring of a candidate.

Executors are found like every other part, through the `chipbench.executors` entry points.
"""

from chipbench.executors._base import Evaluation, Executor

__all__ = ["Evaluation", "Executor"]
