"""Locks that hold across chipbench processes: exclusive `flock`s on files, released when the
descriptor closes, also when a process dies.

One mechanism for every machine-wide resource: the local sandbox's borrowed uids, the cores
kernel evaluations are pinned to, and the once-per-machine builds (Verilator's runtime, the
torch extension header). Waiting never blocks a thread: a waiter polls on the event loop, since
`--jobs` candidates blocked in `asyncio.to_thread` once took the whole default thread pool and
the holder's own last step (queued in that pool) never ran."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import stat
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

from chipbench.core import ChipbenchError


def private_folder(folder: Path) -> Path:
    """`folder`, made by this user and nobody else's: a sandbox uid that made it first (the
    unshare backend sees the host's /tmp) could hold or swap the lock files in it."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    st = os.lstat(folder)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o077:
        raise ChipbenchError(f"{folder} is not a folder of this user's alone (mode {stat.S_IMODE(st.st_mode):o}, "
                             f"owner uid {st.st_uid}): remove it; chipbench makes it anew")
    return folder


def try_lock(path: Path) -> int | None:
    """The descriptor holding `path`'s lock, or None when another holds it. The file is opened
    without following a link, so nobody can point a lock at a file of their choosing."""
    fd = os.open(path, os.O_CREAT | os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def lease(folder: Path, names: Iterable[str], n: int = 1) -> tuple[list[str], list[int]] | None:
    """`n` of `names` nobody holds (in the order given), with the descriptors holding them, or
    None, holding nothing, when fewer are free. `folder` must be this user's alone."""
    private_folder(folder)
    got: list[str] = []
    fds: list[int] = []
    for name in names:
        if (fd := try_lock(folder / f"{name}.lock")) is None:
            continue
        got.append(name)
        fds.append(fd)
        if len(got) == n:
            return got, fds
    for fd in fds:
        os.close(fd)
    return None


@contextlib.asynccontextmanager
async def exclusive(path: Path, poll_s: float = 0.2) -> AsyncIterator[None]:
    """`path`'s lock for the length of the block, against other processes and other tasks of
    this one, waited for on the event loop."""
    path.parent.mkdir(parents=True, exist_ok=True)
    while (fd := try_lock(path)) is None:
        await asyncio.sleep(poll_s)
    try:
        yield
    finally:
        os.close(fd)
