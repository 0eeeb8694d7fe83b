"""More attacks on the judge's accuracy check against the float64 reference model (a second
attacker's regressions, beside tests/test_kernel_accuracy_attacks.py, whose helpers they use;
docs/kernel-judge.md, *Accuracy against float64*). Judged with the judge's own `compare` and
`accuracy` on each task's inputs, no judge run.

- Held (legitimate answers not refused): half-precision kernels that round an intermediate
  to the task's dtype as well-known implementations do (Llama's RMSNorm, a layer norm that
  rounds the normalised value before its affine step, a GEMM with its bias added after
  rounding, flash attention's probabilities in the dtype before the second GEMM); a float32
  GEMM split along K (contiguous or strided chunks, summed afterwards); a float32 GEMM
  emulated by three half-precision products of split operands (hi*hi + hi*lo + lo*hi).
- Held (lower precision refused): float16 operands on half of K only (the first half, or the
  middle across the sign change); a float16 accumulator flushed to float32 every 4 terms; a
  GEMM with float16 operands on the smaller half of its outputs and exact on the rest.
- Broke, then fixed: where eager float32 is itself several units in the last place off at
  most elements (sums with cancelling terms: attention, GEMMs, convolutions, a GLU), 80 %
  (linear_batchnorm_relu: 90 %) of the outputs, the smaller ones, rounded to float16 passed at
  the per-element bound 2048 (it is scaled by eager's own error at the element, and the
  relative L2 bound is decided by the largest elements); the float32 bound is now 256
  (_spec.ELEMENT_BOUND), and every one of them fails (numbers beside EAGER_INEXACT_HOLES).
  What still passes: the smallest 80 % in float16 on gemm_fp32_accumulate@fp32_wide (K =
  16384, 11 % of the elements over the bound, allowed 12.5 %); its 90 % fails.
- Held (was a strict xfail): float16 (TF32) GEMM operands passed three float32 tasks:
  linear_logsumexp (relative L2 0.05x the bound) and linear_silu_rowsum (0.50x) reduce the
  GEMM's result, and the operands' rounding errors averaged out there, as they did on
  gemm_fp32_accumulate before its inputs changed sign along K; pairwise_sq_distances adds the
  GEMM's result to the two squared norms, which dominated (0.59x; the cross term alone in
  float16 with exact norms 0.30x); at the per-element float32 bound 256 the last two
  failed that check, linear_logsumexp still passed. Every other float32 task with a GEMM or a
  convolution refused them (1.7x to 3.7x the bound, measured on 28). Their inputs now make
  the result a small remainder of cancelling terms: on the two linear tasks the inputs are
  negative on a random half of the features and the weight's rows share a positive common
  part, so each row's logits carry a common term whose operand rounding no reduction over the
  features averages out; pairwise_sq_distances's points lie around a common centre 8 times
  their spread from the origin. float16 operands now fail by 3.6x to 8.1x the bound (rounded
  to nearest; 5.1x to 9.5x stochastically), bfloat16 by 29x to 88x; in-order float32 stays
  under 0.09x.
"""

from __future__ import annotations

import math

import pytest

torch = pytest.importorskip("torch", reason="the cuda-kernels suite needs torch")

from kernel_accuracy_support import in_order_float32, operands_rounded  # noqa: E402
from test_kernel_accuracy_attacks import _as_list, _task_model_inputs, _verdict  # noqa: E402

from chipbench.evaluators.kernels._compare import relative_error  # noqa: E402
from chipbench.evaluators.kernels._spec import ACCURACY_FACTOR, KernelSpec  # noqa: E402
from chipbench.evaluators.kernels.worker.wide import float64_outputs, widened  # noqa: E402


def _judged(name, answer_of):
    """The verdict on `answer_of(model, inputs)` (a list of outputs in the task's dtypes)."""
    task, model, inputs = _task_model_inputs(name)
    with torch.no_grad():
        ref = _as_list(model(*inputs))
        answer = answer_of(model, inputs)
    truth = float64_outputs(widened(model), inputs)
    return _verdict(task, truth, ref, [a.to(r.dtype) for a, r in zip(answer, ref)])


def _llama_rms_norm(model, inputs):
    """HF LlamaRMSNorm: normalised in float32, rounded to the dtype, then times the weight in it."""
    (x,) = inputs
    xf = x.float()
    y = (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + model.eps)).to(x.dtype)
    return [model.weight * y]


