"""The server's work queue: bounded, fair between clients, idempotent, and the only place
evaluations start.

- Bounded: at most `max_queue` jobs wait; a submission that does not fit is refused whole
  (`QueueFull`, HTTP 429 with a Retry-After estimated from the recent evaluation time), so
  a flood of requests costs the server nothing but the refusal.
- Fair: a client may have at most `per_client` jobs queued or running (`ClientBusy`, 429).
- Idempotent: (client, request_id) names one job; the same body sent again returns that
  job; a different body under a used id is a `Conflict` (409).
- Bounded memory: finished jobs are kept (for GET /jobs/{id}) up to `keep`, the oldest
  finished dropped first (a queue of finished ids: O(1) per job, whatever `keep` is).

`workers` evaluations run at once, each through the configured executor (`process`, the
server's default: in worker processes, so the server's event loop does nothing but I/O and
bookkeeping; `local`: in this process's event loop; `ray`: tasks on a cluster).
"""

from __future__ import annotations

import asyncio
import collections
import functools
import hashlib
import math
import time
import uuid
from dataclasses import dataclass, field

from chipbench import api
from chipbench.core import Verdict
from chipbench.executors import Evaluation, Executor
from chipbench.reward import reward
from chipbench.service.models import EvalRequest, JobState, JobView


class Refused(Exception):
    """A submission the queue does not take; `status` is the HTTP status it becomes."""

    status = 429

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class QueueFull(Refused):
    pass


class ClientBusy(Refused):
    pass


class Conflict(Refused):
    status = 409


@dataclass
class Job:
    id: str
    client: str
    request: EvalRequest
    fingerprint: str
    evaluation: Evaluation
    state: JobState = JobState.QUEUED
    submitted_at: float = field(default_factory=time.time)
    started_at: float | None = None
    finished_at: float | None = None
    verdict: Verdict | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)
    running: asyncio.Task | None = None
    show_logs: bool = False
    """Send `verdict.logs` (tools' raw output, hidden tests' included) to the client; else
    they are withheld (see docs/threat-model.md, "What a client of the server sees")."""

    @property
    def finished(self) -> bool:
        """Its verdict came, or it was given up. (`done`, the event its waiters wake on, is set
        one turn of the loop later: see `JobQueue._finish`.)"""
        return self.finished_at is not None

    def view(self) -> JobView:
        verdict = self.verdict
        if verdict is not None and verdict.logs and not self.show_logs:
            verdict = verdict.model_copy(update={"logs": ""})
        return JobView(id=self.id, request_id=self.request.request_id, task_id=self.request.task_id,
                       state=self.state, submitted_at=self.submitted_at, started_at=self.started_at,
                       finished_at=self.finished_at, verdict=verdict,
                       reward=reward(verdict, self.request.reward) if verdict else None)


def fingerprint(request: EvalRequest) -> str:
    return hashlib.sha256(request.model_dump_json().encode()).hexdigest()


