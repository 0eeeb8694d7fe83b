"""Icarus Verilog and Verilator behind one small interface: build, run, read the nonce line.

Verilator compiles C++; most of that time is spent on its own runtime library and headers,
identical for every design: the harness compiles them once per environment, and candidate
builds link and include them from the read-only cache (`_verilator_runtime`).

Don't-care points. A testbench says an output bit is don't-care by expecting `x` there; Icarus
is four-state and sees it, Verilator is two-state and would turn it into a fixed value that a
correct design need not produce. So the Icarus run, which always comes first, prints the mask
of every check that has don't-care bits (on lines carrying the nonce, so no design can add
one), and the Verilator run reads exactly those masks (`DONTCARE_FILE`, written by the
harness) and ignores exactly those bits: the same points are don't-care on both simulators.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, replace
from importlib.resources import files as package_files

from chipbench.evaluators._base import clip, tool_version
from chipbench.evaluators.verilog._verilator_runtime import Runtime, prebuilt_runtime
from chipbench.sandbox import ExecResult, Limits, Sandbox

SUPPORT_INCLUDE = "chipbench_tb.vh"
SIMULATOR_TOOLS = {"icarus": ("iverilog", "-V"), "verilator": ("verilator", "--version")}
"""Each simulator's command and the flag that prints its version."""


def simulator_version(simulator: str) -> str:
    """The version line of `simulator`'s tool, cached like every tool version."""
    return tool_version(*SIMULATOR_TOOLS[simulator])
DONTCARE_FILE = "chipbench_dontcare.hex"
DONTCARE_SLOTS = 1 << 16
"""Checks whose don't-care masks Verilator can read (`cb_dc_masks` in the include); a check
beyond them is compared on every bit there, which can only fail a design, never pass one."""
_RESULT = "CHIPBENCH_RESULT {nonce} checks=(\\d+) errors=(\\d+)"
_DONTCARE = "^CHIPBENCH_DONTCARE {nonce} (\\d+) ([0-9a-fA-F]+)$"
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
    build_s: float = 0.0
    run_s: float = 0.0
    dontcare: dict[int, int] | None = None
    """Check number -> mask of don't-care bits, from a four-state run."""

    @property
    def passed(self) -> bool:
        return self.kind == "pass"

    def mismatch_fields(self) -> dict[str, str]:
        """The first mismatch line's `key=value` fields (time, signal, expected, got), as the
        testbench support include prints them."""
        return dict(part.split("=", 1) for part in self.first_mismatch.split() if "=" in part)

    def expecting(self, checks: int) -> "SimOutcome":
        """This outcome, or no verdict when the testbench performed another number of checks
        than it did with the reference: a verdict line is believed only when it matches."""
        if self.kind not in ("pass", "mismatch") or self.checks == checks:
            return self
        note = f"[the verdict line reports {self.checks} checks; with the reference the testbench performs {checks}]"
        return replace(self, kind="no_verdict", checks=0, errors=0, first_mismatch="", logs=f"{self.logs}\n{note}")


def _counts(stdout: str, nonce: str) -> tuple[int, int] | None:
    """(checks, errors) from the testbench's verdict line, which candidate code cannot forge
    (it carries the run's nonce), or None unless there is exactly one."""
    results = re.findall(_RESULT.format(nonce=re.escape(nonce)), stdout)
    return (int(results[0][0]), int(results[0][1])) if len(results) == 1 else None


def dontcare_masks(stdout: str, nonce: str) -> dict[int, int]:
    found = re.findall(_DONTCARE.format(nonce=re.escape(nonce)), stdout, re.M)
    return {int(i): int(m, 16) for i, m in found}


def dontcare_file(masks: dict[int, int]) -> str:
    """`$readmemh` input: one addressed entry per check with don't-care bits."""
    lines = [f"@{i:x} {m:016x}" for i, m in sorted(masks.items()) if 0 <= i < DONTCARE_SLOTS]
    return "// chipbench: don't-care bits per check, from the four-state run\n" + "\n".join(lines) + "\n"


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
    return SimOutcome(simulator, kind, checks, errors, first, logs, dontcare=dontcare_masks(run.stdout, nonce),
                      run_s=run.wall_s)


def _build_failure(simulator: str, build: ExecResult) -> SimOutcome:
    kind = "timeout" if build.timed_out else "build_error"
    return SimOutcome(simulator, kind, logs=clip(build.output), build_output=build.output, build_s=build.wall_s)


def icarus_build_command(sources: list[str]) -> list[str]:
    return ["iverilog", "-g2012", "-o", "sim.vvp", "-s", "tb", "tb.v", *sources]


def verilator_build_command(sources: list[str], runtime: Runtime | None = None) -> list[str]:
    """With `runtime`, the prebuilt runtime is linked and its headers loaded precompiled."""
    flags = list(VERILATOR_FLAGS)
    if runtime is not None:
        flags[-1] = f"OPT_SLOW=-O0 OPT_GLOBAL=-O0 {runtime.make_flags()}"
    return ["verilator", *flags, "tb.v", *sources]


async def verilator_runtime(like: Sandbox) -> Runtime | None:
    """The runtime prebuilt for sandboxes like `like`, built first if needed (never in `like`)."""
    return await prebuilt_runtime(like, simulator_version("verilator"), VERILATOR_FLAGS,
                                  {SUPPORT_INCLUDE: support_include()})


async def build_icarus(sandbox: Sandbox, sources: list[str], timeout: float) -> ExecResult:
    return await sandbox.exec(icarus_build_command(sources), Limits(wall_s=timeout, cpu_s=int(timeout) + 1))


async def build_verilator(sandbox: Sandbox, sources: list[str], timeout: float) -> ExecResult:
    command = verilator_build_command(sources, await verilator_runtime(sandbox))
    return await sandbox.exec(command, Limits(wall_s=max(timeout, 240), cpu_s=600, max_procs=256))


async def run_icarus(sandbox: Sandbox, sources: list[str], timeout: float,
                     dontcare: dict[int, int] | None = None) -> SimOutcome:
    build = await build_icarus(sandbox, sources, timeout)
    if not build.ok:
        return _build_failure("icarus", build)
    nonce = secrets.token_hex(12)
    run = await sandbox.exec(["vvp", "-n", "sim.vvp", f"+chipbench_nonce={nonce}"],
                             Limits(wall_s=timeout, cpu_s=int(timeout) + 1))
    outcome = _outcome("icarus", run, nonce)
    outcome.build_s = build.wall_s
    return outcome


async def run_verilator(sandbox: Sandbox, sources: list[str], timeout: float,
                        dontcare: dict[int, int] | None = None) -> SimOutcome:
    """`dontcare`: the masks a four-state run found (none: every bit of every check counts)."""
    build = await build_verilator(sandbox, sources, timeout)
    if not build.ok:
        return _build_failure("verilator", build)
    await sandbox.write_file(DONTCARE_FILE, dontcare_file(dontcare or {}))
    nonce = secrets.token_hex(12)
    run = await sandbox.exec(["./obj_dir/Vtb", f"+chipbench_nonce={nonce}"], Limits(wall_s=timeout, cpu_s=int(timeout) + 1))
    outcome = _outcome("verilator", run, nonce)
    outcome.build_s = build.wall_s
    return outcome
