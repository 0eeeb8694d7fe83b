"""The isa-transpile evaluator: assemble, link with the hidden harness, run under qemu-user with
our counting plugin, check the object, compare every case with the expected output.

Where each judgement comes from, and why the candidate cannot forge it:
- expected outputs are computed when the task is generated (natively, from the hidden C) and
  never enter the sandbox; the test program prints only what the candidate's code returned;
- the instruction count, and any attempt to leave the function, make a system call or touch
  the harness's state (register canaries, the calling-convention verdict), come from the
  emulator plugin, which runs outside the guest and tags its line with a nonce;
- the policy (one global symbol, nothing undefined, no writable data, no system-call
  instruction) is read from the ELF object and the linked program.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import shlex
import signal
from dataclasses import dataclass
from pathlib import Path

from chipbench.evaluators.hostile import generic_cases
from chipbench.evaluators.isa._hostile import IsaTemplate
from chipbench.core import Check, Perf, Status, Task, Verdict
from chipbench.evaluators._base import Evaluator, HostileCase, clip, exec_failure, tool_version
from chipbench.evaluators.isa._policy import Budget, budget, forbidden_instruction, inspect_object, layout_problem
from chipbench.evaluators.isa._targets import TARGETS, Target
from chipbench.evaluators.isa._toolchain import (
    CANDIDATE_BASE, CANDIDATE_END, FRAME_BYTES, LINKER_SCRIPT, RETURN_SITE, STATE_BASE, STATE_END,
    ToolchainError,
    baseline_footprints, counter_plugin, harness_objects,
)
from chipbench.options import PluginOptions, from_env
from chipbench.sandbox import ExecResult, Limits, Sandbox, SandboxError

_FILE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\.s$")
_COUNT_LINE = ("^CHIPBENCH_COUNT {nonce} insns=(?P<insns>\\d+) escapes=\\d+ escape_pc=(?P<pc>0x[0-9a-f]+) "
               "syscalls=\\d+ syscall_num=(?P<sysno>\\d+) touched=(?P<touched>0x[0-9a-f]+) stored=(?P<stored>0x[0-9a-f]+) "
               "codedata=(?P<codedata>\\d+) end=(?P<end>\\w+)$")
PLUGIN_FILE = "insn_counter.so"


def instruction_budget(baseline: int) -> int:
    """How many counted instructions a run may take before it counts as an endless loop:
    generous for slow but honest code (gcc -O0 code needs up to about 8x the -O2 count here)."""
    return max(2_000_000, 50 * baseline)


@dataclass(frozen=True)
class IsaTask:
    """The suite's view of a task: what to build, what to run, what to compare with."""

    task: Task
    function: str
    target: Target
    file: str
    baseline: int
    max_instructions: int
    timeout_s: float

    @classmethod
    def of(cls, task: Task) -> "IsaTask":
        target = TARGETS.get(task.interface.get("target", ""))
        if target is None:
            raise ValueError(f"{task.id}: interface.target must be one of {sorted(TARGETS)}")
        function = task.interface["function"]
        (file,) = task.submit
        if not _FILE_NAME.match(file):
            raise ValueError(f"{task.id}: submitted file {file!r} must be NAME.s")
        baseline = int(task.eval["baseline_instructions"])
        return cls(task=task, function=function, target=target, file=file, baseline=baseline,
                   max_instructions=int(task.eval.get("max_instructions", instruction_budget(baseline))),
                   timeout_s=float(task.eval.get("timeout_s", 20)))

    @property
    def source(self) -> Path:
        return self.task.hidden_dir / f"{self.function}.c"

    @property
    def reference(self) -> Path:
        return self.task.hidden_dir / "reference" / self.file

    def expected_lines(self) -> list[str]:
        return (self.task.hidden_dir / "expected.txt").read_text().splitlines()


