"""The three agents against a real HTTP server that speaks the chat-completions protocol.

The server (tests/fake_openai.py) runs on 127.0.0.1 and is scripted per test; the openai SDK
(`local/NAME`) and litellm (`openai/MODEL` with a base URL) reach it over a socket, so every
byte goes through the real client code. Tasks are a toy Verilog suite scored by the real
evaluator in the real sandbox.
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from chipbench.agents import open_model
from chipbench.core import ChipbenchError, ModelSettings, Status
from chipbench.leaderboards import load_records, usage_totals
from chipbench.registry import suites
from chipbench.runner import RunConfig, run
from chipbench.agents import Budget
from chipbench.tasks import Suite
from conftest import INVERTER_BUG, INVERTER_REF, INVERTER_TB, chipbench_cmd, requires_iverilog, write_task
from fake_openai import Answer, FakeChatServer, Hang, Refuse, call, conversation_turn, last_text
from plugin_fixture import install_plugin

pytestmark = requires_iverilog

SUITE = "agents-toy"
WRONG = f"Here is the module:\n```verilog file=inv.v\n{INVERTER_BUG}```\n"
RIGHT = f"Fixed: y is now the bitwise NOT of a.\n```verilog file=inv.v\n{INVERTER_REF}```\n"
EVALUATOR_MISMATCH = "first mismatch: time=1 signal=y"
"""What the verilog evaluator's feedback says about the passthrough bug (the model's cue)."""


@pytest.fixture
def toy(tmp_path):
    """A suite of inverter repair tasks, registered in-process for the runner."""
    root = tmp_path / "tasks"
    root.mkdir()
    for name in ("inv0", "inv1"):
        write_task(root, name, files={"prompt.md": f"Fix the 4-bit inverter `inv` (task {name}): "
                                                  "y must be the bitwise NOT of a.\n"})
    suites.register(SUITE)(Suite(name=SUITE, root=root, evaluator="verilog", version="1"))
    yield root
    suites._items.pop(SUITE, None)


def run_agent(tmp_path, server, agent="single-shot", model="local/scripted", tasks=("inv0",),
              run_name="run", samples=1, resume=False, cache=True, budget=None, **settings):
    settings = {"base_url": server.base_url, "timeout_s": 10, "retries": 2, **settings}
    config = RunConfig(suites=[SUITE], tasks=list(tasks), agent=agent, model=model, samples=samples,
                       run_dir=tmp_path / run_name, resume=resume, cache=cache,
                       cache_dir=tmp_path / "cache", settings=ModelSettings(**settings),
                       budget=budget or Budget())
    asyncio.run(run(config))
    return load_records(tmp_path / run_name)


def fixes_when_told_the_mismatch(body: dict) -> Answer:
    """A model that answers wrong until the evaluator's feedback shows it the mismatch."""
    said = last_text(body)
    if re.search(r"all \d+ checks passed", said):
        return Answer("DONE")
    return Answer(RIGHT if EVALUATOR_MISMATCH in said else WRONG)


# -- single-shot ----------------------------------------------------------------------------

def test_single_shot_sends_the_sampling_settings_and_records_tokens(tmp_path, toy):
    with FakeChatServer(lambda body: Answer(RIGHT, prompt_tokens=321, completion_tokens=45)) as server:
        (rec,) = run_agent(tmp_path, server, temperature=0.2, top_p=0.9, max_tokens=999, seed=7)
        (body,) = server.requests
    assert rec.verdict.status is Status.PASS
    assert (body["model"], body["temperature"], body["top_p"], body["max_tokens"], body["seed"]) == \
        ("scripted", 0.2, 0.9, 999, 7)
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    t = rec.candidate.trajectory
    assert (t.usage.prompt_tokens, t.usage.completion_tokens, t.model_calls) == (321, 45, 1)
    assert rec.settings.temperature == 0.2 and rec.settings.seed == 7
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["settings"]["top_p"] == 0.9


def test_single_shot_wrong_answer_fails(tmp_path, toy):
    with FakeChatServer(fixes_when_told_the_mismatch) as server:
        (rec,) = run_agent(tmp_path, server)
    assert rec.verdict.status is Status.FAIL and server.calls == 1


# -- refine ---------------------------------------------------------------------------------

