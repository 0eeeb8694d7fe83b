"""A third attacker's regressions on the kernel judge's accuracy check against the float64
reference model, after the per-element float32 bound went from 2048 to 256 (docs/kernel-judge.md,
*Accuracy against float64*, *Per element*). Judged with the judge's own `compare` and
`accuracy` on each task's inputs (main shape unless a shape is named), no judge run. Numbers:
"L2" is the relative L2 error over its bound (max(3 x eager's, floor)), "share" the share of
elements over the per-element bound (allowed 0.125); measured 26 Nov on the CPU, input seed 4
unless said (`_judged` takes a seed and a shape; the judge's trials draw their own seeds and run
every alternate shape, and one refusal refuses the kernel).

Legitimate answers refused (strict xfail, reported):
- variance as E[x^2] - E[x]^2 with in-order float32 sums (a one-pass C++ loop) on
  layer_norm_lowp@fp32_wide: 0.043 to 0.130 over seeds 4-15, refused at seed 14. The error is
  the row's statistic, common to its 8192 elements, so the share moves in steps of a row
  (1/32): the share cannot tell one inaccurate statistic from many inaccurate elements.
- modelled, to check on a GPU: a tensor-core float32 accumulator cut toward zero after each
  16-product step (the truncation measured on NVIDIA tensor cores) on the K = 16384 cancelling
  half-precision instances: share 0.22-0.25. On a GPU eager's own error, which scales the bound,
  comes from the same tensor cores.

Legitimate answers accepted (held), the closest first: in-order float32 GEMMs on the K = 16384
float32 instances, seeds 5-7: share up to 0.039 (the docs' 1.8 % is seed 4's); online softmax
with __expf-like exp on softmax_lowp@fp32_wide 0.024-0.042; two-pass variance in order up to
0.037 (seeds 4-15); truncating tensor-core accumulators at K = 4096: 0.03 (16-product steps),
0.11 (4-product steps); flash attention in float32, blocks of 16 keys: 0.010; float32 scans
(in order, tree, blocked): 0.009; Winograd F(2,3)/F(4,3)/F(6,3) and FFT convolutions: at most
0.005 (every alternate shape of five conv tasks accepted); GEMM orders (FMA, reversed, Kahan,
pairwise, split-K, 3xTF32): at most 0.004; fast-math exp/sigmoid/tanh/rsqrt+Newton: 0.0007;
float32 sums really added in float32 (TrueInOrder: kernel_accuracy_support.InOrder sums with
`cumsum`, which PyTorch's CPU kernel accumulates in double, test_cpu_cumsum_is_not_a_float32_running_sum):
0.0001. Relative L2 of all of these at most 0.27x.

Lower precision refused (held): tanh.approx.f32 (2^-11) in gelu_tanh, tanh_gate_chain and
lstm_cell; one GEMM operand in TF32 (2xTF32) on every float32 GEMM task measured (20; on
linear_logsumexp since its inputs cancel, it passed before); float16 accumulators promoted to float32 every 8-32 terms; split-K through
a half-precision output; a ninth of the rows computed in float16 where a row is a reduction.

Lower precision accepted (strict xfail, reported):
- a ninth (and an eighth) of the rows, one row tile in nine, in float16 on float32 tasks where
  float16 passes the elementwise tolerance: 0.09-0.118 (ELEMENT_SHARE allows it by design).
  On float16 instances a fifth of the rows in bfloat16 passes (0.113-0.116): that rounding is
  over the bound on only ~60 % of the elements it touches.
Not made a test: a tensor-core accumulator keeping 13-14 bits and promoted to float32 every
64-128 terms (DeepSeek-V3's account of FP8 GEMMs) on the float16 GEMM instances: share 0.05 to
0.14 over seeds, accepted on most; no hardware is known to do that with float16 operands.
"""

from __future__ import annotations

import math
import sys
import tomllib

import pytest

torch = pytest.importorskip("torch", reason="the cuda-kernels suite needs torch")

from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402

from kernel_accuracy_support import AskedDtype, Float32, Gemm, InOrder, operands_rounded, running_sum  # noqa: E402
from test_kernel_accuracy_attacks import SUITE, _as_list, _verdict  # noqa: E402

from chipbench.evaluators.kernels.worker.wide import float64_outputs, widened  # noqa: E402

aten = torch.ops.aten


def _judged(name, answer_of, seed=4, shape=None):
    """The verdict on `answer_of(model, inputs)` for `name` on input seed `seed` and the shape
    `shape` (a shapes.toml entry: module constants), as test_kernel_accuracy_attacks2._judged."""
    (task,) = SUITE.load([name])
    module = type(sys)(f"model_{name.replace('@', '_')}")
    exec(task.workspace["model.py"], module.__dict__)  # noqa: S102 - the suite's own model.py
    for key, value in (shape or {}).items():
        setattr(module, key, value)
    torch.manual_seed(3)
    model = module.Model(*module.get_init_inputs())
    torch.manual_seed(seed)
    inputs = module.get_inputs()
    with torch.no_grad():
        ref = _as_list(model(*inputs))
        answer = answer_of(model, inputs)
    truth = float64_outputs(widened(model), inputs)
    return _verdict(task, truth, ref, [a.to(r.dtype) for a, r in zip(answer, ref)])


def _alternate_shapes(name):
    (task,) = SUITE.load([name])
    return tomllib.loads((task.hidden_dir / "shapes.toml").read_text()).get("alt", [])


def _in_float32(*modes):
    """The model in float32 under the dispatch modes `modes` (each a callable making one)."""
    def answer_of(model, inputs):
        wide = [x.float() if x.is_floating_point() else x for x in inputs]
        with torch.no_grad(), Float32():
            stack = [make() for make in modes]
            for mode in stack:
                mode.__enter__()
            try:
                return _as_list(widened(model).float()(*wide))
            finally:
                for mode in reversed(stack):
                    mode.__exit__(None, None, None)
    return answer_of


# ---- float32 building blocks a legitimate kernel uses -------------------------------------

def _tree_sum(x):
    """x summed along its last dim pairwise (a warp-shuffle reduction) in float32."""
    while x.shape[-1] > 1:
        if x.shape[-1] % 2:
            x = torch.cat([x, torch.zeros(*x.shape[:-1], 1, dtype=x.dtype)], -1)
        x = x[..., 0::2] + x[..., 1::2]
    return x[..., 0]


LOG2E = 1.4426950408889634


def _dither(shape, size, seed):
    gen = torch.Generator().manual_seed(seed)
    return (torch.rand(shape, generator=gen, dtype=torch.float64) * 2 - 1) * size


