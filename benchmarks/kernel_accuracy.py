"""The numbers behind the kernel judge's accuracy check (_spec.ACCURACY_FACTOR, ACCURACY_FLOOR).

    python benchmarks/kernel_accuracy.py [--task NAME ...] [--json] [--operands] [--elements]

For every instance of the cuda-kernels suite (or the named ones), on its main shape and one
input set, in PyTorch only (no judge, no build): each floating output's relative L2 error to
the reference model run in float64 (the judge's own `wide.float64_outputs`), for
- `eager`: the reference model in the task's dtype (what the judge calls the reference's own error),
- `rounded`: the float64 answer rounded once to the task's dtype (a perfectly accurate kernel),
- `lower`: the model computed one precision lower and cast back (float16 for a float32 task,
  bfloat16 for a float16 one; none lower for bfloat16 here: float8 has no CPU kernels),
- `operands` (with `--operands`, on tasks tagged `gemm` or `matmul`): the model in float64 on
  operands (inputs and parameters) first rounded to the next lower tensor-core precision
  (float16 and bfloat16 for a float32 task, TF32 having float16's mantissa; float8 e4m3 for a
  half-precision one), as a tensor-core GEMM with a wide accumulator computes; the smallest
  error over those operand dtypes,
- with `--elements`, the judge's per-element share (`_compare.share_off`: the share of elements
  off truth by more than _spec.ELEMENT_BOUND x (eager's error there + half an ulp)) of the
  float64 answer rounded once, of the model in float32 with every GEMM and sum adding its terms
  in order (`InOrder`; rounded once on half-precision instances), and of the answer whose
  smallest 50, 80 and 90 % of the normal elements are rounded to the next lower precision
  (float16, bfloat16, float8 e4m3),
in units of the task dtype's unit roundoff (2^-24, 2^-11, 2^-8), and the bound the judge sets,
max(factor x eager, floor); with `--json`, also the seconds the eager and the float64 run took. Prints one row per output and, per dtype, the extremes the choice
of factor and floor rests on (docs/kernel-judge.md, *Accuracy against float64*). Exit status
1 when a rounded answer is over the bound, or a lower-precision model of more than one element
under it; with `--operands`, also when such an answer is within the bound on an instance tagged
`precision` (the tasks whose inputs are chosen to show it).
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
import types
from pathlib import Path

# the answers judged (in-order float32, lower-precision operands) are the accuracy tests' own
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

UNIT = {"float32": 2.0**-24, "float16": 2.0**-11, "bfloat16": 2.0**-8}
LOWER = {"float32": "float16", "float16": "bfloat16"}
TENSOR_CORE_OPERANDS = {"float32": ("float16", "bfloat16"), "float16": ("float8_e4m3fn",),
                        "bfloat16": ("float8_e4m3fn",)}
ELEMENT_LOWER = {"float32": "float16", "float16": "bfloat16", "bfloat16": "float8_e4m3fn"}


def element_shares(model, inputs: list, eager: list, truth: list) -> list[dict]:
    """Per output, the judge's per-element share for a rounded answer, the in-order float32
    model and the smallest elements in the next lower precision (see the module docstring)."""
    import torch

    from chipbench.evaluators.kernels._compare import share_off
    from chipbench.evaluators.kernels._spec import ELEMENT_BOUND
    from kernel_accuracy_support import in_order_float32

    in_order = in_order_float32(model, inputs)
    rows = []
    for e, t, o in zip(eager, truth, in_order):
        dtype = str(e.dtype).removeprefix("torch.")
        if not e.is_floating_point() or e.numel() <= 1 or dtype not in ELEMENT_BOUND:
            rows.append({})
            continue
        bound = ELEMENT_BOUND[dtype]
        row = {"rounded": share_off(t, e, t.to(e.dtype), bound), "in_order": share_off(t, e, o.to(e.dtype), bound)}
        normal = t.abs() >= torch.finfo(e.dtype).tiny
        for share in (0.5, 0.8, 0.9):
            cut = t.abs()[normal].flatten()[:2**24].quantile(share) if bool(normal.any()) else 0.0
            low = t.to(getattr(torch, ELEMENT_LOWER[dtype])).double()
            row[f"lower_{round(share * 100)}"] = share_off(t, e, torch.where(normal & (t.abs() <= cut), low, t).to(e.dtype), bound)
        rows.append(row)
    return rows


def rows_of(task, operands: bool = False, elements: bool = False) -> list[dict]:
    import torch

    from chipbench.evaluators.kernels._compare import relative_error
    from chipbench.evaluators.kernels._spec import ACCURACY_FACTOR, KernelSpec
    from chipbench.evaluators.kernels.worker.wide import float64_outputs, widened
    from kernel_accuracy_support import operands_rounded

    module = types.ModuleType(f"model_{task.name.replace('@', '_')}")
    exec(task.workspace["model.py"], module.__dict__)  # noqa: S102 - the suite's own model.py
    torch.manual_seed(3)
    model = module.Model(*module.get_init_inputs())
    torch.manual_seed(4)
    inputs = module.get_inputs()

    def listed(out) -> list:
        return [o.detach() for o in (out if isinstance(out, (tuple, list)) else [out])]

    started = time.perf_counter()
    with torch.no_grad():
        eager = listed(model(*inputs))
    eager_s = time.perf_counter() - started
    started = time.perf_counter()
    truth = float64_outputs(widened(model), inputs)
    float64_s = time.perf_counter() - started
    dtype = str(task.eval.get("dtype", "float32"))
    lower = None
    if dtype in LOWER:
        low = getattr(torch, LOWER[dtype])
        with torch.no_grad():
            lower = listed(copy.deepcopy(model).to(low)(*[x.to(low) if x.is_floating_point() else x for x in inputs]))
    tensor_core = []
    if operands and {"gemm", "matmul"} & set(task.tags):
        tensor_core = [operands_rounded(model, inputs, low) for low in TENSOR_CORE_OPERANDS.get(dtype, ())]
    shares = element_shares(model, inputs, eager, truth) if elements else [{}] * len(eager)
    floor, unit = KernelSpec.of(task).accuracy_floor, UNIT.get(dtype, 1.0)
    rows = []
    for k, (e, t) in enumerate(zip(eager, truth)):
        if not e.is_floating_point():
            continue
        own = relative_error(e, t)
        rows.append({"task": task.name, "dtype": dtype, "output": k, "numel": e.numel(),
                     "eager_u": own / unit, "rounded_u": relative_error(t.to(e.dtype), t) / unit,
                     "lower_u": relative_error(lower[k].to(e.dtype), t) / unit if lower is not None else None,
                     "operands_u": min((relative_error(o[k].to(e.dtype), t) / unit for o in tensor_core),
                                       default=None),
                     "precision_task": "precision" in task.tags,
                     "bound_u": max(ACCURACY_FACTOR * own, floor) / unit,
                     "element_shares": shares[k],
                     "eager_s": round(eager_s, 4), "float64_s": round(float64_s, 4)})
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--task", action="append", default=[])
    parser.add_argument("--json", action="store_true", help="one JSON object per output row")
    parser.add_argument("--operands", action="store_true",
                        help="also GEMM operands rounded to the next lower tensor-core precision (gemm/matmul tasks)")
    parser.add_argument("--elements", action="store_true",
                        help="also the per-element check's shares (_spec.ELEMENT_BOUND, ELEMENT_SHARE)")
    args = parser.parse_args()
    from chipbench.runner import resolve_suites

    (suite,) = resolve_suites(["cuda-kernels"])
    rows: list[dict] = []
    if not args.json:
        print(f"{'task':36s} {'out':>3s} {'eager':>8s} {'rounded':>8s} {'lower':>9s} {'operands':>9s} {'bound':>8s}"
              "   (units of the dtype's roundoff)")
    for task in suite.load(args.task or None):
        for r in rows_of(task, args.operands, args.elements):
            rows.append(r)
            if args.json:
                print(json.dumps(r), flush=True)
            else:
                low = "-" if r["lower_u"] is None else f"{r['lower_u']:9.3g}"
                ops = "-" if r["operands_u"] is None else f"{r['operands_u']:9.3g}"
                shares = " ".join(f"{key}={value:.3f}" for key, value in r["element_shares"].items())
                print(f"{r['task']:36s} {r['output']:3d} {r['eager_u']:8.3g} {r['rounded_u']:8.3g} {low:>9s} "
                      f"{ops:>9s} {r['bound_u']:8.3g} {shares}", flush=True)
    problems = 0
    for dtype in UNIT:
        mine = [r for r in rows if r["dtype"] == dtype]
        if not mine:
            continue
        over = [r for r in mine if r["rounded_u"] > r["bound_u"]]
        lowered = [r for r in mine if r["lower_u"] is not None and r["numel"] > 1]
        under = [r for r in lowered if r["lower_u"] <= r["bound_u"]]
        problems += len(over) + len(under)
        line = (f"{dtype}: {len(mine)} outputs; eager error at most {max(r['eager_u'] for r in mine):.3g} units; "
                f"rounded answer at most {max(r['rounded_u'] for r in mine):.3g}; over the bound: {len(over)}")
        if lowered:
            line += (f"; computed in {LOWER[dtype]}: at least {min(r['lower_u'] for r in lowered):.3g} units, "
                     f"at least {min(r['lower_u'] / max(r['eager_u'], 1e-30) for r in lowered):.3g} times eager's "
                     f"error, within the bound: {len(under)} (outputs of more than one element)")
        print(line)
    tensor_core = [r for r in rows if r["operands_u"] is not None and r["numel"] > 1]
    if tensor_core:
        within = [r for r in tensor_core if r["operands_u"] <= r["bound_u"]]
        problems += sum(r["precision_task"] for r in within)
        print(f"tensor-core operands: {len(tensor_core)} outputs; at least "
              f"{min(r['operands_u'] / r['bound_u'] for r in tensor_core):.3g} times the bound; within it: "
              f"{', '.join(sorted({r['task'] for r in within})) or 'none'}")
    measured = [r for r in rows if r["element_shares"]]
    if measured:
        from chipbench.evaluators.kernels._spec import ELEMENT_SHARE

        refused = [r for r in measured if max(r["element_shares"]["rounded"], r["element_shares"]["in_order"]) > ELEMENT_SHARE]
        problems += len(refused)
        for dtype in ELEMENT_LOWER:
            mine = [r["element_shares"] for r in measured if r["dtype"] == dtype]
            if mine:
                print(f"per element, {dtype}: {len(mine)} outputs; over the bound at most: rounded "
                      f"{max(m['rounded'] for m in mine):.3f}, in order {max(m['in_order'] for m in mine):.3f}; "
                      + ", ".join(f"smallest {p} % in {ELEMENT_LOWER[dtype]} over {ELEMENT_SHARE:g} on "
                                  f"{sum(m[f'lower_{p}'] > ELEMENT_SHARE for m in mine)}" for p in (50, 80, 90)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
