"""The results table: every record as a DataFrame row, versioned records, honest task metadata."""

import json

import pandas as pd
import pytest

import chipbench.results as results
from chipbench.core import SCHEMA_VERSION, Candidate, ChipbenchError, Perf, RunRecord, Status, TaskInfo, Trajectory, Usage, Verdict
from chipbench.leaderboards.store import RunStore, load_records, read_manifest
from chipbench.registry import suites
from chipbench.results._views import CandidateView, RecordView, TrajectoryView, VerdictView
from conftest import chipbench_cmd

INFO = TaskInfo(title="T", kind="transpile", difficulty="easy", tags=("bits", "aarch64"), track="O2")


def record(task="isa-transpile/a", sample=0, status=Status.PASS, speedup=2.0, model="m1", **kw):
    perf = Perf(unit="instructions", candidate=50, baseline=100, speedup=speedup,
                speedups={"gcc -O2": speedup}) if speedup else None
    traj = Trajectory(usage=Usage(prompt_tokens=100, completion_tokens=20, cost_usd=0.01), model_calls=2)
    return RunRecord(run_id="r1", task_id=task, suite=task.split("/")[0], sample=sample, agent="refine",
                     model=model, config_hash="h", task_digest="d1", candidate=Candidate(trajectory=traj),
                     verdict=Verdict(status=status, perf=perf, qor={"cells_ratio": 0.5}), started_at=10,
                     finished_at=13, task_info=INFO, suite_version="0.1", **kw)


def write_run(path, records, manifest=None):
    with RunStore(path) as store:
        store.write_manifest(manifest or {"run_id": "r1", "model": records[0].model, "agent": "refine",
                                          "host": "h1", "sandbox": "local"})
        for r in records:
            store.append(r)
    return path


def test_a_row_per_record_with_task_metadata_verdict_figures_cost_and_config(tmp_path):
    write_run(tmp_path / "run", [record(), record(sample=1, status=Status.HARNESS_ERROR, speedup=None)])
    df = results.load(tmp_path / "run")
    assert len(df) == 2 and list(df["sample"]) == [0, 1]
    row = df.iloc[0]
    assert (row.suite, row.task_id, row.difficulty, list(row.tags), row.track) == (
        "isa-transpile", "isa-transpile/a", "easy", ["bits", "aarch64"], "O2")
    assert row.task_info_source == "record" and row.schema_version == SCHEMA_VERSION
    assert (row.status, row.correct, row.speedup, row["speedup:gcc -O2"], row.perf_ratio) == ("pass", True, 2.0, 2.0, 0.5)
    assert row["qor:cells_ratio"] == 0.5
    assert (row.tokens, row.cost_usd, row.model_calls, row.wall_s) == (120, 0.01, 2, 3.0)
    assert (row.model, row.agent, row.config_hash, row.host) == ("m1", "refine", "h", "h1")
    assert bool(df.iloc[1].harness_error) and not df.iloc[1].correct and pd.isna(df.iloc[1].speedup)


def test_globs_and_several_runs_load_into_one_table(tmp_path):
    write_run(tmp_path / "runs" / "a", [record(model="m1")])
    write_run(tmp_path / "runs" / "b", [record(model="m2"), record(task="isa-transpile/b", model="m2")])
    df = results.load(str(tmp_path / "runs" / "*"))
    assert sorted(df.groupby("model").size().items()) == [("m1", 1), ("m2", 2)]
    with pytest.raises(ChipbenchError, match="no run directory"):
        results.load(str(tmp_path / "nothing*"))


def _v1_line(task_id, digest):
    """A record as chipbench wrote it before schema_version existed: no version, no task metadata."""
    rec = json.loads(record(task=task_id).model_dump_json())
    rec["task_digest"] = digest
    for key in ("schema_version", "task_info", "suite_version", "evaluator_settings"):
        del rec[key]
    return json.dumps(rec) + "\n"


def test_old_records_load_as_version_1_and_take_metadata_only_from_an_unchanged_task(tmp_path):
    task = suites.get("verilog").load(["priority_encoder"])[0]
    run = tmp_path / "old"
    run.mkdir()
    (run / "records.jsonl").write_text(_v1_line(task.id, task.digest) + _v1_line("verilog/alu8", "changed0000"))
    (run / "manifest.json").write_text(json.dumps({"run_id": "old", "suites": ["verilog"]}))
    assert [r.schema_version for r in load_records(run)] == [1, 1]
    assert read_manifest(run)["schema_version"] == 1
    df = results.load(run).set_index("task_id")
    same = df.loc[task.id]
    assert (same.task_info_source, same.difficulty, same.track) == ("suite", task.difficulty, task.kind)
    changed = df.loc["verilog/alu8"]
    assert changed.task_info_source == "unknown" and pd.isna(changed.difficulty) and changed.tags is None


def test_records_and_manifests_from_a_newer_chipbench_are_refused_with_a_clear_message(tmp_path):
    run = write_run(tmp_path / "run", [record()])
    line = json.loads((run / "records.jsonl").read_text())
    line["schema_version"] = SCHEMA_VERSION + 1
    (run / "records.jsonl").write_text(json.dumps(line) + "\n")
    for read in (load_records, results.load):
        with pytest.raises(ChipbenchError, match=f"schema version {SCHEMA_VERSION + 1}.*upgrade chipbench"):
            read(run)
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["schema_version"] == SCHEMA_VERSION
    (run / "manifest.json").write_text(json.dumps({**manifest, "schema_version": SCHEMA_VERSION + 1}))
    with pytest.raises(ChipbenchError, match="upgrade chipbench"):
        read_manifest(run)


def test_the_fast_view_reads_fields_that_exist_in_the_record():
    """RecordView validates only part of a record; a field renamed in RunRecord must not vanish."""
    from chipbench.core import Trajectory as T

    for view, model in ((RecordView, RunRecord), (VerdictView, Verdict), (CandidateView, Candidate),
                        (TrajectoryView, T)):
        assert set(view.model_fields) <= set(model.model_fields), view


@pytest.mark.parametrize("suffix", ["csv", "json", "jsonl", "parquet"])
def test_export_from_the_cli_round_trips(tmp_path, suffix):
    write_run(tmp_path / "run", [record(), record(task="isa-transpile/b", status=Status.FAIL, speedup=None)])
    out = tmp_path / f"table.{suffix}"
    res = chipbench_cmd("export", str(tmp_path / "run"), "--out", str(out))
    assert res.returncode == 0, res.stdout + res.stderr
    back = {"csv": pd.read_csv, "json": pd.read_json, "parquet": pd.read_parquet,
            "jsonl": lambda p: pd.read_json(p, lines=True)}[suffix](out)
    assert list(back["task_id"]) == ["isa-transpile/a", "isa-transpile/b"]
    assert list(back["status"]) == ["pass", "fail"]
    tags = back["tags"].iloc[0]
    assert (tags == "bits;aarch64") if suffix == "csv" else list(tags) == ["bits", "aarch64"]
