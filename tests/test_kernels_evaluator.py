"""The cuda-kernels evaluator on the cpu backend: a small fixture task, its reference, a
known-wrong candidate, and one fixture candidate per cheat the judge must catch.

The fixture candidates share the reference's kernel.cpp (except the one whose C++ calls ATen),
so after the first build every evaluation hits the artefact cache.
"""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the cuda-kernels suite needs torch: pip install 'chipbench[kernels]'")

from chipbench.core import Candidate, Status  # noqa: E402
from chipbench.evaluators.kernels import KernelEvaluator  # noqa: E402
from chipbench.evaluators.kernels._compare import compare, constant_would_pass  # noqa: E402
from chipbench.evaluators.kernels._evaluator import _perf  # noqa: E402
from chipbench.evaluators.kernels.backends import build_failure  # noqa: E402
from chipbench.evaluators.kernels.backends.cpu import CpuBackend  # noqa: E402
from chipbench.evaluators.kernels.backends.cuda import CudaBackend  # noqa: E402
from chipbench.runner import evaluate_in_sandbox  # noqa: E402
from chipbench.sandbox import ExecResult  # noqa: E402
from chipbench.tasks.kernels import KernelSuite  # noqa: E402

FIXTURES = Path(__file__).parent / "kernel_fixtures"
TASKS = FIXTURES / "tasks"
CANDIDATES = FIXTURES / "candidates"


@pytest.fixture(scope="module")
def task():
    suite = KernelSuite(name="cuda-kernels", root=TASKS, evaluator="cuda-kernels", version="test")
    (only,) = suite.load(["scale_shift_relu"])
    return only


def judge(task, files: dict[str, str], source_policy: bool = True, verdict_cache: bool = True):
    return asyncio.run(evaluate_in_sandbox(KernelEvaluator(source_policy=source_policy), task, Candidate(files=files),
                                           "local", [TASKS], cache=verdict_cache))


def candidate(task, name: str) -> dict[str, str]:
    files = dict(task.reference)
    for path in (CANDIDATES / name).iterdir():
        files[path.name] = path.read_text().replace("@HIDDEN@", str(task.hidden_dir))
    return files


def test_reference_passes_on_every_shape_and_is_timed(task):
    verdict = judge(task, task.reference)
    assert verdict.status is Status.PASS, verdict.reason + verdict.logs
    assert len(verdict.checks) == 3 * 3  # main + two hidden shapes, three trials each
    assert any("alternate shape 2" in c.name for c in verdict.checks)
    perf = verdict.perf
    assert perf is not None and perf.unit == "ms" and perf.candidate > 0 and perf.baseline > 0
    assert perf.speedups == {"eager": perf.speedup} and perf.speedup > 0 and perf.spread >= 0
    assert "thread" in perf.measured_on and "CPU" in perf.measured_on
    # one thread on the CPU: the sandbox's clock for it is exact (getrusage), so it is used
    assert perf.measured_on.endswith("timed by process CPU time"), perf.measured_on


def test_a_repeated_candidate_is_not_rebuilt(task):
    # past the verdict cache, which would hand back the first verdict's logs ("compiled" on a
    # cold build cache): this is about the build artefact cache
    judge(task, task.reference, verdict_cache=False)
    verdict = judge(task, task.reference, verdict_cache=False)
    assert not verdict.cached and "build: cached" in verdict.logs, verdict.logs


def test_concurrent_evaluations_are_pinned_to_different_cores(task):
    """Every evaluation took the same last core (two jobs on two cores left one idle; sixteen
    GPU checks queued on one core till their references timed out): each now leases its own."""
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("needs two cores this process may use")

    async def both():
        return await asyncio.gather(*(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=task.reference),
                                                          "local", [TASKS], cache=False) for _ in range(2)))
    verdicts = asyncio.run(both())
    pinned = [re.search(r"workers pinned to cores \[(\d+)\]", v.logs) for v in verdicts]
    assert all(v.status is Status.PASS for v in verdicts), [v.reason for v in verdicts]
    assert all(pinned), [v.logs for v in verdicts]
    assert pinned[0].group(1) != pinned[1].group(1)


