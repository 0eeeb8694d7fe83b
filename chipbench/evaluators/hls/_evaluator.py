"""The hls evaluator: answer -> design point -> functional check in C simulation -> QoR.

1. The answer names a design point: `design.toml` (design-space tasks) or a kernel with
   pragmas added (pragma-insertion tasks; any other change is `rejected`, see `_design`).
   Every value must be legal for its placeholder.
2. Functional check: g++ compiles the design's C source together with the untouched kernel
   and the task's hidden testbench, in the sandbox, and both run on the same seeded random
   inputs (pragmas are ignored by g++). Outputs must be identical.
3. QoR, each figure with its source: an installed HLS tool's measurement where a QoR backend
   is selected (option `qor_backend`, default $CHIPBENCH_HLS_QOR), else the HLSyn measurement of that point, else (not
   measured) a surrogate's prediction, kept under separate `predicted_*` keys and never in
   `perf`. A measured invalid point (over 80% of a resource, or failed synthesis) fails.
"""

from __future__ import annotations

import secrets
import shlex
from dataclasses import dataclass

from chipbench.core import Candidate, Check, Perf, QueryTool, Status, Task, Verdict
from chipbench.evaluators._base import Evaluator, HostileCase, Proof, clip, exec_failure
from chipbench.evaluators.hls._data import RESOURCES, UTIL_LIMIT, Space, Value, point_key, space
from chipbench.evaluators.hls._design import (
    DESIGN_FILE, KERNEL_FILE, DesignError, Placement, instantiate, point_from_source, point_from_toml, render_toml,
)
from chipbench.evaluators.hls._hostile import hostile_cases
from chipbench.evaluators.hls._qor import BACKEND_ENV, QorBackend, ToolQoR, selected_backend
from chipbench.evaluators.hls._surrogate import surrogate
from chipbench.options import PluginOptions, from_env
from chipbench.sandbox import Limits, Sandbox

_QOR_FAILURES = ("invalid_point", "not_measured", "no_latency", "synthesis_failed")
"""Failures that come from QoR, not from the design's legality or function: public feedback
must not reveal them (that would tell an agent which points are valid for free)."""
CXX = "g++"
CXX_FLAGS = ["-O0", "-w", "-std=gnu++14", "-ffp-contract=off"]


@dataclass(frozen=True)
class HlsTask:
    """The suite's view of a task."""

    task: Task
    kind: str
    space: Space
    original: str
    queries: int
    measured_only: bool
    timeout_s: float

    @classmethod
    def of(cls, task: Task) -> "HlsTask":
        if task.kind not in ("design-space", "pragma-insertion"):
            raise ValueError(f"{task.id}: kind must be design-space or pragma-insertion, not {task.kind!r}")
        sp = space(task.interface["version"], task.interface["kernel"])
        return cls(task=task, kind=task.kind, space=sp,
                   original=(task.hidden_dir / "original.c").read_text(),
                   queries=int(task.eval.get("queries", 0)),
                   measured_only=bool(task.eval.get("measured_only", False)),
                   timeout_s=float(task.eval.get("timeout_s", 60)))

    def point(self, files: dict[str, str]) -> dict[str, Value]:
        """The design point the answer names; raises DesignError."""
        if self.kind == "design-space":
            return point_from_toml(files[DESIGN_FILE], self.space)
        given = self.task.workspace[KERNEL_FILE]
        return point_from_source(files[KERNEL_FILE], given, Placement.of(self.original), self.space)

    def design_source(self, files: dict[str, str], point: dict[str, Value]) -> str:
        if self.kind == "design-space":
            return instantiate(self.original, point)
        return files[KERNEL_FILE]


