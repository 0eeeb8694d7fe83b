"""The one lock mechanism (chipbench/locks.py) and the sandbox-enterable cache folders."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import stat
import subprocess
import sys
import time

import pytest

from chipbench.core import ChipbenchError
from chipbench.locks import exclusive, lease, try_lock
from chipbench.paths import shared_cache_folder


def test_waiters_beyond_the_thread_pool_do_not_starve_the_holder(tmp_path):
    """Each holder finishes its work in the default thread pool. Waiters blocked in that pool
    (a blocking flock in `to_thread`, as the C++ header build had) would take every worker and
    the holder's step would never run; waiters on the event loop leave the pool free."""
    done: list[int] = []

    async def one(k: int) -> None:
        async with exclusive(tmp_path / "build.lock", poll_s=0.01):
            await asyncio.to_thread(time.sleep, 0.01)
            done.append(k)

    async def main() -> None:
        asyncio.get_running_loop().set_default_executor(concurrent.futures.ThreadPoolExecutor(max_workers=2))
        await asyncio.wait_for(asyncio.gather(*(one(k) for k in range(12))), timeout=60)

    asyncio.run(main())
    assert sorted(done) == list(range(12))


def test_a_lock_held_by_another_process_is_waited_for(tmp_path):
    path = tmp_path / "x.lock"
    holder = subprocess.Popen([sys.executable, "-c", f"""
import sys, time
from pathlib import Path
from chipbench.locks import try_lock
fd = try_lock(Path({str(path)!r}))
print("held" if fd is not None else "not held", flush=True)
time.sleep(1.5)
"""], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        assert try_lock(path) is None

        async def wait() -> float:
            began = time.monotonic()
            async with exclusive(path, poll_s=0.05):
                return time.monotonic() - began

        assert asyncio.run(wait()) > 0.5  # it waited for the holder to exit
    finally:
        holder.wait(timeout=30)


def test_a_lease_takes_free_names_in_order_and_all_or_nothing(tmp_path):
    folder = tmp_path / "leases"
    first = lease(folder, ["a", "b", "c"], 2)
    assert first is not None and first[0] == ["a", "b"]
    assert lease(folder, ["a", "b", "c"], 2) is None  # one free: nothing is held
    third = lease(folder, ["a", "b", "c"], 1)
    assert third is not None and third[0] == ["c"]
    for fd in first[1] + third[1]:
        os.close(fd)


def test_a_lock_file_that_is_a_link_is_refused(tmp_path):
    (tmp_path / "target").write_text("not a lock")
    (tmp_path / "x.lock").symlink_to(tmp_path / "target")
    with pytest.raises(OSError):
        try_lock(tmp_path / "x.lock")


def test_a_lease_folder_someone_else_could_write_is_refused(tmp_path):
    folder = tmp_path / "leases"
    folder.mkdir(mode=0o777)
    folder.chmod(0o777)
    with pytest.raises(ChipbenchError, match="not a folder of this user's alone"):
        lease(folder, ["a"])
    (tmp_path / "real").mkdir(mode=0o700)
    (tmp_path / "linked").symlink_to(tmp_path / "real")
    with pytest.raises(ChipbenchError, match="not a folder of this user's alone"):
        lease(tmp_path / "linked", ["a"])


def test_shared_cache_folders_are_enterable_whatever_the_umask(tmp_path, monkeypatch):
    root = tmp_path / "cache"
    root.mkdir(mode=0o700)
    root.chmod(0o700)
    monkeypatch.setenv("CHIPBENCH_CACHE", str(root))
    old = os.umask(0o077)
    try:
        folder = shared_cache_folder("verilator-runtime")
    finally:
        os.umask(old)
    for path in (root, folder):
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode & stat.S_IXOTH and not mode & stat.S_IWOTH, f"{path}: {mode:o}"
