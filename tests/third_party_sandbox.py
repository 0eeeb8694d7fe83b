"""A sandbox backend as a third party would write one, outside chipbench, on its public API only
(`chipbench.sandbox`): plain subprocesses under util-linux `unshare` (no network, private PID,
mount and /tmp, masked home and hidden paths) and rlimits, as an unprivileged uid when run as
root. tests/test_sandbox_third_party.py holds it to chipbench's shipped conformance suite.

`LeakyEnvironmentSandbox` breaks one promise (the host's environment reaches commands), to show
the suite fails a backend that does not keep it.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import resource
import shlex
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path, PurePosixPath

from chipbench.sandbox import ExecResult, Limits, Sandbox, SandboxError

UIDS = range(62000, 62064)
"""Unprivileged uids this backend lends its sandboxes when run as root (root ignores process limits)."""


def _lease_uid() -> tuple[int, int] | None:
    if os.geteuid() != 0:
        return None
    for uid in UIDS:
        fd = os.open(f"/var/tmp/third-party-sandbox-{uid}.lock", os.O_CREAT | os.O_RDWR | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return uid, fd
        except BlockingIOError:
            os.close(fd)
    raise SandboxError("no free uid")


class ThirdPartySandbox(Sandbox):
    def __init__(self, hide=(), toolchain: str | None = None) -> None:
        self.hide = [Path(h).resolve() for h in hide if Path(h).exists()]
        self.root: Path | None = None
        self.lease: tuple[int, int] | None = None

    async def start(self) -> None:
        if self.root is None:
            self.lease = _lease_uid()
            self.root = Path(tempfile.mkdtemp(prefix="third-party-sbx-", dir="/var/tmp"))
            if self.lease:
                os.chown(self.root, self.lease[0], self.lease[0])

    async def close(self) -> None:
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
            shutil.rmtree(self._stage(), ignore_errors=True)
            self.root = None
        if self.lease:
            os.close(self.lease[1])
            self.lease = None

    def _stage(self) -> Path:
        """Where the Python runtime is bound aside while the home is masked (when it lives there)."""
        assert self.root is not None
        return self.root.with_name(self.root.name + ".stage")

    def _path(self, path: str) -> Path:
        if self.root is None:
            raise SandboxError("sandbox not started")
        p = PurePosixPath(path)
        if p.is_absolute() or ".." in p.parts or not p.parts:
            raise SandboxError(f"{path!r} is outside the sandbox")
        return self.root / p

    async def write_file(self, path: str, content: str | bytes) -> None:
        target = self._path(path)
        for folder in reversed(target.relative_to(self.root).parents[:-1]):
            if (self.root / folder).is_symlink():
                raise SandboxError(f"{path!r}: {folder} is a symlink")
            (self.root / folder).mkdir(exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(content.encode() if isinstance(content, str) else content)
        if self.lease:
            for made in [target, *target.relative_to(self.root).parents[:-1]]:
                os.chown(self.root / made, self.lease[0], self.lease[0])

    async def read_file(self, path: str) -> bytes:
        target = self._path(path)
        if not target.parent.resolve().is_relative_to(self.root):
            raise SandboxError(f"{path!r} points outside the sandbox")
        fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as f:
            return f.read()

    def environment_for(self, env: dict[str, str] | None) -> dict[str, str]:
        secret = ("KEY", "TOKEN", "SECRET", "PASSWORD")
        extra = {k: v for k, v in (env or {}).items() if not any(s in k.upper() for s in secret)}
        return {"PATH": f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp",
                "LANG": "C.UTF-8", **extra}

    def _argv(self, cmd: list[str]) -> list[str]:
        """Mounts first (hidden paths, home, /tmp), then the uid drop, then the command."""
        home = Path.home().resolve()
        keep = [p for p in {Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve()} if p.is_relative_to(home)]
        stage = shlex.quote(str(self._stage()))  # mounted on in the command's namespace only
        mounts = [f"mount -t tmpfs none {shlex.quote(str(h))}" for h in self.hide]
        mounts += [f"mkdir -p {stage}/{i} && mount --bind {shlex.quote(str(p))} {stage}/{i}" for i, p in enumerate(keep)]
        mounts += [f"mount -t tmpfs none {shlex.quote(str(home))}", "mount -t tmpfs -o mode=1777 none /tmp"]
        mounts += [f"mkdir -p {shlex.quote(str(p))} && mount --bind {stage}/{i} {shlex.quote(str(p))}"
                   for i, p in enumerate(keep)]
        drop = ([] if self.lease is None else
                ["setpriv", f"--reuid={self.lease[0]}", f"--regid={self.lease[0]}", "--clear-groups", "--no-new-privs"])
        user = [] if os.geteuid() == 0 else ["--map-root-user"]
        return ["unshare", *user, "--net", "--mount", "--pid", "--fork", "--kill-child", "--mount-proc", "--",
                "sh", "-c", " && ".join(mounts) + ' && exec "$@"', "sh", *drop, *cmd]

    async def exec(self, cmd: list[str], limits: Limits | None = None,
                   env: dict[str, str] | None = None) -> ExecResult:
        if self.root is None:
            raise SandboxError("sandbox not started")
        limits = limits or Limits()

        def rlimits() -> None:
            resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_s, limits.cpu_s + 1))
            kind, memory = limits.memory_rlimit()
            resource.setrlimit(kind, (memory, memory))
            resource.setrlimit(resource.RLIMIT_FSIZE, (limits.max_file_mb << 20,) * 2)
            resource.setrlimit(resource.RLIMIT_NPROC, (limits.max_procs,) * 2)

        started = time.monotonic()
        proc = await asyncio.create_subprocess_exec(
            *self._argv(cmd), cwd=self.root, env=self.environment_for(env), stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, start_new_session=True,
            preexec_fn=rlimits)
        seen = 0
        flooded = asyncio.Event()

        async def read(stream) -> bytes:
            nonlocal seen
            kept = b""
            while chunk := await stream.read(65536):
                kept += chunk[:max(0, limits.max_output_bytes - seen)]
                seen += len(chunk)
                if seen > limits.max_output_bytes:
                    flooded.set()
            return kept

        def kill() -> None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        readers = asyncio.gather(read(proc.stdout), read(proc.stderr))
        flood = asyncio.ensure_future(flooded.wait())
        try:
            done, _ = await asyncio.wait({readers, flood}, timeout=limits.wall_s, return_when=asyncio.FIRST_COMPLETED)
            timed_out = not done
            if timed_out or flooded.is_set():
                kill()
            out, err = await readers
            rc = await proc.wait()
        except asyncio.CancelledError:
            kill()
            raise
        finally:
            flood.cancel()
        return ExecResult.from_run(rc, out, err, started, timed_out, flooded.is_set())


class LeakyEnvironmentSandbox(ThirdPartySandbox):
    """Breaks the contract: the harness's whole environment (API keys included) reaches commands."""

    def environment_for(self, env: dict[str, str] | None) -> dict[str, str]:
        return {**os.environ, **super().environment_for(env)}