class IsaTranspileEvaluator(Evaluator):
    name = "isa-transpile"
    tools = {t.gcc: "--version" for t in TARGETS.values()} | {t.qemu: "--version" for t in TARGETS.values()}

    class Options(PluginOptions):
        host_cc: str = from_env(
            "CC", "gcc",
            "The host C compiler that builds the instruction-counting qemu plug-in and the x86-64 "
            "code whose size sets a candidate's code and data budgets.")

    def __init__(self, host_cc: str | None = None) -> None:
        self.options = self.Options(**({} if host_cc is None else {"host_cc": host_cc}))

    def settings(self) -> dict[str, object]:
        """The host compiler: its code sizes set the budgets a candidate is judged against."""
        return {"host_cc": self.options.host_cc}

    def versions(self) -> dict[str, str]:
        return {**super().versions(), self.options.host_cc: tool_version(self.options.host_cc)}

    def hostile_cases(self, task: Task) -> list[HostileCase]:
        return generic_cases(task, IsaTemplate(task))

    def hostile_not_applicable(self, task: Task) -> dict[str, str]:
        return dict(IsaTemplate.not_applicable)

    async def score(self, task: Task, files: dict[str, str], sandbox: Sandbox) -> Verdict:
        spec = IsaTask.of(task)
        try:
            plugin, objects, allowed = await asyncio.to_thread(_trusted_builds, spec, self.options.host_cc)
        except ToolchainError as exc:
            return Verdict(status=Status.HARNESS_ERROR, reason=str(exc))
        await sandbox.write_files({spec.file: files[spec.file], **objects, PLUGIN_FILE: plugin})

        # Assemble, link and run in one sandboxed command (each step only if the one before
        # succeeded); the files left behind say how far it got. The policy is judged from
        # those files afterwards: until then the plugin already stops any system call or
        # escape at run time, so running first is safe and saves two sandbox starts.
        nonce = secrets.token_hex(12)
        result = await sandbox.exec(["sh", "-c", _pipeline(spec, nonce), "sh", spec.file],
                                    Limits(wall_s=spec.timeout_s, cpu_s=int(spec.timeout_s) + 1))
        try:
            obj = await sandbox.read_file("cand.o")
        except (OSError, SandboxError):
            if failure := exec_failure(result, "assembly"):
                return failure
            return _build_error("the assembler rejected the file", result.output, spec.file)

        report = inspect_object(obj, spec.function, spec.target)
        if report.rejections:
            return _rejected("; ".join(dict.fromkeys(report.rejections)))
        if report.missing:
            return Verdict(status=Status.COMPILE_ERROR, reason=report.missing, feedback=report.missing)
        if report.footprint.code > allowed.code:
            return _rejected(_over_code_budget(report.footprint.code, allowed.code))
        if report.footprint.data > allowed.data:
            return _rejected(_over_budget(report.footprint.data, allowed.data))
        try:
            program = await sandbox.read_file("test")
        except (OSError, SandboxError):
            if failure := exec_failure(result, "linking"):
                return failure
            return _build_error("the object does not link with the test harness", result.output, "cand.o")
        if problem := layout_problem(program, spec.function, report):
            return _rejected(f"its sections moved the test program's own parts ({problem})")
        if forbidden := forbidden_instruction(program, spec.target):
            return _rejected(forbidden)
        return _judge(spec, result, nonce, report.footprint.data, allowed.data)


def _pipeline(spec: IsaTask, nonce: str) -> str:
    """The shell command that builds and runs the test program; the candidate file is `$1`."""
    t = spec.target
    plugin = (f"./{PLUGIN_FILE},lo={CANDIDATE_BASE},hi={CANDIDATE_END},ret={RETURN_SITE},"
              f"slo={STATE_BASE},shi={STATE_END},frame={FRAME_BYTES},limit={spec.max_instructions},nonce={nonce}")
    assemble = shlex.join([t.assembler, *t.as_flags, "-o", "cand.o"]) + ' "$1"'
    link = shlex.join([t.linker, "-static", *t.ld_flags, "-T", LINKER_SCRIPT, "-o", "test",
                       "crt.o", "harness.o", "driver.o", "cand.o"])
    # -seed: the guest's random bytes (AT_RANDOM, which seeds stack canaries) are fixed, so a
    # candidate that reads what it never wrote behaves the same in every run: one known-wrong
    # quicksort crashed in 3 runs of 5 and hit the instruction budget in the others before.
    run = shlex.join([t.qemu, "-cpu", t.qemu_cpu, "-seed", "1", "-d", "plugin", "-plugin", plugin, "./test"])
    return f"{assemble} && {link} && exec {run}"


