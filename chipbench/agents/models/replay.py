"""`replay:FILE`: answers with replies recorded earlier.

FILE is either

* a replies file, one JSON object a line: `{"task": ID or "*", "sample": N (optional),
  "replies": [reply, ...]}` (or `"reply": reply` for one), where a reply is a text or an
  assistant message `{"content": ..., "tool_calls": [...], "reasoning_content": ...}`; the most specific line wins:
  task and sample, then task, then "*"; or
* a previous run's `records.jsonl` (or its run directory): each record's trajectory gives
  the assistant messages of that (task, sample), tool calls included, so any agent's run
  can be replayed exactly — no model, no key, no tokens.

The n-th model call within a conversation gets the n-th reply, so multi-turn agents replay too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chipbench.agents.models._base import Model, ModelError, ModelRequest, Reply
from chipbench.core import ChipbenchError, Message

RECORDS = "records.jsonl"


class ReplayModel(Model):
    name = "replay"

    def __init__(self, arg: str | None = None) -> None:
        if not arg:
            raise ChipbenchError("the replay model needs a file: --model replay:PATH.jsonl")
        path = Path(arg)
        if path.is_dir():
            path = path / RECORDS
        if not path.is_file():
            raise ChipbenchError(f"{path}: replay file not found")
        self.table: dict[tuple[str, int | None], list[Message]] = {}
        for lineno, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip():
                continue
            try:
                key, replies = _parse_line(json.loads(line))
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise ChipbenchError(
                    f"{path}:{lineno}: expected a run record or {{\"task\": ..., \"reply\"|\"replies\": ...}} ({exc})"
                ) from None
            self.table[key] = replies

    async def complete(self, request: ModelRequest) -> Reply:
        tid, sample = request.task.id, request.sample
        for key in ((tid, sample), (tid, None), ("*", sample), ("*", None)):
            if key in self.table:
                replies = self.table[key]
                break
        else:
            raise ModelError(f"replay file has no reply for {tid} sample {sample}")
        turn = sum(1 for m in request.messages if m.role == "assistant")
        if turn >= len(replies):
            raise ModelError(f"replay file has only {len(replies)} replies for {tid}")
        return Reply(message=replies[turn])


def _parse_line(entry: Any) -> tuple[tuple[str, int | None], list[Message]]:
    if not isinstance(entry, dict):
        raise TypeError("a line must hold a JSON object")
    if "task_id" in entry and "candidate" in entry:  # a RunRecord
        messages = entry["candidate"].get("trajectory", {}).get("messages", [])
        replies = [_message(m) for m in messages if m.get("role") == "assistant"]
        return (str(entry["task_id"]), int(entry["sample"])), replies
    replies = entry["replies"] if "replies" in entry else [entry["reply"]]
    if not isinstance(replies, list):
        raise TypeError("replies must be a list")
    task, sample = entry["task"], entry.get("sample")
    if not isinstance(task, str):
        raise TypeError("task must be a task id or \"*\"")
    if sample is not None and (not isinstance(sample, int) or isinstance(sample, bool)):
        raise TypeError("sample must be a whole number")
    return (task, sample), [_message(r) for r in replies]


def _message(reply: Any) -> Message:
    if isinstance(reply, str):
        return Message(role="assistant", content=reply)
    if isinstance(reply, dict) and ("content" in reply or "tool_calls" in reply):
        reasoning = reply.get("reasoning") or reply.get("reasoning_content")
        return Message(role="assistant", content=reply.get("content"), tool_calls=reply.get("tool_calls"),
                       reasoning=reasoning)
    raise TypeError("a reply must be a string or an object with content and/or tool_calls")
