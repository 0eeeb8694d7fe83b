"""Candidate outputs against reference outputs, judged outside the sandbox (trusted side).

Both sides are lists of tensors loaded with `weights_only=True` (a candidate-written file can
hold no code). An output matches when it has the reference's shape and dtype, no NaN/Inf where
the reference is finite, every element within `atol + rtol * |ref|`, and a relative L2 error
below `rtol` as well: the second test makes an all-zero or constant answer fail even where the
reference's values are all small (a long softmax row, say), where `atol` alone would not.

`accuracy` then measures each output against the reference model run in float64 on the same
inputs: the elementwise tolerances admit a model computed one precision lower, this does not
(see _spec.ACCURACY_FACTOR).
"""

from __future__ import annotations

from dataclasses import dataclass

from chipbench.evaluators.kernels._spec import ELEMENT_BOUND, ELEMENT_SHARE


@dataclass(frozen=True)
class Mismatch:
    category: str  # wrong_count, wrong_shape, wrong_dtype, nan_inf, mismatch
    detail: str


def compare(ref: list, out: list, atol: float, rtol: float, where: str) -> Mismatch | None:
    import torch

    if len(ref) != len(out):
        return Mismatch("wrong_count", f"{where}: forward returned {len(out)} output(s), expected {len(ref)}")
    for k, (r, o) in enumerate(zip(ref, out)):
        name = f"{where}, output {k}"
        if not isinstance(o, torch.Tensor):
            return Mismatch("wrong_type", f"{name}: not a tensor")
        if tuple(o.shape) != tuple(r.shape):
            return Mismatch("wrong_shape", f"{name}: shape {tuple(o.shape)}, expected {tuple(r.shape)}")
        if o.dtype != r.dtype:
            return Mismatch("wrong_dtype", f"{name}: dtype {o.dtype}, expected {r.dtype}")
        if not (r.is_floating_point() or r.is_complex()):
            if not torch.equal(o, r):
                bad = int((o != r).sum())
                return Mismatch("mismatch", f"{name}: {bad} of {r.numel()} elements differ (exact match required)")
            continue
        r64, o64 = r.double(), o.double()
        finite_ref = torch.isfinite(r64)
        if bool((~torch.isfinite(o64) & finite_ref).any()):
            bad = int((~torch.isfinite(o64) & finite_ref).sum())
            return Mismatch("nan_inf", f"{name}: {bad} NaN/Inf value(s) where the reference is finite")
        if not bool(torch.equal(torch.isfinite(o64), finite_ref)) or not bool(
                torch.equal(o64[~finite_ref].nan_to_num(), r64[~finite_ref].nan_to_num())):
            return Mismatch("mismatch", f"{name}: non-finite values differ from the reference's")
        err = (o64 - r64)[finite_ref].abs()
        bound = atol + rtol * r64[finite_ref].abs()
        over = err > bound
        if bool(over.any()):
            i = int(torch.argmax(err - bound))
            return Mismatch("mismatch", f"{name}: {int(over.sum())} of {r.numel()} elements outside "
                                        f"atol={atol:g} + rtol={rtol:g}*|ref|; worst: got {o64[finite_ref][i].item():.6g}, "
                                        f"expected {r64[finite_ref][i].item():.6g}")
        norm = float(r64[finite_ref].norm())
        rel = float(err.norm()) / norm if norm > 0 else float(err.norm())
        if rel > rtol:
            return Mismatch("mismatch", f"{name}: relative L2 error {rel:.3g} above {rtol:g}")
    return None


def relative_error(value, truth) -> float:
    """||value - truth|| / ||truth|| over the elements where both are finite (the absolute
    norm where truth is all zero), in float64."""
    import torch

    v, t = value.double(), truth.double()
    finite = torch.isfinite(v) & torch.isfinite(t)
    err = float((v - t)[finite].norm())
    norm = float(t[finite].norm())
    return err / norm if norm > 0 else err


