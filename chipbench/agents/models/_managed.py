"""What agents actually call: a model behind the run's settings, a response cache, a
concurrency limit, a per-call timeout, and retries with backoff.

These are the same for every model, so each client (litellm, local, a plug-in) only makes
one call and says whether a failure is worth retrying (`TransientModelError`).
"""

from __future__ import annotations

import asyncio
import random

from chipbench.agents.models._base import Model, ModelError, ModelRequest, Reply, TransientModelError
from chipbench.agents.models._cache import ResponseCache, request_key
from chipbench.core import ModelSettings

BACKOFF_FIRST_S = 1.0
BACKOFF_MAX_S = 60.0


def backoff_s(attempt: int, hint: float | None) -> float:
    """Wait before retry `attempt` (1-based): the provider's Retry-After when given, else
    exponential with jitter so concurrent samples do not retry in lockstep."""
    if hint is not None:
        return min(hint, BACKOFF_MAX_S)
    return min(BACKOFF_FIRST_S * 2 ** (attempt - 1), BACKOFF_MAX_S) * random.uniform(0.5, 1.0)


class ManagedModel(Model):
    def __init__(self, inner: Model, spec: str, settings: ModelSettings,
                 cache: ResponseCache | None = None) -> None:
        if settings.concurrency < 1 or settings.retries < 0 or settings.timeout_s <= 0:
            raise ModelError("model concurrency must be >= 1, retries >= 0 and the timeout > 0")
        self.inner = inner
        self.spec = spec
        self.name = spec
        self.settings = settings
        self.cache = cache if inner.cacheable else None
        self.cacheable = inner.cacheable
        self._slots = asyncio.Semaphore(settings.concurrency)

    def preflight(self, settings: ModelSettings | None = None) -> None:
        self.inner.preflight(settings or self.settings)

    async def complete(self, request: ModelRequest) -> Reply:
        request = request.model_copy(update={"settings": self.settings})
        cache = self.cache
        key = request_key(self.spec, request) if cache else None
        if cache and key and (hit := cache.get(key)) is not None:
            return hit.model_copy(update={"cached": True, "attempts": 0})
        reply = await self._call_with_retries(request)
        if cache and key:
            cache.put(key, self.spec, reply)
        return reply

    async def _call_with_retries(self, request: ModelRequest) -> Reply:
        attempts = 0
        while True:
            attempts += 1
            try:
                async with self._slots, asyncio.timeout(self.settings.timeout_s):
                    reply = await self.inner.complete(request)
                return reply.model_copy(update={"attempts": attempts})
            except TimeoutError:
                error: ModelError = TransientModelError(
                    f"{self.spec}: no reply within {self.settings.timeout_s:g} s")
            except TransientModelError as exc:
                error = exc
            if attempts > self.settings.retries:
                raise ModelError(f"{error} (gave up after {attempts} attempt(s))") from error
            await asyncio.sleep(backoff_s(attempts, getattr(error, "retry_after_s", None)))
