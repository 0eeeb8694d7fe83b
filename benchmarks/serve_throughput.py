"""Throughput and latency of `chipbench serve`, and what the server adds to an evaluation.

On loopback only: starts a server (`--workers W`), then per suite (a few tasks' references as
candidates; `cuda-kernels` is its `cpu` backend) and per number of concurrent clients (1, 4,
16) sends

- uncached requests (`cache: false`: every one judged), and
- cached requests (the same candidates, already judged: a verdict-cache lookup),

and prints evaluations per second and p50 / p99 latency as the clients see them.

The server's overhead is measured per request, from two times taken in the same instant so
that the machine's load inflates both alike:
- the evaluation: the seconds `runner.evaluate_in_sandbox` spent on it, as the verdict reports
  them (`verdict.timings`: sandbox, every stage, harness; the evaluator's own clock);
- the client's latency, minus the time the job waited while every one of the server's
  `--workers` slots was running another job (from all jobs' `started_at` / `finished_at` in
  the point: waiting for capacity, not work). Waiting while a slot was free (the server busy
  with something else, a slow hand-off) is not subtracted: it is overhead. With no more
  clients than workers nothing is subtracted at all.
overhead = latency - queued - evaluation: parsing and validating the request, resolving the
task, the queue and any wait behind the server's own work, the executor's hop to its worker
process and back, the response, the HTTP round trip and the client's parse. Its ratio to the evaluation is shown per point (median of the per-request ratios, and
the sum of overheads over the sum of evaluations). Target: under 5% for uncached evaluations.
"In server" is the part of it spent between the request's arrival and its answer (the
server's `Server-Timing` header): the server's own code, without the round trip, the client,
or the time the two processes waited to be scheduled (which a loaded machine inflates most).
"Server CPU" is independent of scheduling and of how times are split: the CPU seconds the
server process itself used from the point's first request to its last answer (its process CPU
clock, every thread, to the nanosecond; its evaluation workers not included), per request, and
their sum over the sum of the evaluations.

    .venv/bin/python benchmarks/serve_throughput.py [--suites verilog isa-transpile] [--tasks 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CHIPBENCH_VERILOG_SIMULATORS", "icarus")

import httpx  # noqa: E402

from chipbench.client import Client  # noqa: E402
from chipbench.service.app import CLIENT_HEADER  # noqa: E402
from chipbench.registry import evaluators  # noqa: E402
from chipbench.runner import resolve_suites  # noqa: E402
from chipbench.service.models import JobView  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from service_support import running_server  # noqa: E402

CLIENTS = (1, 4, 16)
SUITES = ("verilog", "isa-transpile", "hls", "hls-xls", "cuda-kernels")


@dataclass
class Sample:
    latency: float
    server: float
    """The server's own span for the request (its `Server-Timing`): arrival to answer."""
    job: JobView
    queued: float = 0.0
    """Seconds this job waited while every worker slot ran another job (`slots_full`)."""

    @property
    def evaluation(self) -> float:
        return sum(self.job.verdict.timings.values())

    @property
    def overhead(self) -> float:
        return self.latency - self.queued - self.evaluation

    @property
    def in_server(self) -> float:
        """The server's part of the overhead; the rest is the loopback round trip, the client
        and the time either process waited for a CPU."""
        return self.server - self.queued - self.evaluation


