"""The verilog evaluator: policy, syntax, interface, two simulators, then synthesis.

Each stage fails with its own category (the failure taxonomy reported in every verdict):
`policy`, `syntax_error`, `interface_mismatch`, `elaboration_error`, `timeout`,
`no_verdict`, `simulation_mismatch`, `simulator_disagreement`. The verdict comes only from a
result line carrying a nonce the harness hands the simulator at run time (see
`support/chipbench_tb.vh`), from a simulator that exited cleanly, reporting the number of
checks the reference run established (`_reference_run`). The policy is judged on slang's
expanded and elaborated design (`_policy`, docs/verilog-judge.md). A candidate passes
only if Icarus and Verilator both say so; Verilator runs when Icarus passes, the only case
in which it can change the verdict.

The reference never enters the candidate's sandbox: its ports and its synthesis figures are
computed outside, once per task version, and its simulation runs in a sandbox of its own.

A task no candidate can pass is the task's fault, not the candidate's: the reference's own run
on each simulator (once per task, simulator and sandbox environment, `_reference_run`) says
whether the testbench builds there and how many checks it performs; when it does not build,
or the reference does not pass its own testbench, the verdict is a harness error of category
`unscorable_task` carrying the tool's message, which scores count apart from the model's
failures.

Don't-care points (`x` expected) are found by each simulator itself: by Icarus as the `x`
bits, by Verilator as the bits that change when every `x` is made 0, then 1, and those the
Icarus run found `x` where its trace lines up with Verilator's (`_simulators`). Each stage's
wall time goes into `verdict.timings`; Yosys runs only for
a correct candidate, after the verdict is settled, with its figures cached by content
(option `qor=false`, `-E qor=false` on a run, skips it).
"""

from __future__ import annotations

import asyncio
import shutil
import time

from pydantic import ValidationError, field_validator

from chipbench.evaluators.hostile import generic_cases
from chipbench.evaluators.verilog._hostile import VerilogTemplate
from chipbench.core import Candidate, Check, Status, Task, Verdict
from chipbench.evaluators._base import Evaluator, HostileCase, MutantCase, Requirement, clip, python_requirement
from chipbench.evaluators.verilog._equivalence import equivalent
from chipbench.evaluators.verilog._interface import Parsed, Port, interface_problems
from chipbench.evaluators.verilog._policy import policy_violations, slang_report
from chipbench.evaluators.verilog._reference_run import ReferenceRuns, private_names
from chipbench.evaluators.verilog.mutation import mutants
from chipbench.evaluators.verilog._qor import synthesize_cached, synthesize_trusted
from chipbench.evaluators.verilog._simulators import (
    SIMULATOR_TOOLS, SUPPORT_INCLUDE, SimOutcome, four_state_trace, run_icarus, run_verilator, support_include,
    verilator_runtime,
)
from chipbench.options import CommaList, PluginOptions, from_env
from chipbench.sandbox import Sandbox

PUBLIC_TESTBENCH = "tb_public.v"
SIMULATORS = {"icarus": run_icarus, "verilator": run_verilator}


def _verdict(status: Status, category: str, reason: str, feedback: str | None = None, **kw) -> Verdict:
    return Verdict(status=status, category=category, reason=reason,
                   feedback=feedback if feedback is not None else reason, **kw)


