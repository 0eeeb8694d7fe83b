"""The full quality gates, too slow for the default CI set: run with `pytest -m slow`."""

import pytest

from conftest import chipbench_cmd, requires_iverilog

pytestmark = [pytest.mark.slow, requires_iverilog]


def test_every_verilog_task_checks_out_on_both_simulators():
    out = chipbench_cmd("tasks", "check", "--suite", "verilog",
                        env={"CHIPBENCH_VERILOG_SIMULATORS": "icarus,verilator"}, timeout=3600)
    assert out.returncode == 0, out.stdout
    assert " 0 problems" in out.stdout


def test_verilog_testbenches_kill_at_least_90_percent_of_mutants():
    out = chipbench_cmd("tasks", "mutants", "--suite", "verilog", "--min-score", "0.9", timeout=7200)
    assert out.returncode == 0, out.stdout
