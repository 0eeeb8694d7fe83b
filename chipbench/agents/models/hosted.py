"""`litellm`: any hosted or local provider litellm knows, named `PROVIDER/MODEL`
(`openai/gpt-4o`, `anthropic/claude-...`, `ollama/llama3`, `hosted_vllm/...`).

litellm is imported on first use: it takes seconds to import, and `chipbench --help` or an
oracle run should not pay for it. Its price table comes from the installed package, never
fetched at run time. API keys come from the provider's usual environment variables; a
missing one is reported by name before the run starts.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from chipbench.agents.models._base import Model, ModelRequest, Reply
from chipbench.agents.models._wire import model_error, reply_from, to_wire
from chipbench.core import ChipbenchError, ModelSettings

_ENDPOINT_VARIABLES = ("_API_BASE", "_BASE_URL")
"""Variables litellm lists as missing that name an endpoint, not a credential: the provider
has a default (e.g. Ollama on localhost) or `--base-url` gives one."""


def load_litellm() -> Any:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network at import
    import litellm

    litellm.suppress_debug_info = True  # the core never prints: failures reach us as exceptions
    litellm.telemetry = False
    for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)
    return litellm


class LiteLLMModel(Model):
    name = "litellm"
    cacheable = True

    def __init__(self, arg: str | None = None) -> None:
        if not arg or "/" not in arg:
            raise ChipbenchError("a litellm model is named PROVIDER/MODEL, e.g. openai/gpt-4o "
                                 "or anthropic/claude-sonnet-4-5")
        self.model = arg

    def preflight(self, settings: ModelSettings) -> None:
        litellm = load_litellm()
        try:
            litellm.get_llm_provider(self.model, api_base=settings.base_url)
        except Exception:  # noqa: BLE001 - litellm raises several kinds for an unknown provider
            raise ChipbenchError(
                f"litellm does not know the provider in {self.model!r}; name a model as "
                "PROVIDER/MODEL (https://docs.litellm.ai/docs/providers), or use "
                "local/NAME --base-url URL for an OpenAI-compatible server") from None
        env = litellm.validate_environment(self.model, api_base=settings.base_url)
        missing = [k for k in env.get("missing_keys", []) if not k.endswith(_ENDPOINT_VARIABLES)]
        if missing:
            raise ChipbenchError(f"model {self.model!r} needs the environment variable "
                                 f"{' or '.join(missing)} (its API key); set it and run again")

    async def complete(self, request: ModelRequest) -> Reply:
        litellm = load_litellm()
        settings = request.settings
        kwargs: dict[str, Any] = dict(settings.sampling())
        if request.tools:
            kwargs["tools"] = request.tools
        if settings.base_url:
            kwargs["api_base"] = settings.base_url
        try:
            response = await litellm.acompletion(
                model=self.model, messages=to_wire(request.messages), timeout=settings.timeout_s,
                num_retries=0, max_retries=0, **kwargs)  # retries are ours, uniform for all models
        except Exception as exc:  # noqa: BLE001 - classified into transient or final
            raise model_error(exc, self.model) from exc
        reply = reply_from(response)
        reply.usage.cost_usd = _cost(litellm, response)
        return reply


def _cost(litellm: Any, response: Any) -> float:
    """The price of one reply from litellm's table; 0 for models it has no price for."""
    try:
        return float(litellm.completion_cost(completion_response=response) or 0.0)
    except Exception:  # noqa: BLE001 - unknown model: no price, not an error
        return 0.0
