"""How stable is the kernel suite's speedup? The same candidate judged 5 times in a row.

    python benchmarks/kernel_timing_stability.py [--task softmax_rows] [--repeats 5] [--files DIR]

By default the candidate is the task's reference (cpu backend). Each repetition is a full
evaluation (fresh sandbox, fresh seeds, fresh processes), one at a time, so what varies is
what a real run sees. Prints each speedup and the spread, (max - min) / median; the target
on the project's 2-core machine is at most 5%.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
from pathlib import Path

from chipbench.core import Candidate, read_tree
from chipbench.evaluators.kernels import KernelEvaluator
from chipbench.runner import evaluate_in_sandbox, hidden_roots, resolve_suites, select_tasks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", default="cuda-kernels")
    ap.add_argument("--task", default="softmax_rows")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--files", type=Path, help="folder with the candidate's files (default: the reference)")
    args = ap.parse_args()
    suites = resolve_suites([args.suite])
    (task,) = select_tasks(suites, [args.task])
    files = read_tree(args.files) if args.files else task.reference
    speedups = []
    for i in range(args.repeats):
        verdict = asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=files), "local",
                                                  hidden_roots(suites)))
        if verdict.perf is None:
            raise SystemExit(f"run {i + 1}: {verdict.status.value}: {verdict.reason}")
        p = verdict.perf
        speedups.append(p.speedup)
        print(f"run {i + 1}: speedup {p.speedup:.4f}  candidate {p.candidate:.4f} ms  baseline {p.baseline:.4f} ms  "
              f"within-run spread {p.spread:.1%}")
    median = statistics.median(speedups)
    spread = (max(speedups) - min(speedups)) / median
    print(f"{task.id}: median speedup {median:.4f}, spread (max-min)/median {spread:.2%} over {len(speedups)} runs "
          f"({'within' if spread <= 0.05 else 'ABOVE'} the 5% target); measured on {verdict.perf.measured_on}")


if __name__ == "__main__":
    main()
