"""Third parties add suites, models and agents through entry points; chipbench is unchanged."""

import json

import pytest

from chipbench.registry import Registry, models
from conftest import chipbench_cmd, requires_iverilog
from plugin_fixture import install_plugin


def test_registered_object_is_found_by_name():
    reg = Registry("widgets")

    @reg.register("blue")
    class Blue:
        pass

    assert reg.get("blue") is Blue and "blue" in reg.names()


def test_unknown_name_lists_what_is_known():
    with pytest.raises(Exception, match=r"unknown model 'nope' \(known: .*oracle.*replay"):
        models.get("nope")


def test_plugin_entry_points_are_listed(tmp_path):
    _, env = install_plugin(tmp_path)
    out = chipbench_cmd("suites", "list", env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "toy" in out.stdout and "verilog" in out.stdout


@requires_iverilog
def test_plugin_suite_model_and_agent_run_end_to_end(tmp_path):
    _, env = install_plugin(tmp_path, n_tasks=2)
    run_dir = tmp_path / "run"
    out = chipbench_cmd("run", "--suite", "toy", "--model", "slow-oracle:0", "--run-dir", str(run_dir), env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    records = [json.loads(line) for line in (run_dir / "records.jsonl").read_text().splitlines()]
    assert [r["verdict"]["status"] for r in records] == ["pass", "pass"]

    run_dir2 = tmp_path / "run2"
    out = chipbench_cmd("run", "--suite", "toy", "--agent", "submit-workspace", "--run-dir", str(run_dir2), env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    records = [json.loads(line) for line in (run_dir2 / "records.jsonl").read_text().splitlines()]
    assert [r["verdict"]["status"] for r in records] == ["fail", "fail"]
