"""The `docker` sandbox: commands run in a warm container of the toolchain's image.

What a command sees, and why:
- the image's root file system, read-only, with the toolchain the evaluator needs, Python
  environment included (torch for the kernel judge, pyslang for the Verilog interface check:
  `python` is the interpreter the image's label names), all from the recipe, so a verdict
  does not depend on what the host has installed;
- the work folder at /sandbox and /tmp: host folders on a tmpfs of their own, capped at
  `disk_mb` (when chipbench is root; otherwise plain folders on /dev/shm), bind-mounted, so
  the harness reads and writes candidate files directly, with the same symlink guards as the
  local sandbox, and a reset empties them without asking the engine (the engine cannot copy
  files into a container's own tmpfs mounts); no /dev/shm (private IPC, none mounted);
- chipbench's cache, bind-mounted read-only at its host path (build caches the harness
  fills: precompiled headers made in a container of the same image); hidden paths inside it
  are masked by empty tmpfs mounts; nothing else of the host;
- commands started by the container's own spawner (see spawner.py) over a unix socket, not by
  a `docker exec` each: a command costs a fork and exec, not the engine's ~50 ms;
- no network, no capabilities, no new privileges, a non-root uid (a leased one when
  chipbench is root, so two sandboxes never share a process-count limit), container-wide
  memory and pids ceilings, and per command the `Limits` as rlimits (`prlimit`: CPU time,
  address space, file size, processes) plus a wall clock that kills every process of that
  uid, and an output cap.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace
from pathlib import Path

from chipbench.paths import cache_dir
from chipbench.secrets import without_secrets
from chipbench.sandbox._base import ExecResult, Limits, Sandbox, SandboxError
from chipbench.sandbox._hostdir import read_from, write_into
from chipbench.sandbox.docker import _images
from chipbench.sandbox.docker._pool import POOL, WORKDIR, PoolKey, Warm, kill_all

DEFAULT_TOOLCHAIN = "verilog"
_READY: dict[str, str | None] = {}
"""Image tags known to exist in this process, with their interpreter: asked of the engine
once, not per candidate."""


def _runtime_paths() -> list[Path]:
    """What of the host commands see: chipbench's cache only (the image brings the rest)."""
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    return [cache.resolve()]


