"""Reports are views of records: every task in every denominator, harness errors counted as
not solved and shown apart, speed summarised so that one task cannot carry it."""

import pytest

from chipbench.core import Candidate, Perf, RunRecord, Status, TaskInfo, Verdict
from chipbench.leaderboards import build_report


def rec(task, sample, status, speedup=None, info=None, suite="s"):
    perf = Perf(unit="instructions", candidate=1, baseline=speedup, speedup=speedup) if speedup else None
    return RunRecord(run_id="r", task_id=f"{suite}/{task}", suite=suite, sample=sample, agent="a", model="m",
                     config_hash="h", task_digest="d", candidate=Candidate(),
                     verdict=Verdict(status=status, perf=perf), started_at=0, finished_at=1, task_info=info)


def suite_row(report):
    (row,) = report.suites.to_dict("records")
    return row


def test_a_harness_error_counts_as_not_solved_and_is_shown_apart():
    report = build_report([rec("a", 0, Status.PASS), rec("a", 1, Status.FAIL),
                           rec("b", 0, Status.HARNESS_ERROR), rec("b", 1, Status.PASS)])
    row = suite_row(report)
    assert row["pass@1"] == pytest.approx((0.5 + 0.5) / 2)  # b's harness error is a miss, not a smaller n
    assert row["pass@2"] == pytest.approx(1.0)
    assert row["harness_errors"] == 1 and row["samples"] == 4 and row["harness_share"] == 0.25
    md = report.markdown()
    assert "**Warning:** s: 1 harness error(s), 25.0% of its samples" in md


def test_a_model_cannot_shrink_its_denominator_with_harness_errors():
    honest = build_report([rec("a", 0, Status.PASS), rec("b", 0, Status.FAIL)])
    dodging = build_report([rec("a", 0, Status.PASS), rec("b", 0, Status.HARNESS_ERROR)])
    assert suite_row(dodging)["pass@1"] == suite_row(honest)["pass@1"] == 0.5


def test_no_harness_warning_at_or_below_one_percent():
    records = [rec(f"t{i}", 0, Status.PASS) for i in range(100)] + [rec("x", 0, Status.HARNESS_ERROR)]
    assert "**Warning:**" not in build_report(records).markdown()  # 1 of 101 samples: 0.99%


def test_speed_counts_every_task_keeping_the_baseline_where_a_candidate_failed_or_was_slower():
    report = build_report([rec("a", 0, Status.PASS, 4.0), rec("b", 0, Status.PASS, 0.5), rec("c", 0, Status.FAIL)])
    row = suite_row(report)
    assert row["geomean"] == pytest.approx(4.0 ** (1 / 3))       # kept: 4, 1, 1
    assert row["speedup"] == pytest.approx(1.0)                   # 3 tasks: one clamped at each end
    assert row["correct_geomean"] == pytest.approx(2 ** 0.5) and row["correct_tasks"] == 2  # 4 and 0.5
    assert row["fast_1"] == pytest.approx(1 / 3) and row["fast_0"] == pytest.approx(2 / 3)
    md = report.markdown()
    assert "## Speed" in md and "| s | 1.00 |" in md and "| 2/3 |" in md


def test_a_declared_cap_limits_the_speedup_a_task_is_credited():
    info = TaskInfo(speedup_cap=2.0)
    report = build_report([rec("a", 0, Status.PASS, 50.0, info), rec("b", 0, Status.PASS, 1.5, info)])
    row = suite_row(report)
    assert row["correct_geomean"] == pytest.approx((2.0 * 1.5) ** 0.5)
    assert row["fast_2"] == 0.0  # capped at 2, so not more than 2x faster


def test_one_outlier_cannot_move_the_headline_speed_by_more_than_a_few_percent():
    base = [rec(f"t{i}", 0, Status.PASS, 1.0 + 0.05 * (i % 7)) for i in range(30)]
    cheat = base[:-1] + [rec("t29", 0, Status.PASS, 819.0)]
    before, after = suite_row(build_report(base)), suite_row(build_report(cheat))
    assert after["geomean"] / before["geomean"] > 1.2            # the plain geomean is carried away
    assert abs(after["speedup"] / before["speedup"] - 1) < 0.03   # the headline is not
    assert before["sensitivity"] < 0.05


def test_no_speed_section_without_timings():
    assert "## Speed" not in build_report([rec("a", 0, Status.PASS)]).markdown()


def test_each_named_baseline_has_its_own_geomean_over_the_tasks_that_have_it():
    records = [rec("a", 0, Status.PASS, 4.0), rec("b", 0, Status.PASS, 1.0), rec("c", 0, Status.PASS, 2.0)]
    records[0].verdict.perf.speedups = {"eager": 4.0, "torch.compile": 2.0}
    records[1].verdict.perf.speedups = {"eager": 1.0, "torch.compile": 0.5}  # c: compile not asked or failed
    row = suite_row(build_report(records))
    assert row["vs torch.compile"] == pytest.approx(1.0) and row["vs eager"] == pytest.approx(2.0)
    assert "torch.compile 1.00 (2/3 tasks)" in build_report(records).markdown()


def test_breakdowns_by_difficulty_track_and_tag_come_from_the_records():
    easy = TaskInfo(difficulty="easy", track="spec-to-rtl", tags=("fsm", "seq"))
    hard = TaskInfo(difficulty="hard", track="bug-repair", tags=("seq",))
    report = build_report([rec("a", 0, Status.PASS, info=easy), rec("b", 0, Status.FAIL, info=hard),
                           rec("c", 0, Status.PASS, info=hard)])
    groups = report.run.breakdowns
    assert {k: g.pass1.value for k, g in groups[("s", "difficulty")].items()} == {"easy": 1.0, "hard": 0.5}
    assert {k: g.tasks for k, g in groups[("s", "tag")].items()} == {"fsm": 1, "seq": 3}
    md = report.markdown()
    assert "### s by track" in md and "| bug-repair | 2 | 50.0% |" in md
