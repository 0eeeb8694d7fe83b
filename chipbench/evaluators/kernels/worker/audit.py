"""A Python audit hook (PEP 578) in the candidate's process: code cannot remove one.

Armed just before model_new.py is imported, it refuses, while any frame of model_new.py is
on the stack, the events through which Python code could do its work somewhere the op guard
does not look (a thread of its own, another process, native code through ctypes, an import
of numpy or any other compute library) or reach the judge's own state (the garbage
collector's object lists, replaced function code). The first refusal is kept in `violation`,
which the judge reports even if the candidate swallowed the exception.

The harness's check of model_new.py's source (imports, names, attributes) refuses all of these
before anything runs; this hook is the second line, for what that check cannot see.

A toolchain the candidate launches kernels through may do such things itself: Triton's JIT runs
ptxas and the C compiler (for its launcher) in subprocesses and imports its own modules when a
kernel is first launched on a GPU (every Triton reference was refused on an H200 before this).
An event is allowed when, walking out from where it was raised, a frame of a trusted
toolchain's own files comes before any frame of model_new.py: the candidate's own calls, and
callbacks it hands to the toolchain, are still refused."""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import FrameType

DENIED_EVENTS = frozenset({
    "_thread.start_new_thread", "os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.exec", "os.system",
    "os.kill", "os.killpg", "subprocess.Popen", "ctypes.dlopen", "ctypes.dlsym", "ctypes.dlsym/handle",
    "ctypes.cdata", "ctypes.call_function", "ctypes.addressof", "gc.get_objects", "gc.get_referrers",
    "gc.get_referents", "sys.setprofile", "sys.settrace", "code.__new__", "function.__new__", "socket.connect",
    "os.sched_setaffinity",
})
DENIED_SETATTR = frozenset({"__code__", "__globals__", "__defaults__", "__kwdefaults__", "__class__", "__dict__"})
DENIED_IMPORTS = frozenset({"numpy", "scipy", "numba", "jax", "cupy", "tensorflow", "ctypes", "_ctypes", "cffi",
                            "threading", "_thread", "concurrent", "multiprocessing", "subprocess", "_posixsubprocess",
                            "gc", "inspect", "signal", "mmap", "os", "sys", "importlib", "socket"})


TRUSTED_TOOLCHAINS = ("triton",)


def package_dir(name: str) -> str | None:
    """Where an installed package's files are, without importing it."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return os.path.realpath(list(spec.submodule_search_locations)[0]) + os.sep


class AuditGuard:
    def __init__(self, candidate_file: str, trusted: tuple[str, ...] = TRUSTED_TOOLCHAINS) -> None:
        self.candidate_file = candidate_file
        self.trusted_dirs = tuple(d for d in map(package_dir, trusted) if d)
        self.armed = False
        self.busy = False
        self.violation: str | None = None
        self._getframe = sys._getframe
        sys.addaudithook(self._hook)

    def arm(self) -> None:
        """From here on. Python before 3.13 raises no audit event when a thread starts, so
        every thread `threading` starts also reports itself through a profile function that
        runs in the new thread before its target."""
        self.armed = True
        threading.setprofile(self._thread_started)

    def _thread_started(self, frame, event, arg) -> None:
        sys.setprofile(None)
        if self.violation is None:
            self.violation = "model_new.py started a Python thread (forbidden: the kernel must do the work itself)"

    def _candidate_on_stack(self) -> bool:
        """The nearest frame that is model_new.py's or a trusted toolchain's is model_new.py's."""
        frame: FrameType | None = self._getframe(2)
        while frame is not None:
            filename = frame.f_code.co_filename
            if filename == self.candidate_file:
                return True
            if self.trusted_dirs and os.path.realpath(filename).startswith(self.trusted_dirs):
                return False
            frame = frame.f_back
        return False

    def _denied(self, event: str, args: tuple) -> str | None:
        if event in DENIED_EVENTS:
            return event
        if event == "import":
            name = str(args[0])
            if name.split(".")[0] in DENIED_IMPORTS:
                return f"import {name}"
        if event == "object.__setattr__" and len(args) >= 2 and args[1] in DENIED_SETATTR:
            return f"setting {args[1]}"
        return None

    def _hook(self, event: str, args: tuple) -> None:
        if not self.armed or self.busy:
            return
        self.busy = True  # sys._getframe raises an event of its own
        try:
            what = self._denied(event, args)
            if what is None or not self._candidate_on_stack():
                return
        finally:
            self.busy = False
        if self.violation is None:
            self.violation = f"model_new.py reached {what} (forbidden: the kernel must do the work itself)"
        raise PermissionError(self.violation)