class VerilogEvaluator(Evaluator):
    name = "verilog"
    tools = {**dict(SIMULATOR_TOOLS.values()), "yosys": "-V"}

    def requirements(self, variant: str | None = None) -> list[Requirement]:
        """The simulators and synthesis of `tools`, and slang (pyslang), which reads interfaces."""
        return [*super().requirements(variant), python_requirement("pyslang", "pip install chipbench")]

    class Options(PluginOptions):
        simulators: CommaList = from_env(
            "CHIPBENCH_VERILOG_SIMULATORS", "icarus,verilator",
            "Simulators a candidate must pass on, all of them (icarus, verilator).")
        qor: bool = from_env(
            "CHIPBENCH_VERILOG_QOR", "1",
            "Yosys figures for correct candidates (never change a verdict, only cost time).")

        @field_validator("simulators")
        @classmethod
        def _known(cls, names: list[str]) -> list[str]:
            unknown = [n for n in names if n not in SIMULATORS]
            if unknown or not names:
                raise ValueError(f"unknown simulator(s) {unknown}; choose from {sorted(SIMULATORS)}")
            return names

    def __init__(self, simulators: list[str] | str | None = None, qor: bool | None = None) -> None:
        """Options left out take their defaults (see `Options`: an environment variable,
        else Icarus and Verilator with QoR)."""
        given: dict[str, object] = {k: v for k, v in {"simulators": simulators, "qor": qor}.items() if v is not None}
        try:
            self.options = self.Options.model_validate(given)
        except ValidationError as exc:
            raise ValueError(str(exc)) from None
        self.simulators = list(self.options.simulators)
        self.qor = self.options.qor
        self._reference: dict[str, tuple[list[Port], dict[str, float] | None]] = {}
        self._reference_runs = ReferenceRuns()

    # -- entry points ----------------------------------------------------------------------
    def hostile_cases(self, task: Task) -> list[HostileCase]:
        return generic_cases(task, VerilogTemplate(task))

    def hostile_not_applicable(self, task: Task) -> dict[str, str]:
        return dict(VerilogTemplate.not_applicable)

    async def score(self, task: Task, files: dict[str, str], sandbox: Sandbox) -> Verdict:
        testbench = private_names((task.hidden_dir / "tb.v").read_text(), task.eval.get("private_modules", []))
        return await self._judge(task, files, sandbox, testbench, self.simulators, with_qor=self.qor)

    async def feedback(self, task: Task, candidate: Candidate, sandbox: Sandbox) -> Verdict:
        """What an agent may learn before submitting: the public testbench's result (Icarus only).
        Without a public testbench, only syntax and interface are checked."""
        files = {f: candidate.files.get(f, "") for f in task.submit}
        public = task.workspace.get(PUBLIC_TESTBENCH)
        return await self._judge(task, files, sandbox, public, ["icarus"], with_qor=False)

    def settings(self) -> dict[str, object]:
        return {"simulators": list(self.simulators), "qor": self.qor}

    def has_public_tests(self, task: Task) -> bool:
        return PUBLIC_TESTBENCH in task.workspace

    def mutants(self, task: Task) -> list[MutantCase]:
        cases = []
        for path in task.submit:
            for i, m in enumerate(mutants(task.reference[path])):
                cases.append(MutantCase(name=f"{path}:{m.line}:{m.operator}:{i}", description=m.description,
                                        files={**task.reference, path: m.source},
                                        provable=m.provable))
        return cases

    def equivalent(self, task: Task, files: dict[str, str]) -> bool | None:
        return equivalent(task.reference, files, task.interface.get("top", ""), task.interface.get("ports"))

    # -- the pipeline ----------------------------------------------------------------------
    async def _judge(self, task: Task, files: dict[str, str], sandbox: Sandbox, testbench: str | None,
                     simulators: list[str], with_qor: bool) -> Verdict:
        timings: dict[str, float] = {}
        clock = time.perf_counter()

        def lap(stage: str) -> None:
            nonlocal clock
            now = time.perf_counter()
            timings[stage] = timings.get(stage, 0.0) + now - clock
            clock = now

        verdict = await self._stages(task, files, sandbox, testbench, simulators, with_qor, timings, lap)
        verdict.timings = {**timings, **verdict.timings}
        return verdict

    async def _stages(self, task: Task, files: dict[str, str], sandbox: Sandbox, testbench: str | None,
                      simulators: list[str], with_qor: bool, timings: dict[str, float], lap) -> Verdict:
        problems = [f"{path}: {p}" for path, src in files.items() for p in policy_violations(src)]
        lap("policy")
        if problems:
            return _rejected(problems)

        sources = [f for f in files if f.endswith((".v", ".sv"))]
        top = task.interface.get("top", "")
        expected_ports, reference_qor = await self._reference_facts(task)
        lap("reference")
        await sandbox.write_files(files)
        if testbench is not None:
            await sandbox.write_files({"tb.v": testbench, SUPPORT_INCLUDE: support_include()})
        # One slang process: the parse, then the policy on the design elaborated with the
        # testbench; its answers are taken in this order (syntax, interface, policy, errors).
        report = await slang_report(sandbox, sources, ["tb.v"] if testbench is not None else [])
        lap("slang")
        parsed = report.parsed
        if isinstance(parsed, str):
            return _verdict(Status.COMPILE_ERROR, "syntax_error", "the design could not be parsed",
                            f"the parser stopped on this design:\n{clip(parsed, 2000)}")
        if parsed.errors:
            return _verdict(Status.COMPILE_ERROR, "syntax_error", f"{len(parsed.errors)} syntax error(s)",
                            "syntax errors:\n" + "\n".join(parsed.errors[:20]))
        if mismatch := interface_problems(top, parsed.modules, expected_ports):
            return _verdict(Status.COMPILE_ERROR, "interface_mismatch", "; ".join(mismatch),
                            "interface mismatch:\n" + "\n".join(mismatch))
        if report.violations:
            return _rejected(report.violations)
        if report.errors:
            return _verdict(Status.COMPILE_ERROR, "elaboration_error", f"{len(report.errors)} elaboration error(s) (slang)",
                            "the design does not elaborate:\n" + "\n".join(report.errors[:20]))
        if testbench is None:
            return _verdict(Status.PASS, "", "syntax and interface are fine (no public testbench to run)")

        timeout = float(task.eval.get("timeout_s", 30))
        outcomes: list[SimOutcome] = []
        icarus_trace: str | None = None  # a passing Icarus run's, for Verilator's don't-care bits
        for name in simulators:
            if name == "verilator":
                await verilator_runtime(sandbox)  # built once per environment, timed apart
                lap("verilator.runtime")
                outcome = await run_verilator(sandbox, sources, timeout, icarus_trace)
            else:
                outcome = await SIMULATORS[name](sandbox, sources, timeout)
                if outcome.passed and "verilator" in simulators:
                    icarus_trace = await four_state_trace(sandbox)
            lap(f"{name}.harness")  # then split: what the tool's commands took, and the rest
            timings[f"{name}.harness"] -= outcome.build_s + outcome.run_s
            timings[f"{name}.build"] = outcome.build_s
            timings[f"{name}.run"] = outcome.run_s
            if outcome.kind in ("build_error", "pass", "mismatch"):  # what the reference does there decides
                reference = await self._reference_runs.outcome(task, testbench, name, SIMULATORS[name], sandbox, timeout)
                lap(f"{name}.reference")
                if not reference.builds:
                    return _unscorable(name, reference.message, "does not build with the reference")
                if outcome.kind != "build_error":  # a verdict line: believed if the count matches
                    if reference.kind != "pass":
                        return _unscorable(name, reference.message or reference.kind, "does not pass with the reference")
                    outcome = outcome.expecting(reference.checks)
            outcomes.append(outcome)
            if not outcomes[-1].passed:
                break
        verdict = _combine(outcomes, sources)
        if verdict.correct and with_qor:
            verdict.qor = await self._qor(sandbox, files, sources, top, reference_qor)
            lap("yosys")
        return verdict

    async def _reference_facts(self, task: Task) -> tuple[list[Port], dict[str, float] | None]:
        if task.digest not in self._reference:
            self._reference[task.digest] = await asyncio.to_thread(_analyse_reference, task, self.qor)
        return self._reference[task.digest]

    async def _qor(self, sandbox: Sandbox, files: dict[str, str], sources: list[str], top: str,
                   reference: dict[str, float] | None) -> dict[str, float]:
        mine = await synthesize_cached(sandbox, {f: files[f] for f in sources}, top)
        if not mine:
            return {}
        qor = dict(mine)
        if reference:
            qor.update({f"{k}_reference": v for k, v in reference.items()})
            if reference.get("cells"):
                qor["cells_ratio"] = mine["cells"] / reference["cells"]
        return qor


