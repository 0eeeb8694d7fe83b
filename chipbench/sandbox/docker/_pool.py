"""Warm containers, kept per (image, mounts) and reset between candidates, so that a
candidate pays for a reset instead of a container start.

Each container's main process is the command spawner (`spawner.py`, under `docker-init`):
commands reach it over a unix socket in the container's control folder, so a command costs a
fork and exec rather than a `docker exec`.

Nothing outlives its owner. The spawner reads a stdin that only this process holds open
(attached with `StdinOnce`): when the process ends in any way, a SIGKILL included, the engine
sees the attachment close, the spawner reads EOF and exits, and the container, made with
auto-remove, is removed. At a normal exit (and Ctrl-C)
`atexit` removes the containers at once; and every container carries its owner's identity
in a label, so a pool starting up also removes those of owners that are gone.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from chipbench.sandbox._base import SandboxError
from chipbench.sandbox._hostdir import empty_folder
from chipbench.sandbox.docker._gpu import device_requests
from chipbench.sandbox.docker._engine import client
from chipbench.sandbox.local import _borrow_uid

WORKDIR = "/sandbox"
CONTROL = "/control"
SPAWNER_SOCKET = "spawn.sock"
_IMAGE_DIRS = {"bin", "boot", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "run", "sbin", "sys",
               "tmp", "usr", "var", "sandbox"}
"""Top-level folders the image provides (or the container's own mounts use)."""
OWNER_LABEL = "chipbench.owner"
MAX_IDLE = 8
"""Idle containers kept per key; more are removed when released."""
BOX_PREFIX = "chipbench-docker-"
FALLBACK_UID = 65534  # `nobody`: commands never run as root, also when chipbench itself is not root


@dataclass(frozen=True)
class PoolKey:
    """Everything fixed when a container is made: the image, what it sees of the host
    (read-only binds, masked paths) and its resource ceilings."""

    image: str
    expose: tuple[str, ...]
    hide: tuple[str, ...]
    memory_mb: int
    pids: int
    cpus: float
    """A CFS quota in cores; 0: none (the default, see DockerSandbox)."""
    disk_mb: int = 4096
    """Size of the tmpfs holding the work folder and /tmp."""
    gpus: bool = False
    """Whether the host's GPUs are passed in (docker device requests; needs the NVIDIA runtime)."""


@dataclass(eq=False)
class Warm:
    """One running container this process owns."""

    key: PoolKey
    id: str
    uid: int
    box: Path
    """Host folder (a tmpfs of its own, see `_mount_box`) holding what the container may
    write: work/ and tmp/."""
    procs: Path | None
    """The container's cgroup member list, to find and kill its processes from the host."""
    lifeline: socket.socket
    lease: int | None = None
    keepalive: object = None
    """The SDK's wrapper of the lifeline socket: dropping it would close the socket."""
    runs: int = 0
    created: float = field(default_factory=time.monotonic)
    main_pid: int | None = None
    """The container's first process on this machine (gone: the container is gone)."""
    control_fd: int | None = None
    """An open descriptor of `control`: the socket is reached through /proc/self/fd, whose
    path fits a unix socket address where the box's own path would not (108 bytes)."""

    @property
    def spawner_socket(self) -> str:
        return f"/proc/self/fd/{self.control_fd}/{SPAWNER_SOCKET}"

    @property
    def workdir(self) -> Path:
        return self.box / "work"

    @property
    def tmpdir(self) -> Path:
        return self.box / "tmp"


def _proc_start(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return "unknown"


def owner_id(pid: int | None = None) -> str:
    """`boot:pid:start`: names one process for the lifetime of the machine (pids get reused)."""
    pid = pid or os.getpid()
    return f"{_boot_id()}:{pid}:{_proc_start(pid)}"


def _owner_alive(owner: str) -> bool:
    boot, _, rest = owner.partition(":")
    pid, _, start = rest.partition(":")
    if boot != _boot_id():
        return False
    return pid.isdigit() and _proc_start(int(pid)) == start


def _work_parent() -> Path:
    """Work folders live on a host tmpfs where there is one (/dev/shm): memory-backed, like
    a tmpfs inside the container, and gone with a reboot."""
    shm = Path("/dev/shm")
    return shm if shm.is_dir() and os.access(shm, os.W_OK) else Path(tempfile.gettempdir())


def _mount_box(box: Path, size_mb: int) -> bool:
    """Make `box` a tmpfs of its own, capped at `size_mb`, so a candidate filling its work
    folder fills that and not the host's memory. Needs root (the engine usually does too);
    False where it cannot be done, and the box stays a plain folder on the parent tmpfs."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_mb}m,mode=0755,nosuid,nodev",
                           "chipbench-box", str(box)], capture_output=True)
    return done.returncode == 0


def _remove_box(box: Path) -> None:
    """Unmount (lazily: a dying container may still hold it) and delete a box."""
    if os.path.ismount(box):
        subprocess.run(["umount", "-l", str(box)], capture_output=True)
    shutil.rmtree(box, ignore_errors=True)


class Pool:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: dict[PoolKey, list[Warm]] = {}
        self._all: dict[str, Warm] = {}
        self._reaped = False
        atexit.register(self.shutdown)

    def reap_orphans(self) -> int:
        """Remove containers whose owning process is gone (a crash before the engine noticed)."""
        import docker.errors

        removed = 0
        # The host folders of a SIGKILLed owner (its containers remove themselves, not these).
        for box in _work_parent().glob(f"{BOX_PREFIX}*"):
            owner = box.name[len(BOX_PREFIX):].rsplit("-", 1)[0].replace("_", ":")
            if owner.count(":") == 2 and not _owner_alive(owner):
                _remove_box(box)
        for c in client().containers.list(all=True, filters={"label": OWNER_LABEL}):
            if not _owner_alive(c.labels.get(OWNER_LABEL, "")):
                with contextlib.suppress(docker.errors.NotFound, docker.errors.APIError):
                    c.remove(force=True)
                    removed += 1
        return removed

    def acquire(self, key: PoolKey) -> Warm:
        with self._lock:
            if not self._reaped:
                self._reaped = True
                self.reap_orphans()
            idle = self._idle.get(key)
            if idle:
                return idle.pop()
        return self._create(key)

    def release(self, warm: Warm) -> None:
        """Reset `warm` (every process of its user killed, work and temp folders wiped) and keep
        it for the next candidate; a container that fails its reset is removed instead."""
        warm.runs += 1
        try:
            reset_ok = reset(warm)
        except Exception:  # noqa: BLE001 - a broken container is discarded, never reused
            reset_ok = False
        with self._lock:
            idle = self._idle.setdefault(warm.key, [])
            if reset_ok and len(idle) < MAX_IDLE and warm.id in self._all:
                idle.append(warm)
                return
        self.discard(warm)

    def discard(self, warm: Warm) -> None:
        import docker.errors

        with self._lock:
            self._all.pop(warm.id, None)
            for idle in self._idle.values():
                if warm in idle:
                    idle.remove(warm)
        with contextlib.suppress(docker.errors.NotFound, docker.errors.APIError):
            client().api.remove_container(warm.id, force=True)
        with contextlib.suppress(OSError):
            warm.lifeline.close()
        _remove_box(warm.box)
        if warm.control_fd is not None:
            os.close(warm.control_fd)
            warm.control_fd = None
        if warm.lease is not None:
            os.close(warm.lease)
            warm.lease = None

    def shutdown(self) -> None:
        for warm in list(self._all.values()):
            with contextlib.suppress(Exception):
                self.discard(warm)

    def live(self) -> list[str]:
        with self._lock:
            return list(self._all)

    def _create(self, key: PoolKey) -> Warm:
        from docker.types import Mount

        lease = _borrow_uid()
        uid = lease[0] if lease else (os.getuid() if os.getuid() != 0 else FALLBACK_UID)
        box = Path(tempfile.mkdtemp(prefix=f"{BOX_PREFIX}{owner_id().replace(':', '_')}-", dir=_work_parent()))
        box.chmod(0o755)
        _mount_box(box, key.disk_mb)
        (box / "work").mkdir(mode=0o755)
        if lease:
            os.chown(box / "work", uid, uid)
        (box / "tmp").mkdir()
        (box / "tmp").chmod(0o1777)
        (box / "control").mkdir()
        # The spawner (root inside, without the capability to override permissions) makes its
        # socket here: ours when we are root; else open to all, sticky so that nobody but root
        # can replace what root made.
        (box / "control").chmod(0o755 if os.geteuid() == 0 else 0o1777)
        shutil.copyfile(Path(__file__).with_name("spawner.py"), box / "control" / "spawner.py")
        mounts = [Mount(WORKDIR, str(box / "work"), type="bind"), Mount("/tmp", str(box / "tmp"), type="bind"),
                  Mount(CONTROL, str(box / "control"), type="bind")]
        # An image's /root is 0700, and a read-only root file system has no mount points for
        # host paths: each top folder of a bound path outside the image's own folders (/root
        # for a Python in /root/.pyenv) is replaced by an empty skeleton, read-only, with 0755
        # folders down to the bound paths, so the sandbox user reaches those and nothing else.
        tops = sorted({Path(p).parts[1] for p in key.expose if len(Path(p).parts) > 2} - _IMAGE_DIRS)
        for top in tops:
            for path in key.expose:
                if Path(path).parts[1] == top:
                    target = box / "skel" / Path(path).relative_to("/")
                    target.mkdir(parents=True, exist_ok=True)
            for d in [box / "skel", *(box / "skel").rglob("*")]:
                d.chmod(0o755)
            mounts.append(Mount(f"/{top}", str(box / "skel" / top), type="bind", read_only=True))
        mounts += [Mount(p, p, type="bind", read_only=True) for p in key.expose]
        mounts += [Mount(h, None, type="tmpfs", read_only=True) for h in key.hide]
        try:
            container = client().containers.create(
                key.image, ["/usr/bin/python3", "-I", f"{CONTROL}/spawner.py", str(uid), f"{CONTROL}/{SPAWNER_SOCKET}"],
                stdin_open=True, init=True, user="0:0", working_dir=WORKDIR,
                # Root inside only to become the sandbox's uid: no capability but that.
                network_mode="none", ipc_mode="none", read_only=True, cap_drop=["ALL"], cap_add=["SETUID", "SETGID"],
                security_opt=["no-new-privileges"], mem_limit=f"{key.memory_mb}m",
                memswap_limit=f"{key.memory_mb}m", pids_limit=key.pids,
                **({"nano_cpus": int(key.cpus * 1e9)} if key.cpus > 0 else {}),
                **({"device_requests": device_requests()} if key.gpus else {}),
                auto_remove=True, mounts=mounts, labels={OWNER_LABEL: owner_id()},
            )
            lifeline = container.attach_socket(params={"stdin": 1, "stream": 1})
            container.start()
            container.reload()
            main_pid = container.attrs["State"]["Pid"]
            procs = _cgroup_procs(main_pid)
            _wait_for(box / "control" / SPAWNER_SOCKET, main_pid)
            control_fd = os.open(box / "control", os.O_PATH | os.O_CLOEXEC)
        except Exception as exc:
            _remove_box(box)
            if lease:
                os.close(lease[1])
            raise SandboxError(f"could not start a container of {key.image}: {exc}") from None
        raw = getattr(lifeline, "_sock", lifeline)
        warm = Warm(key=key, id=container.id, uid=uid, box=box, procs=procs, lifeline=raw,
                    lease=lease[1] if lease else None, keepalive=lifeline, main_pid=main_pid,
                    control_fd=control_fd)
        with self._lock:
            self._all[warm.id] = warm
        return warm


def _wait_for(socket_path: Path, main_pid: int, within_s: float = 30.0) -> None:
    """Until the spawner listens (its socket appears once it does)."""
    deadline = time.monotonic() + within_s
    while not socket_path.exists():
        if time.monotonic() > deadline or not Path(f"/proc/{main_pid}").exists():
            raise SandboxError("the container's command spawner did not start (is python3 in the image?)")
        time.sleep(0.005)


def _cgroup_procs(pid: int) -> Path | None:
    """The cgroup.procs file of the cgroup `pid` is in (v1: its pids hierarchy; v2: unified)."""
    try:
        lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if "pids" in controllers.split(","):
            candidate = Path("/sys/fs/cgroup/pids") / path.lstrip("/") / "cgroup.procs"
            if candidate.exists():
                return candidate
    for line in lines:
        if line.startswith("0::"):
            candidate = Path("/sys/fs/cgroup") / line[3:].lstrip("/") / "cgroup.procs"
            if candidate.exists():
                return candidate
    return None


def _real_uid(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Uid:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def kill_all(warm: Warm) -> None:
    """SIGKILL every process of the sandbox's user in the container, from the host (no engine
    call, so a command flooding the engine with output cannot delay it). Repeated until none
    is left, since a process may fork between the listing and the kill."""
    if warm.procs is None:
        with contextlib.suppress(Exception):
            run_as_user(warm, "kill -9 -1 2>/dev/null; true")
        return
    for _ in range(200):
        try:
            pids = [int(x) for x in warm.procs.read_text().split()]
        except (OSError, ValueError):
            return
        mine = [pid for pid in pids if _real_uid(pid) == warm.uid]
        if not mine:
            return
        for pid in mine:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.005)


def run_as_user(warm: Warm, script: str, wait_s: float = 30.0) -> int | None:
    """Run a short script of ours as the sandbox's user; its exit status, None if it hangs.
    Started detached and polled: attaching to its output could wait on the engine's copy of
    another command's flood."""
    api = client().api
    eid = api.exec_create(warm.id, ["sh", "-c", script], user=f"{warm.uid}:{warm.uid}", workdir="/",
                          stdout=False, stderr=False)["Id"]
    api.exec_start(eid, detach=True)
    deadline = time.monotonic() + wait_s
    delay = 0.002
    while time.monotonic() < deadline:
        state = api.exec_inspect(eid)
        if not state["Running"] and state["ExitCode"] is not None:
            return state["ExitCode"]
        time.sleep(delay)
        delay = min(delay * 2, 0.05)
    return None


def reset(warm: Warm) -> bool:
    """Ready for the next candidate: no process of the sandbox's user left, work and temp
    folders empty. False when that cannot be ensured (the container is then discarded)."""
    if warm.main_pid is not None and not Path(f"/proc/{warm.main_pid}").exists():
        return False  # the container (its spawner) is gone
    kill_all(warm)
    if warm.procs is not None and any(_real_uid(int(p)) == warm.uid for p in warm.procs.read_text().split()):
        return False
    for folder in (warm.workdir, warm.tmpdir):
        empty_folder(folder)
    return not any(warm.workdir.iterdir()) and not any(warm.tmpdir.iterdir())


POOL = Pool()
