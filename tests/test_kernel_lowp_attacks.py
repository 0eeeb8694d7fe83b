"""Attacks on the half-precision and backward kernel tasks' tolerances (an attacker's
regressions): answers the per-dtype tolerances must refuse, checked on each task's own
inputs with the judge's comparison (no judge run needed: `compare` is what it applies).

- a gradient left out (zeros) beside correct others, and a gradient off by 3 %: every
  gradient is compared on its own, so one wrong gradient fails;
- the whole model computed in a *lower* precision than the task's dtype and cast back (bf16
  for a float16 task, float16 for a float32 one): a candidate that does that has not met
  the task's precision. The elementwise tolerance admits it on many tasks (float32 rtol 1e-3 >
  float16's rounding, float16 rtol 1e-2 > bfloat16's); the judge's accuracy check against the
  reference model in float64 refuses it (_spec.ACCURACY_FACTOR), here on the half-precision
  and backward instances the attack named and on a sample of the float32 forward tasks."""

from __future__ import annotations

import copy
import sys

import pytest

torch = pytest.importorskip("torch", reason="the cuda-kernels suite needs torch")

from chipbench.evaluators.kernels._compare import accuracy, compare  # noqa: E402
from chipbench.evaluators.kernels._spec import ACCURACY_FACTOR, KernelSpec  # noqa: E402
from chipbench.evaluators.kernels.worker.wide import float64_outputs, widened  # noqa: E402
from chipbench.runner import resolve_suites  # noqa: E402

(SUITE,) = resolve_suites(["cuda-kernels"])


def _reference_and_inputs(name):
    (task,) = SUITE.load([name])
    module = type(sys)(f"model_{name.replace('@', '_')}")
    exec(task.workspace["model.py"], module.__dict__)  # noqa: S102 - the suite's own model.py
    torch.manual_seed(3)
    model = module.Model(*module.get_init_inputs())
    torch.manual_seed(4)
    inputs = module.get_inputs()
    with torch.no_grad():
        out = model(*inputs)
    ref = [o.detach() for o in (out if isinstance(out, (tuple, list)) else [out])]
    return task, model, inputs, ref


def _judged(task, ref, answer):
    spec = KernelSpec.of(task)
    return compare(ref, answer, spec.atol, spec.rtol, task.name)


@pytest.mark.parametrize("name", ["mse_loss_backward", "mse_loss_backward@bf16", "silu_backward@fp16",
                                  "linear_backward@bf16"])
def test_each_gradient_is_judged_on_its_own(name):
    task, _, _, ref = _reference_and_inputs(name)
    for k in range(len(ref)):
        for how, wrong in (("left out", torch.zeros_like(ref[k])), ("off by 3%", (ref[k] * 0.97).to(ref[k].dtype))):
            answer = [wrong if i == k else r for i, r in enumerate(ref)]
            assert _judged(task, ref, answer) is not None, f"output {k} {how} passed"


LOWER = {"float32": "float16", "float16": "bfloat16"}
# The float32 forward tasks (issue #14) whose model computed in float16 passes the elementwise
# tolerance (16 of 62, measured; linear_logsumexp and linear_silu_rowsum were two more until their
# inputs were made to cancel, issue #19): a sample in the default set, the others slow.
FP32_ADMITTED = ["attention_head", "gather_dim1", "l2_normalize_rows", "softplus", "elu", "gelu_tanh",
                 "index_select_rows", "leaky_relu", "masked_mean",
                 "max_middle_dim", "max_pool2d", "mean_last_dim", "multi_head_attention", "silu",
                 "softmax_cross_entropy", "transpose_batched"]
FP32_SAMPLE = [pytest.param(n, marks=() if i < 4 else pytest.mark.slow) for i, n in enumerate(FP32_ADMITTED)]


def _truth(model, inputs):
    return float64_outputs(widened(model), inputs)


def _accurate(task, truth, ref, answer):
    spec = KernelSpec.of(task)
    return accuracy(truth, ref, answer, ACCURACY_FACTOR, spec.accuracy_floor, task.name)


@pytest.mark.parametrize("name", ["softmax_lowp@fp32", "silu_backward", "mse_loss_backward", "log_softmax_lowp@fp32",
                                  "silu_backward@fp16", "mse_loss_backward@fp16", "gemm_fp32_accumulate",
                                  *FP32_SAMPLE])
def test_a_model_computed_in_a_lower_precision_fails(name):
    """Fails the float64 accuracy check (the elementwise tolerance admits it on most of
    these); the same answer rounded from float64 passes both."""
    task, model, inputs, ref = _reference_and_inputs(name)
    low = getattr(torch, LOWER[task.eval["dtype"]])
    with torch.no_grad():
        out = copy.deepcopy(model).to(low)(*[x.to(low) if x.is_floating_point() else x for x in inputs])
    answer = [o.detach().to(r.dtype) for o, r in zip(out if isinstance(out, (tuple, list)) else [out], ref)]
    truth = _truth(model, inputs)
    assert _judged(task, ref, answer) is not None or _accurate(task, truth, ref, answer) is not None
    bad = _accurate(task, truth, ref, answer)
    assert bad is not None and bad.category == "inaccurate", f"{name}: {bad}"
    rounded = [t.to(r.dtype) for t, r in zip(truth, ref)]
    assert _judged(task, ref, rounded) is None and _accurate(task, truth, ref, rounded) is None


def test_the_judge_keeps_float32_in_float32_on_a_gpu():
    """A float32 task means float32 arithmetic: the judge's workers turn TF32 off for matmuls
    and convolutions (PyTorch's default lets cuDNN convolutions use it), so neither the
    reference nor the timing baseline runs at TF32's 10-bit mantissa. The flags exist in CPU
    builds too, so this runs here."""
    import subprocess

    code = ("import torch; from chipbench.evaluators.kernels.worker.wide import ieee_fp32; ieee_fp32(); "
            "b = torch.backends; print(b.cuda.matmul.fp32_precision, b.cudnn.conv.fp32_precision, "
            "b.cudnn.rnn.fp32_precision, torch.get_float32_matmul_precision())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["ieee", "ieee", "ieee", "highest"], out
