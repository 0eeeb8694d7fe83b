"""Verilog verdicts that are right where simulators differ, and cheap where nothing changed:
don't-care outputs on a two-state simulator, tasks whose own testbench cannot build, the
verdict cache, per-stage timings and QoR only when asked for."""

import asyncio
import json
import shutil
import textwrap

import pytest

from chipbench.core import Candidate, Status
from chipbench.evaluators.verilog import VerilogEvaluator
from chipbench.evaluators.verilog._simulators import (
    VERILATOR_SEED, build_verilator, four_state_masks, run_verilator, support_include,
)
from chipbench.paths import private_cache_dir
from chipbench.registry import suites
from chipbench.runner import evaluate_in_sandbox, hidden_roots
from chipbench.sandbox.local import LocalSandbox
from chipbench.tasks import load_task
from conftest import INVERTER_REF, chipbench_cmd, requires_iverilog, write_task

pytestmark = requires_iverilog
requires_verilator = pytest.mark.skipif(shutil.which("verilator") is None, reason="verilator not installed")
BOTH = ["icarus", "verilator"]
DONT_CARE_TASKS = ["bcd_excess3_dc", "first_set_bit_dc"]


def suite_task(name: str):
    (task,) = suites.get("verilog").load([name])
    return task


def judge(task, files: dict[str, str], simulators=BOTH, qor: bool = False):
    async def go():
        async with LocalSandbox(hide=[task.hidden_dir]) as sbx:
            return await VerilogEvaluator(simulators=simulators, qor=qor).evaluate(task, Candidate(files=files), sbx)

    return asyncio.run(go())


# -- don't-care outputs ----------------------------------------------------------------------

@requires_verilator
def test_a_design_using_a_dont_care_passes_on_both_simulators():
    task = suite_task("first_set_bit_dc")
    (right,) = task.right_candidates().values()
    v = judge(task, right)
    assert v.status is Status.PASS, v.reason
    assert [c.name for c in v.checks] == ["icarus", "verilator"] and all(c.passed for c in v.checks)


@requires_verilator
def test_without_the_first_run_verilator_fails_that_same_design():
    """The control: the two runs' expected values are what make Verilator agree; one run with
    every `x` made 0 and no trace of another compares every bit (this design's `pos` for a zero
    word is not 0)."""
    task = suite_task("first_set_bit_dc")
    (right,) = task.right_candidates().values()

    async def go():
        async with LocalSandbox(hide=[task.hidden_dir]) as sbx:
            await sbx.write_files({**right, "tb.v": (task.hidden_dir / "tb.v").read_text(),
                                   "chipbench_tb.vh": support_include()})
            assert (await build_verilator(sbx, list(right), 60)).ok
            run = await sbx.exec(["./obj_dir/Vtb", "+chipbench_nonce=n", VERILATOR_SEED, "+verilator+rand+reset+0"])
            assert (await run_verilator(sbx, list(right), 60)).passed  # both runs: it passes
            return run.stdout

    assert "checks=280 errors=9" in asyncio.run(go())  # the nine zero words


@pytest.mark.slow  # about 35 s of Verilator builds; a CI-time cut
@requires_verilator
def test_verilator_alone_finds_the_dont_care_points():
    """No four-state run needed: a Verilator-only judge passes the right design, fails the wrong."""
    task = suite_task("bcd_excess3_dc")
    for files in task.right_candidates().values():
        v = judge(task, files, simulators=["verilator"])
        assert v.status is Status.PASS, v.reason
    for label, files in task.wrong_candidates().items():  # x_on_nine: its `x` is 1s in the judged run
        v = judge(task, files, simulators=["verilator"])
        assert v.status is Status.FAIL and v.category == "simulation_mismatch", (label, v.reason)


@requires_verilator
def test_verilator_runs_that_check_different_things_give_no_verdict():
    """The two runs line up check by check; a check sequence that follows an `x` (here a
    register never written) would pair unrelated values, so it is no verdict."""
    tb = ('module tb;\n`include "chipbench_tb.vh"\n  reg never_written;\n  wire y;\n  inv dut(.a(1\'b0), .y(y));\n'
          '  initial begin #1; if (never_written) cb_check("y", y, 1); cb_check("y", y, 1); cb_done; end\nendmodule\n')

    async def go():
        async with LocalSandbox(hide=[]) as sbx:
            await sbx.write_files({"inv.v": INVERTER_REF, "tb.v": tb, "chipbench_tb.vh": support_include()})
            return await run_verilator(sbx, ["inv.v"], 60)

    outcome = asyncio.run(go())
    assert outcome.kind == "no_verdict" and "performed 1 and 2 checks" in outcome.logs, outcome.logs


