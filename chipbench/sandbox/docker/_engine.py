"""Reaching the Docker engine, and saying how to get one when it cannot be reached."""

from __future__ import annotations

import functools
import shutil

from chipbench.sandbox._base import SandboxError

INSTALL_HINT = ("install and start a Docker engine: on Debian `apt-get install docker.io debootstrap` "
                "then `dockerd &` (scripts/setup.sh does both), and build the images with "
                "`chipbench sandbox build`")


class EngineUnavailable(SandboxError):
    """No Docker engine answers; the message says how to get one."""


@functools.lru_cache(maxsize=1)
def client():
    """One Docker client per process (its connection pool is thread-safe)."""
    try:
        import docker
    except ImportError as exc:  # pragma: no cover - docker is a declared dependency
        raise EngineUnavailable(f"the docker Python SDK is missing ({exc}): pip install docker") from None
    try:
        c = docker.from_env(timeout=120)
        c.ping()
    except Exception as exc:  # noqa: BLE001 - any failure to connect means the same to the user
        client.cache_clear()
        raise EngineUnavailable(f"no Docker engine answers ({exc.__class__.__name__}: {exc}); {INSTALL_HINT}") from None
    return c


def engine_problem() -> str | None:
    """Why the docker sandbox cannot run here (None when it can)."""
    if shutil.which("dockerd") is None and shutil.which("docker") is None:
        return f"no Docker installed; {INSTALL_HINT}"
    try:
        client()
    except EngineUnavailable as exc:
        return str(exc)
    return None
