"""The model interface: messages in, one reply out."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from pydantic import BaseModel, ConfigDict

from chipbench.core import ChipbenchError, Message, Task, Usage


class ModelError(ChipbenchError):
    """The model could not answer (provider down, no recorded reply): a harness error, not a fail."""


class ModelRequest(BaseModel):
    """Everything a model may condition on. `task` and `sample` exist for the oracle and
    replay models (and for cache keys); hosted models ignore them."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    messages: list[Message]
    tools: list[dict[str, Any]] | None = None
    task: Task
    sample: int = 0


class Reply(BaseModel):
    message: Message
    usage: Usage = Usage()


class Model(ABC):
    """A chat model. Implementations are constructed from the text after `name:` on the CLI."""

    name: str = "model"

    @abstractmethod
    async def complete(self, request: ModelRequest) -> Reply: ...