class HlsEvaluator(Evaluator):
    name = "hls"
    tools = {CXX: "--version"}

    class Options(PluginOptions):
        qor_backend: str = from_env(
            BACKEND_ENV, "data",
            "Where QoR figures come from: `data` (the HLSyn measurements) or an installed tool's "
            "backend (entry-point group chipbench.hls_qor_backends, e.g. vitis-hls, bambu).")

    def __init__(self, backend: QorBackend | None = None, qor_backend: str | None = None) -> None:
        """`backend`: a backend object (tests); else the one option `qor_backend` names."""
        self.options = self.Options(**({} if qor_backend is None else {"qor_backend": qor_backend}))
        self.backend = backend if backend is not None else selected_backend(self.options.qor_backend)
        self._tool_baselines: dict[tuple[str, str], ToolQoR] = {}
        """The all-default point as the backend measured it, per task: a tool's speedup is
        relative to the same tool's baseline, never to the data's."""

    def settings(self) -> dict[str, object]:
        return {"qor_backend": self.backend.name if self.backend else "data",
                "cxx_flags": " ".join(CXX_FLAGS)}

    def versions(self) -> dict[str, str]:
        found = super().versions()
        if self.backend:
            found[f"hls backend {self.backend.name}"] = self.backend.version()
        return found

    def has_public_tests(self, task: Task) -> bool:
        return True  # `feedback` checks legality and C simulation, never shows QoR

    def hostile_cases(self, task: Task) -> list[HostileCase]:
        return hostile_cases(task)

    async def score(self, task: Task, files: dict[str, str], sandbox: Sandbox) -> Verdict:
        spec = HlsTask.of(task)
        checks: list[Check] = []
        try:
            point = spec.point(files)
        except DesignError as exc:
            return _design_failure(exc)
        checks.append(Check(name="design point", passed=True, detail="every value legal"))
        source = spec.design_source(files, point)
        sim = await simulate(spec, source, sandbox)
        if sim.status is not Status.PASS:
            return sim.model_copy(update={"checks": checks + sim.checks})
        checks += sim.checks
        if self.backend is not None:
            qor = await self.backend.measure(source, spec, sandbox)
            key = (task.id, "default")
            if key not in self._tool_baselines:
                default = instantiate(spec.original, spec.space.default_point())
                self._tool_baselines[key] = await self.backend.measure(default, spec, sandbox)
            return _tool_verdict(qor, self._tool_baselines[key], checks, self.backend)
        return _data_verdict(spec, point, checks)

    async def feedback(self, task, candidate, sandbox) -> Verdict:
        """Legality and C simulation only: QoR would leak measured points beyond the budget."""
        verdict = await self.evaluate(task, candidate, sandbox)
        if verdict.status is Status.HARNESS_ERROR:
            return verdict
        if verdict.status is Status.PASS or verdict.category in _QOR_FAILURES:
            note = ("the design point is legal and the kernel computes the same outputs as the original "
                    "in C simulation. QoR is not shown here")
            spec = HlsTask.of(task)
            if spec.queries:
                note += f"; ask the `query_design` tool (up to {spec.queries} distinct points)"
            return Verdict(status=Status.PASS, feedback=note + ".")
        return verdict.model_copy(update={"perf": None, "qor": {}, "logs": ""})

    def proofs(self, task: Task) -> list[Proof]:
        """What `tasks check` proves for every hls task (each a claim that must hold)."""
        spec = HlsTask.of(task)
        sp = spec.space
        best_point, best = sp.best()  # type: ignore[misc]
        default = sp.default_point()

        async def best_scores_100(box: Sandbox) -> Verdict:
            v = await self.evaluate(task, Candidate(files=answer_files(spec, best_point)), box)
            return _claim(v.correct and v.qor.get("pct_of_best") == 100.0,
                          f"best known point ({best.perf} cycles): {v.status.value}, "
                          f"{v.qor.get('pct_of_best')}% of best", v)

        async def default_measured(box: Sandbox) -> Verdict:
            v = await self.evaluate(task, Candidate(files=answer_files(spec, default)), box)
            want = sp.lookup(default).perf  # type: ignore[union-attr]
            return _claim(v.correct and v.perf is not None and v.perf.candidate == want
                          and v.perf.measured_on == sp.source_label,
                          f"all-default point: {v.status.value}, latency {v.qor.get('latency_cycles')} "
                          f"(measured {want}) [{v.perf.measured_on if v.perf else 'no figure'}]", v)

        async def mutant_killed(box: Sandbox) -> Verdict:
            mutant = (task.hidden_dir / "mutant.c").read_text()
            v = await simulate(spec, mutant, box)
            return _claim(v.status is Status.FAIL and v.category == "simulation_mismatch",
                          f"mutant ({task.eval.get('mutant', '?')}): {v.status.value} {v.reason}", v)

        async def edit_rejected(box: Sandbox) -> Verdict:
            files = _non_pragma_edit(spec, task)
            v = await self.evaluate(task, Candidate(files=files), box)
            want = Status.REJECTED if spec.kind == "pragma-insertion" else Status.FAIL
            return _claim(v.status is want, f"non-pragma edit: {v.status.value} ({v.reason})", v)

        proofs = [Proof("best known point scores 100% of best", True, best_scores_100),
                  Proof("all-default point passes with its measured latency", True, default_measured),
                  Proof("non-pragma edit is rejected", True, edit_rejected),
                  Proof("testbench kills a mutant of the kernel", True, mutant_killed)]
        invalid = invalid_example(sp)
        if invalid is not None:
            async def invalid_fails(box: Sandbox) -> Verdict:
                v = await self.evaluate(task, Candidate(files=answer_files(spec, invalid)), box)
                return _claim(v.status is Status.FAIL and v.category == "invalid_point",
                              f"invalid point: {v.status.value} ({v.reason})", v)

            proofs.append(Proof("an invalid (over-budget or failed) point fails", True, invalid_fails))
        return proofs

    def query_tools(self, task: Task) -> list[QueryTool]:
        spec = HlsTask.of(task)
        if not spec.queries:
            return []
        return [DesignQuery(spec).tool()]