def sample(suite_name: str, n: int) -> list[tuple[str, dict[str, str]]]:
    (suite,) = resolve_suites([suite_name])
    folders = suite.task_folders()
    step = max(1, len(folders) // n)
    tasks = suite.load([f.name for f in folders[::step][:n]])
    return [(t.id, t.reference) for t in tasks]


def slots_full(samples: list[Sample], slots: int) -> None:
    """Set each sample's `queued`: the part of its wait for a slot (submitted to started)
    during which all `slots` were running jobs of this point (each job's started_at to
    finished_at, server times)."""
    edges = sorted([(s.job.started_at, 1) for s in samples] + [(s.job.finished_at, -1) for s in samples])
    full: list[tuple[float, float]] = []  # intervals with every slot busy
    busy, since = 0, 0.0
    for t, step in edges:
        if busy >= slots and busy + step < slots:
            full.append((since, t))
        if busy < slots <= busy + step:
            since = t
        busy += step
    for s in samples:
        lo, hi = s.job.submitted_at, s.job.started_at or s.job.submitted_at
        s.queued = sum(max(0.0, min(hi, b) - max(lo, a)) for a, b in full)


def cpu_seconds(pid: int) -> float:
    """The CPU time of one process, every thread of it (ended ones included), not its children:
    its process CPU clock, to the nanosecond (the clock id Linux gives a pid's CPU clock).
    /proc's utime + stime count whole 10 ms ticks, coarser than a point's total."""
    return time.clock_gettime_ns(((~pid) << 3) | 2) / 1e9


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


async def point(url: str, server_pid: int, work: list[tuple[str, dict[str, str]]], clients: int, requests: int,
                cache: bool, slots: int) -> tuple[float, list[Sample], float]:
    """`requests` evaluations spread over `clients` clients; returns (rate, samples, the server's
    CPU seconds from the first request's start to the last one's answer)."""
    todo = [work[i % len(work)] for i in range(requests)]
    samples: list[Sample] = []

    # Connected before the clock starts: making an HTTP client (its TLS context, even for
    # http://) and its connection is the caller's cost once, not the server's per request.
    connected = [httpx.AsyncClient(base_url=url, headers={CLIENT_HEADER: f"bench-{i}"}, timeout=900)
                 for i in range(clients)]
    await asyncio.gather(*(c.get("/health") for c in connected))

    async def client(i: int) -> None:
        for task_id, files in todo[i::clients]:
            started = time.perf_counter()
            response = await connected[i].post("/evaluate", json={"task_id": task_id, "files": files, "cache": cache})
            job = JobView.model_validate_json(response.content)
            latency = time.perf_counter() - started
            assert response.status_code == 200, response.text[:300]
            server = float(response.headers["server-timing"].split("dur=")[1]) / 1000
            samples.append(Sample(latency, server, job))

    try:
        cpu_before = cpu_seconds(server_pid)
        started = time.perf_counter()
        await asyncio.gather(*(client(i) for i in range(clients)))
        rate = requests / (time.perf_counter() - started)
        server_cpu = cpu_seconds(server_pid) - cpu_before
        slots_full(samples, slots)
        return rate, samples, server_cpu
    finally:
        await asyncio.gather(*(c.aclose() for c in connected))


async def bench_suite(url: str, server_pid: int, name: str, n_tasks: int, clients_list: tuple[int, ...],
                      slots: int, uncached: int) -> None:
    """Print the suite's rows as they are measured (a run stopped by its time bound keeps them)."""
    work = sample(name, n_tasks)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:  # the floor: a round trip that does nothing
        trips = []
        for _ in range(20):
            started = time.perf_counter()
            (await http.get("/health")).raise_for_status()
            trips.append(time.perf_counter() - started)
    print(f"<!-- {name}: GET /health round trip p50 {1000 * pct(trips, .5):.1f} ms, p90 {1000 * pct(trips, .9):.1f} ms "
          f"(loopback, HTTP and scheduling, no work) -->", flush=True)
    # Warm: each candidate judged once (fills the verdict cache, loads the tasks in the server),
    # then judged again by every worker slot at once, so that each worker process has judged
    # the suite before the clock starts (a worker's first evaluation of a suite pays for
    # per-process set-up, e.g. its sandbox backend's probe: a one-off, not the steady state).
    async with Client(url) as c:
        for task_id, files in work:
            job = await c.aevaluate(task_id, files)
            if job.verdict.status.value != "pass":
                print(f"<!-- {name} warm-up: {task_id}: {job.verdict.status.value} "
                      f"{job.verdict.reason[:80]} -->", flush=True)
        task_id, files = work[0]
        await asyncio.gather(*(c.aevaluate(task_id, files, cache=False) for _ in range(slots)))
    for clients in clients_list:
        for cache in (False, True):
            requests = max(uncached, clients) * (4 if cache else 1)
            rate, samples, server_cpu = await point(url, server_pid, work, clients, requests, cache, slots)
            hits = sum(s.job.verdict.cached for s in samples)
            lat = [s.latency for s in samples]
            over = [s.overhead for s in samples]
            evals = [s.evaluation for s in samples]
            inside = [s.in_server for s in samples]
            ratio = (f"{100 * statistics.median(o / e for o, e in zip(over, evals)):.2f}% / "
                     f"{100 * sum(over) / sum(evals):.2f}% | "
                     f"{100 * statistics.median(o / e for o, e in zip(inside, evals)):.2f}% | "
                     f"{100 * server_cpu / sum(evals):.2f}%") if not cache else "— | — | —"
            print(f"| {name} | {'cached' if cache else 'uncached'} | {clients} | {requests} | {rate:.2f} | "
                  f"{1000 * pct(lat, .5):.0f} | {1000 * pct(lat, .99):.0f} | {hits}/{requests} | "
                  f"{1000 * statistics.median(evals):.0f} | {1000 * statistics.median(s.queued for s in samples):.0f} | "
                  f"{1000 * statistics.median(over):.1f} | {1000 * statistics.median(inside):.2f} | "
                  f"{1000 * server_cpu / requests:.1f} | {ratio} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suites", nargs="+", default=list(SUITES))
    parser.add_argument("--tasks", type=int, default=2, help="tasks sampled per suite")
    parser.add_argument("--workers", type=int, default=4, help="the server's evaluations at once")
    parser.add_argument("--clients", type=int, nargs="+", default=list(CLIENTS))
    parser.add_argument("--uncached", type=int, default=4,
                        help="requests per uncached point (at least one per client)")
    parser.add_argument("--executor", default="process", help="the server's executor (`local`: on its event loop)")
    args = parser.parse_args()
    print(f"# serve throughput: {args.executor} executor, {args.workers} workers, {args.tasks} tasks per suite, loopback, "
          f"{os.cpu_count()} cores")
    print(f"load before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| suite | mode | clients | requests | evals/s | p50 ms | p99 ms | cache hits | eval p50 ms | "
          "queued p50 ms | overhead p50 ms | in server p50 ms | server CPU / request ms | "
          "overhead / eval (median / total) | in server / eval (median) | server CPU / eval (total) |")
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    installed = set(evaluators.names())
    with running_server("--executor", args.executor, "--workers", str(args.workers), "--max-queue", "256", "--per-client", "64",
                        "--time-limit", "7200") as (url, server):  # 16 kernel judgings on 2 cores outlast 600 s
        for name in args.suites:
            if resolve_suites([name])[0].evaluator not in installed:
                print(f"| {name} | not installed | | | | | | | | | | | | | | |")
                continue
            started = time.perf_counter()
            asyncio.run(bench_suite(url, server.pid, name, args.tasks, tuple(args.clients), args.workers,
                                    args.uncached))
            print(f"<!-- {name}: {time.perf_counter() - started:.0f} s, load "
                  f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} -->", flush=True)
    print(f"load after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
