"""The HTTP application of `chipbench serve`, and the guards in front of it.

Guards, outermost first:
- the token: when the server has one, every request (the schema and /health included) and
  every websocket handshake must carry `Authorization: Bearer TOKEN`, compared in constant
  time; the check sits in front of the routing, so a route added later cannot miss it;
  `serve()` refuses to bind anywhere but loopback without one;
- the body size: a request body over `max_body_bytes` is refused (413) while it is read, so
  a huge upload costs no memory;
- pydantic validation of every body, then the job queue's bounds (`service.jobs`).

Tasks are served as `chipbench.api.PublicTask`: prompt, workspace and the files to hand in,
never anything under a task's hidden folder.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import ipaddress
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel

import chipbench
from chipbench import api
from chipbench.core import ChipbenchError
from chipbench.registry import executors
from chipbench.service.jobs import JobQueue, Refused
from chipbench.service.models import (EvaluateRequest, Health, JobsAccepted, JobsRequest, JobView, Metrics)

CLIENT_HEADER = "x-chipbench-client"
MAX_WAIT_S = 60.0
SHUTDOWN_GRACE_S = 5


@dataclass
class ServeConfig:
    host: str = "127.0.0.1"
    port: int = 8471
    token: str | None = None
    sandbox: str = "local"
    executor: str = "process"
    """Where evaluations run: `process` (worker processes; the event loop only does I/O),
    `local` (on the event loop itself: an evaluation's Python stretches stall every request)
    or `ray`."""
    executor_options: dict = field(default_factory=dict)
    workers: int = 2
    """Evaluations at once."""
    max_queue: int = 64
    per_client: int = 16
    verdict_cache: bool = True
    """False: judge every candidate again, whatever a request asks (timing studies)."""
    time_limit_s: float = 600.0
    """The most a synchronous /evaluate waits, and its default."""
    max_body_bytes: int = 8 << 20
    keep_jobs: int = 10_000
    verdict_logs: bool = False
    """Send verdicts' `logs` to clients. Off: they hold tools' raw output, which a candidate
    can fill with bytes of the hidden tests (docs/threat-model.md); the operator's records
    and `chipbench eval` keep them."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_binding(config: ServeConfig) -> None:
    if not is_loopback(config.host) and not config.token:
        raise ChipbenchError(f"refusing to listen on {config.host} without a token: anyone who reaches it could "
                             "run code on this machine's sandboxes. Pass --token (or set CHIPBENCH_SERVE_TOKEN), "
                             "or listen on 127.0.0.1")


class Guard:
    """Token and body-size checks as a plain ASGI middleware (before any routing or parsing)."""

    def __init__(self, app, token: str | None, max_body_bytes: int) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode() if token else None
        self.max_body = max_body_bytes

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        if self.expected is not None and not hmac.compare_digest(headers.get(b"authorization", b""), self.expected):
            if scope["type"] != "http":  # a websocket handshake (or any other kind): refused unopened
                return await send({"type": "websocket.close", "code": 1008, "reason": "missing or wrong token"})
            return await _plain(send, 401, {"detail": "missing or wrong token"}, [(b"www-authenticate", b"Bearer")])
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            return await _plain(send, 413, {"detail": f"request body over {self.max_body} bytes"})
        seen = 0
        started = time.perf_counter()

        async def timed_send(message):
            """`Server-Timing: app;dur=MS` on every response: the milliseconds from the request's
            arrival to its answer, so a client can tell the server's time from the network's."""
            if message["type"] == "http.response.start":
                dur = f"app;dur={1000 * (time.perf_counter() - started):.2f}".encode()
                message = {**message, "headers": [*message.get("headers", []), (b"server-timing", dur)]}
            await send(message)

        async def bounded_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge(self.max_body)
            return message

        try:
            await self.app(scope, bounded_receive, timed_send)
        except BodyTooLarge as exc:
            await _plain(timed_send, 413, {"detail": exc.detail})


class BodyTooLarge(HTTPException):
    """An HTTPException, so that FastAPI's body parsing passes it on as a 413 instead of
    swallowing it into a 400 ("error parsing the body")."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body over {limit} bytes")


async def _plain(send, status: int, body: dict, headers: list | None = None) -> None:
    import json

    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": data})


def client_of(request: Request) -> str:
    """Who a request counts against for the per-client limit: its `X-Chipbench-Client` header,
    else its address. (The header is the caller's word; the queue's global bound is what
    protects the machine, the per-client limit keeps clients fair to each other.)"""
    named = request.headers.get(CLIENT_HEADER, "")[:64]
    return f"name:{named}" if named else f"addr:{request.client.host if request.client else '?'}"


def _json(body: BaseModel, status: int = 200) -> Response:
    """A response model's JSON, written once: returning the model itself would have FastAPI
    dump it, validate the dump against the response model again and dump that (three passes
    over a verdict with its logs, per response)."""
    return Response(body.model_dump_json(), status_code=status, media_type="application/json")


def _refusal(exc: Refused) -> HTTPException:
    return HTTPException(exc.status, str(exc), headers={"Retry-After": str(exc.retry_after)})


def create_app(config: ServeConfig) -> FastAPI:
    executor = executors.get(config.executor)(**config.executor_options)
    queue = JobQueue(executor, sandbox=config.sandbox, workers=config.workers, max_queue=config.max_queue,
                     per_client=config.per_client, keep=config.keep_jobs, verdict_cache=config.verdict_cache,
                     verdict_logs=config.verdict_logs)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        await queue.start()
        try:
            yield
        finally:
            await queue.stop()

    app = FastAPI(title="chipbench", version=chipbench.__version__, lifespan=lifespan,
                  description="Evaluation as a service: chipbench's verdicts as a reward.")
    app.state.queue = queue

    @app.exception_handler(ChipbenchError)
    async def _bad_input(_request: Request, exc: ChipbenchError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=404)

    @app.get("/health", response_model=Health)
    async def health() -> Health:
        return Health(version=chipbench.__version__)

    @app.get("/metrics", response_model=Metrics)
    async def metrics() -> Metrics:
        c = queue.counts
        return Metrics(queue_depth=queue.queue.qsize(), queue_limit=queue.max_queue, in_flight=queue.in_flight,
                       workers=queue.workers, submitted=c["submitted"], completed=c["completed"],
                       cache_hits=c["cache_hits"], rejected_full=c["rejected_full"],
                       rejected_client=c["rejected_client"], timed_out=c["timed_out"],
                       evaluations_per_s=queue.evaluations_per_s(), uptime_s=time.time() - queue.started_at,
                       executor=executor.describe())

    @app.get("/tasks", response_model=list[api.PublicTask])
    async def list_tasks(suite: str | None = Query(None, max_length=200),
                         backend: str | None = Query(None, max_length=100)) -> list[api.PublicTask]:
        spec = None if suite is None else api.installed_only(api.suite_spec("", suite, backend))
        return await asyncio.to_thread(lambda: list(api.load_tasks(spec)))

    @app.get("/tasks/{task_id:path}", response_model=api.PublicTask)
    async def get_task(task_id: str, backend: str | None = Query(None, max_length=100)) -> api.PublicTask:
        task, _, _ = await asyncio.to_thread(functools.partial(api.resolve, task_id, None, backend, remote=True))
        return api.PublicTask.of(task)

    @app.post("/evaluate", response_model=JobView, responses={504: {"model": JobView}, 429: {}, 409: {}})
    async def evaluate(body: EvaluateRequest, request: Request):
        """Score one candidate and wait for its verdict (at most `time_limit_s`)."""
        try:
            (job,) = await queue.submit(client_of(request), [body])
        except Refused as exc:
            raise _refusal(exc) from None
        limit = min(body.time_limit_s or config.time_limit_s, config.time_limit_s)
        try:  # a timeout scope, not wait_for: no task made per request
            async with asyncio.timeout(limit - (time.time() - job.submitted_at)):
                await job.done.wait()
        except TimeoutError:
            queue.give_up(job)  # unless its verdict came in the meantime
        # No verdict: this request's limit passed, or it named (by request_id) a job given up
        # before: a 504 either way, never a 200 without a verdict.
        return _json(job.view(), 504 if job.verdict is None else 200)

    @app.post("/jobs", response_model=JobsAccepted, status_code=202, responses={429: {}, 409: {}})
    async def submit_jobs(body: JobsRequest, request: Request):
        """Queue a batch (all or none); returns the job ids at once."""
        try:
            jobs = await queue.submit(client_of(request), body.requests)
        except Refused as exc:
            raise _refusal(exc) from None
        return _json(JobsAccepted(jobs=[j.view() for j in jobs]), 202)

    @app.get("/jobs/{job_id}", response_model=JobView)
    async def get_job(job_id: str, wait: float = Query(0.0, ge=0.0, le=MAX_WAIT_S,
                                                      description="Long poll: wait up to this many seconds "
                                                                  "for the verdict.")):
        job = queue.jobs.get(job_id)
        if job is None:
            raise HTTPException(404, "no such job (or forgotten: finished jobs are kept for a while)")
        if wait > 0:
            try:
                await asyncio.wait_for(job.done.wait(), wait)
            except TimeoutError:
                pass
        return _json(job.view())

    return app


def asgi_app(config: ServeConfig) -> Guard:
    """The application with its guards, as served."""
    return Guard(create_app(config), config.token, config.max_body_bytes)


def serve(config: ServeConfig) -> None:
    """Run the server until interrupted."""
    import uvicorn

    check_binding(config)
    app = asgi_app(config)
    # Ctrl-C: requests still waiting for a verdict (a kernel judged for minutes) get a few
    # seconds, then their evaluations are stopped with the queue, instead of being waited out.
    # The loop: uvloop when installed (a dependency: less of the server's CPU per request),
    # except with the `local` executor, whose evaluations run their sandboxes' subprocesses on
    # this loop: those run on asyncio's own, as in `chipbench run`.
    uvicorn.run(app, host=config.host, port=config.port, log_level="warning", lifespan="on",
                loop="asyncio" if config.executor == "local" else "auto",
                timeout_graceful_shutdown=SHUTDOWN_GRACE_S)
