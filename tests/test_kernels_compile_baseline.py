"""torch.compile as a second baseline of the cuda-kernels suite (cpu backend): opt-in through
`cuda-kernels:BACKEND+compile` or a task's `compile_baseline`, timed beside eager PyTorch, and
reported, not fatal, when compiling fails."""

from __future__ import annotations

import asyncio
import importlib.util
import types
from importlib.resources import files
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the cuda-kernels suite needs torch: pip install 'chipbench[kernels]'")

from chipbench.core import Candidate, ChipbenchError, Status  # noqa: E402
from chipbench.evaluators.kernels import KernelEvaluator  # noqa: E402
from chipbench.runner import evaluate_in_sandbox, resolve_suites  # noqa: E402
from chipbench.tasks.kernels import KernelSuite  # noqa: E402

TASKS = Path(__file__).parent / "kernel_fixtures" / "tasks"


def load_judge():
    path = Path(str(files("chipbench.evaluators.kernels"))) / "worker" / "judge.py"
    spec = importlib.util.spec_from_file_location("chipbench_test_judge", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_suite_option_asks_every_task_for_the_compile_baseline():
    (plain,) = resolve_suites(["cuda-kernels"])
    (compiled,) = resolve_suites(["cuda-kernels:cpu+compile"])
    assert not plain.compile_baseline and compiled.compile_baseline and compiled.backend == "cpu"
    assert compiled.version.endswith("+cpu+compile")
    fixture = KernelSuite(name="cuda-kernels", root=TASKS, evaluator="cuda-kernels", version="test")
    (task,) = fixture.variant("cpu+compile").load(["scale_shift_relu"])
    assert task.eval["compile_baseline"] is True and task.eval["backend"] == "cpu"
    (task,) = fixture.load(["scale_shift_relu"])
    assert "compile_baseline" not in task.eval
    with pytest.raises(ChipbenchError, match="unknown option 'fast'"):
        resolve_suites(["cuda-kernels:cpu+fast"])


def test_a_reference_that_fails_to_compile_is_reported_not_raised():
    judge = load_judge()

    class Model(torch.nn.Module):
        def forward(self, x):
            raise RuntimeError("no kernel for this")

    module = types.SimpleNamespace(Model=Model, get_inputs=lambda: [torch.ones(2)], get_init_inputs=lambda: [])
    config = {"model_seeds": [1], "input_seeds": [[2]]}
    compiled, info = judge._compile_reference(config, module, judge.Shapes(module, [{}]), "cpu")
    assert compiled is None and info == {"compile_error": "RuntimeError: no kernel for this"}


@pytest.mark.slow  # inductor compiles the reference in every evaluation: 60-80 s on the 2-core machine
def test_the_candidate_is_timed_against_eager_and_compiled_references():
    suite = KernelSuite(name="cuda-kernels", root=TASKS, evaluator="cuda-kernels", version="test")
    (task,) = suite.variant("cpu+compile").load(["scale_shift_relu"])
    verdict = asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=task.reference), "local",
                                              [TASKS]))
    assert verdict.status is Status.PASS, verdict.reason + verdict.logs
    perf = verdict.perf
    assert set(perf.speedups) == {"eager", "torch.compile"}, (perf, verdict.reason)
    assert perf.speedups["eager"] == perf.speedup and perf.speedups["torch.compile"] > 0
    assert "torch.compile" in perf.measured_on and "CPU" in perf.measured_on
    assert "vs torch.compile" in verdict.feedback and verdict.reason == ""
