"""What judging a Verilog candidate costs, against the plain simulator commands, in one run.

For a sample of the verilog suite's spec-to-RTL tasks (their references as candidates), in
rounds, interleaved so machine noise hits every side alike:
  plain icarus     iverilog + vvp in a temp dir (no sandbox, no harness)
  plain verilator  verilator --binary (the harness's flags and prebuilt runtime) + the run
  icarus-only      `evaluate_in_sandbox` with Icarus, no QoR, verdict cache off
  icarus+yosys     the same with Yosys QoR (runs for correct candidates only)
  two simulators   Icarus then Verilator, no QoR, verdict cache off
  resubmitted      an identical candidate judged a second time with the verdict cache on
                   (the first judgement of a fresh candidate is the reference figure)
  wrong            a known-wrong candidate, Icarus only and both simulators (Verilator runs
                   only on designs Icarus passes)
It prints wall and CPU seconds (this process and its children: simulators, sandboxes) per
task, the ratios the targets name, and where the harness's time goes per stage (from each
verdict's `timings`). Targets: icarus-only <= 1.5x plain icarus; two simulators <= 3x
icarus-only; resubmitted <= 0.1x its first judgement.

With `--sandbox docker` it instead compares the sandbox backends, interleaved round by round:
  lifecycle  one candidate's sandbox alone (start, write a file, run `true`, close), local vs
             docker with a warm pool; target: docker adds at most 150 ms per candidate;
  harness    the oracle sweep with `--sandbox local` and `--sandbox docker`.

CPU time is read from a cgroup of this process's own where one can be made (every process it
starts is counted, waited for or not), and the local sandbox then uses the machine's own
backend (bwrap where installed, as runs do). Elsewhere it falls back to rusage, which sees a
sandboxed command only through a process that waits for it: the `unshare` backend's are this
one's waited-for children, bwrap's are not, so the backend is then `unshare`.

    python benchmarks/overhead.py [--rounds 3] [--tasks 10] [--backend bwrap|unshare] [--sandbox docker]
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import os
import resource
import secrets
import statistics
import subprocess
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from chipbench.core import Candidate
from chipbench.evaluators.verilog import VerilogEvaluator
from chipbench.evaluators.verilog._simulators import (
    SUPPORT_INCLUDE, VERILATOR_SEED, VERILATOR_X_RUNS, icarus_build_command, support_include, verilator_build_command,
    verilator_runtime,
)
from chipbench.sandbox.local import LocalSandbox
from chipbench.registry import suites
from chipbench.runner import RunConfig, evaluate_in_sandbox, hidden_roots, run


def _rusage_cpu() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _cgroup_meter() -> tuple[str, Callable[[], float]] | None:
    """CPU of this process and of every process it starts, waited for or not, from a cgroup of
    its own (v1 `cpuacct` or v2), where this user may make one; None otherwise. bwrap's
    sandboxed commands are not waited for by anything this process waits for, so rusage misses
    them; a cgroup counts them."""
    for root, usage, scale in ((Path("/sys/fs/cgroup/cpuacct"), "cpuacct.usage", 1e-9),
                               (Path("/sys/fs/cgroup/unified"), "cpu.stat", 1e-6),
                               (Path("/sys/fs/cgroup"), "cpu.stat", 1e-6)):
        group = root / f"chipbench-overhead-{os.getpid()}"
        try:
            group.mkdir()
        except OSError:
            continue
        try:
            (group / "cgroup.procs").write_text(str(os.getpid()))
        except OSError:
            group.rmdir()
            continue

        def read(group=group, usage=usage, scale=scale) -> float:
            text = (group / usage).read_text()
            value = int(text.split()[text.split().index("usage_usec") + 1]) if usage == "cpu.stat" else int(text)
            return value * scale

        def leave(group=group, root=root) -> None:
            try:
                (root / "cgroup.procs").write_text(str(os.getpid()))
                group.rmdir()
            except OSError:
                pass

        atexit.register(leave)
        return str(group), read
    return None


_METER = _cgroup_meter()
_cpu: Callable[[], float] = _METER[1] if _METER else _rusage_cpu


class Meter:
    """Wall and CPU seconds of whatever runs inside `with meter:`, added up over uses."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0

    def __enter__(self) -> "Meter":
        self._wall, self._cpu = time.perf_counter(), _cpu()
        return self

    def __exit__(self, *exc) -> None:
        self.wall += time.perf_counter() - self._wall
        self.cpu += _cpu() - self._cpu


