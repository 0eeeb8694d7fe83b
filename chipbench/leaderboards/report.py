"""Reports are views of stored records: tables of scores per suite and per task.

Harness errors are shown apart and left out of every score: they say nothing about the
candidate. pass@k uses the unbiased estimator over the samples of each task.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import jinja2
import pandas as pd

from chipbench.core import RunRecord, Status
from chipbench.evaluators.metrics import bootstrap_ci, fast_p, geometric_mean, pass_at_k
from chipbench.leaderboards.usage import usage_totals

STATUSES = [s.value for s in Status]
FAST_P = (0.0, 0.5, 1.0, 1.5, 2.0)
COMPILED = "torch.compile"  # the kernel suite's second baseline, where a run asked for it


def records_frame(records: list[RunRecord]) -> pd.DataFrame:
    rows = [
        {
            "task_id": r.task_id, "suite": r.suite, "sample": r.sample, "agent": r.agent,
            "model": r.model, "status": r.verdict.status.value, "correct": r.verdict.correct,
            "speedup": r.verdict.perf.speedup if r.verdict.perf else None,
            "speedup_compile": r.verdict.perf.speedups.get(COMPILED) if r.verdict.perf else None,
            "measured_on": r.verdict.perf.measured_on if r.verdict.perf else "",
            "reason": r.verdict.reason, "tokens": r.candidate.trajectory.usage.prompt_tokens
            + r.candidate.trajectory.usage.completion_tokens,
            "cost_usd": r.candidate.trajectory.usage.cost_usd,
        }
        for r in records
    ]
    columns = ["task_id", "suite", "sample", "agent", "model", "status", "correct", "speedup",
               "speedup_compile", "measured_on", "reason", "tokens", "cost_usd"]
    return pd.DataFrame(rows, columns=columns)


def per_task(df: pd.DataFrame) -> pd.DataFrame:
    scored = df[df.status != Status.HARNESS_ERROR.value]
    out = []
    for (suite, task_id), g in df.groupby(["suite", "task_id"], sort=True):
        s = scored[scored.task_id == task_id]
        n, c = len(s), int(s.correct.sum())
        speed = s[s.correct & s.speedup.notna()].speedup
        speed_compile = s[s.correct & s.speedup_compile.notna()].speedup_compile
        out.append({
            "suite": suite, "task_id": task_id, "samples": n, "correct": c,
            "pass@1": pass_at_k(n, c, 1) if n else float("nan"),
            "harness_errors": int((g.status == Status.HARNESS_ERROR.value).sum()),
            "speedup": geometric_mean(list(speed)) if len(speed) else None,
            "speedup_compile": geometric_mean(list(speed_compile)) if len(speed_compile) else None,
            "statuses": ", ".join(f"{k}:{v}" for k, v in g.status.value_counts().sort_index().items()),
        })
    return pd.DataFrame(out)


def per_suite(df: pd.DataFrame) -> pd.DataFrame:
    tasks = per_task(df)
    out = []
    for suite, t in tasks.groupby("suite", sort=True):
        sdf = df[df.suite == suite]
        row = {
            "suite": suite, "tasks": len(t), "samples": int(t.samples.sum()),
            "pass@1": t["pass@1"].mean(),
            "harness_errors": int(t.harness_errors.sum()),
        }
        for status in STATUSES:
            row[status] = int((sdf.status == status).sum())
        speedups = [s for s in t.speedup if s is not None and s == s]
        if speedups:
            row["geomean_speedup"] = geometric_mean(speedups)
            row["speedup_ci95"] = bootstrap_ci(speedups)
            row["measured_on"] = "; ".join(sorted({m for m in sdf.measured_on if m})) or "–"
            for p in FAST_P:
                row[f"fast_{p:g}"] = fast_p(list(t["pass@1"] > 0), list(t.speedup), p)
            compiled = [s for s in t.speedup_compile if s is not None and s == s]
            row["geomean_speedup_compile"] = geometric_mean(compiled) if compiled else None
            row["tasks_compile"] = len(compiled)
            row["tasks_timed"] = len(speedups)
        out.append(row)
    return pd.DataFrame(out)


@dataclass
class Report:
    suites: pd.DataFrame
    tasks: pd.DataFrame
    records: pd.DataFrame
    manifest: dict
    usage: dict = field(default_factory=dict)

    def markdown(self) -> str:
        env = jinja2.Environment(loader=jinja2.PackageLoader("chipbench.leaderboards", "templates"),
                                 trim_blocks=True, lstrip_blocks=True)
        env.filters["pct"] = lambda v: "–" if v != v else f"{100 * v:.1f}%"
        env.filters["num"] = lambda v: "–" if v is None or v != v else f"{v:.2f}"
        return env.get_template("report.md.j2").render(report=self, statuses=STATUSES)


def build_report(records: list[RunRecord], manifest: dict | None = None) -> Report:
    df = records_frame(records)
    return Report(suites=per_suite(df), tasks=per_task(df), records=df, manifest=manifest or {},
                  usage=usage_totals(records))


def write_markdown(report: Report, path: Path) -> Path:
    path.write_text(report.markdown())
    return path