def fast_exp(x):
    """__expf: ex2.approx.f32 (relative error up to 2^-22, here a random one) of the float32
    product x * log2(e), whose rounding makes exp's error grow with |x|."""
    t = x.float() * LOG2E
    return (torch.exp2(t.double()) * (1 + _dither(t.shape, 2.0**-22, 1))).float()


def rsqrt_newton(v):
    """rsqrt.approx.f32 (relative error up to 2^-22.9) refined by one Newton step in float32."""
    y0 = (torch.rsqrt(v.double()) * (1 + _dither(v.shape, 2.0**-22.9, 0))).float()
    return y0 * (1.5 - 0.5 * v * y0 * y0)


def tanh_via_exp(x):
    """tanhf as fast-math code writes it: 1 - 2 / (__expf(2|x|) + 1), sign restored."""
    return torch.copysign(1.0 - 2.0 / (fast_exp(2.0 * x.abs()) + 1.0), x)


def tanh_approx(x):
    """PTX tanh.approx.f32: relative error up to 2^-10.987 (here a random one up to 2^-11)."""
    return (torch.tanh(x.double()) * (1 + _dither(x.shape, 2.0**-11, 2))).float()


def fast_sigmoid(z):
    """1 / (1 + __expf(-z))."""
    return 1.0 / (1.0 + fast_exp(-z))


class FastMath(TorchDispatchMode):
    """float32 exp, sigmoid, silu, tanh, rsqrt and tanh-GELU from fast intrinsics."""

    def __init__(self, tanh=tanh_via_exp):
        super().__init__()
        self.tanh = tanh

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        x = args[0] if args else None
        if not (isinstance(x, torch.Tensor) and x.dtype == torch.float32):
            return func(*args, **kwargs)
        if func is aten.exp.default:
            return fast_exp(x)
        if func is aten.sigmoid.default:
            return fast_sigmoid(x)
        if func is aten.silu.default:
            return x * fast_sigmoid(x)
        if func is aten.tanh.default:
            return self.tanh(x)
        if func is aten.rsqrt.default:
            return rsqrt_newton(x)
        if func is aten.gelu.default and kwargs.get("approximate", args[1] if len(args) > 1 else "none") == "tanh":
            return 0.5 * x * (1.0 + self.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))
        return func(*args, **kwargs)


# ---- GEMM summation orders -----------------------------------------------------------------

def _product(a, b, k):
    return a[..., :, k:k + 1] * b[..., k:k + 1, :]


def gemm_fma_in_order(a, b, lo=0, hi=None):
    """One float32 accumulator, each step a fused multiply-add (exact product, one rounding)."""
    hi = a.shape[-1] if hi is None else hi
    acc = torch.zeros(*a.shape[:-1], b.shape[-1])
    a64, b64 = a.double(), b.double()
    for k in range(lo, hi):
        acc = (acc.double() + _product(a64, b64, k)).float()
    return acc


def gemm_reversed(a, b):
    acc = torch.zeros(*a.shape[:-1], b.shape[-1])
    for k in reversed(range(a.shape[-1])):
        acc = acc + _product(a, b, k)
    return acc


def gemm_kahan(a, b):
    total = torch.zeros(*a.shape[:-1], b.shape[-1])
    carry = torch.zeros_like(total)
    for k in range(a.shape[-1]):
        term = _product(a, b, k) - carry
        new = total + term
        carry = (new - total) - term
        total = new
    return total


def gemm_pairwise(a, b, lo=0, hi=None):
    hi = a.shape[-1] if hi is None else hi
    if hi - lo == 1:
        return _product(a, b, lo)
    mid = (lo + hi) // 2
    return gemm_pairwise(a, b, lo, mid) + gemm_pairwise(a, b, mid, hi)


def gemm_split_k(splits):
    """`splits` contiguous K ranges, each FMA-accumulated, their partials added in order."""
    def gemm(a, b):
        edges = [round(i * a.shape[-1] / splits) for i in range(splits + 1)]
        total = torch.zeros(*a.shape[:-1], b.shape[-1])
        for lo, hi in zip(edges, edges[1:]):
            total = total + gemm_fma_in_order(a, b, lo, hi)
        return total
    return gemm


def _tf32(x):
    """x rounded to nearest with 10 explicit mantissa bits (TF32), float32's exponent range."""
    mantissa, exponent = torch.frexp(x.double())
    return torch.ldexp(torch.round(mantissa * 2.0**11) / 2.0**11, exponent).to(x.dtype)


def gemm_3xtf32(a, b):
    """CUTLASS 3xTF32: big = TF32(x), small = TF32(x - big); big*big + big*small + small*big
    on TF32 tensor cores (products exact, float32 accumulation modelled in float64)."""
    ab, bb = _tf32(a), _tf32(b)
    asmall, bsmall = _tf32(a - ab), _tf32(b - bb)
    d = torch.float64
    return (ab.to(d) @ bsmall.to(d) + asmall.to(d) @ bb.to(d)).float() + (ab.to(d) @ bb.to(d)).float()


def TrueInOrder():  # a dispatch mode maker, as the classes passed to _in_float32
    """float32 GEMMs and sums adding one term after another in float32 (InOrder sums with cumsum
    by default, which the CPU accumulates in double)."""
    return InOrder(float32_sums=True)


def test_cpu_cumsum_is_not_a_float32_running_sum():
    """Why TrueInOrder loops: in float32, 2^24 + 1 rounds back to 2^24, twice; PyTorch's CPU
    cumsum gives 2^24 + 2 (it accumulates in double), so a cumsum-based 'float32 in order' sum
    is as accurate as a double one rounded once."""
    x = torch.tensor([2.0**24, 1.0, 1.0])
    assert float(running_sum(x)) == 2.0**24
    assert float(x.cumsum(0)[-1]) == 2.0**24 + 2


GEMM_ORDERS = {"fma_in_order": gemm_fma_in_order, "reversed": gemm_reversed, "kahan": gemm_kahan,
               "pairwise": gemm_pairwise, "split_k_3": gemm_split_k(3), "split_k_7": gemm_split_k(7),
               "split_k_16": gemm_split_k(16), "3xtf32": gemm_3xtf32}


@pytest.mark.parametrize("order", [pytest.param(o, marks=pytest.mark.slow) if o in ("split_k_3", "split_k_16") else o
                                   for o in GEMM_ORDERS])
@pytest.mark.parametrize("name", ["gemm_fp32_accumulate@fp32",
                                  pytest.param("linear_lowp@fp32_wide", marks=pytest.mark.slow),
                                  pytest.param("gemm_fp32_accumulate@fp32_wide", marks=pytest.mark.slow)])
