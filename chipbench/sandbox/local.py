"""The `local` sandbox: a temp directory, a throw-away uid, and Linux namespaces.

Commands run under bubblewrap (or `unshare` where bwrap is missing) with no network, a
private PID namespace (so killing the sandbox kills every process a candidate forked), the
paths in `hide` masked by empty tmpfs mounts, a cleared environment, and rlimits. Under
both the invoking user's home is masked too (credentials live there), and only what commands
need from it comes back read-only: the Python installation and chipbench's cache. When
chipbench runs as root, each sandbox borrows a uid of its own from a pool, because the
kernel never enforces the process-count limit on root.
"""

from __future__ import annotations

import asyncio
import os
import resource
import shlex
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from chipbench.locks import lease
from chipbench.paths import cache_dir, shared_cache_folder
from chipbench.secrets import without_secrets
from chipbench.sandbox._base import ExecResult, Limits, Sandbox, SandboxError
from chipbench.sandbox._hostdir import chown_to, read_from, write_into

_UID_BASE = 61000
_UID_POOL = 256
_UID_LOCKS = Path(tempfile.gettempdir()) / "chipbench-uids"

MOUNT_POINT = "/tmp/sandbox"  # under the private /tmp tmpfs: the root is read-only

HOST_VARIABLES = ("LD_LIBRARY_PATH", "CUDA_HOME", "CUDA_PATH", "CUDA_VISIBLE_DEVICES")
"""The only variables of chipbench's own environment a command sees (beside PATH): where this
machine's CUDA toolkit and driver libraries are and which GPUs are this run's. The sandbox runs
this machine's own tools, so it finds them as the user does; nothing else passes (API keys and
other secrets live in the environment)."""