def _workdir(task, d: str) -> tuple[Path, list[str]]:
    work = Path(d)
    for name, text in {**task.reference, "tb.v": (task.hidden_dir / "tb.v").read_text(),
                       SUPPORT_INCLUDE: support_include()}.items():
        (work / name).write_text(text)
    return work, [f for f in task.submit if f.endswith((".v", ".sv"))]


def plain_icarus(task) -> None:
    with tempfile.TemporaryDirectory() as d:
        work, sources = _workdir(task, d)
        subprocess.run(icarus_build_command(sources), cwd=work, check=True, capture_output=True)
        out = subprocess.run(["vvp", "-n", "sim.vvp", "+chipbench_nonce=x"], cwd=work, check=True,
                             capture_output=True, text=True)
        assert "errors=0" in out.stdout, task.id


def plain_verilator(task, runtime) -> None:
    with tempfile.TemporaryDirectory() as d:
        work, sources = _workdir(task, d)
        subprocess.run(verilator_build_command(sources, runtime), cwd=work, check=True, capture_output=True)
        for extra in VERILATOR_X_RUNS:  # as the harness: every `x` made 0, then 1 (don't-care bits)
            out = subprocess.run(["./obj_dir/Vtb", "+chipbench_nonce=x", VERILATOR_SEED, *extra], cwd=work,
                                 check=True, capture_output=True, text=True)
        assert "errors=0" in out.stdout, task.id


_loop = asyncio.new_event_loop()
"""One event loop for every judgement, as in a run or a search loop (a loop per call would add
its start and teardown to each)."""


def judge(evaluator, task, files, hide, cache: bool):
    verdict = _loop.run_until_complete(
        evaluate_in_sandbox(evaluator, task, Candidate(files=files), "local", hide, cache=cache))
    if not verdict.correct:  # said, not fatal: one verdict under heavy load must not lose the figures
        print(f"  not correct: {task.id} ({evaluator.settings()}): {verdict.status.value} {verdict.reason}", flush=True)
    return verdict


