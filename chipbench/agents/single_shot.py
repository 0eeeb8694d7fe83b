"""`single-shot`: one prompt, one reply, files extracted from it."""

from __future__ import annotations

from chipbench.agents._base import Agent, AgentTools, Budget
from chipbench.agents._prompts import initial_messages
from chipbench.agents._session import BudgetExhausted, Session
from chipbench.agents.extract import extract_files
from chipbench.agents.models import Model
from chipbench.core import Candidate, Task


class SingleShotAgent(Agent):
    name = "single-shot"

    async def solve(self, task: Task, model: Model, tools: AgentTools, budget: Budget, sample: int = 0) -> Candidate:
        session = Session(task, model, budget, sample, initial_messages(task, templates=self.options.prompts), default_turns=1)
        try:
            reply = await session.ask()
        except BudgetExhausted as exc:
            session.stop_reason = str(exc)
            return Candidate(trajectory=session.trajectory(), error=f"no reply: {exc}")
        files, error = extract_files(reply.content or "", task.submit)
        session.stop_reason = "answered"
        return Candidate(files=files, trajectory=session.trajectory(), error=error)
