"""How the results table and the leaderboard scale: targets of 10 s to load 100,000 records with
`chipbench.results.load` and 30 s to build the site of 10,000 records.

    .venv/bin/python benchmarks/leaderboard_scale.py [--load-records 100000] [--site-records 10000] [--keep DIR]

Records are synthetic but shaped like real ones (measured on single-shot runs here: about 7 KB
each — the prompt, the reply, the candidate's file, logs and feedback), spread over several
runs of three suites, with speed figures on one suite and QoR figures on another, a few harness
errors, several samples per task. The load average is printed beside every figure: the machine
is shared, and a figure measured at a load of 8 on 2 cores is not one measured on a quiet one.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import tempfile
import time
from pathlib import Path

from chipbench.core import (
    Candidate, Check, Message, Perf, RunRecord, Status, Step, TaskInfo, Trajectory, Usage, Verdict,
)

SUITES = {"verilog": ("spec-to-rtl", "bug-repair"), "isa-transpile": ("O0", "O2"), "cuda-kernels": ("cpu",)}
STATUSES = [Status.PASS] * 6 + [Status.FAIL, Status.COMPILE_ERROR, Status.RUNTIME_ERROR, Status.TIMEOUT]
PROMPT = ("Write the module described below. " * 60 + "\n| port | dir | width |\n" * 20)[:3000]
CODE = ("module m(input clk, input [7:0] a, output reg [7:0] y);\n  always @(posedge clk) y <= a + 8'd1;\nendmodule\n" * 14)[:1500]


def record(run: int, suite: str, task: int, sample: int, rng: random.Random) -> RunRecord:
    status = Status.HARNESS_ERROR if rng.random() < 0.005 else rng.choice(STATUSES)
    correct = status is Status.PASS
    perf = qor = None
    if suite == "isa-transpile" and correct:
        s = rng.lognormvariate(-0.2, 0.4)
        perf = Perf(unit="instructions", candidate=1000 / s, baseline=1000, speedup=s, measured_on="qemu + plugin")
    if suite == "cuda-kernels" and correct:
        s = rng.lognormvariate(-1.0, 0.7)
        perf = Perf(unit="ms", candidate=1 / s, baseline=1, speedup=s, spread=0.03,
                    measured_on="AMD EPYC, 1 thread; timed by process CPU time", speedups={"eager": s})
    if suite == "verilog" and correct:
        qor = {"cells": 40.0, "cells_reference": 38.0, "cells_ratio": 40 / 38}
    tracks = SUITES[suite]
    messages = [Message(role="system", content="You are an expert engineer."), Message(role="user", content=PROMPT),
                Message(role="assistant", content=f"Here it is:\n```verilog file=m.v\n{CODE}```")]
    usage = Usage(prompt_tokens=900, completion_tokens=450, cost_usd=0.004)
    return RunRecord(
        run_id=f"run{run}", task_id=f"{suite}/task{task:04d}", suite=suite, sample=sample, agent="single-shot",
        model=f"provider/model-{run}", config_hash=f"h{run}", task_digest=f"{task:016x}",
        candidate=Candidate(files={"m.v": CODE}, trajectory=Trajectory(
            messages=messages, usage=usage, model_calls=1, wall_s=3.2,
            steps=[Step(kind="model", message=2, wall_s=3.2, usage=usage)], stop_reason="answered")),
        verdict=Verdict(status=status, reason="all 1024 checks passed" if correct else "3 of 1024 checks failed",
                        checks=[Check(name="icarus", passed=correct, detail="1021/1024 checks matched")],
                        perf=perf, qor=qor or {}, logs="simulation log line\n" * 25, feedback="public test: 4/4 passed\n" * 5),
        versions={"chipbench": "0.1.0", "iverilog": "Icarus Verilog version 11.0", "qemu-riscv64": "7.2"},
        started_at=1.7e9 + task, finished_at=1.7e9 + task + 5, suite_version="0.1",
        task_info=TaskInfo(title=f"Task {task}", kind=tracks[0], difficulty=rng.choice(["easy", "medium", "hard"]),
                           tags=(rng.choice(["fsm", "alu", "bits", "loops"]), "generated"), track=tracks[task % len(tracks)]))


def write_runs(root: Path, n_records: int, runs: int, samples: int, seed: int = 0) -> list[Path]:
    """`runs` run folders holding `n_records` records in all (tasks spread over the suites)."""
    rng = random.Random(seed)
    per_run = n_records // runs
    tasks = per_run // samples
    dirs = []
    for r in range(runs):
        d = root / f"run{r}"
        d.mkdir(parents=True)
        (d / "manifest.json").write_text(f'{{"run_id": "run{r}", "model": "provider/model-{r}", "agent": "single-shot", '
                                         f'"host": "bench", "sandbox": "local", "schema_version": 2}}')
        with open(d / "records.jsonl", "w") as f:
            for t in range(tasks):
                suite = list(SUITES)[t % len(SUITES)]
                for s in range(samples):
                    f.write(record(r, suite, t, s, rng).model_dump_json() + "\n")
        dirs.append(d)
    return dirs


def load_avg() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--load-records", type=int, default=100_000)
    ap.add_argument("--site-records", type=int, default=10_000)
    ap.add_argument("--keep", type=Path, help="write the data and the site here and keep them")
    args = ap.parse_args()
    import chipbench.results as results
    from chipbench.leaderboards import build_site

    root = args.keep or Path(tempfile.mkdtemp(prefix="chipbench-scale-"))
    ok = True
    try:
        t = time.monotonic()
        big = write_runs(root / "load", args.load_records, runs=4, samples=5)
        size = sum((d / "records.jsonl").stat().st_size for d in big)
        print(f"wrote {args.load_records} records ({size / 1e6:.0f} MB) in {time.monotonic() - t:.1f} s")
        print(f"load average before: {load_avg()} (2 cores)")
        t, cpu = time.monotonic(), time.process_time()
        frame = results.load([str(d) for d in big])
        took, cpu = time.monotonic() - t, time.process_time() - cpu
        verdict = "PASS" if took < 10 else "FAIL"
        ok &= took < 10
        print(f"results.load: {len(frame)} rows x {len(frame.columns)} columns in {took:.2f} s wall, "
              f"{cpu:.2f} s CPU (target < 10 s: {verdict}); load average after: {load_avg()}")

        small = write_runs(root / "site-runs", args.site_records, runs=4, samples=5, seed=1)
        print(f"load average before: {load_avg()}")
        t, cpu = time.monotonic(), time.process_time()
        site = build_site([str(d) for d in small], root / "site")
        took, cpu = time.monotonic() - t, time.process_time() - cpu
        verdict = "PASS" if took < 30 else "FAIL"
        ok &= took < 30
        print(f"leaderboard site: {site.records} records, {site.pages} pages in {took:.2f} s wall, {cpu:.2f} s CPU "
              f"(target < 30 s: {verdict}); load average after: {load_avg()}")
    finally:
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
