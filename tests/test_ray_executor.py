"""The Ray executor on a real local Ray cluster (one per module: it takes seconds to start):
evaluations run in worker processes, a worker killed mid-evaluation has its task retried and
every (task, sample) is recorded exactly once, the CLI joins a cluster by address and resumes.
Placement rules and the missing-Ray error need no cluster."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections import Counter
from importlib.util import find_spec
from pathlib import Path

import pytest

from chipbench.core import Candidate, ChipbenchError, Status
from chipbench.evaluators import Resources
from chipbench.executors import Evaluation
from chipbench.executors.ray import RayExecutor, placement
from chipbench.leaderboards.store import load_records
from chipbench.registry import evaluators, suites
from chipbench.runner import RunConfig, run
from chipbench.tasks import Suite
from conftest import chipbench_cmd, ray_workspace, requires_iverilog
from plugin_fixture import install_plugin

TESTS = Path(__file__).parent
requires_ray = pytest.mark.skipif(find_spec("ray") is None,
                                  reason="ray not installed: pip install 'chipbench[ray]' (scripts/setup.sh installs it)")
TASKS = ("inv0", "inv1", "inv2")
SAMPLES = 2


# -- without a cluster --------------------------------------------------------------------------

def test_placement_asks_for_cpus_gpus_and_a_resource_named_after_the_sandbox():
    cluster = {"CPU": 8.0, "GPU": 2.0, "docker": 4.0}
    assert placement(Resources(), "local", cluster, 3) == {"num_cpus": 1.0, "num_gpus": 0.0, "resources": {},
                                                           "max_retries": 3}
    gpu = placement(Resources(cpus=2, gpus=1), "docker", cluster, 0)
    assert gpu == {"num_cpus": 2, "num_gpus": 1, "resources": {"docker": 1.0}, "max_retries": 0}


def test_placement_runs_gpu_work_on_cpus_when_the_cluster_has_no_gpu():
    assert placement(Resources(gpus=1), "local", {"CPU": 4.0}, 3)["num_gpus"] == 0.0


def test_placement_refuses_needs_no_node_can_meet():
    with pytest.raises(ChipbenchError, match=r"""ray start --resources '\{"docker": N\}'"""):
        placement(Resources(), "docker", {"CPU": 4.0}, 3)
    with pytest.raises(ChipbenchError, match="needs 2 GPUs but the Ray cluster has 1"):
        placement(Resources(gpus=2), "local", {"CPU": 4.0, "GPU": 1.0}, 3)


def test_kernel_backends_timed_on_a_gpu_ask_for_one():
    pytest.importorskip("torch", reason="the cuda-kernels suite needs torch: pip install 'chipbench[kernels]'")
    from chipbench.evaluators.kernels import KernelEvaluator, kernel_backends
    from chipbench.tasks.kernels import KernelSuite

    fixture = KernelSuite(name="cuda-kernels", root=TESTS / "kernel_fixtures" / "tasks", evaluator="cuda-kernels",
                          version="test")
    (task,) = fixture.load()
    gpus = {backend: KernelEvaluator().resources(kernel_backends.get(backend)().adapt(task)).gpus
            for backend in ("cpu", "triton", "cuda")}
    assert gpus == {"cpu": 0.0, "triton": 1.0, "cuda": 1.0}


def test_ray_executor_without_ray_says_how_to_install(monkeypatch, tmp_path):
    from typer.testing import CliRunner

    from chipbench.cli import app

    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError
    with pytest.raises(ChipbenchError, match=r"pip install 'chipbench\[ray\]'"):
        RayExecutor()
    result = CliRunner().invoke(app, ["run", "--suite", "verilog", "--executor", "ray",
                                      "--run-dir", str(tmp_path / "run"), "--no-report"])
    assert result.exit_code == 2 and "pip install 'chipbench[ray]'" in " ".join(result.output.split())
    assert not (tmp_path / "run").exists(), "nothing may start before the executor is known to work"


def test_local_executor_rejects_a_cluster_address(tmp_path):
    from typer.testing import CliRunner

    from chipbench.cli import app

    result = CliRunner().invoke(app, ["run", "--suite", "verilog", "--address", "10.0.0.1:6379",
                                      "--run-dir", str(tmp_path / "run"), "--no-report"])
    assert result.exit_code == 2 and "executor 'local' rejected its options" in " ".join(result.output.split())


# -- on a local Ray cluster ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A 3-CPU local Ray cluster whose workers can import `ray_fixture`, and a suite `raytoy`
    of three inverter tasks scored by its MarkedVerilog."""
    import ray

    from ray_fixture import MarkedVerilog

    root = tmp_path_factory.mktemp("ray")
    with pytest.MonkeyPatch.context() as mp:
        marks, tasks = ray_workspace(root, TASKS, mp)  # before the cluster starts: its workers inherit it
        started = time.monotonic()
        ray.init(num_cpus=3, include_dashboard=False, log_to_driver=False, logging_level="WARNING")
        startup_s = time.monotonic() - started
        suites.register("raytoy")(Suite(name="raytoy", root=tasks, evaluator="marked-verilog", version="1"))
        evaluators.register("marked-verilog")(MarkedVerilog)
        try:
            yield {"marks": marks, "tasks": tasks, "startup_s": startup_s, "address": ray.get_runtime_context().gcs_address}
        finally:
            ray.shutdown()
            suites._items.pop("raytoy", None)
            evaluators._items.pop("marked-verilog", None)


