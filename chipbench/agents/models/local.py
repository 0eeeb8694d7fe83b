"""`local/NAME`: a model behind any OpenAI-compatible server — vLLM, Ollama, llama.cpp
server, LM Studio — at `--base-url` (e.g. `http://127.0.0.1:8000/v1`).

It uses the openai SDK directly rather than litellm's openai provider: these servers speak
exactly that protocol, the SDK imports in a fraction of litellm's time, and the model name
goes to the server unchanged (no provider prefix to add or strip, no price lookup for a
model that costs nothing). A key is sent only if `CHIPBENCH_LOCAL_API_KEY` holds one (e.g.
vLLM started with `--api-key`); a hosted provider's key is never sent to a local URL.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from chipbench.agents.models._base import Model, ModelRequest, Reply
from chipbench.agents.models._wire import model_error, reply_from, to_wire
from chipbench.core import ChipbenchError, ModelSettings

API_KEY_VARIABLE = "CHIPBENCH_LOCAL_API_KEY"


class LocalModel(Model):
    name = "local"
    cacheable = True

    def __init__(self, arg: str | None = None) -> None:
        if not arg:
            raise ChipbenchError("name the served model: --model local/NAME --base-url URL")
        self.model = arg
        self._client: tuple[Any, Any, str | None] | None = None  # (event loop, client, base url)

    def preflight(self, settings: ModelSettings) -> None:
        if not settings.base_url:
            raise ChipbenchError(f"model local/{self.model} needs --base-url, the server's "
                                 "OpenAI-compatible endpoint (e.g. http://127.0.0.1:8000/v1)")

    def _client_for(self, settings: ModelSettings) -> Any:
        """One client per event loop and endpoint, so connections are reused within a run."""
        import openai

        loop = asyncio.get_running_loop()
        if self._client is None or self._client[0] is not loop or self._client[2] != settings.base_url:
            client = openai.AsyncOpenAI(base_url=settings.base_url,
                                        api_key=os.environ.get(API_KEY_VARIABLE) or "none",
                                        timeout=settings.timeout_s, max_retries=0)
            self._client = (loop, client, settings.base_url)
        return self._client[1]

    async def complete(self, request: ModelRequest) -> Reply:
        settings = request.settings
        self.preflight(settings)
        kwargs: dict[str, Any] = dict(settings.sampling())
        if request.tools:
            kwargs["tools"] = request.tools
        try:
            response = await self._client_for(settings).chat.completions.create(
                model=self.model, messages=to_wire(request.messages), **kwargs)
        except Exception as exc:  # noqa: BLE001 - classified into transient or final
            raise model_error(exc, f"local/{self.model}") from exc
        return reply_from(response)
