"""The generic hostile attacks (chipbench.evaluators.hostile) written as a kernel candidate.

A kernel candidate is Python (`model_new.py`, imported by the judge) and C++ (`kernel.cpp`,
built into an extension the judge loads): both can do anything a program can, so every
attack runs for real, at import time, inside the judge's sandbox. Shell attacks go through
`subprocess`; the native ones use Python itself (fork, memory, output, deleting the judge's
files, signals, sockets, the environment) and C++ static initialisers (a detached process),
and the hidden reference is pulled in with `#include`.
"""

from __future__ import annotations

from chipbench.core import Task
from chipbench.evaluators.hostile import CANARY_ENV, MARKER, MEMORY_BOMB_GIB, NETWORK_PORT, OUTSIDE_DIRS, HostileTemplate, first_wrong

PYTHON = "model_new.py"
CPP = "kernel.cpp"

_NATIVE_PY = {
    "fork-bomb": """
import os as _os
_child, _depth = False, 10
while _depth > 0:  # every process forks at each level left: 2^10, past the process limit
    _depth -= 1
    try:
        if _os.fork() == 0:
            _child = True
    except OSError:
        break
if _child:
    _os._exit(0)
""",
    "memory-bomb": f"""
_hog = []
for _ in range({MEMORY_BOMB_GIB * 8}):
    _hog.append(b"\\1" * (1 << 27))
""",
    "output-flood": """
import os as _os, sys as _sys
for _ in range(1024):
    _sys.stdout.write("x" * (1 << 20))
    _os.write(2, b"y" * (1 << 20))
""",
    "write-outside": f"""
import os as _os
for _d in {[d for d in OUTSIDE_DIRS if d != "$HOME"] + ["~"]!r}:
    try:
        with open(_os.path.join(_os.path.expanduser(_d), {MARKER + "-file"!r}), "w") as _f:
            _f.write("pwned")
    except OSError:
        pass
""",
    "delete-files": """
import os as _os, shutil as _shutil
for _name in _os.listdir("."):
    if _name != "model_new.py":
        _shutil.rmtree(_name, ignore_errors=True)
        try:
            _os.remove(_name)
        except OSError:
            pass
""",
    "network": f"""
import socket as _socket
for _addr in [("127.0.0.1", {NETWORK_PORT}), ("172.17.0.1", {NETWORK_PORT}), ("1.1.1.1", 53)]:
    try:
        _socket.create_connection(_addr, timeout=2).close()
        print("connected", _addr)
    except OSError as _exc:
        print("no route", _addr, _exc)
""",
    "stray-process": f"""
import subprocess as _sp
_sp.Popen(["sh", "-c", "sleep 600; : {MARKER}-stray"], start_new_session=True,
          stdin=_sp.DEVNULL, stdout=_sp.DEVNULL, stderr=_sp.DEVNULL)
""",
    "kill-processes": """
import os as _os, signal as _signal
for _pid in (_os.getppid(), 1, -1):
    try:
        _os.kill(_pid, _signal.SIGKILL)
    except OSError:
        pass
""",
    "read-secrets": f"""
import os as _os, glob as _glob
print(dict(_os.environ))
print(_os.environ.get({CANARY_ENV!r}))
for _path in _glob.glob("/proc/[0-9]*/environ"):
    try:
        print(open(_path, "rb").read().replace(b"\\0", b"\\n").decode(errors="replace"))
    except OSError:
        pass
""",
    "endless-loop": """
while True:
    pass
""",
}

# A static initialiser in the extension: runs when the judge loads it.
_STRAY_CPP = f"""
#include <unistd.h>
namespace {{
struct HxStray {{
  HxStray() {{
    if (fork() == 0) {{
      setsid();
      if (fork() == 0) {{
        execl("/bin/sh", "sh", "-c", "sleep 600; : {MARKER}-stray", (char*)nullptr);
      }}
      _exit(0);
    }}
  }}
}} hx_stray;
}}
"""


class KernelTemplate(HostileTemplate):
    def __init__(self, task: Task) -> None:
        self.task = task

    def base(self) -> dict[str, str]:
        return first_wrong(self.task)

    def _python_first(self, code: str) -> dict[str, str]:
        """The wrong candidate with `code` run when the judge imports it."""
        files = self.base()
        files[PYTHON] = code.strip("\n") + "\n\n" + files[PYTHON]
        return files

    def shell(self, command: str) -> dict[str, str]:
        return self._python_first("import subprocess as _sp\n"
                                  f"_sp.run(['sh', '-c', {command!r}], stdin=_sp.DEVNULL, timeout=60)\n")

    def native(self) -> dict[str, list[dict[str, str]]]:
        natives = {name: [self._python_first(code)] for name, code in _NATIVE_PY.items()}
        hidden = self.task.hidden_dir / self.task.reference_dir
        natives["read-hidden"] = [self._python_first(f"exec(open({str(hidden / PYTHON)!r}).read())\n")]
        if CPP in self.task.submit:  # backends whose candidates carry C++
            stray = self.base()
            stray[CPP] += _STRAY_CPP
            natives["stray-process"].append(stray)
            natives["read-hidden"].append({**self.base(), CPP: f'#include "{hidden / CPP}"\n'})
        return natives