@pytest.fixture
def marks(cluster):
    for p in cluster["marks"].iterdir():
        p.unlink()
    return cluster["marks"]


def ray_config(run_dir: Path, **options) -> RunConfig:
    return RunConfig(suites=["raytoy"], samples=SAMPLES, jobs=4, run_dir=run_dir, cache=False, verdict_cache=False,
                     executor="ray", executor_options=options)


def one_record_each(run_dir: Path) -> list:
    records = load_records(run_dir)
    keys = Counter(r.key for r in records)
    assert set(keys) == {(f"raytoy/{t}", s) for t in TASKS for s in range(SAMPLES)}, "a sample is missing"
    assert set(keys.values()) == {1}, f"a sample was recorded twice: {keys}"
    return records


@requires_ray
@requires_iverilog
def test_evaluations_run_in_ray_workers_and_each_sample_is_recorded_once(cluster, marks, tmp_path):
    from ray_fixture import attempts

    asyncio.run(run(ray_config(tmp_path / "run")))
    records = one_record_each(tmp_path / "run")
    assert all(r.verdict.status is Status.PASS for r in records), [r.verdict.reason for r in records]
    pids = {pid for t in TASKS for pid in attempts(t)}
    assert sum(len(attempts(t)) for t in TASKS) == len(TASKS) * SAMPLES
    assert pids and os.getpid() not in pids, "evaluations must run in Ray workers, not the driver"
    manifest = (tmp_path / "run" / "manifest.json").read_text()
    assert '"name": "ray"' in manifest and '"CPU": 3.0' in manifest


@requires_ray
@requires_iverilog
def test_scoring_on_a_worker_matches_local_scoring(cluster, marks):
    """A known-wrong candidate fails and the reference passes, with public (feedback) checks
    and hidden ones, when scored through the executor."""
    from ray_fixture import MarkedVerilog

    (task,) = suites.get("raytoy").load(["inv0"])

    async def score():
        executor = RayExecutor()
        await executor.start()
        try:
            out = {}
            for label, files in (("reference", task.reference), ("wrong", task.wrong_candidates()["passthrough"])):
                for public in (False, True):
                    ev = Evaluation(MarkedVerilog(), task, Candidate(files=files), "local", (cluster["tasks"],), public)
                    out[label, public] = await executor.evaluate(ev)
            return out
        finally:
            await executor.stop()

    verdicts = asyncio.run(score())
    assert verdicts["reference", False].status is Status.PASS
    assert verdicts["reference", True].status is Status.PASS
    assert verdicts["wrong", False].status is Status.FAIL
    assert verdicts["wrong", True].status is Status.FAIL and verdicts["wrong", True].feedback