def _rejected(reason: str) -> Verdict:
    return Verdict(status=Status.REJECTED, reason=reason, feedback=f"rejected: {reason}",
                   checks=[Check(name="policy", passed=False, detail=reason)])


def _trusted_builds(spec: IsaTask, cc: str) -> tuple[bytes, dict[str, bytes], Budget]:
    level = spec.task.interface.get("source_opt", "O2")
    allowed = budget(*baseline_footprints(spec.target, spec.reference, spec.source, level, cc))
    seed = spec.task.eval.get("input_seed")
    return counter_plugin(cc), harness_objects(spec.target, spec.source, None if seed is None else int(seed)), allowed


def _over_budget(data_bytes: int, budget: int) -> str:
    return (f"brings {data_bytes} bytes of constant data (its sections, and words of its own code "
            f"read as data), over its budget of {budget}: speed comes from computing the answer, "
            "not from tables of precomputed results (see docs/isa-judge.md)")


def _over_code_budget(code_bytes: int, allowed: int) -> str:
    return (f"brings {code_bytes} bytes of code, over its budget of {allowed}: speed comes from "
            "computing the answer, not from answers tabulated as instructions (see docs/isa-judge.md)")


def _build_error(what: str, output: str, own_file: str) -> Verdict:
    """Messages about the candidate's own file (assembler lines carry `file:LINE:`)."""
    lines = [ln for ln in output.splitlines() if own_file in ln or ln.startswith(("Error", "Warning"))]
    shown = "\n".join(lines) or output.strip()
    return Verdict(status=Status.COMPILE_ERROR, reason=what, feedback=f"{what}:\n{clip(shown, 3000)}",
                   logs=clip(output))


def _signal_of(returncode: int | None) -> int | None:
    """qemu-user re-raises a guest's fatal signal on itself; the sandbox reports 128+n or -n."""
    if returncode is None:
        return None
    if returncode < 0:
        return -returncode
    if 128 < returncode < 128 + 65:
        return returncode - 128
    return None


def _describe_signal(number: int) -> str:
    try:
        name = signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
    return f"{name} ({signal.strsignal(number) or 'fatal signal'})"


@dataclass
class _Cases:
    expected: list[str]
    got: list[str]
    abi: list[tuple[int, str]]
    finished: bool

    @classmethod
    def parse(cls, expected: list[str], stdout: str) -> "_Cases":
        got, abi, finished = [], [], False
        for line in stdout.splitlines():
            if line.startswith("!abi\t"):
                _, index, regs = (line.split("\t") + ["", ""])[:3]
                abi.append((int(index) if index.isdigit() else -1, regs))
            elif line.startswith("!end\t"):
                finished = line == next((e for e in expected if e.startswith("!end\t")), None)
            else:
                got.append(line)
        return cls([e for e in expected if not e.startswith("!")], got, abi, finished)

    def call(self, index: int) -> str:
        """`f(a=1, b=2)` for case `index`, as the expected output names it."""
        if 0 <= index < len(self.expected):
            return self.expected[index].split("\t")[1]
        return f"case {index}"

    def first_mismatch(self) -> int | None:
        for i, exp in enumerate(self.expected):
            if i >= len(self.got) or self.got[i] != exp:
                return i
        return None