def test_zero_output_kernel_fails_as_mismatch(task):
    verdict = judge(task, task.wrong_candidates()["zeros"])
    assert verdict.status is Status.FAIL and verdict.category == "mismatch", verdict.reason


def test_compile_error_names_the_line(task):
    files = dict(task.reference, **{"kernel.cpp": task.reference["kernel.cpp"].replace("return out;", "return outt;")})
    verdict = judge(task, files)
    assert verdict.status is Status.COMPILE_ERROR and verdict.category == "compile_error"
    assert "outt" in verdict.feedback and "kernel.cpp" in verdict.feedback
    assert [(c.name, c.passed) for c in verdict.checks] == [("build", False)] and "outt" in verdict.checks[0].detail


@pytest.mark.parametrize("source, tool", [("kernel.cpp", "the C++ build"), ("kernel.cu", "nvcc")])
def test_every_backend_reports_a_failed_build_alike(source, tool):
    """One helper for the cpu and cuda backends: the category names the stage (the build) even
    when a sandbox limit decides the status."""
    error = ExecResult(returncode=1, stdout="", stderr=f"{source}:3:5: error: 'outt' was not declared\nnoise\n",
                       wall_s=1.0)
    verdict = build_failure(error, source, tool)
    assert (verdict.status, verdict.category, verdict.reason) == (Status.COMPILE_ERROR, "compile_error",
                                                                   f"{source} does not compile")
    assert "outt" in verdict.feedback and "noise" not in verdict.feedback and verdict.checks[0].name == "build"
    slow = ExecResult(returncode=None, stdout="", stderr="", wall_s=300.0, timed_out=True)
    verdict = build_failure(slow, source, tool)
    assert (verdict.status, verdict.category) == (Status.TIMEOUT, "compile_error")
    assert tool in verdict.reason and not verdict.checks[0].passed


def test_wrong_shape_is_its_own_category(task):
    files = dict(task.reference)
    files["model_new.py"] = files["model_new.py"].replace(
        "return kernel_ext.forward(x, self.weight, self.bias)",
        "return kernel_ext.forward(x, self.weight, self.bias)[:, :-1]")
    verdict = judge(task, files)
    assert verdict.status is Status.FAIL and verdict.category == "wrong_shape", verdict.reason


def test_nan_output_is_its_own_category(task):
    files = dict(task.reference)
    files["kernel.cpp"] = files["kernel.cpp"].replace("v > 0.f ? v : 0.f", "c == 3 ? NAN : (v > 0.f ? v : 0.f)")
    verdict = judge(task, files)
    assert verdict.status is Status.FAIL and verdict.category == "nan_inf", verdict.reason


def test_an_import_error_reaches_the_feedback(task):
    files = dict(task.reference, **{"model_new.py": "import kernel_ext\nraise ValueError('boom in import')\n"})
    verdict = judge(task, files)
    assert verdict.status is Status.RUNTIME_ERROR and "boom in import" in verdict.feedback


@pytest.mark.parametrize("name, policy_category, category", [
    # (fixture, what the source policy says, what the judge's in-process guards say without it)
    ("torch_ops", "forbidden_op", "forbidden_op"),                   # PyTorch does the work
    ("cpp_aten_op", "forbidden_symbol", "forbidden_symbol"),         # ... called from the C++ "kernel"
    ("reference_module", "forbidden_import", "forbidden_op"),        # the reference module does the work
    ("returns_input", "aliases_input", "aliases_input"),             # writes into the input and returns it
    ("cached_result", "output_reused", "output_reused"),             # result cached across calls
    ("lazy_thread", "forbidden_import", "forbidden_call"),           # work finished on a side thread after return
    ("patched_timer", "forbidden_import", "monkeypatch"),            # clock replaced
    ("patched_torch", "forbidden_import", "monkeypatch"),            # reference slowed down by patching it
    ("tensor_subclass", "tensor_subclass", "tensor_subclass"),       # a lazy tensor type instead of a plain tensor
    ("busy_child", "forbidden_import", "forbidden_call"),            # work handed to a child process
])
def test_cheats_are_rejected(task, name, policy_category, category):
    for policy, expected in ((True, policy_category), (False, category)):
        verdict = judge(task, candidate(task, name), source_policy=policy)
        assert verdict.status is Status.REJECTED and verdict.category == "cheat", (policy, verdict.status, verdict.reason)
        assert verdict.checks[0].name == expected, (policy, verdict.reason)


