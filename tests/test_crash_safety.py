"""A run survives being killed at any instant, a full disk and a read-only run folder: every
(task, sample) ends up recorded exactly once, no line is corrupt, and a folder that cannot be
written is a clear error that loses nothing already recorded."""

from __future__ import annotations

import errno
import os
import random
import shutil
import signal
import subprocess
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest

from chipbench.core import ChipbenchError
from chipbench.leaderboards.store import RunStore, StoreError, load_records
from conftest import requires_iverilog
from plugin_fixture import install_plugin
from test_store_and_resume import record, toy_run_cmd

TASKS, SAMPLES = 3, 4


def assert_exactly_once_and_whole(run_dir: Path, total: int) -> None:
    raw = (run_dir / "records.jsonl").read_bytes()
    assert raw.endswith(b"\n"), "a torn last line was left after the run ended"
    records = load_records(run_dir)  # raises on any corrupt line
    assert len(records) == raw.count(b"\n")
    keys = Counter(r.key for r in records)
    assert len(keys) == total and set(keys.values()) == {1}, keys


@requires_iverilog
def test_a_run_killed_at_random_instants_again_and_again_resumes_exactly_once(tmp_path):
    """SIGKILL (the whole process group) at random instants, including while it starts,
    while it writes the manifest or a record, and while evaluations run; then resume.

    The instants are drawn within what is left of a run, measured by one whole run first: on
    a quiet machine the toy run ends before fixed instants (0 of 3 kills landed in CI). They
    stop at 60% of it: the measured run is the cold one, and a later, warm run ended before an
    instant drawn at 87% of it (seed 421710763: 0 kills landed)."""
    seed = int(os.environ.get("CHIPBENCH_KILL_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    _, env = install_plugin(tmp_path, n_tasks=TASKS)
    full_env = {**os.environ, **env}
    total = TASKS * SAMPLES
    started = time.monotonic()
    whole = subprocess.run(toy_run_cmd(tmp_path / "whole", samples=SAMPLES, jobs=2), env=full_env,
                           capture_output=True, text=True, timeout=300)
    assert whole.returncode == 0, whole.stdout + whole.stderr
    duration = time.monotonic() - started
    run_dir = tmp_path / "run"
    cmd = toy_run_cmd(run_dir, samples=SAMPLES, jobs=2)
    kills = 0
    for _attempt in range(8):
        resume = ["--resume"] if (run_dir / "manifest.json").exists() else []
        done = len(load_records(run_dir)) if (run_dir / "records.jsonl").exists() else 0
        left = duration * max(0.2, 1 - done / total)
        proc = subprocess.Popen(cmd + resume, env=full_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                start_new_session=True)
        try:
            proc.wait(timeout=rng.uniform(0.05, 0.6) * left)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            kills += 1
        else:
            assert proc.returncode == 0, proc.stderr.read().decode()
            break
        finally:
            proc.stderr.close()
        if (run_dir / "records.jsonl").exists():
            load_records(run_dir)  # every line but a torn last one parses, after every kill
    assert kills >= 3, f"seed {seed}: the kills must land midway ({kills} landed in a {duration:.1f} s run)"
    final = subprocess.run(cmd + ["--resume"], env=full_env, capture_output=True, text=True, timeout=300)
    assert final.returncode == 0, f"seed {seed}: " + final.stdout + final.stderr
    assert_exactly_once_and_whole(run_dir, total)


@contextmanager
def small_filesystem(path: Path, size_kb: int):
    """A tmpfs of `size_kb` mounted at `path` (needs root)."""
    path.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "battery-test", str(path)], check=True)
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


needs_root_mount = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("mount") is None,
                                      reason="mounting a small file system needs root (the injected-ENOSPC "
                                             "tests cover the same code paths without it)")


def _run(cmd, env):
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)


def said(out) -> str:
    """What the command printed, with the terminal's line wrapping undone."""
    return " ".join((out.stdout + out.stderr).split())


