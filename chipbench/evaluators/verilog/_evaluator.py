"""The verilog evaluator: hidden self-checking testbenches on Icarus Verilog.

The verdict comes only from a result line carrying a nonce that the harness hands the
simulator at run time (see `verilog_support/chipbench_tb.vh`). Candidate code that could
read that nonce, end the simulation, touch files or reach into the testbench is rejected
before anything runs.
"""

from __future__ import annotations

import re
import secrets
from importlib.resources import files as package_files

from chipbench.core import Check, Status, Task, Verdict
from chipbench.evaluators._base import Evaluator, clip, exec_failure
from chipbench.sandbox import Limits, Sandbox

SUPPORT_INCLUDE = "chipbench_tb.vh"

FORBIDDEN_SYSTEM_TASKS = {
    "$finish", "$stop", "$exit", "$value$plusargs", "$test$plusargs", "$system",
    "$fopen", "$fclose", "$fwrite", "$fdisplay", "$fmonitor", "$fstrobe", "$fscanf",
    "$fgets", "$fgetc", "$fread", "$readmemh", "$readmemb", "$writememh", "$writememb",
    "$dumpfile", "$dumpvars", "$sformat", "$swrite",
}

_COMMENTS_AND_STRINGS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"', re.S)
_SYSTEM_TASK = re.compile(r"\$[A-Za-z_][A-Za-z0-9_$]*")
_UPWARD_REFERENCE = re.compile(r"(?<![\w$.])(tb|\$root)\s*\.")
_HARNESS_NAME = re.compile(r"\b(cb_\w+|chipbench\w*)\b")
_RESULT = "CHIPBENCH_RESULT {nonce} checks=(\\d+) errors=(\\d+)"
_MISMATCH = re.compile(r"^CHIPBENCH_MISMATCH .*$", re.M)


def policy_violations(source: str) -> list[str]:
    """Why this candidate source may not be simulated with our testbench (empty if it may)."""
    code = _COMMENTS_AND_STRINGS.sub(" ", source)
    found = []
    for task in sorted(set(_SYSTEM_TASK.findall(code)) & FORBIDDEN_SYSTEM_TASKS):
        found.append(f"uses {task}")
    if re.search(r"`\s*include\b", code):
        found.append("uses `include")
    if _UPWARD_REFERENCE.search(code):
        found.append("references the testbench hierarchy")
    if _HARNESS_NAME.search(code):
        found.append("uses names reserved for the harness (cb_*, chipbench*)")
    return found


class VerilogEvaluator(Evaluator):
    name = "verilog"
    tools = {"iverilog": "-V"}

    async def score(self, task: Task, files: dict[str, str], sandbox: Sandbox) -> Verdict:
        problems = [f"{path}: {p}" for path, src in files.items() for p in policy_violations(src)]
        if problems:
            reason = "; ".join(problems)
            return Verdict(status=Status.REJECTED, reason=reason, feedback=f"rejected: {reason}")

        testbench = (task.hidden_dir / "tb.v").read_text()
        include = (package_files("chipbench.evaluators") / "verilog_support" / SUPPORT_INCLUDE).read_text()
        await sandbox.write_files({**files, "tb.v": testbench, SUPPORT_INCLUDE: include})

        sources = [f for f in files if f.endswith((".v", ".sv"))]
        timeout = float(task.eval.get("timeout_s", 30))
        compiled = await sandbox.exec(
            ["iverilog", "-g2012", "-o", "sim.vvp", "-s", "tb", "tb.v", *sources],
            Limits(wall_s=timeout, cpu_s=int(timeout) + 1),
        )
        if failure := exec_failure(compiled, "compilation"):
            return failure
        if compiled.returncode != 0:
            messages = _lines_about(compiled.output, sources)
            return Verdict(status=Status.COMPILE_ERROR, reason="iverilog could not compile the design",
                           feedback=f"compile errors:\n{clip(messages, 3000)}", logs=clip(compiled.output))

        nonce = secrets.token_hex(12)
        sim = await sandbox.exec(
            ["vvp", "-n", "sim.vvp", f"+chipbench_nonce={nonce}"],
            Limits(wall_s=timeout, cpu_s=int(timeout) + 1),
        )
        if failure := exec_failure(sim, "simulation"):
            return failure
        return _verdict_from_simulation(sim.stdout, nonce, clip(sim.output))


def _lines_about(output: str, sources: list[str]) -> str:
    """Compiler lines that mention the candidate's own files: feedback must not leak the testbench."""
    lines = [ln for ln in output.splitlines() if any(ln.startswith(s) for s in sources)]
    return "\n".join(lines) or "the design does not compile against the testbench (check module and port names)"


def _verdict_from_simulation(stdout: str, nonce: str, logs: str) -> Verdict:
    results = re.findall(_RESULT.format(nonce=re.escape(nonce)), stdout)
    if len(results) != 1:
        return Verdict(status=Status.RUNTIME_ERROR, logs=logs,
                       reason="the simulation ended without a verdict from the testbench",
                       feedback="the simulation ended early or hung before the testbench finished")
    checks, errors = (int(x) for x in results[0])
    mismatches = _MISMATCH.findall(stdout)
    check = Check(name="testbench", passed=errors == 0 and checks > 0,
                  detail=f"{checks - errors}/{checks} checks matched")
    if check.passed:
        return Verdict(status=Status.PASS, checks=[check], logs=logs,
                       feedback=f"all {checks} checks passed")
    first = mismatches[0].removeprefix("CHIPBENCH_MISMATCH ") if mismatches else ""
    reason = f"{errors} of {checks} checks mismatched" if checks else "the testbench made no checks"
    return Verdict(status=Status.FAIL, checks=[check], logs=logs, reason=reason,
                   feedback=f"{reason}; first mismatch: {first}" if first else reason)
