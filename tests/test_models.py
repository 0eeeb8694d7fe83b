"""Model naming, the response cache, retries, replay, the agent's working copy, prompts."""

from __future__ import annotations

import asyncio
import json

import pytest

from chipbench.agents import (
    Model, ModelError, ModelRequest, Reply, TransientModelError, Workspace, WorkspaceError, render_prompt,
)
from chipbench.agents.models import ManagedModel, ResponseCache, make_model, request_key, resolve_spec
from chipbench.agents.models.replay import ReplayModel
from chipbench.core import ChipbenchError, Message, ModelSettings, Usage
from chipbench.runner import RunConfig


@pytest.mark.parametrize("spec, expected", [
    ("oracle", ("oracle", None)),
    ("replay:runs/a/records.jsonl", ("replay", "runs/a/records.jsonl")),
    ("local/qwen2.5-coder", ("local", "qwen2.5-coder")),
    ("local/llama3:8b", ("local", "llama3:8b")),
    ("openai/gpt-4o", ("litellm", "openai/gpt-4o")),
    ("anthropic/claude-sonnet-4-5", ("litellm", "anthropic/claude-sonnet-4-5")),
    ("ollama/llama3:8b", ("litellm", "ollama/llama3:8b")),
    ("litellm:gemini/gemini-2.0-flash", ("litellm", "gemini/gemini-2.0-flash")),
])
def test_model_specs_resolve_through_the_registry(spec, expected):
    assert resolve_spec(spec) == expected


def test_an_unknown_bare_name_lists_models_and_the_provider_form():
    with pytest.raises(ChipbenchError, match=r"unknown model 'gpt4'.*PROVIDER/MODEL.*local/NAME"):
        make_model("gpt4")


def test_litellm_spec_without_a_provider_is_refused():
    with pytest.raises(ChipbenchError, match="PROVIDER/MODEL"):
        make_model("litellm:gpt-4o")


# -- the agent's working copy ---------------------------------------------------------------

@pytest.mark.parametrize("path", ["../hidden/tb.v", "/etc/passwd", "a/../../b", "", "."])
def test_workspace_paths_cannot_leave_the_workspace(path):
    ws = Workspace({"top.v": "module top; endmodule\n"})
    with pytest.raises(WorkspaceError):
        ws.write(path, "x")
    with pytest.raises(WorkspaceError):
        ws.read(path)


def test_workspace_is_a_copy_of_the_starting_files():
    start = {"top.v": "old"}
    ws = Workspace(start)
    ws.write("./top.v", "new")
    ws.write("sub/extra.v", "more")
    assert start == {"top.v": "old"} and ws.list() == ["sub/extra.v", "top.v"] and ws.read("top.v") == "new"


# -- cache keys and the cache ----------------------------------------------------------------

def request(inverter_task, sample=0, **settings) -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", content="fix it")], task=inverter_task,
                        sample=sample, settings=ModelSettings(**settings))


def test_cache_key_covers_sample_sampling_and_endpoint_but_not_patience(inverter_task):
    base = request_key("local/m", request(inverter_task))
    assert base == request_key("local/m", request(inverter_task))
    assert base != request_key("local/m", request(inverter_task, sample=1))
    assert base != request_key("local/m", request(inverter_task, temperature=0.5))
    assert base != request_key("local/m", request(inverter_task, base_url="http://other/v1"))
    assert base != request_key("local/other", request(inverter_task))
    assert base == request_key("local/m", request(inverter_task, timeout_s=5, retries=0, concurrency=9))


def test_cached_replies_survive_a_new_process(tmp_path):
    reply = Reply(message=Message(role="assistant", content="hi", tool_calls=[{"id": "c", "type": "function",
                  "function": {"name": "submit", "arguments": "{}"}}]), usage=Usage(prompt_tokens=3))
    ResponseCache(tmp_path).put("k", "local/m", reply)
    again = ResponseCache(tmp_path).get("k")
    assert again.message == reply.message and again.usage.prompt_tokens == 3
    assert ResponseCache(tmp_path).get("other") is None


