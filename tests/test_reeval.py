"""`chipbench reeval RUN_DIR`: a run's harness errors scored again from the stored candidates.

The harness errors here are real ones: the run is made with the compiler the isa judge builds
its own plugin with broken (CC names a wrapper that fails), which is our failure, not the
candidate's. The compiler is one of the run's score settings, so reeval judges with the same
CC: the wrapper is mended in between, as a user mends a broken tool.
The command is generic (it reads suites, tasks and evaluators from the records), so one suite
proves the mechanism; the isa suite is the quickest to run."""

from __future__ import annotations

import json

from conftest import chipbench_cmd
from isa_support import requires_isa_tools

pytestmark = requires_isa_tools

TASKS = ["gcd_u64-O2-riscv64", "fib_rec-O2-aarch64", "sat_add_i32-O0-riscv64"]


def _records(run_dir):
    return [json.loads(line) for line in (run_dir / "records.jsonl").read_text().splitlines()]


def test_reeval_scores_harness_errors_again_and_replaces_them(tmp_path):
    run_dir, cache = tmp_path / "run", tmp_path / "cache"
    # --no-verdict-cache: the broken run must really judge (a verdict stored by an earlier test
    # of the session would answer it).
    args = ["run", "--suite", "isa-transpile", "--run-dir", str(run_dir), "--no-report", "--no-verdict-cache"]
    for t in TASKS:
        args += ["--task", t]
    cc = tmp_path / "cc"
    cc.write_text("#!/bin/sh\necho 'this compiler is broken' >&2\nexit 1\n")
    cc.chmod(0o755)
    broken = chipbench_cmd(*args, env={"CC": str(cc), "CHIPBENCH_CACHE": str(cache)})
    assert broken.returncode == 0, broken.stdout + broken.stderr
    before = _records(run_dir)
    assert [r["verdict"]["status"] for r in before] == ["harness_error"] * 3
    # One of them lost its candidate (as when the model call itself failed): nothing to score.
    lost = before[2]
    lost["candidate"] = {"files": {}, "error": "model error: rate limited"}
    (run_dir / "records.jsonl").write_text("".join(json.dumps(r) + "\n" for r in before))

    cc.write_text('#!/bin/sh\nexec gcc "$@"\n')  # mended
    out = chipbench_cmd("reeval", str(run_dir), env={"CHIPBENCH_CACHE": str(cache)})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "re-evaluated 2 harness error(s); 0 still harness errors" in out.stdout
    assert "1 with no candidate to score" in out.stdout and lost["task_id"] in out.stdout

    after = _records(run_dir)
    assert [(r["task_id"], r["sample"]) for r in after] == [(r["task_id"], r["sample"]) for r in before]
    statuses = {r["task_id"]: r["verdict"]["status"] for r in after}
    assert statuses == {before[0]["task_id"]: "pass", before[1]["task_id"]: "pass", lost["task_id"]: "harness_error"}
    for old, new in zip(before[:2], after[:2]):
        assert new["candidate"] == old["candidate"] and new["run_id"] == old["run_id"]
        assert new["verdict"]["perf"]["speedup"] == 1.0
    replaced = [json.loads(line) for line in (run_dir / "replaced.jsonl").read_text().splitlines()]
    assert [r["verdict"]["status"] for r in replaced] == ["harness_error"] * 2

    # The report (and its index, rebuilt) now counts them; a second reeval has only the lost one.
    report = chipbench_cmd("report", str(run_dir))
    assert report.returncode == 0, report.stdout + report.stderr
    assert "| isa-transpile | 3 | 3 | 66.7% |" in (run_dir / "report.md").read_text()
    again = chipbench_cmd("reeval", str(run_dir), env={"CHIPBENCH_CACHE": str(cache)})
    assert "re-evaluated 0 harness error(s)" in again.stdout and "1 with no candidate" in again.stdout


def test_reeval_of_a_run_without_harness_errors_changes_nothing(tmp_path):
    run_dir = tmp_path / "run"
    made = chipbench_cmd("run", "--suite", "isa-transpile", "--task", TASKS[0], "--run-dir", str(run_dir), "--no-report")
    assert made.returncode == 0, made.stdout + made.stderr
    text = (run_dir / "records.jsonl").read_text()
    out = chipbench_cmd("reeval", str(run_dir))
    assert out.returncode == 0 and "re-evaluated 0 harness error(s)" in out.stdout
    assert (run_dir / "records.jsonl").read_text() == text
    assert not (run_dir / "replaced.jsonl").exists()