@requires_ray
def test_an_evaluator_that_cannot_be_pickled_is_named(cluster):
    from ray_fixture import LockedVerilog

    (task,) = suites.get("raytoy").load(["inv0"])

    async def score():
        executor = RayExecutor()
        await executor.start()
        try:
            return await executor.evaluate(Evaluation(LockedVerilog(), task, Candidate(files=task.reference),
                                                      "local", (cluster["tasks"],)))
        finally:
            await executor.stop()

    with pytest.raises(ChipbenchError, match="evaluator 'verilog' cannot be sent to Ray workers"):
        asyncio.run(score())


@requires_ray
def test_a_need_no_node_meets_stops_the_run_before_anything_is_recorded(cluster, tmp_path):
    config = ray_config(tmp_path / "run")
    config.sandbox = "docker"  # this cluster offers no `docker` resource
    with pytest.raises(ChipbenchError, match="no node of the Ray cluster offers the resource 'docker'"):
        asyncio.run(run(config))
    # The store makes an empty records file when it opens (to fail early on a folder it cannot
    # write); nothing may be in it, and no manifest written.
    records = tmp_path / "run" / "records.jsonl"
    assert (not records.exists() or records.read_bytes() == b"") and not (tmp_path / "run" / "manifest.json").exists()


async def run_killing_held_worker(config: RunConfig, marks: Path, task_name: str) -> int:
    """Run `config`; when the first evaluation of `task_name` is held, SIGKILL its worker.
    Returns the pid killed."""
    (marks / f"hold-{task_name}").write_text("")
    held = marks / f"held-{task_name}.pid"

    async def kill_when_held() -> int:
        deadline = time.monotonic() + 120
        while not held.exists():
            assert time.monotonic() < deadline, "the held evaluation never started"
            await asyncio.sleep(0.05)
        pid = int(held.read_text())
        os.kill(pid, signal.SIGKILL)
        return pid

    _, pid = await asyncio.gather(run(config), kill_when_held())
    return pid


@requires_ray
@requires_iverilog
def test_worker_killed_mid_evaluation_is_retried_and_nothing_is_lost_or_counted_twice(cluster, marks, tmp_path):
    from ray_fixture import attempts

    started = time.monotonic()
    killed = asyncio.run(run_killing_held_worker(ray_config(tmp_path / "run"), marks, "inv1"))
    wall_s = time.monotonic() - started
    assert killed != os.getpid()
    records = one_record_each(tmp_path / "run")
    assert all(r.verdict.status is Status.PASS for r in records), [r.verdict.reason for r in records]
    # inv1: the killed attempt, its retry, and the other sample; the others once per sample.
    assert killed in attempts("inv1") and len(attempts("inv1")) == SAMPLES + 1
    assert [len(attempts(t)) for t in ("inv0", "inv2")] == [SAMPLES, SAMPLES]
    assert wall_s < 50, f"the retry must not wait out the held evaluation ({wall_s:.1f} s)"


@requires_ray
@requires_iverilog
def test_task_that_exhausts_its_retries_is_one_harness_error_record(cluster, marks, tmp_path):
    from ray_fixture import attempts

    killed = asyncio.run(run_killing_held_worker(ray_config(tmp_path / "run", max_retries=0), marks, "inv2"))
    records = one_record_each(tmp_path / "run")
    failed = [r for r in records if r.verdict.status is not Status.PASS]
    assert len(failed) == 1 and failed[0].task_id == "raytoy/inv2"
    assert failed[0].verdict.status is Status.HARNESS_ERROR and failed[0].verdict.category == "executor"
    assert "ray task failed" in failed[0].verdict.reason
    assert attempts("inv2").count(killed) == 1 and len(attempts("inv2")) == SAMPLES  # no retry


