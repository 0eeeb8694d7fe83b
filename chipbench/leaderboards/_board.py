"""A board: the scores of one or more runs, side by side, with breakdowns, paired comparisons
and comparability warnings. The Markdown report, the terminal tables and the static site are
all views of one `Board`."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from chipbench.evaluators.metrics import (
    Comparison, mean, paired_bootstrap, stratified_bootstrap_ci, winsorised_geomean,
)
from chipbench.leaderboards._compare import Warning_, comparability
from chipbench.leaderboards._scores import DIMENSIONS, Interval, Summary, breakdown_groups, summarize, task_table
from chipbench.results import Run, find_runs, run_frame


@dataclass
class RunScores:
    run: Run
    label: str
    suites: dict[str, Summary]
    overall: Interval
    breakdowns: dict[tuple[str, str], dict[str, Summary]]

    @property
    def manifest(self) -> dict:
        return self.run.manifest

    @property
    def key(self) -> str:
        return str(self.run.dir)

    @property
    def tasks(self) -> int:
        return sum(s.tasks for s in self.suites.values())

    @property
    def samples(self) -> int:
        return sum(s.samples for s in self.suites.values())

    @property
    def harness_errors(self) -> int:
        return sum(s.harness_errors for s in self.suites.values())

    @property
    def cost_usd(self) -> float:
        return sum(s.cost_usd for s in self.suites.values())


@dataclass
class PairedResult:
    suite: str
    a: str
    b: str
    pass1: Comparison
    speedup: Comparison | None  # log of the ratio of headline speedups

    @property
    def speed_ratio(self) -> tuple[float, float, float] | None:
        if self.speedup is None:
            return None
        c = self.speedup
        return (math.exp(c.difference), math.exp(c.low), math.exp(c.high))


@dataclass
class Board:
    runs: list[RunScores]
    records: pd.DataFrame
    tasks: pd.DataFrame
    warnings: list[Warning_] = field(default_factory=list)
    comparisons: list[PairedResult] = field(default_factory=list)

    @property
    def suites(self) -> list[str]:
        return sorted({s for r in self.runs for s in r.suites})

    def label(self, run_dir: str) -> str:
        return next(r.label for r in self.runs if r.key == run_dir)

    def runs_of(self, suite: str) -> list[RunScores]:
        """The runs that scored `suite`, best pass@1 first."""
        return sorted((r for r in self.runs if suite in r.suites), key=lambda r: -_nan0(r.suites[suite].pass1.value))


def _nan0(v: float) -> float:
    return 0.0 if v != v else v


def build_board(runs: list[Run] | str, *, records: pd.DataFrame | None = None) -> Board:
    """Score every run (a list of `Run`, or paths/globs as `results.find_runs` takes them)."""
    if not isinstance(runs, list) or (runs and not isinstance(runs[0], Run)):
        runs = find_runs(runs)
    if records is None:
        frames = [run_frame(r) for r in runs]
        records = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    tasks = task_table(records)
    labels = run_labels(runs)
    scores = []
    for run in runs:
        key = str(run.dir)
        t_run, r_run = tasks[tasks["run_dir"] == key], records[records["run_dir"] == key]
        suites = {s: summarize(t, r_run[r_run["suite"] == s]) for s, t in t_run.groupby("suite", sort=True)}
        lo, hi = stratified_bootstrap_ci([t["pass@1"].to_numpy() for _, t in t_run.groupby("suite")], mean)
        overall = Interval(float(np.mean([s.pass1.value for s in suites.values()])) if suites else math.nan, lo, hi)
        breakdowns = {(s, dim): {v: summarize(g) for v, g in breakdown_groups(t, dim).items()}
                      for s, t in t_run.groupby("suite", sort=True) for dim in DIMENSIONS}
        scores.append(RunScores(run, labels[key], suites, overall, breakdowns))
    board = Board(scores, records, tasks, comparability(records, labels) if len(records) else [])
    board.comparisons = _paired(board)
    return board


def run_labels(runs: list[Run]) -> dict[str, str]:
    """Model · agent, with the run id only where two runs share both."""
    base = {str(r.dir): f"{r.manifest.get('model', '?')} · {r.manifest.get('agent', '?')}" for r in runs}
    counts = pd.Series(list(base.values())).value_counts()
    return {k: (f"{v} · {runs[i].manifest.get('run_id', runs[i].dir.name)}" if counts[v] > 1 else v)
            for i, (k, v) in enumerate(base.items())}


def _paired(board: Board) -> list[PairedResult]:
    """Every pair of runs on each suite, on the tasks both scored in the same version."""
    out = []
    for suite in board.suites:
        runs = board.runs_of(suite)
        t = board.tasks[board.tasks["suite"] == suite]
        for a, b in itertools.combinations(runs, 2):
            ta = t[t["run_dir"] == a.key].set_index("task_id")
            tb = t[t["run_dir"] == b.key].set_index("task_id")
            common = [i for i in ta.index.intersection(tb.index)
                      if ta.at[i, "task_digest"] == tb.at[i, "task_digest"] and ta.at[i, "digests"] == 1
                      and tb.at[i, "digests"] == 1]
            if not common:
                continue
            ta, tb = ta.loc[common], tb.loc[common]
            pass1 = paired_bootstrap(ta["pass@1"].to_numpy(float), tb["pass@1"].to_numpy(float), mean)
            speed = None
            if ta["timed"].any() and tb["timed"].any():
                speed = paired_bootstrap(ta["kept_speedup"].to_numpy(float), tb["kept_speedup"].to_numpy(float),
                                         lambda x: np.log(winsorised_geomean(x)))
            out.append(PairedResult(suite, a.label, b.label, pass1, speed))
    return out
