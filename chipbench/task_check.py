"""`chipbench tasks check`: proof that each task can tell right from wrong.

For every task: the reference must pass, also the public tests an agent sees where the task
has them (a public test the reference fails would mislead every agent); every known-right
candidate (`hidden/right/`, e.g. one that uses a don't-care differently) must pass; every
known-wrong candidate must fail; every known-poorer candidate (`hidden/worse/`: correct, but slower or
larger) must pass with a figure worse than the reference's, so the scoring can tell them apart;
a bug-repair task's unmodified workspace must fail (else there is nothing to repair); every
proof its evaluator gives (`Evaluator.proofs`, e.g. a testbench killing a mutant) must hold.
A harness error is never accepted as a failure: it proves nothing about the tests.

It also runs each suite's generic hostile battery (`Evaluator.hostile_cases`: fork bomb, memory
bomb, output flood, ...) on one task of the suite, so a suite cannot land weaker than the
others: a suite that leaves a generic attack without a case and without a stated reason, or
ships fewer than `MIN_CASES` cases (fewer only where fewer attacks apply), is a problem, as is
any case that gets a status outside what it may get.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from chipbench.core import Candidate, Status, Task, Verdict, read_tree
from chipbench.evaluators import Evaluator, HostileCase, Proof, clip
from chipbench.evaluators.hostile import ATTACKS, MIN_CASES
from chipbench.runner import evaluate_in_sandbox, make_sandbox


UNPROVEN = ("no_gpu", "no_reference")


@dataclass
class CaseResult:
    task_id: str
    case: str
    expect_pass: bool
    verdict: Verdict
    expect: frozenset[Status] | None = None
    """The statuses a hostile case may get (None: only pass/fail matters)."""
    expect_worse: bool = False

    @property
    def ok(self) -> bool:
        if self.verdict.status is Status.HARNESS_ERROR:
            return False
        if self.expect is not None:
            return self.verdict.status in self.expect and not self.verdict.correct
        if self.expect_worse and not worse_than_reference(self.verdict):
            return False
        return self.verdict.correct == self.expect_pass

    @property
    def unproven(self) -> bool:
        """Built, but this machine cannot run it (a CUDA kernel without a GPU), or nothing to
        run (no reference solution: an external problem): neither a problem nor a proof. A
        case that does not build is judged as usual."""
        return self.verdict.category in UNPROVEN


def worse_than_reference(verdict: Verdict) -> bool:
    """Whether a correct verdict scores below the reference on some figure: a speedup below 1,
    or a QoR ratio (candidate / reference, e.g. `stages_ratio`, `cells_ratio`) above 1."""
    if verdict.perf is not None and verdict.perf.speedup < 1:
        return True
    return any(key.endswith("_ratio") and value > 1 for key, value in verdict.qor.items())


@dataclass(frozen=True)
class Case:
    name: str
    files: dict[str, str]
    expect_pass: bool
    public: bool = False
    """Scored with the public checks only (`Evaluator.feedback`), as an agent would see it."""
    worse: bool = False
    """A correct but poorer candidate: it must pass with a worse figure than the reference."""
    proof: Proof | None = None
    """Not a candidate: the evaluator's own claim, run in a fresh sandbox."""
    expect: frozenset[Status] | None = None
    """The statuses a hostile case may get."""


def cases_of(task: Task, evaluator: Evaluator) -> list[Case]:
    cases = []
    if task.has_reference:
        cases.append(Case("reference", task.reference, True))
        if evaluator.has_public_tests(task):
            cases.append(Case("reference (public tests)", task.reference, True, public=True))
    cases += [Case(f"right/{name}", files, True) for name, files in task.right_candidates().items()]
    cases += [Case(f"wrong/{name}", files, False) for name, files in task.wrong_candidates().items()]
    cases += [Case(f"worse/{name}", files, True, worse=True) for name, files in task.worse_candidates().items()]
    if task.kind == "bug-repair":
        cases.append(Case("workspace", {f: task.workspace.get(f, "") for f in task.submit}, False))
    cases += [Case(f"proof/{p.name}", {}, p.expect_pass, proof=p) for p in evaluator.proofs(task)]
    return cases


