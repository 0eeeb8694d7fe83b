"""`chipbench leaderboard`: the board of several runs as a static site.

Plain HTML pages written with jinja2, one stylesheet and one small script (sorting and
filtering tables) shipped beside them, plots as inline SVG, code highlighted by pygments when
the site is built: the folder opens from disk in any browser, with no server and no network.
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import numpy as np
from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import TextLexer, get_lexer_for_filename
from pygments.util import ClassNotFound

from chipbench.core import RunRecord
from chipbench.evaluators.metrics import pass_at_k
from chipbench.leaderboards import _svg
from chipbench.leaderboards._board import Board, build_board
from chipbench.leaderboards._compare import Warning_
from chipbench.leaderboards._scores import DIMENSIONS, FAST_P, HARNESS_WARNING, STATUSES
from chipbench.leaderboards.report import template_env
from chipbench.results import find_runs

FAST_P_CURVE = tuple(round(0.1 * i, 1) for i in range(0, 31))
"""The p values of the fast_p curve: 0 to 3 by 0.1."""


@dataclass
class Site:
    out: Path
    pages: int
    runs: int
    records: int
    warnings: list[Warning_]


def build_site(runs, out: Path) -> Site:
    """Write the leaderboard of `runs` (paths or globs of run directories) into `out`."""
    run_list = find_runs(runs)
    board = build_board(run_list)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    _write_assets(out)
    env = template_env("templates/site")
    timed_suites = [s for s in board.suites if any(r.suites[s].timed for r in board.runs_of(s))]
    env.globals.update(statuses=STATUSES, fast_p=FAST_P, harness_warning=HARNESS_WARNING,
                       suites=board.suites, timed_suites=timed_suites, dimensions=DIMENSIONS,
                       colour=_colours(board))
    env.filters["slug"] = _slug
    env.filters["json"] = lambda v: json.dumps(v, indent=1, sort_keys=True, default=str)
    pages = 0

    def page(name: str, template: str, depth: int = 0, **context) -> None:
        nonlocal pages
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        html = env.get_template(template).render(board=board, root="../" * depth, **context)
        path.write_text(html)
        pages += 1

    stats = {r.key: {"tokens": _mean_of(board, r.key, "tokens"), "turns": _mean_of(board, r.key, "model_calls")}
             for r in board.runs}
    plots, missing_plots = _overview_plots(board)
    page("index.html", "index.html.j2", plots=plots, missing_plots=missing_plots, title="Leaderboard", stats=stats)
    for suite in board.suites:
        runs_of = board.runs_of(suite)
        summaries = [r.suites[suite] for r in runs_of]
        page(f"suite-{_slug(suite)}.html", "suite.html.j2", suite=suite, runs=runs_of,
             plots=_suite_plots(board, suite), tasks=_task_matrix(board, suite), title=suite,
             comparisons=[c for c in board.comparisons if c.suite == suite],
             warnings=[w for w in board.warnings if w.suite == suite],
             pass_ks=sorted({k for s in summaries for k in s.pass_at if k > 1})[:4],
             ratio_names=sorted({k for s in summaries for k in s.ratios}),
             breakdown_values={d: sorted({v for r in runs_of for v in r.breakdowns[(suite, d)]}) for d in DIMENSIONS})
    r = board.records
    measured = {run.key: sorted({m for m in r.loc[r["run_dir"] == run.key, "measured_on"] if isinstance(m, str) and m})
                for run in board.runs}
    created = {run.key: time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(run.manifest["created_at"]))
               if run.manifest.get("created_at") else "?" for run in board.runs}
    page("environment.html", "environment.html.j2", title="Environment", measured=measured, created=created)
    for suite, task_id, entries, meta in _task_pages(board):
        page(f"tasks/{_slug(task_id)}.html", "task.html.j2", depth=1, suite=suite, task_id=task_id,
             entries=entries, meta=meta, title=task_id)
    return Site(out, pages, len(run_list), len(board.records), board.warnings)


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text)


def _colours(board: Board) -> dict[str, str]:
    return {r.label: _svg.colour(i) for i, r in enumerate(board.runs)}


def _write_assets(out: Path) -> None:
    assets = out / "assets"
    assets.mkdir(exist_ok=True)
    static = files("chipbench.leaderboards") / "static"
    for name in ("board.css", "board.js"):
        with (static / name).open("rb") as src, open(assets / name, "wb") as dst:
            shutil.copyfileobj(src, dst)
    (assets / "code.css").write_text(HtmlFormatter(style="friendly").get_style_defs(".code"))


# -- plots ------------------------------------------------------------------------------------

def _overview_plots(board: Board) -> tuple[list[Markup], str]:
    """The plots of the overview, and a note naming those left out for want of data."""
    colour = _colours(board)
    missing = []
    plots = []
    for column, title, x_label, x_log in (("cost_usd", "Cost vs score", "cost per sample (US$)", True),
                                          ("tokens", "Tokens vs score", "tokens per sample", False),
                                          ("model_calls", "Turns vs score", "model calls per sample", False)):
        points = [(r.label, colour[r.label], _mean_of(board, r.key, column), r.overall.value) for r in board.runs]
        if not any(p[2] > 0 for p in points):
            missing.append(title.split()[0].lower())
            continue
        plots.append(Markup(_svg.scatter(points, title, x_label, "pass@1 (mean over suites)", x_log=x_log)))
    note = (f"No {' or '.join(missing)} recorded in these runs (replayed and oracle runs cost nothing and count "
            "no tokens): those plots are left out." if missing else "")
    return plots, note


def _mean_of(board: Board, run_dir: str, column: str) -> float:
    r = board.records
    v = r.loc[r["run_dir"] == run_dir, column]
    return float(v.mean()) if len(v) else float("nan")


def _suite_plots(board: Board, suite: str) -> list[Markup]:
    colour = _colours(board)
    runs = board.runs_of(suite)
    plots = []
    curves: list[tuple[str, str, list[tuple[float, float]]]] = []
    for r in runs:
        t = board.tasks[(board.tasks["run_dir"] == r.key) & (board.tasks["suite"] == suite)]
        kmax = int(t["samples"].min())
        if kmax >= 2:
            ks = [k for k in range(1, kmax + 1)]
            curves.append((r.label, colour[r.label],
                           [(k, float(np.mean([pass_at_k(int(n), int(c), k) for n, c in zip(t["samples"], t["correct"])])))
                            for k in ks]))
    if curves:
        plots.append(_svg.line_chart(curves, "pass@k", "k (samples drawn)", "pass@k"))
    timed = [r for r in runs if r.suites[suite].timed]
    if timed:
        fast = []
        for r in timed:
            t = board.tasks[(board.tasks["run_dir"] == r.key) & (board.tasks["suite"] == suite)]
            fast.append((r.label, colour[r.label], [(p, _fast_share(board, r.key, suite, p, len(t))) for p in FAST_P_CURVE]))
        plots.append(_svg.line_chart(fast, "fast_p: correct and more than p× faster", "p (speedup threshold)",
                                     "share of all tasks"))
        plots.append(_svg.distribution([(r.label, colour[r.label], r.suites[suite].speedups) for r in timed],
                                       "Speedups of correct candidates, one dot per task", "speedup (log scale)"))
    return [Markup(p) for p in plots if p]


def _fast_share(board: Board, run_dir: str, suite: str, p: float, n_tasks: int) -> float:
    """fast_p at any p from the records: per task the share of samples correct and faster than
    p (speed capped as the scores cap it), averaged over all tasks."""
    r = board.records
    r = r[(r["run_dir"] == run_dir) & (r["suite"] == suite)]
    cap = r["speedup_cap"].astype(float).fillna(np.inf)
    s = np.minimum(r["speedup"].astype(float), cap)
    hit = (r["correct"] & (s > p)).groupby(r["task_id"]).mean()
    return float(hit.sum() / n_tasks) if n_tasks else float("nan")


# -- tables -----------------------------------------------------------------------------------

def _task_matrix(board: Board, suite: str) -> list[dict]:
    """One row per task of the suite: its metadata and each run's pass@1 and speedup."""
    t = board.tasks[board.tasks["suite"] == suite]
    rows: dict[str, dict] = {}
    for rec in t.to_dict("records"):
        row = rows.setdefault(rec["task_id"], {"task_id": rec["task_id"], "title": rec["title"],
                                               "difficulty": rec["difficulty"], "track": rec["track"],
                                               "tags": rec["tags"], "runs": {}})
        row["runs"][rec["run_dir"]] = rec
    return [rows[k] for k in sorted(rows)]