def answer_files(spec: HlsTask, point: dict[str, Value]) -> dict[str, str]:
    """The answer a task of this kind expects for `point`."""
    if spec.kind == "design-space":
        return {DESIGN_FILE: render_toml(point)}
    return {KERNEL_FILE: instantiate(spec.original, point)}


def invalid_example(sp: Space) -> dict[str, Value] | None:
    """An over-resource point where the data has one, else a failed-synthesis point."""
    over = [p for p, m in sp.rows if not m.valid and m.util is not None]
    failed = [p for p, m in sp.rows if not m.valid]
    return (over or failed)[0] if (over or failed) else None


def _non_pragma_edit(spec: HlsTask, task: Task) -> dict[str, str]:
    if spec.kind == "design-space":
        point = {n: v for n, v in spec.space.default_point().items()}
        first = next(iter(point))
        text = render_toml(point).replace(f"{first} = ", f"{first} = \"off\\n  x = 0;\" # ", 1)
        return {DESIGN_FILE: text}
    return {KERNEL_FILE: (task.hidden_dir / "mutant.c").read_text()}


def _claim(holds: bool, detail: str, verdict: Verdict) -> Verdict:
    return Verdict(status=Status.PASS if holds else Status.FAIL, reason=detail,
                   checks=verdict.checks, logs=verdict.logs)


async def simulate(spec: HlsTask, source: str, sandbox: Sandbox, seed: int | None = None) -> Verdict:
    """Compile `source` with the untouched kernel and the hidden testbench, run both on the
    same seeded inputs; PASS when every output matches."""
    seed = secrets.randbelow(1 << 31) if seed is None else seed
    nonce = secrets.token_hex(12)
    await sandbox.write_files({"original.c": spec.original, "candidate.c": source,
                               "tb.cpp": (spec.task.hidden_dir / "tb.cpp").read_text()})
    build = shlex.join([CXX, *CXX_FLAGS, "-o", "tb", "tb.cpp"])
    result = await sandbox.exec(["sh", "-c", f"{build} && exec ./tb {nonce} {seed}"],
                                Limits(wall_s=spec.timeout_s, cpu_s=int(spec.timeout_s) + 1, memory_mb=2048))
    if failure := exec_failure(result, "the C simulation"):
        return failure
    verdict_lines = [ln.split(maxsplit=2)[2] for ln in result.stdout.splitlines()
                     if ln.startswith(f"CHIPBENCH_CSIM {nonce} ")]
    if verdict_lines and (result.returncode != 0 or len(verdict_lines) > 1):
        # The testbench prints one verdict line and exits 0: anything else means code other than
        # the testbench printed a line, or the run crashed after one; neither is a result.
        return Verdict(status=Status.RUNTIME_ERROR, feedback="the C simulation crashed or ended without a result",
                       reason=f"the C simulation printed {len(verdict_lines)} verdict line(s) and exited "
                              f"{result.returncode}", logs=clip(result.output))
    if not verdict_lines:
        if "tb.cpp" in result.stderr or "candidate.c" in result.stderr:
            return Verdict(status=Status.COMPILE_ERROR, reason="the design does not compile",
                           feedback=f"g++ rejected the design:\n{clip(result.stderr, 3000)}", logs=clip(result.output))
        return Verdict(status=Status.RUNTIME_ERROR, reason=f"the C simulation ended without a verdict (exit {result.returncode})",
                       feedback="the C simulation crashed or ended without a result", logs=clip(result.output))
    check = Check(name="C simulation", passed=verdict_lines[0] == "ok",
                  detail=f"g++ {' '.join(CXX_FLAGS)}, seed {seed}: {verdict_lines[0]}")
    if not check.passed:
        what = verdict_lines[0].replace("mismatch ", "")
        return Verdict(status=Status.FAIL, category="simulation_mismatch", checks=[check],
                       reason=f"outputs differ from the original kernel in C simulation ({what})",
                       feedback=f"the design computes different outputs from the original kernel ({what})",
                       logs=clip(result.output))
    return Verdict(status=Status.PASS, checks=[check])