def test_refine_cli_fixes_a_task_single_shot_fails_because_the_feedback_reaches_the_model(tmp_path):
    _, env = install_plugin(tmp_path, n_tasks=1)
    with FakeChatServer(fixes_when_told_the_mismatch) as server:
        common = ["run", "--suite", "toy", "--model", "local/scripted", "--base-url", server.base_url,
                  "--cache-dir", str(tmp_path / "cache"), "--no-report"]
        single = chipbench_cmd(*common, "--run-dir", str(tmp_path / "single"), env=env)
        assert single.returncode == 0, single.stdout + single.stderr
        refine = chipbench_cmd(*common, "--agent", "refine", "--rounds", "3",
                               "--run-dir", str(tmp_path / "refine"), env=env)
        assert refine.returncode == 0, refine.stdout + refine.stderr
        feedback_requests = [b for b in server.requests if EVALUATOR_MISMATCH in last_text(b)]
    (single_rec,) = load_records(tmp_path / "single")
    (refine_rec,) = load_records(tmp_path / "refine")
    assert single_rec.verdict.status is Status.FAIL
    assert refine_rec.verdict.status is Status.PASS
    # Round 1 was the cached single-shot reply; round 2 saw the mismatch; round 3 said DONE.
    assert len(feedback_requests) == 1
    assert refine_rec.candidate.trajectory.stop_reason == "the model said it is done"
    kinds = [(s.kind, s.cached) for s in refine_rec.candidate.trajectory.steps]
    assert kinds == [("model", True), ("tool", False), ("model", False), ("tool", False), ("model", False)]


def test_refine_stops_after_its_rounds_and_submits_the_last_answer(tmp_path, toy):
    with FakeChatServer(lambda body: Answer(WRONG)) as server:
        (rec,) = run_agent(tmp_path, server, agent="refine")
    t = rec.candidate.trajectory
    assert rec.verdict.status is Status.FAIL
    assert server.calls == 3 and t.model_calls == 3 and t.stop_reason == "all 3 rounds used"
    assert sum(1 for s in t.steps if s.kind == "tool") == 2  # no check after the last round


def test_refine_tells_the_model_when_its_reply_has_no_code(tmp_path, toy):
    def script(body):
        return Answer("Let me think about it.") if conversation_turn(body) == 0 else Answer(RIGHT)

    with FakeChatServer(script) as server:
        (rec,) = run_agent(tmp_path, server, agent="refine")
        second = server.requests[1]
    assert "no fenced code block" in last_text(second)
    assert rec.verdict.status is Status.PASS


# -- tool-calling ---------------------------------------------------------------------------

def scripted_engineer(body: dict) -> Answer:
    """Explores, makes four malformed calls, checks the buggy file, fixes it, checks, submits."""
    turn = conversation_turn(body)
    plan = [
        Answer(tool_calls=[call("list_files")]),
        Answer(tool_calls=[call("read_file", '{"path": "inv.v"')]),           # not JSON
        Answer(tool_calls=[call("delete_everything", {}),                      # no such tool
                           call("write_file", {"path": "inv.v"})]),            # no content
        Answer(tool_calls=[call("read_file", {"path": "../hidden/tb.v"})]),    # escapes the workspace
        Answer(tool_calls=[call("read_file", {"path": "inv.v"})]),
        Answer(tool_calls=[call("run_checks")]),
        Answer("The output is not inverted; fixing.",
               tool_calls=[call("write_file", {"path": "inv.v", "content": INVERTER_REF})]),
        Answer(tool_calls=[call("run_checks")]),
        Answer(tool_calls=[call("submit")]),
    ]
    return plan[turn] if turn < len(plan) else Answer("I already submitted.")


def tool_results(record) -> list[str]:
    return [m.content for m in record.candidate.trajectory.messages if m.role == "tool"]


