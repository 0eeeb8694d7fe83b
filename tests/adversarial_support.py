"""The adversarial battery's parts: case folders (tests/adversarial/<suite>/<case>/case.toml),
running cases through a real run, and checking the machine is left as it was."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import os
import socket
import subprocess
import tempfile
import threading
import time
import tomllib
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

import chipbench
from chipbench.agents import render_files
from chipbench.candidate_edits import EDITS_FILE, CandidateEditError, CandidateEdits, materialise
from chipbench.core import ChipbenchError, RunRecord, Status, Task, read_tree
from chipbench.evaluators.hostile import CANARY_ENV, MARKER, NETWORK_PORT, OUTSIDE_DIRS

ROOT = Path(__file__).parent / "adversarial"
NEVER = {Status.PASS, Status.HARNESS_ERROR}


class CaseSpec(BaseModel):
    """The schema of `case.toml` (see tests/adversarial/README.md); unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    task: str
    suite: str | None = None
    attack_class: str = Field(alias="class")
    description: str
    expect: list[Status]
    category: str | None = None
    slow: bool = False
    needs_verilator: bool = False
    """Verilog: wrong only in a Verilator run (right on Icarus), so never run with Icarus alone."""

    @field_validator("task")
    @classmethod
    def _task_id(cls, v: str) -> str:
        if v.count("/") != 1 or not all(v.split("/")):
            raise ValueError(f"{v!r} must be a task id `suite/name`")
        return v

    @field_validator("expect")
    @classmethod
    def _never_accepted(cls, v: list[Status]) -> list[Status]:
        if not v:
            raise ValueError("must name at least one status")
        if bad := sorted(s.value for s in set(v) & NEVER):
            raise ValueError(f"{bad} can never be an acceptable verdict for a hostile candidate")
        return v


class CaseError(ChipbenchError):
    """A malformed case folder; the message names the folder and the field."""


@dataclass(frozen=True)
class BatteryCase:
    """One hostile candidate: a case folder or a suite's generic case."""

    name: str
    suite: str
    """The suite spec the task is loaded with (e.g. `cuda-kernels:cpu`)."""
    task: str
    files: dict[str, str]
    expect: frozenset[Status]
    category: str | None = None
    slow: bool = False


