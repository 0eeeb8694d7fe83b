"""The full quality gates, too slow for the default CI set: run with `pytest -m slow`."""

import pytest

from conftest import chipbench_cmd, requires_iverilog

pytestmark = [pytest.mark.slow]


@requires_iverilog
@pytest.mark.timeout(3660)  # the command's own limit, plus start-up
def test_every_verilog_task_checks_out_on_both_simulators():
    out = chipbench_cmd("tasks", "check", "--suite", "verilog",
                        env={"CHIPBENCH_VERILOG_SIMULATORS": "icarus,verilator"}, timeout=3600)
    assert out.returncode == 0, out.stdout
    assert " 0 problems" in out.stdout


@requires_iverilog
@pytest.mark.timeout(7260)  # the command's own limit, plus start-up
def test_verilog_testbenches_kill_at_least_90_percent_of_mutants():
    out = chipbench_cmd("tasks", "mutants", "--suite", "verilog", "--min-score", "0.9", timeout=7200)
    assert out.returncode == 0, out.stdout


@pytest.mark.timeout(3660)  # the command's own limit, plus start-up
def test_every_kernel_task_checks_out_on_the_cpu_backend():
    """Each task's C++/OpenMP reference passes; each known-wrong and known-cheating one fails."""
    pytest.importorskip("torch", reason="the cuda-kernels suite needs torch: pip install 'chipbench[kernels]'")
    out = chipbench_cmd("tasks", "check", "--suite", "cuda-kernels", timeout=3600)
    assert out.returncode == 0, out.stdout
    assert " 0 problems" in out.stdout


@pytest.mark.timeout(3660)  # the command's own limit, plus start-up
def test_every_triton_reference_passes_in_the_interpreter():
    pytest.importorskip("triton", reason="the triton backend needs triton: pip install 'chipbench[kernels]'")
    out = chipbench_cmd("tasks", "check", "--suite", "cuda-kernels:triton", timeout=3600)
    assert out.returncode == 0, out.stdout
    assert " 0 problems" in out.stdout


@pytest.mark.timeout(3660)  # the command's own limit, plus start-up
def test_every_hls_task_checks_out():
    """For every hls task: best known point at 100% of best, all-default with its measured
    latency, invalid point failing, non-pragma edit rejected, testbench killing its mutant."""
    out = chipbench_cmd("tasks", "check", "--suite", "hls", timeout=3600)
    assert out.returncode == 0, out.stdout
    assert " 0 problems" in out.stdout


@pytest.mark.timeout(960)
def test_the_oracle_passes_every_hls_task(tmp_path):
    out = chipbench_cmd("run", "--suite", "hls", "--run-dir", str(tmp_path / "run"), timeout=900)
    assert out.returncode == 0, out.stdout
    records = (tmp_path / "run" / "records.jsonl").read_text().splitlines()
    assert len(records) >= 80 and all('"status":"pass"' in r.replace(" ", "") for r in records)