class DockerSandbox(Sandbox):
    def __init__(self, hide: list[Path] | tuple[Path, ...] = (), toolchain: str | None = None,
                 memory_mb: int = 16384, pids: int = 1024, cpus: float | None = None,
                 disk_mb: int = 4096) -> None:
        """`toolchain`: the evaluator whose tools the commands need (its image is used);
        `hide`: host paths commands must never read (masked where a bound path holds them).
        `disk_mb`: what the work folder and /tmp may hold together.
        `cpus`: a container CPU quota, off by default: CPU is bounded per command by the CPU-time
        rlimit, as in the local sandbox, while a CFS quota measurably slowed even single-threaded
        tools here (Yosys 1.05 s against 0.67 s without it, in the same warm container setup)."""
        self.toolchain = toolchain or DEFAULT_TOOLCHAIN
        expose = _runtime_paths()
        masked = sorted({Path(h).resolve() for h in hide if Path(h).exists()})
        self._image_tag = _images.image_tag(self.toolchain)
        self.key = PoolKey(image=self._image_tag, expose=tuple(map(str, expose)),
                           hide=tuple(str(h) for h in masked if any(h.is_relative_to(e) for e in expose)),
                           memory_mb=memory_mb, pids=pids, cpus=cpus or 0.0,
                           disk_mb=disk_mb)
        self.warm: Warm | None = None
        self._python: str | None = None

    @property
    def workdir(self) -> str:
        return WORKDIR

    @property
    def python(self) -> str:
        if self._python is None:
            raise SandboxError(f"the image {self._image_tag} has no Python environment (its recipe sets no "
                               f"{_images.PYTHON_LABEL} label)" if self.warm else "sandbox not started")
        return self._python

    @property
    def environment(self) -> str:
        return f"docker:{self._image_tag}"

    @property
    def root(self) -> Path | None:
        """The host folder that is the container's work folder."""
        return self.warm.workdir if self.warm else None

    async def start(self) -> None:
        if self.warm is not None:
            return
        if self._image_tag not in _READY:
            if not await asyncio.to_thread(_images.exists, self._image_tag):
                if _images.opt_in(self.toolchain):
                    raise SandboxError(f"the {self.toolchain} image is not built (it is gigabytes, so only on "
                                       f"request): run `{_images.build_command(self.toolchain)}`")
                await asyncio.to_thread(_images.build_image, self.toolchain, lambda _msg: None)
            _READY[self._image_tag] = await asyncio.to_thread(_images.python_of, self._image_tag)
        self._python = _READY[self._image_tag]
        if await asyncio.to_thread(_images.wants_gpu, self._image_tag):
            self.key = replace(self.key, gpus=await asyncio.to_thread(_gpus_for_containers))
        self.warm = await asyncio.to_thread(POOL.acquire, self.key)

    async def close(self) -> None:
        if self.warm is not None:
            warm, self.warm = self.warm, None
            await asyncio.to_thread(POOL.release, warm)

    def _started(self) -> Warm:
        if self.warm is None:
            raise SandboxError("sandbox not started")
        return self.warm

    async def write_file(self, path: str, content: str | bytes) -> None:
        warm = self._started()
        write_into(warm.workdir, path, content, warm.uid if warm.lease is not None else None)

    async def read_file(self, path: str) -> bytes:
        return read_from(self._started().workdir, path)

    def _argv(self, cmd: list[str], limits: Limits) -> list[str]:
        warm = self._started()
        rlimits = [f"--cpu={limits.cpu_s}:{limits.cpu_s + 1}", f"--{'data' if limits.gpu else 'as'}={limits.memory_mb * 1024 * 1024}",
                   f"--fsize={limits.max_file_mb * 1024 * 1024}", "--core=0"]
        if warm.lease is not None:  # a uid of its own: its process count is this sandbox's alone
            rlimits.append(f"--nproc={limits.max_procs}")
        # Processes the command leaves behind are killed when it ends, as the local sandbox's
        # PID namespace does: nothing of one step keeps running into the next.
        return ["/bin/sh", "-c", 'prlimit "$@"; status=$?; kill -9 -1 2>/dev/null; exit $status',
                "sh", *rlimits, "--", *cmd]

    async def exec(
        self, cmd: list[str], limits: Limits | None = None, env: dict[str, str] | None = None
    ) -> ExecResult:
        warm = self._started()
        limits = limits or Limits()
        base_env = {
            "PATH": f"{Path(self._python).parent}:/usr/local/bin:/usr/bin:/bin" if self._python
                    else "/usr/local/bin:/usr/bin:/bin",
            "HOME": WORKDIR,
            "LANG": "C.UTF-8",
            "TMPDIR": "/tmp",
        }
        environment = {**base_env, **without_secrets(env or {})}
        argv = self._argv(cmd, limits)
        request = json.dumps({"argv": argv, "env": environment, "cwd": WORKDIR}).encode() + b"\n"
        started = time.monotonic()
        out, err = bytearray(), bytearray()
        seen, flooded = 0, False
        try:
            reader, writer = await asyncio.open_unix_connection(warm.spawner_socket)
        except OSError as exc:
            raise SandboxError(f"the container's command spawner does not answer: {exc}") from None

        async def pump() -> int:
            """Frames from the spawner until the exit status; output past the cap is read and dropped."""
            nonlocal seen, flooded
            while True:
                head = await reader.readexactly(5)
                kind, size = head[:1], int.from_bytes(head[1:], "big", signed=True)
                if kind == b"x":
                    return size
                data = await reader.readexactly(size)
                kept = out if kind == b"1" else err
                kept += data[:max(0, limits.max_output_bytes - seen)]
                seen += len(data)
                if seen > limits.max_output_bytes and not flooded:
                    flooded = True
                    await asyncio.to_thread(kill_all, warm)

        runner: asyncio.Future | None = None
        try:
            writer.write(request)
            await writer.drain()
            runner = asyncio.ensure_future(pump())
            done, _ = await asyncio.wait({runner}, timeout=limits.wall_s)
            timed_out = not done
            if timed_out:
                await asyncio.to_thread(kill_all, warm)
            try:
                async with asyncio.timeout(10):
                    rc = await asyncio.shield(runner)
            except TimeoutError:
                rc = None
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                if not (timed_out or flooded):
                    raise SandboxError(f"the container's command spawner stopped answering: {exc}") from None
                rc = None
        except asyncio.CancelledError:
            # The run is being stopped (Ctrl-C): stop the command too, and let the cancellation go on.
            kill_all(warm)
            raise
        finally:
            if runner is not None and not runner.done():
                runner.cancel()
            writer.close()
        output_limited = flooded
        return ExecResult.from_run(rc, bytes(out), bytes(err), started, timed_out, output_limited)


def _gpus_for_containers() -> bool:
    """Whether containers of a GPU image get the host's GPUs: yes where the engine can pass
    them; no where the host has none (candidates are then compiled only, as in the local
    sandbox); and a clear error where the host has a GPU the engine cannot pass in, since the
    harness would ask for GPU execution that the container cannot do."""
    from chipbench.sandbox.docker._engine import client
    from chipbench.sandbox.docker._gpu import NO_RUNTIME, host_has_gpu, nvidia_runtime

    if nvidia_runtime(client().info()):
        return host_has_gpu()
    if host_has_gpu():
        raise SandboxError(NO_RUNTIME)
    return False