def test_tool_calling_agent_reads_checks_fixes_and_submits(tmp_path, toy):
    with FakeChatServer(scripted_engineer) as server:
        (rec,) = run_agent(tmp_path, server, agent="tool-calling")
        first = server.requests[0]
    assert rec.verdict.status is Status.PASS
    assert rec.candidate.files["inv.v"] == INVERTER_REF
    assert {t["function"]["name"] for t in first["tools"]} == {
        "list_files", "read_file", "write_file", "run_checks", "submit"}
    results = tool_results(rec)
    assert results[0].startswith("inv.v (") and "tb_public.v" in results[0]
    assert "not valid JSON" in results[1]
    assert "no tool 'delete_everything'" in results[2]
    assert "'content' is missing" in results[3]
    assert "stay inside" in results[4]
    assert results[5] == INVERTER_BUG
    assert "2 of 2 checks mismatched" in results[6]
    assert results[7].startswith("wrote inv.v")
    assert "all 2 checks passed" in results[8]  # the public testbench: hidden results never reach the agent
    assert results[9] == "submitted"
    t = rec.candidate.trajectory
    assert t.stop_reason == "submitted" and t.model_calls == 9 == server.calls
    steps = [(s.kind, s.name) for s in t.steps]
    assert steps[:3] == [("model", "local/scripted"), ("tool", "list_files"), ("model", "local/scripted")]
    assert all(t.messages[s.message].role == ("assistant" if s.kind == "model" else "tool") for s in t.steps)


def test_hidden_test_contents_never_reach_the_model(tmp_path, toy):
    with FakeChatServer(scripted_engineer) as server:
        run_agent(tmp_path, server, agent="tool-calling")
        sent = json.dumps(server.requests)
    for line in INVERTER_TB.splitlines():
        if len(line.strip()) > 12:
            assert line.strip() not in sent


def test_tool_calling_through_litellm_prices_the_tokens(tmp_path, toy, monkeypatch):
    from chipbench.agents.models.hosted import load_litellm

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    with FakeChatServer(scripted_engineer) as server:
        (rec,) = run_agent(tmp_path, server, agent="tool-calling", model="openai/gpt-4o-mini")
        assert server.requests and server.requests[0]["model"] == "gpt-4o-mini", rec.verdict.reason
    assert rec.verdict.status is Status.PASS and rec.candidate.trajectory.stop_reason == "submitted"
    price = load_litellm().model_cost["gpt-4o-mini"]
    u = rec.candidate.trajectory.usage
    expected = u.prompt_tokens * price["input_cost_per_token"] + u.completion_tokens * price["output_cost_per_token"]
    assert u.cost_usd == pytest.approx(expected, rel=1e-6) and u.cost_usd > 0
    assert usage_totals([rec])["spent_usd"] == pytest.approx(u.cost_usd)


def test_tool_calling_stops_at_the_turn_budget_and_submits_what_it_has(tmp_path, toy):
    with FakeChatServer(lambda body: Answer(tool_calls=[call("list_files")])) as server:
        (rec,) = run_agent(tmp_path, server, agent="tool-calling", budget=Budget(max_turns=4))
    t = rec.candidate.trajectory
    assert server.calls == 4 == t.model_calls
    assert t.stop_reason.startswith("turn budget used up")
    assert rec.verdict.status is Status.FAIL  # the untouched buggy file was scored, no crash
    assert rec.candidate.files["inv.v"] == INVERTER_BUG


def test_tool_calling_stops_at_the_token_budget(tmp_path, toy):
    reply = Answer(tool_calls=[call("list_files")], prompt_tokens=900, completion_tokens=100)
    with FakeChatServer(lambda body: reply) as server:
        (rec,) = run_agent(tmp_path, server, agent="tool-calling", budget=Budget(max_tokens=2500))
    assert server.calls == 3 and rec.candidate.trajectory.stop_reason.startswith("token budget used up")


