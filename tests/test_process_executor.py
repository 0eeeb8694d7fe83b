"""The `process` executor (chipbench.executors.process) on its own: evaluations in worker
processes, a crashed worker turned into a harness_error, a cancelled evaluation's sandbox
stopped and its worker reused, and nothing left after `stop`."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import signal
import threading
import time
from collections.abc import AsyncIterator

from chipbench import api
from chipbench.core import Status
from chipbench.evaluators.isa import IsaTranspileEvaluator
from chipbench.executors.process import ProcessExecutor, descendants
from chipbench.registry import executors
from service_support import SPIN, VERILOG

ISA = "isa-transpile/sat_add_i32-O2-riscv64"


def _left_over(before: set[int]) -> list[int]:
    """Processes below this one that were not there before."""
    return [p for p in descendants(os.getpid()) if p not in before]


@contextlib.asynccontextmanager
async def _running(workers: int = 1) -> AsyncIterator[ProcessExecutor]:
    """A started executor expecting `workers` concurrent evaluations, stopped on the way out.
    Every test that uses it also checks `stop`: once the body has finished, the executor lists
    no worker and no process it started is left below this one. (Not checked when the body
    failed: its own error says more.)"""
    before = set(descendants(os.getpid()))
    executor = ProcessExecutor()
    executor.expect(workers)
    await executor.start()
    try:
        yield executor
    finally:
        await executor.stop()
    assert executor.pids() == [], "stop left workers listed"
    assert _left_over(before) == [], "stop left processes running"


async def _busy(executor: ProcessExecutor, timeout: float = 60) -> int:
    """The pid of a worker running something in a sandbox (it has processes below it)."""
    deadline = time.monotonic() + timeout
    while True:
        for pid in executor.pids():
            if descendants(pid):
                return pid
        assert time.monotonic() < deadline, "no worker started a sandboxed process"
        await asyncio.sleep(0.1)


def test_the_process_executor_is_an_entry_point():
    assert executors.get("process") is ProcessExecutor


def test_verdicts_come_from_worker_processes_and_stop_leaves_nothing():
    async def go():
        async with _running(2) as executor:
            workers = executor.pids()
            assert len(workers) == 2 and os.getpid() not in workers
            task, _, _ = api.resolve(ISA)
            ok, wrong = await asyncio.gather(
                executor.evaluate(api.evaluation(ISA, task.reference, cache=False)),
                executor.evaluate(api.evaluation(ISA, next(iter(task.wrong_candidates().values())), cache=False)))
            assert sorted(executor.pids()) == sorted(workers), "the workers are reused, not started per evaluation"
        return ok, wrong

    ok, wrong = asyncio.run(go())
    assert ok.status is Status.PASS, ok.reason
    assert wrong.status not in (Status.PASS, Status.HARNESS_ERROR), (wrong.status, wrong.reason)


def test_a_killed_worker_gives_a_harness_error_and_the_next_evaluation_runs():
    """A worker that dies mid-evaluation (here SIGKILL; an out-of-memory kill or a native crash
    alike) fails that evaluation alone, as a harness_error, and kills what it left running;
    the executor goes on with a fresh worker."""
    async def go():
        async with _running() as executor:
            spinning = asyncio.create_task(executor.evaluate(api.evaluation(VERILOG, {"popcount.v": SPIN},
                                                                            cache=False)))
            victim = await _busy(executor)
            below = descendants(victim)
            started = time.monotonic()
            os.kill(victim, signal.SIGKILL)
            crashed = await spinning
            took = time.monotonic() - started
            await asyncio.sleep(0.5)
            orphans = [p for p in below if os.path.exists(f"/proc/{p}") and _alive(p)]
            task, _, _ = api.resolve(VERILOG)
            after = await executor.evaluate(api.evaluation(VERILOG, task.reference, cache=False))
            victim_listed = victim in executor.pids()
        return crashed, took, orphans, after, victim_listed

    crashed, took, orphans, after, victim_listed = asyncio.run(go())
    assert crashed.status is Status.HARNESS_ERROR and crashed.category == "executor", crashed
    assert "worker process died" in crashed.reason and "signal 9" in crashed.reason, crashed.reason
    assert took < 10, f"the crash took {took:.0f} s to notice (the simulation's own limit is 30 s)"
    assert orphans == [], "what the dead worker ran was left running"
    assert not victim_listed
    assert after.status is Status.PASS, after.reason


def test_a_cancelled_evaluation_stops_its_sandbox_and_the_worker_is_reused():
    async def go():
        async with _running() as executor:
            spinning = asyncio.create_task(executor.evaluate(api.evaluation(VERILOG, {"popcount.v": SPIN},
                                                                            cache=False)))
            worker = await _busy(executor)
            spinning.cancel()
            try:
                await spinning
            except asyncio.CancelledError:
                pass
            deadline = time.monotonic() + 10
            while (descendants(worker) or executor.idle() != [worker]) and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            stopped = descendants(worker) == []
            task, _, _ = api.resolve(VERILOG)
            after = await executor.evaluate(api.evaluation(VERILOG, task.reference, cache=False))
            workers = executor.pids()
        return stopped, worker, workers, after

    stopped, worker, workers, after = asyncio.run(go())
    assert stopped, "the cancelled evaluation's processes kept running"
    assert workers == [worker], "the worker confirmed the cancellation and was taken back"
    assert after.status is Status.PASS, after.reason


def _alive(pid: int) -> bool:
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_run_scores_through_worker_processes(tmp_path):
    """`chipbench run --executor process`: the runner's one executor mechanism, with its
    evaluations in workers (the oracle hands in references: every record passes)."""
    from chipbench.leaderboards.store import load_records
    from chipbench.run_config import RunConfig
    from chipbench.runner import run

    before = set(descendants(os.getpid()))
    config = RunConfig(suites=["isa-transpile", "verilog"], tasks=[ISA, VERILOG], jobs=2, run_dir=tmp_path / "run",
                       cache=False, verdict_cache=False, executor="process")
    asyncio.run(run(config))
    records = load_records(tmp_path / "run")
    assert sorted(r.task_id for r in records) == sorted([ISA, VERILOG])
    assert all(r.verdict.status is Status.PASS for r in records), [(r.task_id, r.verdict.reason) for r in records]
    assert _left_over(before) == []


class _Locked(IsaTranspileEvaluator):
    """An evaluator holding a lock: cannot be pickled. (Defined in a test module, which a worker
    process cannot import either.)"""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()


class _Unimportable(IsaTranspileEvaluator):
    """Picklable, but only by reference to this test module, which workers cannot import."""


def test_an_evaluation_a_worker_cannot_take_is_a_harness_error_and_the_pool_goes_on():
    async def go():
        async with _running() as executor:
            task, _, _ = api.resolve(ISA)
            plain = api.evaluation(ISA, task.reference, cache=False)
            locked = await executor.evaluate(dataclasses.replace(plain, evaluator=_Locked()))
            foreign = await executor.evaluate(dataclasses.replace(plain, evaluator=_Unimportable()))
            after = await executor.evaluate(plain)
            workers = executor.pids()
        return locked, foreign, after, workers

    locked, foreign, after, workers = asyncio.run(go())
    assert locked.status is Status.HARNESS_ERROR and "cannot be sent to a worker process" in locked.reason, locked
    assert foreign.status is Status.HARNESS_ERROR and "could not load the evaluation" in foreign.reason, foreign
    assert after.status is Status.PASS, after.reason
    assert len(workers) == 1, "the worker survived both"


def _payload(name: str) -> bytes:
    """A job as `_serve` reads it (the fields of an Evaluation; `task` names the job)."""
    import pickle
    import types

    return pickle.dumps(types.SimpleNamespace(evaluator=None, task=name, candidate=None, sandbox="local", hide=(),
                                              public=False, cache=False))


def test_a_worker_cancels_only_the_job_a_cancel_names():
    """The worker's side of the pipe (`_serve`, with a stand-in judge): a cancel stops the job it
    names whether it is running or still waiting behind another; one that arrives after its
    job's verdict left is dropped and never stops the next job; the pipe closing stops what
    runs (its sandbox with it) and ends the worker."""
    import socket
    from multiprocessing.connection import Connection

    from chipbench.core import Verdict
    from chipbench.executors import process

    async def go():
        ours, theirs = socket.socketpair()
        server, worker = Connection(ours.detach()), Connection(theirs.detach())
        started: list[str] = []
        stopped: list[str] = []

        async def judge(evaluator, task, candidate, sandbox, hide, public, cache):
            started.append(task)
            try:
                await asyncio.sleep({"slow": 3600, "mid": 0.5}.get(task.split("-")[0], 0))
            except asyncio.CancelledError:
                stopped.append(task)
                raise
            return Verdict(status=Status.PASS, reason=task)

        async def until(condition) -> None:
            async with asyncio.timeout(10):
                while not condition():
                    await asyncio.sleep(0.01)

        serving = asyncio.create_task(process._serve(worker, judge))
        server.send((process.JOB, 1, _payload("slow-1")))
        server.send((process.JOB, 2, _payload("fast-2")))  # waits behind job 1
        await until(lambda: started == ["slow-1"])
        server.send((process.CANCEL, 2))
        server.send((process.CANCEL, 1))
        first = [await asyncio.to_thread(server.recv) for _ in range(2)]
        server.send((process.JOB, 3, _payload("fast-3")))
        third = await asyncio.to_thread(server.recv)
        server.send((process.JOB, 4, _payload("mid-4")))
        await until(lambda: "mid-4" in started)
        server.send((process.CANCEL, 3))  # late: job 3's verdict has left, job 4 runs
        fourth = await asyncio.to_thread(server.recv)
        server.send((process.JOB, 5, _payload("slow-5")))
        await until(lambda: "slow-5" in started)
        server.close()
        async with asyncio.timeout(10):
            await serving
        return first, third, fourth, started, stopped

    first, third, fourth, started, stopped = asyncio.run(go())
    assert first == [(process.DONE, 1, None), (process.DONE, 2, None)]
    assert third[:2] == (process.DONE, 3) and third[2].reason == "fast-3"
    assert fourth[:2] == (process.DONE, 4) and fourth[2] is not None, "a late cancel stopped the next job"
    assert started == ["slow-1", "fast-3", "mid-4", "slow-5"], "job 2 was cancelled before it started"
    assert stopped == ["slow-1", "slow-5"]


def test_workers_run_at_a_lower_priority_than_their_caller():
    """So that a server's event loop gets a core as soon as it wakes (see `WORKER_NICE`)."""
    from chipbench.executors.process import WORKER_NICE

    async def go():
        async with _running(2) as executor:
            return [os.getpriority(os.PRIO_PROCESS, pid) for pid in executor.pids()]

    assert WORKER_NICE > 0
    assert asyncio.run(go()) == [min(19, os.getpriority(os.PRIO_PROCESS, 0) + WORKER_NICE)] * 2
