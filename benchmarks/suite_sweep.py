"""Oracle sweep of a suite: wall time per task and in total, as `chipbench run` does it.

    python benchmarks/suite_sweep.py --suite verilog [--jobs 2]
    python benchmarks/suite_sweep.py --suite cuda-kernels      # prints each task's speedup too

Per-task times come from the records (agent start to verdict), so they include everything a
real run pays: prompt, extraction, sandbox, every simulator, synthesis.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from chipbench.leaderboards import load_records
from chipbench.runner import RunConfig, run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", default="verilog")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        started = time.perf_counter()
        asyncio.run(run(RunConfig(suites=[args.suite], jobs=args.jobs, run_dir=Path(d) / "run")))
        total = time.perf_counter() - started
        records = load_records(Path(d) / "run")
    for r in sorted(records, key=lambda r: r.finished_at - r.started_at, reverse=True):
        speed = f"  speedup {r.verdict.perf.speedup:.3f}x" if r.verdict.perf else ""
        print(f"{r.finished_at - r.started_at:7.2f} s  {r.verdict.status.value:6}  {r.task_id}{speed}")
    passed = sum(r.verdict.correct for r in records)
    print(f"{len(records)} tasks, {passed} passed, {total:.1f} s wall with {args.jobs} jobs "
          f"({total / max(1, len(records)):.2f} s per task)")


if __name__ == "__main__":
    main()