class JobQueue:
    def __init__(self, executor: Executor, *, sandbox: str = "local", workers: int = 2, max_queue: int = 64,
                 per_client: int = 16, keep: int = 10_000, verdict_cache: bool = True,
                 verdict_logs: bool = False) -> None:
        self.executor = executor
        self.sandbox = sandbox
        self.workers = workers
        self.max_queue = max_queue
        self.per_client = per_client
        self.keep = keep
        self.verdict_cache = verdict_cache
        self.verdict_logs = verdict_logs
        self.jobs: dict[str, Job] = {}
        self.finished: collections.deque[str] = collections.deque()
        """Ids of finished jobs still kept, oldest first: what `_forget_old` drops."""
        self.resolved: set[tuple[str, str | None]] = set()
        """(suite, backend) pairs whose tasks this process has loaded: resolving a task of one
        again is a dictionary lookup, done on the event loop instead of a thread hop."""
        self.by_request: dict[tuple[str, str], str] = {}
        self.active: collections.Counter[str] = collections.Counter()
        self.queue: asyncio.Queue[Job] = asyncio.Queue()
        self.in_flight = 0
        self.counts: collections.Counter[str] = collections.Counter()
        self.recent: collections.deque[tuple[float, float]] = collections.deque(maxlen=4096)
        """(finished at, seconds it ran) of recent judged evaluations."""
        self.started_at = time.time()
        self._workers: list[asyncio.Task] = []

    async def start(self) -> None:
        self.executor.expect(self.workers)
        await self.executor.start()
        self._workers = [asyncio.create_task(self._work()) for _ in range(self.workers)]

    async def stop(self) -> None:
        for w in self._workers:
            w.cancel()
        await asyncio.gather(*self._workers, return_exceptions=True)
        for job in self.jobs.values():
            if job.running is not None:
                job.running.cancel()
        await self.executor.stop()

    # -- submitting --------------------------------------------------------------------------

    async def submit(self, client: str, requests: list[EvalRequest]) -> list[Job]:
        """Queue every request or none; a ChipbenchError for an unknown task or backend."""
        known = self._known(client, requests)
        fresh = [i for i in range(len(requests)) if i not in known]
        if len({requests[i].request_id for i in fresh if requests[i].request_id}) < sum(
                1 for i in fresh if requests[i].request_id):
            raise Conflict("a request_id appears twice in this batch")
        self._admit(client, len(fresh))
        built = {i: await self._evaluation(requests[i]) for i in fresh}
        # Again, with no await until the jobs are queued: a resubmission racing the first
        # (a client's retry) may have queued its job while these tasks loaded, and others
        # may have filled the queue.
        known = self._known(client, requests)
        fresh = [i for i in fresh if i not in known]
        self._admit(client, len(fresh))
        made = {i: self._enqueue(client, requests[i], built[i]) for i in fresh}
        return [known[i] if i in known else made[i] for i in range(len(requests))]

    def _known(self, client: str, requests: list[EvalRequest]) -> dict[int, Job]:
        """The jobs this client's earlier submissions made for these requests, by index; a
        Conflict where a used request_id comes with another body."""
        known: dict[int, Job] = {}
        for i, r in enumerate(requests):
            if r.request_id is None:
                continue
            job_id = self.by_request.get((client, r.request_id))
            if job_id is not None and job_id in self.jobs:
                job = self.jobs[job_id]
                if job.fingerprint != fingerprint(r):
                    raise Conflict(f"request_id {r.request_id!r} was used for another request")
                known[i] = job
        return known

    async def _evaluation(self, r: EvalRequest) -> Evaluation:
        """The first request for a suite loads its tasks (reads and hashes folders) in a
        thread; later ones resolve from memory, here."""
        build = functools.partial(api.evaluation, r.task_id, r.files, sandbox=self.sandbox, backend=r.backend,
                                  cache=r.cache and self.verdict_cache, public=r.public, remote=True)
        suite = (r.task_id.split("/", 1)[0], r.backend)
        if suite in self.resolved:
            return build()
        evaluation = await asyncio.to_thread(build)
        self.resolved.add(suite)
        return evaluation

    def _admit(self, client: str, n: int) -> None:
        if not n:
            return
        if self.active[client] + n > self.per_client:
            self.counts["rejected_client"] += 1
            raise ClientBusy(f"this client has {self.active[client]} jobs queued or running; at most "
                             f"{self.per_client} at once", self.retry_after(self.active[client]))
        if self.queue.qsize() + n > self.max_queue:
            self.counts["rejected_full"] += 1
            raise QueueFull(f"the queue holds {self.queue.qsize()} of at most {self.max_queue} jobs",
                            self.retry_after(self.queue.qsize()))

    def _enqueue(self, client: str, r: EvalRequest, evaluation: Evaluation) -> Job:
        job = Job(id=uuid.uuid4().hex, client=client, request=r, fingerprint=fingerprint(r), evaluation=evaluation,
                  show_logs=self.verdict_logs)
        self.jobs[job.id] = job
        if r.request_id is not None:
            self.by_request[(client, r.request_id)] = job.id
        self.active[client] += 1
        self.counts["submitted"] += 1
        self.queue.put_nowait(job)
        self._forget_old()
        return job

    def _forget_old(self) -> None:
        while len(self.jobs) > self.keep and self.finished:
            job = self.jobs.pop(self.finished.popleft())
            if job.request.request_id is not None:
                self.by_request.pop((job.client, job.request.request_id), None)

    def retry_after(self, waiting: int) -> int:
        """Seconds until a slot is likely free: the jobs ahead, spread over the workers, at the
        recent mean evaluation time; 1 to 60."""
        times = [s for _, s in self.recent]
        mean = sum(times) / len(times) if times else 1.0
        return max(1, min(60, math.ceil(mean * (waiting + 1) / self.workers)))

    # -- running -----------------------------------------------------------------------------

    async def _work(self) -> None:
        while True:
            job = await self.queue.get()
            if job.finished:  # given up while it waited
                continue
            job.state, job.started_at = JobState.RUNNING, time.time()
            self.in_flight += 1
            job.running = asyncio.create_task(self.executor.evaluate(job.evaluation))
            try:
                verdict = await job.running
            except asyncio.CancelledError:
                # Given up (`give_up` finished the job before cancelling it): next job. Else the
                # worker itself is stopping; cancelling it cancelled the evaluation it awaited
                # too, so `job.running.cancelled()` cannot tell the two apart.
                if not job.finished:
                    job.running.cancel()
                    raise
            else:
                self._finish(job, verdict)
            finally:
                self.in_flight -= 1
                job.running = None

    def _finish(self, job: Job, verdict: Verdict | None) -> None:
        """Record the job's end, and wake its waiters on the loop's next turn: the worker task
        that called this first takes the next queued job and hands it to the executor (whose
        first step is then queued ahead of the waiters), so a free worker never waits while
        the finished job's answer is serialised and written."""
        if job.finished:
            return
        job.finished_at = time.time()
        job.verdict = verdict
        job.state = JobState.DONE if verdict is not None else JobState.CANCELLED
        if verdict is not None:
            self.counts["completed"] += 1
            self.counts["cache_hits"] += verdict.cached
            self.recent.append((job.finished_at, job.finished_at - (job.started_at or job.finished_at)))
        self.active[job.client] -= 1
        if self.active[job.client] <= 0:
            del self.active[job.client]
        self.finished.append(job.id)
        self._forget_old()
        asyncio.get_running_loop().call_soon(job.done.set)

    def give_up(self, job: Job) -> None:
        """The request's time limit passed: stop its evaluation (its sandbox is torn down,
        its processes killed) or drop it from the queue."""
        if job.finished:
            return
        self.counts["timed_out"] += 1
        running = job.running
        self._finish(job, None)  # first: the worker reads `done` to tell this from its own stop
        if running is not None:
            running.cancel()

    # -- reading -----------------------------------------------------------------------------

    def evaluations_per_s(self) -> float:
        now = time.time()
        window = min(60.0, max(1e-9, now - self.started_at))
        return sum(1 for t, _ in self.recent if now - t <= window) / window
