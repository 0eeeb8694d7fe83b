"""`oracle`: answers with the task's reference solution.

It renders the reference as an ordinary chat reply, so a full oracle run exercises prompt
rendering, file extraction, the sandbox and the evaluator exactly as a real model would.
"""

from chipbench.agents.extract import render_files
from chipbench.agents.models._base import Model, ModelRequest, Reply
from chipbench.core import Message


class OracleModel(Model):
    name = "oracle"

    def __init__(self, arg: str | None = None) -> None:
        pass

    async def complete(self, request: ModelRequest) -> Reply:
        text = "Reference solution:\n\n" + render_files(request.task.reference)
        return Reply(message=Message(role="assistant", content=text))
