"""The agent interface and what an agent is handed besides the model."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, field_validator

from chipbench.agents._workspace import Workspace
from chipbench.agents.models import Model
from chipbench.core import Candidate, QueryTool, Task
from chipbench.options import PluginOptions, from_env

CheckFn = Callable[[dict[str, str]], Awaitable[str]]


class Budget(BaseModel):
    """Limits an agent must respect; it submits what it has when one runs out.

    `max_turns` caps model calls; None leaves the agent's own default (one for single-shot,
    the rounds of refine, a few dozen for tool-calling). Tokens count prompt and completion.
    """

    model_config = ConfigDict(extra="forbid")

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


class AgentOptions(PluginOptions):
    """What every built-in agent takes; an agent with more subclasses it as its `Options`."""

    prompts: Path | None = from_env(
        "CHIPBENCH_PROMPTS", None,
        "A folder of prompt templates that replace the built-in ones of the same names.")

    @field_validator("prompts")
    @classmethod
    def _folder(cls, path: Path | None) -> Path | None:
        if path is not None and not path.is_dir():
            raise ValueError(f"{path} is not a folder")
        return None if path is None else path.resolve()


class Agent(ABC):
    """An agent loop. `Options` declares what it takes (`-A key=value`, a config file's
    `agent_options`); the run validates them against it before any work and passes them to
    the constructor as keyword arguments, and `self.options` holds them validated."""

    name: str = "agent"
    Options: ClassVar[type[PluginOptions]] = AgentOptions

    def __init__(self, **options) -> None:
        self.options: Any = self.Options(**options)

    @abstractmethod
    async def solve(self, task: Task, model: Model, tools: AgentTools, budget: Budget, sample: int = 0) -> Candidate: ...
