"""A client for `chipbench serve`, sync and async in one object.

    from chipbench.client import Client
    with Client("http://127.0.0.1:8471") as c:
        task = c.task("verilog/alu8")
        job = c.evaluate(task.id, {"alu8.v": text})       # waits for the verdict
        print(job.verdict.status, job.reward.scalar)
        ids = [j.id for j in c.submit([EvalRequest(...), ...])]   # a batch, ids at once
        done = [c.wait(i) for i in ids]

    async with Client(url) as c:                             # the same, awaited
        job = await c.aevaluate(task_id, files)

A 429 (queue full, or this client at its limit) is retried after the server's Retry-After,
up to `retries` times; every other error status raises `ServerError`.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
from pydantic import TypeAdapter

from chipbench.api import PublicTask
from chipbench.core import ChipbenchError
from chipbench.reward import RewardConfig
from chipbench.service.models import EvalRequest, EvaluateRequest, Health, JobsAccepted, JobState, JobView, Metrics


class ServerError(ChipbenchError):
    def __init__(self, status: int, detail: Any) -> None:
        super().__init__(f"server answered {status}: {detail}")
        self.status = status
        self.detail = detail


class Client:
    def __init__(self, url: str, *, token: str | None = None, name: str | None = None,
                 timeout_s: float = 900.0, retries: int = 20) -> None:
        """`name`: how the server counts this client for its per-client limit (default: its
        address); `retries`: how often a 429 is retried."""
        self.url = url.rstrip("/")
        self.headers = {}
        if token:
            self.headers["Authorization"] = f"Bearer {token}"
        if name:
            self.headers["X-Chipbench-Client"] = name
        self.timeout = httpx.Timeout(timeout_s, connect=10.0)
        self.retries = retries
        self._sync: httpx.Client | None = None
        self._async: httpx.AsyncClient | None = None

    # -- plumbing ------------------------------------------------------------------------------

    def _client(self) -> httpx.Client:
        if self._sync is None:
            self._sync = httpx.Client(base_url=self.url, headers=self.headers, timeout=self.timeout)
        return self._sync

    def _aclient(self) -> httpx.AsyncClient:
        if self._async is None:
            self._async = httpx.AsyncClient(base_url=self.url, headers=self.headers, timeout=self.timeout)
        return self._async

    @staticmethod
    def _checked(response: httpx.Response, ok: tuple[int, ...] = (200, 202)) -> bytes:
        """The body of a response with an expected status (parsed by the caller's model, in
        one pass from bytes); a ServerError else."""
        if response.status_code not in ok:
            try:
                detail = response.json().get("detail", response.text)
            except ValueError:
                detail = response.text
            raise ServerError(response.status_code, detail)
        return response.content

    def _request(self, method: str, path: str, ok: tuple[int, ...] = (200, 202), **kw) -> bytes:
        for _ in range(self.retries):
            r = self._client().request(method, path, **kw)
            if r.status_code != 429:
                return self._checked(r, ok)
            time.sleep(float(r.headers.get("Retry-After", "1")))
        return self._checked(self._client().request(method, path, **kw), ok)

    async def _arequest(self, method: str, path: str, ok: tuple[int, ...] = (200, 202), **kw) -> bytes:
        for _ in range(self.retries):
            r = await self._aclient().request(method, path, **kw)
            if r.status_code != 429:
                return self._checked(r, ok)
            await asyncio.sleep(float(r.headers.get("Retry-After", "1")))
        return self._checked(await self._aclient().request(method, path, **kw), ok)

    def close(self) -> None:
        if self._sync is not None:
            self._sync.close()

    async def aclose(self) -> None:
        if self._async is not None:
            await self._async.aclose()
        self.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    async def __aenter__(self) -> "Client":
        return self

    async def __aexit__(self, *exc) -> None:
        await self.aclose()

    # -- the API -------------------------------------------------------------------------------

    @staticmethod
    def _body(task_id: str, files: dict[str, str], time_limit_s: float | None = None,
              reward: RewardConfig | None = None, **options) -> dict:
        return EvaluateRequest(task_id=task_id, files=files, time_limit_s=time_limit_s, reward=reward,
                               **options).model_dump(mode="json", exclude_none=True)

    def health(self) -> Health:
        return Health.model_validate_json(self._request("GET", "/health"))

    def metrics(self) -> Metrics:
        return Metrics.model_validate_json(self._request("GET", "/metrics"))

    def tasks(self, suite: str | None = None, backend: str | None = None) -> list[PublicTask]:
        params = {k: v for k, v in {"suite": suite, "backend": backend}.items() if v}
        return TypeAdapter(list[PublicTask]).validate_json(self._request("GET", "/tasks", params=params))

    def task(self, task_id: str, backend: str | None = None) -> PublicTask:
        params = {"backend": backend} if backend else {}
        return PublicTask.model_validate_json(self._request("GET", f"/tasks/{task_id}", params=params))

    def evaluate(self, task_id: str, files: dict[str, str], **options) -> JobView:
        """Score one candidate and wait for it. Options: backend, cache, public, request_id,
        time_limit_s, reward (a RewardConfig). A time limit that passes raises ServerError 504."""
        return JobView.model_validate_json(self._request("POST", "/evaluate", json=self._body(task_id, files, **options)))

    def submit(self, requests: list[EvalRequest]) -> list[JobView]:
        body = {"requests": [r.model_dump(mode="json", exclude_none=True) for r in requests]}
        return JobsAccepted.model_validate_json(self._request("POST", "/jobs", json=body)).jobs

    def job(self, job_id: str, wait_s: float = 0.0) -> JobView:
        return JobView.model_validate_json(self._request("GET", f"/jobs/{job_id}", params={"wait": wait_s}))

    def wait(self, job_id: str, poll_s: float = 30.0) -> JobView:
        """Long-poll a job until it is done or given up."""
        while (job := self.job(job_id, poll_s)).state in (JobState.QUEUED, JobState.RUNNING):
            pass
        return job

    async def ahealth(self) -> Health:
        return Health.model_validate_json(await self._arequest("GET", "/health"))

    async def aevaluate(self, task_id: str, files: dict[str, str], **options) -> JobView:
        body = self._body(task_id, files, **options)
        return JobView.model_validate_json(await self._arequest("POST", "/evaluate", json=body))

    async def asubmit(self, requests: list[EvalRequest]) -> list[JobView]:
        body = {"requests": [r.model_dump(mode="json", exclude_none=True) for r in requests]}
        return JobsAccepted.model_validate_json(await self._arequest("POST", "/jobs", json=body)).jobs

    async def ajob(self, job_id: str, wait_s: float = 0.0) -> JobView:
        return JobView.model_validate_json(await self._arequest("GET", f"/jobs/{job_id}", params={"wait": wait_s}))

    async def await_job(self, job_id: str, poll_s: float = 30.0) -> JobView:
        while (job := await self.ajob(job_id, poll_s)).state in (JobState.QUEUED, JobState.RUNNING):
            pass
        return job