def _layer_norm_rounded_steps(model, inputs):
    """Statistics in float32; the normalised value, its product with the weight and the sum
    with the bias each rounded to the dtype (three roundings)."""
    (x,) = inputs
    norm, xf = model.norm, x.float()
    xhat = ((xf - xf.mean(-1, keepdim=True)) * torch.rsqrt(xf.var(-1, unbiased=False, keepdim=True) + norm.eps))
    scaled = (xhat.to(x.dtype).float() * norm.weight.float()).to(x.dtype)
    return [(scaled.float() + norm.bias.float()).to(x.dtype)]


def _linear_bias_after_rounding(model, inputs):
    """x W^T accumulated in float32 and rounded, then the bias added in a second step (a GEMM
    library call without a fused epilogue)."""
    (x,) = inputs
    fc = model.fc
    y = (x.float() @ fc.weight.float().t()).to(x.dtype)
    return [(y.float() + fc.bias.float()).to(x.dtype)]


def _flash_attention(model, inputs):
    """Flash attention's precision: scores and softmax in float32, the unnormalised
    probabilities rounded to the dtype for the second GEMM, divided by the float32 row sum."""
    q, k, v = inputs
    scores = (q.float() @ k.float().transpose(-1, -2)) / math.sqrt(q.shape[-1])
    e = torch.exp(scores - scores.max(-1, keepdim=True).values)
    return [((e.to(q.dtype).float() @ v.float()) / e.sum(-1, keepdim=True)).to(q.dtype)]


LEGIT_HALF = [("rms_norm_lowp", _llama_rms_norm), ("layer_norm_lowp", _layer_norm_rounded_steps),
              ("linear_lowp", _linear_bias_after_rounding), ("attention_lowp", _flash_attention),
              pytest.param("rms_norm_lowp@bf16", _llama_rms_norm, marks=pytest.mark.slow),
              pytest.param("layer_norm_lowp@bf16", _layer_norm_rounded_steps, marks=pytest.mark.slow),
              pytest.param("layer_norm_lowp@fp16_wide", _layer_norm_rounded_steps, marks=pytest.mark.slow),
              pytest.param("linear_lowp@bf16", _linear_bias_after_rounding, marks=pytest.mark.slow),
              pytest.param("linear_lowp@fp16_wide", _linear_bias_after_rounding, marks=pytest.mark.slow),
              pytest.param("attention_lowp@bf16", _flash_attention, marks=pytest.mark.slow),
              pytest.param("attention_lowp@fp16_wide", _flash_attention, marks=pytest.mark.slow)]


@pytest.mark.parametrize(("name", "answer_of"), LEGIT_HALF)
def test_rounding_an_intermediate_to_the_dtype_is_not_refused(name, answer_of):
    """Measured with the per-element share (work in progress): at most 5 % of the elements
    over its bound (layer norm, flash attention on fp16), relative L2 at most 0.36 of the
    bound."""
    assert _judged(name, answer_of) is None


def _split_k(chunks, strided):
    def answer_of(model, inputs):
        a, b = (x.float() for x in inputs)
        if strided:
            parts = [a[:, i::chunks] @ b[i::chunks] for i in range(chunks)]
        else:
            parts = [x @ y for x, y in zip(a.chunk(chunks, -1), b.chunk(chunks, 0))]
        total = torch.zeros_like(parts[0])
        for part in parts:
            total = total + part
        return [total]
    return answer_of


def _split_operands(low):
    """A float32 GEMM from three products of `low` operands: x = hi + lo, hi*hi + hi*lo + lo*hi
    (the lo*lo term dropped), as tensor-core float32 emulations do."""
    def answer_of(model, inputs):
        a, b = (x.double() for x in inputs)
        ah, bh = a.to(low).double(), b.to(low).double()
        al, bl = (a - ah).to(low).double(), (b - bh).to(low).double()
        return [ah @ bh + ah @ bl + al @ bh]
    return answer_of


@pytest.mark.parametrize("answer_of", [_split_k(2, False), _split_k(64, False), _split_k(8, True),
                                       _split_operands(torch.bfloat16), _split_operands(torch.float16)],
                         ids=["split_k_2", "split_k_64", "strided_split_k_8", "bf16x3", "fp16x3"])
def test_float32_gemm_other_orders_are_not_refused(answer_of):
    """Measured: relative L2 at most 0.01 of the bound (bf16x3: 0.04), no element off."""
    assert _judged("gemm_fp32_accumulate@fp32", answer_of) is None


def _half_operands_on(part):
    """float16 operands on the K range `part` picks, float32-exact products elsewhere."""
    def answer_of(model, inputs):
        a, b = (x.double() for x in inputs)
        span = part(a.shape[-1])
        low_a, low_b = a.clone(), b.clone()
        low_a[:, span], low_b[span] = a[:, span].half().double(), b[span].half().double()
        return [low_a @ low_b]
    return answer_of


