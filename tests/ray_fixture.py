"""An evaluator for the Ray executor's tests, importable by Ray worker processes (the tests put
this folder on their PYTHONPATH): the verilog evaluator, plus a trace of where it ran.

Every evaluation leaves a file in $RAY_FIXTURE_MARKS named after its task, holding the pid of
the process that ran it. A test that creates `hold-<task name>` there makes the first
evaluation of that task claim the file, publish its pid as `held-<task name>.pid` and wait
(up to 60 s), so the test can kill that worker in the middle of an evaluation.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from pathlib import Path

from chipbench.evaluators.verilog import VerilogEvaluator

HOLD_S = 60.0


def marks_dir() -> Path:
    return Path(os.environ["RAY_FIXTURE_MARKS"])


def attempts(task_name: str) -> list[int]:
    """The pids of every evaluation of a task so far, killed ones included."""
    return [int(p.read_text()) for p in marks_dir().glob(f"eval-{task_name}-*")]


class MarkedVerilog(VerilogEvaluator):
    async def evaluate(self, task, candidate, sandbox):
        marks = marks_dir()
        (marks / f"eval-{task.name}-{uuid.uuid4().hex}").write_text(str(os.getpid()))
        claimed = marks / f"claimed-{task.name}-{uuid.uuid4().hex}"
        try:
            os.rename(marks / f"hold-{task.name}", claimed)  # atomic: one evaluation wins
        except FileNotFoundError:
            pass
        else:
            tmp = marks / f".held-{task.name}.tmp"
            tmp.write_text(str(os.getpid()))
            os.replace(tmp, marks / f"held-{task.name}.pid")
            await asyncio.sleep(HOLD_S)
        return await super().evaluate(task, candidate, sandbox)


class LockedVerilog(VerilogEvaluator):
    """Holds what cannot be pickled, so it cannot be sent to a worker."""

    def __init__(self) -> None:
        import threading

        self.lock = threading.Lock()


class NodeMarkedVerilog(VerilogEvaluator):
    """Leaves `node-<task name>-<uuid>` in $RAY_FIXTURE_MARKS holding the Ray node it ran on."""

    async def evaluate(self, task, candidate, sandbox):
        import ray

        (marks_dir() / f"node-{task.name}-{uuid.uuid4().hex}").write_text(ray.get_runtime_context().get_node_id())
        return await super().evaluate(task, candidate, sandbox)