def test_float32_gemm_orders_are_not_refused(name, order):
    """Measured on gemm_fp32_accumulate@fp32 (the cancelling inputs: results ~100 times below
    their partial sums): in order with FMA share 0.0029 L2 0.056x (on the K = 16384 instances,
    seeds 5 to 7: gemm_fp32_accumulate@fp32_wide 0.016 to 0.031, L2 0.20x-0.22x;
    linear_lowp@fp32_wide 0.018 to 0.039: above the 1.8 % measured on seed 4 alone), reversed 0.0029 0.056x, Kahan
    0 0.000x, pairwise 0 0.003x, split-K 3 0.0005 0.030x, 7 0 0.015x, 16 0 0.008x, 3xTF32 0
    0.001x (in order without FMA: 0.0037, 0.056x)."""
    assert _judged(name, _in_float32(lambda: Gemm(GEMM_ORDERS[order]))) is None


# ---- convolutions: Winograd and FFT in float32 ----------------------------------------------

def _winograd_matrices(m, points, r=3):
    """F(m, r) from m + r - 2 finite interpolation points and infinity: AT and G by Lagrange,
    BT solved (float64) so that the algorithm is exact; used in float32 as a kernel would."""
    n = m + r - 1
    p = torch.tensor(points, dtype=torch.float64)
    at, g = torch.zeros(m, n, dtype=torch.float64), torch.zeros(n, r, dtype=torch.float64)
    for j in range(n - 1):
        at[:, j] = p[j] ** torch.arange(m)
        g[j] = p[j] ** torch.arange(r) / torch.prod(torch.stack([p[j] - p[i] for i in range(n - 1) if i != j]))
    at[m - 1, n - 1] = g[n - 1, r - 1] = 1
    rows = torch.stack([at[i] * g[:, k] for i in range(m) for k in range(r)])
    want = torch.stack([torch.nn.functional.one_hot(torch.tensor(i + k), n).double()
                        for i in range(m) for k in range(r)])
    bt = torch.linalg.lstsq(rows, want).solution
    assert float((rows @ bt - want).abs().max()) < 1e-9
    return bt.float(), g.float(), at.float()


# made once here, outside the Float32 mode (which would turn their float64 into float32)
WINOGRAD = {name: _winograd_matrices(m, points) for name, (m, points) in {
    "f23": (2, [0, 1, -1]), "f43": (4, [0, 1, -1, 2, -2]), "f63": (6, [0, 1, -1, 2, -2, 0.5, -0.5])}.items()}


def winograd_conv2d(x, w, pad, groups, bt, g, at):
    """Stride-1 3x3 convolution by Winograd F(m, 3): filter, input and output transforms and
    the channel sums in the transform domain, all in float32."""
    m, a = at.shape[0], bt.shape[0]
    n, c, h, wd = x.shape
    k = w.shape[0]
    ho, wo = h + 2 * pad[0] - 2, wd + 2 * pad[1] - 2
    th, tw = -(-ho // m), -(-wo // m)
    xp = torch.nn.functional.pad(x, (pad[1], pad[1] + tw * m - wo, pad[0], pad[0] + th * m - ho))
    v = torch.einsum("ij,nctwjk,lk->nctwil", bt, xp.unfold(2, a, m).unfold(3, a, m), bt)
    u = torch.einsum("ij,ocjk,lk->ocil", g, w, g)
    cg, kg = c // groups, k // groups
    prod = torch.einsum("gocij,ngctwij->ngotwij", u.reshape(groups, kg, cg, a, a),
                        v.reshape(n, groups, cg, th, tw, a, a)).reshape(n, k, th, tw, a, a)
    y = torch.einsum("ij,notwjk,lk->notwil", at, prod, at)
    return y.permute(0, 1, 2, 4, 3, 5).reshape(n, k, th * m, tw * m)[:, :, :ho, :wo]


def fft_conv(x, w, pad, groups):
    """Stride-1 cross-correlation by float32 FFTs, channel sums in the frequency domain."""
    nd = x.dim() - 2
    n, c, k = x.shape[0], x.shape[1], w.shape[0]
    xp = torch.nn.functional.pad(x, [q for size in reversed(pad) for q in (size, size)])
    size = [xp.shape[2 + i] + w.shape[2 + i] - 1 for i in range(nd)]
    dims = tuple(range(-nd, 0))
    xf = torch.fft.rfftn(xp, s=size, dim=dims)
    wf = torch.fft.rfftn(w.flip(dims), s=size, dim=dims)
    cg, kg = c // groups, k // groups
    yf = (xf.reshape(n, groups, cg, *xf.shape[2:]).unsqueeze(2)
          * wf.reshape(groups, kg, cg, *wf.shape[2:]).unsqueeze(0)).sum(3).reshape(n, k, *xf.shape[2:])
    y = torch.fft.irfftn(yf, s=size, dim=dims)
    return y[(slice(None), slice(None), *[slice(w.shape[2 + i] - 1, xp.shape[2 + i]) for i in range(nd)])]


class Conv(TorchDispatchMode):
    """float32 stride-1 convolutions by `how` ("fft" or a WINOGRAD key, 3x3 2-D only)."""

    def __init__(self, how):
        super().__init__()
        self.how, self.hits = how, 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is aten.convolution.default and args[0].dtype == torch.float32:
            x, w, bias, stride, pad, dilation, transposed, _, groups = args
            if set(stride) == {1} and set(dilation) == {1} and not transposed:
                y = None
                if self.how == "fft":
                    y = fft_conv(x, w, list(pad), groups)
                elif x.dim() == 4 and tuple(w.shape[2:]) == (3, 3):
                    y = winograd_conv2d(x, w, list(pad), groups, *WINOGRAD[self.how])
                if y is not None:
                    self.hits += 1
                    return y if bias is None else y + bias.reshape(1, -1, *[1] * (x.dim() - 2))
        return func(*args, **(kwargs or {}))


@pytest.mark.parametrize("how", [pytest.param("f23", marks=pytest.mark.slow), pytest.param("f43", marks=pytest.mark.slow),
                                 "f63", "fft"])
@pytest.mark.parametrize("name", ["conv2d_3x3", pytest.param("conv_batchnorm_relu", marks=pytest.mark.slow),
                                  pytest.param("residual_conv_block", marks=pytest.mark.slow),
                                  pytest.param("conv_groupnorm_maxpool", marks=pytest.mark.slow),
                                  pytest.param("small_cnn", marks=pytest.mark.slow)])
def test_winograd_and_fft_convolutions_are_not_refused(name, how):
    """Measured share / L2: conv2d_3x3 F(2,3) 0 / 0.001x, F(4,3) 0.0013 / 0.008x, F(6,3)
    0.0049 / 0.017x, FFT 0.0001 / 0.002x; conv_batchnorm_relu F(6,3) 0.0042 / 0.014x;
    residual_conv_block F(6,3) 0.0026 / 0.019x; the others lower."""
    conv = {}

    def mode():
        conv["mode"] = Conv(how)
        return conv["mode"]
    assert _judged(name, _in_float32(mode)) is None
    assert conv["mode"].hits >= 1


@pytest.mark.slow
@pytest.mark.parametrize("name", ["conv2d_3x3", "conv_batchnorm_relu", "residual_conv_block", "conv1d_same",
                                  "depthwise_conv2d"])
def test_winograd_and_fft_convolutions_are_not_refused_on_the_alternate_shapes(name):
    """Every alternate shape, seeds 4 and 5, F(4,3), F(6,3) and FFT (FFT only for 1-D and 5x5
    depthwise): all accepted (the judge runs them all: a refusal on one refuses the kernel)."""
    for shape in _alternate_shapes(name):
        for seed in (4, 5):
            for how in ("f43", "f63", "fft"):
                assert _judged(name, _in_float32(lambda how=how: Conv(how)), seed, shape) is None, (shape, seed, how)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["conv1d_same", "conv1d_relu_avgpool", "depthwise_conv2d"])