def _host_path() -> str:
    """The Python chipbench runs on first (its torch is the one every build is checked against),
    then the user's PATH: nvcc in /usr/local/cuda/bin, a simulator under /opt, are found as in
    the user's shell."""
    return ":".join(dict.fromkeys([str(Path(sys.executable).parent),
                                   *os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin").split(":")]))


def _borrow_uid() -> tuple[int, int] | None:
    """A uid no other sandbox holds, in this process or any other chipbench process (two runs
    sharing a uid would share its process-count limit): each uid is leased by an exclusive
    lock on a file, released when the descriptor closes, also when a process dies."""
    if os.geteuid() != 0:
        return None
    got = lease(_UID_LOCKS, (str(uid) for uid in range(_UID_BASE, _UID_BASE + _UID_POOL)))
    if got is None:
        raise SandboxError(f"more than {_UID_POOL} local sandboxes open at once on this machine")
    (uid,), (fd,) = got
    return int(uid), fd


def available_backend() -> str | None:
    if shutil.which("bwrap"):
        return "bwrap"
    if shutil.which("unshare") and shutil.which("setpriv"):
        return "unshare"
    return None


class LocalSandbox(Sandbox):
    def __init__(self, hide: list[Path] | tuple[Path, ...] = (), backend: str | None = None,
                 expose: list[Path] | tuple[Path, ...] = (), writable: list[Path] | tuple[Path, ...] = (),
                 toolchain: str | None = None) -> None:
        """`expose`: extra paths to keep visible (read-only) inside a masked home; `writable`:
        paths bound writable, for trusted commands only (e.g. filling a build cache).
        `toolchain` (the evaluator served) is ignored: this machine's own tools are used."""
        self.backend = backend or available_backend()
        if self.backend is None:
            raise SandboxError(
                "the local sandbox needs bubblewrap or util-linux unshare: "
                "apt-get install bubblewrap (scripts/setup.sh installs it)"
            )
        self.hide = [Path(h).resolve() for h in hide if Path(h).exists()]
        shared_cache_folder()
        runtime = {sys.prefix, sys.base_prefix, sys.exec_prefix, str(cache_dir()), *map(str, expose)}
        self.expose = sorted({Path(p).resolve() for p in runtime if Path(p).exists()})
        self.writable = [Path(w).resolve() for w in writable if Path(w).exists()]
        for h in self.hide:
            if Path(sys.prefix).resolve().is_relative_to(h) or Path(sys.base_prefix).resolve().is_relative_to(h):
                raise SandboxError(f"cannot hide {h}: the Python installation chipbench runs from is inside it "
                                   "(put run directories outside the virtual environment's folder)")
        self.root: Path | None = None
        self.uid: int | None = None
        self._uid_lease: int | None = None

    @property
    def workdir(self) -> str:
        """The working directory as commands inside the sandbox see it."""
        assert self.root is not None, "sandbox not started"
        return MOUNT_POINT if self.backend == "bwrap" else str(self.root)

    async def start(self) -> None:
        if self.root is not None:
            return
        if lease := _borrow_uid():
            self.uid, self._uid_lease = lease
        self.root = Path(tempfile.mkdtemp(prefix="chipbench-sbx-"))
        self._own(self.root)

    async def close(self) -> None:
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)
            shutil.rmtree(self._stage_dir(), ignore_errors=True)
            self.root = None
        if self._uid_lease is not None:
            os.close(self._uid_lease)
            self.uid = self._uid_lease = None

    def _own(self, path: Path) -> None:
        chown_to(path, self.uid)

    def _started_root(self) -> Path:
        if self.root is None:
            raise SandboxError("sandbox not started")
        return self.root

    async def write_file(self, path: str, content: str | bytes) -> None:
        write_into(self._started_root(), path, content, self.uid)

    async def read_file(self, path: str) -> bytes:
        return read_from(self._started_root(), path)

    def _drop(self) -> list[str]:
        """Run the command as the borrowed uid, unable to regain privileges (setuid binaries)."""
        if self.uid is None:
            return []
        return ["setpriv", f"--reuid={self.uid}", f"--regid={self.uid}", "--clear-groups",
                "--no-new-privs", "--"]

    def _wrap(self, cmd: list[str]) -> list[str]:
        if self.backend == "bwrap":
            # As root, bwrap mounts with root's rights (it can read the Python under /root) and
            # no user namespace, so that `setpriv` inside can drop to a real unprivileged uid.
            spaces = (["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]
                      if os.geteuid() == 0 else ["--unshare-all"])
            argv = ["bwrap", *spaces, "--die-with-parent", "--new-session",
                    "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
            # The fresh /dev has no GPU: the device nodes a CUDA program opens come back as they are.
            for node in gpu_device_nodes():
                argv += ["--dev-bind", node, node]
            # /tmp is private and the home is masked (credentials live there); what the
            # commands need from inside either (the Python runtime, chipbench's cache: users
            # put both under /tmp too) comes back read-only.
            masked = {Path("/tmp"): "1777", Path.home().resolve(): "0755"}
            for root, mode in masked.items():
                if root == Path("/"):
                    continue
                argv += ["--perms", mode, "--tmpfs", str(root)]
                made: set[Path] = set()
                for path in self.expose:
                    if not path.is_relative_to(root) or path == root:
                        continue
                    # Mount points bwrap creates itself would be 0700: unreadable to the sandbox uid.
                    for parent in reversed(path.relative_to(root).parents[:-1]):
                        if (d := root / parent) not in made:
                            made.add(d)
                            argv += ["--perms", "0755", "--dir", str(d)]
                    argv += ["--ro-bind", str(path), str(path)]
            for w in self.writable:
                argv += ["--bind", str(w), str(w)]
            for h in self.hide:
                argv += ["--tmpfs", str(h)]
            argv += ["--bind", str(self.root), MOUNT_POINT, "--chdir", MOUNT_POINT, "--"]
            return argv + self._drop() + cmd
        # unshare fallback: mask the home as bwrap does (the borrowed uid cannot even enter
        # root's 0700 home, where the Python runtime and the cache may live), mount over hidden
        # paths, then drop to the borrowed uid.
        masks = self._mask_home() + "".join(f"mount -t tmpfs none {shlex.quote(str(h))} && " for h in self.hide)
        user = [] if os.geteuid() == 0 else ["--map-root-user"]
        return ["unshare", *user, "--net", "--mount", "--pid", "--fork", "--kill-child",
                "--mount-proc", "--", "sh", "-c", masks + 'exec "$@"', "sh", *self._drop(), *cmd]

    def _stage_dir(self) -> Path:
        """Beside the sandbox's folder: where the unshare backend binds paths aside (`_mask_home`)."""
        root = self._started_root()
        return root.with_name(root.name + ".stage")

    def _mask_home(self) -> str:
        """Shell steps, run as (namespace) root before the uid drop: what commands need from the
        home (the Python runtime and chipbench's cache read-only, writable paths writable) is
        bound aside, an empty tmpfs covers the home, and each is bound back in place. The binds
        live in the command's mount namespace only; the staging folder on the host stays empty."""
        home = Path.home().resolve()
        keep = [(p, True) for p in self.expose if p.is_relative_to(home) and p != home]
        keep += [(w, False) for w in self.writable if w.is_relative_to(home) and w != home]
        stage = shlex.quote(str(self._stage_dir()))
        aside = "".join(f"mkdir -p {stage}/{i} && mount --bind {shlex.quote(str(p))} {stage}/{i} && "
                        for i, (p, _) in enumerate(keep))
        back = "".join(f"mkdir -p {shlex.quote(str(p))} && mount --bind {stage}/{i} {shlex.quote(str(p))} && "
                       + (f"mount -o remount,bind,ro {shlex.quote(str(p))} && " if ro else "")
                       + f"umount -l {stage}/{i} && "
                       for i, (p, ro) in enumerate(keep))
        return f"{aside}mount -t tmpfs -o mode=0755 none {shlex.quote(str(home))} && {back}"

    def _preexec(self, limits: Limits):
        limit_procs = self.uid is not None or os.geteuid() != 0  # never enforced on root itself

        def apply() -> None:
            resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_s, limits.cpu_s + 1))
            kind, mem = limits.memory_rlimit()
            resource.setrlimit(kind, (mem, mem))
            fsize = limits.max_file_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            if limit_procs:
                resource.setrlimit(resource.RLIMIT_NPROC, (limits.max_procs, limits.max_procs))

        return apply

    async def exec(
        self, cmd: list[str], limits: Limits | None = None, env: dict[str, str] | None = None
    ) -> ExecResult:
        if self.root is None:
            raise SandboxError("sandbox not started")
        limits = limits or Limits()
        base_env = {
            **{name: os.environ[name] for name in HOST_VARIABLES if name in os.environ},
            "PATH": _host_path(),
            "HOME": self.workdir,
            "LANG": "C.UTF-8",
            "TMPDIR": "/tmp",
        }
        started = time.monotonic()
        proc = await asyncio.create_subprocess_exec(
            *self._wrap(cmd),
            cwd=self.root,
            env={**base_env, **without_secrets(env or {})},
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            start_new_session=True,
            preexec_fn=self._preexec(limits),
        )
        budget = [limits.max_output_bytes]
        flooded = asyncio.Event()

        async def drain(stream: asyncio.StreamReader) -> bytes:
            kept = bytearray()
            while chunk := await stream.read(65536):
                room = max(0, budget[0])
                kept += chunk[:room]
                budget[0] -= len(chunk)
                if budget[0] < 0:
                    flooded.set()  # keep reading (and discarding) until the kill closes the pipe
            return bytes(kept)

        assert proc.stdout is not None and proc.stderr is not None
        readers: asyncio.Future = asyncio.gather(drain(proc.stdout), drain(proc.stderr))
        flood_wait = asyncio.ensure_future(flooded.wait())
        try:
            done, _ = await asyncio.wait(
                {readers, flood_wait}, timeout=limits.wall_s, return_when=asyncio.FIRST_COMPLETED
            )
            timed_out = not done
            output_limited = flooded.is_set()
            if timed_out or output_limited:
                _kill_group(proc.pid)
            flood_wait.cancel()
            # asyncio.timeout, never wait_for: on Python 3.11 wait_for swallows a cancellation
            # that lands just as the awaited call completes (fixed in 3.12).
            try:
                async with asyncio.timeout(10):
                    out, err = await readers
            except TimeoutError:
                out, err = b"", b""
            try:
                async with asyncio.timeout(10):
                    rc = await proc.wait()
            except TimeoutError:
                _kill_group(proc.pid)
                rc = None
        except asyncio.CancelledError:
            # The run is being stopped (Ctrl-C): stop the command too, and let the
            # cancellation go on; swallowing it would make the run carry on as if nothing happened.
            _kill_group(proc.pid)
            flood_wait.cancel()
            raise
        return ExecResult.from_run(rc, out, err, started, timed_out, output_limited)


def gpu_device_nodes() -> list[str]:
    """NVIDIA's device nodes on this machine (none where there is no GPU)."""
    return sorted(str(p) for p in Path("/dev").glob("nvidia*") if not p.is_dir()) + \
        sorted(str(p) for p in Path("/dev/nvidia-caps").glob("*"))


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
