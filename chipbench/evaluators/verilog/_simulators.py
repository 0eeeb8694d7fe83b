"""Icarus Verilog and Verilator behind one small interface: build, run, read the nonce line.

Verilator compiles C++; most of that time is spent on its own runtime library and headers,
identical for every design: the harness compiles them once per environment, and candidate
builds link and include them from the read-only cache (`_verilator_runtime`).

Don't-care points. A testbench says an output bit is don't-care by expecting `x` there; Icarus
is four-state and sees it, Verilator is two-state and would turn it into a fixed value that a
correct design need not produce. So the Verilator model is built with every `x` of the source
left to run time, and run twice with the same seed: every `x` made 0 in the first run, which
writes the expected values it compares (`XTRACE_FILE`), then 1 in the second, which reads
them back and ignores the bits that changed (`cb_agree64` in the support include). The
second run gives the verdict. Both runs are the same model with the same stimulus, so the
values line up check by check, whatever order or stimulus another simulator would have.
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
XTRACE_FILE = "chipbench_xtrace.hex"
"""Written by the first of Verilator's two runs (the expected values with every `x` made 0), read
by the second; see `cb_agree64` in the support include."""
FOUR_STATE_TRACE_FILE = "chipbench_itrace.txt"
"""Written by the four-state (Icarus) run: each expected value compared, in binary, `x` bits and all."""
XMASK_FILE = "chipbench_xmask.hex"
"""Read by Verilator's second run: per compared value, the bits the four-state run found `x`
(`four_state_masks`), as far as that run's trace lines up with Verilator's first run."""
FOUR_STATE_TRACE_LIMIT = 70 << 20
"""Bytes of four-state trace the harness reads: the 2**20 values of 65 bytes the include writes at most."""
VERILATOR_X_RUNS = (["+chipbench_xrecord", "+verilator+rand+reset+0"], ["+verilator+rand+reset+1"])
"""Verilator's two runs: every `x` (explicit, or a variable never written) made 0, then 1."""
VERILATOR_SEED = "+verilator+seed+1"
"""The same seed in both runs (and for the reference): the same `$random` stimulus."""
_RESULT = "CHIPBENCH_RESULT {nonce} checks=(\\d+) errors=(\\d+)"
_MISMATCH = re.compile(r"^CHIPBENCH_MISMATCH (.*)$", re.M)

# Testbenches run for milliseconds, so compile time is all that matters: -O0 for the C++.
# Loop unrolling stays at Verilator's default: candidates rely on it (a `for` loop of
# non-blocking writes to an array does not build without it). Testbenches keep their build
# small themselves: a loop with a run-time bound is not unrolled, and a model that runs in
# its own process is compiled once, not pasted into every call of a task.
VERILATOR_FLAGS = ["--binary", "--timing", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", "tb",
                   "--x-assign", "unique", "--x-initial", "unique",
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
    return SimOutcome(simulator, kind, checks, errors, first, logs, run_s=run.wall_s)


_UNKNOWN_BITS = str.maketrans("01xXzZ", "001111")
_KNOWN_BITS = str.maketrans("01xXzZ", "010000")


def four_state_masks(four_state: str, two_state: str) -> list[int]:
    """Per compared value, the bits the four-state run found `x` or `z`, for as long as its
    trace (`FOUR_STATE_TRACE_FILE`, one binary value per line) lines up with the two-state one
    (`XTRACE_FILE`, lines "got expected" in hex): up to the first value whose known bits differ
    from the two-state expected value. The simulators draw different `$random` sequences, so
    their traces part at the first value a draw decides; a mask past that point would land on
    another stimulus, where it could hide a cared-for error. Before it (typically the values
    compared before and during reset, where an unwritten state is `x`), both runs saw the same."""
    masks = []
    for word, line in zip(four_state.split(), two_state.splitlines()):
        fields = line.split()
        if len(fields) != 2 or not re.fullmatch(r"[01xXzZ]{1,64}", word) or not re.fullmatch(r"[0-9a-fA-F]{1,16}", fields[1]):
            break
        dc = int(word.translate(_UNKNOWN_BITS), 2)
        if (int(word.translate(_KNOWN_BITS), 2) ^ int(fields[1], 16)) & ~dc:
            break
        masks.append(dc)
    return masks


async def four_state_trace(sandbox: Sandbox) -> str | None:
    """The trace the last Icarus run in `sandbox` wrote (`FOUR_STATE_TRACE_FILE`), for
    `run_verilator`; None if there is none or it is longer than the include writes."""
    return await _read_text(sandbox, FOUR_STATE_TRACE_FILE, FOUR_STATE_TRACE_LIMIT)


async def _read_text(sandbox: Sandbox, path: str, limit: int) -> str | None:
    try:
        data = await sandbox.read_file(path)
    except OSError:
        return None
    return data.decode("ascii", "replace") if len(data) <= limit else None


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


async def run_icarus(sandbox: Sandbox, sources: list[str], timeout: float) -> SimOutcome:
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
                        four_state_trace: str | None = None) -> SimOutcome:
    """Build, then the two runs (`VERILATOR_X_RUNS`): the second's verdict, unless the first
    ended without one (a hang, a crash, a flood), which is then the outcome. Runs that do not
    perform the same number of checks were not comparing the same values: no verdict.
    `four_state_trace`: a four-state run's trace of the same testbench, whose `x` bits are
    don't-care too as far as it lines up with the first run (`four_state_masks`)."""
    build = await build_verilator(sandbox, sources, timeout)
    if not build.ok:
        return _build_failure("verilator", build)
    run_s = 0.0
    outcomes: list[SimOutcome] = []
    for extra in VERILATOR_X_RUNS:
        if outcomes:  # before the verdict run: the four-state masks, or none (never a stale file)
            masks: list[int] = []
            if four_state_trace is not None:
                first = await _read_text(sandbox, XTRACE_FILE, 2 * FOUR_STATE_TRACE_LIMIT)
                masks = four_state_masks(four_state_trace, first or "")
            await sandbox.write_file(XMASK_FILE, "".join(f"{m:016x}\n" for m in masks))
        nonce = secrets.token_hex(12)
        run = await sandbox.exec(["./obj_dir/Vtb", f"+chipbench_nonce={nonce}", VERILATOR_SEED, *extra],
                                 Limits(wall_s=timeout, cpu_s=int(timeout) + 1))
        run_s += run.wall_s
        outcomes.append(_outcome("verilator", run, nonce))
        if outcomes[-1].kind not in ("pass", "mismatch"):
            break
    outcome = outcomes[-1]
    if len(outcomes) == 2 and outcomes[0].checks != outcome.checks:
        note = f"[the two runs performed {outcomes[0].checks} and {outcome.checks} checks]"
        outcome = replace(outcome, kind="no_verdict", checks=0, errors=0, first_mismatch="", logs=f"{outcome.logs}\n{note}")
    outcome.build_s, outcome.run_s = build.wall_s, run_s
    return outcome