def test_fft_convolution_of_other_kernels_is_not_refused(name):
    """1-D kernels of 5 and a depthwise 5x5: share at most 0.0002, L2 at most 0.003x."""
    assert _judged(name, _in_float32(lambda: Conv("fft"))) is None


# ---- normalisations: variance formulas, rsqrt -----------------------------------------------

def _mean_and_variance(x, formula):
    n = x.shape[-1]
    if formula == "welford":
        mean, m2 = torch.zeros(x.shape[:-1]), torch.zeros(x.shape[:-1])
        for j in range(n):
            delta = x[..., j] - mean
            mean = mean + delta / (j + 1)
            m2 = m2 + delta * (x[..., j] - mean)
        return mean, m2 / n
    total = _tree_sum if formula.endswith("tree") else running_sum
    mean = total(x) / n
    if formula.startswith("two_pass"):
        return mean, total((x - mean[..., None]) ** 2) / n
    return mean, (total(x * x) / n - mean * mean).clamp_min(0)  # "sum_of_squares": E[x^2] - E[x]^2


class Norm(TorchDispatchMode):
    """float32 layer norm and batch norm with the statistics from `formula` and rsqrt by the
    approximation plus one Newton step."""

    def __init__(self, formula):
        super().__init__()
        self.formula, self.hits = formula, 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if args and isinstance(args[0], torch.Tensor) and args[0].dtype == torch.float32:
            if func is aten.native_layer_norm.default:
                x, shape, w, b, eps = args
                rows = x.reshape(*x.shape[:x.dim() - len(shape)], -1)
                mean, var = _mean_and_variance(rows, self.formula)
                rstd = rsqrt_newton(var + eps)
                y = ((rows - mean[..., None]) * rstd[..., None]).reshape(x.shape)
                y = y if w is None else y * w
                y = y if b is None else y + b
                self.hits += 1
                keep = [1] * len(shape)
                return y, mean.reshape(*mean.shape, *keep), rstd.reshape(*rstd.shape, *keep)
            if func in (aten._native_batch_norm_legit.no_stats, aten.native_batch_norm.default,
                        aten._native_batch_norm_legit.default, aten._native_batch_norm_legit_functional.default):
                x, w, b = args[:3]
                c = x.shape[1]
                mean, var = _mean_and_variance(x.transpose(0, 1).reshape(c, -1), self.formula)
                view = [1, c] + [1] * (x.dim() - 2)
                y = (x - mean.reshape(view)) * rsqrt_newton(var + args[-1]).reshape(view)
                y = y if w is None else y * w.reshape(view)
                y = y if b is None else y + b.reshape(view)
                self.hits += 1
                return (y, *func(*args, **kwargs)[1:])
        return func(*args, **kwargs)


@pytest.mark.slow  # the formula closest to a refusal is test_one_pass_variance_in_order_is_not_refused_on_an_unlucky_seed
@pytest.mark.parametrize("formula", ["welford", "two_pass", "two_pass_tree", "sum_of_squares", "sum_of_squares_tree"])
@pytest.mark.parametrize("name", ["layer_norm_lowp@fp32_wide",
                                  pytest.param("layer_norm", marks=pytest.mark.slow),
                                  pytest.param("layer_norm_lowp@fp32", marks=pytest.mark.slow),
                                  pytest.param("layer_norm_lowp@fp16_wide", marks=pytest.mark.slow),
                                  pytest.param("linear_batchnorm_relu", marks=pytest.mark.slow),
                                  pytest.param("conv_batchnorm_relu", marks=pytest.mark.slow)])
def test_variance_formulas_are_not_refused(name, formula):
    """E[x^2] - E[x]^2 in float32 is legitimately less accurate where the mean is large beside
    the spread (layer_norm_lowp: offset 6, std 2, so E[x^2] = 10 x the variance): measured on
    layer_norm_lowp@fp32_wide (8192 per row) with in-order sums share 0.043, L2 0.10x (the
    closest to a refusal of any legitimate answer here, margin 3 times); Welford 0.0024 /
    0.03x; two-pass in order ~0.005; pairwise sums 0 / 0.003x. layer_norm_lowp@fp32 in order:
    0.016 / 0.06x; layer_norm, linear_batchnorm_relu, conv_batchnorm_relu at most 0.0003 /
    0.01x; layer_norm_lowp (float16) at most 0.0044 / 0.21x."""
    norm = {}

    def mode():
        norm["mode"] = Norm(formula)
        return norm["mode"]
    assert _judged(name, _in_float32(mode)) is None
    assert norm["mode"].hits >= 1


@pytest.mark.xfail(strict=True, reason=(
    "reported: a legitimate (if less accurate) one-pass layer norm, variance as E[x^2] - E[x]^2 "
    "with both sums added in order in float32 (a plain C++ loop), is refused on "
    "layer_norm_lowp@fp32_wide (32 rows of 8192, offset 6, std 2) at input seed 14: 13.0 % of the "
    "elements over the per-element bound (allowed 12.5 %), relative L2 0.13x its bound; seeds 4 to "
    "15: 0.043 to 0.130 (seed 9: 0.111). The error is the row's variance, common to its 8192 "
    "elements, so the share moves in steps of one row (1/32 = 3.1 %): the share cannot tell one "
    "inaccurate statistic from many inaccurate elements. Exact rsqrt instead of the Newton step: the "
    "same 0.130; two-pass in order 0.037, Welford 0.017 at that seed"))
