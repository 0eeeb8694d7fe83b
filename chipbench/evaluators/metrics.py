"""Aggregate scores shared by every suite's report."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k from n samples of which c are correct (Chen et al., 2021).

    1 - C(n-c, k) / C(n, k), computed as a product so large n does not overflow.
    """
    if not 0 <= c <= n:
        raise ValueError(f"need 0 <= c <= n, got c={c}, n={n}")
    if k < 1 or k > n:
        raise ValueError(f"need 1 <= k <= n, got k={k}, n={n}")
    if n - c < k:
        return 1.0
    return 1.0 - math.prod(1.0 - k / i for i in range(n - c + 1, n + 1))


def geometric_mean(values: Sequence[float]) -> float:
    if not values:
        return float("nan")
    if any(v <= 0 for v in values):
        raise ValueError("geometric mean needs positive values")
    return math.exp(sum(math.log(v) for v in values) / len(values))


def fast_p(correct: Sequence[bool], speedups: Sequence[float | None], p: float) -> float:
    """Share of *all* tasks that are correct and more than p times faster than the baseline."""
    if len(correct) != len(speedups):
        raise ValueError("correct and speedups must have the same length")
    if not correct:
        return float("nan")
    hits = sum(1 for ok, s in zip(correct, speedups) if ok and s is not None and s > p)
    return hits / len(correct)


def bootstrap_ci(
    values: Sequence[float], statistic=geometric_mean, n_resamples: int = 2000,
    level: float = 0.95, seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of `statistic`; seeded so reports are reproducible."""
    if not values:
        return (float("nan"), float("nan"))
    rng = random.Random(seed)
    stats = sorted(statistic(rng.choices(values, k=len(values))) for _ in range(n_resamples))
    lo = stats[int((1 - level) / 2 * n_resamples)]
    hi = stats[min(n_resamples - 1, int((1 + level) / 2 * n_resamples))]
    return (lo, hi)