def _load() -> str:
    """`uptime`'s load averages (1/5/15 min) on this machine's cores."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1/5/15 min) on {os.cpu_count()} cores"


def verilog_costs(rounds: int, limit: int) -> None:
    suite = suites.get("verilog")
    every = [t for t in suite.load() if t.kind == "spec-to-rtl"]
    step = max(1, len(every) // limit)
    tasks = every[::step][:limit]
    hide = hidden_roots([suite])
    icarus, icarus_qor = VerilogEvaluator(["icarus"], qor=False), VerilogEvaluator(["icarus"], qor=True)
    both = VerilogEvaluator(["icarus", "verilator"], qor=False)
    # The prebuilt Verilator runtime, as the harness's first Verilator build makes it (once per
    # environment; its cost is the `verilator.runtime` stage of the first judgement).
    runtime = _loop.run_until_complete(verilator_runtime(LocalSandbox(hide=[], toolchain="verilog")))
    print(f"load at the start: {_load()}", flush=True)
    # Warm imports, tool versions and the page cache, and record each task's reference runs
    # (once per task, simulator and environment, like the runtime: not a candidate's cost).
    for t in tasks:
        plain_icarus(t)
        judge(both, t, t.reference, hide, cache=False)
    sides = ["plain icarus", "plain verilator", "icarus-only", "icarus+yosys", "two simulators",
             "first judgement", "resubmitted", "wrong: icarus-only", "wrong: two simulators"]
    meters = {s: Meter() for s in sides}
    stages: dict[str, dict[str, float]] = {s: defaultdict(float) for s in sides}
    for r in range(rounds):
        for task in tasks:
            with meters["plain icarus"]:
                plain_icarus(task)
            with meters["plain verilator"]:
                plain_verilator(task, runtime)
            for side, evaluator in (("icarus-only", icarus), ("icarus+yosys", icarus_qor), ("two simulators", both)):
                with meters[side]:
                    v = judge(evaluator, task, task.reference, hide, cache=False)
                for k, x in v.timings.items():
                    stages[side][k] += x
            fresh = {f: text + f"\n// {secrets.token_hex(8)}\n" for f, text in task.reference.items()}
            for side in ("first judgement", "resubmitted"):
                with meters[side]:
                    v = judge(icarus, task, fresh, hide, cache=True)
                assert v.cached == (side == "resubmitted"), side
                for k, x in v.timings.items():
                    stages[side][k] += x
            # A known-wrong design: Verilator runs only on what Icarus passes, so both cost alike.
            wrong = next(iter(task.wrong_candidates().values()))
            for side, evaluator in (("wrong: icarus-only", icarus), ("wrong: two simulators", both)):
                with meters[side]:
                    v = _loop.run_until_complete(
                        evaluate_in_sandbox(evaluator, task, Candidate(files=wrong), "local", hide, cache=False))
                assert not v.correct, (task.id, side)
        print(f"round {r + 1} of {rounds} done ({len(tasks)} tasks)", flush=True)
    n = rounds * len(tasks)
    print(f"\n{len(tasks)} spec-to-rtl tasks x {rounds} rounds ({', '.join(t.id for t in tasks)}); "
          f"load at the end: {_load()}\n")
    print("| side | wall ms/task | CPU ms/task |")
    print("|---|---:|---:|")
    for s in sides:
        print(f"| {s} | {1000 * meters[s].wall / n:.0f} | {1000 * meters[s].cpu / n:.0f} |")

    def ratio(a: str, b: str) -> str:
        return (f"wall {meters[a].wall / meters[b].wall:.2f}x, CPU {meters[a].cpu / meters[b].cpu:.2f}x")

    print("\n| ratio | measured | target |")
    print("|---|---|---|")
    print(f"| icarus-only / plain icarus | {ratio('icarus-only', 'plain icarus')} | <= 1.5x |")
    print(f"| icarus+yosys / plain icarus | {ratio('icarus+yosys', 'plain icarus')} | (QoR is optional) |")
    print(f"| two simulators / icarus-only | {ratio('two simulators', 'icarus-only')} | <= 3x |")
    plain = Meter()
    plain.wall = meters["plain icarus"].wall + meters["plain verilator"].wall
    plain.cpu = meters["plain icarus"].cpu + meters["plain verilator"].cpu
    meters["plain both"] = plain
    print(f"| two simulators / (plain icarus + plain verilator) | {ratio('two simulators', 'plain both')} | |")
    print(f"| resubmitted / first judgement | {ratio('resubmitted', 'first judgement')} | <= 0.1x |")
    print(f"| a wrong design: two simulators / icarus-only | {ratio('wrong: two simulators', 'wrong: icarus-only')} | |")
    keys = sorted({k for s in stages.values() for k in s}, key=lambda k: -stages["two simulators"].get(k, 0))
    judged = ["icarus-only", "icarus+yosys", "two simulators", "resubmitted"]
    print("\nwall ms per task by stage (from verdict timings)\n")
    print("| stage | " + " | ".join(judged) + " |")
    print("|---|" + "---:|" * len(judged))
    for k in keys:
        print(f"| {k} | " + " | ".join(f"{1000 * stages[s].get(k, 0.0) / n:.1f}" for s in judged) + " |")


def harness_sweep(suite: str, jobs: int, sandbox: str = "local", tasks: list[str] = ()) -> float:
    with tempfile.TemporaryDirectory() as d:
        started = time.perf_counter()
        asyncio.run(run(RunConfig(suites=[suite], jobs=jobs, run_dir=Path(d) / "run", sandbox=sandbox, verdict_cache=False,
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
    ap.add_argument("--jobs", type=int, default=1, help="with --sandbox docker: harness concurrency")
    ap.add_argument("--sandbox", default="local", help="`docker`: compare docker with local instead")
    ap.add_argument("--backend", default=None,
                    help="local sandbox backend for the verilog costs (default: the machine's own where CPU is "
                         "measured by a cgroup, else unshare, whose commands rusage sees)")
    ap.add_argument("--tasks", type=int, default=None,
                    help="tasks sampled (verilog costs: default 10; docker: the first N, default all)")
    args = ap.parse_args()
    if args.sandbox != "local":
        compare_sandboxes(args.suite, args.rounds, args.jobs, args.tasks)
        return
    import chipbench.sandbox.local as local_sandbox

    backend = args.backend or (local_sandbox.available_backend() if _METER else "unshare")
    local_sandbox.available_backend = lambda: backend
    print(f"local sandbox backend: {backend}; CPU measured by "
          + (f"the cgroup {_METER[0]} (every process, waited for or not)" if _METER else "rusage (waited-for processes)"))
    verilog_costs(args.rounds, args.tasks or 10)


if __name__ == "__main__":
    main()