def test_one_pass_variance_in_order_is_not_refused_on_an_unlucky_seed():
    assert _judged("layer_norm_lowp@fp32_wide", _in_float32(lambda: Norm("sum_of_squares")), seed=14) is None


@pytest.mark.slow
@pytest.mark.parametrize("formula", ["two_pass", "welford"])
def test_two_pass_and_welford_variance_are_not_refused_on_that_seed(formula):
    """Seed 14 of layer_norm_lowp@fp32_wide: two-pass in order share 0.037 (L2 0.04x), Welford
    0.017 (0.03x)."""
    assert _judged("layer_norm_lowp@fp32_wide", _in_float32(lambda: Norm(formula)), seed=14) is None


# ---- softmax and attention: online rescaling, fast exp ---------------------------------------

def online_softmax(x, block, exp):
    """Softmax along the last dim in one pass over blocks of `block`: running max and running
    sum, the sum rescaled by exp(old max - new max) at each block, float32."""
    top = torch.full(x.shape[:-1], -math.inf)
    total = torch.zeros(x.shape[:-1])
    for lo in range(0, x.shape[-1], block):
        part = x[..., lo:lo + block]
        new_top = torch.maximum(top, part.amax(-1))
        total = total * exp(top - new_top) + exp(part - new_top[..., None]).sum(-1)
        top = new_top
    return exp(x - top[..., None]) / total[..., None]


class OnlineSoftmax(TorchDispatchMode):
    def __init__(self, block, exp):
        super().__init__()
        self.block, self.exp = block, exp

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is aten._softmax.default and args[0].dtype == torch.float32:
            return online_softmax(args[0].movedim(args[1], -1), self.block, self.exp).movedim(-1, args[1])
        return func(*args, **(kwargs or {}))


def flash_attention(block, exp):
    """Flash attention in float32: per block of keys, scores, running max, rescaled running sum
    and output accumulator; one division at the end."""
    def answer_of(model, inputs):
        q, k, v = (x.float() for x in inputs[:3])
        scale = 1 / math.sqrt(q.shape[-1])
        top = torch.full(q.shape[:-1], -math.inf)
        total, out = torch.zeros(q.shape[:-1]), torch.zeros(*q.shape[:-1], v.shape[-1])
        for lo in range(0, k.shape[-2], block):
            scores = (q @ k[..., lo:lo + block, :].transpose(-1, -2)) * scale
            new_top = torch.maximum(top, scores.amax(-1))
            alpha = exp(top - new_top)
            p = exp(scores - new_top[..., None])
            total = total * alpha + p.sum(-1)
            out = out * alpha[..., None] + p @ v[..., lo:lo + block, :]
            top = new_top
        return [out / total[..., None]]
    return answer_of


@pytest.mark.parametrize(("name", "block"), [("softmax_lowp@fp32_wide", 64),
                                             pytest.param("softmax_rows", 64, marks=pytest.mark.slow),
                                             pytest.param("causal_attention_probs", 64, marks=pytest.mark.slow),
                                             pytest.param("softmax_lowp@fp32_wide", 128, marks=pytest.mark.slow)])
def test_online_softmax_with_fast_exp_is_not_refused(name, block):
    """Measured share / L2: softmax_lowp@fp32_wide 0.034 / 0.11x with blocks of 64 (0.0030 /
    0.05x with 128; with the exact exp 0 / 0.002x), softmax_rows 0 / 0.009x,
    causal_attention_probs 0 / 0.004x."""
    assert _judged(name, _in_float32(lambda: OnlineSoftmax(block, fast_exp))) is None


@pytest.mark.parametrize(("name", "block"), [("attention_lowp@fp32", 64),
                                             pytest.param("attention_lowp@fp32_wide", 16, marks=pytest.mark.slow),
                                             pytest.param("attention_lowp", 64, marks=pytest.mark.slow),
                                             pytest.param("scaled_dot_product_attention", 16, marks=pytest.mark.slow),
                                             pytest.param("attention_lowp@bf16", 64, marks=pytest.mark.slow)])
def test_flash_attention_in_float32_is_not_refused(name, block):
    """With __expf-like exp: attention_lowp@fp32_wide blocks of 16 share 0.0098 / L2 0.053x
    (64: 0.0009 / 0.013x), attention_lowp@fp32 64: 0.0004 / 0.006x, scaled_dot_product_attention
    16: 0.0002 / 0.006x; rounded once to float16 / bfloat16 (attention_lowp, @bf16): 0 / 0.19x,
    0 / 0.10x."""
    assert _judged(name, flash_attention(block, fast_exp)) is None


# ---- fast-math intrinsics, scans, float32 sums -----------------------------------------------

@pytest.mark.parametrize("name", ["rms_norm_lowp@fp32_wide", pytest.param("tanh_gate_chain", marks=pytest.mark.slow),
                                  pytest.param("gelu_tanh", marks=pytest.mark.slow),
                                  pytest.param("gated_linear_unit", marks=pytest.mark.slow),
                                  pytest.param("lstm_cell", marks=pytest.mark.slow),
                                  pytest.param("silu", marks=pytest.mark.slow)])
def test_fast_math_intrinsics_are_not_refused(name):
    """__expf-based exp, sigmoid and tanh (1 - 2 / (e^2x + 1): absolute error ~eps, large
    relative error as x -> 0), rsqrt approximation plus one Newton step: share at most 0.0007
    (tanh_gate_chain), L2 at most 0.003x."""
    assert _judged(name, _in_float32(FastMath)) is None


@pytest.mark.parametrize("name", ["gelu_tanh", pytest.param("tanh_gate_chain", marks=pytest.mark.slow),
                                  pytest.param("lstm_cell", marks=pytest.mark.slow)])
def test_tanh_approx_intrinsic_is_refused(name):
    """PTX tanh.approx.f32 has float16's relative error (2^-11), not float32's: refused
    (held). Measured: gelu_tanh elementwise (746159 of 4194304 elements outside atol/rtol; share
    0.89, L2 1.61x), tanh_gate_chain share 0.80 (L2 0.78x), lstm_cell share 0.39 (L2 0.87x)."""
    assert _judged(name, _in_float32(lambda: FastMath(tanh_approx))) is not None


def scan_in_order(x):
    out, acc = torch.empty_like(x), torch.zeros(x.shape[:-1])
    for j in range(x.shape[-1]):
        acc = acc + x[..., j]
        out[..., j] = acc
    return out


def scan_tree(x):
    """Hillis-Steele inclusive scan (log2 n shifted adds) in float32."""
    y, step = x.clone(), 1
    while step < x.shape[-1]:
        z = y.clone()
        z[..., step:] = y[..., step:] + y[..., :-step]
        y, step = z, step * 2
    return y


