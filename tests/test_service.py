"""`chipbench serve` as a real process on 127.0.0.1: correct, wrong and hostile candidates from
several clients at once, back-pressure, time limits, idempotency, the token; and the Python
API and client it shares its path with."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

import chipbench
from chipbench.client import Client, ServerError
from chipbench.core import Status
from chipbench.evaluators.hostile import MARKER
from chipbench.registry import evaluators
from chipbench.runner import resolve_suites, select_tasks
from chipbench.service.models import EvalRequest, JobState
from chipbench.service.app import ServeConfig, create_app
from service_support import POOL, SPIN, VERILOG, alive, beyond_the_pool, cmdline, descendants, processes_with, route_probes, running_server

ISA = "isa-transpile/sat_add_i32-O2-riscv64"
HOSTILE = ("fork-bomb", "output-flood", "endless-loop")


def _task(task_id: str):
    (suite,) = resolve_suites([task_id.split("/")[0]])
    (task,) = select_tasks([suite], [task_id])
    return task, evaluators.get(suite.evaluator)()


def _cases() -> list[tuple[str, str, dict[str, str], frozenset[Status]]]:
    """(task, case name, files, statuses it may get) for both tasks: the reference, every
    known-wrong candidate, and the quick hostile cases of the chosen attacks."""
    wrong = frozenset(Status) - {Status.PASS, Status.HARNESS_ERROR}
    cases = []
    for task_id in (ISA, VERILOG):
        task, evaluator = _task(task_id)
        cases.append((task_id, "reference", task.reference, frozenset({Status.PASS})))
        cases += [(task_id, f"wrong/{n}", files, wrong) for n, files in task.wrong_candidates().items()]
        hostile = [h for h in evaluator.hostile_cases(task) if h.attack in HOSTILE and not h.slow]
        cases += [(task_id, f"hostile/{h.name}", h.files, h.expect) for h in hostile]
    return cases


def test_concurrent_clients_get_right_verdicts_and_the_server_stays_up():
    cases = _cases()
    attacks = {c[1].split("/")[1].rsplit("/", 1)[0] for c in cases if c[1].startswith("hostile/")}
    assert {"fork-bomb", "output-flood"} <= {a for a in attacks}, attacks
    health: list[float] = []
    failures: list[str] = []
    with running_server("--workers", "3", "--max-queue", "64", "--per-client", "8") as (url, proc):
        stop = threading.Event()

        def watch() -> None:
            while not stop.is_set():
                started = time.monotonic()
                try:
                    ok = httpx.get(f"{url}/health", timeout=30).status_code == 200
                except httpx.HTTPError as exc:
                    ok = False
                    failures.append(repr(exc))
                health.append(time.monotonic() - started)
                if not ok:
                    failures.append("health not ok")
                time.sleep(0.2)

        watcher = threading.Thread(target=watch)
        watcher.start()

        async def one_client(name: str, mine: list) -> list:
            async with Client(url, name=name) as c:
                return await asyncio.gather(*(c.aevaluate(t, files, cache=False) for t, _, files, _ in mine))

        async def all_clients() -> list:
            shares = [cases[i::4] for i in range(4)]
            results = await asyncio.gather(*(one_client(f"client-{i}", s) for i, s in enumerate(shares)))
            return [(case, job) for share, jobs in zip(shares, results) for case, job in zip(share, jobs)]

        try:
            done = asyncio.run(all_clients())
        finally:
            stop.set()
            watcher.join()
        for (task_id, name, _, expect), job in done:
            assert job.state is JobState.DONE, (task_id, name)
            assert job.verdict.status in expect, (task_id, name, job.verdict.status, job.verdict.reason)
            assert not job.verdict.cached and job.verdict.judged_at is not None
            assert (job.reward.scalar is not None and job.reward.scalar > 0.5) == (name == "reference")
        metrics = httpx.get(f"{url}/metrics").json()
        assert metrics["completed"] == len(cases) and metrics["in_flight"] == 0 and metrics["queue_depth"] == 0
        assert proc.poll() is None
        assert not failures, failures
        assert beyond_the_pool(proc.pid) == []
        tree = descendants(proc.pid)
    time.sleep(1)
    assert alive(tree) == [], "processes left after the server stopped"
    assert processes_with(MARKER) == []
    assert len(health) >= 3 and max(health) < 10, health


def test_evaluations_run_in_worker_processes_and_a_crashed_worker_does_not_take_the_server_down():
    """The server's event loop runs no evaluation: the sandboxed processes of one hang below a
    worker process of the pool, never below the server, and /health answers while it runs.
    Killing that worker mid-evaluation (as the kernel's out-of-memory killer would) fails that
    job alone, as a harness_error; the server goes on judging, and leaves nothing behind."""
    task, _ = _task(VERILOG)
    with running_server("--workers", "2") as (url, proc), httpx.Client(base_url=url, timeout=60) as http:
        (spin,) = http.post("/jobs", json={"requests": [{"task_id": VERILOG, "files": {"popcount.v": SPIN},
                                                         "cache": False}]}).json()["jobs"]
        deadline = time.monotonic() + 60
        while True:
            running = beyond_the_pool(proc.pid)
            if owners := {_pool_ancestor(p) for p in running} - {None}:
                break
            assert time.monotonic() < deadline, "the evaluation never started a sandboxed process"
            time.sleep(0.1)
        assert len(owners) == 1 and proc.pid not in owners, (owners, "the sandbox must run below a worker process")
        (busy,) = owners
        assert busy in descendants(proc.pid) and proc.pid not in {_parent(p) for p in running}
        assert http.get("/health").status_code == 200
        os.kill(busy, signal.SIGKILL)
        crashed = http.get(f"/jobs/{spin['id']}", params={"wait": 20}).json()
        assert crashed["state"] == "done", crashed
        assert crashed["verdict"]["status"] == "harness_error" and "worker process died" in crashed["verdict"]["reason"]
        assert crashed["reward"]["scalar"] is None  # our failure, not the candidate's: never a reward
        assert http.get("/health").status_code == 200
        after = http.post("/evaluate", json={"task_id": VERILOG, "files": task.reference, "cache": False}).json()
        assert after["verdict"]["status"] == "pass", after["verdict"]["reason"]
        assert beyond_the_pool(proc.pid) == [] and alive(running) == []
        tree = descendants(proc.pid)
    time.sleep(1)
    assert alive(tree) == [], "processes left after the server stopped"


def _parent(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


def _pool_ancestor(pid: int) -> int | None:
    """The nearest process above `pid` that belongs to the evaluation pool (a worker)."""
    while (pid := _parent(pid)) not in (None, 0, 1):
        if POOL in cmdline(pid):
            return pid
    return None


@pytest.mark.slow  # a dozen verilog evaluations and a 2 s time limit: about 15 s on a quiet machine
def test_back_pressure_time_limit_and_idempotent_resubmission():
    task, _ = _task(VERILOG)
    ref = task.reference
    with running_server("--workers", "1", "--max-queue", "4", "--per-client", "3") as (url, proc):
        with httpx.Client(base_url=url, timeout=60) as http:
            one = {"task_id": VERILOG, "files": ref, "cache": False}
            # A batch larger than the queue: refused whole, with a Retry-After.
            r = http.post("/jobs", json={"requests": [one] * 5})
            assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
            assert http.get("/metrics").json()["submitted"] == 0
            # Per client: 3 at once; a 4th from the same client waits, another client is served.
            r = http.post("/jobs", json={"requests": [{**one, "request_id": f"a{i}"} for i in range(3)]},
                          headers={"X-Chipbench-Client": "alice"})
            assert r.status_code == 202, r.text
            first = [j["id"] for j in r.json()["jobs"]]
            r = http.post("/jobs", json={"requests": [one]}, headers={"X-Chipbench-Client": "alice"})
            assert r.status_code == 429 and "Retry-After" in r.headers and "this client" in r.json()["detail"]
            r = http.post("/jobs", json={"requests": [one]}, headers={"X-Chipbench-Client": "bob"})
            assert r.status_code == 202
            first.append(r.json()["jobs"][0]["id"])
            # The same request id again: the same job, not a new one (and no new slot taken).
            r = http.post("/jobs", json={"requests": [{**one, "request_id": "a1"}]},
                          headers={"X-Chipbench-Client": "alice"})
            assert r.status_code == 202 and r.json()["jobs"][0]["id"] == first[1]
            r = http.post("/jobs", json={"requests": [{**one, "files": {"x.v": ""}, "request_id": "a1"}]},
                          headers={"X-Chipbench-Client": "alice"})
            assert r.status_code == 409
            for job_id in first:  # the long poll
                while (j := http.get(f"/jobs/{job_id}", params={"wait": 30}).json())["state"] in ("queued", "running"):
                    pass
                assert j["verdict"]["status"] == "pass"
            # The per-request time limit: an endless simulation is given up, its processes killed.
            started = time.monotonic()
            r = http.post("/evaluate", json={"task_id": VERILOG, "files": {"popcount.v": SPIN}, "cache": False,
                                             "time_limit_s": 2})
            assert r.status_code == 504 and r.json()["state"] == "cancelled"
            assert time.monotonic() - started < 15
            deadline = time.monotonic() + 10
            while beyond_the_pool(proc.pid) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert beyond_the_pool(proc.pid) == []
            assert http.get("/metrics").json()["timed_out"] == 1
            # The verdict cache: the reference again is a lookup; with cache off, judged again.
            hit = http.post("/evaluate", json={"task_id": VERILOG, "files": ref}).json()
            assert hit["verdict"]["status"] == "pass"
            again = http.post("/evaluate", json={"task_id": VERILOG, "files": ref}).json()
            assert again["verdict"]["cached"] and again["verdict"]["status"] == "pass"
            assert again["verdict"]["judged_at"] == hit["verdict"]["judged_at"]  # when it was measured
            fresh = http.post("/evaluate", json={"task_id": VERILOG, "files": ref, "cache": False}).json()
            assert not fresh["verdict"]["cached"]
            assert http.get("/health").status_code == 200


def test_token_is_checked_on_every_request_and_required_off_loopback():
    refused = subprocess.run([sys.executable, "-m", "chipbench", "serve", "--host", "0.0.0.0", "--port", "1"],
                             capture_output=True, text=True, timeout=60,
                             env={k: v for k, v in __import__("os").environ.items() if k != "CHIPBENCH_SERVE_TOKEN"})
    assert refused.returncode == 2 and "without a token" in refused.stdout
    with running_server(host="0.0.0.0", token="s3cret-token") as (url, _):
        # every route of the application as served, enumerated (a route added later is in)
        probes = route_probes(create_app(ServeConfig()))
        assert len(probes) >= 8 and all(kind == "http" for kind, _, _ in probes), probes
        with httpx.Client(base_url=url) as http:
            for _, method, path in [*probes, ("GET", "GET", "/tasks/" + ISA)]:
                assert http.request(method, path).status_code == 401, (method, path)
                assert http.request(method, path, headers={"Authorization": "Bearer wrong"}).status_code == 401
            assert http.post("/evaluate", json={"task_id": ISA, "files": {}}).status_code == 401
        with Client(url, token="s3cret-token") as c:
            assert c.health().status == "ok"
            assert c.task(ISA).id == ISA
        with Client(url, token="nope") as c, pytest.raises(ServerError) as err:
            c.health()
        assert err.value.status == 401


@pytest.mark.slow
def test_ctrl_c_with_a_request_waiting_for_its_verdict_stops_the_server_promptly():
    """A client waiting on /evaluate (a simulation that runs to its 30 s limit) must not keep a
    stopping server alive: the request gets a few seconds' grace, then its evaluation is
    stopped and the server exits, leaving no process."""

    with running_server() as (url, proc):
        waiting = threading.Thread(target=lambda: httpx.post(f"{url}/evaluate", timeout=120, json={
            "task_id": VERILOG, "files": {"popcount.v": SPIN}, "cache": False}), daemon=True)
        waiting.start()
        deadline = time.monotonic() + 60
        while httpx.get(f"{url}/metrics").json()["in_flight"] < 1:
            assert time.monotonic() < deadline, "the evaluation never started"
            time.sleep(0.2)
        tree = descendants(proc.pid)
        stopped_at = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(60)
        took = time.monotonic() - stopped_at
    assert took < 20, f"the server took {took:.0f} s to stop (the simulation's own limit is 30 s)"
    time.sleep(1)
    assert not [p for p in tree if (Path(f"/proc/{p}")).exists()], "processes left after the server stopped"


@pytest.mark.slow
def test_oversized_and_malformed_bodies_are_refused():
    with running_server() as (url, proc):
        big = {"task_id": ISA, "files": {"a.s": "x" * (9 << 20)}}
        assert httpx.post(f"{url}/evaluate", json=big, timeout=60).status_code == 413
        assert httpx.post(f"{url}/evaluate", content=b"{not json", timeout=10).status_code == 422
        assert httpx.post(f"{url}/evaluate", json={"task_id": "nope/x", "files": {}}).status_code == 404
        assert httpx.post(f"{url}/evaluate", json={"task_id": "verilogeval/x", "backend": "/etc",
                                                   "files": {}}).status_code == 404
        assert httpx.get(f"{url}/tasks", params={"suite": "verilogeval:/etc"}).status_code == 404
        assert proc.poll() is None and httpx.get(f"{url}/health").status_code == 200


@pytest.mark.slow
def test_python_api_and_sync_client_share_one_path():
    task = next(chipbench.load_tasks(task=ISA))
    assert task.id == ISA and not hasattr(task, "hidden_dir") and "eval" not in task.model_dump()
    full, _ = _task(ISA)
    verdict = chipbench.evaluate(ISA, full.reference, cache=False)
    assert verdict.status is Status.PASS and verdict.perf and verdict.perf.unit == "instructions"
    with running_server() as (url, _):
        with Client(url) as c:
            job = c.evaluate(ISA, full.reference, cache=False)
            assert job.verdict.status is Status.PASS
            assert job.verdict.perf.candidate == verdict.perf.candidate  # exact instruction counts agree
            ids = [j.id for j in c.submit([EvalRequest(task_id=ISA, files=f, cache=False)
                                           for f in full.wrong_candidates().values()])]
            assert all(c.wait(i).verdict.status is not Status.PASS for i in ids)
            assert [t.id for t in c.tasks(suite="isa-transpile")][:1] == [next(chipbench.load_tasks("isa-transpile")).id]


def test_cli_eval_prints_every_figure_and_listings_keep_whole_ids(tmp_path):
    from typer.testing import CliRunner

    from chipbench.cli import app

    task, _ = _task(ISA)
    (name, text), = task.reference.items()
    (tmp_path / name).write_text(text)
    cli = CliRunner()
    out = cli.invoke(app, ["eval", ISA, str(tmp_path / name), "--json", "--no-verdict-cache"])
    assert out.exit_code == 0, out.output
    shown = json.loads(out.stdout)
    assert shown["verdict"]["status"] == "pass" and shown["verdict"]["perf"]["unit"] == "instructions"
    assert shown["verdict"]["perf"]["measured_on"] and shown["reward"]["version"] == 1
    plain = cli.invoke(app, ["eval", ISA, str(tmp_path / name)]).stdout
    assert "speed: 1x" in plain and "instructions" in plain and "reward v1" in plain
    as_json = json.loads(cli.invoke(app, ["tasks", "list", "--suite", "isa-transpile", "--json"]).stdout)
    assert ISA in [t["id"] for t in as_json] and "prompt" not in as_json[0]
    suites = json.loads(cli.invoke(app, ["suites", "list", "--json"]).stdout)
    assert {"verilog", "isa-transpile"} <= {s["suite"] for s in suites}
    # Through a pipe (not a terminal): whole ids, nothing cut to a guessed width.
    listed = subprocess.run([sys.executable, "-m", "chipbench", "tasks", "list", "--suite", "isa-transpile"],
                            capture_output=True, text=True, timeout=120).stdout
    assert all(t["id"] in listed for t in as_json) and "…" not in listed
