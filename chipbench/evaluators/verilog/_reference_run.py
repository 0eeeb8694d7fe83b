"""What the reference run establishes, so that a verdict line is believed only when it matches.

A testbench performs a fixed number of checks; the reference, simulated once per (testbench,
reference, simulator), records that number. A candidate's verdict line that reports another
count (a line forged by a design that evaded every rule, a testbench cut short) is no
verdict. The reference runs in a fresh sandbox of the candidate's backend (same tools and
image), never in the candidate's; the count is recorded on disk under the cache folder, which
candidates cannot write.

Also here: per-run names for the testbench's private modules (an adapter's reference model),
so a design cannot instantiate them by a name it could know.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Awaitable, Callable

from chipbench.core import Task
from chipbench.evaluators.verilog._simulators import SUPPORT_INCLUDE, SimOutcome, simulator_version, support_include
from chipbench.paths import cache_dir
from chipbench.sandbox import Sandbox

Simulate = Callable[[Sandbox, list[str], float], Awaitable[SimOutcome]]


def private_names(testbench: str, names: list[str]) -> str:
    """The testbench with each of `names` (module names) replaced by a fresh one for this run."""
    for name in names:
        testbench = re.sub(rf"\b{re.escape(name)}\b", f"{name}_{secrets.token_hex(8)}", testbench)
    return testbench


class ReferenceRuns:
    """The number of checks each (testbench, reference, simulator) performs with the reference."""

    def __init__(self) -> None:
        self._known: dict[str, int] = {}

    def _key(self, task: Task, testbench: str, simulator: str, environment: str) -> str:
        digest = hashlib.sha256()
        # Private names change every run; the count does not depend on them.
        stable = re.sub(r"\b(\w+)_[0-9a-f]{16}\b", r"\1", testbench)
        for part in (simulator, simulator_version(simulator), environment, stable,
                     json.dumps(sorted(task.reference.items()))):
            digest.update(part.encode() + b"\0")
        return digest.hexdigest()[:32]

    async def checks(self, task: Task, testbench: str, simulator: str, simulate: Simulate,
                     like: Sandbox, timeout: float) -> int:
        """Run the reference unless already recorded, in a new sandbox of the same kind as `like`."""
        key = self._key(task, testbench, simulator, like.environment)
        if key in self._known:
            return self._known[key]
        record = cache_dir() / "verilog-reference-checks" / key
        if record.exists():
            self._known[key] = int(record.read_text())
            return self._known[key]
        sources = [f for f in task.reference if f.endswith((".v", ".sv"))]
        async with type(like)(hide=[], toolchain="verilog") as sandbox:
            await sandbox.write_files({**task.reference, "tb.v": testbench, SUPPORT_INCLUDE: support_include()})
            outcome = await simulate(sandbox, sources, max(timeout, 60))
        if not outcome.passed:
            raise RuntimeError(f"{task.id}: the reference does not pass its testbench on {simulator} "
                               f"({outcome.kind}):\n{outcome.logs[-2000:]}")
        record.parent.mkdir(parents=True, exist_ok=True)
        record.write_text(str(outcome.checks))
        self._known[key] = outcome.checks
        return outcome.checks
