"""Attacks on a real `chipbench serve` (127.0.0.1) aimed at the worker pipe, the verdict cache
and the job queue: a verdict that reaches the wrong request, a cancel that stops the wrong
job, a cache entry a later request gets wrongly. Each test fails if its hole opens again."""

from __future__ import annotations

import httpx
import pytest

from chipbench import api
from service_support import SPIN, VERILOG, alive, beyond_the_pool, descendants, running_server

KERNEL = "cuda-kernels/elu"


def test_a_candidate_cannot_collide_with_another_in_the_verdict_cache(tmp_path):
    """The cache key joined a candidate's files as `\\0name\\0text`: a candidate that leaves out
    its second file and carries it, separators and all, inside the first had the same key as the
    two-file candidate, and got that candidate's stored verdict (here: a missing-file failure
    for a candidate that has both files; the other way round, a pass for one that has one)."""
    task, _, _ = api.resolve(KERNEL)
    assert sorted(task.submit) == ["kernel.cpp", "model_new.py"]
    kernel = task.reference["kernel.cpp"]
    model = "import os\n" + task.reference["model_new.py"]  # refused by the source policy: no build
    both = {"kernel.cpp": kernel, "model_new.py": model}
    folded = {"kernel.cpp": f"{kernel}\0model_new.py\0{model}"}
    with running_server("--workers", "1", env={"CHIPBENCH_PRIVATE_CACHE": str(tmp_path / "private")}) as (url, _), \
            httpx.Client(base_url=url, timeout=120) as http:
        first = http.post("/evaluate", json={"task_id": KERNEL, "files": folded}).json()["verdict"]
        assert first["status"] == "fail" and "missing required file" in first["reason"], first
        second = http.post("/evaluate", json={"task_id": KERNEL, "files": both}).json()["verdict"]
        assert not second["cached"], f"another candidate's stored verdict: {second['reason']}"
        assert second["status"] == "rejected" and "missing" not in second["reason"], second


def test_a_tool_probe_that_failed_for_a_moment_is_asked_again(tmp_path, monkeypatch):
    """`tool_version` asks again after a probe that timed out, but remembered for the worker's
    life two other failures of a moment: `missing` when the tool could not be found (a PATH
    entry on a mount that was away, a package being upgraded) and `unknown` when the probe was
    killed by a signal (the out-of-memory killer at load). That worker's verdict keys then
    named a toolchain it does not have: every cached request it took missed, and what it
    judged was stored under a key no other worker makes."""
    from chipbench.evaluators import _base

    tool = tmp_path / "chipbench-probe-tool"
    flag = tmp_path / "crash"
    tool.write_text(f"#!/bin/sh\nif [ -e {flag} ]; then kill -9 $$; fi\necho 'probe-tool 1.2.3'\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:{__import__('os').environ['PATH']}")
    monkeypatch.delitem(_base._versions, tool.name, raising=False)

    flag.touch()
    assert _base.tool_version(tool.name) == _base.PROBE_FAILED, "a probe killed by a signal is not a version"
    flag.unlink()
    assert _base.tool_version(tool.name) == "probe-tool 1.2.3"

    monkeypatch.delitem(_base._versions, tool.name)
    real_which = _base.shutil.which
    monkeypatch.setattr(_base.shutil, "which", lambda name, *a, **k: None)
    assert _base.tool_version(tool.name) == "missing"
    monkeypatch.setattr(_base.shutil, "which", real_which)
    assert _base.tool_version(tool.name) == "probe-tool 1.2.3", "a tool missing for a moment was remembered"


ISA = "isa-transpile/sat_add_i32-O2-riscv64"


def _signature(verdict: dict) -> tuple:
    return verdict["status"], verdict["reason"], (verdict.get("perf") or {}).get("candidate")


