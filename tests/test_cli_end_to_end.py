"""The CLI as a user drives it, on the built-in suites."""

import json

import pytest

from chipbench.registry import suites
from conftest import INVERTER_REF, chipbench_cmd, requires_iverilog
from plugin_fixture import install_plugin

pytestmark = requires_iverilog


def records_of(run_dir):
    return [json.loads(line) for line in (run_dir / "records.jsonl").read_text().splitlines()]


def test_suites_and_tasks_are_listed():
    out = chipbench_cmd("suites", "list")
    assert out.returncode == 0 and "verilog" in out.stdout
    out = chipbench_cmd("tasks", "list", "--suite", "verilog")
    assert out.returncode == 0 and "bug-repair" in out.stdout


@pytest.mark.slow  # the default set proves verilog end to end with the oracle run below
@pytest.mark.timeout(1500)  # a whole suite: hundreds of evaluations on 2 cores
def test_every_verilog_task_passes_its_own_check():
    """Each suite's own tests run its full check; this one covers verilog, with Icarus alone
    (Verilator on every task is the slow set's `test_every_verilog_task_checks_out_on_both_simulators`;
    it builds a C++ model per reference and doubled this test's time)."""
    out = chipbench_cmd("tasks", "check", "--suite", "verilog", "--jobs", "2", "-E", "simulators=icarus", timeout=1440)
    assert out.returncode == 0, out.stdout
    assert "0 problems" in out.stdout


def test_tasks_check_fails_when_a_wrong_candidate_passes(tmp_path):
    root, env = install_plugin(tmp_path, n_tasks=1)
    (root / "inv0" / "hidden" / "wrong" / "actually_right").mkdir()
    (root / "inv0" / "hidden" / "wrong" / "actually_right" / "inv.v").write_text(INVERTER_REF)
    out = chipbench_cmd("tasks", "check", "--suite", "toy", env=env)
    assert out.returncode == 1
    assert "wrong/actually_right" in out.stdout


def test_tasks_check_fails_when_the_reference_fails_its_public_testbench(tmp_path):
    """A public test the reference fails would mislead every agent that reads its feedback."""
    root, env = install_plugin(tmp_path, n_tasks=1)
    public = root / "inv0" / "workspace" / "tb_public.v"
    public.write_text(public.read_text().replace("exp = 4'ha", "exp = 4'h5"))
    out = chipbench_cmd("tasks", "check", "--suite", "toy", env=env)
    assert out.returncode == 1
    assert "reference (public" in out.stdout
    assert "1 problems" in out.stdout


def test_oracle_run_passes_every_task_and_writes_a_report(tmp_path):
    run_dir = tmp_path / "oracle"
    out = chipbench_cmd("run", "--suite", "verilog", "--run-dir", str(run_dir))
    assert out.returncode == 0, out.stdout + out.stderr
    recs = records_of(run_dir)
    n_tasks = len(suites.get("verilog").task_folders())
    assert len(recs) == n_tasks >= 10
    assert all(r["verdict"]["status"] == "pass" for r in recs)
    report = (run_dir / "report.md").read_text()
    assert f"| verilog | {n_tasks} | {n_tasks} | 100.0% |" in report
    assert "Icarus Verilog" in report  # the report says what measured it


def test_garbled_replies_score_zero_without_crashing(tmp_path):
    replies = tmp_path / "garbled.jsonl"
    replies.write_text(json.dumps({"task": "*", "reply": "```verilog\nmodule ???; endmodule((\n```"}) + "\n")
    run_dir = tmp_path / "garbled"
    out = chipbench_cmd("run", "--suite", "verilog", "--model", f"replay:{replies}", "--run-dir", str(run_dir))
    assert out.returncode == 0, out.stdout + out.stderr
    recs = records_of(run_dir)
    assert recs and all(r["verdict"]["status"] == "compile_error" for r in recs)
    assert "| 0.0% |" in (run_dir / "report.md").read_text()


def test_reply_without_code_fails_with_a_clear_reason(tmp_path):
    replies = tmp_path / "prose.jsonl"
    replies.write_text(json.dumps({"task": "*", "reply": "The bug is probably in the reset logic."}) + "\n")
    run_dir = tmp_path / "prose"
    out = chipbench_cmd("run", "--model", f"replay:{replies}", "--run-dir", str(run_dir), "-t", "priority_encoder")
    assert out.returncode == 0, out.stdout + out.stderr
    (rec,) = records_of(run_dir)
    assert rec["verdict"]["status"] == "fail"
    assert "no fenced code block" in rec["verdict"]["reason"]


def test_replay_without_reply_for_a_task_is_a_model_error_and_the_run_goes_on(tmp_path):
    ref = suites.get("verilog").load(["priority_encoder"])[0].reference["priority_encoder.v"]
    replies = tmp_path / "partial.jsonl"
    replies.write_text(json.dumps({"task": "verilog/priority_encoder", "reply": f"```verilog file=priority_encoder.v\n{ref}```"}) + "\n")
    run_dir = tmp_path / "partial"
    out = chipbench_cmd("run", "--suite", "verilog", "--model", f"replay:{replies}", "--run-dir", str(run_dir))
    assert out.returncode == 0, out.stdout + out.stderr
    statuses = {r["task_id"]: r["verdict"]["status"] for r in records_of(run_dir)}
    assert statuses.pop("verilog/priority_encoder") == "pass"
    assert statuses and set(statuses.values()) == {"model_error"}
    n_errors = len(statuses)
    # A model that could not answer has not solved the task (no task leaves the denominator);
    # it is the model's failure, not the harness's: counted as model_error, no harness warning.
    report = (run_dir / "report.md").read_text()
    header = next(row for row in report.splitlines() if row.startswith("| suite |"))
    suite_row = next(row for row in report.splitlines() if row.startswith("| verilog |"))
    cells = dict(zip([c.strip() for c in header.strip().strip("|").split("|")],
                     [c.strip() for c in suite_row.strip().strip("|").split("|")]))
    assert cells["pass@1"] == f"{100 / (n_errors + 1):.1f}%" and cells["model_error"] == str(n_errors)
    assert cells["harness errors"] == "0" and "harness error(s)" not in report
    reason = next(r["verdict"]["reason"] for r in records_of(run_dir) if r["verdict"]["status"] == "model_error")
    assert reason.startswith("model error: replay file has no reply for")


def test_bad_model_spec_is_a_one_line_error():
    out = chipbench_cmd("run", "--model", "replay:/nonexistent.jsonl", "--run-dir", "/tmp/never")
    assert out.returncode == 2 and "replay file not found" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr


def test_eval_scores_given_files(tmp_path):
    task = suites.get("verilog").load(["priority_encoder_bug0"])[0]
    good = tmp_path / "priority_encoder.v"
    good.write_text(task.reference["priority_encoder.v"])
    out = chipbench_cmd("eval", "verilog/priority_encoder_bug0", str(good))
    assert out.returncode == 0 and "pass" in out.stdout
    good.write_text(task.workspace["priority_encoder.v"])
    out = chipbench_cmd("eval", "verilog/priority_encoder_bug0", str(good))
    assert out.returncode == 1 and "fail" in out.stdout
