"""The supervisor's reading of a worker's CPU clock counts all the work done before it.

The kernel brings another process's CPU clock up to date only when a thread leaves its core
(or at a tick): read the moment a worker's reply arrives, while the worker is still on its way
back to its pipe, the clock lacked the whole window about once in a few hundred windows, and
the reference itself was refused as "a window of candidate measured no time" (CI, 2026-11-26)."""

from __future__ import annotations

import builtins
import os
import signal
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


# --- attacks on the clock through a whole timing window (the supervisor's Timer) -----------
# A stand-in for judge.py speaks the supervisor's pipe protocol; what it does around its
# replies (the attack) comes from its config. It stands for a candidate whose code runs
# beside the judge's (native code with a signal handler of its own, or a thread the judge
# did not see start): Python candidates cannot, but the clock must hold against it anyway.
STANDIN = """
import ctypes, json, mmap, os, select, sys, threading, time

role, commands, reply_fd = sys.argv[1], os.fdopen(int(sys.argv[2]), "rb"), int(sys.argv[3])
act = json.loads(commands.readline())["standin"]
if act.get("non_dumpable"):  # /proc/PID/task/TID/syscall unreadable: the scheduler state is read
    ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)

def burn(ns):
    end = time.thread_time_ns() + ns
    while time.thread_time_ns() < end:
        pass

def populate(size):  # in the kernel, deaf to SIGSTOP, for tens of ms
    mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | mmap.MAP_POPULATE).close()

def reply(message):
    os.write(reply_fd, (json.dumps(message) + "\\n").encode())

for line in commands:
    cmd = json.loads(line)["cmd"]
    if cmd == "prepare":
        reply({"status": "ok"})
        while act.get("until_go") and not select.select([commands], [], [], 0)[0]:
            burn(100_000)  # the window's answers, worked out before `go`
    elif cmd == "go":
        if act.get("on_a_thread"):  # a thread that has ended by `done`
            t = threading.Thread(target=burn, args=(act["go_ns"],))
            t.start()
            t.join()
        else:
            burn(act["go_ns"])
        reply({"status": "ok", "outputs": []})
        if act.get("after_done_populate"):
            populate(act["after_done_populate"])
    elif cmd == "check":
        reply({"status": "ok"})
        if act.get("after_check_populate"):  # still running when stopped for a baseline's window
            populate(act["after_check_populate"])
    else:
        break
"""
MS = 1_000_000
POPULATE = 128 << 20  # about 60 ms of the kernel zeroing pages (more on a loaded machine)


@pytest.fixture
def timer(tmp_path, monkeypatch):
    """make(candidate, baseline) -> a Timer over two stand-in workers pinned to one core."""
    (tmp_path / "judge.py").write_text(STANDIN)
    monkeypatch.setattr(supervisor, "HERE", str(tmp_path))
    workers = []

    def make(candidate: dict, baseline: dict | None = None, threads: int = 1) -> supervisor.Timer:
        cores = {max(os.sched_getaffinity(0))}
        config = {"timing": {}, "threads": 1, "device": "cpu"}
        base = supervisor.Worker("baseline", cores, {**config, "standin": baseline or {"go_ns": MS}})
        workers.append(base)
        cand = supervisor.Worker("candidate", cores, {**config, "standin": candidate})
        workers.append(cand)
        return supervisor.Timer(config, base, cand, ["eager"], cores, threads_after_import=threads)

    yield make
    for worker in workers:
        worker.kill()


