"""The generic hostile battery: attacks every suite must resist, written once.

A hostile candidate attacks the machine that judges it, whatever the suite: it forks without
end, eats memory, floods its output, writes outside its work folder, deletes files, opens
network connections, leaves a process behind, kills other processes, reads secrets from the
environment, or reads the task's hidden files. Most of these are shell commands, and a fork
bomb is the same fork bomb in any language; so each attack is written here once, as a shell
command, and a suite's `HostileTemplate` only says how its candidate language reaches a shell
(Python's `subprocess`, Verilog's `$system`, an `execve` system call in assembly) and how a
few attacks are written natively in it (an output flood from a `$display` loop, a memory bomb
from a huge array, an include of the hidden reference).

Every case is built on one of the task's known-wrong candidates: the attack is added to code
that fails, so no contained attack can earn a `pass`, and a `pass` can only mean the attack
changed the verdict. The battery (tests/test_adversarial.py, `chipbench tasks check`) then
checks both the verdict and the machine: the markers the attacks leave (`MARKER` in file
names and process command lines, a connection to `NETWORK_PORT`, `CANARY_ENV`'s value in
any output) must be nowhere.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from chipbench.core import Task
from chipbench.evaluators._base import HostileCase

MARKER = "chipbench-hostile"
"""In every file name an attack writes and every process it leaves, so a check finds them."""
NETWORK_PORT = 47613
"""The port the network attacks call on the host (the battery listens there)."""
CANARY_ENV = "CHIPBENCH_CANARY_API_KEY"
"""A secret-looking variable the battery sets in the harness's environment: its value must
never show up in a verdict, a log, a record or a report."""
OUTSIDE_DIRS = ("/", "/tmp", "/var/tmp", "/dev/shm", "/root", "/etc", "/usr/local/bin", "$HOME", "..", "../..")
"""Where the write-outside attack tries to leave a file."""
MEMORY_BOMB_GIB = 6
"""Above the sandbox's default memory limit (4 GiB), so that limit must stop it; below what a
small CI machine has, because the kernel judge allows 16 GiB and would let it run: bounded so
that the battery cannot take a shared machine down if a limit is missing."""
MIN_CASES = 10
"""The fewest generic cases a suite may ship (`tasks check` fails a suite with fewer)."""


@dataclass(frozen=True)
class Attack:
    """One generic attack: its class (`HostileCase.attack`) and, where a shell can do it, the
    command (POSIX sh, bounded so that it ends even where nothing stops it)."""

    name: str
    description: str
    shell: str | None = None
    slow: bool = False
    """Ends only at a wall-clock limit (seconds per case): kept out of the default CI set."""


def _outside_writes() -> str:
    return "; ".join(f'echo pwned > "{d}/{MARKER}-file" 2>/dev/null' for d in OUTSIDE_DIRS) + \
        f'; cp /bin/sh "$(dirname "$(command -v python3)")/{MARKER}-file" 2>/dev/null; true'


_PY_NETWORK = (
    "import socket\n"
    f"for addr in [('127.0.0.1', {NETWORK_PORT}), ('172.17.0.1', {NETWORK_PORT}), ('1.1.1.1', 53), ('8.8.8.8', 53)]:\n"
    "    try:\n"
    "        socket.create_connection(addr, timeout=2).close()\n"
    "        print('connected', addr)\n"
    "    except OSError as exc:\n"
    "        print('no route', addr, exc)\n"
    "try:\n"
    "    print(socket.getaddrinfo('example.com', 80))\n"
    "except OSError as exc:\n"
    "    print('no dns', exc)\n"
)

ATTACKS: tuple[Attack, ...] = (
    Attack("fork-bomb", "forks without end (bounded at 2^15 processes where nothing stops it)",
           "b() { if [ $1 -gt 0 ]; then b $(($1-1)) & b $(($1-1)); wait; fi; }; b 15 >/dev/null 2>&1; true"),
    Attack("memory-bomb", f"touches {MEMORY_BOMB_GIB} GiB of memory, in 128 MiB blocks, unless something stops it first",
           f"python3 -c 'x = []\nfor _ in range({MEMORY_BOMB_GIB * 8}): x.append(b\"\\1\" * (1 << 27))' 2>&1 | tail -c 300; true"),
    Attack("output-flood", "prints 1 GiB", "head -c 1073741824 /dev/zero | tr '\\0' x; true"),
    Attack("write-outside", "writes files outside its work folder (/, /tmp, the home, the Python runtime)",
           _outside_writes()),
    Attack("delete-files", "deletes its work folder, /tmp, the home and the harness's own installed code",
           'rm -rf ./* ./.[!.]* /tmp/* "$HOME"/* 2>/dev/null; '
           'rm -rf "$(python3 -c "import os, chipbench; print(os.path.dirname(chipbench.__file__))" 2>/dev/null)" '
           "2>/dev/null; true"),
    Attack("network", f"connects to the host (port {NETWORK_PORT}), the internet and DNS",
           "python3 - <<'EOF'\n" + _PY_NETWORK + "EOF\ntrue"),
    Attack("stray-process", "leaves a detached process behind (double fork, new session)",
           f"(setsid sh -c 'sleep 600; : {MARKER}-stray' >/dev/null 2>&1 </dev/null &) ; "
           f"(nohup sh -c 'sleep 600; : {MARKER}-stray' >/dev/null 2>&1 </dev/null &) ; true"),
    Attack("kill-processes", "kills every process it can signal, the judge included",
           "kill -9 -1 2>/dev/null; pkill -9 -f pytest 2>/dev/null; pkill -9 -f chipbench 2>/dev/null; "
           "kill -9 1 2>/dev/null; true"),
    Attack("read-secrets", "prints the environment, every readable process environment and credential files",
           "env; for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < \"$f\" 2>/dev/null; done; "
           "cat \"$HOME\"/.ssh/id_* \"$HOME\"/.aws/credentials \"$HOME\"/.netrc \"$HOME\"/.docker/config.json "
           "/root/.ssh/id_* /root/.netrc 2>/dev/null; true"),
    Attack("read-hidden", "reads the task's hidden reference through the language's include mechanism"),
    Attack("endless-loop", "never returns", "while :; do :; done", slow=True),
)


def attack(name: str) -> Attack:
    return next(a for a in ATTACKS if a.name == name)


class HostileTemplate(ABC):
    """How one suite's candidate language carries the generic attacks."""

    @abstractmethod
    def base(self) -> dict[str, str]:
        """The files an attack is added to: a known-wrong candidate of the task."""

    @abstractmethod
    def shell(self, command: str) -> dict[str, str] | None:
        """`base()` with code that runs `command` in a shell, or None where the language
        has no way to start a program at all."""

    def native(self) -> dict[str, list[dict[str, str]]]:
        """Attacks written in the language itself, by attack name (variants allowed)."""
        return {}

    fast: set[str] = set()
    """Attacks that end at a wall-clock limit elsewhere but quickly in this language (an
    endless loop of machine code meets the instruction budget): kept in the default CI set."""

    not_applicable: dict[str, str] = {}
    """Attacks this language cannot express at all, each with the reason (shown by `tasks
    check`, so a gap is a visible decision, never an accident)."""


