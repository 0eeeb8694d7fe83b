"""The one interface every sandbox backend implements: write files, read files, run commands."""

from __future__ import annotations

import resource
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath

from pydantic import BaseModel

from chipbench.core import ChipbenchError


class Limits(BaseModel):
    """Resource limits for one command. Defaults suit compile-and-simulate jobs."""

    wall_s: float = 60.0
    cpu_s: int = 60
    memory_mb: int = 4096
    max_procs: int = 128
    max_file_mb: int = 256
    max_output_bytes: int = 1 << 20
    gpu: bool = False
    """The command uses a GPU. A CUDA process reserves far more address space than it ever
    uses (hundreds of GB for unified addressing), so under an address-space limit it cannot even
    start; its memory is then bounded by its data segment (RLIMIT_DATA: private writable
    mappings, the heap included) instead. Other commands keep the address-space limit, which
    also covers shared anonymous mappings."""

    def memory_rlimit(self) -> tuple[int, int]:
        """(resource, bytes): the rlimit that bounds this command's memory."""
        kind = resource.RLIMIT_DATA if self.gpu else resource.RLIMIT_AS
        return kind, self.memory_mb * 1024 * 1024


class ExecResult(BaseModel):
    returncode: int | None
    stdout: str
    stderr: str
    wall_s: float
    timed_out: bool = False
    output_limited: bool = False
    """The command printed more than `max_output_bytes` and was stopped."""

    @classmethod
    def from_run(cls, rc: int | None, out: bytes, err: bytes, started: float, timed_out: bool,
                 output_limited: bool) -> "ExecResult":
        """What every backend reports for a finished command: a command stopped for time or
        for flooding has no return code, and a flood is said in its stderr."""
        if output_limited:
            err += b"\n[chipbench: output limit reached; command stopped]"
        return cls(
            returncode=None if (timed_out or output_limited) else rc,
            stdout=out.decode(errors="replace"),
            stderr=err.decode(errors="replace"),
            wall_s=time.monotonic() - started,
            timed_out=timed_out,
            output_limited=output_limited,
        )

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out and not self.output_limited

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


class SandboxError(ChipbenchError):
    """The sandbox itself could not do its job (a harness problem, not the candidate's)."""


def checked_relative(path: str) -> PurePosixPath:
    """Paths inside a sandbox are relative and never climb out of it."""
    p = PurePosixPath(path)
    if p.is_absolute() or ".." in p.parts or not p.parts:
        raise SandboxError(f"sandbox path {path!r} must be relative and stay inside the sandbox")
    return p


class Sandbox(ABC):
    """A private working directory where untrusted commands run under limits.

    Use as `async with sandbox:`; pools may call `start`/`close` themselves to reuse one.
    Backends are registered in the `chipbench.sandboxes` entry-point group and constructed as
    `Backend(hide=PATHS, toolchain=EVALUATOR_NAME)`: `hide` lists host paths commands must never
    read, `toolchain` names the evaluator whose tools they need (a backend may ignore it).
    Construction does no slow work and may raise SandboxError when the backend cannot run here.

    What every backend promises, and `chipbench.sandbox.conformance` tests (a third-party backend
    proves itself with `pytest --pyargs chipbench.sandbox.conformance`, see that package):
    paths stay inside the working directory, symlinks included; commands see no network, no
    hidden path, no secret of the harness's environment and no home directory of the user; each
    `Limits` field holds for the whole command, forked processes included; a cancelled `exec`
    kills its command; `close` leaves nothing of the candidate behind.
    """

    def __init__(self, hide: Sequence[Path] = (), toolchain: str | None = None) -> None:
        """How every backend is built (see above); this base keeps nothing."""

    @property
    def python(self) -> str:
        """The interpreter that runs evaluators' helper scripts (judges, parsers) inside: a
        backend with an environment of its own names its interpreter; the default is the
        harness's, which the local sandbox keeps visible."""
        return sys.executable

    @property
    def environment(self) -> str:
        """Names the tools and libraries commands see: what is built or measured in one sandbox
        (a compiled module, a probed include path) is reused only where this is the same."""
        return f"host:{sys.executable}"

    async def start(self) -> None:
        """Make the empty working directory ready for files and commands; a second call while
        started does nothing, and a closed sandbox may be started again (empty). The default
        has nothing to prepare.

        Raises:
            SandboxError: the environment cannot be made (no engine, an image missing, no uid
                left to lend), with what to do about it.
        """

    async def close(self) -> None:
        """Stop every process the commands left and remove what they and the harness wrote
        (a pool may keep the emptied environment for the next candidate). Safe to call twice
        and on a sandbox never started; it should not raise. The default has nothing to release."""

    async def __aenter__(self) -> "Sandbox":
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @abstractmethod
    async def write_file(self, path: str, content: str | bytes) -> None:
        """Write `content` (str as UTF-8, bytes as they are) to `path`, making its folders.

        Args:
            path: relative to the working directory, never leaving it (`checked_relative`).
            content: the file's whole content; an existing file is replaced.

        Raises:
            SandboxError: the sandbox is not started, `path` is absolute or climbs out, or a
                folder on the way is a symlink (a command may have planted one).
            OSError: the write failed (e.g. `path` itself is a symlink: never followed).
        """

    @abstractmethod
    async def read_file(self, path: str) -> bytes:
        """The bytes of `path` (relative to the working directory), as a command left it.

        Raises:
            SandboxError: the sandbox is not started, or `path` leaves the working directory
                (by its name or through a symlink a command made).
            OSError: no such file, or `path` is a symlink (never followed).
        """

    @abstractmethod
    async def exec(
        self, cmd: list[str], limits: Limits | None = None, env: dict[str, str] | None = None
    ) -> ExecResult:
        """Run one untrusted command in the working directory and wait for it.

        Args:
            cmd: argv, no shell unless the command is one; found on the sandbox's PATH.
            limits: wall clock, CPU time, memory, processes, file size and output for the whole
                command, children included (default: `Limits()`).
            env: variables added for this command; secrets (`chipbench.secrets`) are dropped.
                Nothing of the harness's own environment passes otherwise.

        Returns:
            The result: exit status, captured stdout/stderr (up to `max_output_bytes` in all),
            wall time, and `timed_out` / `output_limited` when a limit stopped the command (its
            return code then None; every process it started is killed). A command that fails or
            is killed by a CPU, memory or file-size limit is a result, not an exception.

        Raises:
            SandboxError: the sandbox is not started, or cannot run commands (a harness fault).
            asyncio.CancelledError: when the caller is cancelled; the command is killed first.
        """

    async def write_files(self, files: Mapping[str, str | bytes]) -> None:
        """`write_file` for each (path, content), in order."""
        for path, content in files.items():
            await self.write_file(path, content)
