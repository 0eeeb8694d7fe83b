"""Records survive crashes: whole lines only, an index rebuilt from them, resume exactly once."""

import os
import signal
import subprocess
import sys
import time
from collections import Counter

import pytest

from chipbench.core import Candidate, ChipbenchError, RunRecord, Status, Verdict
from chipbench.leaderboards.store import RunStore, load_records
from conftest import requires_iverilog
from plugin_fixture import install_plugin


def record(task_id="s/a", sample=0, status=Status.PASS):
    return RunRecord(run_id="r", task_id=task_id, suite="s", sample=sample, agent="a", model="m",
                     config_hash="h", task_digest="d", candidate=Candidate(files={"x": "y"}),
                     verdict=Verdict(status=status), started_at=0, finished_at=1)


def test_appended_records_are_read_back(tmp_path):
    with RunStore(tmp_path) as store:
        store.append(record("s/a", 0))
        store.append(record("s/b", 0, Status.FAIL))
    got = load_records(tmp_path)
    assert [(r.task_id, r.verdict.status) for r in got] == [("s/a", Status.PASS), ("s/b", Status.FAIL)]


def test_the_same_key_cannot_be_recorded_twice(tmp_path):
    with RunStore(tmp_path) as store:
        store.append(record())
        with pytest.raises(ChipbenchError, match="already recorded"):
            store.append(record())


def test_torn_last_line_is_cut_off_on_open(tmp_path):
    with RunStore(tmp_path) as store:
        store.append(record("s/a"))
    with open(tmp_path / "records.jsonl", "ab") as f:
        f.write(record("s/b").model_dump_json().encode()[:50])  # killed mid-write
    assert len(load_records(tmp_path)) == 1
    with RunStore(tmp_path) as store:
        assert len(store) == 1 and not store.has("s/b", 0)
        store.append(record("s/b"))
    assert [r.task_id for r in load_records(tmp_path)] == ["s/a", "s/b"]


def test_corruption_before_the_last_line_is_an_error_not_silently_dropped(tmp_path):
    with RunStore(tmp_path) as store:
        store.append(record("s/a"))
        store.append(record("s/b"))
    path = tmp_path / "records.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"{garbage}\n" + lines[1])
    with pytest.raises(ChipbenchError, match="corrupt record"):
        RunStore(tmp_path).open()


def test_index_is_rebuilt_when_it_lags_the_records(tmp_path):
    import sqlite3

    with RunStore(tmp_path) as store:
        store.append(record("s/a"))
        store.append(record("s/b"))
    db = sqlite3.connect(tmp_path / "index.sqlite")
    db.execute("DELETE FROM records WHERE task_id = 's/b'")
    db.commit()
    db.close()
    RunStore(tmp_path).open().close()
    db = sqlite3.connect(tmp_path / "index.sqlite")
    assert db.execute("SELECT COUNT(*) FROM records").fetchone() == (2,)