def _design_failure(exc: DesignError) -> Verdict:
    status = Status.REJECTED if exc.category in ("non_pragma_edit", "misplaced_pragma", "parse") else Status.FAIL
    return Verdict(status=status, category=exc.category, reason=str(exc), feedback=str(exc),
                   checks=[Check(name="design point", passed=False, detail=str(exc))])


def _baseline(sp: Space) -> int:
    measured = sp.lookup(sp.default_point())
    if measured is None or not measured.valid or not measured.perf:
        raise ValueError(f"HLSyn {sp.version} {sp.kernel}: the all-default point has no valid measured latency")
    return measured.perf


def _best(sp: Space) -> int:
    best = sp.best()
    if best is None:
        raise ValueError(f"HLSyn {sp.version} {sp.kernel}: no valid measured point")
    return best[1].perf  # type: ignore[return-value]


def _data_verdict(spec: HlsTask, point: dict[str, Value], checks: list[Check]) -> Verdict:
    sp = spec.space
    measured = sp.lookup(point)
    if measured is None:
        return _predicted_verdict(spec, point, checks)
    source = sp.source_label
    if reason := measured.invalid_reason():
        checks.append(Check(name="QoR", passed=False, detail=f"{reason} [{source}]"))
        return Verdict(status=Status.FAIL, category="invalid_point", reason=f"invalid design point: {reason} [{source}]",
                       feedback=f"invalid design point: {reason}", checks=checks,
                       qor=_resources(measured.util) if measured.util else {})
    if not measured.perf:
        checks.append(Check(name="QoR", passed=False, detail=f"no latency reported [{source}]"))
        return Verdict(status=Status.FAIL, category="no_latency", checks=checks,
                       reason=f"the HLS report of this point gives no latency [{source}]")
    return _measured_pass(spec, measured.perf, measured.util or {}, source, checks)


def _measured_pass(spec: HlsTask, latency: int, util: dict[str, float], source: str, checks: list[Check]) -> Verdict:
    baseline, best = _baseline(spec.space), _best(spec.space)
    pct = 100.0 * best / latency
    speedup = baseline / latency
    checks.append(Check(name="QoR", passed=True,
                        detail=f"latency {latency} cycles, {speedup:.2f}x the all-default point, "
                               f"{pct:.1f}% of best known [{source}]"))
    qor = {"latency_cycles": float(latency), "default_latency_cycles": float(baseline),
           "best_known_cycles": float(best), "pct_of_best": round(pct, 4), **_resources(util)}
    return Verdict(status=Status.PASS, checks=checks, qor=qor,
                   reason=f"{pct:.1f}% of best known, {speedup:.2f}x over all-default [{source}]",
                   perf=Perf(unit="cycles", candidate=float(latency), baseline=float(baseline),
                             speedup=speedup, measured_on=source))


def _resources(util: dict[str, float]) -> dict[str, float]:
    return {f"util_{r}": float(util[r]) for r in RESOURCES if r in util}


