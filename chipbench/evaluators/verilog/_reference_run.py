"""What the task's testbench does with its own reference, on each simulator: one run answers
both questions the evaluator asks of it.

- Does the testbench build there at all? A testbench that does not build with the task's own
  reference (on an external set: a reference mixing blocking and non-blocking writes to one
  variable, which Verilator refuses) fails every candidate whatever it does; such a failure
  is the task's, and the evaluator reports the task as unscorable with the tool's message
  instead of blaming the candidate's module and ports.
- How many checks does it perform? A candidate's verdict line that reports another count (a
  line forged by a design that evaded every rule, a testbench cut short) is no verdict.

The reference is simulated once per (testbench, reference, support include, simulator and its
version, build command, sandbox environment), in a fresh sandbox of the candidate's backend
(same tools and image), never in the candidate's. The outcome is kept in the private cache
folder (masked in every sandbox: it holds tool messages about hidden tests), written
atomically (concurrent writers agree: same input, same outcome), so a run, `tasks check` and
later runs simulate the reference once. Only a verdict line or a failed build is kept (`KEPT`):
a run that timed out or ended without the testbench's verdict may say more about the machine
than about the task, and it is asked again next time.

Also here: per-run names for the testbench's private modules (an adapter's reference model),
so a design cannot instantiate them by a name it could know.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass

from chipbench.core import Task
from chipbench.evaluators.verilog._simulators import (
    SUPPORT_INCLUDE, SimOutcome, icarus_build_command, simulator_version, support_include, verilator_build_command,
)
from chipbench.paths import private_cache_dir
from chipbench.sandbox import Sandbox

Simulate = Callable[[Sandbox, list[str], float], Awaitable[SimOutcome]]
BUILD_COMMANDS = {"icarus": icarus_build_command, "verilator": verilator_build_command}


def private_names(testbench: str, names: list[str]) -> str:
    """The testbench with each of `names` (module names) replaced by a fresh one for this run."""
    for name in names:
        testbench = re.sub(rf"\b{re.escape(name)}\b", f"{name}_{secrets.token_hex(8)}", testbench)
    return testbench


@dataclass(frozen=True)
class ReferenceOutcome:
    """The reference's run: `kind` as in `SimOutcome` (pass, mismatch, build_error, timeout,
    no_verdict, flood), the checks it performed, and the tool's output when it did not pass."""

    kind: str
    checks: int = 0
    message: str = ""

    @property
    def builds(self) -> bool:
        """Whether the testbench builds with the reference (a timed-out build counts as one:
        candidates are judged, not the machine's load)."""
        return self.kind != "build_error"


KEPT = ("pass", "mismatch", "build_error")
"""The outcomes kept: a verdict line or a tool's refusal, what the tools say of the task's
text. The others (a timeout; a run killed, crashed or flooding before the verdict) may be the
machine's doing: kept, one such run would mark the task unscorable for every later candidate
and run, so it is asked again."""


def _key(task: Task, testbench: str, simulator: str, environment: str) -> str:
    reference = {f: t for f, t in task.reference.items() if f.endswith((".v", ".sv"))}
    # Private names change every run; what the reference does with the testbench does not.
    stable = re.sub(r"\b(\w+)_[0-9a-f]{16}\b", r"\1", testbench)
    identity = {"testbench": stable, "reference": sorted(task.reference.items()), "include": support_include(),
                "simulator": simulator, "tool": simulator_version(simulator),
                "command": BUILD_COMMANDS[simulator](sorted(reference)), "environment": environment}
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:32]


class ReferenceRuns:
    """The reference's outcome per (testbench, reference, simulator, environment)."""

    def __init__(self) -> None:
        self._known: dict[str, ReferenceOutcome] = {}

    async def outcome(self, task: Task, testbench: str, simulator: str, simulate: Simulate,
                      like: Sandbox, timeout: float) -> ReferenceOutcome:
        """Simulate the reference unless already recorded, in a new sandbox of the same kind as `like`."""
        key = await asyncio.to_thread(_key, task, testbench, simulator, like.environment)
        if key in self._known:
            return self._known[key]
        record = private_cache_dir() / "verilog-reference-runs" / f"{key}.json"
        try:
            found = ReferenceOutcome(**json.loads(record.read_text()))
        except (OSError, ValueError, TypeError):
            found = await self._simulate(task, testbench, simulate, like, timeout)
            if found.kind not in KEPT:
                return found
            record.parent.mkdir(parents=True, exist_ok=True)
            tmp = record.with_name(f".{key}.{os.getpid()}.{id(found)}.tmp")
            tmp.write_text(json.dumps(asdict(found)))
            os.replace(tmp, record)
        self._known[key] = found
        return found

    @staticmethod
    async def _simulate(task: Task, testbench: str, simulate: Simulate, like: Sandbox, timeout: float) -> ReferenceOutcome:
        sources = sorted(f for f in task.reference if f.endswith((".v", ".sv")))
        async with type(like)(hide=[], toolchain="verilog") as sandbox:
            await sandbox.write_files({**task.reference, "tb.v": testbench, SUPPORT_INCLUDE: support_include()})
            run = await simulate(sandbox, sources, max(timeout, 60))
        if run.passed:
            return ReferenceOutcome("pass", run.checks)
        return ReferenceOutcome(run.kind, run.checks, run.build_output if run.kind == "build_error" else run.logs[-2000:])
