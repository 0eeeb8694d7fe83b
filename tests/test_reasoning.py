"""Reasoning output: thinking (a `reasoning_content` field or `<think>` text) is kept in the
trajectory apart from the answer, never searched for candidate files, and its tokens are
counted apart in the record, the report and the usage summary.

Replies are recorded ones of both shapes, served by the replay model and by a real HTTP
server (tests/fake_openai.py) through the `local/NAME` client; tasks are the toy inverter
suite scored by the real Verilog evaluator.
"""

from __future__ import annotations

import asyncio
import json


from chipbench.agents.reasoning import separate_reasoning, split_think, with_reasoning_tokens
from chipbench.core import Message, Status, Usage
from chipbench.leaderboards import load_records, usage_totals
from chipbench.runner import RunConfig, run
from conftest import INVERTER_BUG, INVERTER_REF, chipbench_cmd, requires_iverilog
from fake_openai import Answer, FakeChatServer
from test_agents_end_to_end import SUITE, run_agent, toy  # noqa: F401 - the toy suite fixture

DRAFT = f"```verilog file=inv.v\n{INVERTER_REF}```"
"""The right module: drafted while thinking, it must not be taken for the answer."""


def test_think_text_is_split_from_the_answer():
    assert split_think("<think>\nplan\n</think>\nanswer") == ("answer", "plan")
    # the chat template opened the tag in the prompt: the reply only closes it
    assert split_think("plan\n</think>\nanswer") == ("answer", "plan")
    # cut off while thinking: everything after the open tag is thought
    assert split_think("preface <think>still going") == ("preface ", "still going")
    assert split_think("<think>a</think>x<think>b</think>y") == ("xy", "a\n\nb")
    assert split_think("no thinking here") == ("no thinking here", "")


def test_a_reasoning_field_and_think_text_are_both_kept():
    m = separate_reasoning(Message(role="assistant", content="<think>two</think>answer", reasoning="one"))
    assert (m.content, m.reasoning) == ("answer", "one\n\ntwo")
    user = Message(role="user", content="<think>not a model's</think>")
    assert separate_reasoning(user) is user


def test_reasoning_tokens_are_estimated_only_where_the_provider_gave_no_count():
    m = Message(role="assistant", content="a" * 25, reasoning="r" * 75)
    assert with_reasoning_tokens(Usage(completion_tokens=40), m).reasoning_tokens == 30
    assert with_reasoning_tokens(Usage(completion_tokens=40, reasoning_tokens=7), m).reasoning_tokens == 7
    assert with_reasoning_tokens(Usage(completion_tokens=40), Message(role="assistant", content="x")).reasoning_tokens == 0


@requires_iverilog
def test_code_only_inside_think_text_is_not_a_candidate(tmp_path, toy):  # noqa: F811
    replies = tmp_path / "replies.jsonl"
    reply = f"<think>\nThe fix is to invert a:\n{DRAFT}\nI will answer without code.\n</think>\nIt is fixed."
    replies.write_text(json.dumps({"task": "*", "reply": reply}) + "\n")
    config = RunConfig(suites=[SUITE], tasks=["inv0"], model=f"replay:{replies}", run_dir=tmp_path / "run",
                       cache=False)
    asyncio.run(run(config))
    (rec,) = load_records(tmp_path / "run")
    assert rec.candidate.files == {}
    assert rec.verdict.status is Status.FAIL and "no fenced code block" in rec.verdict.reason
    answer = rec.candidate.trajectory.messages[-1]
    assert answer.content == "It is fixed." and INVERTER_REF in answer.reasoning


@requires_iverilog
def test_a_reasoning_content_field_over_http_is_kept_apart_and_counted(tmp_path, toy):  # noqa: F811
    wrong = f"```verilog file=inv.v\n{INVERTER_BUG}```"
    answer = Answer(wrong, reasoning_content=f"Draft:\n{DRAFT}", completion_tokens=50, reasoning_tokens=35)
    with FakeChatServer(lambda body: answer) as server:
        (rec,) = run_agent(tmp_path, server)
        (body,) = server.requests
    assert rec.candidate.files["inv.v"] == INVERTER_BUG  # the answer, not the draft in the reasoning
    assert rec.verdict.status is Status.FAIL
    t = rec.candidate.trajectory
    assert INVERTER_REF in t.messages[-1].reasoning and INVERTER_REF not in t.messages[-1].content
    assert (t.usage.completion_tokens, t.usage.reasoning_tokens) == (50, 35)
    assert t.steps[0].usage.reasoning_tokens == 35
    assert "reasoning" not in json.dumps(body["messages"])


@requires_iverilog
def test_think_text_over_http_with_refine_never_sends_thinking_back(tmp_path, toy):  # noqa: F811
    """The second round's request carries the first reply's answer only; thinking tokens
    (estimated from characters: the server gave no count) appear in record, report and usage."""
    def script(body):
        turn = sum(1 for m in body["messages"] if m["role"] == "assistant")
        return Answer(f"<think>{'x' * 300}</think>\n```verilog file=inv.v\n{INVERTER_BUG if turn == 0 else INVERTER_REF}```",
                      completion_tokens=100)
    with FakeChatServer(script) as server:
        (rec,) = run_agent(tmp_path, server, agent="refine")
        second = server.requests[1]
    assert rec.verdict.status is Status.PASS
    sent = [m for m in second["messages"] if m["role"] == "assistant"]
    assert sent and all("<think>" not in (m["content"] or "") and "reasoning" not in m for m in sent)
    t = rec.candidate.trajectory
    assert 0 < t.usage.reasoning_tokens < t.usage.completion_tokens
    assert usage_totals([rec])["reasoning_tokens"] == t.usage.reasoning_tokens
    out = chipbench_cmd("report", str(tmp_path / "run"))
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"({t.usage.reasoning_tokens} of them reasoning)" in (tmp_path / "run" / "report.md").read_text()