HOSTILE_LEVELS = ("off", "quick", "all")
"""`quick`: the generic hostile cases that end without waiting for a wall-clock limit; `all`:
also those that do (an endless loop waits for the task's time limit)."""


def hostile_cases_of(tasks: list[Task], evaluator_of: dict[str, Evaluator],
                     level: str = "quick") -> tuple[list[tuple[Task, Case]], list[CaseResult]]:
    """The generic hostile cases to run (on each suite's first task, by id), and a problem
    for each suite that ships too few of them."""
    if level not in HOSTILE_LEVELS:
        raise ValueError(f"hostile level {level!r} is not one of {HOSTILE_LEVELS}")
    if level == "off":
        return [], []
    first: dict[str, Task] = {}
    for task in sorted(tasks, key=lambda t: t.id):
        first.setdefault(task.suite, task)
    cases: list[tuple[Task, Case]] = []
    gaps: list[CaseResult] = []
    for suite, task in first.items():
        evaluator = evaluator_of[suite]
        hostile: list[HostileCase] = evaluator.hostile_cases(task)
        waived = evaluator.hostile_not_applicable(task)
        missing = [a.name for a in ATTACKS if a.name not in waived and all(h.attack != a.name for h in hostile)]
        needed = min(MIN_CASES, len(ATTACKS) - len(waived))
        if missing or len(hostile) < needed:
            reason = (f"suite {suite} ships {len(hostile)} generic hostile cases (Evaluator.hostile_cases), "
                      f"at least {needed} needed" + (f"; none for {', '.join(missing)} and no reason given "
                                                     "(Evaluator.hostile_not_applicable)" if missing else ""))
            gaps.append(CaseResult(task.id, "hostile/*", False, Verdict(status=Status.HARNESS_ERROR, reason=reason)))
        cases += [(task, Case(f"hostile/{h.name}", h.files, False, expect=h.expect))
                  for h in hostile if level == "all" or not h.slow]
    return cases, gaps


async def _prove(evaluator: Evaluator, proof: Proof, sandbox: str, hide: list[Path]) -> Verdict:
    try:
        async with make_sandbox(sandbox, hide, evaluator.name) as box:
            return await proof.run(box)
    except Exception as exc:  # noqa: BLE001 - a broken proof is reported, never a crash
        return Verdict(status=Status.HARNESS_ERROR, reason=f"proof failed to run: {exc}",
                       logs=clip(traceback.format_exc()))


async def check_tasks(
    tasks: list[Task], evaluator_of: dict[str, Evaluator], sandbox: str, hide: list[Path],
    jobs: int = 2, on_result: Callable[[CaseResult], None] | None = None, hostile: str = "off",
    on_planned: Callable[[int], None] | None = None,
) -> list[CaseResult]:
    """`hostile`: which generic hostile cases to run as well (see HOSTILE_LEVELS).
    `on_planned`: called once with the number of cases to run, before any runs (a progress
    bar's total): the cases, hostile ones and proofs included, are built once, here, since
    building some (a suite's hostile battery, an evaluator's proofs) is work of its own."""
    limiter = asyncio.Semaphore(jobs)
    results: list[CaseResult] = []
    hostile_cases, gaps = hostile_cases_of(tasks, evaluator_of, hostile)
    results += gaps

    async def one(task: Task, case: Case) -> None:
        async with limiter:
            if case.proof is not None:
                verdict = await _prove(evaluator_of[task.suite], case.proof, sandbox, hide)
            else:
                verdict = await evaluate_in_sandbox(evaluator_of[task.suite], task, Candidate(files=case.files),
                                                    sandbox, hide, public=case.public, cache=False)
        result = CaseResult(task.id, case.name, case.expect_pass, verdict, expect=case.expect,
                            expect_worse=case.worse)
        results.append(result)
        if on_result:
            on_result(result)

    for task in tasks:
        if not task.has_reference:
            results.append(CaseResult(task.id, "reference", True, Verdict(
                status=Status.FAIL, category="no_reference",
                reason="no reference solution (an external problem): that a kernel can pass is not proven; "
                       "its known-wrong candidates and the evaluator's proofs are what is checked")))
        if not task.wrong_candidates():
            missing = Verdict(status=Status.HARNESS_ERROR, reason="task has no hidden/wrong/ candidate")
            results.append(CaseResult(task.id, "wrong/*", False, missing))
    planned = [(t, c) for t in tasks for c in cases_of(t, evaluator_of[t.suite])] + hostile_cases
    if on_planned:
        on_planned(len(planned))
    await asyncio.gather(*(one(t, c) for t, c in planned))
    return sorted(results, key=lambda r: (r.task_id, r.case))