def test_four_state_masks_are_used_only_as_far_as_the_traces_line_up():
    """Icarus's `x` bits mask Verilator's values one for one, until the first value whose
    known bits differ (the simulators' `$random` draws part there): past it, no mask."""
    four = "\n".join(["0x", "1z", "00", "x1", "11"]) + "\n"
    two = "\n".join(["0 0", "0 3", "0 0", "0 1", "0 2"]) + "\n"  # "got expected", hex
    assert four_state_masks(four, two) == [0b01, 0b01, 0b00, 0b10]  # 3 (11) vs 2 (10): parted
    assert four_state_masks("1x\n", "0 0\n") == []  # the known bit differs on the first value
    assert four_state_masks(four, "") == [] and four_state_masks("", two) == []
    assert four_state_masks("0q\n", "0 0\n") == [] and four_state_masks("0x\n", "0 zz\n") == []


@pytest.mark.parametrize("name", DONT_CARE_TASKS)
def test_a_design_wrong_on_a_cared_for_point_fails(name):
    task = suite_task(name)
    for label, files in task.wrong_candidates().items():
        v = judge(task, files, simulators=["icarus"])
        assert v.status is Status.FAIL and v.category == "simulation_mismatch", (label, v.reason)


def test_a_design_driving_x_on_a_cared_for_bit_fails():
    task = suite_task("bcd_excess3_dc")
    v = judge(task, task.wrong_candidates()["x_on_nine"], simulators=["icarus"])
    assert v.status is Status.FAIL and "expected=c got=x" in v.feedback


@pytest.mark.slow
@requires_verilator
@pytest.mark.parametrize("name", DONT_CARE_TASKS)
def test_dont_care_tasks_on_both_simulators(name):
    task = suite_task(name)
    for files in [task.reference, *task.right_candidates().values()]:
        assert judge(task, files).status is Status.PASS
    for files in task.wrong_candidates().values():
        assert not judge(task, files).correct


def test_tasks_check_runs_the_known_right_candidates():
    out = chipbench_cmd("tasks", "check", "--suite", "verilog", "--task", "bcd_excess3_dc",
                        "--task", "first_set_bit_dc", env={"CHIPBENCH_VERILOG_SIMULATORS": "icarus"})
    assert out.returncode == 0 and ", 0 problems" in out.stdout, out.stdout
    from chipbench.task_check import cases_of

    names = [c.name for t in DONT_CARE_TASKS for c in cases_of(suite_task(t), VerilogEvaluator())]
    assert "right/add_three" in names and "right/scan_down" in names


# -- unscorable tasks ------------------------------------------------------------------------

MIXED_REF = textwrap.dedent("""\
    module inv(input [3:0] a, output [3:0] y);
      reg [3:0] r;
      always @(a) begin r = 4'h0; r <= ~a; end
      assign y = r;
    endmodule
    """)
"""Blocking and non-blocking writes to one variable: Icarus runs it, Verilator refuses it."""


@pytest.fixture
def unbuildable_task(task_root):
    folder = write_task(task_root, files={"hidden/reference/inv.v": MIXED_REF})
    return load_task(folder, "verilog")


@requires_verilator
def test_a_task_whose_reference_verilator_refuses_is_unscorable_not_the_candidates_fault(unbuildable_task):
    v = judge(unbuildable_task, {"inv.v": MIXED_REF})
    assert v.status is Status.HARNESS_ERROR and v.category == "unscorable_task"
    assert "verilator" in v.reason and "BLKANDNBLK" in v.reason  # the tool's own message
    assert "not at fault" in v.feedback
    # a candidate that builds everywhere cannot be scored there either: the reference run that
    # counts the testbench's checks fails on Verilator; on Icarus alone it is judged as usual
    other = judge(unbuildable_task, {"inv.v": INVERTER_REF})
    assert other.status is Status.HARNESS_ERROR and other.category == "unscorable_task"
    assert judge(unbuildable_task, {"inv.v": INVERTER_REF}, simulators=["icarus"]).status is Status.PASS


@requires_verilator
def test_tasks_check_and_a_run_report_the_unbuildable_task(unbuildable_task, task_root, tmp_path, monkeypatch):
    from chipbench.leaderboards import load_records
    from chipbench.runner import RunConfig, run
    from chipbench.task_check import check_tasks
    from chipbench.tasks import Suite

    monkeypatch.setenv("CHIPBENCH_VERILOG_SIMULATORS", "icarus,verilator")
    suites.register("unbuildable")(Suite(name="unbuildable", root=task_root, evaluator="verilog", version="1"))
    try:
        task = suites.get("unbuildable").load()[0]
        checked = asyncio.run(check_tasks([task], {"unbuildable": VerilogEvaluator(qor=False)}, "local", [task_root]))
        reference = next(r for r in checked if r.case == "reference")
        assert not reference.ok and reference.verdict.category == "unscorable_task"
        assert "BLKANDNBLK" in reference.verdict.reason
        asyncio.run(run(RunConfig(suites=["unbuildable"], run_dir=tmp_path / "run", verdict_cache=False)))
        (record,) = load_records(tmp_path / "run")
        assert record.verdict.status is Status.HARNESS_ERROR and record.verdict.category == "unscorable_task"
    finally:
        suites._items.pop("unbuildable", None)


