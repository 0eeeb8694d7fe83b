"""Are two runs' figures comparable? Warnings for everything that differs between runs of a
suite other than the model and agent under test, and for problems within one run.

Each warning names the suite and what differs; the board shows them beside the figures they
affect. What is compared, per suite, over the runs that scored it:

* task content (`task_digest` of tasks present in several runs) and the task sets;
* the suite's version and the content hash of its task data, and chipbench's;
* tool versions and the sandbox environment (`versions` of the suite's records);
* the evaluator's verdict-changing settings (simulators, kernel thread counts, ...);
* where speed was measured (`measured_on`: CPU, threads, clock, simulator) and against what
  (the perf unit and the named baselines, e.g. eager or torch.compile);
* the host, for suites timed by a clock.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pandas as pd

EXACT_UNITS = {"instructions"}
"""Perf units that are counts, not clock times: the same on any host."""


@dataclass(frozen=True)
class Warning_:
    suite: str
    message: str
    kind: str = "comparability"


def _distinct(values) -> list[str]:
    return sorted({str(v) for v in values if v is not None and v == v and v != ""})


def _labels(df: pd.DataFrame, label_of: dict[str, str], column: str) -> str:
    parts = []
    for value, g in df.groupby(column, sort=True):
        parts.append(f"{value} ({', '.join(sorted(label_of[r] for r in g['run_dir'].unique()))})")
    return "; ".join(parts)


def comparability(records: pd.DataFrame, label_of: dict[str, str]) -> list[Warning_]:
    """Warnings for the runs in `records` (the results table); `label_of` names each run_dir."""
    out: list[Warning_] = []
    for suite, s in records.groupby("suite", sort=True):
        runs = s["run_dir"].unique()
        out += _within_runs(suite, s, label_of)
        if len(runs) < 2:
            continue
        per_run_tasks = {r: set(g["task_id"]) for r, g in s.groupby("run_dir")}
        common = set.intersection(*per_run_tasks.values())
        if any(t != common for t in per_run_tasks.values()):
            sizes = ", ".join(f"{label_of[r]}: {len(t)}" for r, t in per_run_tasks.items())
            out.append(Warning_(suite, f"the runs scored different task sets ({sizes}; {len(common)} in common): "
                                       "suite figures cover different tasks; paired comparisons use the common ones"))
        digests = s[s["task_id"].isin(common)].groupby("task_id")["task_digest"].nunique()
        changed = sorted(digests[digests > 1].index)
        if changed:
            shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
            out.append(Warning_(suite, f"{len(changed)} task(s) differ in content between runs (task digests): "
                                       f"{shown}; they are left out of paired comparisons"))
        for column, what in (("suite_version", "suite versions"),
                             ("suite_hash", "suite task data (content hashes)"),
                             ("evaluator_settings", "evaluator settings"),
                             ("perf_unit", "speed units")):
            if len(_distinct(s[column])) > 1:
                out.append(Warning_(suite, f"{what} differ: {_labels(s, label_of, column)}"))
        out += _versions(suite, s, label_of)
        timed = s[s["measured_on"].notna() & (s["measured_on"] != "") & s["task_id"].isin(common)]
        # Per task: different targets of one suite are measured on different simulators by design.
        differs = timed.groupby("task_id")["measured_on"].nunique()
        if (differs > 1).any():
            moved = timed[timed["task_id"].isin(differs[differs > 1].index)]
            out.append(Warning_(suite, f"speed measured differently (machine, threads, clock or simulator) on "
                                       f"{int((differs > 1).sum())} task(s): {_labels(moved, label_of, 'measured_on')}"))
        baselines = {r: tuple(sorted(c.split(':', 1)[1] for c in s.columns if c.startswith("speedup:")
                                     and g[c].notna().any())) for r, g in s.groupby("run_dir")}
        if len(set(baselines.values())) > 1:
            desc = "; ".join(f"{label_of[r]}: {', '.join(b) or 'default only'}" for r, b in baselines.items())
            out.append(Warning_(suite, f"speed baselines differ: {desc}"))
        clocked = timed[~timed["perf_unit"].isin(EXACT_UNITS)]
        if len(_distinct(clocked["host"])) > 1:
            out.append(Warning_(suite, f"timed on different hosts: {_labels(clocked, label_of, 'host')}"))
    return out


def _versions(suite: str, s: pd.DataFrame, label_of: dict[str, str]) -> list[Warning_]:
    """Tool versions (and sandbox images) that differ between runs, over the keys every run
    recorded (a run that also scored other suites recorded their tools too)."""
    per_run: dict[str, dict[str, str]] = {}
    for r, g in s.groupby("run_dir"):
        per_run[r] = json.loads(g["versions"].iloc[0]) if len(g) else {}
    keys = set.intersection(*(set(v) for v in per_run.values()))
    out = []
    for key in sorted(keys - {"python"}):
        values = {r: v[key] for r, v in per_run.items()}
        if len(set(values.values())) > 1:
            desc = "; ".join(f"{label_of[r]}: {v}" for r, v in values.items())
            out.append(Warning_(suite, f"{key} differs: {desc}"))
    return out


def _within_runs(suite: str, s: pd.DataFrame, label_of: dict[str, str]) -> list[Warning_]:
    out = []
    for r, g in s.groupby("run_dir"):
        if g["task_digest"].groupby(g["task_id"]).nunique().max() > 1:
            out.append(Warning_(suite, f"{label_of[r]}: one task was scored in different versions within the run "
                                       "(resumed after the task changed)", "run"))
        if len(_distinct(g["suite_hash"])) > 1:
            out.append(Warning_(suite, f"{label_of[r]}: its records scored different versions of the suite's task "
                                       f"data (content hashes {', '.join(_distinct(g['suite_hash']))}: resumed "
                                       "after the suite changed)", "run"))
        unknown = int((g["task_info_source"] == "unknown").sum())
        if unknown:
            out.append(Warning_(suite, f"{label_of[r]}: {unknown} record(s) of schema 1 whose task changed or is "
                                       "gone: their difficulty, tags and track are unknown (shown as ?)", "run"))
    return out
