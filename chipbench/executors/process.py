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
- Cancelled evaluation (a request's time limit, Ctrl-C): the worker gets SIGUSR1 and cancels
  its evaluation, so the sandbox stops the candidate's processes as in a run; a worker that
  does not come back within `grace_s` is killed with everything below it.
- Crashed worker (killed, out of memory, a native crash in a tool binding): its pipe closes; the
  evaluation becomes a `harness_error` verdict, whatever the worker left running is killed, and
  the next evaluation gets another worker. The caller never sees an exception from it.
- `stop()` ends every worker and kills whatever is left below them: no process outlives it.
"""

from __future__ import annotations

import asyncio
import contextlib
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

CANCEL_SIGNAL = signal.SIGUSR1
READY = "ready"


def _worker_main(conn: Connection) -> None:
    """A worker's life: evaluations in, verdicts out, until the pipe closes. One event loop for
    its whole life (evaluators may keep per-loop state between evaluations)."""
    from chipbench.runner import evaluate_in_sandbox

    for ep in entry_points(group="chipbench.evaluators"):  # before any work: no first evaluation pays
        with contextlib.suppress(Exception):
            ep.load()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle; it stops us
    signal.signal(CANCEL_SIGNAL, signal.SIG_IGN)  # a cancel that comes after the verdict left
    conn.send(READY)
    with asyncio.Runner() as runner:
        while True:
            try:
                e: Evaluation = conn.recv()
            except (EOFError, OSError):
                return
            except Exception as exc:  # noqa: BLE001 - e.g. an evaluator class this process cannot import
                conn.send(Verdict(status=Status.HARNESS_ERROR, category="executor",
                                  reason=f"the worker process could not load the evaluation: {type(exc).__name__}: {exc}"))
                continue

            async def one(e: Evaluation = e) -> Verdict:
                task = asyncio.current_task()
                assert task is not None
                asyncio.get_running_loop().add_signal_handler(CANCEL_SIGNAL, task.cancel)
                try:
                    return await evaluate_in_sandbox(e.evaluator, e.task, e.candidate, e.sandbox, list(e.hide),
                                                     e.public, e.cache)
                finally:
                    asyncio.get_running_loop().remove_signal_handler(CANCEL_SIGNAL)
                    signal.signal(CANCEL_SIGNAL, signal.SIG_IGN)

            try:
                reply: Verdict | None = runner.run(one())
            except asyncio.CancelledError:
                reply = None  # cancelled by the caller: the sandbox has stopped its processes
            try:
                conn.send(reply)
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
    def __init__(self) -> None:
        ours, theirs = socket.socketpair()
        with theirs:
            self.process = subprocess.Popen([sys.executable, "-m", "chipbench.executors.process", str(theirs.fileno())],
                                            pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL)
        self.conn = Connection(ours.detach())
        self.booted = False

    async def ready(self) -> None:
        """Wait until the worker has imported what it needs (it says so once)."""
        if not self.booted:
            if await self.reply() != READY:
                raise EOFError("the worker did not start")
            self.booted = True

    async def reply(self) -> Verdict | None:
        """The worker's next message; EOFError when it died."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self.conn.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, readable)
        try:
            await ready
        finally:
            loop.remove_reader(fd)
        return self.conn.recv()

    def alive(self) -> bool:
        return self.process.poll() is None

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
        self.conn.close()

    def exit_note(self) -> str:
        try:
            code = self.process.wait(1)
        except subprocess.TimeoutExpired:
            return "did not answer"
        return f"killed by signal {-code}" if code < 0 else f"exited with code {code}"


class ProcessExecutor(Executor):
    name = "process"

    def __init__(self, grace_s: float = 5.0) -> None:
        self.grace_s = grace_s
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
            w.conn.close()  # an idle worker reads EOF and exits
        deadline = time.monotonic() + self.grace_s
        for w in workers:
            with contextlib.suppress(subprocess.TimeoutExpired):
                await asyncio.to_thread(w.process.wait, max(0.0, deadline - time.monotonic()))
            w.kill()  # a busy one (or one that did not exit): killed with what is below it
        self._all.clear()

    def _new(self) -> _Worker:
        w = _Worker()
        self._all.add(w)
        return w

    def _drop(self, w: _Worker) -> None:
        w.kill()
        self._all.discard(w)

    async def evaluate(self, evaluation: Evaluation) -> Verdict:
        w = self._idle.pop() if self._idle else self._new()
        # The trajectory stays here: the evaluator reads only the files (and the error).
        bare = Candidate(files=evaluation.candidate.files, error=evaluation.candidate.error)
        try:
            await w.ready()
            try:
                w.conn.send(Evaluation(evaluator=evaluation.evaluator, task=evaluation.task, candidate=bare,
                                       sandbox=evaluation.sandbox, hide=evaluation.hide, public=evaluation.public,
                                       cache=evaluation.cache))
            except (pickle.PicklingError, TypeError, AttributeError) as exc:  # pickled whole before a byte is sent
                self._put_back(w)
                return Verdict(status=Status.HARNESS_ERROR, category="executor",
                               reason=f"evaluator {evaluation.evaluator.name!r} cannot be sent to a worker process: "
                                      f"{type(exc).__name__}: {exc}")
            verdict = await w.reply()
        except asyncio.CancelledError:
            self._reclaim(w)
            raise
        except (EOFError, OSError) as exc:
            note = w.exit_note()
            self._drop(w)
            return Verdict(status=Status.HARNESS_ERROR, category="executor",
                           reason=f"the evaluation's worker process died ({note})", logs=clip(repr(exc)))
        if verdict is None:  # cannot happen unless someone else signalled the worker
            self._drop(w)
            return Verdict(status=Status.HARNESS_ERROR, category="executor",
                           reason="the evaluation's worker process was cancelled from outside")
        self._put_back(w)
        return verdict

    def _put_back(self, w: _Worker) -> None:
        """Idle again; retired instead when the pool grew past what is expected (a worker
        started while a cancelled one was still stopping its sandbox)."""
        if len(self._all) > max(1, self._expected):
            w.conn.close()  # it reads EOF and exits
            self._all.discard(w)
            self._retired.append(w)
            self._retired = [r for r in self._retired if r.alive()]
        else:
            self._idle.append(w)

    def _reclaim(self, w: _Worker) -> None:
        """Stop a worker's evaluation without holding up the caller's cancellation: ask it to
        cancel (its sandbox then stops the candidate), take it back when it confirms, kill it
        when it does not within `grace_s`."""
        async def reclaim() -> None:
            try:
                os.kill(w.process.pid, CANCEL_SIGNAL)
                async with asyncio.timeout(self.grace_s):
                    await w.reply()
            except (ProcessLookupError, EOFError, OSError, TimeoutError, asyncio.CancelledError):
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
    _worker_main(Connection(int(sys.argv[1])))