def load_case(folder: Path) -> BatteryCase:
    path = folder / "case.toml"
    try:
        spec = CaseSpec.model_validate(tomllib.loads(path.read_text()))
    except OSError as exc:
        raise CaseError(f"{path}: cannot be read ({exc})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CaseError(f"{path}: not valid TOML: {exc}") from None
    except ValidationError as exc:
        fields = "; ".join(f"field '{'.'.join(map(str, e['loc'])) or '<root>'}': {e['msg']}" for e in exc.errors())
        raise CaseError(f"{path}: {fields}") from None
    suite = spec.suite or spec.task.split("/")[0]
    # Byte for byte: reading as text would turn a lone CR into a newline, and some cases are
    # about exactly that (hls/cr-in-comment-hides-forged-verdict).
    files = {name: (folder / "files" / name).read_bytes().decode() for name in read_tree(folder / "files")}
    if not files:
        raise CaseError(f"{folder / 'files'}: missing or empty (the candidate's files)")
    if EDITS_FILE in files:
        files = _edited(folder / "files", files, suite, spec.task)
    return BatteryCase(name=f"{folder.parent.name}/{folder.name}", suite=suite, task=spec.task, files=files,
                       expect=frozenset(spec.expect), category=spec.category, slow=spec.slow)


def _edited(where: Path, own: dict[str, str], suite: str, task_id: str) -> dict[str, str]:
    """A case declared as edits of a folder of its task's `hidden/` (`files/edits.toml`, the
    format of hidden candidates: chipbench.candidate_edits), so it holds only what makes it
    hostile and follows every change of the code it starts from. An edit that no longer
    applies is a CaseError, as it is a load error for a hidden candidate; so is a file in
    `files/` that the candidate would not carry (not listed in `own`)."""
    try:
        task = _task(suite, task_id)
    except ChipbenchError as exc:
        raise CaseError(f"{where / EDITS_FILE}: its task {task_id!r} ({suite}) cannot be loaded: {exc}") from None
    try:
        files = materialise(own, task.hidden_files, str(where))
    except CandidateEditError as exc:
        raise CaseError(str(exc)) from None
    listed = CandidateEdits.model_validate(tomllib.loads(own[EDITS_FILE])).own  # valid: materialise read it
    if unused := sorted(set(own) - {EDITS_FILE, *listed}):
        raise CaseError(f"{where / EDITS_FILE}: field 'own': {unused} are in the folder but not listed, "
                        "so the candidate would not carry them")
    return files


@functools.cache
def _task(suite_spec: str, task_id: str) -> Task:
    """A task as the runner loads it for `suite_spec` (e.g. `cuda-kernels:cpu`)."""
    from chipbench.runner import resolve_suites

    (suite,) = resolve_suites([suite_spec])
    (task,) = suite.load([task_id.split("/", 1)[1]])
    return task


def case_folders(root: Path = ROOT) -> list[Path]:
    return sorted(p.parent for p in root.glob("*/*/case.toml"))


def generic_cases(suite_specs: list[str]) -> list[BatteryCase]:
    """Each suite's generic hostile cases on its first task, as `tasks check` runs them."""
    from chipbench.runner import resolve_suites
    from chipbench.registry import evaluators

    cases = []
    for spec in suite_specs:
        (suite,) = resolve_suites([spec])
        task = sorted(suite.load(), key=lambda t: t.id)[0]
        for h in evaluators.get(suite.evaluator)().hostile_cases(task):
            cases.append(BatteryCase(name=f"{spec}/generic/{h.name}", suite=spec, task=task.id, files=h.files,
                                     expect=h.expect, slow=h.slow))
    return cases


@dataclass
class Outcome:
    case: BatteryCase
    record: RunRecord | None

    @property
    def problem(self) -> str | None:
        if self.record is None:
            return "no record (the run lost it)"
        v = self.record.verdict
        if v.status is Status.PASS:
            return "ACCEPTED (pass)"
        if v.status is Status.HARNESS_ERROR:
            return f"harness_error: {v.reason[:200]}"
        if v.status not in self.case.expect:
            return f"got {v.status.value}, expected one of {sorted(s.value for s in self.case.expect)}: {v.reason[:200]}"
        if self.case.category and v.category != self.case.category:
            return f"category {v.category!r}, expected {self.case.category!r}: {v.reason[:200]}"
        return None


@dataclass
class BatteryRun:
    outcomes: list[Outcome]
    run_dirs: list[Path]
    in_memory: list[str]
    """Every record as the runner made it, before the store redacted secrets from it: a
    secret here came out of a sandbox (its logs are the candidate's output)."""


def run_cases(cases: list[BatteryCase], sandbox: str, work: Path, jobs: int = 2) -> BatteryRun:
    """Every case through `chipbench run` as users run it: a replay model answers with the
    case's files (rendered as a model would reply), one run per (suite, task), each case a
    sample."""
    from chipbench.runner import RunConfig, run

    groups: dict[tuple[str, str], list[BatteryCase]] = {}
    for case in cases:
        groups.setdefault((case.suite, case.task), []).append(case)
    outcomes: list[Outcome] = []
    run_dirs = []
    in_memory: list[str] = []
    for i, ((suite, task), members) in enumerate(sorted(groups.items())):
        replies = work / f"replies-{i}.jsonl"
        replies.write_text("".join(json.dumps({"task": task, "sample": n, "reply": render_files(c.files)}) + "\n"
                                   for n, c in enumerate(members)))
        run_dir = work / f"run-{i}"
        run_dirs.append(run_dir)
        config = RunConfig(suites=[suite], tasks=[task], model=f"replay:{replies}", samples=len(members),
                           jobs=jobs, run_dir=run_dir, sandbox=sandbox, cache=False)
        store = asyncio.run(run(config, on_record=lambda r: in_memory.append(r.model_dump_json())))
        by_sample = {r.sample: r for r in _records(store.dir)}
        outcomes += [Outcome(c, by_sample.get(n)) for n, c in enumerate(members)]
    return BatteryRun(outcomes, run_dirs, in_memory)


def _records(run_dir: Path) -> list[RunRecord]:
    from chipbench.leaderboards.store import load_records

    return load_records(run_dir)


# -- the machine, before and after ---------------------------------------------------------------

def _cmdlines() -> dict[int, str]:
    procs = {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                procs[int(p.name)] = (p / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                pass
    return procs


def descendants(pid: int) -> set[int]:
    """Every live process below `pid`."""
    children: dict[int, list[int]] = {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit():
            try:
                ppid = int((p / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(p.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _mount_points() -> set[str]:
    return {line.split()[4] for line in Path("/proc/self/mountinfo").read_text().splitlines()}


def _package_digest() -> str:
    root = Path(chipbench.__file__).parent
    h = hashlib.sha256()
    for p in sorted(root.rglob("*.py")):
        if "__pycache__" not in p.parts:
            h.update(p.relative_to(root).as_posix().encode() + p.read_bytes())
    return h.hexdigest()


def outside_paths() -> list[Path]:
    """Where the write-outside attacks aim, as this machine names them."""
    home = str(Path.home())
    dirs = [Path(d.replace("$HOME", home)) for d in OUTSIDE_DIRS if not d.startswith("..")]
    import sys

    return [d / f"{MARKER}-file" for d in [*dirs, Path(sys.executable).parent, Path(os.path.expanduser("~"))]]


class Listener:
    """Accepts connections on the port the network attacks call, and counts them."""

    def __init__(self) -> None:
        self.accepted: list[str] = []
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("0.0.0.0", NETWORK_PORT))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, addr = self.sock.accept()
            except OSError:
                continue
            self.accepted.append(str(addr))
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.sock.close()


@dataclass
class Machine:
    """What the battery must leave as it found it. `snapshot` before, `problems` after."""

    sentinel: subprocess.Popen | None = None
    listener: Listener | None = None
    before_children: set[int] = field(default_factory=set)
    before_mounts: set[str] = field(default_factory=set)
    before_marked: set[int] = field(default_factory=set)
    package: str = ""
    tmp: Path | None = None
    saved_tempdir: str | None = None
    canary: str = ""

    def snapshot(self) -> "Machine":
        self.canary = f"canary-{uuid.uuid4().hex}"
        os.environ[CANARY_ENV] = self.canary
        self.sentinel = subprocess.Popen(["sleep", "3600"], start_new_session=True)
        self.listener = Listener()
        self.before_children = descendants(os.getpid())
        self.before_mounts = _mount_points()
        self.before_marked = {pid for pid, cmd in _cmdlines().items() if MARKER in cmd}
        self.package = _package_digest()
        # Sandboxes' work folders go to a private temp folder, so what is left there is ours.
        self.tmp = Path(tempfile.mkdtemp(prefix="battery-tmp-"))
        self.saved_tempdir = tempfile.tempdir
        tempfile.tempdir = str(self.tmp)
        for path in outside_paths():
            assert not path.exists(), f"{path} exists before the battery ran: remove it"
        return self

    def problems(self) -> list[str]:
        """Everything the battery left behind, with the pool's containers shut down first."""
        from chipbench.sandbox.docker._pool import POOL, BOX_PREFIX, owner_id

        tempfile.tempdir = self.saved_tempdir
        found = []
        POOL.shutdown()
        try:
            from chipbench.sandbox.docker._engine import client
            from chipbench.sandbox.docker._pool import OWNER_LABEL

            deadline = time.monotonic() + 30  # containers remove themselves once stopped
            while (left := client().containers.list(all=True, filters={"label": f"{OWNER_LABEL}={owner_id()}"})) \
                    and time.monotonic() < deadline:
                time.sleep(0.5)
            found += [f"container {c.short_id} left running" for c in left]
        except Exception:  # noqa: BLE001 - no engine: no containers
            pass
        if self.sentinel.poll() is not None:
            found.append("a process outside the sandbox (the sentinel) was killed")
        self.sentinel.kill()
        self.sentinel.wait()
        stray = descendants(os.getpid()) - self.before_children
        found += [f"process {pid} left behind: {_cmdlines().get(pid, '?')[:120]}" for pid in sorted(stray)]
        marked = {pid: cmd for pid, cmd in _cmdlines().items() if MARKER in cmd and pid not in self.before_marked}
        found += [f"hostile process {pid} still running: {cmd[:120]}" for pid, cmd in marked.items()]
        tag = owner_id().replace(":", "_")
        new_mounts = _mount_points() - self.before_mounts
        found += [f"mount {m} left behind" for m in sorted(new_mounts)
                  if tag in m or not (m.startswith(("/var/lib/docker", "/run/docker", "/run/netns"))
                                      or BOX_PREFIX in m)]
        found += [f"box {p} left behind" for p in Path("/dev/shm").glob(f"{BOX_PREFIX}{tag}-*")]
        found += [f"{p} written outside the sandbox" for p in outside_paths() if p.exists()]
        left = [p for p in self.tmp.iterdir() if p.name.startswith("chipbench-sbx-")]
        found += [f"sandbox folder {p} left behind" for p in left]
        if _package_digest() != self.package:
            found.append("chipbench's installed code was changed")
        self.listener.close()
        found += [f"a sandboxed command connected to the host from {a}" for a in self.listener.accepted]
        os.environ.pop(CANARY_ENV, None)
        return found


def leaked_canary(canary: str, run_dirs: list[Path]) -> list[str]:
    """Files of the runs that hold the canary secret's value."""
    return [str(p) for d in run_dirs for p in d.rglob("*") if p.is_file() and canary.encode() in p.read_bytes()]