def test_run_config_hash_follows_sampling_not_transport():
    from chipbench.run_config import resolve

    def hash_of(**kw):
        return resolve(RunConfig(suites=[], **kw), []).config_hash

    base = hash_of()
    assert hash_of(settings=ModelSettings(timeout_s=5, base_url="http://x/v1")) == base
    assert hash_of(settings=ModelSettings(temperature=0.0)) != base
    assert hash_of(agent="refine", agent_options={"rounds": 5}) != hash_of(agent="refine")


# -- retries ----------------------------------------------------------------------------------

class Flaky(Model):
    """Fails `failures` times with `error`, then answers; counts its calls."""

    cacheable = True

    def __init__(self, failures: int, error: Exception) -> None:
        self.failures, self.error, self.calls = failures, error, 0

    async def complete(self, req: ModelRequest) -> Reply:
        self.calls += 1
        if self.calls <= self.failures:
            raise self.error
        return Reply(message=Message(role="assistant", content="ok"))


def test_transient_errors_are_retried_until_an_answer(inverter_task):
    inner = Flaky(2, TransientModelError("busy", retry_after_s=0))
    reply = asyncio.run(ManagedModel(inner, "flaky", ModelSettings(retries=2)).complete(request(inverter_task)))
    assert inner.calls == 3 and reply.attempts == 3


def test_retries_run_out_into_a_model_error(inverter_task):
    inner = Flaky(5, TransientModelError("busy", retry_after_s=0))
    with pytest.raises(ModelError, match="gave up after 2 attempt"):
        asyncio.run(ManagedModel(inner, "flaky", ModelSettings(retries=1)).complete(request(inverter_task)))
    assert inner.calls == 2


def test_final_errors_are_not_retried(inverter_task):
    inner = Flaky(1, ModelError("bad request"))
    with pytest.raises(ModelError, match="bad request"):
        asyncio.run(ManagedModel(inner, "flaky", ModelSettings(retries=3)).complete(request(inverter_task)))
    assert inner.calls == 1


def test_concurrency_limit_holds_calls_back(inverter_task):
    class Slow(Model):
        active = peak = 0

        async def complete(self, req):
            Slow.active += 1
            Slow.peak = max(Slow.peak, Slow.active)
            await asyncio.sleep(0.05)
            Slow.active -= 1
            return Reply(message=Message(role="assistant", content="ok"))

    async def many():
        model = ManagedModel(Slow(), "slow", ModelSettings(concurrency=2))
        await asyncio.gather(*(model.complete(request(inverter_task, sample=i)) for i in range(6)))

    asyncio.run(many())
    assert Slow.peak == 2


# -- replay -----------------------------------------------------------------------------------

def test_replay_file_may_hold_tool_call_messages(tmp_path, inverter_task):
    calls = [{"id": "c1", "type": "function", "function": {"name": "submit", "arguments": "{}"}}]
    path = tmp_path / "replies.jsonl"
    path.write_text(json.dumps({"task": "*", "replies": ["first", {"content": None, "tool_calls": calls}]}) + "\n")
    model = ReplayModel(str(path))
    req = request(inverter_task)
    assert asyncio.run(model.complete(req)).message.content == "first"
    req.messages.append(Message(role="assistant", content="first"))
    assert asyncio.run(model.complete(req)).message.tool_calls == calls


def test_replay_rejects_a_malformed_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"task": "*", "replies": [42]}) + "\n")
    with pytest.raises(ChipbenchError, match="bad.jsonl:1"):
        ReplayModel(str(path))


# -- prompts ----------------------------------------------------------------------------------

def test_a_user_template_for_one_suite_overrides_the_feedback_prompt(tmp_path, monkeypatch, inverter_task):
    (tmp_path / "verilog.feedback.md.j2").write_text("Simulator says: {{ feedback }}")
    text = render_prompt("feedback", inverter_task, tmp_path, feedback="3 mismatches", round=1, rounds=2,
                         extraction_error=None)
    assert text == "Simulator says: 3 mismatches"
    # The agents' `prompts` option takes $CHIPBENCH_PROMPTS as its default, and nothing else reads it.
    from chipbench.agents.refine import RefineAgent

    monkeypatch.setenv("CHIPBENCH_PROMPTS", str(tmp_path))
    assert RefineAgent().options.prompts == tmp_path.resolve()
    assert render_prompt("feedback", inverter_task, feedback="3 mismatches", round=1, rounds=2,
                         extraction_error=None) != text
