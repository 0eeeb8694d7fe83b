"""Oracle checks through `--sandbox docker` give exactly the verdicts `local` gives: a few
representative tasks per suite here (reference passes, every known-wrong candidate fails;
for cuda-kernels the reference only, since each C++ build costs tens of seconds on a CI
machine), the whole suites in the `slow` sweep at the end."""

from __future__ import annotations

import asyncio

import pytest

from chipbench.core import Candidate
from chipbench.registry import evaluators
from chipbench.runner import evaluate_in_sandbox, hidden_roots, resolve_suites, select_tasks
from chipbench.task_check import check_tasks
from docker_support import docker_skip_reason

pytestmark = pytest.mark.docker

REPRESENTATIVE = {
    "verilog": ["alu8", "alu8_bug1", "barrel_shifter"],
    "isa-transpile": ["bignum_add-O2-riscv64", "bignum_add-O0-aarch64"],
    "cuda-kernels": ["argmax_rows"],
    "cuda-kernels:triton": ["elu"],
    "hls": ["gemm-p-v20-insert", "md-v18"],
}
TOOLCHAIN = {"verilog": "verilog", "isa-transpile": "isa-transpile", "cuda-kernels": "cuda-kernels",
             "cuda-kernels:triton": "cuda-kernels", "hls": "hls"}


REFERENCE_ONLY = {"cuda-kernels"}


async def _references(tasks, evaluator_of, sandbox, hide):
    from chipbench.task_check import CaseResult

    async def one(task):
        verdict = await evaluate_in_sandbox(evaluator_of[task.suite], task, Candidate(files=task.reference),
                                            sandbox, hide)
        return CaseResult(task.id, "reference", True, verdict)
    return await asyncio.gather(*(one(t) for t in tasks))


def _check(suite: str, task_ids: list[str] | None, sandbox: str) -> dict[tuple[str, str], tuple[str, bool]]:
    suite_list = resolve_suites([suite])
    tasks = select_tasks(suite_list, [f"{suite_list[0].name}/{t}" for t in task_ids] if task_ids else [])
    evaluator_of = {s.name: evaluators.get(s.evaluator)() for s in suite_list}
    if task_ids and suite in REFERENCE_ONLY:
        results = asyncio.run(_references(tasks, evaluator_of, sandbox, hidden_roots(suite_list)))
    else:
        results = asyncio.run(check_tasks(tasks, evaluator_of, sandbox, hidden_roots(suite_list), jobs=2))
    bad = [(r.task_id, r.case, r.verdict.status.value, r.verdict.reason) for r in results if not r.ok]
    assert not bad, f"{sandbox}: {bad}"
    return {(r.task_id, r.case): (r.verdict.status.value, r.verdict.correct) for r in results}


def _same_on_both(suite: str, task_ids: list[str] | None) -> None:
    if reason := docker_skip_reason(TOOLCHAIN[suite]):
        pytest.skip(reason)
    if suite.startswith("cuda-kernels"):
        pytest.importorskip("torch", reason="the cuda-kernels suite needs torch")
    in_docker = _check(suite, task_ids, "docker")
    locally = _check(suite, task_ids, "local")
    assert in_docker == locally


# The kernel suites' cases build a torch extension twice (in the image and here): minutes on a
# cold cache, so they are in the slow set; the default set compares the other suites.
@pytest.mark.parametrize("suite", [pytest.param(s, marks=pytest.mark.slow) if s.startswith("cuda-kernels") else s
                                   for s in sorted(REPRESENTATIVE)])
def test_representative_tasks_give_the_same_verdicts_in_docker_and_locally(suite):
    _same_on_both(suite, REPRESENTATIVE[suite])


@pytest.mark.slow
@pytest.mark.timeout(7200)  # a whole suite, checked twice (about 20-45 min per suite here)
@pytest.mark.parametrize("suite", sorted(REPRESENTATIVE))
def test_whole_suite_gives_the_same_verdicts_in_docker_and_locally(suite):
    _same_on_both(suite, None)