def test_a_candidate_that_does_not_build_on_a_sound_task_is_still_its_own_fault(inverter_task):
    broken = "module inv(input [3:0] a, output [3:0] y);\n  assign y = ~{<<{a}};\nendmodule\n"  # Icarus: sorry
    v = judge(inverter_task, {"inv.v": broken}, simulators=["icarus"])
    assert v.status is Status.COMPILE_ERROR and v.category == "elaboration_error"


# -- the verdict cache, timings, QoR ---------------------------------------------------------

def evaluate(task, files, evaluator, cache=True, public=False):
    return asyncio.run(evaluate_in_sandbox(evaluator, task, Candidate(files=files), "local",
                                           [task.hidden_dir], public=public, cache=cache))


def test_an_identical_candidate_gets_its_stored_verdict(inverter_task, tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_PRIVATE_CACHE", str(tmp_path / "private"))
    evaluator = VerilogEvaluator(simulators=["icarus"], qor=False)
    first = evaluate(inverter_task, {"inv.v": INVERTER_REF}, evaluator)
    again = evaluate(inverter_task, {"inv.v": INVERTER_REF}, evaluator)
    assert first.correct and not first.cached
    assert again.correct and again.cached and again.reason == first.reason
    assert list(again.timings) == ["cache_lookup"]
    # anything that can change the verdict is a miss: files, settings, public checks, the task
    assert not evaluate(inverter_task, {"inv.v": INVERTER_REF + "\n"}, evaluator).cached
    assert not evaluate(inverter_task, {"inv.v": INVERTER_REF}, VerilogEvaluator(simulators=["icarus"], qor=True)).cached
    assert not evaluate(inverter_task, {"inv.v": INVERTER_REF}, evaluator, public=True).cached
    changed = inverter_task.model_copy(update={"digest": "another-version"})
    assert not evaluate(changed, {"inv.v": INVERTER_REF}, evaluator).cached
    assert not evaluate(inverter_task, {"inv.v": INVERTER_REF}, evaluator, cache=False).cached


def test_timeouts_are_not_stored(inverter_task, tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_PRIVATE_CACHE", str(tmp_path / "private"))
    hang = "module inv(input [3:0] a, output reg [3:0] y);\n  always @* begin while (1) y = ~a; end\nendmodule\n"
    task = inverter_task.model_copy(update={"eval": {"timeout_s": 2}})
    evaluator = VerilogEvaluator(simulators=["icarus"], qor=False)
    assert evaluate(task, {"inv.v": hang}, evaluator).status is Status.TIMEOUT
    assert not evaluate(task, {"inv.v": hang}, evaluator).cached


def test_the_verdict_cache_is_masked_in_every_sandbox(inverter_task, tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_PRIVATE_CACHE", str(tmp_path / "private"))
    evaluate(inverter_task, {"inv.v": INVERTER_REF}, VerilogEvaluator(simulators=["icarus"], qor=False))
    stored = list((private_cache_dir() / "verdicts").rglob("*.json"))
    assert len(stored) == 1 and json.loads(stored[0].read_text())["status"] == "pass"
    assert private_cache_dir() in hidden_roots([])

    async def look():
        async with LocalSandbox(hide=hidden_roots([])) as sbx:
            return await sbx.exec(["cat", str(stored[0])])

    seen = asyncio.run(look())
    assert not seen.ok and "No such file" in seen.output


def test_each_stage_is_timed(inverter_task, tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_PRIVATE_CACHE", str(tmp_path / "private"))
    v = evaluate(inverter_task, {"inv.v": INVERTER_REF}, VerilogEvaluator(simulators=["icarus"], qor=True))
    for stage in ("sandbox", "policy", "slang", "icarus.build", "icarus.run", "yosys", "harness"):
        assert v.timings[stage] >= 0, stage
    assert v.timings["icarus.build"] > 0 and v.qor["cells"] > 0


def test_qor_can_be_skipped_and_never_runs_for_a_wrong_design(inverter_task, monkeypatch):
    assert judge(inverter_task, {"inv.v": INVERTER_REF}, simulators=["icarus"], qor=False).qor == {}
    wrong = judge(inverter_task, inverter_task.wrong_candidates()["passthrough"], simulators=["icarus"], qor=True)
    assert not wrong.correct and wrong.qor == {} and "yosys" not in wrong.timings
    monkeypatch.setenv("CHIPBENCH_VERILOG_QOR", "0")
    assert VerilogEvaluator().settings()["qor"] is False
