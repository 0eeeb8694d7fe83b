"""Icarus Verilog and Verilator behind one small interface: build, run, read the nonce line.

Verilator compiles C++; most of that time is spent on its own runtime library, identical for
every design. Builds therefore go through ccache with a cache that a trusted warm-up build
fills once per machine and that candidate builds may only read (the sandbox's root is
read-only), so no candidate can plant an object file that another candidate's build picks up.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import shutil
import subprocess
from dataclasses import dataclass
from importlib.resources import files as package_files
from pathlib import Path

from chipbench.evaluators._base import clip
from chipbench.paths import cache_dir
from chipbench.sandbox import ExecResult, Limits, Sandbox

SUPPORT_INCLUDE = "chipbench_tb.vh"
_RESULT = "CHIPBENCH_RESULT {nonce} checks=(\\d+) errors=(\\d+)"
_MISMATCH = re.compile(r"^CHIPBENCH_MISMATCH (.*)$", re.M)

# Testbenches run for milliseconds, so compile time is all that matters: -O0 for the C++.
# Loop unrolling stays at Verilator's default: candidates rely on it (a `for` loop of
# non-blocking writes to an array does not build without it). Testbenches keep their build
# small themselves: a loop with a run-time bound is not unrolled, and a model that runs in
# its own process is compiled once, not pasted into every call of a task.
VERILATOR_FLAGS = ["--binary", "--timing", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", "tb",
                   "-o", "Vtb", "--Mdir", "obj_dir", "-MAKEFLAGS", "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"]


def support_include() -> str:
    return (package_files("chipbench.evaluators.verilog") / "support" / SUPPORT_INCLUDE).read_text()


@dataclass
class SimOutcome:
    """One simulator's account of one run. `kind` is pass, mismatch, build_error, timeout,
    no_verdict (ended or hung before the testbench's verdict) or flood."""

    simulator: str
    kind: str
    checks: int = 0
    errors: int = 0
    first_mismatch: str = ""
    logs: str = ""
    build_output: str = ""

    @property
    def passed(self) -> bool:
        return self.kind == "pass"

    def expecting(self, checks: int) -> "SimOutcome":
        """This outcome, or no verdict when the testbench performed another number of checks
        than it did with the reference: a verdict line is believed only when it matches."""
        if self.kind not in ("pass", "mismatch") or self.checks == checks:
            return self
        note = f"[the verdict line reports {self.checks} checks; with the reference the testbench performs {checks}]"
        return SimOutcome(self.simulator, "no_verdict", logs=f"{self.logs}\n{note}")


def _counts(stdout: str, nonce: str) -> tuple[int, int] | None:
    """(checks, errors) from the testbench's verdict line, which candidate code cannot forge
    (it carries the run's nonce), or None unless there is exactly one."""
    results = re.findall(_RESULT.format(nonce=re.escape(nonce)), stdout)
    return tuple(int(x) for x in results[0]) if len(results) == 1 else None


def _outcome(simulator: str, run: ExecResult, nonce: str) -> SimOutcome:
    logs = clip(run.output)
    if run.timed_out:
        return SimOutcome(simulator, "timeout", logs=logs)
    if run.output_limited:
        return SimOutcome(simulator, "flood", logs=logs)
    if run.returncode != 0:  # crashed, aborted or stopped ($stop, $error): whatever it printed
        return SimOutcome(simulator, "no_verdict", logs=f"{logs}\n[the simulator exited with status {run.returncode}]")
    counts = _counts(run.stdout, nonce)
    if counts is None:
        return SimOutcome(simulator, "no_verdict", logs=logs)
    checks, errors = counts
    first = (_MISMATCH.findall(run.stdout) or [""])[0]
    kind = "pass" if errors == 0 and checks > 0 else "mismatch"
    return SimOutcome(simulator, kind, checks, errors, first, logs)


def _build_failure(simulator: str, build: ExecResult) -> SimOutcome:
    kind = "timeout" if build.timed_out else "build_error"
    return SimOutcome(simulator, kind, logs=clip(build.output), build_output=build.output)


async def run_icarus(sandbox: Sandbox, sources: list[str], timeout: float) -> SimOutcome:
    limits = Limits(wall_s=timeout, cpu_s=int(timeout) + 1)
    build = await sandbox.exec(["iverilog", "-g2012", "-o", "sim.vvp", "-s", "tb", "tb.v", *sources], limits)
    if not build.ok:
        return _build_failure("icarus", build)
    nonce = secrets.token_hex(12)
    return _outcome("icarus", await sandbox.exec(["vvp", "-n", "sim.vvp", f"+chipbench_nonce={nonce}"], limits), nonce)


async def run_verilator(sandbox: Sandbox, sources: list[str], timeout: float) -> SimOutcome:
    env = ccache_env(readonly=True)
    build = await sandbox.exec(["verilator", *VERILATOR_FLAGS, "tb.v", *sources],
                               Limits(wall_s=max(timeout, 240), cpu_s=600, max_procs=256), env=env)
    if not build.ok:
        return _build_failure("verilator", build)
    nonce = secrets.token_hex(12)
    run = await sandbox.exec(["./obj_dir/Vtb", f"+chipbench_nonce={nonce}"], Limits(wall_s=timeout, cpu_s=int(timeout) + 1))
    return _outcome("verilator", run, nonce)


def ccache_env(readonly: bool) -> dict[str, str]:
    if not shutil.which("ccache"):
        return {}
    env = {"OBJCACHE": "ccache", "CCACHE_DIR": str(cache_dir() / "ccache"), "CCACHE_TEMPDIR": "/tmp",
           "CCACHE_NOHASHDIR": "1", "CCACHE_UMASK": "022"}
    if readonly:
        env["CCACHE_READONLY"] = "1"
    return env


async def warm_verilator_cache() -> None:
    """Build a trivial testbench once, in a sandbox like the candidates' but with the cache
    writable, so that Verilator's runtime objects are cached under the exact same paths and
    flags. Marked done per Verilator version; a failure only costs speed, never correctness.
    """
    from chipbench.sandbox.local import LocalSandbox

    if not (shutil.which("verilator") and shutil.which("ccache")):
        return
    version = subprocess.run(["verilator", "--version"], capture_output=True, text=True).stdout.strip()
    marker = cache_dir() / f"verilator-warm-{hashlib.sha256(version.encode()).hexdigest()[:12]}"
    if marker.exists():
        return
    store = cache_dir() / "ccache"
    store.mkdir(parents=True, exist_ok=True)
    store.chmod(0o777)  # the sandbox's borrowed uid fills it; read-only everywhere else
    async with LocalSandbox(writable=[store]) as sandbox:
        await sandbox.write_files({
            "tb.v": "module tb;\n`include \"chipbench_tb.vh\"\ninitial begin cb_check(\"x\", 1, 1); cb_done; end\nendmodule\n",
            SUPPORT_INCLUDE: support_include(),
        })
        done = await sandbox.exec(["verilator", *VERILATOR_FLAGS, "tb.v"],
                                  Limits(wall_s=600, cpu_s=600, max_procs=256), env=ccache_env(readonly=False))
    if done.ok:
        marker.write_text(version)
