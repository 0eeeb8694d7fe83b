"""Reports are views of records: pass@1 per suite, harness errors apart, speed for correct ones."""

import pytest

from chipbench.core import Candidate, Perf, RunRecord, Status, Verdict
from chipbench.leaderboards import build_report


def rec(task, sample, status, speedup=None):
    perf = Perf(unit="instructions", candidate=1, baseline=speedup, speedup=speedup) if speedup else None
    return RunRecord(run_id="r", task_id=f"s/{task}", suite="s", sample=sample, agent="a", model="m",
                     config_hash="h", task_digest="d", candidate=Candidate(),
                     verdict=Verdict(status=status, perf=perf), started_at=0, finished_at=1)


def test_pass_at_1_averages_tasks_and_leaves_harness_errors_out():
    report = build_report([rec("a", 0, Status.PASS), rec("a", 1, Status.FAIL),
                           rec("b", 0, Status.HARNESS_ERROR), rec("b", 1, Status.PASS)])
    (suite,) = report.suites.to_dict("records")
    assert suite["pass@1"] == pytest.approx((0.5 + 1.0) / 2)
    assert suite["harness_errors"] == 1 and suite["samples"] == 3


def test_speed_section_shows_geomean_and_fast_p_over_all_tasks():
    report = build_report([rec("a", 0, Status.PASS, 4.0), rec("b", 0, Status.PASS, 1.0), rec("c", 0, Status.FAIL)])
    (suite,) = report.suites.to_dict("records")
    assert suite["geomean_speedup"] == pytest.approx(2.0)
    assert suite["fast_1"] == pytest.approx(1 / 3)  # only `a` is correct and more than 1x faster
    md = report.markdown()
    assert "| s | 2.00 |" in md and "| 33.3% |" in md


def test_no_speed_section_without_timings():
    assert "## Speed" not in build_report([rec("a", 0, Status.PASS)]).markdown()


def test_compile_baseline_has_its_own_geomean_over_the_tasks_that_have_it():
    records = [rec("a", 0, Status.PASS, 4.0), rec("b", 0, Status.PASS, 1.0), rec("c", 0, Status.PASS, 2.0)]
    records[0].verdict.perf.speedups = {"eager": 4.0, "torch.compile": 2.0}
    records[1].verdict.perf.speedups = {"eager": 1.0, "torch.compile": 0.5}  # c: compile not asked or failed
    report = build_report(records)
    (suite,) = report.suites.to_dict("records")
    assert suite["geomean_speedup_compile"] == pytest.approx(1.0) and suite["tasks_compile"] == 2
    md = report.markdown()
    assert "vs torch.compile" in md and "1.00 (2/3 tasks)" in md
    assert "| s/a | 1 | 1 | 100.0% | 4.00 | 2.00 |" in md and "| s/c | 1 | 1 | 100.0% | 2.00 | – |" in md
    assert "(2/3 tasks)" not in build_report(records[2:]).markdown() and "| – |" in build_report(records[2:]).markdown()
