"""The timing supervisor: the only process of the candidate step whose word the harness takes.

    python -I supervisor.py CONFIG.json

Stdlib only, no torch, no candidate code. It starts two workers (judge.py), each a fresh
Python process pinned to the same cores:
- `baseline`: builds the reference `Model` (and, with `compile`, the reference under
  torch.compile) and never imports a candidate file;
- `candidate`: imports model_new.py under the judge's in-process guards, runs the correctness
  trials (their outputs go to files the harness compares), then serves timed calls.

The candidate's process is told to start only once the baseline's is ready (model.py loaded,
models built), and this process and the baseline's make themselves non-dumpable first, so no
other process of the sandbox's uid can read or write their memory (ptrace, /proc/PID/mem).

Timing, all of it done here, from outside the workers' address spaces: for each window of
calls, a worker is told to prepare fresh inputs (fresh storage, contents from seeds drawn here
for that window, caches flushed), then `go`; the window's wall time is this process's clock
from `go` to the worker's `done`, and its CPU time is the worker's process CPU clock
(clock_gettime on the worker's pid, all its threads) read here at the same two moments, once
no thread of the worker is on a core (`settled_cpu_ns`). The worker is stopped (SIGSTOP) from
its answer to `prepare` until `go`: between the two it gets no more untimed time than this
process takes to stop it. The candidate's process is stopped whenever a baseline runs, so it
cannot steal the core from it, and a baseline's window starts only once it has stopped. After
each candidate window, the supervisor decides (reservoir sampling, so every timed call is
equally likely to be kept) whether to keep one of its outputs; the candidate learns which only
after the calls. At the end the baseline process computes the reference outputs for the kept
calls' seeds (and, where the trials had one, the float64 run's: the accuracy check holds for
timed calls too); the harness compares them (the files' hashes are in the result, which
carries the nonce only this process knows).

Checks made here on the candidate's process after every window: its CPU time never exceeds
the wall time the cores it was given allow, it has no more threads than after its import,
every thread's CPU affinity is still the cores it was given, and no other process of the
sandbox worked while the calls were timed.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import secrets
import signal
import subprocess
import sys
import time

PR_SET_DUMPABLE, PR_SET_PDEATHSIG = 4, 1
CPUCLOCK_SCHED = 2
SAMPLES = 4  # outputs of timed calls kept for the reference comparison
OTHERS_SLACK_NS = 30_000_000  # /proc counts in 10 ms ticks: three of them are noise
SETTLE_PATIENCE_NS = 25_000_000  # over a 10 ms tick (HZ=100): a thread on its core that long was ticked
STOP_PATIENCE_NS = 10_000_000_000  # a stopped thread that was preempted waits for a core: seconds at load 400
_libc = ctypes.CDLL(None, use_errno=True)
_clock = time.perf_counter_ns
_tick_ns = 10**9 // os.sysconf("SC_CLK_TCK")
HERE = os.path.dirname(os.path.abspath(__file__))


class CandidateFault(Exception):
    """The candidate's process broke a rule or failed; `category` names which."""

    def __init__(self, category: str, detail: str) -> None:
        super().__init__(detail)
        self.category = category
        self.detail = detail


class HarnessFault(Exception):
    """The judge's own side failed before any candidate code ran."""


def cpu_clock_ns(pid: int) -> int:
    """Process CPU time of `pid` (all its threads, ended ones included), ns, read from here.

    Read only through `settled_cpu_ns`: for another process, the kernel brings this clock up
    to date only when a thread of it leaves its core or at a scheduler tick, so read while the
    worker still runs (it has just written its reply and not yet gone back to its pipe) it
    lacks everything since, up to a whole window: one window in a few hundred measured 0 ns,
    and the next one that window's time."""
    return time.clock_gettime_ns(((~pid) << 3) | CPUCLOCK_SCHED)