@pytest.mark.slow  # about 25 s: a hundred quick evaluations on one worker, half of them cancelled
def test_cancels_crossing_verdicts_on_one_worker_never_stop_or_answer_another_job():
    """One worker; one client fires /evaluate requests whose time limits (10 to 400 ms) land
    before, during and just after their evaluation (an ISA candidate judges in about 200 ms),
    so cancels cross verdicts on the worker's pipe; meanwhile another client's batch, with no
    limit, runs on the same worker between them. Every answer is its own candidate's verdict
    (each candidate has its own reason), no job is cancelled that was not given up, and the
    server is left with nothing running."""
    import asyncio
    import time

    task, _, _ = api.resolve(ISA)
    candidates = [task.reference, *task.wrong_candidates().values()]
    with running_server("--workers", "1", "--max-queue", "64", "--per-client", "64") as (url, proc):
        with httpx.Client(base_url=url, timeout=120) as http:
            signatures = [_signature(http.post("/evaluate", json={"task_id": ISA, "files": files, "cache": False})
                                     .json()["verdict"]) for files in candidates]
        assert len(set(signatures)) == len(candidates), signatures

        async def storm(http: httpx.AsyncClient) -> list[tuple[int, int, dict]]:
            answers = []
            for k in range(48):
                i, limit = k % len(candidates), 0.01 + 0.59 * ((k * 7) % 48) / 47
                r = await http.post("/evaluate", headers={"X-Chipbench-Client": "storm"}, json={
                    "task_id": ISA, "files": candidates[i], "cache": False, "time_limit_s": limit})
                answers.append((i, r.status_code, r.json()))
            return answers

        async def batch(http: httpx.AsyncClient) -> list[tuple[int, dict]]:
            """One job at a time (so the storm's requests wait behind at most one), no limit."""
            jobs = []
            for k in range(24):
                i = k % len(candidates)
                r = await http.post("/jobs", headers={"X-Chipbench-Client": "batch"}, json={"requests": [
                    {"task_id": ISA, "files": candidates[i], "cache": False}]})
                assert r.status_code == 202, r.text
                (job,) = r.json()["jobs"]
                while (view := (await http.get(f"/jobs/{job['id']}", params={"wait": 30})).json())["state"] in (
                        "queued", "running"):
                    pass
                jobs.append((i, view))
            return jobs

        async def both():
            async with httpx.AsyncClient(base_url=url, timeout=120) as http:
                return await asyncio.gather(storm(http), batch(http))

        stormed, batched = asyncio.run(both())
        for i, status, body in stormed:
            if status == 504:
                assert body["state"] == "cancelled" and body["verdict"] is None, body
            else:
                assert status == 200 and body["state"] == "done", (status, body)
                assert _signature(body["verdict"]) == signatures[i], (i, body["verdict"])
        assert any(s == 504 for _, s, _ in stormed) and any(s == 200 for _, s, _ in stormed), \
            "the time limits no longer straddle an evaluation: this test tests nothing"
        for i, view in batched:
            assert view["state"] == "done", view
            assert _signature(view["verdict"]) == signatures[i], (i, view["verdict"])
        deadline = time.monotonic() + 20
        while (m := httpx.get(f"{url}/metrics").json())["in_flight"] or beyond_the_pool(proc.pid):
            assert time.monotonic() < deadline, (m, beyond_the_pool(proc.pid))
            time.sleep(0.2)
        assert m["queue_depth"] == 0 and m["completed"] == len(candidates) + len(batched) + sum(
            s == 200 for _, s, _ in stormed)
        with httpx.Client(base_url=url, timeout=120) as http:  # the worker still judges right
            for files, signature in zip(candidates, signatures):
                v = http.post("/evaluate", json={"task_id": ISA, "files": files, "cache": False}).json()["verdict"]
                assert _signature(v) == signature
        tree = descendants(proc.pid)
    time.sleep(1)
    assert alive(tree) == [], "processes left after the server stopped"


def _pool(pid: int) -> set[int]:
    from service_support import POOL, cmdline

    return {p for p in descendants(pid) if POOL in cmdline(p) and p in alive([p])}


def test_a_given_up_evaluation_hands_its_worker_to_the_next_job_instead_of_booting_another():
    """A cancelled evaluation's worker confirms in milliseconds (its sandbox killed); the next
    job used to get a freshly started worker meanwhile (seconds of imports at load, every job
    queued behind it waiting), and the confirmed one was retired: a client sending requests
    with short time limits made the server boot a process per request and stalled every other
    client's jobs. The next job now waits for the worker it was about to replace."""
    task, _, _ = api.resolve(ISA)
    with running_server("--workers", "1") as (url, proc), httpx.Client(base_url=url, timeout=120) as http:
        assert http.post("/evaluate", json={"task_id": ISA, "files": task.reference, "cache": False}
                         ).json()["verdict"]["status"] == "pass"
        before = _pool(proc.pid)
        assert len(before) == 1, before
        r = http.post("/evaluate", json={"task_id": VERILOG, "files": {"popcount.v": SPIN}, "cache": False,
                                         "time_limit_s": 1.5})
        assert r.status_code == 504 and r.json()["started_at"] is not None, r.text
        after = http.post("/evaluate", json={"task_id": ISA, "files": task.reference, "cache": False}).json()
        assert after["verdict"]["status"] == "pass", after
        assert _pool(proc.pid) == before, "a worker was booted for the next job while the given-up one stopped"


