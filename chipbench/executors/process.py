"""The `process` executor: evaluations run in a pool of worker processes on this machine.

Why: an evaluation is not only waiting on a sandbox's tools; its judge parses, compares, checks
policies and builds the verdict in Python, in stretches that hold the interpreter for up to
tenths of a second. In the caller's process (the `local` executor) those stretches block its
event loop, and a server (`chipbench serve`) can then neither read nor answer any other request
while they run. Here the caller's loop only ships the evaluation (it is picklable, as the Ray
executor already relies on) down a pipe and waits for the verdict; the judging happens in a
worker process, one evaluation at a time per worker.

- Pool: a worker is taken from the idle ones or started when none is idle, and put back after;
  `expect(n)` starts `n` before the first evaluation, so none pays for a start-up. A worker is
  a fresh interpreter (`python -m chipbench.executors.process FD`) that imports the installed
  evaluators before it takes work: never a fork of the caller, whose threads a fork would copy
  mid-flight, and never a re-run of the caller's main script (multiprocessing's spawn and fork
  server do that). Evaluations and verdicts travel pickled over a socket pair.
- Cancelled evaluation (a request's time limit, Ctrl-C): the worker is sent a cancel for that
  job (its loop keeps reading the pipe while it judges) and cancels its evaluation, so the
  sandbox stops the candidate's processes as in a run; a worker that does not come back within
  `grace_s` is killed with everything below it.
- Priority: workers run `WORKER_NICE` lower than the caller, so the caller's event loop is never
  kept waiting for a core behind evaluations (a server's requests are answered, and the next job
  handed out, as they come).
- Crashed worker (killed, out of memory, a native crash in a tool binding): its pipe closes; the
  evaluation becomes a `harness_error` verdict, whatever the worker left running is killed, and
  the next evaluation gets another worker. The caller never sees an exception from it.
- `stop()` ends every worker and kills whatever is left below them: no process outlives it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import pickle
import signal
import socket
import subprocess
import sys
import time
from importlib.metadata import entry_points
from multiprocessing.connection import Connection
from pathlib import Path

from chipbench.core import Candidate, Status, Verdict
from chipbench.evaluators import clip
from chipbench.executors._base import Evaluation, Executor

READY = "ready"
JOB, CANCEL, DONE = "job", "cancel", "done"
"""Messages: ("job", seq, pickled Evaluation) and ("cancel", seq) to a worker; ("done", seq,
verdict or None) back. `seq` numbers a worker's jobs, so a cancel that crosses its job's
verdict on the way can never stop the next job."""

WORKER_NICE = 5
"""How much lower a worker runs than the caller (`os.nice`), so that the caller's event loop
(a server answering requests, handing out the next job) takes a core the moment it wakes
instead of waiting behind evaluations. Niceness weighs CPU time between processes; it changes
no verdict: the kernel judge times baseline and candidate by their processes' CPU clocks, or
by the wall clock of windows both sides run at the same niceness (docs/kernel-judge.md), and
every other judge counts instructions, cells or tool-reported latencies. What it can change
is the margin of a wall-clock time limit while other work fills the machine: under the
kernel's autogroup scheduling (`/proc/sys/kernel/sched_autogroup_enabled`, on here) each
sandboxed command starts a session and is weighed as a group of its own, with a full share
whatever the worker's niceness; where autogroup does not apply, the commands inherit it, and
a competitor at nice 0 gets about three times their share (weights 1024 and 335)."""


def _worker_main(conn: Connection, nice: int = 0) -> None:
    """A worker's life: evaluations in, verdicts out, until the pipe closes. One event loop for
    its whole life (evaluators may keep per-loop state between evaluations), which keeps
    reading the pipe while an evaluation runs, so a cancel reaches it at once."""
    if nice:
        os.nice(nice)
    from chipbench.runner import evaluate_in_sandbox
    from chipbench.verdict_cache import code_digest

    for ep in entry_points(group="chipbench.evaluators"):  # before any work: no first evaluation pays
        with contextlib.suppress(Exception):
            ep.load()
    code_digest()  # the verdict cache's hash of chipbench's code (half a second), likewise
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle; it stops us
    conn.send(READY)
    asyncio.run(_serve(conn, evaluate_in_sandbox))


async def _serve(conn: Connection, evaluate_in_sandbox) -> None:
    loop = asyncio.get_running_loop()
    inbox: asyncio.Queue[tuple[int, bytes] | None] = asyncio.Queue()
    running: dict[int, asyncio.Task] = {}
    cancelled: set[int] = set()
    """Jobs cancelled before they started."""
    last = 0
    """The newest job started: a cancel for it or an older one that is not running came after
    its verdict left, and is dropped."""

    def readable() -> None:
        try:
            message = conn.recv()
        except (EOFError, OSError):  # the caller is gone: stop what runs (its sandbox with it)
            loop.remove_reader(conn.fileno())
            for task in running.values():
                task.cancel()
            inbox.put_nowait(None)
            return
        kind, seq, *payload = message
        if kind == JOB:
            inbox.put_nowait((seq, payload[0]))
        elif seq in running:
            running[seq].cancel()
        elif seq > last:
            cancelled.add(seq)

    loop.add_reader(conn.fileno(), readable)
    while (item := await inbox.get()) is not None:
        last, payload = item
        reply: Verdict | None = None
        if last in cancelled:
            cancelled.discard(last)
        else:
            try:
                e: Evaluation = pickle.loads(payload)
            except Exception as exc:  # noqa: BLE001 - e.g. an evaluator class this process cannot import
                reply = Verdict(status=Status.HARNESS_ERROR, category="executor",
                                reason=f"the worker process could not load the evaluation: {type(exc).__name__}: {exc}")
            else:
                running[last] = task = loop.create_task(
                    evaluate_in_sandbox(e.evaluator, e.task, e.candidate, e.sandbox, list(e.hide), e.public, e.cache))
                try:
                    reply = await task
                except asyncio.CancelledError:
                    reply = None  # cancelled by the caller: the sandbox has stopped its processes
                finally:
                    del running[last]
        try:
            conn.send((DONE, last, reply))
        except (BrokenPipeError, OSError):
            return


def descendants(pid: int) -> list[int]:
    """Every live process below `pid`, from /proc (a candidate's own sessions included: they
    leave the worker's process group, never its ancestry until it exits)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


class _Worker:
    """One worker process and its end of the pipe. The pipe is watched for the worker's whole
    life (one reader on the event loop, not one per message): its messages resolve the futures
    of the jobs they answer, and its end (the worker died) fails every one still waiting."""

    def __init__(self, nice: int = 0) -> None:
        ours, theirs = socket.socketpair()
        with theirs:
            self.process = subprocess.Popen([sys.executable, "-m", "chipbench.executors.process", str(theirs.fileno()),
                                             str(nice)], pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
        self.conn = Connection(ours.detach())
        self.seq = 0
        self.replies: dict[int, asyncio.Future[Verdict | None]] = {}
        self.booted: asyncio.Future[None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def _watch(self) -> None:
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
            self.booted = self.loop.create_future()
            self.loop.add_reader(self.conn.fileno(), self._readable)

    def _readable(self) -> None:
        try:
            message = self.conn.recv()
        except (EOFError, OSError) as exc:
            self._lost(exc)
            return
        if message == READY:
            assert self.booted is not None
            if not self.booted.done():
                self.booted.set_result(None)
            return
        _, seq, verdict = message
        waiting = self.replies.pop(seq, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(verdict)

    def _lost(self, exc: BaseException) -> None:
        self._unwatch()
        for waiting in [self.booted, *self.replies.values()]:
            if waiting is not None and not waiting.done():
                waiting.set_exception(EOFError(f"the worker's pipe closed: {exc!r}"))
                waiting.exception()  # read here: a job given up on has no one to read it
        self.replies.clear()

    def _unwatch(self) -> None:
        if self.loop is not None and not self.conn.closed:
            with contextlib.suppress(ValueError, OSError):
                self.loop.remove_reader(self.conn.fileno())

    async def ready(self) -> None:
        """Wait until the worker has imported what it needs (it says so once); EOFError when it
        died. Shielded: a caller cancelled meanwhile leaves the boot to the next."""
        self._watch()
        assert self.booted is not None
        await asyncio.shield(self.booted)

    def send(self, payload: bytes) -> tuple[int, asyncio.Future[Verdict | None]]:
        """Hand the worker a pickled evaluation: its number and the future of its verdict
        (None when it was cancelled)."""
        assert self.loop is not None
        self.seq += 1
        waiting = self.replies[self.seq] = self.loop.create_future()
        try:
            self.conn.send((JOB, self.seq, payload))
        except OSError as exc:
            self._lost(exc)
        return self.seq, waiting

    def cancel(self, seq: int) -> None:
        with contextlib.suppress(OSError):
            self.conn.send((CANCEL, seq))

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        """Close our end of the pipe: an idle worker reads EOF and exits, a busy one stops its
        evaluation first."""
        self._unwatch()
        self.conn.close()

    def kill(self) -> None:
        """The worker and everything below it, the candidate's escaped sessions included."""
        below = descendants(self.process.pid)
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        for pid in below:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)
        self.close()

    def exit_note(self) -> str:
        try:
            code = self.process.wait(1)
        except subprocess.TimeoutExpired:
            return "did not answer"
        return f"killed by signal {-code}" if code < 0 else f"exited with code {code}"


class ProcessExecutor(Executor):
    name = "process"

    def __init__(self, grace_s: float = 5.0, nice: int = WORKER_NICE) -> None:
        self.grace_s = grace_s
        self.nice = nice
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._expected = 0
        self._reclaiming: set[asyncio.Task] = set()
        self._retired: list[_Worker] = []

    def expect(self, concurrency: int) -> None:
        self._expected = max(self._expected, concurrency)

    async def start(self) -> None:
        started = [self._new() for _ in range(self._expected)]
        await asyncio.gather(*(w.ready() for w in started))  # all boot at once
        self._idle.extend(started)

    async def stop(self) -> None:
        if self._reclaiming:  # cancelled evaluations get their grace to stop their sandboxes
            await asyncio.wait(list(self._reclaiming), timeout=self.grace_s)
        for task in list(self._reclaiming):
            task.cancel()
        await asyncio.gather(*self._reclaiming, return_exceptions=True)
        workers, self._idle = [*self._all, *self._retired], []
        self._retired = []
        for w in workers:
            w.close()  # an idle worker exits; a busy one stops its evaluation, then exits
        deadline = time.monotonic() + self.grace_s
        for w in workers:
            with contextlib.suppress(subprocess.TimeoutExpired):
                await asyncio.to_thread(w.process.wait, max(0.0, deadline - time.monotonic()))
            w.kill()  # one that did not exit in time: killed with what is below it
        self._all.clear()

    def _new(self) -> _Worker:
        w = _Worker(self.nice)
        self._all.add(w)
        return w

    def _drop(self, w: _Worker) -> None:
        w.kill()
        self._all.discard(w)

    async def evaluate(self, evaluation: Evaluation) -> Verdict:
        # The trajectory stays here: the evaluator reads only the files (and the error).
        bare = Candidate(files=evaluation.candidate.files, error=evaluation.candidate.error)
        try:  # pickled whole before a worker is taken
            payload = pickle.dumps(dataclasses.replace(evaluation, candidate=bare), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            return Verdict(status=Status.HARNESS_ERROR, category="executor",
                           reason=f"evaluator {evaluation.evaluator.name!r} cannot be sent to a worker process: "
                                  f"{type(exc).__name__}: {exc}")
        w = await self._take()
        seq = None
        try:
            await w.ready()
            seq, waiting = w.send(payload)
            # Shielded: a cancelled caller leaves the verdict's future to `_reclaim`.
            verdict = await asyncio.shield(waiting)
        except asyncio.CancelledError:
            self._reclaim(w, seq)
            raise
        except (EOFError, OSError) as exc:
            note = w.exit_note()
            self._drop(w)
            return Verdict(status=Status.HARNESS_ERROR, category="executor",
                           reason=f"the evaluation's worker process died ({note})", logs=clip(repr(exc)))
        if verdict is None:  # cannot happen: only a cancel we sent stops an evaluation
            self._drop(w)
            return Verdict(status=Status.HARNESS_ERROR, category="executor",
                           reason="the evaluation's worker process was cancelled from outside")
        self._put_back(w)
        return verdict

    async def _take(self) -> _Worker:
        """An idle worker; else, while the pool is at its size and cancelled evaluations'
        workers are confirming (within `grace_s`; a killed sandbox takes milliseconds), the
        first of them back; a new worker only when none is on its way. Booting one for each
        cancel instead took seconds of imports at load, held up every job queued behind it,
        and retired the one that came back: requests with short time limits made the server
        start a process per request."""
        while not self._idle and self._reclaiming and len(self._all) >= max(1, self._expected):
            await asyncio.wait(list(self._reclaiming), return_when=asyncio.FIRST_COMPLETED)
        return self._idle.pop() if self._idle else self._new()

    def _put_back(self, w: _Worker) -> None:
        """Idle again; retired instead when the pool grew past what is expected (a worker
        started while a cancelled one was still stopping its sandbox)."""
        if len(self._all) > max(1, self._expected):
            w.close()  # it reads EOF and exits
            self._all.discard(w)
            self._retired.append(w)
            self._retired = [r for r in self._retired if r.alive()]
        else:
            self._idle.append(w)

    def _reclaim(self, w: _Worker, seq: int | None) -> None:
        """Stop a worker's evaluation without holding up the caller's cancellation: tell it to
        cancel (its sandbox then stops the candidate), take it back when it confirms, kill it
        when it does not within `grace_s`. `seq` None: cancelled before its job was sent."""
        async def reclaim() -> None:
            try:
                if seq is not None:
                    waiting = w.replies.get(seq)
                    w.cancel(seq)
                    if waiting is not None:
                        async with asyncio.timeout(self.grace_s):
                            await waiting
                else:
                    async with asyncio.timeout(self.grace_s + 60):  # still booting: let it finish
                        await w.ready()
            except (EOFError, OSError, TimeoutError, asyncio.CancelledError):
                self._drop(w)
            else:
                self._put_back(w)

        task = asyncio.get_running_loop().create_task(reclaim())
        self._reclaiming.add(task)
        task.add_done_callback(self._reclaiming.discard)

    def pids(self) -> list[int]:
        """The worker processes alive now."""
        return [w.process.pid for w in self._all if w.alive()]

    def idle(self) -> list[int]:
        """The workers waiting for an evaluation."""
        return [w.process.pid for w in self._idle]

    def describe(self) -> dict:
        return {"name": self.name, "workers": len(self._all)}


if __name__ == "__main__":
    _worker_main(Connection(int(sys.argv[1])), int(sys.argv[2]) if len(sys.argv) > 2 else 0)