def scan_blocked(x, block=256):
    """Blocks scanned by a tree, each plus the previous blocks' total chained in float32 (a
    single-pass decoupled look-back scan)."""
    out, carry = torch.empty_like(x), torch.zeros(x.shape[:-1])
    for lo in range(0, x.shape[-1], block):
        out[..., lo:lo + block] = scan_tree(x[..., lo:lo + block]) + carry[..., None]
        carry = out[..., min(lo + block, x.shape[-1]) - 1]
    return out


SCANS = {"in_order": scan_in_order, "tree": scan_tree, "blocked": scan_blocked}


@pytest.mark.slow
@pytest.mark.parametrize("scan", list(SCANS))
@pytest.mark.parametrize("name", ["cumsum_rows", "reverse_cumsum_rows"])
def test_float32_scans_are_not_refused(name, scan):
    """Eager's CPU cumsum accumulates in double (one rounding per element, under half an ulp),
    so its own error gives the per-element bound no room beyond 128 ulps; a float32 scan's
    partial sums near a zero crossing are many ulps off: share in order 0.0088 / L2 0.004x,
    tree 0.0030, blocked 0.0029 (reverse_cumsum_rows alike)."""
    reverse = name.startswith("reverse")

    def answer_of(model, inputs):
        x = inputs[0].float()
        return [SCANS[scan](x.flip(1)).flip(1) if reverse else SCANS[scan](x)]
    assert _judged(name, answer_of) is None


@pytest.mark.parametrize("name", ["sum_middle_dim", "masked_mean", pytest.param("mean_last_dim", marks=pytest.mark.slow),
                                  pytest.param("layer_norm_backward@wide", marks=pytest.mark.slow),
                                  pytest.param("linear_backward@wide", marks=pytest.mark.slow),
                                  pytest.param("linear_silu_rowsum", marks=pytest.mark.slow)])
def test_float32_sums_added_in_float32_are_not_refused(name):
    """TrueInOrder (every GEMM and sum one float32 add after another): share at most 0.0001, L2
    at most 0.006x (sum_middle_dim 0.005x; the cumsum-based InOrder 0.000x)."""
    assert _judged(name, _in_float32(TrueInOrder)) is None


# ---- lower precision: one operand, part of the rows ------------------------------------------

def OneTf32Operand(which):  # a mode maker
    """float32 GEMMs with one operand (`which`: 0 the left, 1 the right: the weight of a
    linear) rounded to TF32, the other exact, products exact and accumulated wide: 3xTF32
    without the term that corrects that operand (2 tensor-core products instead of 3)."""
    def gemm(a, b):
        pair = [a, b]
        pair[which] = _tf32(pair[which])
        return (pair[0].double() @ pair[1].double()).float()
    return Gemm(gemm)


@pytest.mark.parametrize("which", [0, 1], ids=["left", "right"])
@pytest.mark.parametrize("name", ["linear_silu_rowsum", pytest.param("pairwise_sq_distances", marks=pytest.mark.slow),
                                  pytest.param("matmul_square", marks=pytest.mark.slow),
                                  pytest.param("linear_residual_layernorm", marks=pytest.mark.slow),
                                  pytest.param("transformer_block_prenorm", marks=pytest.mark.slow),
                                  pytest.param("attention_head", marks=pytest.mark.slow),
                                  pytest.param("gemm_fp32_accumulate@fp32", marks=pytest.mark.slow)])
def test_one_tf32_operand_is_refused(name, which):
    """Held. Measured (left / right operand in TF32): linear_silu_rowsum share 0.98 / 0.41 (L2
    6.9x / 0.09x; 0.58 / 0.49, 0.40x / 0.31x before its inputs cancelled, issue #19),
    pairwise_sq_distances 0.63 / 0.63 (27x; 0.41, 0.21x before), linear_residual_layernorm and
    transformer_block_prenorm outside the elementwise tolerance (L2 0.82x-0.86x, 0.59x-0.61x),
    attention_head L2 1.42x / 1.40x, matmul_square and gemm_fp32_accumulate@fp32 elementwise and
    L2 1.7x-1.8x; 20 float32 GEMM tasks measured, all refused (linear_logsumexp below)."""
    assert _judged(name, _in_float32(lambda: OneTf32Operand(which))) is not None


@pytest.mark.parametrize("which", [0, 1], ids=["left", "right"])
def test_one_tf32_operand_fails_linear_logsumexp(which):
    """Held (was a strict xfail: left operand relative L2 0.042x the bound, right 0.022x, the
    logsumexp over 512 outputs averaging the operand rounding out). Its inputs now cancel
    (docs/kernel-judge.md, *TF32 on the other float32 GEMM tasks*): left 6.5x, right 5.1x, and
    outside the elementwise tolerance."""
    assert _judged("linear_logsumexp", _in_float32(lambda: OneTf32Operand(which))) is not None


@pytest.mark.parametrize("stochastic", [False, True], ids=["nearest", "stochastic"])
def test_uniform_half_operands_fail_linear_logsumexp_on_an_alternate_shape(stochastic):
    """The judge runs every alternate shape: on (BATCH 300, IN 5, OUT 1) the logsumexp is of one
    element and averages nothing, and float16 operands are outside the elementwise tolerance
    there (18-37 of 300 elements; L2 1.7x-2.7x), seeds 4-6, measured on the zero-mean inputs
    the task had then; since its inputs cancel (issue #19) the main shape and (9, 100, 3001)
    refuse them too (test_kernel_accuracy_attacks2), where they passed (L2 0.03x-0.07x)."""
    (shape,) = [s for s in _alternate_shapes("linear_logsumexp") if s.get("OUT_FEATURES") == 1]
    verdict = _judged("linear_logsumexp", lambda m, i: operands_rounded(m, i, "float16", stochastic), 4, shape)
    assert verdict is not None and verdict.category == "mismatch"


def _rows_in_float16(share, computed=False):
    """The float64 answer, except the first `share` of the rows (one row tile in 1/share)
    rounded to float16, or, with `computed`, taken from the model run in float16."""
    def answer_of(model, inputs):
        truth = float64_outputs(widened(model), inputs)
        if computed:
            with torch.no_grad(), AskedDtype(torch.float16):
                half = widened(model).half()
                low = _as_list(half(*[x.half() if x.is_floating_point() else x for x in inputs]))
        else:
            low = [t.half() for t in truth]
        out = []
        for t, lo in zip(truth, low):
            o = t.clone()
            o[:max(1, int(t.shape[0] * share))] = lo[:max(1, int(t.shape[0] * share))].double()
            out.append(o)
        return out
    return answer_of


