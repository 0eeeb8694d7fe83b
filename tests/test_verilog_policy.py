"""The Verilog judge against hostile designs: rules hold on the expanded, elaborated design, and a
verdict is believed only when it matches the reference run and the simulator exited cleanly.

The folders under tests/adversarial/verilog/ are run here through the real evaluator, with
Icarus alone (the default set: a rule must not depend on a second simulator catching what the
first let through) and, in the slow set, with both simulators.
"""

import asyncio
import tomllib
from pathlib import Path

import pytest

from chipbench.core import Candidate, Status
from chipbench.evaluators.verilog import VerilogEvaluator
from chipbench.evaluators.verilog._simulators import SimOutcome, _outcome
from chipbench.sandbox import ExecResult
from chipbench.sandbox.local import LocalSandbox
from conftest import INVERTER_REF, requires_iverilog

pytestmark = requires_iverilog

CASES = sorted((Path(__file__).parent / "adversarial" / "verilog").glob("*/case.toml"))


def _load(task_id: str):
    from chipbench.runner import resolve_suites, select_tasks

    return select_tasks(resolve_suites([task_id.split("/")[0]]), [task_id])[0]


def evaluate(task, files: dict[str, str], simulators=("icarus",), evaluator=None):
    async def go():
        async with LocalSandbox(hide=[task.hidden_dir]) as sbx:
            judge = evaluator or VerilogEvaluator(simulators=list(simulators), qor=False)
            return await judge.evaluate(task, Candidate(files=files), sbx)

    return asyncio.run(go())


def run_case(case: Path, simulators):
    spec = tomllib.loads(case.read_text())
    files = {p.name: p.read_text() for p in (case.parent / "files").iterdir()}
    verdict = evaluate(_load(spec["task"]), files, simulators)
    assert verdict.status is not Status.PASS and verdict.status.value in spec["expect"], (
        f"{case.parent.name}: {verdict.status.value} ({verdict.category}): {verdict.reason}")
    if "category" in spec:
        assert verdict.category == spec["category"], verdict.reason
    return verdict


def test_there_are_at_least_twelve_hostile_verilog_cases():
    assert len(CASES) >= 12


@pytest.mark.parametrize("case", CASES, ids=[c.parent.name for c in CASES])
def test_hostile_case_gets_its_verdict_with_icarus_alone(case):
    run_case(case, ["icarus"])


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c.parent.name for c in CASES])
def test_hostile_case_gets_its_verdict_with_both_simulators(case):
    run_case(case, ["icarus", "verilator"])
