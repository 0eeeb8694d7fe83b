"""What the harness adds on top of the simulator itself, for the oracle sweep of a suite.

Runs the same compile + simulate commands for every task's reference twice, in one process,
interleaved round by round so machine noise hits both sides alike:
  direct   the bare iverilog/vvp commands in a temp dir (no sandbox, no harness);
  harness  `chipbench run` in-process with the oracle (prompt, extraction, sandbox, records).
Prints the median ratio harness / direct. Target: at most 1.05.

    python benchmarks/overhead.py [--rounds 3] [--jobs 1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from chipbench.evaluators.verilog._simulators import support_include
from chipbench.registry import suites
from chipbench.runner import RunConfig, run


def direct_sweep(tasks) -> float:
    include = support_include()
    started = time.perf_counter()
    for task in tasks:
        with tempfile.TemporaryDirectory() as d:
            work = Path(d)
            for name, text in {**task.reference, "tb.v": (task.hidden_dir / "tb.v").read_text(),
                               "chipbench_tb.vh": include}.items():
                (work / name).write_text(text)
            sources = [f for f in task.submit if f.endswith((".v", ".sv"))]
            subprocess.run(["iverilog", "-g2012", "-o", "sim.vvp", "-s", "tb", "tb.v", *sources],
                           cwd=work, check=True, capture_output=True)
            out = subprocess.run(["vvp", "-n", "sim.vvp", "+chipbench_nonce=x"], cwd=work,
                                 check=True, capture_output=True, text=True)
            assert "errors=0" in out.stdout, task.id
    return time.perf_counter() - started


def harness_sweep(suite: str, jobs: int) -> float:
    with tempfile.TemporaryDirectory() as d:
        started = time.perf_counter()
        asyncio.run(run(RunConfig(suites=[suite], jobs=jobs, run_dir=Path(d) / "run")))
        return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", default="verilog")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1, help="harness concurrency (1 = same as direct)")
    args = ap.parse_args()
    tasks = suites.get(args.suite).load()
    harness_sweep(args.suite, args.jobs)  # warm caches (imports, tool versions, page cache)
    ratios = []
    for i in range(args.rounds):
        direct = direct_sweep(tasks)
        harness = harness_sweep(args.suite, args.jobs)
        ratios.append(harness / direct)
        print(f"round {i + 1}: {len(tasks)} tasks  direct {direct:6.2f} s  harness {harness:6.2f} s  "
              f"ratio {harness / direct:.3f}  ({1000 * (harness - direct) / len(tasks):+.1f} ms/task)")
    print(f"median harness/direct ratio: {statistics.median(ratios):.3f} (target <= 1.05)")


if __name__ == "__main__":
    main()
