"""The OpenAI chat-completions wire format, shared by the `litellm` and `local` clients.

Both clients speak it (litellm normalises every provider to it), so conversion of messages,
replies, usage and errors lives here once.
"""

from __future__ import annotations

import json
from typing import Any

from chipbench.agents.models._base import ModelError, Reply, TransientModelError
from chipbench.core import Message, Usage

RETRYABLE_STATUS = {408, 409, 425, 429}
"""HTTP statuses worth another try besides every 5xx: timeouts, conflicts, rate limits."""


def to_wire(messages: list[Message]) -> list[dict[str, Any]]:
    """Messages as the chat-completions API expects them (unset fields left out)."""
    out = []
    for m in messages:
        item: dict[str, Any] = {"role": m.role, "content": m.content}
        if m.tool_calls:
            item["tool_calls"] = m.tool_calls
        if m.tool_call_id:
            item["tool_call_id"] = m.tool_call_id
        out.append(item)
    return out


def reply_from(response: Any) -> Reply:
    """A chipbench Reply from an openai `ChatCompletion` or a litellm `ModelResponse`.

    A tool call without an id gets one (`call_N`), so the tool result can always answer it.
    Arguments stay the raw string the model wrote: judging them is the agent's job.
    """
    choices = getattr(response, "choices", None) or []
    if not choices:
        raise ModelError("the provider answered without any choice")
    msg = choices[0].message
    calls = []
    for i, call in enumerate(getattr(msg, "tool_calls", None) or []):
        fn = getattr(call, "function", None)
        args = getattr(fn, "arguments", "") if fn is not None else ""
        calls.append({
            "id": getattr(call, "id", None) or f"call_{i}",
            "type": "function",
            "function": {"name": (getattr(fn, "name", None) or "") if fn is not None else "",
                         "arguments": args if isinstance(args, str) else json.dumps(args)},
        })
    usage = getattr(response, "usage", None)
    details = getattr(usage, "completion_tokens_details", None)
    reasoning = next((r for f in REASONING_FIELDS if isinstance(r := _field(msg, f), str) and r), None)
    return Reply(
        message=Message(role="assistant", content=getattr(msg, "content", None), reasoning=reasoning,
                        tool_calls=calls or None),
        usage=Usage(prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
                    completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
                    reasoning_tokens=int(_field(details, "reasoning_tokens") or 0)),
    )


REASONING_FIELDS = ("reasoning_content", "reasoning")
"""Where servers put a reply's thinking: vLLM, SGLang, DeepSeek, `transformers serve` use the
first; newer vLLM and Ollama's OpenAI endpoint the second."""


def _field(obj: Any, name: str) -> Any:
    """An attribute of an SDK object, or a field the SDK kept as an extra (servers add fields
    the openai types do not declare), or a dict key."""
    if obj is None:
        return None
    if isinstance(obj, dict):
        return obj.get(name)
    value = getattr(obj, name, None)
    if value is None:
        value = (getattr(obj, "model_extra", None) or {}).get(name)
    return value


def model_error(exc: Exception, model: str) -> ModelError:
    """Our error for a client exception: transient (retried) or final.

    litellm's exceptions subclass openai's, so one classification serves both clients.
    """
    import openai

    if isinstance(exc, ModelError):
        return exc
    text = f"{model}: {type(exc).__name__}: {str(exc)[:500]}"
    if " - " not in str(exc) and (body := _response_text(exc)):  # the SDK quoted no message
        text += f" (server said: {body[:500]})"
    if isinstance(exc, openai.APIConnectionError):  # includes timeouts
        return TransientModelError(text)
    status = getattr(exc, "status_code", None)
    if isinstance(exc, openai.APIStatusError) or isinstance(status, int):
        if isinstance(status, int) and (status in RETRYABLE_STATUS or status >= 500):
            return TransientModelError(text, retry_after_s=_retry_after(exc))
    return ModelError(text)


def _response_text(exc: Exception) -> str:
    """The body of an error response, for servers whose error is not the `{"error": {"message"}}`
    the SDK quotes: FastAPI's `{"detail": ...}`, a plain `Internal Server Error`, a proxy's page."""
    try:
        return " ".join(exc.response.text.split())  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - no response, or one without a readable body
        return ""


def _retry_after(exc: Exception) -> float | None:
    try:
        value = exc.response.headers.get("retry-after")  # type: ignore[attr-defined]
        return max(0.0, float(value)) if value is not None else None
    except (AttributeError, TypeError, ValueError):
        return None