@requires_ray
@requires_iverilog
def test_cli_joins_the_cluster_by_address_and_resume_completes_the_run(cluster, tmp_path):
    """`chipbench run --executor ray --address ...` from another process, stopped after one
    task, then resumed over all of them: every (task, sample) once."""
    _, env = install_plugin(tmp_path, n_tasks=3)
    run_dir = tmp_path / "run"
    base = ["run", "--suite", "toy", "--samples", "2", "--jobs", "3", "--run-dir", str(run_dir), "--no-report",
            "--no-cache", "--executor", "ray", "--address", cluster["address"]]
    first = chipbench_cmd(*base, "--task", "inv0", env=env, timeout=180)
    assert first.returncode == 0, first.stdout + first.stderr
    assert len(load_records(run_dir)) == 2
    resumed = chipbench_cmd(*base, "--resume", env=env, timeout=180)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    records = load_records(run_dir)
    keys = Counter(r.key for r in records)
    assert len(keys) == 6 and set(keys.values()) == {1}
    assert all(r.verdict.correct for r in records)


# -- the server in front of a cluster ---------------------------------------------------------

@requires_ray
@requires_iverilog
def test_the_server_judges_through_ray_workers(cluster, marks):
    """`chipbench serve --executor ray`'s application (in process, on the module's cluster):
    the reference passes and a known-wrong candidate fails, sent at once, each scored in a Ray
    worker, never in the server."""
    from fastapi.testclient import TestClient

    from chipbench.service.app import ServeConfig, asgi_app
    from ray_fixture import attempts

    (task,) = suites.get("raytoy").load(["inv0"])
    requests = [{"task_id": "raytoy/inv0", "files": files, "cache": False}
                for files in (task.reference, task.wrong_candidates()["passthrough"])]
    with TestClient(asgi_app(ServeConfig(executor="ray", workers=2))) as http:
        assert http.get("/metrics").json()["executor"]["cluster"]["CPU"] == 3.0
        accepted = http.post("/jobs", json={"requests": requests})
        assert accepted.status_code == 202, accepted.text
        jobs = [http.get(f"/jobs/{j['id']}", params={"wait": 60}).json() for j in accepted.json()["jobs"]]
    assert [j["state"] for j in jobs] == ["done", "done"]
    assert [j["verdict"]["status"] for j in jobs] == ["pass", "fail"], [j["verdict"]["reason"] for j in jobs]
    pids = attempts("inv0")
    assert len(pids) == 2 and os.getpid() not in pids, "evaluations must run in Ray workers, not the server"


@pytest.mark.slow
@requires_ray
def test_chipbench_serve_executor_ray_joins_a_cluster_by_address(cluster):
    """The command itself, as a separate process joining the module's cluster: correct and
    wrong candidates of an installed suite judged right, the cluster shown in /metrics, and
    nothing of the server left after it stops (the cluster it joined is not its to stop)."""
    from chipbench.client import Client
    from service_support import descendants, running_server

    isa = "isa-transpile/sat_add_i32-O2-riscv64"
    (task,) = suites.get("isa-transpile").load([isa.split("/")[1]])
    with running_server("--executor", "ray", "--address", cluster["address"], "--workers", "2") as (url, proc):
        with Client(url) as c:
            assert c.metrics().executor["name"] == "ray"
            passed = c.evaluate(isa, task.reference, cache=False)
            wrong = [c.evaluate(isa, files, cache=False) for files in task.wrong_candidates().values()]
        tree = descendants(proc.pid)
    assert passed.verdict.status is Status.PASS, passed.verdict.reason
    assert wrong and all(j.verdict.status not in (Status.PASS, Status.HARNESS_ERROR) for j in wrong), \
        [(j.verdict.status, j.verdict.reason) for j in wrong]
    deadline = time.monotonic() + 15
    while (alive := [p for p in tree if Path(f"/proc/{p}").exists()]) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not alive, f"processes of the server left after it stopped: {alive}"
