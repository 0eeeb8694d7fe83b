"""The kernel suite's view of a task: shapes to run, trials, tolerances, timing settings.

Tolerances live here, per dtype, so every task is judged alike; a task may set `atol`/`rtol`
in its `[eval]` table only with a comment saying why (e.g. a long float32 reduction).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field

from chipbench.core import Task

# (atol, rtol) per dtype: tight enough that a constant, an all-zero answer or an input echo
# fails on the suite's random inputs, loose enough for a different summation order.
# How the half-precision pair is derived (docs/kernel-judge.md, *Precision*): a kernel that
# accumulates in float32 and rounds once differs from eager PyTorch by the rounding of its own
# output plus the roundings eager makes at its intermediate steps, each at most half a unit in
# the last place: 2^-11 (4.9e-4) relative for float16, 2^-8 (3.9e-3) for bfloat16. rtol spans
# about 20 such roundings in float16 and 5 in bfloat16, so a chain of a few eager ops passes;
# a half-precision accumulator over the suite's long reductions (thousands of terms whose sum
# grows past 2^11 (float16) or 2^8 (bfloat16) times each term) loses whole terms and is off
# by percents, and fails. tests/test_kernel_precision.py checks both on every such task's
# own inputs (a correctly rounded float64 answer passes; a constant fails), and each task's
# `half_accumulator` known-wrong candidate is judged by `tasks check`.
TOLERANCES: dict[str, tuple[float, float]] = {
    "float64": (1e-7, 1e-7),
    "float32": (1e-4, 1e-3),
    "float16": (1e-2, 1e-2),
    "bfloat16": (2e-2, 2e-2),
}
EXACT = (0.0, 0.0)  # integer and boolean outputs match exactly

# Accuracy against float64 (docs/kernel-judge.md, *Accuracy against float64*). The elementwise
# tolerances above must leave room for a legitimate kernel in the worst element, and so admit a
# model computed one precision lower everywhere (float32 rtol 1e-3 > float16's rounding; float16
# rtol 1e-2 > bfloat16's). The judge therefore also runs the reference model in float64 on the
# same inputs and fails a candidate whose relative L2 error to that exceeds
#   max(ACCURACY_FACTOR x the eager reference's own error, ACCURACY_FLOOR[dtype]).
# The floor is a quarter of the unit roundoff of the next lower precision (float32 -> float16 and
# TF32, 2^-11; float16 -> bfloat16, 2^-8; bfloat16 -> float8 e4m3, 2^-4): merely rounding a
# correct answer to that precision has a relative L2 error of about 0.4 of its unit, above the
# floor, while float32 arithmetic in any summation order stays far below it. The measured
# margins on every instance (benchmarks/kernel_accuracy.py) are in docs/kernel-judge.md, one
# place, so a re-measurement updates them there only.
ACCURACY_FACTOR = 3.0
ACCURACY_FLOOR: dict[str, float] = {
    "float64": 2.0**-26,  # float32's 2^-24 / 4
    "float32": 2.0**-13,  # float16's 2^-11 / 4
    "float16": 2.0**-10,  # bfloat16's 2^-8 / 4 (2 units of float16's 2^-11)
    "bfloat16": 2.0**-6,  # float8 e4m3's 2^-4 / 4 (4 units of bfloat16's 2^-8)
}

# Per element (docs/kernel-judge.md, *Accuracy against float64*, per element): the relative L2
# error is the largest elements' error, so an answer whose smaller elements (most of them) are
# in the next lower precision passes the bound above. The judge also fails an output when more
# than ELEMENT_SHARE of its nonzero elements are off the float64 reference by more than
# ELEMENT_BOUND[dtype] x (eager's own error at that element + half a unit in the last place of
# the dtype at the truth). For half precision the bound is a quarter of the ratio of the two
# precisions' units (float16 -> bfloat16 2^3, bfloat16 -> float8 e4m3 2^4): a lower precision's
# rounding error is spread evenly up to half of its unit, i.e. up to that ratio in half-units
# of the dtype, and exceeds a quarter of it on about 3/4 of the elements; a correctly rounded
# answer or one accumulated in float32 and rounded once stays at or under 1. For float32 (ratio
# 2^13 to float16) it is 2^8, not 2^11: where eager's own error is many ulps (results small
# beside their partial sums) a bound of 2^11 times it admitted float16 rounding of most
# elements, while float32 in another summation order stays within 2^8 times eager's error on
# all but 1.8 % of the elements of every output on seed 4's inputs (3.9 % over seeds 4-7 at K =
# 16384; within 2^7: 5.1 %).
# ELEMENT_SHARE: a lower precision on a share f of the elements puts about 3/4 f over the bound;
# float32 adding every GEMM and sum in order put at most 2.3 % over it (benchmarks/kernel_accuracy.py
# --elements; the margins are in docs/kernel-judge.md, *Per element*).
ELEMENT_BOUND: dict[str, float] = {
    "float32": 2.0**8,
    "float16": 2.0**3 / 4,
    "bfloat16": 2.0**4 / 4,
}
ELEMENT_SHARE = 0.125

@dataclass(frozen=True)
class KernelSpec:
    task: Task
    dtype: str
    atol: float
    rtol: float
    shapes: list[dict] = field(default_factory=list)
    """The main shape first (no overrides), then each hidden alternate."""
    trials: int = 3
    timeout_s: float = 120.0
    time_budget_s: float = 1.5
    min_calls: int = 10
    max_calls: int = 200
    warmup_s: float = 0.2
    window_ns: int = 1_000_000
    """A timing window holds enough calls that the faster side's work in it reaches this."""
    max_window: int = 8
    accuracy_floor: float = 0.0
    """The relative L2 error to the float64 run any candidate may have (ACCURACY_FLOOR)."""
    compile_baseline: bool = False
    """Also time the reference under torch.compile (opt-in: compiling costs seconds per task)."""

    @classmethod
    def of(cls, task: Task, shape_table: str | None = None) -> "KernelSpec":
        """`shape_table`: a backend's own table in shapes.toml (e.g. `[[triton]]`: smaller sizes
        for Triton's interpreter, which runs every program instance in Python); when the task
        has one, its entries replace the main shape and the alternates."""
        ev = task.eval
        dtype = str(ev.get("dtype", "float32"))
        atol, rtol = TOLERANCES.get(dtype, EXACT)
        shapes_file = task.hidden_dir / "shapes.toml"
        tables = tomllib.loads(shapes_file.read_text()) if shapes_file.is_file() else {}
        shapes = tables[shape_table] if shape_table and tables.get(shape_table) else [{}, *tables.get("alt", [])]
        return cls(task=task, dtype=dtype, atol=float(ev.get("atol", atol)), rtol=float(ev.get("rtol", rtol)),
                   accuracy_floor=ACCURACY_FLOOR.get(dtype, 0.0),
                   shapes=shapes, trials=int(ev.get("trials", 3)),
                   timeout_s=float(ev.get("timeout_s", 120)), time_budget_s=float(ev.get("time_budget_s", 1.5)),
                   min_calls=int(ev.get("min_timed_calls", 10)), max_calls=int(ev.get("max_timed_calls", 200)),
                   compile_baseline=bool(ev.get("compile_baseline", False)))
