"""Attacks on `chipbench serve` from a client that wants what it should not have: hidden
files or paths of this machine, another client's jobs, a server that stops answering, or
a reward it did not earn. In process (the app with its guards, no port), so they are quick;
each fails if its hole opens again."""

from __future__ import annotations

import asyncio

import pytest
from fastapi import WebSocket
from fastapi.testclient import TestClient

from chipbench.core import Status, Verdict
from chipbench.executors import Evaluation, Executor
from chipbench.reward import reward
from chipbench.service.app import ServeConfig, asgi_app
from chipbench.service.jobs import JobQueue, QueueFull
from chipbench.service.models import EvalRequest
from service_support import route_probes

ISA = "isa-transpile/sat_add_i32-O2-riscv64"
TOKEN = "s3cret-token-value"


class GatedExecutor(Executor):
    """Holds every evaluation until `release` is set, and counts how many it started."""

    name = "gated"

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.started = 0

    async def evaluate(self, evaluation: Evaluation) -> Verdict:
        self.started += 1
        await self.release.wait()
        return Verdict(status=Status.FAIL, reason="gated")


class InstantExecutor(Executor):
    name = "instant"

    async def evaluate(self, evaluation: Evaluation) -> Verdict:
        return Verdict(status=Status.FAIL, reason="instant")


@pytest.fixture(scope="module")
def client():
    with TestClient(asgi_app(ServeConfig(max_body_bytes=64 << 10))) as c:
        yield c


@pytest.fixture(scope="module")
def guarded():
    with TestClient(asgi_app(ServeConfig(token=TOKEN, max_body_bytes=64 << 10))) as c:
        yield c


# -- reading what is not public -------------------------------------------------------------

@pytest.mark.parametrize("suite", ["verilogeval:/etc", "kernelbench:/", "verilogeval", "cuda-kernels:../../etc",
                                   "cuda-kernels:cuda+../../etc", "verilog:/etc", "hls:/etc", "../verilog",
                                   "isa-transpile:/etc"])
def test_a_remote_suite_spec_never_reads_a_folder_of_this_machine(client, suite):
    response = client.get("/tasks", params={"suite": suite})
    assert response.status_code == 404, response.text[:300]
    assert "/etc" not in response.json()["detail"] or suite.endswith("/etc")


@pytest.mark.parametrize("path", ["verilogeval:%2Fetc/passwd", "verilogeval:/etc/passwd", "isa-transpile/%2e%2e",
                                  "isa-transpile/%2e%2e%2fhidden", "kernelbench:%2Ftmp/x", "verilog/popcount/hidden/tb.v",
                                  "verilog/popcount%2fhidden", "verilog/%2e%2e%2f%2e%2e%2fetc"])
def test_task_ids_with_traversal_or_adapter_paths_are_unknown(client, path):
    response = client.get(f"/tasks/{path}")
    assert response.status_code == 404, response.text[:300]


@pytest.mark.parametrize("task_id", ["isa-transpile/..", "isa-transpile/../verilog/popcount", "verilog/popcount/..",
                                     "verilog/popcount/hidden", "../verilog/popcount", "verilog/./popcount"])
def test_dot_segments_never_name_a_task(task_id):
    """(An HTTP client folds `..` away before sending, so this asks the resolver itself.)"""
    from chipbench import api
    from chipbench.core import ChipbenchError

    with pytest.raises(ChipbenchError):
        api.resolve(task_id, remote=True)


@pytest.mark.parametrize("backend", ["../../etc", "cuda+/etc", "/etc", "triton:x"])
def test_a_backend_is_only_a_known_variant(client, backend):
    assert client.get("/tasks", params={"suite": "cuda-kernels", "backend": backend}).status_code == 404
    response = client.post("/jobs", json={"requests": [{"task_id": "cuda-kernels/x", "files": {},
                                                        "backend": backend}]})
    assert response.status_code == 404, response.text[:300]