ROW_TILE_HOLES = [
    ("softmax_rows", False),  # share 0.105, L2 0.55x
    pytest.param("gelu_tanh", True, marks=pytest.mark.slow),  # computed in float16: share 0.097, L2 0.75x
    *(pytest.param(n, False, marks=pytest.mark.slow) for n in (
        "gelu_tanh",          # 0.090, 0.57x
        "layer_norm",         # 0.098, 0.57x
        "silu",               # 0.104, 0.56x
        "rms_norm",           # 0.104, 0.57x
        "elu",                # 0.105, 0.56x
        "softplus",           # 0.105, 0.57x
        "log_softmax_rows",   # 0.105, 0.57x
        "attention_head",     # 0.095, 0.64x
        "l2_normalize_rows",  # 0.104, 0.57x
        "tanh_gate_chain"))]  # 0.105, 0.57x


@pytest.mark.xfail(strict=True, reason=(
    "reported: a ninth of the rows in float16 (one row tile in nine through half2 arithmetic, or "
    "the correctly rounded float16 value) passes float32 elementwise, normalisation and softmax "
    "tasks: 9.0 % to 10.5 % of the elements over the per-element bound (allowed 12.5 %), relative "
    "L2 0.55x to 0.75x its bound; an eighth passes too (gelu_tanh 0.102, softmax_rows 0.118, "
    "layer_norm 0.111). ELEMENT_SHARE allows it by design; the saving is small (a ninth of the "
    "elements at twice the arithmetic rate)"))
@pytest.mark.parametrize(("name", "computed"), ROW_TILE_HOLES)
def test_a_ninth_of_the_rows_in_float16_fails(name, computed):
    assert _judged(name, _rows_in_float16(1 / 9, computed)) is not None


@pytest.mark.parametrize("name", ["softmax_rows", pytest.param("layer_norm", marks=pytest.mark.slow),
                                  pytest.param("attention_head", marks=pytest.mark.slow)])
def test_a_ninth_of_the_rows_computed_in_float16_fails_where_the_rows_reduce(name):
    """Held: where a row is a reduction, computing it in float16 arithmetic (a half
    accumulator) is off by more than the rounding: softmax_rows elementwise (287 elements
    outside atol/rtol, L2 3.6x), layer_norm elementwise (18442; L2 1.02x), attention_head L2
    1.09x."""
    assert _judged(name, _rows_in_float16(1 / 9, computed=True)) is not None


# ---- half-precision GEMMs: accumulator behaviour -------------------------------------------

def _gemm_operands(model, inputs):
    """(a, b, bias) of a gemm_fp32_accumulate (a @ b) or linear_lowp (x W^T + bias) instance, in float64."""
    if hasattr(model, "fc"):
        return inputs[0].double(), model.fc.weight.double().t(), model.fc.bias.double()
    return inputs[0].double(), inputs[1].double(), None


def _truncated(x, bits):
    """x (float64) cut to `bits` significant bits toward zero."""
    mantissa, exponent = torch.frexp(x)
    return torch.ldexp(torch.trunc(mantissa * 2.0**bits) / 2.0**bits, exponent)


def tensor_core_accumulator(chunk, bits=24, promote=None):
    """A tensor-core MMA chain: products exact, each step adds `chunk` of them to the
    accumulator and the result is cut toward zero to `bits` significant bits (the round-toward-
    zero normalisation Fasi, Higham, Mikaitis and Pranesh measured on V100/T4/A100 tensor cores
    with binary32 accumulation, PeerJ CS 7:e330, 2021; modelled optimistically: the chunk's sum
    is exact before the cut). With `promote`, the accumulator is added to a float32 one every
    `promote` terms and restarted (DeepSeek-V3's FP8 recipe, whose tensor-core accumulator keeps
    about 14 bits)."""
    def answer_of(model, inputs):
        a, b, bias = _gemm_operands(model, inputs)
        k = a.shape[-1]
        total = torch.zeros(a.shape[0], b.shape[1])
        for start in range(0, k, promote or k):
            acc = torch.zeros(a.shape[0], b.shape[1], dtype=torch.float64)
            for lo in range(start, min(k, start + (promote or k)), chunk):
                acc = _truncated(acc + a[:, lo:lo + chunk] @ b[lo:lo + chunk], bits)
            total = total + acc.float()
        return [total if bias is None else total + bias.float()]
    return answer_of


@pytest.mark.parametrize(("name", "chunk"), [("gemm_fp32_accumulate", 16), ("gemm_fp32_accumulate@bf16", 16),
                                             pytest.param("gemm_fp32_accumulate", 4, marks=pytest.mark.slow),
                                             pytest.param("gemm_fp32_accumulate@bf16", 4, marks=pytest.mark.slow)])
def test_truncating_tensor_core_accumulator_is_not_refused(name, chunk):
    """Held at K = 4096: share 0.029-0.032 (chunk 16), 0.106-0.111 (chunk 4: V100's
    four-term steps, margin 1.1 times), L2 0.21x-0.27x; @bf16 at most 0.007, 0.11x (seeds 4, 5)."""
    assert _judged(name, tensor_core_accumulator(chunk)) is None


@pytest.mark.xfail(strict=True, reason=(
    "reported (modelled on the CPU against CPU eager, not run on a GPU): a tensor-core float32 "
    "accumulator cut toward zero after every 16-product step is refused on the cancelling K = 16384 "
    "half-precision instances: linear_lowp@fp16_wide share 0.236 / 0.225 (seeds 4, 5; L2 0.37x, "
    "0.39x), gemm_fp32_accumulate@fp16_wide 0.221 / 0.246; 4-product steps (V100) fail the L2 bound "
    "too (1.2x-1.4x); 32-product steps pass narrowly (0.107-0.125); rounding to nearest in order "
    "instead passes (0.006-0.023, seeds 4-7). The truncation's bias (toward zero, every step) adds "
    "up over K where the partial sums are ~100 times the result. On a GPU "
    "eager's cuBLAS runs on the same tensor cores, so its own error, which scales the bound, would "
    "include the same bias: to be checked on a GPU"))
@pytest.mark.parametrize("name", ["linear_lowp@fp16_wide", pytest.param("gemm_fp32_accumulate@fp16_wide",
                                                                         marks=pytest.mark.slow)])
def test_truncating_tensor_core_accumulator_on_the_long_cancelling_instances(name):
    assert _judged(name, tensor_core_accumulator(16)) is None