def _predicted_verdict(spec: HlsTask, point: dict[str, Value], checks: list[Check]) -> Verdict:
    sp = spec.space
    if spec.measured_only:
        reason = "this design point was never measured, and this run scores measured points only"
        return Verdict(status=Status.FAIL, category="not_measured", reason=reason, feedback=reason, checks=checks)
    model = surrogate(sp.version, sp.kernel)
    if model is None:
        reason = "this design point was never measured and the kernel has too few measured points for a surrogate"
        checks.append(Check(name="QoR", passed=True, detail="no figure: not measured, no surrogate"))
        return Verdict(status=Status.PASS, category="predicted", reason=reason, checks=checks)
    latency = model.predict(point)
    baseline, best = _baseline(sp), _best(sp)
    detail = (f"not measured; latency {latency:.0f} cycles, {baseline / latency:.2f}x the all-default point, "
              f"{100 * best / latency:.1f}% of best known [{model.label}]")
    checks.append(Check(name="QoR", passed=True, detail=detail))
    return Verdict(status=Status.PASS, category="predicted", checks=checks, reason=detail,
                   qor={"predicted_latency_cycles": round(latency, 1), "predicted_speedup": round(baseline / latency, 4),
                        "predicted_pct_of_best": round(100 * best / latency, 4),
                        "surrogate_cv_error": round(model.quality.cv_error, 4),
                        "default_latency_cycles": float(baseline), "best_known_cycles": float(best)})


def _tool_verdict(qor: ToolQoR, baseline: ToolQoR, checks: list[Check], backend: QorBackend) -> Verdict:
    """A verdict on an installed tool's figures: speedup over the all-default point measured
    by the same tool; no `% of best known`, since the best known figures are the data's."""
    source = f"measured ({backend.name} {backend.version()})"
    if qor.error:
        return Verdict(status=Status.FAIL, category="synthesis_failed", checks=checks,
                       reason=f"synthesis failed: {qor.error} [{source}]", feedback=f"synthesis failed: {qor.error}")
    over = [f"{r} {u:.0%}" for r, u in qor.util.items() if u > UTIL_LIMIT]
    if over:
        return Verdict(status=Status.FAIL, category="invalid_point", checks=checks, qor=_resources(qor.util),
                       reason=f"invalid design point: over the resource limit (80% of the device): "
                              f"{', '.join(over)} [{source}]")
    if baseline.error or not baseline.latency:
        return Verdict(status=Status.HARNESS_ERROR, checks=checks,
                       reason=f"the all-default point did not synthesise with {backend.name}: {baseline.error}")
    speedup = baseline.latency / qor.latency
    checks.append(Check(name="QoR", passed=True, detail=f"latency {qor.latency} cycles, {speedup:.2f}x the "
                                                           f"all-default point [{source}]"))
    return Verdict(status=Status.PASS, checks=checks, reason=f"{speedup:.2f}x over all-default [{source}]",
                   qor={"latency_cycles": float(qor.latency), "default_latency_cycles": float(baseline.latency),
                        **_resources(qor.util)},
                   perf=Perf(unit="cycles", candidate=float(qor.latency), baseline=float(baseline.latency),
                             speedup=speedup, measured_on=source))


class DesignQuery:
    """The budget-K query tool of one sample: the measured outcome of the design in the
    workspace's `design.toml`, for at most K distinct points (asking again for a point already
    answered is free; a malformed design costs nothing). Unmeasured points are answered with
    the surrogate's prediction, labelled so, and count like any other point."""

    def __init__(self, spec: HlsTask) -> None:
        self.spec = spec
        self.answered: dict[tuple, str] = {}

    def tool(self) -> QueryTool:
        return QueryTool(
            name="query_design",
            description=(f"Measure the design point in your workspace's {DESIGN_FILE}: its latency, "
                         f"resources and validity. At most {self.spec.queries} distinct points per task; "
                         "asking again for a point already answered is free."),
            run=self.run)

    async def run(self, files: dict[str, str]) -> str:
        if DESIGN_FILE not in files:
            return f"no {DESIGN_FILE} in your workspace: write one first"
        try:
            point = point_from_toml(files[DESIGN_FILE], self.spec.space)
        except DesignError as exc:
            return f"not a legal design point (no query used): {exc}"
        key = point_key(point)
        if key in self.answered:
            return self.answered[key] + " (asked before; no query used)"
        left = self.spec.queries - len(self.answered)
        if left <= 0:
            return f"query budget used up: all {self.spec.queries} queries answered"
        verdict = _data_verdict(self.spec, point, [])
        figures = verdict.reason or verdict.status.value
        if verdict.status is Status.PASS and verdict.category != "predicted":
            figures = f"valid; {verdict.checks[-1].detail}"
        answer = f"{figures} (query {len(self.answered) + 1} of {self.spec.queries})"
        self.answered[key] = answer
        return answer