@requires_iverilog
@needs_root_mount
def test_a_full_disk_is_a_clear_error_and_loses_nothing(tmp_path):
    _, env = install_plugin(tmp_path, n_tasks=TASKS)
    full_env = {**os.environ, **env}
    mount = tmp_path / "disk"
    with small_filesystem(mount, 64):
        run_dir = mount / "run"
        cmd = toy_run_cmd(run_dir, samples=SAMPLES, jobs=1)
        # Fill the disk but for room for the manifest, the index and a few records.
        (mount / "ballast").write_bytes(b"\0" * 20 * 1024)
        out = _run(cmd, full_env)
        assert out.returncode == 2, out.stdout + out.stderr
        assert "Traceback" not in said(out)
        assert "No space left on device" in said(out) and "--resume" in said(out)
        kept = load_records(run_dir)
        assert 0 < len(kept) < TASKS * SAMPLES, "the disk must fill midway"
        assert (run_dir / "records.jsonl").read_bytes().endswith(b"\n")
        before = (run_dir / "records.jsonl").read_bytes()
        (mount / "ballast").unlink()
        (mount / "more").mkdir()  # room now; resume completes
        subprocess.run(["mount", "-o", "remount,size=4096k", str(mount)], check=True)
        resumed = _run(cmd + ["--resume"], full_env)
        assert resumed.returncode == 0, resumed.stdout + resumed.stderr
        assert (run_dir / "records.jsonl").read_bytes().startswith(before)
        assert_exactly_once_and_whole(run_dir, TASKS * SAMPLES)


@requires_iverilog
@needs_root_mount
def test_a_read_only_run_folder_is_a_clear_error_and_loses_nothing(tmp_path):
    _, env = install_plugin(tmp_path, n_tasks=1)
    full_env = {**os.environ, **env}
    mount = tmp_path / "ro"
    with small_filesystem(mount, 4096):
        run_dir = mount / "run"
        cmd = toy_run_cmd(run_dir, samples=2, jobs=1)
        first = _run(cmd, full_env)
        assert first.returncode == 0, first.stdout + first.stderr
        before = (run_dir / "records.jsonl").read_bytes()
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        again = _run(toy_run_cmd(run_dir, samples=4, jobs=1) + ["--resume"], full_env)
        assert again.returncode == 2, again.stdout + again.stderr
        assert "Traceback" not in said(again)
        assert "Read-only file system" in said(again)
        subprocess.run(["mount", "-o", "remount,rw", str(mount)], check=True)
        assert (run_dir / "records.jsonl").read_bytes() == before


def test_enospc_while_appending_cuts_the_partial_line_and_keeps_earlier_records(tmp_path, monkeypatch):
    with RunStore(tmp_path) as store:
        store.append(record("s/a"))
        real_write = os.write

        def half_then_full(fd, data):
            real_write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(os, "write", half_then_full)
        with pytest.raises(StoreError, match="No space left on device.*1 record"):
            store.append(record("s/b"))
        monkeypatch.setattr(os, "write", real_write)
        assert not store.has("s/b", 0)
        store.append(record("s/b"))  # space again: the same store carries on
    assert [r.task_id for r in load_records(tmp_path)] == ["s/a", "s/b"]
    assert isinstance(StoreError("x"), ChipbenchError)


def test_a_short_write_is_an_error_not_a_silent_torn_record(tmp_path, monkeypatch):
    with RunStore(tmp_path) as store:
        real_write = os.write
        monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, data[:10]))
        with pytest.raises(StoreError, match="short write"):
            store.append(record("s/a"))
    assert load_records(tmp_path) == []
    assert (tmp_path / "records.jsonl").read_bytes() == b""


def test_an_unwritable_run_folder_is_refused_when_opened(tmp_path, monkeypatch):
    real_open = os.open

    def read_only(path, flags, *args):
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(StoreError, match="Read-only file system"):
        RunStore(tmp_path).open()