@dataclass
class MutantResult:
    task_id: str
    name: str
    description: str
    verdict: Verdict
    equivalent: bool | None = None

    @property
    def outcome(self) -> str:
        return mutant_outcome(self.verdict, self.equivalent)


def mutant_outcome(verdict: Verdict, equivalent: bool | None = None) -> str:
    """What a mutant's verdict says of the tests: killed, stillborn (does not build: says
    nothing of the tests), equivalent, survived, or harness_error. Killed is every failing
    verdict of a mutant that builds, as the evaluator fails a candidate: a mismatch, and also a
    run that never finishes (timeout) or ends without the tests' verdict. The mutation score
    and the bug-task generator (chipbench.tasks.generators.verilog) both read mutants so."""
    if verdict.status is Status.HARNESS_ERROR:
        return "harness_error"
    if verdict.status in (Status.COMPILE_ERROR, Status.REJECTED):
        return "stillborn"
    if not verdict.correct:
        return "killed"
    return "equivalent" if equivalent else "survived"


def mutation_score(results: list[MutantResult]) -> float:
    """Killed share of the mutants that build and are not provably equivalent."""
    counted = [r for r in results if r.outcome in ("killed", "survived")]
    return sum(r.outcome == "killed" for r in counted) / len(counted) if counted else float("nan")


async def mutation_report(
    tasks: list[Task], evaluator_of: dict[str, Evaluator], sandbox: str, hide: list[Path],
    jobs: int = 2, on_result: Callable[[MutantResult], None] | None = None,
) -> list[MutantResult]:
    """Run every mutant of every task through its evaluator; survivors get an equivalence check."""
    limiter = asyncio.Semaphore(jobs)
    results: list[MutantResult] = []

    async def one(task: Task, case) -> None:
        evaluator = evaluator_of[task.suite]
        async with limiter:
            verdict = await evaluate_in_sandbox(evaluator, task, Candidate(files=case.files), sandbox, hide,
                                                cache=False)
            result = MutantResult(task.id, case.name, case.description, verdict)
            if verdict.correct and case.provable:
                result.equivalent = await asyncio.to_thread(evaluator.equivalent, task, case.files)
        results.append(result)
        if on_result:
            on_result(result)

    await asyncio.gather(*(one(t, c) for t in distinct_tests(tasks) for c in evaluator_of[t.suite].mutants(t)))
    return sorted(results, key=lambda r: (r.task_id, r.name))


def distinct_tests(tasks: list[Task]) -> list[Task]:
    """One task per distinct (reference, hidden tests) pair: bug-repair tasks generated from a
    design share its reference and testbench, and their mutants would be scored again."""
    seen: set[str] = set()
    kept = []
    for task in tasks:
        hidden = {p: t for p, t in read_tree(task.hidden_dir).items() if not p.startswith(("wrong/", "right/", "worse/"))}
        key = hashlib.sha256(json.dumps(hidden, sort_keys=True).encode()).hexdigest()
        if key not in seen:
            seen.add(key)
            kept.append(task)
    return kept