def share_off(truth, ref, out, bound: float) -> float:
    """The share of an output's elements whose error to `truth` exceeds `bound` x (the eager
    reference's own error there + half a unit in the last place of the output's dtype at the
    truth): per element, so that the small elements count as much as the large ones, which
    dominate the relative L2 error; relative to eager's error there, so that an element eager
    itself gets wrong (a result small beside its partial sums) allows a legitimate summation
    order's error of that size (_spec.ELEMENT_BOUND). The larger of two shares: among the
    elements whose truth is a normal number in the dtype (its full precision; most of an output
    may be subnormal, as float16 softmax probabilities over long rows are, and those have fewer
    significant bits than even the lower precision) and among all nonzero ones (a subnormal
    element held to the dtype's spacing there, so that zeros for them fail)."""
    import torch

    info = torch.finfo(ref.dtype)
    t, r, o = truth.double(), ref.double(), out.double()
    counted = torch.isfinite(t) & torch.isfinite(r) & torch.isfinite(o) & (t != 0)
    if not bool(counted.any()):
        return 0.0
    t, r, o = t[counted], r[counted], o[counted]
    half_ulp = torch.ldexp(torch.full_like(t, info.eps / 4), torch.frexp(t).exponent).clamp_min(info.tiny * info.eps / 2)
    off = (o - t).abs() > bound * ((r - t).abs() + half_ulp)
    normal = t.abs() >= info.tiny
    return max(float(off.double().mean()), float(off[normal].double().mean()) if bool(normal.any()) else 0.0)


def accuracy(truth: list, ref: list, out: list, factor: float, floor: float, where: str) -> Mismatch | None:
    """Each floating output's relative L2 error to `truth` (the reference model in float64 on
    the same inputs) against the eager reference's own: a candidate may be up to `factor` times
    less accurate than eager PyTorch in the task's dtype, or within `floor`, not more. Run after
    `compare` (shapes, dtypes and finiteness already agree)."""
    if len(truth) != len(ref):
        return Mismatch("wrong_count", f"{where}: the float64 reference returned {len(truth)} output(s), "
                                       f"the reference {len(ref)}")
    for k, (t, r, o) in enumerate(zip(truth, ref, out)):
        if not r.is_floating_point():
            continue
        own, got = relative_error(r, t), relative_error(o, t)
        bound = max(factor * own, floor)
        if got > bound:
            return Mismatch("inaccurate", f"{where}, output {k}: relative L2 error to the float64 reference "
                                          f"{got:.3g}, above {bound:.3g} (eager PyTorch in {r.dtype}: {own:.3g}; "
                                          f"allowed: {factor:g} times that, or {floor:.3g}): computed in less "
                                          "precision than the task's dtype")
        element_bound = ELEMENT_BOUND.get(str(r.dtype).removeprefix("torch."))
        if element_bound is None or r.numel() <= 1:
            continue  # a scalar (a loss beside its gradients) is one element: the L2 error above is its own
        share = share_off(t, r, o, element_bound)
        if share > ELEMENT_SHARE:
            return Mismatch("inaccurate", f"{where}, output {k}: {share:.1%} of the elements are off the float64 "
                                          f"reference by more than {element_bound:g} times eager PyTorch's own error "
                                          f"there plus half a unit in the last place of {r.dtype} (allowed: "
                                          f"{ELEMENT_SHARE:.0%}): part of the output computed in less precision "
                                          "than the task's dtype")
    return None


def constant_would_pass(ref: list, atol: float, rtol: float) -> bool:
    """Whether answering each output's mean everywhere would pass: if so, the task's inputs or
    shapes are too weak to tell a constant from a kernel (a task defect, not a candidate's)."""
    import torch

    fakes = []
    for r in ref:
        if not r.is_floating_point():
            return False  # integer outputs match exactly: a constant passes only if the answer is one
        if r.numel() <= 1:
            fakes.append(r)  # a scalar (a loss beside its gradients) is its own mean: the others decide
            continue
        finite = r[torch.isfinite(r)]
        value = float(finite.double().mean()) if finite.numel() else 0.0
        fakes.append(torch.full_like(r, value).where(torch.isfinite(r), r))
    if all(r.numel() <= 1 for r in ref):
        return False  # nothing but scalars: no constant to tell apart
    return compare(ref, fakes, atol, rtol, "constant") is None
