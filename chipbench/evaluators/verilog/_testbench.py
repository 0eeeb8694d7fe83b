"""Does a task's testbench build at all? Asked once per testbench, reference, simulator and
sandbox environment, and only when a candidate's build has failed (the common path pays nothing).

A testbench that does not build with the task's own reference (on that set: a reference mixing
blocking and non-blocking writes to one variable, which Verilator refuses) fails every
candidate, whatever it does; such a failure is the task's, and the evaluator reports the task
as unscorable with the tool's message instead of blaming the candidate's module and ports.

The build runs in a fresh sandbox of the candidate's backend (so the same tools and image),
never in the candidate's, and the answer is kept in the user cache folder by the content of
everything the build reads, written atomically (concurrent writers agree: same input, same
answer), so a run, `tasks check` and later runs ask the tool once.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
from dataclasses import dataclass

from chipbench.core import Task
from chipbench.evaluators.verilog._simulators import (
    SUPPORT_INCLUDE, build_icarus, build_verilator, icarus_build_command, simulator_version, support_include,
    verilator_build_command,
)
from chipbench.paths import private_cache_dir
from chipbench.sandbox import Sandbox

BUILDERS = {"icarus": (build_icarus, icarus_build_command), "verilator": (build_verilator, verilator_build_command)}


@dataclass(frozen=True)
class Buildability:
    ok: bool
    message: str = ""


_known: dict[str, Buildability] = {}
TIMED_OUT = "the reference build timed out"


def _key(task: Task, testbench: str, simulator: str, environment: str) -> str:
    _, command = BUILDERS[simulator]
    reference = {f: t for f, t in task.reference.items() if f.endswith((".v", ".sv"))}
    identity = {"testbench": testbench, "reference": reference, "include": support_include(),
                "command": command(sorted(reference)), "tool": simulator_version(simulator),
                "environment": environment}
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:32]


async def testbench_buildability(task: Task, testbench: str, simulator: str, like: Sandbox) -> Buildability:
    """Whether `testbench` builds with the task's reference on `simulator`, in a sandbox of
    the same backend and environment as `like`."""
    key = await asyncio.to_thread(_key, task, testbench, simulator, like.environment)
    if key in _known:
        return _known[key]
    path = private_cache_dir() / "verilog-testbench" / f"{key}.json"
    try:
        found = Buildability(**json.loads(path.read_text()))
    except (OSError, ValueError, TypeError):
        found = await _build(task, testbench, simulator, like)
        if found.message == TIMED_OUT:
            return found  # asked again next time: the machine may be less busy
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{key}.{os.getpid()}.{id(found)}.tmp")
        tmp.write_text(json.dumps({"ok": found.ok, "message": found.message}))
        os.replace(tmp, path)
    _known[key] = found
    return found


async def _build(task: Task, testbench: str, simulator: str, like: Sandbox) -> Buildability:
    build, _ = BUILDERS[simulator]
    reference = {f: t for f, t in task.reference.items() if f.endswith((".v", ".sv"))}
    timeout = float(task.eval.get("timeout_s", 30))
    async with type(like)(hide=[], toolchain="verilog") as sandbox:
        await sandbox.write_files({**reference, "tb.v": testbench, SUPPORT_INCLUDE: support_include()})
        result = await build(sandbox, sorted(reference), timeout)
    if result.timed_out:
        # A slow machine says nothing about the task: count it as buildable, judge candidates.
        return Buildability(True, TIMED_OUT)
    return Buildability(result.ok, "" if result.ok else result.output)