def test_the_clock_that_starts_a_window_is_read_while_the_candidate_is_stopped(timer, monkeypatch):
    """The candidate keeps working after it answered `prepare`, on inputs it now has, until
    `go`. The supervisor used to wait up to its 25 ms patience for it to leave its core before
    reading the clock that starts the window, then read it with the candidate still running:
    all that work was untimed (8 ms of it after each `prepare`: windows measured 2.5 ms of the
    9 ms worked, median at load 15). The worker is now stopped first: only the moments before
    the stop lands escape (about 1 ms at load 15, the supervisor's wake-up)."""
    t = timer({"go_ns": MS, "until_go": True})
    cand = t.candidate.pid
    states = []
    read = supervisor.cpu_clock_ns

    def watched(pid: int) -> int:
        if pid == cand:  # running, unless stopped or about to be (preempted with SIGSTOP pending)
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            with open(f"/proc/{pid}/status") as f:
                pending = int(next(line for line in f if line.startswith("ShdPnd:")).split()[1], 16)
            states.append("R" if state == "R" and not pending >> (signal.SIGSTOP - 1) & 1 else state)
        return read(pid)

    monkeypatch.setattr(supervisor, "cpu_clock_ns", watched)
    for _ in range(3):
        t.window("candidate", 1, sample=False)
    starts, ends = states[1::3], states[2::3]  # each window: before `prepare`, at `go`, after `done`
    assert len(states) == 9 and "R" not in starts + ends, f"the candidate's state at each reading: {states}"


def test_a_candidate_in_the_kernel_is_stopped_before_a_baseline_window(timer):
    """The candidate enters a long system call (populating a mapping, which SIGSTOP does not
    interrupt) as its window ends: it used to run on the pinned core through the baseline's
    next window (its wall time up to 40x, its CPU time up to 1.3x through the caches)."""
    t = timer({"go_ns": MS, "after_check_populate": POPULATE})
    cand = t.candidate.pid
    on_core_at_go = []
    send = t.baseline.send

    def watched(message: dict) -> None:
        if message.get("cmd") == "go":
            on_core_at_go.append(any(supervisor._on_core(cand, tid) for tid in os.listdir(f"/proc/{cand}/task")))
        send(message)

    t.baseline.send = watched
    for _ in range(3):
        t.window("candidate", 1, sample=False)
        t.window("eager", 1, sample=False)
    assert on_core_at_go == [False] * 3


def test_a_candidate_that_does_not_stop_is_rejected(timer, monkeypatch):
    monkeypatch.setattr(supervisor, "STOP_PATIENCE_NS", MS)
    t = timer({"go_ns": MS, "after_check_populate": POPULATE})
    with pytest.raises(supervisor.CandidateFault) as fault:
        for _ in range(4):  # the stop may land before the system call starts: rarely, not 4 times
            t.window("candidate", 1, sample=False)
            t.window("eager", 1, sample=False)
    assert fault.value.category == "not_stopped"


def test_a_candidate_in_the_kernel_after_done_is_not_timed_faster(timer):
    """In the kernel past the patience after `done`: the reading is then late by up to a tick
    of that system call, but the window's work was ticked into the clock before it; the
    window measures at least its work, or is refused (more CPU than wall time)."""
    t = timer({"go_ns": 2 * MS, "after_done_populate": POPULATE})
    for _ in range(3):
        try:
            cpu = t.window("candidate", 1, sample=False)[1]
        except supervisor.CandidateFault as fault:
            assert fault.category == "extra_threads"
            continue
        assert cpu >= 2 * MS


@pytest.mark.parametrize("standin", [{"non_dumpable": True}, {"on_a_thread": True}],
                         ids=["non-dumpable", "work-on-a-thread-that-ended"])
def test_every_window_is_counted_whole(timer, standin):
    """Many 1 ms windows on both sides; none may measure less than the work it did. A
    non-dumpable worker (the baseline always is; a candidate's native code could make itself
    one) is read through its scheduler state; a thread's time is in the clock once it ended."""
    # (a thread that has ended may still be listed a moment after its join: counted as allowed)
    t = timer({"go_ns": MS, **standin}, {"go_ns": MS, **standin}, threads=2)
    short = []
    for _ in range(150):
        for side in ("eager", "candidate"):
            cpu = t.window(side, 1, sample=False)[1]
            if cpu < MS:
                short.append((side, cpu))
    assert not short, f"windows measured less than their 1 ms: {short[:5]}"
