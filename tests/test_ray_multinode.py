"""The Ray executor across nodes: a cluster of two nodes on this machine (Ray's own test
cluster, one raylet per node), only one of which offers `docker`. A `--sandbox docker` run
joined by address places every evaluation on that node, in its workers, and scores it there."""

from __future__ import annotations

import asyncio
import json
import time
from importlib.util import find_spec

import pytest

from chipbench.core import Status
from chipbench.leaderboards.store import load_records
from chipbench.registry import evaluators, suites
from chipbench.runner import RunConfig, run
from chipbench.tasks import Suite
from conftest import ray_workspace, requires_iverilog
from docker_support import docker_skip_reason

TASKS = ("inv0", "inv1")
SAMPLES = 2
pytestmark = [
    pytest.mark.docker,
    pytest.mark.skipif(find_spec("ray") is None, reason="ray not installed: pip install 'chipbench[ray]'"),
    requires_iverilog,
]


@pytest.fixture(scope="module")
def two_nodes(tmp_path_factory):
    if reason := docker_skip_reason("verilog"):
        pytest.skip(reason)
    from ray.cluster_utils import Cluster

    from ray_fixture import NodeMarkedVerilog

    root = tmp_path_factory.mktemp("ray-nodes")
    with pytest.MonkeyPatch.context() as mp:
        marks, tasks = ray_workspace(root, TASKS, mp)  # before the cluster starts: its workers inherit it
        started = time.monotonic()
        cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
        docker_node = cluster.add_node(num_cpus=2, resources={"docker": 2})
        cluster.wait_for_nodes()
        suites.register("raynodes")(Suite(name="raynodes", root=tasks, evaluator="node-marked-verilog", version="1"))
        evaluators.register("node-marked-verilog")(NodeMarkedVerilog)
        try:
            yield {"marks": marks, "address": cluster.address, "docker_node": docker_node.node_id,
                   "startup_s": time.monotonic() - started}
        finally:
            suites._items.pop("raynodes", None)
            evaluators._items.pop("node-marked-verilog", None)
            cluster.shutdown()


def test_docker_evaluations_run_only_on_the_node_that_offers_docker(two_nodes, tmp_path):
    config = RunConfig(suites=["raynodes"], samples=SAMPLES, jobs=4, run_dir=tmp_path / "run", cache=False, verdict_cache=False,
                       sandbox="docker", executor="ray", executor_options={"address": two_nodes["address"]})
    asyncio.run(run(config))

    records = load_records(tmp_path / "run")
    assert sorted(r.key for r in records) == sorted((f"raynodes/{t}", s) for t in TASKS for s in range(SAMPLES))
    assert all(r.verdict.status is Status.PASS for r in records), [r.verdict.reason for r in records]
    nodes = [p.read_text() for p in two_nodes["marks"].glob("node-*")]
    assert len(nodes) == len(TASKS) * SAMPLES and set(nodes) == {two_nodes["docker_node"]}
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["executor"]["cluster"]["docker"] == 2.0 and manifest["executor"]["cluster"]["CPU"] == 3.0
    assert manifest["versions"]["sandbox verilog"].startswith("docker:chipbench:verilog-")
