"""The hls-xls evaluator: a DSLX function compiled by Google XLS, proven equal to the reference
twice (XLS's IR interpreter, and the generated Verilog on Icarus), then measured: pipeline
stages at the task's clock period under XLS's delay model, latency in simulation, and area
from Yosys on the generated Verilog, each beside the reference's.

Pipeline, each step with its failure category:
`policy` (DSLX that pastes in Verilog, imports files or prints), `dslx_error` (XLS does not
accept it), `interface_mismatch` (the function's name, parameters or return type differ),
`clock_not_met` (XLS cannot schedule it at the task's clock period), `interpreter_mismatch`,
`verilog_policy`, `simulation_mismatch` / `no_verdict` / `timeout` (Icarus), then the figures.

The reference never enters the sandbox: its outputs, schedule, latency and area are computed
outside, by the same flow with the harness's own XLS. Vectors are drawn afresh for every
evaluation (a candidate cannot store the answers); agents' feedback uses a fixed public set.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version as installed_version

from chipbench.core import Candidate, Check, Status, Task, Verdict
from chipbench.evaluators._base import Evaluator, HostileCase, Requirement, clip, python_requirement, tool_version
from chipbench.evaluators.hls_xls import _hostile
from chipbench.evaluators.hls_xls._flow import VERILOG, FlowSettings, run_in_sandbox, run_trusted_async
from chipbench.evaluators.hls_xls._policy import policy_violations
from chipbench.evaluators.hls_xls._testbench import latency_of, testbench
from chipbench.evaluators.hls_xls._values import (Type, draw, draw_vector, every_input, flatten, format_value,
                                                   parse_type, parse_value)
from chipbench.evaluators.verilog._policy import policy_violations as verilog_policy_violations
from chipbench.evaluators.verilog._qor import synthesize
from chipbench.evaluators.verilog._simulators import SUPPORT_INCLUDE, SimOutcome, run_icarus, support_include
from chipbench.sandbox import Sandbox

DEFAULT_DELAY_MODEL = "asap7"
HIDDEN_VECTORS = 200
EXHAUSTIVE_BITS = 16
"""A function with at most this many input bits is checked in XLS's interpreter on every input
(65536 at 16 bits: a few seconds), beside the random draw: a wrong answer on one rare input
passes 200 random vectors almost surely. Wider inputs are tested on vectors only."""
PUBLIC_VECTORS = 32
PUBLIC_SEED = 20240601
SIM_TIMEOUT_S = 60.0


def xls_version() -> str:
    try:
        return installed_version("xls-python")
    except PackageNotFoundError:
        return "missing"


@dataclass(frozen=True)
class Interface:
    function: str
    params: list[tuple[str, Type]]
    returns: Type
    signature: dict


@dataclass(frozen=True)
class ReferenceFacts:
    interface: Interface
    stages: int
    latency: int
    area: dict[str, float]
    every_output: list[str] | None
    """The reference's output for every input, in `every_input` order, when there are at most
    EXHAUSTIVE_BITS input bits (else None): fixed, so measured once."""


def _verdict(status: Status, category: str, reason: str, feedback: str | None = None, **kw) -> Verdict:
    return Verdict(status=status, category=category, reason=reason,
                   feedback=feedback if feedback is not None else reason, **kw)


class HlsXlsEvaluator(Evaluator):
    name = "hls-xls"
    tools = {"iverilog": "-V", "yosys": "-V"}

    def __init__(self) -> None:
        self._facts: dict[str, ReferenceFacts] = {}

    # -- entry points ----------------------------------------------------------------------
    async def score(self, task: Task, files: dict[str, str], sandbox: Sandbox) -> Verdict:
        return await self._judge(task, files, sandbox, random.Random(secrets.randbits(64)),
                                 int(task.eval.get("vectors", HIDDEN_VECTORS)), public=False)

    async def feedback(self, task: Task, candidate: Candidate, sandbox: Sandbox) -> Verdict:
        """The same checks and figures on a fixed public set of vectors: an agent learns whether
        its design compiles, meets the clock, matches, and how it compares, never the hidden
        vectors."""
        missing = [f for f in task.submit if f not in candidate.files]
        if candidate.error or missing:
            return await self.evaluate(task, candidate, sandbox)
        files = {f: candidate.files[f] for f in task.submit}
        return await self._judge(task, files, sandbox, random.Random(PUBLIC_SEED), PUBLIC_VECTORS, public=True)

    def has_public_tests(self, task: Task) -> bool:
        return True

    def versions(self) -> dict[str, str]:
        return {**super().versions(), "xls-python": xls_version()}

    def requirements(self, variant: str | None = None) -> list[Requirement]:
        """iverilog and yosys (`tools`), and XLS's Python bindings (`chipbench doctor`)."""
        return [*super().requirements(variant), python_requirement("xls", "pip install 'chipbench[xls]'", dist="xls-python")]

    def hostile_cases(self, task: Task) -> list[HostileCase]:
        return _hostile.cases(task)

    def hostile_not_applicable(self, task: Task) -> dict[str, str]:
        return dict(_hostile.NOT_APPLICABLE)

    # -- the pipeline ----------------------------------------------------------------------
    def _settings(self, task: Task, signature: dict | None = None, vectors: list[list[str]] | None = None,
                  module: str = "") -> FlowSettings:
        return FlowSettings(module=module or task.submit[0].removesuffix(".x"),
                            function=task.interface["function"],
                            delay_model=task.eval.get("delay_model", DEFAULT_DELAY_MODEL),
                            clock_period_ps=int(task.eval["clock_period_ps"]),
                            module_name=task.interface["function"], signature=signature, vectors=vectors or [])

    def source_label(self, task: Task) -> str:
        s = self._settings(task)
        return f"XLS {xls_version()} (xls-python), delay model {s.delay_model}, clock period {s.clock_period_ps} ps"

    async def _judge(self, task: Task, files: dict[str, str], sandbox: Sandbox, rng: random.Random,
                     count: int, public: bool) -> Verdict:
        path = task.submit[0]
        source = files[path]
        if problems := policy_violations(source):
            return _verdict(Status.REJECTED, "policy", "; ".join(problems), f"rejected: {'; '.join(problems)}")
        facts = await self._reference_facts(task)
        iface = facts.interface
        vectors = [draw_vector([t for _, t in iface.params], rng) for _ in range(count)]
        texts = [[format_value(t, v) for (_, t), v in zip(iface.params, vec)] for vec in vectors]
        reference, _ = await run_trusted_async(self._settings(task, iface.signature, texts), task.reference[path])
        outputs = reference["outputs"]
        exhaustive = not public and facts.every_output is not None
        if exhaustive:  # a wrong answer on one input in 65536 slips past any random draw
            vectors = every_input([t for _, t in iface.params]) + vectors
            texts = [[format_value(t, v) for (_, t), v in zip(iface.params, vec)] for vec in vectors]
            outputs = facts.every_output + outputs
        expected = [parse_value(v) for v in outputs]

        await sandbox.write_files({path: source})
        run, result = await run_in_sandbox(sandbox, self._settings(task, iface.signature, texts), path)
        logs = clip(run.output)
        label = self.source_label(task)
        if run.timed_out:
            return _verdict(Status.TIMEOUT, "timeout", "the XLS flow ran past its time limit",
                            "XLS did not finish compiling this design in time (a loop unrolled too far?)", logs=logs)
        if run.output_limited:
            return _verdict(Status.RUNTIME_ERROR, "no_verdict", "the XLS flow flooded its output", logs=logs)
        if result is None:
            reason = f"the XLS flow ended without a result (exit status {run.returncode}; out of memory?)"
            return _verdict(Status.RUNTIME_ERROR, "xls_crash", reason, f"{reason}\n{clip(run.stderr, 2000)}", logs=logs)
        status = result.get("status")
        if status == "no_xls":
            return _verdict(Status.HARNESS_ERROR, "no_xls", "xls-python is not installed in the sandbox's Python: "
                            f"{result.get('detail')} (pip install 'chipbench[xls]'; the docker image has it)")
        if status == "policy":
            detail = f"the compiled design {result.get('detail', '')}"
            return _verdict(Status.REJECTED, "policy", detail, f"rejected: {detail}", logs=logs)
        if status == "signature":
            got = result.get("signature")
            detail = result.get("detail", "")
            if got:
                detail += f": expected {_describe(iface.signature)}, got {_describe(got)}"
            return _verdict(Status.COMPILE_ERROR, "interface_mismatch", detail, f"interface mismatch: {detail}", logs=logs)
        if status != "ok":
            step, detail = result.get("step", "?"), result.get("detail", "")
            if step == "schedule" and "clock period" in detail:
                reason = f"XLS cannot schedule the design at {label}"
                return _verdict(Status.FAIL, "clock_not_met", reason, f"{reason}:\n{clip(detail, 2000)}", logs=logs)
            category, what = ("dslx_error", Status.COMPILE_ERROR) if step == "convert" else ("xls_error", Status.RUNTIME_ERROR)
            return _verdict(what, category, f"XLS failed at step {step!r}",
                            f"XLS failed at step {step!r}:\n{clip(detail, 3000)}", logs=logs)

        checks = []
        got = [parse_value(v) for v in result.get("outputs", [])]
        bad = [i for i, (e, g) in enumerate(zip(expected, got)) if e != g]
        if len(got) != len(expected) or bad:
            i = bad[0] if bad else len(got)
            shown = ", ".join(f"{n}={t}" for (n, _), t in zip(iface.params, texts[i]))
            detail = (f"vector {i} ({shown}): expected {outputs[i]}, "
                      f"got {result['outputs'][i] if i < len(got) else 'nothing'}")
            reason = f"{len(bad) or 1} of {len(expected)} vectors differ from the reference in XLS's interpreter"
            checks.append(Check(name="xls-interpreter", passed=False, detail=detail))
            return _verdict(Status.FAIL, "interpreter_mismatch", reason, f"{reason}; first: {detail}",
                            checks=checks, logs=logs)
        checks.append(Check(name="xls-interpreter", passed=True,
                            detail=f"{len(expected)} vectors equal to the reference (XLS {xls_version()} IR interpreter)"))

        verilog = (await sandbox.read_file(VERILOG)).decode(errors="replace")
        if problems := verilog_policy_violations(verilog):
            return _verdict(Status.REJECTED, "verilog_policy", "the generated Verilog " + "; ".join(problems),
                            checks=checks, logs=logs)
        simulated = slice(len(vectors) - count, None)  # Icarus runs the random draw, not every input
        outcome = await self._simulate(sandbox, iface, vectors[simulated], expected[simulated])
        checks.append(Check(name="icarus", passed=outcome.passed,
                            detail=f"{outcome.checks - outcome.errors}/{outcome.checks} outputs of the generated "
                                   f"Verilog matched" if outcome.checks else outcome.kind))
        if not outcome.passed:
            return _simulation_failure(outcome, checks, logs)

        stages, latency = int(result["stages"]), latency_of(outcome.logs)
        area = await synthesize(sandbox, [VERILOG], iface.function) or {}
        qor = {"stages": float(stages), "stages_reference": float(facts.stages),
               "stages_ratio": stages / facts.stages}
        if latency is not None:
            qor.update({"latency_cycles": float(latency), "latency_cycles_reference": float(facts.latency)})
        for key, value in area.items():
            qor[key] = value
            if key in facts.area:
                qor[f"{key}_reference"] = facts.area[key]
                qor[f"{key}_ratio"] = value / facts.area[key]
        yosys = f"Yosys synth (internal gate library, {tool_version('yosys', '-V')})"
        checks.append(Check(name="schedule", passed=True,
                            detail=f"{stages} pipeline stages (reference {facts.stages}), latency {latency} cycles "
                                   f"in Icarus (reference {facts.latency}); {label}"))
        if area:
            checks.append(Check(name="area", passed=True,
                                detail=f"{area['cells']:g} cells (reference {facts.area.get('cells', 0):g}); {yosys}"))
        tried = (f"every one of the {len(expected) - count} inputs in XLS's interpreter and {count} random ones "
                 f"in Icarus" if exhaustive else
                 f"{count} {'public' if public else 'hidden'} vectors (XLS interpreter and Icarus)")
        summary = (f"correct on {tried}; {stages} stages vs {facts.stages} for the reference, latency {latency} vs "
                   f"{facts.latency} cycles ({label})")
        if area:
            summary += f"; {area['cells']:g} cells vs {facts.area.get('cells', 0):g} ({yosys})"
        else:
            summary += "; no area figure: Yosys could not synthesise the generated Verilog"
        return _verdict(Status.PASS, "", summary, checks=checks, qor=qor, logs=logs)

    async def _simulate(self, sandbox: Sandbox, iface: Interface, vectors: list[list], expected: list) -> SimOutcome:
        params = [(name, t.bits) for name, t in iface.params]
        ports = [[flatten(t, v) for (_, t), v in zip(iface.params, vec)] for vec in vectors]
        bench = testbench(iface.function, params, iface.returns.bits, ports,
                          [flatten(iface.returns, e) for e in expected])
        await sandbox.write_files({"tb.v": bench, SUPPORT_INCLUDE: support_include()})
        return await run_icarus(sandbox, [VERILOG], SIM_TIMEOUT_S)

    async def _reference_facts(self, task: Task) -> ReferenceFacts:
        """The reference's interface and figures: measured once per task version, outside any
        sandbox (it is our code), with the same flow, testbench and synthesis as a candidate.
        No lock (the evaluator must stay picklable for Ray): concurrent first evaluations of
        one task may both measure it, with the same result."""
        if task.digest not in self._facts:
            self._facts[task.digest] = await self._measure_reference(task)
        return self._facts[task.digest]

    async def _measure_reference(self, task: Task) -> ReferenceFacts:
        from chipbench.sandbox.local import LocalSandbox

        path = task.submit[0]
        result, _ = await run_trusted_async(self._settings(task), task.reference[path])
        sig = result["signature"]
        iface = Interface(function=task.interface["function"],
                          params=[(name, parse_type(t)) for name, t in sig["params"]],
                          returns=parse_type(sig["returns"]), signature=sig)
        rng = random.Random(PUBLIC_SEED)
        vectors = [[draw(t, rng) for _, t in iface.params] for _ in range(8)]
        texts = [[format_value(t, v) for (_, t), v in zip(iface.params, vec)] for vec in vectors]
        result, verilog = await run_trusted_async(self._settings(task, sig, texts), task.reference[path])
        expected = [parse_value(v) for v in result["outputs"]]
        async with LocalSandbox() as trusted:
            await trusted.write_files({VERILOG: verilog})
            outcome = await self._simulate(trusted, iface, vectors, expected)
            area = await synthesize(trusted, [VERILOG], iface.function)
        latency = latency_of(outcome.logs)
        if not outcome.passed or latency is None:
            raise RuntimeError(f"{task.id}: the reference's generated Verilog fails its own vectors in Icarus "
                               f"({outcome.kind}): {outcome.logs[-1500:]}")
        every_output = None
        if sum(t.bits for _, t in iface.params) <= EXHAUSTIVE_BITS:
            every = [[format_value(t, v) for (_, t), v in zip(iface.params, vec)]
                     for vec in every_input([t for _, t in iface.params])]
            every_result, _ = await run_trusted_async(self._settings(task, sig, every), task.reference[path])
            every_output = every_result["outputs"]
        return ReferenceFacts(interface=iface, stages=int(result["stages"]), latency=latency, area=area or {},
                              every_output=every_output)


def _describe(signature: dict) -> str:
    params = ", ".join(f"{name}: {t}" for name, t in signature.get("params", []))
    return f"({params}) -> {signature.get('returns')}"


def _simulation_failure(outcome: SimOutcome, checks: list[Check], logs: str) -> Verdict:
    logs = clip(f"{logs}\n--- icarus ---\n{outcome.logs}")
    if outcome.kind == "build_error":
        return _verdict(Status.COMPILE_ERROR, "elaboration_error", "the generated Verilog does not build in Icarus",
                        checks=checks, logs=logs)
    if outcome.kind == "timeout":
        return _verdict(Status.TIMEOUT, "timeout", "the simulation did not finish in time", checks=checks, logs=logs)
    if outcome.kind in ("no_verdict", "flood"):
        return _verdict(Status.RUNTIME_ERROR, "no_verdict", "the simulation ended without the testbench's verdict",
                        checks=checks, logs=logs)
    reason = f"{outcome.errors} of {outcome.checks} outputs of the generated Verilog differ from the reference (Icarus)"
    feedback = f"{reason}; first: {outcome.first_mismatch}" if outcome.first_mismatch else reason
    return _verdict(Status.FAIL, "simulation_mismatch", reason, feedback, checks=checks, logs=logs)
