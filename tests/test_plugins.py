"""Third parties add suites, models and agents through entry points; chipbench is unchanged."""

import json
from importlib.metadata import EntryPoint

import pytest

from chipbench.core import ChipbenchError
from chipbench.registry import Registry, models, suite_adapters, suites
from chipbench.runner import resolve_suites
from chipbench.tasks import Suite
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
    assert "verilogeval:PATH" in out.stdout  # an adapter, from its own group


def test_suites_and_suite_adapters_are_separate_groups():
    assert "verilogeval" in suite_adapters.names() and "verilogeval" not in suites.names()
    assert all(isinstance(suites.get(name), Suite) for name in suites.names())
    (suite,) = resolve_suites(["verilog"])
    assert suite is suites.get("verilog")


def test_an_entry_point_of_the_wrong_kind_is_named(monkeypatch):
    """A plug-in's entry point that loads something else than its group holds (here a string
    where a Suite belongs, a module constant where a class belongs) is an error naming it."""
    reg = Registry("suites", suites.accepts, suites.what)
    wrong = EntryPoint(name="mistaken", value="os:sep", group="chipbench.suites")
    monkeypatch.setattr(reg, "_entry_points", lambda: {"mistaken": wrong})
    with pytest.raises(ChipbenchError, match=r"suite 'mistaken' from entry point 'os:sep' is str, not a chipbench.tasks.Suite"):
        reg.get("mistaken")
    agents_like = Registry("agents", what="an Agent class")
    monkeypatch.setattr(agents_like, "_entry_points", lambda: {"x": EntryPoint(name="x", value="os:sep", group="chipbench.agents")})
    with pytest.raises(ChipbenchError, match="not an Agent class"):
        agents_like.get("x")


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
