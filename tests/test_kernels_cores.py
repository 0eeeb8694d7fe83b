"""Core leases for concurrent kernel evaluations: disjoint within and across processes, waited
for when none is free, and honoured by the supervisor that pins the workers."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time

import pytest

from chipbench.core import ChipbenchError
from chipbench.evaluators.kernels._cores import leased_cores
from chipbench.evaluators.kernels.worker.supervisor import pick_cores

CORES = sorted(os.sched_getaffinity(0))
two_cores = pytest.mark.skipif(len(CORES) < 2, reason="needs two cores this process may use")


@two_cores
def test_concurrent_leases_get_different_cores(tmp_path):
    async def go():
        async with leased_cores(1, tmp_path) as first, leased_cores(1, tmp_path) as second:
            return first, second
    first, second = asyncio.run(go())
    assert len(first) == len(second) == 1 and set(first).isdisjoint(second)
    assert set(first + second) <= set(CORES)


def test_a_lease_waits_for_a_core_another_process_holds(tmp_path):
    """Every core held by another chipbench process: the lease waits, then takes the core
    released first."""
    holder = subprocess.Popen([sys.executable, "-c", f"""
import asyncio, time
from chipbench.core import ChipbenchError
from chipbench.evaluators.kernels._cores import leased_cores
async def hold():
    async with leased_cores({len(CORES)}, __import__('pathlib').Path({str(tmp_path)!r})):
        print('held', flush=True)
        time.sleep(1.5)
asyncio.run(hold())
"""], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        started = time.monotonic()

        async def take():
            async with leased_cores(1, tmp_path) as cores:
                return cores
        cores = asyncio.run(take())
        waited = time.monotonic() - started
    finally:
        holder.wait(timeout=30)
    assert len(cores) == 1 and cores[0] in CORES
    assert waited > 0.5, f"the lease did not wait for the holder ({waited:.2f} s)"


def test_a_lease_asks_for_no_more_cores_than_there_are(tmp_path):
    async def go():
        async with leased_cores(len(CORES) + 5, tmp_path) as cores:
            return cores
    assert asyncio.run(go()) == CORES


def test_the_supervisor_pins_to_the_leased_cores_or_falls_back():
    assert pick_cores(1, [CORES[0]]) == {CORES[0]}
    assert pick_cores(1, None) == {CORES[-1]}
    assert pick_cores(1, [max(CORES) + 1000]) == {CORES[-1]}  # not ours to use: the old choice


def test_a_lock_folder_someone_else_could_write_is_refused(tmp_path):
    """On the unshare backend a sandbox uid sees the host's /tmp and could make the lock
    folder first, then hold or swap the lock files (found by an attacker of the judge)."""
    locks = tmp_path / "cores"
    locks.mkdir(mode=0o777)
    os.chmod(locks, 0o777)

    async def go():
        async with leased_cores(1, locks):
            pass
    with pytest.raises(ChipbenchError, match="not a folder of this user's alone"):
        asyncio.run(go())
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    with pytest.raises((ChipbenchError, FileExistsError)):
        async def via_link():
            async with leased_cores(1, link):
                pass
        asyncio.run(via_link())