def half_accumulator_promoted(every):
    """Products exact, summed in a float16 accumulator (twice the MMA rate of a float32 one on
    many GPUs) that is added to a float32 total every `every` terms."""
    def answer_of(model, inputs):
        a, b, bias = _gemm_operands(model, inputs)
        total = torch.zeros(a.shape[0], b.shape[1])
        for start in range(0, a.shape[-1], every):
            acc = torch.zeros(a.shape[0], b.shape[1], dtype=torch.float16)
            for j in range(start, min(a.shape[-1], start + every)):
                acc = (acc.double() + a[:, j:j + 1] * b[j:j + 1]).half()
            total = total + acc.float()
        return [total if bias is None else total + bias.float()]
    return answer_of


def split_k_through_half(splits, serial):
    """Split-K whose partials go through the half-precision output: `serial` (CUTLASS's serial
    split-K reducing into the output, rounded after each partial) or stored in half and summed
    in float32 (a half workspace)."""
    def answer_of(model, inputs):
        a, b, bias = _gemm_operands(model, inputs)
        low = inputs[0].dtype
        edges = [round(i * a.shape[-1] / splits) for i in range(splits + 1)]
        total = torch.zeros(a.shape[0], b.shape[1])
        for lo, hi in zip(edges, edges[1:]):
            part = (a[:, lo:hi] @ b[lo:hi]).float()
            total = (total + part).to(low).float() if serial else total + part.to(low).float()
        return [total if bias is None else total + bias.float()]
    return answer_of


@pytest.mark.parametrize(("name", "answer_of"), [
    ("gemm_fp32_accumulate", half_accumulator_promoted(8)),
    ("gemm_fp32_accumulate", split_k_through_half(2, serial=True)),
    pytest.param("gemm_fp32_accumulate", half_accumulator_promoted(32), marks=pytest.mark.slow),
    pytest.param("gemm_fp32_accumulate", split_k_through_half(4, serial=False), marks=pytest.mark.slow),
    pytest.param("gemm_fp32_accumulate@bf16", split_k_through_half(2, serial=True), marks=pytest.mark.slow),
    pytest.param("gemm_fp32_accumulate@fp16_wide", split_k_through_half(2, serial=True), marks=pytest.mark.slow)],
    ids=["fp16_acc_every_8", "serial_split_k_2", "fp16_acc_every_32", "half_partials_4", "serial_split_k_2_bf16",
         "serial_split_k_2_fp16_wide"])
def test_half_precision_accumulation_steps_are_refused(name, answer_of):
    """Held. float16 accumulators promoted every 8 / 16 / 32 terms: share 0.28 / 0.38 / 0.52
    (L2 0.56x / 0.80x / 1.26x); split-K through the half output (serial, 2 and 4 splits): L2
    1.55x / 1.88x, bf16 share 0.44, fp16_wide L2 2.8x; half partials summed in float32 (4
    splits) 1.50x. A library configuration that does this (serial split-K into a half output)
    is refused on these instances: they ask for float32 accumulation, and their partial sums
    are ~100 times the result."""
    assert _judged(name, answer_of) is not None


def layer_norm_backward_by_hand(formula, in_order):
    """A layer norm forward and backward kernel in float32: statistics by `formula`, rsqrt plus
    a Newton step, dx = rstd (g - mean(g) - xhat mean(g xhat)) with g = dy w, dw and db summed
    over the rows; every sum in order (a C++ loop) or pairwise (a GPU block reduction)."""
    def answer_of(model, inputs):
        x, dy = inputs[0].float(), inputs[1].float()
        w, b, n = model.norm.weight.float(), model.norm.bias.float(), x.shape[-1]
        total = running_sum if in_order else _tree_sum
        mean, var = _mean_and_variance(x, formula if in_order else formula + "_tree")
        rstd = rsqrt_newton(var + model.norm.eps)
        xhat = (x - mean[..., None]) * rstd[..., None]
        g = dy * w
        dx = rstd[..., None] * (g - (total(g) / n)[..., None] - xhat * (total(g * xhat) / n)[..., None])
        return [xhat * w + b, dx, total((dy * xhat).t()), total(dy.t())]
    return answer_of


@pytest.mark.parametrize(("formula", "in_order"), [("two_pass", True), pytest.param("two_pass", False, marks=pytest.mark.slow),
                                                   pytest.param("welford", True, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", ["layer_norm_backward@wide", pytest.param("layer_norm_backward", marks=pytest.mark.slow),
                                  pytest.param("layer_norm_backward@fp16", marks=pytest.mark.slow),
                                  pytest.param("layer_norm_backward@bf16_wide", marks=pytest.mark.slow)])
def test_layer_norm_backward_by_hand_is_not_refused(name, formula, in_order):
    """Held, seeds 4 and 5, all four outputs: float32 share at most 0.001 (L2 0.005x); float16
    0.002 (0.23x), bfloat16 0.0002 (0.11x)."""
    assert _judged(name, layer_norm_backward_by_hand(formula, in_order)) is None


def _rows_rounded(share, low):
    """The float64 answer with its first `share` of the rows rounded to `low`."""
    def answer_of(model, inputs):
        out = []
        for t in float64_outputs(widened(model), inputs):
            o = t.clone()
            if t.dim():
                rows = max(1, int(t.shape[0] * share))
                o[:rows] = t[:rows].to(low).double()
            out.append(o)
        return out
    return answer_of


@pytest.mark.xfail(strict=True, reason=(
    "reported: a fifth of the rows in bfloat16 passes float16 instances: softmax_lowp share 0.113 "
    "(L2 0.76x), layer_norm_lowp 0.116 (0.78x), gelu_backward@fp16 0.116 / 0.116 (0.78x); a ninth: "
    "0.063-0.068. float16 -> bfloat16 rounding exceeds the bound 2 x (eager's error + half an ulp) on "
    "only about 60 % of the elements it touches, so about 1/5 of the rows fit in the 1/8 share"))
@pytest.mark.parametrize("name", ["softmax_lowp", pytest.param("layer_norm_lowp", marks=pytest.mark.slow),
                                  pytest.param("gelu_backward@fp16", marks=pytest.mark.slow)])
def test_a_fifth_of_the_rows_in_bfloat16_fails_a_float16_task(name):
    assert _judged(name, _rows_rounded(1 / 5, torch.bfloat16)) is not None


@pytest.mark.parametrize(("name", "low"), [("attention_lowp", torch.bfloat16),
                                           pytest.param("rms_norm_lowp@bf16", torch.float8_e4m3fn, marks=pytest.mark.slow)])
def test_a_ninth_of_the_rows_one_precision_lower_fails_where_the_rows_are_large(name, low):
    """Held: attention_lowp (float16) with a ninth of its rows in bfloat16, L2 1.49x (share
    0.37); rms_norm_lowp@bf16 with a ninth in float8 e4m3, elementwise (5622 elements outside
    atol/rtol)."""
    assert _judged(name, _rows_rounded(1 / 9, low)) is not None