def _judge(spec: IsaTask, run: ExecResult, nonce: str, data_bytes: int = 0, data_allowed: int | None = None) -> Verdict:
    logs = clip(run.output)
    cases = _Cases.parse(spec.expected_lines(), run.stdout)
    current = len(cases.got)  # the case running when the program stopped
    where = f"case {current}: {cases.call(current)}"
    if run.timed_out:
        reason = f"the test program ran past its {spec.timeout_s:g} s time limit"
        return Verdict(status=Status.TIMEOUT, reason=reason, logs=logs, feedback=f"{reason}, in {where}")
    if failure := exec_failure(run, "the test program"):
        return failure
    count = re.search(_COUNT_LINE.format(nonce=re.escape(nonce)), run.stderr, re.M)
    if count is None:
        sig = _signal_of(run.returncode)
        if sig is not None:
            reason = f"crashed with {_describe_signal(sig)}"
            return Verdict(status=Status.RUNTIME_ERROR, reason=reason, logs=logs,
                           feedback=f"{reason} in {where}")
        return Verdict(status=Status.HARNESS_ERROR, logs=logs,
                       reason="the emulator ended without a report from the counting plugin")

    end, insns = count["end"], int(count["insns"])
    if end == "limit":
        reason = (f"executed more than {spec.max_instructions} instructions "
                  f"(gcc -O2 needs {spec.baseline} for all cases): endless loop?")
        return Verdict(status=Status.TIMEOUT, reason=reason, logs=logs, feedback=f"{reason} Stopped in {where}")
    if end == "escape":
        reason = (f"control left the function's own code at {count['pc']} other than by returning "
                  "to its caller (calls and jumps outside the submitted file are not allowed)")
        return Verdict(status=Status.REJECTED, reason=reason, logs=logs, feedback=f"rejected: {reason}; {where}")
    if end == "syscall":
        reason = f"made a system call (number {count['sysno']}); the function may not"
        return Verdict(status=Status.REJECTED, reason=reason, logs=logs, feedback=f"rejected: {reason}; {where}")
    if end == "store":
        reason = (f"stored to {count['stored']}, outside its own stack frame and the output buffers "
                  "of this call: the function may keep no state between calls and write nothing of "
                  "its caller's")
        return Verdict(status=Status.REJECTED, reason=reason, logs=logs, feedback=f"rejected: {reason}; {where}")
    if end == "tamper":
        reason = f"read or wrote the test harness's own memory (at {count['touched']})"
        return Verdict(status=Status.REJECTED, reason=reason, logs=logs, feedback=f"rejected: {reason}; {where}")

    total = len(cases.expected)
    bad = cases.first_mismatch()
    matched = sum(1 for e, g in zip(cases.expected, cases.got) if e == g)
    checks = [Check(name="cases", passed=bad is None, detail=f"{matched}/{total} cases matched")]
    if cases.abi:
        index, regs = cases.abi[0]
        reason = f"calling convention broken: {regs} not preserved across the call"
        checks.append(Check(name="calling convention", passed=False, detail=f"{reason} (case {index})"))
        return Verdict(status=Status.FAIL, reason=reason, checks=checks, logs=logs,
                       feedback=f"{reason}, first in case {index}: {cases.call(index)} "
                                f"(callee-saved: {spec.target.callee_saved})")
    checks.append(Check(name="calling convention", passed=True, detail="callee-saved registers and sp preserved"))
    if bad is not None:
        if bad >= len(cases.got):
            reason = f"the test program stopped early, in {where}"
            return Verdict(status=Status.RUNTIME_ERROR, reason=reason, checks=checks, logs=logs, feedback=reason)
        expected_out = cases.expected[bad].split("\t")[2]
        got_fields = cases.got[bad].split("\t")
        got_out = got_fields[2] if len(got_fields) == 3 else cases.got[bad]
        reason = f"{total - matched} of {total} cases gave wrong results"
        return Verdict(status=Status.FAIL, reason=reason, checks=checks, logs=logs,
                       feedback=f"{reason}; first: case {bad}: {cases.call(bad)}\n"
                                f"  expected: {expected_out}\n  got:      {got_out}")
    if not cases.finished or run.returncode != 0:
        reason = f"the test program did not finish cleanly (exit status {run.returncode})"
        return Verdict(status=Status.RUNTIME_ERROR, reason=reason, checks=checks, logs=logs, feedback=reason)

    if data_allowed is not None and data_bytes + int(count["codedata"]) > data_allowed:
        return _rejected(_over_budget(data_bytes + int(count["codedata"]), data_allowed))
    insns = max(insns, 1)
    perf = Perf(unit="instructions", candidate=insns, baseline=spec.baseline, speedup=spec.baseline / insns,
                spread=0.0, measured_on=f"{tool_version(spec.target.qemu)} + chipbench TCG plugin; "
                                        f"{spec.target.isa}")
    return Verdict(status=Status.PASS, checks=checks, perf=perf, logs=count.group(0),
                   feedback=f"all {total} cases passed; {insns} instructions executed "
                            f"(gcc -O2: {spec.baseline}; speedup {perf.speedup:.3f}x)")