def test_resubmitting_a_given_up_request_is_not_answered_as_a_success():
    """The same request id sent again after its /evaluate gave up (504) returns the same job,
    as idempotency says; that job has no verdict, so the answer is a 504 again, never a 200
    whose verdict is missing (a client reading the status would take it for a result)."""
    with running_server("--workers", "1") as (url, _), httpx.Client(base_url=url, timeout=120) as http:
        body = {"task_id": VERILOG, "files": {"popcount.v": SPIN}, "cache": False, "time_limit_s": 1.0,
                "request_id": "spin-1"}
        first = http.post("/evaluate", json=body)
        assert first.status_code == 504 and first.json()["state"] == "cancelled", first.text
        again = http.post("/evaluate", json=body)
        assert again.json()["id"] == first.json()["id"] and again.json()["verdict"] is None
        assert again.status_code == 504, again.text


@pytest.mark.slow  # every ISA hostile case, each followed by the reference, on one worker
def test_hostile_candidates_on_one_worker_never_change_the_next_jobs_verdict():
    """One worker judges every hostile ISA case (fork and memory bombs, output floods, killing
    processes, strays, endless loops...), each followed by the reference, from one batch: each
    hostile case gets a failing verdict it may get, each reference still passes, the worker
    survives them all, and nothing of theirs is left running."""
    import time

    from chipbench.evaluators.hostile import MARKER
    from service_support import processes_with

    task, evaluator, _ = api.resolve(ISA)
    hostile = evaluator.hostile_cases(task)
    order = [x for h in hostile for x in (h, None)]
    with running_server("--workers", "1", "--max-queue", "64", "--per-client", "64") as (url, proc), \
            httpx.Client(base_url=url, timeout=120) as http:
        assert http.post("/evaluate", json={"task_id": ISA, "files": task.reference, "cache": False}
                         ).json()["verdict"]["status"] == "pass"
        pool = _pool(proc.pid)
        r = http.post("/jobs", json={"requests": [
            {"task_id": ISA, "files": (h.files if h else task.reference), "cache": False} for h in order]})
        assert r.status_code == 202, r.text
        for h, job in zip(order, r.json()["jobs"]):
            while (view := http.get(f"/jobs/{job['id']}", params={"wait": 30}).json())["state"] in (
                    "queued", "running"):
                pass
            verdict = view["verdict"]
            if h is None:
                assert verdict["status"] == "pass", ("the reference after", verdict)
            else:
                assert verdict["status"] in {s.value for s in h.expect}, (h.name, verdict)
        assert _pool(proc.pid) == pool, "a hostile case took its worker down"
        deadline = time.monotonic() + 10
        while beyond_the_pool(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert beyond_the_pool(proc.pid) == []
    assert processes_with(MARKER) == []


def _copies_of_hidden_reference(task_rel: str) -> list[str]:
    """The hidden reference of an ISA task in both copies of chipbench's task data on this
    machine: the installed package's and the checkout it was installed from."""
    import json
    from importlib.metadata import distribution
    from pathlib import Path
    from urllib.parse import urlparse

    dist = distribution("chipbench")
    installed = Path(dist.locate_file("chipbench/tasks")) / task_rel
    source = json.loads(dist.read_text("direct_url.json") or "{}").get("url", "")
    copies = [installed]
    if source.startswith("file://"):
        copies.append(Path(urlparse(source).path) / "chipbench" / "tasks" / task_rel)
    return [str(p) for p in copies if p.is_file()]


@pytest.mark.parametrize("cwd", ["checkout", "elsewhere"])
def test_a_served_candidate_cannot_read_the_other_copy_of_the_hidden_tests(cwd, tmp_path):
    """A server started in a checkout (`python -m chipbench serve` there: what the tests, and
    a developer, do) runs the checkout's code and hid only the checkout's task folders; the
    installed package's copy of every hidden test stayed readable in the sandbox, and a
    candidate that `.include`d the installed hidden reference passed. Started elsewhere (the
    installed `chipbench`), the checkout's copy was the readable one. Both copies are hidden."""
    from pathlib import Path

    task, _, _ = api.resolve(ISA)
    (name,) = task.submit
    copies = _copies_of_hidden_reference(f"isa-transpile/{ISA.split('/')[1]}/hidden/reference/{name}")
    if len(copies) < 2:
        pytest.skip("chipbench is not installed from a checkout here: one copy of the task data")
    here = Path.cwd() if cwd == "checkout" else tmp_path
    import os
    import subprocess
    import sys

    from service_support import free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "chipbench", "serve", "--port", str(port), "--workers", "1"],
                            cwd=here, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": ""})
    try:
        url = f"http://127.0.0.1:{port}"
        import time

        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        with httpx.Client(base_url=url, timeout=120) as http:
            for path in copies:
                verdict = http.post("/evaluate", json={"task_id": ISA, "files": {name: f'\t.include "{path}"\n'},
                                                       "cache": False}).json()["verdict"]
                assert verdict["status"] != "pass", f"read {path} from the sandbox"
    finally:
        proc.send_signal(__import__("signal").SIGINT)
        proc.wait(30)