# -- task pages -------------------------------------------------------------------------------

def _task_pages(board: Board):
    """(suite, task id, entries, metadata) per task: an entry per run and sample, with the
    candidate's files highlighted and the transcript, from the full records."""
    by_task: dict[str, list[tuple[str, RunRecord]]] = {}
    for r in board.runs:
        for rec in r.run.records():
            by_task.setdefault(rec.task_id, []).append((r.label, rec))
    meta = {row["task_id"]: row for row in board.tasks.drop_duplicates("task_id").to_dict("records")}
    for task_id in sorted(by_task):
        entries: list[dict[str, Any]] = [{"run": label, "record": rec, "files": [(name, _highlighted(name, text))
                                                            for name, text in sorted(rec.candidate.files.items())]}
                   for label, rec in sorted(by_task[task_id], key=lambda e: (e[0], e[1].sample))]
        yield entries[0]["record"].suite, task_id, entries, meta.get(task_id, {})


@lru_cache(maxsize=64)
def _lexer(suffix: str):
    try:
        return get_lexer_for_filename("x" + suffix, stripnl=False)
    except ClassNotFound:
        return TextLexer(stripnl=False)


_FORMATTER = HtmlFormatter(cssclass="code", linenos=False)


@lru_cache(maxsize=4096)
def _highlighted(name: str, text: str) -> Markup:
    return Markup(highlight(text, _lexer(Path(name).suffix), _FORMATTER))
