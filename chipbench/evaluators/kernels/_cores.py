"""Disjoint cores for concurrent kernel evaluations, leased machine-wide.

The supervisor pins its baseline and candidate workers to the cores it is given, and times
them by the CPU time they get there. Each used to take "the last n cores" it could see, so every
evaluation on the machine shared one core: on 2 cores with two jobs the other core idled, and on
a 16-core GPU machine sixteen checks (Triton compiles included) queued on a single core until
their references timed out. Leases are exclusive locks on one file per core (like the local
sandbox's uid leases), so they hold across chipbench processes and end when a process dies.
Where more evaluations want cores than there are, the later ones wait for a lease before their
timed step starts (waiting is not counted against the judge's time limit): sharing a core would
make both measurements worse."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import stat
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

from chipbench.core import ChipbenchError

LOCKS = Path(tempfile.gettempdir()) / "chipbench-cores"


def _own_folder(locks: Path) -> None:
    """The lock folder, made by this user and nobody else's: a sandbox uid that made it first
    (the unshare backend sees the host's /tmp) could hold or swap the lock files."""
    locks.mkdir(mode=0o700, exist_ok=True)
    st = os.lstat(locks)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o077:
        raise ChipbenchError(f"{locks} is not a folder of this user's alone (mode {stat.S_IMODE(st.st_mode):o}, "
                             f"owner uid {st.st_uid}): remove it; chipbench makes it anew")


def _try_lease(n: int, locks: Path) -> tuple[list[int], list[int]] | None:
    """`n` free cores (the highest first: core 0 is where the system and the harness mostly run)
    with the descriptors holding them, or None, holding nothing, when fewer are free."""
    _own_folder(locks)
    cores: list[int] = []
    fds: list[int] = []
    for core in sorted(os.sched_getaffinity(0), reverse=True):
        fd = os.open(locks / f"{core}.lock", os.O_CREAT | os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        cores.append(core)
        fds.append(fd)
        if len(cores) == n:
            return sorted(cores), fds
    for fd in fds:
        os.close(fd)
    return None


@contextlib.asynccontextmanager
async def leased_cores(n: int, locks: Path = LOCKS, poll_s: float = 0.05) -> AsyncIterator[list[int]]:
    """`n` cores no other evaluation on this machine holds, for the length of the block (`n` is
    capped at the cores this process may use)."""
    n = max(1, min(n, len(os.sched_getaffinity(0))))
    while (lease := _try_lease(n, locks)) is None:
        await asyncio.sleep(poll_s)
    cores, fds = lease
    try:
        yield cores
    finally:
        for fd in fds:
            os.close(fd)