def test_an_adapter_task_cannot_be_evaluated_remotely(client):
    for task_id in ("verilogeval:/etc/passwd", "kernelbench:/tmp/x"):
        response = client.post("/evaluate", json={"task_id": task_id, "files": {"a": "b"}, "time_limit_s": 5})
        assert response.status_code == 404, response.text[:300]


def test_a_job_id_is_not_a_path(client):
    for job_id in ("..", "../../etc/passwd", "%2e%2e"):
        assert client.get(f"/jobs/{job_id}").status_code == 404


def test_hidden_bytes_a_candidate_pulls_into_tool_output_never_reach_a_client():
    """An isa candidate that `.include`s the compiled hidden test driver (`driver.o`, in its
    sandbox to be linked) makes the assembler quote its bytes in its error output. The verdict
    keeps them in `logs` (the operator's); the server sends the verdict without them, and the
    feedback, reason and checks it does send quote only the candidate's own file."""
    from chipbench import api

    task, _, _ = api.resolve(ISA)
    (name,) = task.submit
    files = {name: '.include "driver.o"\n' + task.reference[name]}
    direct = asyncio.run(api.aevaluate(ISA, files, cache=False))
    assert direct.status is Status.COMPILE_ERROR and "driver.o:" in direct.logs, "the channel this test closes"
    for config, expect_logs in ((ServeConfig(), False), (ServeConfig(verdict_logs=True), True)):
        with TestClient(asgi_app(config)) as http:
            served = http.post("/evaluate", json={"task_id": ISA, "files": files, "cache": False})
        verdict = served.json()["verdict"]
        assert verdict["status"] == "compile_error"
        if expect_logs:  # the operator asked for them (--verdict-logs)
            assert "driver.o:" in verdict["logs"]
        else:
            assert verdict["logs"] == "" and "driver.o" not in served.text, served.text[:2000]


# -- the token ----------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/health", "/metrics", "/tasks", "/docs", "/redoc", "/openapi.json",
                                  "/docs/oauth2-redirect", "/jobs/x", "/nonexistent"])
def test_every_path_wants_the_token(guarded, path):
    response = guarded.get(path)
    assert response.status_code == 401
    assert TOKEN not in response.text


@pytest.mark.parametrize("header", [f"bearer {TOKEN}", f"Bearer  {TOKEN}", f"Bearer {TOKEN} ", TOKEN,
                                    f"Bearer {TOKEN[:-1]}", f"Bearer {TOKEN}x", "Bearer ", f"Basic {TOKEN}"])
def test_near_miss_tokens_are_refused(guarded, header):
    response = guarded.get("/health", headers={"Authorization": header})
    assert response.status_code == 401
    assert TOKEN not in response.text


def test_every_route_of_the_app_refuses_a_missing_or_wrong_token():
    """Every route the application has (enumerated, not listed by hand), plus a websocket
    route added to it: without the token, or with a wrong one, nothing is reached."""
    from starlette.websockets import WebSocketDisconnect

    from chipbench.service.app import Guard, create_app

    app = create_app(ServeConfig(token=TOKEN))

    @app.websocket("/stream")
    async def stream(ws: WebSocket):  # what a streaming route added later would look like
        await ws.accept()
        await ws.send_text("reached")
        await ws.close()

    probes = route_probes(app)
    assert {p for _, _, p in probes} >= {"/health", "/metrics", "/tasks", "/tasks/x", "/evaluate", "/jobs",
                                        "/jobs/x", "/openapi.json", "/docs", "/stream"}
    with TestClient(Guard(app, TOKEN, 64 << 10)) as c:
        for headers in ({}, {"Authorization": "Bearer wrong"}):
            for kind, method, path in probes:
                if kind == "websocket":
                    with pytest.raises(WebSocketDisconnect) as refused, c.websocket_connect(path, headers=headers) as ws:
                        ws.receive_text()
                    assert (refused.value.code, refused.value.reason) == (1008, "missing or wrong token")
                else:
                    response = c.request(method, path, headers=headers)
                    assert response.status_code == 401, (method, path, response.status_code)
        with c.websocket_connect("/stream", headers={"Authorization": f"Bearer {TOKEN}"}) as ws:
            assert ws.receive_text() == "reached"  # the refusal above was the token's, not the route's


