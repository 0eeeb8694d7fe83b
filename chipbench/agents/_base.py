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
    """Turns a task into a candidate by talking to a model. Registered in the `chipbench.agents`
    entry-point group and built once per run as `AgentClass(**options)`. `Options` declares what
    it takes (`-A key=value`, `--rounds`, a config file's `agent_options`): the run validates
    them against it before anything starts (a typo is an error naming the agent and listing its
    options) and passes them to the constructor as keyword arguments; `self.options` holds them
    validated. One instance solves every (task, sample) of the run, concurrently: keep
    per-sample state inside `solve`."""

    name: str = "agent"
    Options: ClassVar[type[PluginOptions]] = AgentOptions

    def __init__(self, **options: Any) -> None:
        self.options: Any = self.Options(**options)

    @abstractmethod
    async def solve(self, task: Task, model: Model, tools: AgentTools, budget: Budget, sample: int = 0) -> Candidate:
        """Solve one sample of `task`.

        Args:
            task: what to solve; its prompt, starting files (`task.workspace`) and the files to
                submit (`task.submit`). Hidden tests and the reference are not for the agent.
            model: the run's model, behind its response cache, retries and concurrency limit;
                call `model.complete(ModelRequest(...))`, or use `chipbench.agents.Session`, which
                also enforces `budget` and records the trajectory.
            tools: the public checks (`tools.check(files)` -> feedback text, None when the suite
                has none), this sample's private workspace, and the task's measurement queries.
            budget: limits to respect (turns, tokens, dollars, seconds); when one runs out,
                submit what there is.
            sample: which of the run's samples this is (0-based); part of the response cache key.

        Returns:
            The candidate: `files` (path -> content, at least `task.submit`), the `trajectory`
            (messages, tool calls, usage) for the record, or `error` when it has nothing to submit
            (scored as a fail with that reason, never a crash).

        Raises:
            ModelError: the model could not answer (attach the conversation so far as
                `exc.trajectory`): recorded as `model_error`, not as the candidate's failure.
            Any other exception is a bug of the agent: recorded as a `harness_error` for this
            sample; the run goes on.
        """
