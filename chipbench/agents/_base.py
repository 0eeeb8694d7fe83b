"""The agent interface and what an agent is handed besides the model."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from chipbench.agents.models import Model
from chipbench.core import Candidate, Task

CheckFn = Callable[[dict[str, str]], Awaitable[str]]


@dataclass
class Budget:
    """Limits an agent must respect; it submits what it has when one runs out."""

    max_turns: int = 1
    max_tokens: int | None = None
    max_cost_usd: float | None = None
    max_wall_s: float | None = None


@dataclass
class AgentTools:
    """Capabilities handed to the agent, so agents never import evaluators.

    `check(files)` compiles and runs the public checks in a sandbox and returns the feedback
    an agent may see (never hidden-test contents).
    """

    check: CheckFn | None = None


class Agent(ABC):
    name: str = "agent"

    def __init__(self, **options) -> None:
        self.options = options

    @abstractmethod
    async def solve(self, task: Task, model: Model, tools: AgentTools, budget: Budget, sample: int = 0) -> Candidate: ...