def test_the_right_token_passes_and_post_bodies_are_checked_before_parsing(guarded):
    assert guarded.get("/health", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
    # an unauthenticated huge body is refused for the token, not read
    assert guarded.post("/evaluate", content=b"x" * (1 << 20)).status_code == 401


# -- exhausting it -------------------------------------------------------------------------

def test_a_streamed_body_over_the_limit_is_refused(client):
    def chunks():
        for _ in range(200):
            yield b"x" * 4096

    response = client.post("/jobs", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413


@pytest.mark.parametrize("body", [b"[" * 20000 + b"]" * 20000, b'{"requests":' + b"[" * 20000 + b"]" * 20000 + b"}",
                                  b'{"task_id": "a", "files": ' + b'{"a":' * 5000 + b'"x"' + b"}" * 5001])
def test_deeply_nested_json_is_a_client_error(client, body):
    response = client.post("/evaluate", content=body, headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500, response.status_code


def test_too_many_files_or_requests_are_refused(client):
    files = {f"f{i}": "" for i in range(65)}
    assert client.post("/evaluate", json={"task_id": ISA, "files": files}).status_code == 422
    many = [{"task_id": ISA, "files": {}} for _ in range(257)]
    assert client.post("/jobs", json={"requests": many}).status_code == 422


def test_stopping_with_an_evaluation_running_does_not_hang():
    """Ctrl-C while a candidate is judged: the server's shutdown must end (its workers were
    taking their own cancellation for a given-up job and waiting for the next one)."""

    async def go():
        gated = GatedExecutor()
        queue = JobQueue(gated, workers=1, max_queue=4, per_client=4)
        await queue.start()
        (job,) = await queue.submit("name:a", [EvalRequest(task_id=ISA, files={})])
        while gated.started == 0:
            await asyncio.sleep(0.01)
        await asyncio.wait_for(queue.stop(), 10)

    asyncio.run(go())


def test_a_given_up_job_frees_its_worker_for_the_next():
    async def go():
        gated = GatedExecutor()
        queue = JobQueue(gated, workers=1, max_queue=4, per_client=4)
        await queue.start()
        try:
            first, second = await queue.submit("name:a", [EvalRequest(task_id=ISA, files={"a": str(i)})
                                                          for i in range(2)])
            while gated.started == 0:
                await asyncio.sleep(0.01)
            queue.give_up(first)
            gated.release.set()
            await asyncio.wait_for(second.done.wait(), 10)
            assert first.verdict is None and second.verdict is not None
            assert queue.active["name:a"] == 0 and queue.in_flight == 0
        finally:
            gated.release.set()
            await asyncio.wait_for(queue.stop(), 10)

    asyncio.run(go())


def test_a_freed_worker_gets_the_next_job_before_the_finished_one_is_answered():
    """When a verdict comes and a job waits, the next evaluation is handed to the executor
    before the finished job's waiter wakes (to serialise and send its answer): a free worker
    never idles behind a response."""

    async def go():
        events: list[str] = []

        class Recording(Executor):
            name = "recording"

            async def evaluate(self, evaluation: Evaluation) -> Verdict:
                events.append(f"start {evaluation.candidate.files['a']}")
                await asyncio.sleep(0)
                return Verdict(status=Status.FAIL, reason="recorded")

        queue = JobQueue(Recording(), workers=1, max_queue=4, per_client=4)
        await queue.start()
        try:
            jobs = await queue.submit("name:a", [EvalRequest(task_id=ISA, files={"a": str(i)}) for i in range(2)])

            async def answer(job, i):
                await job.done.wait()
                events.append(f"answer {i}")

            await asyncio.wait_for(asyncio.gather(*(answer(j, i) for i, j in enumerate(jobs))), 10)
            assert [j.verdict.reason for j in jobs] == ["recorded", "recorded"]
        finally:
            await asyncio.wait_for(queue.stop(), 10)
        return events

    assert asyncio.run(go()) == ["start 0", "start 1", "answer 0", "answer 1"]


def test_varying_the_client_header_does_not_get_past_the_global_bound():
    async def go():
        gated = GatedExecutor()
        queue = JobQueue(gated, workers=1, max_queue=3, per_client=2)
        await queue.start()
        try:
            for i in range(4):  # 1 running + 3 queued
                await queue.submit(f"name:c{i}", [EvalRequest(task_id=ISA, files={})])
                await asyncio.sleep(0.05)
            with pytest.raises(QueueFull):
                await queue.submit("name:another", [EvalRequest(task_id=ISA, files={})])
        finally:
            gated.release.set()
            await asyncio.wait_for(queue.stop(), 10)

    asyncio.run(go())


def test_finished_jobs_beyond_the_kept_number_are_forgotten_oldest_first():
    """The job history is bounded, and dropping from it is a pop per job (no scan): the
    oldest finished jobs go, with their request ids; running and queued ones stay."""

    async def go():
        queue = JobQueue(InstantExecutor(), workers=2, max_queue=64, per_client=64, keep=5)
        await queue.start()
        try:
            jobs = []
            for i in range(12):
                (job,) = await queue.submit("name:a", [EvalRequest(task_id=ISA, files={"a": str(i)},
                                                                   request_id=f"r{i}")])
                await asyncio.wait_for(job.done.wait(), 10)
                jobs.append(job)
            assert list(queue.jobs) == [j.id for j in jobs[-5:]]
            assert set(queue.by_request) == {("name:a", f"r{i}") for i in range(7, 12)}
            assert list(queue.finished) == [j.id for j in jobs[-5:]]
        finally:
            await asyncio.wait_for(queue.stop(), 10)

    asyncio.run(go())


def test_concurrent_submissions_of_one_request_id_make_one_job():
    """Idempotency must hold when the same request arrives twice at once (a client's retry
    racing its first attempt): one job, one evaluation."""

    async def go():
        gated = GatedExecutor()
        queue = JobQueue(gated, workers=2, max_queue=8, per_client=8)
        await queue.start()
        try:
            request = EvalRequest(task_id=ISA, files={}, request_id="retry-1")
            first, second = await asyncio.gather(queue.submit("name:a", [request]), queue.submit("name:a", [request]))
            await asyncio.sleep(0.1)
            assert first[0].id == second[0].id
            assert gated.started == 1
            assert queue.active["name:a"] == 1
        finally:
            gated.release.set()
            await asyncio.wait_for(queue.stop(), 10)

    asyncio.run(go())


def test_request_ids_of_two_clients_never_share_a_job():
    async def go():
        gated = GatedExecutor()
        queue = JobQueue(gated, workers=2, max_queue=8, per_client=8)
        await queue.start()
        try:
            (a,) = await queue.submit("name:a", [EvalRequest(task_id=ISA, files={"x": "1"}, request_id="r")])
            (b,) = await queue.submit("name:b", [EvalRequest(task_id=ISA, files={"x": "2"}, request_id="r")])
            assert a.id != b.id
            assert a.request.files == {"x": "1"}
        finally:
            gated.release.set()
            await asyncio.wait_for(queue.stop(), 10)

    asyncio.run(go())


# -- rewards ---------------------------------------------------------------------------------

@pytest.mark.parametrize("status", [s for s in Status if s is not Status.PASS])
def test_only_a_pass_earns_correctness_or_speed(status):
    from chipbench.core import Perf

    verdict = Verdict(status=status, reason="x", qor={"speedup": 100.0, "cells_ratio": 0.01},
                      perf=Perf(unit="ms", candidate=1.0, baseline=100.0, speedup=100.0))
    got = reward(verdict)
    assert got.components["correct"] == 0 and got.components["speed"] == 0
    assert got.scalar is None if status is Status.HARNESS_ERROR else got.scalar <= 0.3 + 1e-9


def test_a_cached_pass_and_a_fresh_pass_earn_the_same():
    fresh = Verdict(status=Status.PASS, reason="ok", qor={"speedup": 2.0})
    assert reward(fresh) == reward(fresh.model_copy(update={"cached": True}))
