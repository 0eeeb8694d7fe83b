"""`replay:FILE`: answers with replies recorded in a JSON Lines file.

Each line is `{"task": ID or "*", "sample": N (optional), "replies": [text, ...]}` (or
`"reply": text` for one). The n-th model call within a conversation gets the n-th reply, so
multi-turn agents replay too. The most specific line wins: task and sample, then task, then "*".
"""

from __future__ import annotations

import json
from pathlib import Path

from chipbench.agents.models._base import Model, ModelError, ModelRequest, Reply
from chipbench.core import ChipbenchError, Message


class ReplayModel(Model):
    name = "replay"

    def __init__(self, arg: str | None = None) -> None:
        if not arg:
            raise ChipbenchError("the replay model needs a file: --model replay:PATH.jsonl")
        path = Path(arg)
        if not path.is_file():
            raise ChipbenchError(f"{path}: replay file not found")
        self.table: dict[tuple[str, int | None], list[str]] = {}
        for lineno, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                replies = entry["replies"] if "replies" in entry else [entry["reply"]]
                key = (str(entry["task"]), entry.get("sample"))
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise ChipbenchError(
                    f"{path}:{lineno}: expected {{\"task\": ..., \"reply\"|\"replies\": ...}} ({exc})"
                ) from None
            if not all(isinstance(r, str) for r in replies):
                raise ChipbenchError(f"{path}:{lineno}: replies must be strings")
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
        return Reply(message=Message(role="assistant", content=replies[turn]))