def _half_accumulator_flushed(every):
    """Products in float32, summed in a float16 accumulator that is added to a float32 total
    every `every` terms (a half accumulator with a periodic flush)."""
    def answer_of(model, inputs):
        a, b = (x.float() for x in inputs)
        total = torch.zeros(a.shape[0], b.shape[1])
        for start in range(0, a.shape[-1], every):
            acc = torch.zeros(a.shape[0], b.shape[1], dtype=torch.float16)
            for j in range(start, start + every):
                acc = (acc.float() + a[:, j:j + 1] * b[j:j + 1]).half()
            total += acc.float()
        return [total]
    return answer_of


def _half_operands_on_smaller_outputs(share):
    """float16 operands on the `share` of the outputs with the smallest magnitude, exact on the rest."""
    def answer_of(model, inputs):
        a, b = (x.double() for x in inputs)
        exact, low = a @ b, a.half().double() @ b.half().double()
        return [torch.where(exact.abs() < exact.abs().flatten().quantile(share), low, exact)]
    return answer_of


@pytest.mark.parametrize("answer_of", [_half_operands_on(lambda k: slice(0, k // 2)),
                                       _half_operands_on(lambda k: slice(k // 4, 3 * k // 4)),
                                       _half_accumulator_flushed(4),
                                       _half_operands_on_smaller_outputs(0.5)],
                         ids=["first_half_of_k", "middle_half_of_k", "fp16_acc_flushed_every_4",
                              "smaller_half_of_outputs"])
def test_partly_lower_precision_gemm_fails(answer_of):
    """Measured on gemm_fp32_accumulate@fp32 (bound 1.22e-4): relative L2 1.77x, 1.80x, 2.97x
    and 1.76x the bound, and elements outside the elementwise tolerance. (float16 operands on
    an eighth of K pass, at 0.86x: a small saving, left alone.)"""
    assert _judged("gemm_fp32_accumulate@fp32", answer_of) is not None


def _scaled_operands(low, top):
    """Operands scaled per row so that each row's largest magnitude is `top` (float8 e4m3's
    448, near float16's), rounded to `low` and scaled back: how low-precision GEMMs keep the
    small operands out of the subnormal range (a plain cast leaves them there, coarser)."""
    def rounded(x):
        scale = top / x.abs().amax(-1, keepdim=True).clamp_min(1e-30)
        return (x * scale).to(low).double() / scale

    def answer_of(model, inputs):
        a, b = (x.double() for x in inputs)
        return [rounded(a) @ rounded(b.t()).t()]
    return answer_of


@pytest.mark.parametrize(("name", "low", "top"), [("gemm_fp32_accumulate@fp32", torch.float16, 2.0**14),
                                                  ("gemm_fp32_accumulate@bf16", torch.float8_e4m3fn, 448.0)])
def test_scaled_lower_precision_operands_fail(name, low, top):
    """Measured (per-row scales): relative L2 2.46x the bound on @fp32 (float16), 2.47x on @bf16
    (float8 e4m3); per-tensor scales 2.54x and 2.58x."""
    assert _judged(name, _scaled_operands(low, top)) is not None


# (instance, share of the outputs, the smallest ones, rounded to float16). Eager float32 is
# several units in the last place off at most of these outputs (sums whose terms cancel; on
# gemm_fp32_accumulate and linear_lowp by design, their products change sign halfway along K),
# so the per-element bound, scaled by eager's own error there, admitted float16 rounding at
# them at 2048 and the relative L2 error is the largest elements'. Measured share over the
# bound at 256 (allowed 0.125; at 2048 in brackets) / L2 ratio to its bound:
EAGER_INEXACT_HOLES = [
    ("attention_lowp@fp32", 0.8),        # 0.398 (0.046), L2 0.86x
    ("gemm_fp32_accumulate@fp32", 0.8),  # 0.160 (0.012), L2 0.95x
    *(pytest.param(n, s, marks=pytest.mark.slow) for n, s in (
        ("linear_lowp@fp32", 0.8),           # 0.170 (0.012), L2 0.93x
        ("linear_batchnorm_relu", 0.9),      # 0.570 (0.072), L2 0.97x (half of the outputs are relu zeros)
        ("linear_bias_relu", 0.8),           # 0.495 (0.041), L2 0.56x
        ("gated_linear_unit", 0.8),          # 0.492 (0.071), L2 0.96x
        ("conv_batchnorm_relu", 0.8),        # 0.626 (0.114), L2 0.58x
        ("conv2d_stride2_hardswish", 0.8),   # 0.581 (0.122), L2 0.94x
        ("gemm_fp32_accumulate@fp32_wide", 0.9)))]  # 0.154; at 0.8 0.111 passes (K = 16384)


@pytest.mark.parametrize(("name", "share"), EAGER_INEXACT_HOLES)
def test_most_outputs_in_float16_fail_where_eager_is_inexact(name, share):
    def answer_of(model, inputs):
        truth = float64_outputs(widened(model), inputs)[0]
        small = truth.abs() < truth.abs().flatten().quantile(share)
        return [torch.where(small, truth.half().double(), truth)]
    assert _judged(name, answer_of) is not None, f"{share:.0%} of {name}'s outputs in float16 accepted"


# float32 tasks that reduce their GEMM's result (logsumexp, a sum over the features) or add it
# to larger terms (squared norms): on zero-mean inputs the operands' rounding errors averaged out
# there, or were small beside the norms, and float16/TF32 operands passed (0.05x, 0.50x, 0.59x the
# bound). Their inputs now make the result a small remainder of cancelling terms (the model.py
# docstrings). Measured (main shape, seeds 3/4), relative L2 to the bound: float16 operands
# rounded to nearest 8.1x, 6.9x, 3.6x; stochastically 9.5x, 9.4x, 5.1x; bfloat16 56x, 55x, 29x
# (stochastically 88x, 73x, 41x).
CANCELLING_GEMM_TASKS = ["linear_logsumexp", "linear_silu_rowsum", "pairwise_sq_distances"]


@pytest.mark.parametrize("stochastic", [False, True], ids=["nearest", "stochastic"])
@pytest.mark.parametrize("low", ["float16", "bfloat16"])
@pytest.mark.parametrize("name", CANCELLING_GEMM_TASKS)
def test_tensor_core_operands_fail_a_float32_task_with_a_gemm(name, low, stochastic):
    """Refused by the relative L2 check alone, with at least 1.5 times its bound to spare (the
    elementwise tolerance refuses most of them too)."""
    task, model, inputs = _task_model_inputs(name)
    with torch.no_grad():
        ref = _as_list(model(*inputs))
    truth = float64_outputs(widened(model), inputs)
    answer = [o.to(r.dtype) for o, r in zip(operands_rounded(model, inputs, low, stochastic), ref)]
    assert _verdict(task, truth, ref, answer) is not None, f"{low} operands accepted on {name}"
    bound = max(ACCURACY_FACTOR * relative_error(ref[0], truth[0]), KernelSpec.of(task).accuracy_floor)
    assert relative_error(answer[0], truth[0]) > 1.5 * bound


def _direct_squared_distances(model, inputs):
    """sum((a_i - b_j)^2) in float32, as the CUDA and Triton references compute it."""
    a, b = inputs
    return [((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)]


def _float64_rounded(model, inputs):
    return [t.float() for t in float64_outputs(widened(model), inputs)]


@pytest.mark.parametrize("answer_of", [in_order_float32, _float64_rounded], ids=["in_order", "rounded"])
@pytest.mark.parametrize("name", CANCELLING_GEMM_TASKS)
def test_float32_answers_pass_the_cancelling_gemm_tasks(name, answer_of):
    """Measured: in-order float32 at most 0.09x the bound (pairwise_sq_distances, whose eager
    error is about as large), no element over the per-element bound."""
    assert _judged(name, answer_of) is None


def test_direct_squared_distances_pass():
    assert _judged("pairwise_sq_distances", _direct_squared_distances) is None


@pytest.mark.parametrize("name", ["softmax_lowp@fp32", "softmax_rows"])
def test_tiny_outputs_set_to_zero_fail(name):
    """Probabilities under 1e-6 answered as zero (35 % of softmax_lowp@fp32's, 19 % of
    softmax_rows'): within the elementwise atol and the relative L2 bound (0.44x, 0.14x), held
    by the per-element share (0.353, 0.194 of the elements off; allowed 0.125)."""
    def answer_of(model, inputs):
        truth = float64_outputs(widened(model), inputs)[0]
        return [torch.where(truth.abs() < 1e-6, torch.zeros_like(truth), truth)]
    assert _judged(name, answer_of) is not None


@pytest.mark.slow
@pytest.mark.parametrize("name", ["softmax_lowp@fp16_wide", "log_softmax_lowp@fp16_wide", "attention_lowp@fp16_wide",
                                  "softmax_backward@fp16_wide", "cross_entropy_backward@fp16_wide",
                                  "layer_norm_lowp@bf16_wide"])
def test_in_order_float32_on_the_long_half_precision_instances_is_not_refused(name):
    """In-order float32 sums (the C++ reference kernels' order) rounded once, on the longest
    half-precision rows: measured relative L2 at most 0.31x the bound, no element over the
    per-element bound."""
    assert _judged(name, in_order_float32) is None