def _unscorable(simulator: str, message: str, what: str) -> Verdict:
    """No candidate can pass: the task's own testbench fails with its reference."""
    first = next((ln for ln in message.splitlines() if "rror" in ln), message.strip()[:300])
    reason = f"unscorable task: its testbench {what} on {simulator}: {first}"
    return Verdict(status=Status.HARNESS_ERROR, category="unscorable_task", reason=reason,
                   feedback=f"this task cannot be scored on {simulator} (its own testbench {what}); "
                            "your design is not at fault",
                   logs=clip(message))


def _rejected(problems: list[str]) -> Verdict:
    return _verdict(Status.REJECTED, "policy", "; ".join(problems), f"rejected: {'; '.join(problems)}")


def _combine(outcomes: list[SimOutcome], sources: list[str]) -> Verdict:
    checks = [Check(name=o.simulator, passed=o.passed,
                    detail=f"{o.checks - o.errors}/{o.checks} checks matched" if o.checks else o.kind)
              for o in outcomes]
    logs = "\n".join(f"--- {o.simulator} ---\n{o.logs}" for o in outcomes)
    last = outcomes[-1]
    if last.passed:
        return _verdict(Status.PASS, "", f"all {last.checks} checks passed on {', '.join(o.simulator for o in outcomes)}",
                        checks=checks, logs=logs)
    disagreement = len(outcomes) > 1  # an earlier simulator passed this candidate
    where = f" ({last.simulator})"
    details: dict[str, object] = {}
    if last.kind == "build_error":
        lines = [ln for ln in last.build_output.splitlines() if any(s in ln for s in sources)]
        detail = "\n".join(lines[:20]) or "the design does not elaborate with the testbench (check module and port names)"
        status, category, reason = Status.COMPILE_ERROR, "elaboration_error", f"the design does not build{where}"
        feedback = f"{reason}:\n{detail}"
    elif last.kind == "timeout":
        status, category, reason = Status.TIMEOUT, "timeout", f"the simulation did not finish in time{where}"
        feedback = reason
    elif last.kind in ("no_verdict", "flood"):
        status, category = Status.RUNTIME_ERROR, "no_verdict"
        reason = f"the simulation ended without the testbench's verdict{where}"
        feedback = "the simulation ended early, hung or printed too much before the testbench finished"
    else:
        status, category = Status.FAIL, "simulation_mismatch"
        reason = f"{last.errors} of {last.checks} checks mismatched{where}"
        feedback = f"{reason}; first mismatch: {last.first_mismatch}" if last.first_mismatch else reason
        details = {"checks": last.checks, "errors": last.errors,
                   **({"first_mismatch": last.mismatch_fields()} if last.first_mismatch else {})}
    if disagreement:
        category = "simulator_disagreement"
        reason = f"{outcomes[0].simulator} passes but {last.simulator} does not: {reason}"
        feedback = f"simulators disagree: {outcomes[0].simulator} passes, {last.simulator} reports: {feedback}"
    return _verdict(status, category, reason, feedback, checks=checks, logs=logs, details=details)


def _analyse_reference(task: Task, with_qor: bool) -> tuple[list[Port], dict[str, float] | None]:
    """Ports and synthesis figures of the (trusted) reference, computed outside any sandbox."""
    from chipbench.evaluators.verilog.support.ports import parse

    reference = {f: t for f, t in task.reference.items() if f.endswith((".v", ".sv"))}
    parsed = Parsed.model_validate(parse(reference))
    top = task.interface.get("top", "")
    if parsed.errors or top not in parsed.modules:
        raise RuntimeError(f"{task.id}: the reference does not parse or lacks module {top!r}: {parsed.errors}")
    qor = synthesize_trusted(reference, top) if with_qor and shutil.which("yosys") else None
    return parsed.modules[top], qor