def _on_core(pid: int, tid: str) -> bool:
    """Whether thread `tid` of `pid` may still be on a core. /proc/.../syscall answers "running"
    for a runnable thread and otherwise waits in the kernel until the thread is off its core,
    which is the moment its CPU time was brought up to date. Where this process may not read
    that file (the baseline made itself non-dumpable), the scheduler state in /proc/.../stat:
    it leaves R a few instructions before the thread leaves its core."""
    base = f"/proc/{pid}/task/{tid}"
    try:
        with open(f"{base}/syscall") as f:
            return f.read().startswith("running")
    except PermissionError:
        pass
    except OSError:
        return False  # the thread has ended
    try:
        with open(f"{base}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "R"
    except (OSError, IndexError):
        return False


def off_core(pid: int, patience_ns: int) -> bool:
    """Waits, at most `patience_ns`, until no thread of `pid` is on a core (or `pid` is gone);
    whether that happened."""
    deadline = _clock() + patience_ns
    while True:
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            return True  # gone
        if not any(_on_core(pid, tid) for tid in tids):
            return True
        if _clock() >= deadline:
            return False
        os.sched_yield()


def settled_cpu_ns(pid: int, patience_ns: int = SETTLE_PATIENCE_NS) -> int:
    """`pid`'s CPU clock once none of its threads is on a core. Waits at most `patience_ns`,
    longer than a scheduler tick: a thread that stays on its core that long (the worker's own
    doing) has been ticked meanwhile, which brought its time before the wait into the clock."""
    off_core(pid, patience_ns)
    return cpu_clock_ns(pid)


def others_cpu_ns(exclude: set[int]) -> int:
    """CPU time of every process in the sandbox's PID namespace but the judge's three, and of
    every child that has ended, in clock ticks (see the evaluator: work handed to another
    process would not show in the worker's CPU clock)."""
    ticks = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
        ticks += cutime + cstime + (0 if int(name) in exclude else utime + stime)
    return ticks * _tick_ns


class Worker:
    """One judge.py process and its two pipes (commands in, JSON replies out)."""

    def __init__(self, role: str, cores: set[int], config: dict) -> None:
        cmd_r, self.cmd_w = os.pipe()
        self.reply_r, reply_w = os.pipe()

        def pin() -> None:  # runs in the child before exec: cores, and death with this process
            os.sched_setaffinity(0, cores)
            _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

        self.role = role
        self.proc = subprocess.Popen([sys.executable, "-I", os.path.join(HERE, "judge.py"), role, str(cmd_r),
                                      str(reply_w)], pass_fds=(cmd_r, reply_w), stdin=subprocess.DEVNULL,
                                     preexec_fn=pin)
        os.close(cmd_r)
        os.close(reply_w)
        self.replies = os.fdopen(self.reply_r, "rb")
        self.stopped = False
        self.send(config)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def send(self, message: dict) -> None:
        if self.stopped:
            os.kill(self.pid, signal.SIGCONT)
            self.stopped = False
        try:
            os.write(self.cmd_w, (json.dumps(message) + "\n").encode())
        except OSError as exc:
            raise self._ended() from exc

    def recv(self) -> dict:
        line = self.replies.readline(1 << 20)
        if not line:
            raise self._ended()
        try:
            reply = json.loads(line)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            raise CandidateFault("protocol", f"the {self.role} process sent {line[:200]!r}, not a judge reply")
        if reply.get("status") == "error":
            if self.role == "candidate":
                raise CandidateFault(str(reply.get("category", "runtime_error")), str(reply.get("detail", "")))
            raise HarnessFault(f"the baseline process failed: {reply.get('detail', '')}")
        return reply

    def ask(self, message: dict) -> dict:
        self.send(message)
        return self.recv()

    def stop(self) -> None:
        if not self.stopped:
            os.kill(self.pid, signal.SIGSTOP)
            self.stopped = True

    def _ended(self) -> Exception:
        code: int | str | None = self.proc.poll()
        if code is None:
            try:
                code = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = "still running"
        if self.role == "candidate":
            return CandidateFault("runtime_error", f"the candidate's process ended (exit status {code})")
        return HarnessFault(f"the baseline process ended (exit status {code})")

    def kill(self) -> None:
        try:
            self.proc.kill()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            pass


class Timer:
    """Windows of calls on every side, timed here, with the candidate's process watched."""

    def __init__(self, config: dict, baseline: Worker, candidate: Worker, sides: list[str], cores: set[int],
                 threads_after_import: int) -> None:
        self.t = config["timing"]
        self.n = int(config["threads"])
        self.baseline, self.candidate = baseline, candidate
        self.sides = sides + ["candidate"]
        self.cores = cores
        self.threads = threads_after_import
        self.draw = secrets.SystemRandom()
        self.kept: list[tuple[int, bytes, list | None]] = []  # (seed, candidate output bytes, layout)
        self.device = config["device"]
        self.seen_windows = 0
        # CPU spent making inputs, per side (untimed, the same code on both sides): reported, not
        # judged: on a loaded machine it differed by 1.6x between two honest workers.
        self.prepare_cpu: dict[str, int] = {}

    def worker(self, side: str) -> Worker:
        return self.candidate if side == "candidate" else self.baseline

    def window(self, side: str, size: int, sample: bool) -> tuple[int, int]:
        """One window of `size` calls on `side`: (wall ns, CPU ns) of the calls only."""
        worker = self.worker(side)
        if side != "candidate":
            self.candidate.stop()  # the baseline is trusted and idle on its pipe meanwhile
            # SIGSTOP takes effect when a thread next leaves the kernel: one in a long system
            # call (populating a mapping ignores it) would share the pinned core, and pollute
            # the caches, through the baseline's window. Its windows start once it has stopped.
            if not off_core(self.candidate.pid, STOP_PATIENCE_NS):
                raise CandidateFault("not_stopped", f"a thread of the candidate's process was still on its core "
                                                    f"{STOP_PATIENCE_NS / 1e9:g} s after it was stopped "
                                                    "(work kept running in the kernel while a baseline was timed)")
        seeds = [self.draw.randrange(1, 2**31) for _ in range(size)]
        pid = worker.pid
        before = settled_cpu_ns(pid)
        worker.ask({"cmd": "prepare", "side": side, "seeds": seeds})
        # Stopped until `go` (send continues it): waiting for a worker that is still on its core
        # would otherwise give it up to the whole patience, untimed, to work on the inputs it
        # was just given. Every side, so each window carries the same cost of being continued.
        worker.stop()
        cpu0 = settled_cpu_ns(pid)
        self.prepare_cpu[side] = self.prepare_cpu.get(side, 0) + cpu0 - before
        wall0 = _clock()
        worker.send({"cmd": "go"})
        done = worker.recv()
        wall1 = _clock()
        if side == "candidate" and self.device == "cpu":
            worker.stop()  # at once: its outputs are read as they were when it said `done`
        cpu1 = settled_cpu_ns(pid)
        if side != "candidate" or not sample:
            worker.ask({"cmd": "check", "sample": None, "path": ""})
        else:
            self.keep(worker, seeds, done)
        if side == "candidate":
            self.watch(wall1 - wall0, cpu1 - cpu0)
        return wall1 - wall0, cpu1 - cpu0

    def keep(self, worker: Worker, seeds: list[int], done: dict) -> None:
        """Reservoir sampling over candidate windows: maybe keep one call's outputs. On the CPU
        they are read straight from the worker's memory, where its `done` said they are, while
        it is stopped: what counts is what existed when it said it was done, so work deferred
        past `done` cannot produce them. (A GPU's outputs are in device memory: there the
        worker saves the chosen call's outputs itself.)"""
        self.seen_windows += 1
        if len(self.kept) >= SAMPLES and self.draw.randrange(self.seen_windows) >= SAMPLES:
            worker.ask({"cmd": "check", "sample": None, "path": ""})
            return
        k = self.draw.randrange(len(seeds))
        if self.device == "cpu":
            data, layout = read_outputs(worker.pid, done, k, len(seeds))
            worker.ask({"cmd": "check", "sample": None, "path": ""})
        else:
            path = f"_samples/{secrets.token_hex(8)}.pt"
            worker.ask({"cmd": "check", "sample": k, "path": path})
            try:
                with open(path, "rb") as f:
                    data = f.read()
                os.unlink(path)
            except OSError as exc:
                raise CandidateFault("runtime_error", f"the output of a timed call was not saved: {exc}") from exc
            layout = None
        entry = (seeds[k], data, layout)
        if len(self.kept) < SAMPLES:
            self.kept.append(entry)
        else:
            self.kept[self.draw.randrange(SAMPLES)] = entry

    def watch(self, wall_ns: int, cpu_ns: int) -> None:
        pid = self.candidate.pid
        if cpu_ns > wall_ns * self.n * 1.05 + 2_000_000:
            raise CandidateFault("extra_threads", f"the candidate's process used {cpu_ns / 1e6:.2f} ms of CPU in "
                                                  f"{wall_ns / 1e6:.2f} ms: more than the {self.n} core(s) it was given")
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError as exc:
            raise CandidateFault("runtime_error", f"the candidate's process is gone: {exc}") from exc
        if len(tids) > self.threads:
            raise CandidateFault("extra_threads", f"the candidate's process has {len(tids)} threads while timed, "
                                                  f"{self.threads} after its import: it started threads of its own")
        for tid in tids:
            try:
                cores = os.sched_getaffinity(int(tid))
            except OSError:
                continue  # ended meanwhile
            if not cores <= self.cores:
                raise CandidateFault("affinity_changed", f"a thread of the candidate's process runs on cores "
                                                         f"{sorted(cores)}, not the {sorted(self.cores)} it was given")

    def run(self) -> dict:
        t = self.t
        warm: dict[str, list[int]] = {side: [] for side in self.sides}
        began, rounds = _clock(), 0
        while rounds < t["warmup"] or _clock() - began < t["warmup_s"] * 1e9:
            for side in self.sides:
                warm[side].append(self.window(side, 1, sample=False)[0])
            rounds += 1
        fastest = min(sorted(ns)[len(ns) // 2] for ns in warm.values())
        size = max(1, min(t["max_window"], -(-t["window_ns"] // max(fastest, 1))))
        for side in self.sides:  # grows each heap to hold a window's outputs, untimed
            self.window(side, size, sample=False)

        wall: dict[str, list] = {side: [] for side in self.sides}
        cpu: dict[str, list] = {side: [] for side in self.sides}
        exclude = {os.getpid(), self.baseline.pid, self.candidate.pid}
        began, calls, index, others = _clock(), 0, 0, others_cpu_ns(exclude)
        while calls < t["max_calls"]:
            shift = index % len(self.sides)
            for side in self.sides[shift:] + self.sides[:shift]:
                w, c = self.window(side, size, sample=True)
                wall[side].append(w)
                cpu[side].append(c)
            calls += size
            index += 1
            if calls >= t["min_calls"] and _clock() - began > t["budget_s"] * 1e9:
                break
        beside = others_cpu_ns(exclude) - others
        if beside > 0.01 * sum(map(sum, cpu.values())) + OTHERS_SLACK_NS:
            raise CandidateFault("side_process", f"other processes in the sandbox used {beside / 1e6:.0f} ms of CPU "
                                                 "while the calls were timed: work handed to a process of its own")
        return {"wall_ns": wall, "cpu_ns": cpu, "calls": size, "others_cpu_ns": beside,
                "threads": self.n, "prepare_cpu_ns": self.prepare_cpu}


DTYPES = {"float64": 8, "float32": 4, "float16": 2, "bfloat16": 2, "int64": 8, "int32": 4, "int16": 2, "int8": 1,
          "uint8": 1, "bool": 1, "complex64": 8, "complex128": 16}
MAX_SAMPLE_BYTES = 1 << 30


def read_outputs(pid: int, done: dict, k: int, calls: int) -> tuple[bytes, list]:
    """Call `k`'s outputs, read from the stopped worker's memory at the places its `done`
    reply named. A layout that does not describe plain CPU tensors is the candidate's fault."""
    outputs = done.get("outputs")
    if not isinstance(outputs, list) or len(outputs) != calls or not isinstance(outputs[k], list):
        raise CandidateFault("protocol", "the candidate's process did not say where its outputs are")
    layout, chunks = [], []
    try:
        with open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
            for meta in outputs[k]:
                if not isinstance(meta, dict) or meta.get("dtype") not in DTYPES:
                    raise CandidateFault("wrong_type", "an output of a timed call is not a plain CPU tensor")
                ptr, size = int(meta["ptr"]), int(meta["bytes"])
                shape, strides = [int(v) for v in meta["shape"]], [int(v) for v in meta["strides"]]
                if not 0 <= size <= MAX_SAMPLE_BYTES or len(shape) != len(strides) or min(shape, default=1) < 0:
                    raise CandidateFault("protocol", "an output's layout is not a tensor's")
                mem.seek(ptr)
                data = mem.read(size) if size else b""
                if len(data) != size:
                    raise CandidateFault("protocol", "an output's memory could not be read")
                chunks.append(data)
                layout.append({"dtype": meta["dtype"], "shape": shape, "strides": strides, "bytes": size})
    except (OSError, ValueError, TypeError, KeyError, OverflowError) as exc:
        raise CandidateFault("protocol", f"the output of a timed call could not be read: {exc}") from exc
    return b"".join(chunks), layout


def thread_count(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def pick_cores(n: int, leased: list[int] | None = None) -> set[int]:
    """The cores the harness leased for this evaluation (no other evaluation on the machine
    holds them), or, where none were leased or they are not ours to use, the last `n` this
    process may use. Both workers get the same ones."""
    allowed = sorted(os.sched_getaffinity(0))
    given = [c for c in leased or [] if c in allowed]
    return set(given[:n]) if len(given) >= n else set(allowed[-n:])


def supervise(config: dict) -> dict:
    n = int(config["threads"])
    cores = pick_cores(n, config.get("cores"))
    timing = config["timing"]
    worker_config = {k: v for k, v in config.items() if k != "nonce"}
    # Both start at once (their torch imports overlap); the candidate worker runs only judge
    # code until it is told to start, which happens once the baseline is ready.
    baseline = Worker("baseline", cores, worker_config) if timing["enabled"] else None
    candidate = None
    try:
        candidate = Worker("candidate", cores, worker_config)
        ready = baseline.recv() if baseline else {}
        baseline_threads = thread_count(baseline.pid) if baseline else 0
        candidate.recv()  # torch loaded, judge ready: candidate code comes next
    except BaseException:
        for worker in (candidate, baseline):
            if worker is not None:
                worker.kill()
        raise
    try:
        candidate.ask({"cmd": "start"})  # import, build, correctness trials
        if not timing["enabled"]:
            return {"status": "ok", "timing": None, "cores": sorted(cores)}
        assert baseline is not None  # started whenever timing is enabled
        threads = thread_count(candidate.pid)
        # On the CPU both workers run the same torch with the same settings, so any thread more
        # is the candidate's. On a GPU the candidate's toolchain (triton's runtime) may start
        # threads of its own at import; there only growth while timed counts.
        if config["device"] == "cpu" and threads > baseline_threads:
            raise CandidateFault("extra_threads", f"the candidate's process has {threads} threads after its import, "
                                                  f"the baseline's {baseline_threads}: it started threads of its own")
        sides = ["eager"] + (["torch.compile"] if ready.get("compiled") else [])
        timer = Timer(config, baseline, candidate, sides, cores, threads)
        report = timer.run()
        candidate.kill()  # nothing of the candidate runs while the reference outputs are made
        samples = []
        for k, (seed, data, layout) in enumerate(timer.kept):
            path, truth_path = f"_samples/ref_{k}.pt", f"_samples/truth_{k}.pt" if config.get("truth") else None
            baseline.ask({"cmd": "reference", "seed": seed, "path": path, "truth_path": truth_path})
            with open(path, "rb") as f:
                ref = f.read()
            truth = None
            if truth_path is not None:
                with open(truth_path, "rb") as f:
                    truth = f.read()
            samples.append((seed, ref, data, layout, truth))
        return {"status": "ok", "timing": {**report, **{k: v for k, v in ready.items() if k.startswith("compile")}},
                "samples": samples, "cores": sorted(cores)}
    except HarnessFault as fault:  # the candidate's process existed: whatever broke is its doing
        raise CandidateFault("runtime_error", f"{fault} while the candidate's process was running") from fault
    finally:
        for worker in (candidate, baseline):
            if worker is not None:
                worker.kill()


def write_result(config: dict, result: dict) -> None:
    """Sample files first, then result.json (with their hashes and the nonce), by rename."""
    os.makedirs("_samples", exist_ok=True)
    listed = []
    for k, (seed, ref, cand, layout, truth) in enumerate(result.pop("samples", None) or []):
        entry = {"seed": seed, "cand_layout": layout}
        for side, data in (("ref", ref), ("cand", cand), ("truth", truth)):
            if data is None:
                continue
            path = f"_samples/final_{side}_{k}.pt"
            with open(path, "wb") as f:
                f.write(data)
            entry[side], entry[f"{side}_sha256"] = path, hashlib.sha256(data).hexdigest()
        listed.append(entry)
    result["samples"] = listed
    result["nonce"] = config["nonce"]
    with open("result.json.tmp", "w") as f:
        f.write(json.dumps(result))
    os.replace("result.json.tmp", "result.json")


def main() -> None:
    path = sys.argv[1]
    with open(path) as f:
        config = json.load(f)
    os.unlink(path)  # the nonce and seeds: gone before any other process starts
    _libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    os.makedirs("_samples", exist_ok=True)
    try:
        result = supervise(config)
    except CandidateFault as fault:
        result = {"status": "error", "category": fault.category, "detail": fault.detail}
    except HarnessFault as fault:
        result = {"status": "harness_error", "detail": str(fault)}
    sys.stdout.flush()
    write_result(config, result)


if __name__ == "__main__":
    main()
