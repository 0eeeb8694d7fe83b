"""The model interface: messages in, one reply out."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from chipbench.core import ChipbenchError, Message, ModelSettings, Task, Trajectory, Usage


class ModelError(ChipbenchError):
    """The model could not answer (provider down, no recorded reply): a harness error, not a fail.

    An agent that has already talked to the model attaches what it did so far as `trajectory`,
    so the record of a failed sample still shows the conversation up to the failure.
    """

    trajectory: Trajectory | None = None


class TransientModelError(ModelError):
    """A failure worth retrying: rate limit, timeout, dropped connection, server-side error.

    `retry_after_s` carries the provider's own hint (a Retry-After header) when it gave one.
    """

    def __init__(self, message: str, retry_after_s: float | None = None) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class ModelRequest(BaseModel):
    """Everything a model may condition on. `task` and `sample` exist for the oracle and
    replay models (and for cache keys); hosted models ignore them. `settings` is filled in
    by the run (sampling, endpoint, timeout) before the request reaches the model."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    messages: list[Message]
    tools: list[dict[str, Any]] | None = None
    task: Task
    sample: int = 0
    settings: ModelSettings = Field(default_factory=ModelSettings)


class Reply(BaseModel):
    message: Message
    usage: Usage = Usage()
    cached: bool = False
    """Served from the response cache: no tokens were spent on it in this run."""
    attempts: int = 1
    """How many calls it took (retries after rate limits or transient errors included)."""


class Model(ABC):
    """A chat model. Implementations are constructed from the text after `name:` on the CLI."""

    name: str = "model"
    cacheable: bool = False
    """Whether replies may be stored in the response cache. True for models that cost tokens;
    the oracle and replay answer for free and are left out."""
    Settings: ClassVar[type[ModelSettings]] = ModelSettings
    """The options this model takes (`-M key=value`): sampling and transport by default; a
    model with more subclasses ModelSettings and reads them from `request.settings`."""

    def preflight(self, settings: ModelSettings) -> None:
        """Raise a ChipbenchError if the model cannot be used as configured (a missing API key,
        no base URL), so the run stops before it starts instead of failing every sample."""

    @abstractmethod
    async def complete(self, request: ModelRequest) -> Reply:
        """One model call: the conversation so far in, one assistant message out.

        Args:
            request: the messages, the tools the model may call (OpenAI function schema, or
                None), the task and sample (for models that answer from them: oracle, replay),
                and the run's settings (sampling, endpoint, timeout) to honour.

        Returns:
            The reply: its assistant message (content and/or tool calls; reasoning apart) and
            the usage (tokens, cost) it spent. `cached` and `attempts` are filled in by the
            run's wrapper (`ManagedModel`), not by the model.

        Raises:
            TransientModelError: worth retrying (rate limit, timeout, dropped connection, a 5xx);
                the wrapper retries with backoff, honouring `retry_after_s`.
            ModelError: the model cannot answer this request (bad request, no recorded reply):
                the sample is recorded as `model_error` and the run goes on.
            Any other exception is a bug of the client: the sample becomes a `harness_error`.
            The wrapper cancels a call that outlives `request.settings.timeout_s`.
        """
