"""Half-precision and backward kernel tasks: the per-dtype tolerances against the tasks' own
inputs, and the judge failing the answers those tolerances must not admit.

What the tolerances (`_spec.TOLERANCES`) must allow: a kernel that computes exactly (here:
float64) and rounds once to the task's dtype, against eager PyTorch in that dtype. What they
must refuse: a constant answer (checked on every instance, no judge needed), a kernel that
accumulates in half precision (the `half_accumulator` known-wrong candidates, judged for real
below on one task, and by `tasks check` on every instance), and one whose results are rounded
to the next lower precision (within the elementwise tolerance: the accuracy check against the
float64 run fails it, judged for real below)."""

from __future__ import annotations

import asyncio
import importlib.util

import pytest

torch = pytest.importorskip("torch", reason="the cuda-kernels suite needs torch")

from chipbench.core import Candidate, Status  # noqa: E402
from chipbench.evaluators.kernels import KernelEvaluator  # noqa: E402
from chipbench.evaluators.kernels._compare import accuracy, compare, constant_would_pass  # noqa: E402
from chipbench.evaluators.kernels._spec import ACCURACY_FACTOR, KernelSpec  # noqa: E402
from chipbench.evaluators.kernels.worker.wide import float64_outputs, widened  # noqa: E402
from chipbench.runner import evaluate_in_sandbox, resolve_suites  # noqa: E402

(SUITE,) = resolve_suites(["cuda-kernels"])
NAMES = [n for n in SUITE.task_names() if n.split("@")[0].endswith(("_lowp", "_backward", "_fp32_accumulate"))]


def _module(task):
    spec = importlib.util.spec_from_loader(f"model_{task.name.replace('@', '_')}", loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(task.workspace["model.py"], module.__dict__)  # noqa: S102 - the suite's own model.py
    return module


def _outputs(out):
    return [o.detach() for o in (out if isinstance(out, (tuple, list)) else [out])]


def test_the_suite_has_the_promised_instances():
    assert len(SUITE.task_names()) >= 150
    tasks = SUITE.load(NAMES)
    assert all({"precision", "backward"} & set(t.tags) for t in tasks)
    assert len([t for t in tasks if t.eval["dtype"] in ("float16", "bfloat16")]) >= 30
    assert len({t.name.split("@")[0] for t in tasks if "backward" in t.tags}) >= 10


def _sample(names):
    """The default set: each folder's own instance and its bfloat16 one; the other variants
    (float32, fp16 backward, the wide shapes) are slow."""
    return [pytest.param(n, id=n, marks=() if n.partition("@")[2] in ("", "bf16") else pytest.mark.slow)
            for n in names]


@pytest.mark.parametrize("name", _sample(NAMES))
def test_tolerance_admits_a_correctly_rounded_kernel_and_refuses_a_constant(name):
    (task,) = SUITE.load([name])
    module = _module(task)
    spec = KernelSpec.of(task)
    torch.manual_seed(3)
    model = module.Model(*module.get_init_inputs())
    torch.manual_seed(4)
    inputs = module.get_inputs()
    with torch.no_grad():
        eager = _outputs(model(*inputs))
    exact = float64_outputs(widened(model), inputs)
    rounded = [e.to(r.dtype) for e, r in zip(exact, eager)]
    assert all(r.dtype == getattr(torch, task.eval["dtype"]) for r in eager if r.is_floating_point())
    assert compare(eager, rounded, spec.atol, spec.rtol, task.name) is None
    assert accuracy(exact, eager, rounded, ACCURACY_FACTOR, spec.accuracy_floor, task.name) is None
    assert not constant_would_pass(eager, spec.atol, spec.rtol)
    assert compare(eager, [torch.zeros_like(r) for r in eager], spec.atol, spec.rtol, task.name) is not None


def _judge(task, files):
    return asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=files), "local",
                                           [SUITE.root], cache=False))


@pytest.mark.slow  # two judge runs (about a minute): the accuracy test below keeps a judge run in the default set
@pytest.mark.timeout(900)  # two judge runs: minutes on a loaded 2-core machine
def test_half_accumulation_fails_where_float32_accumulation_is_required():
    """One task end to end (every instance is `tasks check`ed): the reference passes in fp16,
    the same kernel accumulating in the input dtype fails, and the float32 variant does not
    count that candidate as wrong (it is right there)."""
    (fp16, fp32) = SUITE.load(["gemm_fp32_accumulate", "gemm_fp32_accumulate@fp32"])
    assert "half_accumulator" not in fp32.wrong_candidates()
    ok = _judge(fp16, fp16.reference)
    assert ok.status is Status.PASS, ok.reason + ok.logs
    bad = _judge(fp16, fp16.wrong_candidates()["half_accumulator"])
    assert bad.status is Status.FAIL and bad.category == "mismatch", bad.reason


@pytest.mark.slow  # two judge runs; the gradient checks are also covered in process (test_kernel_lowp_attacks)
@pytest.mark.timeout(900)
def test_a_backward_candidate_missing_a_gradient_term_fails():
    (task,) = SUITE.load(["layer_norm_backward@bf16"])
    ok = _judge(task, task.reference)
    assert ok.status is Status.PASS, ok.reason + ok.logs
    bad = _judge(task, task.wrong_candidates()["dx_missing_mean_term"])
    assert bad.status is Status.FAIL and "output 1" in bad.reason, bad.reason


@pytest.mark.timeout(900)
def test_results_rounded_one_precision_lower_fail_the_accuracy_check():
    """Within rtol (bfloat16's rounding, 2^-9, is below float16's 1e-2), so only the judge's
    float64 run catches it: category `inaccurate`, the eager and allowed errors in the reason."""
    (task,) = SUITE.load(["softmax_lowp"])
    bad = _judge(task, task.wrong_candidates()["rounded_one_precision_lower"])
    assert bad.status is Status.FAIL and bad.category == "inaccurate", bad.reason + bad.logs
    assert "float64 reference" in bad.reason and "eager PyTorch in torch.float16" in bad.reason
