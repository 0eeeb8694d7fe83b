"""The report of one run: the board's figures for that run, as Markdown (and, through the CLI,
terminal tables). The scoring policy is in `_scores`: every task in every denominator, harness
errors counted as not solved and shown apart. Its warnings are the leaderboard's comparability
warnings (`_compare`), over the run alone (a run resumed after its suite changed) or together
with the runs it is compared with (`compare`): one mechanism says when runs differ in suite
version, task data, settings or tools."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import jinja2
import pandas as pd

from chipbench import secrets
from chipbench.core import RunRecord
from chipbench.leaderboards._board import Board, RunScores, build_board, run_labels
from chipbench.leaderboards._compare import Warning_, comparability
from chipbench.leaderboards._scores import FAST_P, HARNESS_WARNING, STATUSES
from chipbench.leaderboards.usage import usage_totals
from chipbench.results import Run, run_frame
from chipbench.results._views import RecordView


def _pct(v) -> str:
    return "–" if v is None or v != v else f"{100 * v:.1f}%"


def _num(v) -> str:
    return "–" if v is None or v != v else f"{v:.2f}"


def template_env(package_folder: str = "templates") -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("chipbench.leaderboards", package_folder),
                             trim_blocks=True, lstrip_blocks=True, autoescape=jinja2.select_autoescape(["html"]))
    env.filters["pct"] = _pct
    env.filters["num"] = _num
    return env


@dataclass
class Report:
    board: Board
    usage: dict = field(default_factory=dict)
    warnings: list[Warning_] = field(default_factory=list)
    """What makes the run's figures not comparable: within the run, or with the compared runs."""

    @property
    def run(self) -> RunScores:
        return self.board.runs[0]

    @property
    def manifest(self) -> dict:
        return self.run.manifest

    @property
    def suites(self) -> pd.DataFrame:
        """One flat row per suite: the figures of the Markdown tables, for scripts and tests."""
        rows = []
        for name, s in self.run.suites.items():
            row = {"suite": name, "tasks": s.tasks, "samples": s.samples, "pass@1": s.pass1.value,
                   "pass@1_low": s.pass1.low, "pass@1_high": s.pass1.high, "harness_errors": s.harness_errors,
                   "harness_share": s.harness_share, **{f"pass@{k}": v for k, v in s.pass_at.items()}, **s.statuses}
            if s.timed and s.speedup is not None:
                row.update({"speedup": s.speedup.value, "speedup_low": s.speedup.low, "speedup_high": s.speedup.high,
                            "geomean": s.geomean_kept, "sensitivity": s.sensitivity,
                            "correct_tasks": s.correct_tasks, "correct_geomean": s.correct_geomean,
                            "correct_median": s.correct_median,
                            **{f"fast_{p:g}": v for p, v in s.fast_p.items()},
                            **{f"vs {b}": g for b, (g, _) in s.baselines.items()}})
            rows.append(row)
        return pd.DataFrame(rows)

    @property
    def tasks(self) -> pd.DataFrame:
        return self.board.tasks

    @property
    def measured_on(self) -> dict[str, str]:
        """Per suite: what its speed figures were measured on (every distinct description)."""
        r = self.board.records
        return {s: "; ".join(sorted({m for m in g["measured_on"] if isinstance(m, str) and m})) or "–"
                for s, g in r.groupby("suite")}

    def task_rows(self) -> list[dict]:
        r = self.board.records
        statuses = {t: ", ".join(f"{k}:{v}" for k, v in g["status"].value_counts().sort_index().items())
                    for t, g in r.groupby("task_id")}
        rows = self.board.tasks.to_dict("records")
        return [{**row, "statuses": statuses.get(row["task_id"], "")} for row in rows]

    def markdown(self) -> str:
        return template_env().get_template("report.md.j2").render(
            report=self, run=self.run, board=self.board, statuses=STATUSES[:-1], fast_p=FAST_P,
            pass_ks=sorted({k for s in self.run.suites.values() for k in s.pass_at if k > 1})[:4],
            harness_warning=HARNESS_WARNING, measured_on=self.measured_on, task_rows=self.task_rows())


def build_report(records: list[RunRecord], manifest: dict | None = None, run_dir: Path | None = None,
                 compare: list[Run] | None = None) -> Report:
    """The report of one run's records (already read from its store); `compare`: other runs
    whose differences from this one (suite version, task data, settings, tools) it warns of."""
    run = Run(Path(run_dir or "."), manifest or {})
    frame = run_frame(run, [RecordView.of(r) for r in records])
    board = build_board([run], records=frame)
    warnings = board.warnings
    if compare:
        runs = [run, *compare]
        both = pd.concat([frame, *(run_frame(r) for r in compare)], ignore_index=True)
        warnings = comparability(both, run_labels(runs))
    return Report(board, usage_totals(records), warnings)


def write_markdown(report: Report, path: Path) -> Path:
    path.write_text(secrets.redact(report.markdown()))
    return path
