"""The agent interface and what an agent is handed besides the model."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from chipbench.agents._workspace import Workspace
from chipbench.agents.models import Model
from chipbench.core import Candidate, QueryTool, Task

CheckFn = Callable[[dict[str, str]], Awaitable[str]]


@dataclass
class Budget:
    """Limits an agent must respect; it submits what it has when one runs out.

    `max_turns` caps model calls; None leaves the agent's own default (one for single-shot,
    the rounds of refine, a few dozen for tool-calling). Tokens count prompt and completion.
    """

    max_turns: int | None = None
    max_tokens: int | None = None
    max_cost_usd: float | None = None
    max_wall_s: float | None = None


@dataclass
class AgentTools:
    """Capabilities handed to the agent, so agents never import evaluators.

    `check(files)` compiles and runs the public checks in a fresh sandbox and returns the
    feedback an agent may see (never hidden-test contents). `workspace` is this sample's own
    working copy of the task's starting files. `queries` are the measurements the task lets
    an agent ask for on its files (e.g. an HLS design's measured latency, K times at most).
    """

    check: CheckFn | None = None
    workspace: Workspace = field(default_factory=Workspace)
    queries: list[QueryTool] = field(default_factory=list)


class Agent(ABC):
    name: str = "agent"

    def __init__(self, **options) -> None:
        self.options = options

    @abstractmethod
    async def solve(self, task: Task, model: Model, tools: AgentTools, budget: Budget, sample: int = 0) -> Candidate: ...
