"""Quality of the hls suite's surrogate, per kernel: how well it ranks and picks design points
it never saw (5-fold cross-validation on the measured valid points of each kernel).

    python benchmarks/hls_surrogate.py              # every (tool version, kernel)
    python benchmarks/hls_surrogate.py --version v20

Columns: the measured valid points it trains on, the median relative latency error and the
Spearman rank correlation of predicted vs measured latency on held-out points, and top-1
regret (the measured latency of the held-out point it ranks best over the best held-out
latency, minus one: 0 means it always picks the best). The last line says how many of the
41,596 points in the data are usable for training (valid, with a latency).
"""

from __future__ import annotations

import argparse
import statistics
import time

from chipbench.evaluators.hls import cross_validate, kernels, space
from chipbench.evaluators.hls._data import TOOLS
from chipbench.evaluators.hls._surrogate import FOLDS, MIN_POINTS


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--version", choices=sorted(TOOLS), action="append")
    args = ap.parse_args()
    started = time.perf_counter()
    rows, trained, total = [], 0, 0
    print(f"{'version':7} {'kernel':16} {'points':>6} {'CV error':>8} {'spearman':>8} {'top-1 regret':>12}")
    for version in args.version or sorted(TOOLS):
        for kernel in kernels(version):
            sp = space(version, kernel)
            total += len(sp.rows)
            if len(sp.usable()) < MIN_POINTS:
                print(f"{version:7} {kernel:16} {len(sp.usable()):>6}  (too few points: no surrogate)")
                continue
            q = cross_validate(sp)
            trained += q.points
            rows.append(q)
            print(f"{version:7} {kernel:16} {q.points:>6} {q.cv_error:>8.1%} {q.spearman:>8.3f} {q.top1_regret:>12.1%}")
    print(f"median over {len(rows)} kernels: CV error {statistics.median(q.cv_error for q in rows):.1%}, "
          f"spearman {statistics.median(q.spearman for q in rows):.3f}, "
          f"top-1 regret {statistics.median(q.top1_regret for q in rows):.1%}")
    print(f"trained on {trained:,} of {total:,} points (the valid ones with a latency), "
          f"{FOLDS}-fold CV, {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
