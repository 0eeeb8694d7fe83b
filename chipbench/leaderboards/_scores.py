"""Scores of runs, computed from the results table (`chipbench.results.load`).

The policy, the same in the terminal, the Markdown report and the leaderboard:

* **Every task is in every denominator.** A sample that did not pass counts as not solved,
  whatever the reason — a `harness_error` included — so no candidate can remove a task it
  cannot solve from its score. Harness errors are also counted apart, with a warning where
  they exceed 1% of a suite's samples (`HARNESS_WARNING`).
* **pass@k** is the unbiased estimator per task, averaged over tasks; its interval is a
  bootstrap over tasks.
* **Speed** (suites whose records carry timings). A sample's *kept speedup* is its speedup
  where it is correct and faster than the baseline (capped where the task declares
  `speedup_cap`), and 1 where it is not: the baseline is what one keeps otherwise, so solving
  a task or making it faster can only raise the figure, and a failure never counts as a
  slowdown nor as a gain. A task's value is the geometric mean of its samples' kept speedups.
  The headline `speedup` is the **winsorised** geometric mean of the task values (the 5%
  highest and lowest, at least one each once there are 3 tasks, clamped to the nearest kept
  value), so no single task can carry the figure; `sensitivity` says the most one task could
  still move it. Beside it: the plain geometric mean, the geometric mean and median of the
  speedups of correct candidates alone (slowdowns included, over the tasks that have one:
  `correct_tasks` of `tasks`), the distribution, and `fast_p` over all tasks.
* **QoR ratios** (`qor:*_ratio`, candidate / reference: area, latency) and the perf ratio
  (candidate / baseline in the suite's unit, e.g. instruction counts): geometric mean over
  the tasks with a correct candidate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from chipbench.evaluators.metrics import (
    bootstrap_ci, geomean, mean, one_task_sensitivity, pass_at_k, winsor_count, winsorised_geomean,
)

FAST_P = (0.0, 0.5, 0.8, 1.0, 1.5, 2.0)
PASS_K = (1, 2, 5, 10, 20, 50, 100)
HARNESS_WARNING = 0.01
"""Share of a suite's samples above which harness errors are flagged: beyond it, the
figures say as much about the harness as about the model (rerun them)."""
SENSITIVITY_WARNING = 0.05
STATUSES = ("pass", "fail", "compile_error", "runtime_error", "timeout", "rejected", "model_error", "harness_error")
DIMENSIONS = ("difficulty", "track", "tag")


def task_table(df: pd.DataFrame) -> pd.DataFrame:
    """One row per (run, suite, task): samples, correct, harness errors, the task's kept
    speedup and raw speedup, its fast_p shares, QoR ratios, cost, and its metadata."""
    if df.empty:
        return pd.DataFrame(columns=["run_dir", "suite", "task_id", "samples", "correct", "harness_errors", "pass@1",
                                     "task_digest", "digests", "timed", "kept_speedup", "speedup"])
    d = df.copy()
    cap = d["speedup_cap"].astype(float).fillna(np.inf)
    speed = d["speedup"].astype(float)
    timed = d["correct"] & speed.notna() & (speed > 0)
    raw = np.where(timed, np.minimum(speed, cap), np.nan)
    d["_log_kept"] = np.log(np.where(timed, np.maximum(1.0, raw), 1.0))
    d["_log_raw"] = np.log(raw)
    d["_timed_any"] = d["perf_unit"].notna()
    for p in FAST_P:
        d[f"_fast_{p:g}"] = timed & (raw > p)
    # Ratios and named baselines: geometric mean over a task's correct samples that have one.
    ratios = [c for c in d.columns if c.startswith("qor:") and c.endswith("_ratio")] + ["perf_ratio"]
    ratios += [c for c in d.columns if c.startswith("speedup:")]
    for c in ratios:
        v = d[c].astype(float)
        d[f"_log_{c}"] = np.log(v.where(d["correct"] & (v > 0)))
    d["_tag_list"] = d["tags"].map(lambda t: tuple(t) if isinstance(t, (list, tuple, np.ndarray)) else ())
    keys = ["run_dir", "suite", "task_id"]
    g = d.groupby(keys, sort=True, dropna=False)
    out = g.agg(
        samples=("sample", "size"), correct=("correct", "sum"), harness_errors=("harness_error", "sum"),
        title=("title", "first"), difficulty=("difficulty", "first"), track=("track", "first"),
        tags=("_tag_list", "first"), task_digest=("task_digest", "first"), digests=("task_digest", "nunique"),
        log_kept=("_log_kept", "mean"), log_raw=("_log_raw", "mean"), timed=("_timed_any", "any"),
        tokens=("tokens", "mean"), cost_usd=("cost_usd", "mean"), model_calls=("model_calls", "mean"),
        **{f"fast_{p:g}": (f"_fast_{p:g}", "mean") for p in FAST_P},
        **{f"log_{c}": (f"_log_{c}", "mean") for c in ratios},
    ).reset_index()
    out["pass@1"] = out["correct"] / out["samples"]
    out["kept_speedup"] = np.exp(out["log_kept"])
    out["speedup"] = np.exp(out["log_raw"])  # NaN where no sample was correct and timed
    for c in ratios:
        out[c] = np.exp(out[f"log_{c}"])
    return out.drop(columns=["log_kept", "log_raw", *(f"log_{c}" for c in ratios)])


@dataclass
class Interval:
    value: float
    low: float
    high: float

    def __iter__(self):
        return iter((self.value, self.low, self.high))


@dataclass
class Summary:
    """The scores of one group of tasks (a run's suite, or one of its breakdowns)."""

    tasks: int
    samples: int
    harness_errors: int
    statuses: dict[str, int]
    pass_at: dict[int, float]
    pass1: Interval
    timed: bool = False
    speedup: Interval | None = None
    geomean_kept: float = math.nan
    sensitivity: float = math.nan
    winsorised: int = 0
    correct_tasks: int = 0
    correct_geomean: float = math.nan
    correct_median: float = math.nan
    fast_p: dict[float, float] = field(default_factory=dict)
    speedups: list[float] = field(default_factory=list)
    ratios: dict[str, tuple[float, int]] = field(default_factory=dict)
    """QoR and perf ratios (candidate / reference): geometric mean over tasks, and how many."""
    baselines: dict[str, tuple[float, int]] = field(default_factory=dict)
    """Speedup against each named baseline (e.g. eager, torch.compile) of correct candidates:
    geometric mean over the tasks where it was measured, and how many."""
    cost_usd: float = 0.0
    tokens: float = 0.0
    model_calls: float = 0.0

    @property
    def harness_share(self) -> float:
        return self.harness_errors / self.samples if self.samples else 0.0

    @property
    def harness_warning(self) -> bool:
        return self.harness_share > HARNESS_WARNING

    @property
    def sensitivity_warning(self) -> bool:
        return self.sensitivity == self.sensitivity and self.sensitivity > SENSITIVITY_WARNING


def summarize(tasks: pd.DataFrame, records: pd.DataFrame | None = None) -> Summary:
    """Scores of a group of tasks (rows of `task_table`); `records` (the group's rows of the
    results table) gives the status counts."""
    n = tasks["samples"].to_numpy()
    c = tasks["correct"].to_numpy()
    p1 = tasks["pass@1"].to_numpy(dtype=float)
    statuses = ({s: int((records["status"] == s).sum()) for s in STATUSES} if records is not None else {})
    kmax = int(n.min()) if len(n) else 0
    pass_at = {k: float(np.mean([pass_at_k(int(ni), int(ci), k) for ni, ci in zip(n, c)]))
               for k in PASS_K if k <= kmax}
    lo, hi = bootstrap_ci(p1, mean)
    s = Summary(tasks=len(tasks), samples=int(n.sum()), harness_errors=int(tasks["harness_errors"].sum()),
                statuses=statuses, pass_at=pass_at, pass1=Interval(float(p1.mean()) if len(p1) else math.nan, lo, hi),
                cost_usd=float((tasks["cost_usd"] * tasks["samples"]).sum()),
                tokens=float(tasks["tokens"].mean()) if len(tasks) else 0.0,
                model_calls=float(tasks["model_calls"].mean()) if len(tasks) else 0.0)
    ratio_cols = [col for col in tasks.columns if col == "perf_ratio" or col.startswith("speedup:")
                  or (col.startswith("qor:") and col.endswith("_ratio"))]
    for col in ratio_cols:
        v = tasks[col].dropna().to_numpy(dtype=float)
        if len(v):
            target = s.baselines if col.startswith("speedup:") else s.ratios
            target[col.split(":", 1)[-1]] = (float(geomean(v)), len(v))
    if not tasks["timed"].any():
        return s
    kept = tasks["kept_speedup"].to_numpy(dtype=float)
    lo, hi = bootstrap_ci(kept, winsorised_geomean)
    raw = tasks["speedup"].dropna().to_numpy(dtype=float)
    s.timed = True
    s.speedup = Interval(float(winsorised_geomean(kept)), lo, hi)
    s.geomean_kept = float(geomean(kept))
    s.sensitivity = one_task_sensitivity(kept)
    s.winsorised = winsor_count(len(kept))
    s.correct_tasks = len(raw)
    s.correct_geomean = float(geomean(raw)) if len(raw) else math.nan
    s.correct_median = float(np.median(raw)) if len(raw) else math.nan
    s.fast_p = {p: float(tasks[f"fast_{p:g}"].mean()) for p in FAST_P}
    s.speedups = sorted(float(x) for x in raw)
    return s


def breakdown_groups(tasks: pd.DataFrame, dimension: str) -> dict[str, pd.DataFrame]:
    """The tasks split by difficulty, track or tag (a task is in the group of each of its tags;
    a task whose metadata is unknown is in the group `?`)."""
    if dimension == "tag":
        groups: dict[str, list[int]] = {}
        for i, tags in zip(tasks.index, tasks["tags"]):
            for t in tags or ("?",):
                groups.setdefault(t, []).append(i)
        return {t: tasks.loc[idx] for t, idx in sorted(groups.items())}
    values = tasks[dimension].fillna("?").replace("", "?")
    return {str(v): tasks[values == v] for v in sorted(values.unique())}
