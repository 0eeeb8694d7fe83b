"""Throughput and latency of `chipbench serve`, and what the server adds to an evaluation.

On loopback only: starts a server (`--workers W`), then per suite (a few tasks' references as
candidates) and per number of concurrent clients (1, 4, 16) sends

- uncached requests (`cache: false`: every one judged), and
- cached requests (the same candidates, already judged: a verdict-cache lookup),

and prints evaluations per second, p50 and p99 latency as the clients see them. The server's
overhead is measured two ways, uncached, at one client (no queueing):
- in-server: (client latency - the span the executor spent on the evaluation) / that span;
- end to end: (client latency - the same evaluation through `chipbench.aevaluate` in this
  process) / the latter (noisier: two separate runs of the evaluation).
Target: under 5% for uncached evaluations.

    .venv/bin/python benchmarks/serve_throughput.py [--suites verilog isa-transpile] [--tasks 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CHIPBENCH_VERILOG_SIMULATORS", "icarus")

import chipbench  # noqa: E402
from chipbench.client import Client  # noqa: E402
from chipbench.registry import evaluators  # noqa: E402
from chipbench.runner import resolve_suites  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from service_support import running_server  # noqa: E402

CLIENTS = (1, 4, 16)


def sample(suite_name: str, n: int) -> list[tuple[str, dict[str, str]]]:
    (suite,) = resolve_suites([suite_name])
    folders = suite.task_folders()
    step = max(1, len(folders) // n)
    tasks = suite.load([f.name for f in folders[::step][:n]])
    return [(t.id, t.reference) for t in tasks]


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


async def point(url: str, work: list[tuple[str, dict[str, str]]], clients: int, requests: int, cache: bool):
    """`requests` evaluations spread over `clients` clients; returns (rate, latencies, jobs)."""
    todo = [work[i % len(work)] for i in range(requests)]
    latencies: list[float] = []
    jobs = []

    async def client(i: int) -> None:
        async with Client(url, name=f"bench-{i}") as c:
            for task_id, files in todo[i::clients]:
                started = time.perf_counter()
                job = await c.aevaluate(task_id, files, cache=cache)
                latencies.append(time.perf_counter() - started)
                jobs.append(job)

    started = time.perf_counter()
    await asyncio.gather(*(client(i) for i in range(clients)))
    return requests / (time.perf_counter() - started), latencies, jobs


async def bench_suite(url: str, name: str, n_tasks: int) -> list[str]:
    work = sample(name, n_tasks)
    rows = []
    # Warm: each candidate judged once (fills the verdict cache, loads the tasks in the server).
    async with Client(url) as c:
        for task_id, files in work:
            job = await c.aevaluate(task_id, files)
            if job.verdict.status.value != "pass":
                rows.append(f"| {name} | warm-up | {task_id}: {job.verdict.status.value} {job.verdict.reason[:80]} |")
    # Overhead at one client, uncached.
    direct, served, spans = [], [], []
    for task_id, files in work:
        for _ in range(2):
            t0 = time.perf_counter()
            await chipbench.aevaluate(task_id, files, cache=False)
            direct.append(time.perf_counter() - t0)
            _, lat, jobs = await point(url, [(task_id, files)], 1, 1, False)
            served += lat
            spans.append(jobs[0].finished_at - jobs[0].started_at)
    inside = statistics.median((lat - span) / span for lat, span in zip(served, spans))
    end_to_end = (statistics.median(served) - statistics.median(direct)) / statistics.median(direct)
    for clients in CLIENTS:
        for cache in (False, True):
            requests = max(4, clients) * (4 if cache else 1)
            rate, lat, jobs = await point(url, work, clients, requests, cache)
            hits = sum(j.verdict.cached for j in jobs)
            rows.append(f"| {name} | {'cached' if cache else 'uncached'} | {clients} | {requests} | {rate:.2f} | "
                        f"{1000 * pct(lat, .5):.0f} | {1000 * pct(lat, .99):.0f} | {hits}/{requests} |")
    rows.append(f"| {name} | overhead (1 client, uncached) | in-server {100 * inside:.2f}% | "
                f"end to end {100 * end_to_end:+.1f}% | eval p50 {1000 * statistics.median(spans):.0f} ms | | | |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suites", nargs="+", default=["verilog", "isa-transpile", "hls", "hls-xls", "cuda-kernels"])
    parser.add_argument("--tasks", type=int, default=2, help="tasks sampled per suite")
    parser.add_argument("--workers", type=int, default=4, help="the server's evaluations at once")
    args = parser.parse_args()
    available = {s for s in args.suites if s in [x for x in evaluators.names()]}
    print(f"# serve throughput: {args.workers} workers, {args.tasks} tasks per suite, loopback")
    print(f"load before: {os.getloadavg()}")
    print("| suite | mode | clients | requests | evals/s | p50 ms | p99 ms | cache hits |")
    print("|---|---|--:|--:|--:|--:|--:|--:|")
    with running_server("--workers", str(args.workers), "--max-queue", "256", "--per-client", "64") as (url, _):
        for name in args.suites:
            if name not in available:
                print(f"| {name} | not installed | | | | | | |")
                continue
            started = time.perf_counter()
            for row in asyncio.run(bench_suite(url, name, args.tasks)):
                print(row, flush=True)
            print(f"<!-- {name}: {time.perf_counter() - started:.0f} s -->", flush=True)
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