def wait_for_lines(path, n, timeout=120.0):
    """Block until the records file holds at least `n` complete lines (a run is midway)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not (path.exists() and path.read_bytes().count(b"\n") >= n):
        time.sleep(0.05)


def toy_run_cmd(run_dir, samples, jobs):
    return [sys.executable, "-m", "chipbench.cli", "run", "--suite", "toy", "--model", "slow-oracle:0.3",
            "--samples", str(samples), "--jobs", str(jobs), "--run-dir", str(run_dir), "--no-report"]


@requires_iverilog
def test_run_killed_with_sigkill_then_resumed_records_each_sample_exactly_once(tmp_path):
    _, env = install_plugin(tmp_path, n_tasks=3)
    run_dir = tmp_path / "run"
    cmd = toy_run_cmd(run_dir, samples=4, jobs=2)
    full_env = {**os.environ, **env}
    proc = subprocess.Popen(cmd, env=full_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    records = run_dir / "records.jsonl"
    wait_for_lines(records, 3)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    done_before = records.read_bytes().count(b"\n")
    assert 3 <= done_before < 12, "the kill must land midway"

    resumed = subprocess.run(cmd + ["--resume"], env=full_env, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    keys = Counter((r.task_id, r.sample) for r in load_records(run_dir))
    assert len(keys) == 12 and set(keys.values()) == {1}
    assert all(r.verdict.correct for r in load_records(run_dir))


def test_resume_with_another_model_is_refused(tmp_path):
    from chipbench.run_config import resolve
    from chipbench.runner import RunConfig, _check_manifest

    def resolved(**kw):
        return resolve(RunConfig(suites=[], run_dir=tmp_path, **kw), [])

    with RunStore(tmp_path) as store:
        _check_manifest(store, resolved(model="oracle"), {})
        store.append(record())
        with pytest.raises(ChipbenchError, match="cannot resume.*model was 'oracle', now 'replay:x'"):
            _check_manifest(store, resolved(model="replay:x", resume=True), {})
        with pytest.raises(ChipbenchError, match="--resume"):
            _check_manifest(store, resolved(model="oracle"), {})


@requires_iverilog
def test_ctrl_c_stops_cleanly_and_resume_completes(tmp_path):
    _, env = install_plugin(tmp_path, n_tasks=2)
    run_dir = tmp_path / "run"
    cmd = toy_run_cmd(run_dir, samples=5, jobs=1)
    full_env = {**os.environ, **env}
    # As in a terminal: a test runner started in the background (`cmd &`) ignores SIGINT, and
    # its children would inherit that and never see the Ctrl-C this test sends.
    proc = subprocess.Popen(cmd, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    records = run_dir / "records.jsonl"
    wait_for_lines(records, 2)
    proc.send_signal(signal.SIGINT)
    output, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130, output
    assert "--resume" in output and "Traceback" not in output
    assert 2 <= len(load_records(run_dir)) < 10
    resumed = subprocess.run(cmd + ["--resume"], env=full_env, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    keys = Counter((r.task_id, r.sample) for r in load_records(run_dir))
    assert len(keys) == 10 and set(keys.values()) == {1}


def test_a_run_folder_has_one_writer_at_a_time(tmp_path):
    """A second run, or a reeval, on a folder a run is writing is refused, naming the folder; the
    folder is free again once the writer closes (or dies: the lock is the process's)."""
    import asyncio

    from chipbench.reeval import reevaluate_harness_errors

    with RunStore(tmp_path) as store:
        store.append(record("s/a", status=Status.HARNESS_ERROR))
        with pytest.raises(ChipbenchError, match=f"{tmp_path} is being written by another chipbench process"):
            RunStore(tmp_path).open()
        with pytest.raises(ChipbenchError, match="being written by another"):
            asyncio.run(reevaluate_harness_errors(tmp_path))
    holder = subprocess.Popen([sys.executable, "-c", f"""
import sys, time
from chipbench.leaderboards.store import RunStore
store = RunStore({str(tmp_path)!r}).open()
print("open", flush=True)
time.sleep(60)
"""], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "open\n"
        with pytest.raises(ChipbenchError, match="being written by another"):
            RunStore(tmp_path).open()
    finally:
        holder.kill()
        holder.wait()
    with RunStore(tmp_path) as store:
        assert len(store) == 1


def test_a_refused_open_leaves_the_folder_free(tmp_path):
    with RunStore(tmp_path) as store:
        store.append(record("s/a"))
    (tmp_path / "records.jsonl").write_bytes(b"{garbage}\n" + (tmp_path / "records.jsonl").read_bytes())
    with pytest.raises(ChipbenchError, match="corrupt record"):
        RunStore(tmp_path).open()
    (tmp_path / "records.jsonl").write_bytes((tmp_path / "records.jsonl").read_bytes().split(b"\n", 1)[1])
    RunStore(tmp_path).open().close()