def test_tool_calling_stops_at_the_cost_budget(tmp_path, toy, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    reply = Answer(tool_calls=[call("list_files")], prompt_tokens=1_000_000, completion_tokens=0)
    with FakeChatServer(lambda body: reply) as server:  # $0.15 a call at gpt-4o-mini prices
        (rec,) = run_agent(tmp_path, server, agent="tool-calling", model="openai/gpt-4o-mini",
                           budget=Budget(max_cost_usd=0.4))
    assert server.calls == 3 and rec.candidate.trajectory.stop_reason.startswith("cost budget used up")


def test_tool_calling_stops_when_the_time_budget_ends_during_a_hanging_call(tmp_path, toy):
    def script(body):
        return Hang() if conversation_turn(body) == 2 else Answer(tool_calls=[call("list_files")])

    with FakeChatServer(script) as server:
        (rec,) = run_agent(tmp_path, server, agent="tool-calling", budget=Budget(max_wall_s=2),
                           timeout_s=60)
    t = rec.candidate.trajectory
    assert "time budget used up" in t.stop_reason and t.model_calls == 2
    assert 2 <= t.wall_s < 10
    assert rec.verdict.status is Status.FAIL  # scored as submitted, not a harness error


def test_tool_calling_ends_when_the_model_stops_calling_tools(tmp_path, toy):
    with FakeChatServer(lambda body: Answer(RIGHT)) as server:
        (rec,) = run_agent(tmp_path, server, agent="tool-calling")
        reminder = last_text(server.requests[1])
    assert server.calls == 2 and "write_file" in reminder
    assert "stopped calling tools" in rec.candidate.trajectory.stop_reason
    assert rec.verdict.status is Status.FAIL  # code in a message is not a file in the workspace


# -- provider failures ----------------------------------------------------------------------

def test_rate_limit_is_retried_and_the_sample_passes(tmp_path, toy):
    def script(body):
        return Refuse(429, retry_after=0) if len(server.requests) == 1 else Answer(RIGHT)

    with FakeChatServer(script) as server:
        (rec,) = run_agent(tmp_path, server)
    assert server.calls == 2 and rec.verdict.status is Status.PASS
    assert rec.candidate.trajectory.steps[0].attempts == 2


def test_rate_limit_is_retried_through_litellm_too(tmp_path, toy, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")

    def script(body):
        return Refuse(429, retry_after=0) if len(server.requests) == 1 else Answer(RIGHT)

    with FakeChatServer(script) as server:
        (rec,) = run_agent(tmp_path, server, model="openai/gpt-4o-mini")
    assert server.calls == 2 and rec.verdict.status is Status.PASS


def test_hanging_provider_is_a_model_error_and_the_run_goes_on(tmp_path, toy):
    def script(body):
        return Hang() if "task inv0" in last_text(body) else Answer(RIGHT)

    with FakeChatServer(script) as server:
        records = run_agent(tmp_path, server, tasks=("inv0", "inv1"), timeout_s=1, retries=1)
        hung_calls = sum(1 for b in server.requests if "task inv0" in last_text(b))
    by_task = {r.task_id: r for r in records}
    hung = by_task[f"{SUITE}/inv0"]
    assert hung.verdict.status is Status.MODEL_ERROR
    assert "no reply within 1 s" in hung.verdict.reason and "2 attempt" in hung.verdict.reason
    assert hung_calls == 2  # the first try and one retry
    assert by_task[f"{SUITE}/inv1"].verdict.status is Status.PASS


def test_a_final_provider_error_is_not_retried(tmp_path, toy):
    with FakeChatServer(lambda body: Refuse(401, retry_after=None)) as server:
        (rec,) = run_agent(tmp_path, server, agent="refine")
    assert server.calls == 1 and rec.verdict.status is Status.MODEL_ERROR
    assert "AuthenticationError" in rec.verdict.reason


def test_a_provider_failure_midway_keeps_the_conversation_so_far(tmp_path, toy):
    def script(body):
        return Answer(tool_calls=[call("list_files")]) if conversation_turn(body) == 0 else Refuse(500)

    with FakeChatServer(script) as server:
        (rec,) = run_agent(tmp_path, server, agent="tool-calling", retries=0)
    t = rec.candidate.trajectory
    assert rec.verdict.status is Status.MODEL_ERROR and t.model_calls == 1
    assert [m.role for m in t.messages][-2:] == ["assistant", "tool"]
    assert t.steps[-1].error and "500" in t.steps[-1].error


# -- cache and resume -----------------------------------------------------------------------

def test_resume_and_rerun_make_no_new_calls_for_answered_samples(tmp_path, toy):
    with FakeChatServer(fixes_when_told_the_mismatch) as server:
        first = run_agent(tmp_path, server, agent="refine", tasks=("inv0", "inv1"), samples=1)
        per_sample = server.calls // 2
        assert per_sample == 3 and all(r.verdict.correct for r in first)

        run_agent(tmp_path, server, agent="refine", tasks=("inv0", "inv1"), samples=2, resume=True)
        assert server.calls == 4 * per_sample  # only the two new samples asked the model
        run_agent(tmp_path, server, agent="refine", tasks=("inv0", "inv1"), samples=2, resume=True)
        assert server.calls == 4 * per_sample  # nothing left to do

        rerun = run_agent(tmp_path, server, agent="refine", tasks=("inv0", "inv1"), samples=2,
                          run_name="rerun")
        assert server.calls == 4 * per_sample  # a fresh run is answered from the cache
        assert all(s.cached for r in rerun for s in r.candidate.trajectory.steps if s.kind == "model")
        assert usage_totals(rerun)["cached_calls"] == 4 * per_sample

        run_agent(tmp_path, server, agent="refine", tasks=("inv0",), run_name="nocache", cache=False)
        assert server.calls == 5 * per_sample  # --no-cache asks again


def test_cache_key_separates_samples_and_sampling_settings(tmp_path, toy):
    with FakeChatServer(lambda body: Answer(RIGHT)) as server:
        run_agent(tmp_path, server, run_name="a", samples=2)
        assert server.calls == 2  # sample 1 is a separate draw, not a cache hit of sample 0
        run_agent(tmp_path, server, run_name="b", samples=2, temperature=0.7)
        assert server.calls == 4  # other sampling settings: other requests


# -- replay ---------------------------------------------------------------------------------

def test_a_recorded_tool_calling_run_replays_without_the_model(tmp_path, toy):
    with FakeChatServer(scripted_engineer) as server:
        (original,) = run_agent(tmp_path, server, agent="tool-calling")
        calls = server.calls
        (replayed,) = run_agent(tmp_path, server, agent="tool-calling", run_name="replayed",
                                model=f"replay:{tmp_path / 'run'}")
        assert server.calls == calls
    assert replayed.verdict.status is Status.PASS
    assert replayed.candidate.files == original.candidate.files
    assert tool_results(replayed) == tool_results(original)


# -- configuration errors -------------------------------------------------------------------

def test_missing_api_key_is_named_before_the_run_starts(tmp_path, toy, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(ChipbenchError, match="ANTHROPIC_API_KEY"):
        open_model("anthropic/claude-3-5-haiku-20241022")
    config = RunConfig(suites=[SUITE], model="anthropic/claude-3-5-haiku-20241022", run_dir=tmp_path / "r")
    with pytest.raises(ChipbenchError, match="ANTHROPIC_API_KEY"):
        asyncio.run(run(config))
    assert not (tmp_path / "r").exists()


def test_local_model_without_base_url_is_a_one_line_cli_error(tmp_path):
    _, env = install_plugin(tmp_path, n_tasks=1)
    out = chipbench_cmd("run", "--suite", "toy", "--model", "local/qwen", "--run-dir", str(tmp_path / "r"), env=env)
    assert out.returncode == 2 and "needs --base-url" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr


# -- a plug-in agent --------------------------------------------------------------------------

def test_a_plugin_agent_built_on_session_gets_caching_budgets_and_feedback(tmp_path, toy):
    """The example agent of docs/extending.md, registered the way an entry point would register it."""
    from chipbench.agents import Agent, Session, extract_files, initial_messages
    from chipbench.core import Candidate
    from chipbench.registry import agents

    class MyAgent(Agent):
        async def solve(self, task, model, tools, budget, sample=0):
            session = Session(task, model, budget, sample, initial_messages(task), default_turns=2)
            reply = await session.ask()
            files, error = extract_files(reply.content or "", task.submit)
            if not error and tools.check:
                session.say(await tools.check(files))
                reply = await session.ask()
                files = extract_files(reply.content or "", task.submit)[0] or files
            return Candidate(files=files, trajectory=session.trajectory())

    agents.register("my-agent")(MyAgent)
    try:
        with FakeChatServer(fixes_when_told_the_mismatch) as server:
            (rec,) = run_agent(tmp_path, server, agent="my-agent")
    finally:
        agents._items.pop("my-agent", None)
    assert rec.verdict.status is Status.PASS and server.calls == 2
    assert rec.candidate.trajectory.model_calls == 2
