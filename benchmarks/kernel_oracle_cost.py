"""What the oracle run of the cuda-kernels suite costs on the cpu backend, per task.

    python benchmarks/kernel_oracle_cost.py [--sample N] [--jobs J] [--task NAME ...]

Each task's reference is judged once, as `chipbench run` with the oracle does (fresh sandbox,
build, reference run, supervisor with timing), with a cold build cache (a fresh
CHIPBENCH_CACHE) and the verdict cache off, `--jobs` at a time. Prints the wall time of every
task, the total, and the load average around it. With `--sample N`, N task instances spread
evenly over the suite's sorted names (every operator's variants alike) are run and the
whole suite's time is extrapolated from their mean: said so in the output. The budget the
issue sets is 30 minutes cold for the whole suite on the project's machine; the exit status
is 1 when the (measured or extrapolated) total is over it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time

BUDGET_S = 30 * 60


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (1 min) {five:.2f} (5 min) on {os.cpu_count()} cores"


async def judge_all(tasks, roots, jobs: int) -> list[tuple[str, float, str]]:
    from chipbench.core import Candidate
    from chipbench.evaluators.kernels import KernelEvaluator
    from chipbench.runner import evaluate_in_sandbox

    limiter = asyncio.Semaphore(jobs)
    rows: list[tuple[str, float, str]] = []

    async def one(task) -> None:
        async with limiter:
            started = time.perf_counter()
            verdict = await evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=task.reference), "local",
                                                roots, cache=False)
            rows.append((task.name, time.perf_counter() - started, verdict.status.value))
            print(f"{task.name:40s} {rows[-1][1]:7.1f} s  {verdict.status.value}", flush=True)

    await asyncio.gather(*(one(t) for t in tasks))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, default=0, help="judge N instances and extrapolate (0: all)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--task", action="append", default=[])
    args = parser.parse_args()
    os.environ["CHIPBENCH_CACHE"] = tempfile.mkdtemp(prefix="chipbench-cold-")  # cold build cache

    from chipbench.runner import hidden_roots, resolve_suites

    (suite,) = resolve_suites(["cuda-kernels"])
    names = args.task or suite.task_names()
    total_names = len(suite.task_names()) if not args.task else len(names)
    if args.sample and args.sample < len(names):
        step = len(names) / args.sample
        names = [names[int(i * step)] for i in range(args.sample)]
    tasks = suite.load(names)
    print(f"{len(tasks)} of {total_names} instances, {args.jobs} at a time; before: {load()}", flush=True)
    started = time.perf_counter()
    rows = asyncio.run(judge_all(tasks, hidden_roots([suite]), args.jobs))
    wall = time.perf_counter() - started
    failed = [name for name, _, status in rows if status != "pass"]
    print(f"after: {load()}")
    print(f"measured: {len(rows)} instances in {wall:.0f} s wall ({wall / len(rows):.1f} s per instance at "
          f"{args.jobs} jobs); references not passing: {failed or 'none'}")
    estimate = wall / len(rows) * total_names
    label = "measured" if len(rows) == total_names else f"extrapolated from {len(rows)} of {total_names}"
    print(f"whole suite ({total_names} instances), {label}: {estimate / 60:.1f} min "
          f"(budget {BUDGET_S / 60:.0f} min): {'PASS' if estimate <= BUDGET_S else 'OVER'}")
    return 0 if estimate <= BUDGET_S and not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
