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
import os
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

from chipbench.locks import lease

LOCKS = Path(tempfile.gettempdir()) / "chipbench-cores"


def _try_lease(n: int, locks: Path) -> tuple[list[int], list[int]] | None:
    """`n` free cores (the highest first: core 0 is where the system and the harness mostly run)
    with the descriptors holding them, or None, holding nothing, when fewer are free."""
    got = lease(locks, (str(core) for core in sorted(os.sched_getaffinity(0), reverse=True)), n)
    return None if got is None else (sorted(int(core) for core in got[0]), got[1])


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
