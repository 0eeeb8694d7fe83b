"""The `local/NAME --base-url` client against a real OpenAI-compatible server, not a fake:
`transformers serve` on 127.0.0.1 with tiny models built at test time (tests/served_model.py).

All three agents run on one task of each suite through the CLI, as a user would. The models
are untrained, so every verdict is a failure; what is checked is the plumbing: every record
complete, tokens counted as the server reported them, no harness error, and a server that
cannot answer (a prompt longer than the model's context, a server that is gone) gives a model
error carrying the server's message while the run goes on.
"""

from __future__ import annotations

import importlib.util
import json

import pytest

from conftest import chipbench_cmd
from served_model import build_models, serve_cli, start_server

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("transformers") is None or serve_cli() is None,
    reason="transformers[serving] is not installed (pip install 'chipbench[test]')")

TASKS = ("verilog/alu8", "isa-transpile/bignum_add-O0-riscv64", "cuda-kernels/argmax_rows")
SUITES = ("verilog", "isa-transpile", "cuda-kernels")
# The test's budget: short replies (the models are untrained), patience for a loaded machine.
MODEL_FLAGS = ("--max-tokens", "16", "--timeout", "60", "--no-cache", "--no-report")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    root = tmp_path_factory.mktemp("served")
    llama, gpt2 = build_models(root)
    server = start_server(root / "serve.log")
    try:
        yield server, llama, gpt2, root
    finally:
        server.stop()
    assert server.process.returncode is not None and not server.answers()


def run_cli(run_dir, model_dir, server, agent, tasks=TASKS, retries="2"):
    args = ["run", "--agent", agent, "--model", f"local/{model_dir}", "--base-url", server.base_url,
            "--run-dir", str(run_dir), "--retries", retries, *MODEL_FLAGS]
    for s in SUITES:
        args += ["--suite", s]
    for t in tasks:
        args += ["--task", t]
    out = chipbench_cmd(*args, timeout=240)
    assert out.returncode == 0, out.stdout + out.stderr + server.log.read_text()[-3000:]
    return [json.loads(line) for line in (run_dir / "records.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("agent", ["single-shot", "refine", "tool-calling"])
def test_each_agent_runs_one_task_of_each_suite_against_the_real_server(served, agent):
    server, llama, _, root = served
    records = run_cli(root / f"run-{agent}", llama, server, agent)
    assert sorted(r["task_id"] for r in records) == sorted(TASKS)
    for r in records:
        t = r["candidate"]["trajectory"]
        assert r["verdict"]["status"] not in ("harness_error", "model_error", "pass"), r["verdict"]
        assert t["model_calls"] >= 1 and t["usage"]["prompt_tokens"] > 100 and t["usage"]["completion_tokens"] > 0
        model_steps = [s for s in t["steps"] if s["kind"] == "model"]
        assert len(model_steps) == t["model_calls"] and all(s["error"] is None for s in model_steps)
        assert sum(s["usage"]["prompt_tokens"] for s in model_steps) == t["usage"]["prompt_tokens"]
        assert t["stop_reason"] and r["model"] == f"local/{llama}"
    if agent == "refine":  # no code in the replies: every round is used, told what was missing
        assert all(r["candidate"]["trajectory"]["model_calls"] == 3 for r in records)
    if agent == "tool-calling":  # the server got the tools; the model never called one
        assert all("stopped calling tools" in r["candidate"]["trajectory"]["stop_reason"] for r in records)


def test_a_prompt_over_the_context_is_a_model_error_with_the_servers_message(served):
    server, _, gpt2, root = served
    records = run_cli(root / "run-overlong", gpt2, server, "single-shot", tasks=TASKS[:2], retries="1")
    assert len(records) == 2
    for r in records:
        v = r["verdict"]
        assert v["status"] == "model_error", v
        assert "InternalServerError: Error code: 500 (server said: Internal Server Error)" in v["reason"]
        assert "gave up after 2 attempt(s)" in v["reason"]  # a 500 is retried once, then recorded
        (step,) = r["candidate"]["trajectory"]["steps"]
        assert step["kind"] == "model" and "Internal Server Error" in step["error"]
    assert server.answers()  # the server survived, and so did the run
    assert "index out of range" in server.log.read_text() or "IndexError" in server.log.read_text()


def test_a_server_that_is_gone_is_a_model_error_and_the_run_goes_on(served):
    server, llama, _, root = served
    server.stop()
    records = run_cli(root / "run-gone", llama, server, "single-shot", tasks=TASKS[:2], retries="0")
    assert len(records) == 2
    for r in records:
        assert r["verdict"]["status"] == "model_error" and "APIConnectionError" in r["verdict"]["reason"]
