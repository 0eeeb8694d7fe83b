"""The supervisor's reading of a worker's CPU clock counts all the work done before it.

The kernel brings another process's CPU clock up to date only when a thread leaves its core
(or at a tick): read the moment a worker's reply arrives, while the worker is still on its way
back to its pipe, the clock lacked the whole window about once in a few hundred windows, and
the reference itself was refused as "a window of candidate measured no time" (CI, 2026-11-26)."""

from __future__ import annotations

import builtins
import subprocess
import sys

import pytest

from chipbench.evaluators.kernels.worker import supervisor

# The worker stand-in burns CPU time (its own clock, exact for itself) before and after its
# reply, so by the time it blocks on its pipe again it has used at least 5 ms per request.
WORKER = """
import sys, time
def burn(ns):
    end = time.process_time_ns() + ns
    while time.process_time_ns() < end:
        pass
for line in sys.stdin:
    burn(2_000_000)
    sys.stdout.write("done\\n"); sys.stdout.flush()
    burn(3_000_000)
"""


@pytest.fixture(params=["syscall", "stat"])
def reading(request, monkeypatch):
    """Both ways of telling a thread is off its core: /proc/.../syscall, and the scheduler
    state where that file may not be read (a non-dumpable worker)."""
    if request.param == "stat":
        def no_syscall_file(path, *args, **kwargs):
            if str(path).endswith("/syscall"):
                raise PermissionError(path)
            return builtins.open(path, *args, **kwargs)
        monkeypatch.setattr(supervisor, "open", no_syscall_file, raising=False)
    return request.param


def test_a_settled_reading_includes_work_done_after_the_reply(reading):
    worker = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    try:
        shortest = None
        for _ in range(20):
            before = supervisor.settled_cpu_ns(worker.pid, patience_ns=10**9)
            worker.stdin.write("go\n")
            worker.stdin.flush()
            assert worker.stdout.readline() == "done\n"
            used = supervisor.settled_cpu_ns(worker.pid, patience_ns=10**9) - before
            shortest = used if shortest is None else min(shortest, used)
        assert shortest >= 5_000_000, f"a request measured {shortest / 1e6:.2f} ms of the 5 ms it used"
    finally:
        worker.kill()
        worker.wait()


def test_a_worker_that_is_gone_reads_without_waiting():
    worker = subprocess.Popen([sys.executable, "-c", "pass"])
    pid = worker.pid
    worker.wait()
    with pytest.raises(OSError):  # the clock of a reaped process does not exist
        supervisor.settled_cpu_ns(pid, patience_ns=10**9)