def generic_cases(task: Task, template: HostileTemplate) -> list[HostileCase]:
    """Every generic attack for `task`, in the template's language: the shell version where
    the language reaches a shell, and every native variant. An attack with neither and no
    stated reason is an error: a suite cannot quietly skip one."""
    cases: list[HostileCase] = []
    natives = template.native()
    for a in ATTACKS:
        variants: list[tuple[str, dict[str, str]]] = []
        if a.shell is not None and (files := template.shell(a.shell)) is not None:
            variants.append((f"{a.name}/shell", files))
        for i, files in enumerate(natives.get(a.name, [])):
            variants.append((f"{a.name}/native{'' if i == 0 else i + 1}", files))
        slow = a.slow and a.name not in template.fast
        if not variants and a.name not in template.not_applicable:
            raise ValueError(f"{type(template).__name__} carries no {a.name!r} attack and says not why")
        cases += [HostileCase(name=name, attack=a.name, files=files, slow=slow) for name, files in variants]
    return cases


def first_wrong(task: Task) -> dict[str, str]:
    """The task's first known-wrong candidate (every task ships one), limited to what it submits."""
    wrong = task.wrong_candidates()
    if not wrong:
        raise ValueError(f"{task.id}: no hidden/wrong/ candidate to build hostile cases on")
    files = next(iter(wrong.values()))
    return {f: files.get(f, "") for f in task.submit}
