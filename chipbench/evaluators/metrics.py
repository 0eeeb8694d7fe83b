"""Aggregate scores shared by every suite's report and the leaderboard.

Each function says where its definition comes from. The conventions every caller relies on:

* **Every task is in every denominator.** A task whose sample did not pass — for any reason,
  a harness error included — counts as not solved; a model can never shrink its denominator.
* **Bootstrap over tasks.** Intervals resample tasks (the unit a benchmark samples from a
  larger population of possible tasks), not samples within a task, and are seeded, so the same
  records always give the same report.
* Statistics used with the bootstrap are written over the last axis of an array, so one call
  evaluates every resample at once (`mean`, `geomean`, `winsorised_geomean`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

Statistic = Callable[[np.ndarray], np.ndarray]
"""A summary of the values on the last axis of an array (one row per bootstrap resample)."""


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from n samples of which c are correct (Chen et al., 2021, "Evaluating
    Large Language Models Trained on Code", eq. 1): the probability that at least one of k
    samples drawn without replacement from the n is correct,

        pass@k = 1 - C(n-c, k) / C(n, k),

    computed as a product so large n does not overflow.
    """
    if not 0 <= c <= n:
        raise ValueError(f"need 0 <= c <= n, got c={c}, n={n}")
    if k < 1 or k > n:
        raise ValueError(f"need 1 <= k <= n, got k={k}, n={n}")
    if n - c < k:
        return 1.0
    return 1.0 - math.prod(1.0 - k / i for i in range(n - c + 1, n + 1))


def geometric_mean(values: Sequence[float]) -> float:
    """exp(mean(log v)): the average of ratios (speedups, QoR ratios), under which a 2x and a
    0.5x cancel out (Fleming & Wallace, 1986, "How not to lie with statistics: the correct way
    to summarize benchmark results")."""
    if len(values) == 0:
        return float("nan")
    if any(v <= 0 for v in values):
        raise ValueError("geometric mean needs positive values")
    return math.exp(sum(math.log(v) for v in values) / len(values))


def fast_p(correct: Sequence[bool], speedups: Sequence[float | None], p: float) -> float:
    """Share of *all* tasks that are correct and more than p times faster than the baseline
    (`fast_p`, Ouyang et al., 2025, "KernelBench: Can LLMs Write Efficient GPU Kernels?").
    fast_0 is the share correct (and timed); the denominator is every task, solved or not."""
    if len(correct) != len(speedups):
        raise ValueError("correct and speedups must have the same length")
    if not correct:
        return float("nan")
    hits = sum(1 for ok, s in zip(correct, speedups) if ok and s is not None and s > p)
    return hits / len(correct)


# -- statistics over the last axis (for bootstrap resamples) ----------------------------------

def mean(values: np.ndarray) -> np.ndarray:
    return np.mean(values, axis=-1)


def geomean(values: np.ndarray) -> np.ndarray:
    """Geometric mean over the last axis (values must be positive)."""
    return np.exp(np.mean(np.log(values), axis=-1))