def test_stale_copies_of_a_cached_result_fail(task):
    verdict = judge(task, candidate(task, "stale_clone"))
    assert verdict.status in (Status.FAIL, Status.REJECTED), verdict.reason
    assert verdict.category in ("mismatch", "cheat"), verdict.reason


def test_hidden_files_are_out_of_reach_of_candidate_code(task):
    """The probe needs os and glob, which the source policy refuses: without the policy, it
    runs and finds nothing."""
    assert judge(task, candidate(task, "hidden_probe")).status is Status.REJECTED
    verdict = judge(task, candidate(task, "hidden_probe"), source_policy=False)
    assert "HIDDEN_PROBE []" in verdict.logs, verdict.logs
    assert verdict.status is Status.PASS, verdict.reason


def timing(eager, cand, cpu_eager=None, cpu_cand=None, calls=1, **extra):
    """A supervisor's timing report: one time per window, in ms (CPU times default to wall)."""
    ms = lambda xs: [round(x * 1e6) for x in xs]  # noqa: E731
    wall = {"eager": ms(eager), "candidate": ms(cand)}
    cpu = {"eager": ms(cpu_eager or eager), "candidate": ms(cpu_cand or cand)}
    for name, (w, c) in extra.items():
        wall[name], cpu[name] = ms(w), ms(c)
    return {"wall_ns": wall, "cpu_ns": cpu, "others_cpu_ns": 0, "calls": calls, "threads": 1}


RUN = ExecResult(returncode=0, stdout="", stderr="", wall_s=0.5)


def test_timings_longer_than_the_process_are_rejected():
    backend = CpuBackend()
    perf, problem = _perf(timing([400], [300]), RUN, backend, 1)
    assert perf is None and "clock" in problem
    perf, problem = _perf(timing([2, 2.2], [1, 1]), RUN, backend, 1)
    assert problem is None and perf.speedup == pytest.approx(2.1)


def test_speedup_is_the_median_of_per_window_ratios():
    # windows of two calls: ratios 4/2 = 2 and 4/8 = 0.5 and 3/3 = 1; the median is 1
    perf, _ = _perf(timing([4, 4, 3], [2, 8, 3], calls=2), RUN, CpuBackend(), 1)
    assert perf.speedup == pytest.approx(1.0)
    assert perf.baseline == pytest.approx(2.0) and perf.candidate == pytest.approx(1.5)  # per call
    # a third of the windows hit by a slow spell on one side leaves the speedup where it was
    eager, cand = [1.0] * 30, [2.0] * 30
    for i in range(0, 30, 3):
        cand[i] = 9.0
    perf, _ = _perf(timing(eager, cand), RUN, CpuBackend(), 1)
    assert perf.speedup == pytest.approx(0.5)


def test_cpu_time_measures_speed_only_while_one_thread_is_busy():
    # 8 ms of wall time of which the worker ran 4: another process had the core
    data = timing([1, 1], [8, 8], cpu_cand=[4, 4])
    perf, _ = _perf(data, RUN, CpuBackend(), 1)
    assert perf.speedup == pytest.approx(0.25) and perf.measured_on.endswith("process CPU time")
    # other processes in the sandbox worked meanwhile (work handed to a child process): wall time
    perf, _ = _perf({**data, "others_cpu_ns": 2_000_000_000}, RUN, CpuBackend(), 1)
    assert perf.speedup == pytest.approx(0.125) and perf.measured_on.endswith("wall time")
    perf, _ = _perf({**data, "others_cpu_ns": 20_000_000}, RUN, CpuBackend(), 1)  # a tick or two: noise
    assert perf.speedup == pytest.approx(0.25)
    # several threads by design, or a GPU: wall time
    perf, _ = _perf({**data, "threads": 2}, RUN, CpuBackend(), 2)
    assert perf.speedup == pytest.approx(0.125) and perf.measured_on.endswith("wall time")
    perf, _ = _perf(data, RUN, CudaBackend(), 1)
    assert perf.speedup == pytest.approx(0.125)


