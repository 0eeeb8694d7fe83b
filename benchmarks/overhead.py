"""What the harness adds on top of the simulator itself, for the oracle sweep of a suite.

Runs the same compile + simulate commands for every task's reference twice, in one process,
interleaved round by round so machine noise hits both sides alike:
  direct   the bare iverilog/vvp commands in a temp dir (no sandbox, no harness);
  harness  `chipbench run` in-process with the oracle (prompt, extraction, sandbox, records).
Prints the median ratio harness / direct. Target: at most 1.05.

With `--sandbox docker` it instead compares the sandbox backends, interleaved round by round:
  lifecycle  one candidate's sandbox alone (start, write a file, run `true`, close), local vs
             docker with a warm pool; target: docker adds at most 150 ms per candidate;
  harness    the same oracle sweep with `--sandbox local` and `--sandbox docker`.

    python benchmarks/overhead.py [--rounds 3] [--jobs 1] [--sandbox docker]
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


def harness_sweep(suite: str, jobs: int, sandbox: str = "local", tasks: list[str] = ()) -> float:
    with tempfile.TemporaryDirectory() as d:
        started = time.perf_counter()
        asyncio.run(run(RunConfig(suites=[suite], jobs=jobs, run_dir=Path(d) / "run", sandbox=sandbox,
                                  tasks=list(tasks))))
        return time.perf_counter() - started


def lifecycle_ms(sandbox: str, toolchain: str, candidates: int) -> float:
    """Median wall time of one candidate's sandbox: start, write a file, run `true`, close."""
    from chipbench.registry import sandboxes

    async def sweep() -> list[float]:
        times = []
        for _ in range(candidates):
            started = time.perf_counter()
            async with sandboxes.get(sandbox)(hide=[], toolchain=toolchain) as sbx:
                await sbx.write_file("cand.v", "module m; endmodule\n")
                result = await sbx.exec(["true"])
                assert result.ok, result.output
            times.append(time.perf_counter() - started)
        return times

    return 1000 * statistics.median(asyncio.run(sweep()))


def compare_sandboxes(suite: str, rounds: int, jobs: int, limit: int | None) -> None:
    evaluator = suites.get(suite).evaluator
    lifecycle_ms("docker", evaluator, 3)  # a warm container for the pool
    extra = []
    for i in range(rounds):
        local = lifecycle_ms("local", evaluator, 20)
        docker = lifecycle_ms("docker", evaluator, 20)
        extra.append(docker - local)
        print(f"round {i + 1}: one candidate's sandbox  local {local:6.1f} ms  docker {docker:6.1f} ms  "
              f"docker adds {docker - local:+6.1f} ms")
    tasks = suites.get(suite).load()[:limit]
    ids = [t.id for t in tasks] if limit else []
    per_task = []
    for i in range(rounds):
        local = harness_sweep(suite, jobs, "local", ids)
        docker = harness_sweep(suite, jobs, "docker", ids)
        per_task.append(1000 * (docker - local) / len(tasks))
        print(f"round {i + 1}: {len(tasks)} tasks  local {local:6.2f} s  docker {docker:6.2f} s  "
              f"({per_task[-1]:+.1f} ms/candidate)")
    print(f"median docker overhead: {statistics.median(extra):+.1f} ms per sandbox lifecycle (target <= 150), "
          f"{statistics.median(per_task):+.1f} ms per candidate in the {suite} sweep")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", default="verilog")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1, help="harness concurrency (1 = same as direct)")
    ap.add_argument("--sandbox", default="local", help="`docker`: compare docker with local instead")
    ap.add_argument("--tasks", type=int, default=None, help="with --sandbox docker: sweep only the first N tasks")
    args = ap.parse_args()
    if args.sandbox != "local":
        compare_sandboxes(args.suite, args.rounds, args.jobs, args.tasks)
        return
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
