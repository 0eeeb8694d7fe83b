"""The HTTP API in process: no task's hidden files are ever served, the reward mapping, and
property-based requests from the server's own OpenAPI schema that never meet a server error."""

from __future__ import annotations

import asyncio
import json
import math

import pytest
import schemathesis
from hypothesis import settings
import httpx

from chipbench.core import Perf, Status, Verdict
from chipbench.reward import REWARD_VERSION, RewardConfig, reward
from chipbench.api import load_tasks, resolve
from chipbench.runner import resolve_suites
from chipbench.service.app import ServeConfig, asgi_app, create_app

MIN_SECRET = 12
"""Shorter hidden texts (`0`, `1\\n`) may appear anywhere by chance."""


def _get_all(paths: list[str]) -> list[tuple[int, object]]:
    """GET each path from the application in this thread (no server, no lifespan: task routes
    need no queue), which keeps 500 requests within seconds."""

    async def fetch() -> list[tuple[int, object]]:
        transport = httpx.ASGITransport(app=create_app(ServeConfig(workers=1)))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return [((r := await client.get(p)).status_code, r.json()) for p in paths]

    return asyncio.run(fetch())


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.slow  # reads every installed task and its hidden folder: 10 to 30 s
def test_no_hidden_file_of_any_task_is_served():
    """GET /tasks/{id} of every task of every installed suite: no hidden file's text and no
    hidden path shows up anywhere in the answer. A hidden text the task's own prompt or
    workspace holds is public by design (a bug-repair task's buggy design, which is also its
    known-wrong candidate; a pragma-insertion task's original kernel, which its prompt shows)."""
    ids = [task.id for task in load_tasks()]  # every installed suite's tasks, read once in this process
    answers = _get_all(["/tasks"] + [f"/tasks/{i}" for i in ids])
    listed = answers.pop(0)[1]
    tasks = [resolve(i)[0] for i in ids]
    for task, (status, served) in zip(tasks, answers):
        assert status == 200, (task.id, served)
        assert served["id"] == task.id and served["prompt"]
        texts = _strings(served)
        folder = task.hidden_dir.parent
        public = "\0".join([task.prompt, *task.workspace.values()])
        assert not any(str(folder) in s for s in texts), task.id
        for secret in task.hidden_dir.rglob("*"):
            if not secret.is_file() or "__pycache__" in secret.parts:
                continue
            try:
                text = secret.read_text().strip()
            except UnicodeDecodeError:
                continue
            if len(text) < MIN_SECRET or text in public:
                continue
            assert not any(text in s for s in texts), f"{task.id}: {secret.relative_to(folder)} served"
    assert len(listed) == len(tasks) == sum(len(s.task_names()) for s in resolve_suites([])) > 300
    assert [t["id"] for t in listed] == ids
    assert "eval" not in listed[0] and "hidden_dir" not in listed[0]


def test_reward_mapping_is_staged_and_versioned():
    def v(status: Status, **kw) -> Verdict:
        return Verdict(status=status, **kw)

    assert REWARD_VERSION == 1
    assert reward(v(Status.REJECTED)).scalar == 0 and reward(v(Status.REJECTED)).components["format"] == 0
    assert reward(v(Status.COMPILE_ERROR)).scalar == pytest.approx(0.1)
    assert reward(v(Status.FAIL)).scalar == pytest.approx(0.3)
    assert reward(v(Status.TIMEOUT)).components == {"format": 1, "builds": 1, "correct": 0, "speed": 0}
    assert reward(v(Status.PASS)).scalar == pytest.approx(0.8)
    fast = v(Status.PASS, perf=Perf(unit="s", candidate=1, baseline=2, speedup=2.0))
    assert reward(fast).components["speed"] == pytest.approx(0.5) and reward(fast).speedup == 2.0
    assert reward(fast, RewardConfig(speed_cap=2)).scalar == pytest.approx(1.0)
    slower = v(Status.PASS, perf=Perf(unit="s", candidate=2, baseline=1, speedup=0.5))
    assert reward(slower).components["speed"] == 0
    # A wrong answer earns no speed, however fast; QoR counts where there is no timing.
    assert reward(v(Status.FAIL, perf=Perf(unit="s", candidate=1, baseline=9, speedup=9))).components["speed"] == 0
    smaller = v(Status.PASS, qor={"cells": 50, "cells_reference": 100, "cells_ratio": 0.5})
    assert reward(smaller).speedup == 2.0
    assert reward(v(Status.HARNESS_ERROR)).scalar is None
    weights = RewardConfig(format=0, builds=0, correct=1, speed=0)
    assert reward(fast, weights).scalar == 1 and reward(v(Status.FAIL), weights).scalar == 0
    assert math.isclose(reward(fast).scalar, 0.1 + 0.2 + 0.5 + 0.2 * 0.5)


schema = schemathesis.openapi.from_asgi("/openapi.json", asgi_app(ServeConfig(workers=1, max_queue=4,
                                                                               time_limit_s=20)))


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=15, deadline=None)
def test_api_never_answers_with_a_server_error(case):
    response = case.call()
    assert response.status_code < 500 or response.status_code == 504, (response.status_code, response.text[:300])
    json.loads(response.text)  # every answer is JSON
