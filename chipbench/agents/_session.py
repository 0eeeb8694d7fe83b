"""One agent's conversation with the model: messages, steps, usage and budgets in one place.

Every agent loop talks to the model through a `Session`, so every step (model call or tool
run, with tokens, cost, time, cache hits and retries) lands in the trajectory the same way,
and every budget is enforced the same way: before each model call, and on wall time also
during it (a call still running when the time budget ends is cancelled). Tool runs are never
cancelled midway — they carry their own sandbox limits — but none starts once a budget is out.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from chipbench.agents._base import Budget
from chipbench.agents._workspace import WorkspaceError
from chipbench.agents.models import Model, ModelError, ModelRequest
from chipbench.agents.reasoning import separate_reasoning, with_reasoning_tokens
from chipbench.core import Message, Step, Task, Trajectory, Usage


class BudgetExhausted(Exception):
    """A budget ran out: the agent stops and submits what it has. The message says which."""


class Session:
    def __init__(self, task: Task, model: Model, budget: Budget, sample: int,
                 messages: list[Message], default_turns: int) -> None:
        self.task = task
        self.model = model
        self.budget = budget
        self.sample = sample
        self.messages = list(messages)
        self.max_turns = budget.max_turns if budget.max_turns is not None else default_turns
        self.steps: list[Step] = []
        self.usage = Usage()
        self.model_calls = 0
        self.stop_reason: str | None = None
        self._started = time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self._started

    def exhausted(self) -> str | None:
        """Which budget has run out, in words, or None while all have room."""
        b = self.budget
        if self.model_calls >= self.max_turns:
            return f"turn budget used up ({self.max_turns} model calls)"
        tokens = self.usage.prompt_tokens + self.usage.completion_tokens
        if b.max_tokens is not None and tokens >= b.max_tokens:
            return f"token budget used up ({tokens} of {b.max_tokens} tokens)"
        if b.max_cost_usd is not None and self.usage.cost_usd >= b.max_cost_usd:
            return f"cost budget used up (${self.usage.cost_usd:.4f} of ${b.max_cost_usd:g})"
        if b.max_wall_s is not None and self.elapsed() >= b.max_wall_s:
            return f"time budget used up ({b.max_wall_s:g} s)"
        return None

    async def ask(self, tools: list[dict[str, Any]] | None = None) -> Message:
        """One model call on the conversation so far; its reply is appended and returned.

        Raises BudgetExhausted when a budget is out (before the call, or on wall time during
        it), and ModelError (carrying the trajectory so far) when the model cannot answer.
        """
        if reason := self.exhausted():
            raise BudgetExhausted(reason)
        request = ModelRequest(messages=list(self.messages), tools=tools, task=self.task, sample=self.sample)
        started = self.elapsed()
        call: Awaitable = self.model.complete(request)
        try:
            if self.budget.max_wall_s is not None:
                async with asyncio.timeout(max(0.0, self.budget.max_wall_s - started)):
                    reply = await call
            else:
                reply = await call
        except TimeoutError:
            reason = f"time budget used up ({self.budget.max_wall_s:g} s) while waiting for the model"
            self.steps.append(Step(kind="model", name=self.model.name, started_s=started,
                                   wall_s=self.elapsed() - started, error=reason))
            raise BudgetExhausted(reason) from None
        except ModelError as exc:
            self.steps.append(Step(kind="model", name=self.model.name, started_s=started,
                                   wall_s=self.elapsed() - started, error=str(exc)))
            self.stop_reason = "model error"
            exc.trajectory = self.trajectory()
            raise
        message = separate_reasoning(reply.message)  # thinking never reaches extraction
        usage = with_reasoning_tokens(reply.usage, message)
        self.messages.append(message)
        self.steps.append(Step(kind="model", name=self.model.name, message=len(self.messages) - 1,
                               started_s=started, wall_s=self.elapsed() - started, usage=usage,
                               cached=reply.cached, attempts=reply.attempts))
        self.usage = self.usage + usage
        self.model_calls += 1
        return message

    def say(self, content: str, reports_tool: bool = False) -> None:
        """Add a user message (feedback, a reminder) to the conversation; `reports_tool` marks
        it as the message that carries the last tool step's result to the model."""
        self.messages.append(Message(role="user", content=content))
        if reports_tool and self.steps and self.steps[-1].kind == "tool":
            self.steps[-1].message = len(self.messages) - 1

    async def run_tool(self, name: str, action: Callable[[], Awaitable[str]],
                       call_id: str | None = None) -> str:
        """Run one tool and record the step. With `call_id` (function calling) the result is
        appended as the tool message answering that call; without, the agent passes it on
        itself (see `say`). A refused file operation becomes an error text, not an exception."""
        started = self.elapsed()
        error = None
        try:
            result = await action()
        except WorkspaceError as exc:
            error = str(exc)
            result = f"error: {exc}"
        index = None
        if call_id is not None:
            self.messages.append(Message(role="tool", tool_call_id=call_id, content=result))
            index = len(self.messages) - 1
        self.steps.append(Step(kind="tool", name=name, message=index, started_s=started,
                               wall_s=self.elapsed() - started, error=error))
        return result

    def trajectory(self) -> Trajectory:
        return Trajectory(messages=list(self.messages), usage=self.usage, model_calls=self.model_calls,
                          wall_s=self.elapsed(), steps=list(self.steps), stop_reason=self.stop_reason)
