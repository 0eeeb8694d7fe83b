"""Best-of-n search against `chipbench serve`, with the replay model standing in for an LLM.

For one task: ask the model for n candidates (sample 0 .. n-1), submit them to the server as
one batch, collect the verdicts, and keep the candidate with the highest reward. The replay
model answers from a replies file (`{"task": ID, "sample": N, "reply": TEXT}` per line), so
the search runs without a key; swap in any chipbench model (`open_model("openai/gpt-4o")`)
for a real one.

    chipbench serve &                                   # 127.0.0.1:8471
    python examples/best_of_n.py --task isa-transpile/sat_add_i32-O2-riscv64 --demo -n 4

`--demo` writes a replies file from this machine's own copy of the task (its known-wrong
candidates and its reference, rendered as a model would answer), for a search with a known
answer; otherwise pass `--replies FILE`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from pathlib import Path

from chipbench.agents.extract import extract_files, render_files
from chipbench.agents.models._base import ModelRequest
from chipbench.agents.models.replay import ReplayModel
from chipbench.client import Client
from chipbench.core import Message, Task
from chipbench.service.models import EvalRequest


def demo_replies(task_id: str, n: int) -> Path:
    """n replies: the task's known-wrong candidates, then its reference, repeated as needed."""
    from chipbench.api import resolve

    task, _, _ = resolve(task_id)
    answers = [*task.wrong_candidates().values(), task.reference]
    lines = [{"task": task_id, "sample": i, "reply": "Here it is.\n\n" + render_files(answers[i % len(answers)])}
             for i in range(n)]
    path = Path(tempfile.mkdtemp(prefix="best-of-n-")) / "replies.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


async def search(url: str, task_id: str, replies: Path, n: int) -> None:
    model = ReplayModel(str(replies))
    async with Client(url, name="best-of-n") as client:
        public = client.task(task_id)
        # The replay model reads only the task's id and the sample number: the public view
        # is all it gets (no hidden folder on the client's side).
        task = Task(**public.model_dump(), hidden_dir=Path("/nonexistent"))
        requests = []
        for sample in range(n):
            reply = await model.complete(ModelRequest(messages=[Message(role="user", content=public.prompt)],
                                                      task=task, sample=sample))
            files, _ = extract_files(reply.message.content or "", public.submit)
            requests.append(EvalRequest(task_id=task_id, files=files, request_id=f"{task_id}#{sample}"))
        jobs = await client.asubmit(requests)
        done = await asyncio.gather(*(client.await_job(j.id) for j in jobs))
    ranked = sorted(range(n), key=lambda i: -1 if done[i].reward.scalar is None else done[i].reward.scalar,
                    reverse=True)
    for i in range(n):
        v, r = done[i].verdict, done[i].reward
        print(f"sample {i}: {v.status.value:14} reward {r.scalar}  {v.reason[:70]}")
    best = done[ranked[0]]
    print(f"best: sample {ranked[0]} with reward {best.reward.scalar} ({best.verdict.status.value})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8471")
    parser.add_argument("--task", required=True)
    parser.add_argument("-n", type=int, default=4)
    parser.add_argument("--replies", type=Path)
    parser.add_argument("--demo", action="store_true")
    args = parser.parse_args()
    replies = demo_replies(args.task, args.n) if args.demo else args.replies
    if replies is None:
        parser.error("pass --replies FILE or --demo")
    asyncio.run(search(args.url, args.task, replies, args.n))


if __name__ == "__main__":
    main()
