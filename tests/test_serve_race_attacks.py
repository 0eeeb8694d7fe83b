"""Attacks on a real `chipbench serve` (127.0.0.1) aimed at the worker pipe, the verdict cache
and the job queue: a verdict that reaches the wrong request, a cancel that stops the wrong
job, a cache entry a later request gets wrongly. Each test fails if its hole opens again."""

from __future__ import annotations

import httpx

from chipbench import api
from service_support import running_server

KERNEL = "cuda-kernels/elu"


def test_a_candidate_cannot_collide_with_another_in_the_verdict_cache(tmp_path):
    """The cache key joined a candidate's files as `\\0name\\0text`: a candidate that leaves out
    its second file and carries it, separators and all, inside the first had the same key as the
    two-file candidate, and got that candidate's stored verdict (here: a missing-file failure
    for a candidate that has both files; the other way round, a pass for one that has one)."""
    task, _, _ = api.resolve(KERNEL)
    assert sorted(task.submit) == ["kernel.cpp", "model_new.py"]
    kernel = task.reference["kernel.cpp"]
    model = "import os\n" + task.reference["model_new.py"]  # refused by the source policy: no build
    both = {"kernel.cpp": kernel, "model_new.py": model}
    folded = {"kernel.cpp": f"{kernel}\0model_new.py\0{model}"}
    with running_server("--workers", "1", env={"CHIPBENCH_PRIVATE_CACHE": str(tmp_path / "private")}) as (url, _), \
            httpx.Client(base_url=url, timeout=120) as http:
        first = http.post("/evaluate", json={"task_id": KERNEL, "files": folded}).json()["verdict"]
        assert first["status"] == "fail" and "missing required file" in first["reason"], first
        second = http.post("/evaluate", json={"task_id": KERNEL, "files": both}).json()["verdict"]
        assert not second["cached"], f"another candidate's stored verdict: {second['reason']}"
        assert second["status"] == "rejected" and "missing" not in second["reason"], second


def test_a_tool_probe_that_failed_for_a_moment_is_asked_again(tmp_path, monkeypatch):
    """`tool_version` asks again after a probe that timed out, but remembered for the worker's
    life two other failures of a moment: `missing` when the tool could not be found (a PATH
    entry on a mount that was away, a package being upgraded) and `unknown` when the probe was
    killed by a signal (the out-of-memory killer at load). That worker's verdict keys then
    named a toolchain it does not have: every cached request it took missed, and what it
    judged was stored under a key no other worker makes."""
    from chipbench.evaluators import _base

    tool = tmp_path / "chipbench-probe-tool"
    flag = tmp_path / "crash"
    tool.write_text(f"#!/bin/sh\nif [ -e {flag} ]; then kill -9 $$; fi\necho 'probe-tool 1.2.3'\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:{__import__('os').environ['PATH']}")
    monkeypatch.delitem(_base._versions, tool.name, raising=False)

    flag.touch()
    assert _base.tool_version(tool.name) == _base.PROBE_FAILED, "a probe killed by a signal is not a version"
    flag.unlink()
    assert _base.tool_version(tool.name) == "probe-tool 1.2.3"

    monkeypatch.delitem(_base._versions, tool.name)
    real_which = _base.shutil.which
    monkeypatch.setattr(_base.shutil, "which", lambda name, *a, **k: None)
    assert _base.tool_version(tool.name) == "missing"
    monkeypatch.setattr(_base.shutil, "which", real_which)
    assert _base.tool_version(tool.name) == "probe-tool 1.2.3", "a tool missing for a moment was remembered"