def winsor_count(n: int, share: float = 0.05) -> int:
    """How many values at each end a winsorised summary clamps: 5% of them, at least one once
    there are three (so a single outlier never counts at its own value), never so many that the
    two ends cross."""
    if n < 3:
        return 0
    return min(max(1, int(share * n)), (n - 1) // 2)


def winsorised_geomean(values: np.ndarray, share: float = 0.05) -> np.ndarray:
    """Geometric mean after clamping the `winsor_count` lowest and highest values to the nearest
    value kept (winsorising, Tukey 1962 / Dixon 1960): one task, however extreme, then moves
    the figure only as far as its neighbours in the ranking allow, where in a plain geometric
    mean one 800x outlier among 20 tasks multiplies the figure by 800^(1/20) = 1.4."""
    values = np.asarray(values, dtype=float)
    n = values.shape[-1]
    k = winsor_count(n, share)
    if k == 0:
        return geomean(values)
    ordered = np.sort(values, axis=-1)
    lo, hi = ordered[..., k:k + 1], ordered[..., n - k - 1:n - k]
    return geomean(np.clip(ordered, lo, hi))


def median(values: np.ndarray) -> np.ndarray:
    return np.median(values, axis=-1)


def one_task_sensitivity(values: Sequence[float], statistic: Statistic = winsorised_geomean) -> float:
    """The most one task can move `statistic`: the largest relative change when any one value
    is replaced by an extreme (a million times the largest value, or a millionth of the
    smallest), the worst case of a single outlier. Reports print it beside the figure."""
    x = np.asarray(values, dtype=float)
    if len(x) < 2:
        return float("nan")
    base = float(statistic(x))
    trials = np.repeat(x[None, :], 2 * len(x), axis=0)
    idx = np.arange(len(x))
    trials[idx, idx] = x.max() * 1e6
    trials[len(x) + idx, idx] = x.min() * 1e-6
    moved = statistic(trials)
    return float(np.max(np.abs(moved / base - 1.0)))


# -- intervals -------------------------------------------------------------------------------

def _resamples(n: int, n_resamples: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, n, size=(n_resamples, n))


def bootstrap_ci(values: Sequence[float], statistic: Statistic = geomean, n_resamples: int = 2000,
                 level: float = 0.95, seed: int = 0) -> tuple[float, float]:
    """Percentile bootstrap interval of `statistic` over tasks (Efron & Tibshirani, 1993, "An
    Introduction to the Bootstrap", ch. 13): resample the tasks with replacement, recompute,
    take the (1-level)/2 and (1+level)/2 quantiles. Seeded, so reports are reproducible."""
    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return (float("nan"), float("nan"))
    stats = statistic(x[_resamples(len(x), n_resamples, seed)])
    lo, hi = np.quantile(stats, [(1 - level) / 2, (1 + level) / 2])
    return (float(lo), float(hi))


def stratified_bootstrap_ci(strata: Sequence[Sequence[float]], statistic: Statistic = mean,
                            n_resamples: int = 2000, level: float = 0.95, seed: int = 0) -> tuple[float, float]:
    """Interval of the mean over strata (e.g. suites) of `statistic` within each stratum,
    resampling tasks within each stratum (the stratified bootstrap, Efron & Tibshirani, 1993,
    sec. 6.7): each suite keeps its own number of tasks, so a 200-task suite does not swamp a
    20-task one, as it would if all tasks were pooled."""
    groups = [np.asarray(s, dtype=float) for s in strata if len(s)]
    if not groups:
        return (float("nan"), float("nan"))
    stats = np.mean([statistic(g[_resamples(len(g), n_resamples, seed + i)]) for i, g in enumerate(groups)], axis=0)
    lo, hi = np.quantile(stats, [(1 - level) / 2, (1 + level) / 2])
    return (float(lo), float(hi))


@dataclass(frozen=True)
class Comparison:
    """A paired comparison of two runs on the same tasks: `difference` = statistic(a) -
    statistic(b) with its bootstrap interval. `a_better` / `b_better` only when the interval
    excludes zero; otherwise the runs are not told apart."""

    difference: float
    low: float
    high: float
    tasks: int
    level: float = 0.95

    @property
    def a_better(self) -> bool:
        return self.low > 0

    @property
    def b_better(self) -> bool:
        return self.high < 0

    @property
    def verdict(self) -> str:
        return "A" if self.a_better else "B" if self.b_better else "tie"


def paired_bootstrap(a: Sequence[float], b: Sequence[float], statistic: Statistic = mean,
                     n_resamples: int = 2000, level: float = 0.95, seed: int = 0) -> Comparison:
    """Paired bootstrap of the difference between two runs scored on the same tasks
    (Efron & Tibshirani, 1993, ch. 16; used for system comparison by Koehn, 2004, "Statistical
    Significance Tests for Machine Translation Evaluation"): `a[i]` and `b[i]` are the two
    runs' values on task i; each resample draws tasks and keeps both values of a task
    together, so task difficulty, shared by both runs, cancels out of the difference. For a
    ratio figure pass logarithms (the difference is then the log of the ratio)."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.shape != y.shape:
        raise ValueError("a paired comparison needs one value per task from each run")
    if len(x) == 0:
        nan = float("nan")
        return Comparison(nan, nan, nan, 0, level)
    idx = _resamples(len(x), n_resamples, seed)
    diffs = statistic(x[idx]) - statistic(y[idx])
    lo, hi = np.quantile(diffs, [(1 - level) / 2, (1 + level) / 2])
    return Comparison(float(statistic(x) - statistic(y)), float(lo), float(hi), len(x), level)
