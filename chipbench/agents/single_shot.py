"""`single-shot`: one prompt, one reply, files extracted from it."""

from __future__ import annotations

import time

from chipbench.agents._base import Agent, AgentTools, Budget
from chipbench.agents._prompts import initial_messages
from chipbench.agents.extract import extract_files
from chipbench.agents.models import Model, ModelRequest
from chipbench.core import Candidate, Task, Trajectory


class SingleShotAgent(Agent):
    name = "single-shot"

    async def solve(self, task: Task, model: Model, tools: AgentTools, budget: Budget, sample: int = 0) -> Candidate:
        started = time.monotonic()
        messages = initial_messages(task)
        reply = await model.complete(ModelRequest(messages=messages, task=task, sample=sample))
        messages.append(reply.message)
        files, error = extract_files(reply.message.content or "", task.submit)
        trajectory = Trajectory(messages=messages, usage=reply.usage, model_calls=1,
                                wall_s=time.monotonic() - started)
        return Candidate(files=files, trajectory=trajectory, error=error)
