"""The surrogate: a latency prediction for design points nobody measured.

One model per (tool version, kernel), a scikit-learn random forest on the measured valid
points (features: a one-hot of each PIPELINE value, log2 of each PARALLEL/TILE factor; target:
log latency). Its error is cross-validated per kernel (5 folds, held-out points only) and
travels with every prediction, so no predicted figure is read without it. Predictions never
mix with measured figures: verdicts carry them under separate `predicted_*` keys.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from chipbench.evaluators.hls._data import Space, Value, kind_of, space
from chipbench.evaluators.hls._design import PIPE_VALUES

FOLDS = 5
MIN_POINTS = 10
"""Fewer measured valid points than this and a kernel gets no surrogate (md has 9)."""


def features(sp: Space, point: dict[str, Value]) -> list[float]:
    row: list[float] = []
    for name in sp.domains:
        value = point[name]
        if kind_of(name) == "PIPE":
            row += [float(value == v) for v in PIPE_VALUES]
        else:
            row.append(math.log2(max(int(value), 1)))
    return row


def _model():
    from sklearn.ensemble import RandomForestRegressor

    return RandomForestRegressor(n_estimators=60, min_samples_leaf=1, random_state=0, n_jobs=1)


@dataclass(frozen=True)
class Quality:
    """Held-out quality of one kernel's surrogate."""

    points: int
    """Measured valid points it is trained on."""
    cv_error: float
    """Median relative error of predicted latency on held-out points (0.1 = 10%)."""
    spearman: float
    """Rank correlation of predicted and measured latency on held-out points."""
    top1_regret: float
    """Per fold, the measured latency of the point predicted best over the fold's best measured
    latency, minus one; averaged over folds (0 = the surrogate always picks the best)."""


@dataclass(frozen=True)
class Surrogate:
    version: str
    kernel: str
    quality: Quality
    model: Any

    def predict(self, point: dict[str, Value]) -> float:
        sp = space(self.version, self.kernel)
        return float(math.exp(self.model.predict(np.array([features(sp, point)]))[0]))

    @property
    def label(self) -> str:
        return (f"predicted (surrogate, CV error {self.quality.cv_error:.0%}, "
                f"trained on {self.quality.points} measured points)")


def cross_validate(sp: Space) -> Quality:
    from scipy.stats import spearmanr
    from sklearn.model_selection import KFold

    x, y = _training(sp)
    predicted = np.empty_like(y)
    regrets = []
    for train, test in KFold(FOLDS, shuffle=True, random_state=0).split(x):
        model = _model().fit(x[train], y[train])
        predicted[test] = model.predict(x[test])
        chosen = test[int(np.argmin(predicted[test]))]
        regrets.append(math.exp(y[chosen] - y[test].min()) - 1)
    errors = np.abs(np.exp(predicted - y) - 1)
    rho = spearmanr(predicted, y).statistic
    return Quality(points=len(y), cv_error=float(np.median(errors)),
                   spearman=float(rho) if rho == rho else 0.0, top1_regret=float(np.mean(regrets)))


def _training(sp: Space) -> tuple[np.ndarray, np.ndarray]:
    usable = sp.usable()
    x = np.array([features(sp, p) for p, _ in usable], dtype=float)
    y = np.log(np.array([m.perf for _, m in usable], dtype=float))
    return x, y


@cache
def surrogate(version: str, kernel: str) -> Surrogate | None:
    """The kernel's surrogate, trained at first use in this process; None with too few points."""
    sp = space(version, kernel)
    if len(sp.usable()) < MIN_POINTS:
        return None
    x, y = _training(sp)
    return Surrogate(version, kernel, cross_validate(sp), _model().fit(x, y))
