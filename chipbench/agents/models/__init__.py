"""Model clients; each is registered in the `chipbench.models` entry-point group.

A model is named on the command line in one of three ways, resolved by `resolve_spec`:

* `NAME` or `NAME:ARG` — a registered model (`oracle`, `replay:records.jsonl`, a plug-in);
* `NAME/ARG` where NAME is registered — e.g. `local/qwen2.5-coder` (OpenAI-compatible server);
* `PROVIDER/MODEL` otherwise — handed to the `litellm` model (`openai/gpt-4o`, `ollama/llama3`).
"""

from __future__ import annotations

from pathlib import Path

from chipbench.agents.models._base import Model, ModelError, ModelRequest, Reply, TransientModelError
from chipbench.agents.models._cache import ResponseCache, default_cache_dir, request_key
from chipbench.agents.models._managed import ManagedModel
from chipbench.core import ChipbenchError, ModelSettings

PROVIDER_MODEL = "litellm"
"""The registered model that takes `PROVIDER/MODEL` specs no other model claims."""


def resolve_spec(spec: str) -> tuple[str, str | None]:
    """The registry name and the argument for a model spec (see the module docstring)."""
    from chipbench.registry import models

    known = set(models.names())
    name, _, arg = spec.partition(":")
    if name in known:
        return name, arg or None
    prefix, slash, rest = spec.partition("/")
    if slash and prefix in known:
        return prefix, rest or None
    if slash and prefix:
        return PROVIDER_MODEL, spec
    return name, arg or None  # unknown: the registry says so and lists what it knows


def make_model(spec: str) -> Model:
    """Build a model from its spec (`oracle`, `replay:FILE`, `local/NAME`, `openai/gpt-4o`)."""
    from chipbench.registry import models

    name, arg = resolve_spec(spec)
    try:
        factory = models.get(name)
    except ChipbenchError as exc:
        raise ChipbenchError(f"{exc}; or PROVIDER/MODEL for any provider litellm knows, or "
                             "local/NAME with --base-url for an OpenAI-compatible server") from None
    try:
        return factory(arg)
    except ChipbenchError:
        raise
    except Exception as exc:
        raise ChipbenchError(f"model {spec!r} could not be created: {exc}") from exc


def open_model(spec: str, settings: ModelSettings | None = None, *, cache: bool = True,
               cache_dir: Path | None = None) -> ManagedModel:
    """The model a run uses: built from its spec, checked before the run (API key, base URL),
    behind the response cache (unless `cache` is False), concurrency limit, timeout and retries."""
    settings = settings or ModelSettings()
    inner = make_model(spec)
    inner.preflight(settings)
    store = ResponseCache(cache_dir) if cache and inner.cacheable else None
    return ManagedModel(inner, spec, settings, store)


__all__ = [
    "ManagedModel", "Model", "ModelError", "ModelRequest", "Reply", "ResponseCache",
    "TransientModelError", "default_cache_dir", "make_model", "open_model", "request_key",
    "resolve_spec",
]