def test_every_baseline_gets_its_own_speedup():
    data = timing([2, 2, 2], [1, 1, 1], **{"torch.compile": ([0.5, 0.5, 0.5], [0.5, 0.5, 0.5])})
    perf, problem = _perf(data, RUN, CpuBackend(), 1)
    assert problem is None
    assert perf.speedups == {"eager": pytest.approx(2.0), "torch.compile": pytest.approx(0.5)}
    assert perf.speedup == pytest.approx(2.0) and "torch.compile" in perf.measured_on
    data["cpu_ns"]["torch.compile"].pop()
    data["wall_ns"]["torch.compile"].pop()
    perf, problem = _perf(data, RUN, CpuBackend(), 1)  # uneven lists are no usable timing
    assert perf is None and "3 candidate windows but {'torch.compile': 2}" in problem


def test_each_unusable_timing_says_why():
    """One message per condition: an intermittent refusal must say which one it was."""
    cases = {
        "no candidate windows": {**timing([1], [1]), "wall_ns": {"eager": [1]}, "cpu_ns": {"eager": [1]}},
        "a window of candidate measured no time": timing([1, 1], [1, 0]),
        "calls per window is 0": timing([1], [1], calls=0),
        "its report is malformed": {**timing([1], [1]), "calls": "1"},
    }
    for why, data in cases.items():
        perf, problem = _perf(data, RUN, CpuBackend(), 1)
        assert perf is None and problem.endswith(why), (why, problem)


def test_constant_and_zero_answers_fail_even_for_small_outputs():
    ref = [torch.softmax(torch.randn(4, 8192), dim=-1)]  # every value about 1e-4
    assert compare(ref, [torch.zeros_like(ref[0])], 1e-4, 1e-3, "x") is not None
    assert not constant_would_pass(ref, 1e-4, 1e-3)
    flat = [torch.full((64,), 3.0) + 1e-6 * torch.randn(64)]
    assert constant_would_pass(flat, 1e-4, 1e-3)  # such a task is flagged as a task defect


def test_comparison_checks_dtype_and_nan():
    ref = [torch.randn(8)]
    assert compare(ref, [ref[0].double()], 1e-4, 1e-3, "x").category == "wrong_dtype"
    bad = ref[0].clone()
    bad[2] = float("nan")
    assert compare(ref, [bad], 1e-4, 1e-3, "x").category == "nan_inf"
    assert compare(ref, [ref[0] + 1e-7], 1e-4, 1e-3, "x") is None


def test_shapes_return_to_model_py_values_for_the_main_shape():
    """Timing runs on the main shape after the alternates: their constants must not linger."""
    import types

    from chipbench.evaluators.kernels.worker import judge as judge_module

    module = types.SimpleNamespace(BATCH=256, FEATURES=1024)
    shapes = judge_module.Shapes(module, [{}, {"BATCH": 37, "FEATURES": 1000}, {"BATCH": 5}])
    shapes.apply(1)
    assert (module.BATCH, module.FEATURES) == (37, 1000)
    shapes.apply(2)
    assert (module.BATCH, module.FEATURES) == (5, 1024)
    shapes.apply(0)
    assert (module.BATCH, module.FEATURES) == (256, 1024)
    with pytest.raises(RuntimeError, match="NOT_A_CONSTANT"):
        judge_module.Shapes(module, [{}, {"NOT_A_CONSTANT": 1}])


def test_agent_feedback_uses_the_main_shape_only(task):
    """What an agent's check tool sees never reveals or depends on the hidden alternate shapes."""
    verdict = asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=task.reference), "local",
                                              [TASKS], public=True))
    assert verdict.status is Status.PASS, verdict.reason
    assert len(verdict.checks) == 3 and all(c.name.startswith("main shape") for c in verdict.checks)
    assert "alternate" not in verdict.feedback
