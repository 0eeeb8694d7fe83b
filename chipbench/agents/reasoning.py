"""Keeping a reasoning model's thinking apart from its answer.

Servers return thinking in one of two shapes: a separate field (`reasoning_content` from
vLLM, SGLang, DeepSeek, `transformers serve`; `reasoning` from newer vLLM and Ollama), or
inline text wrapped in `<think>…</think>` (llama.cpp without a reasoning parser, Ollama's raw
mode, many open models behind a plain chat template). Both end up in `Message.reasoning`, so
code a model drafts while thinking is never extracted as a candidate file.

Some chat templates open the `<think>` tag in the prompt, so the reply starts inside the
thought and only closes it; a reply cut off mid-thought has no closing tag. Both are handled:
everything before a lone `</think>`, and everything after an unclosed `<think>`, is thinking.
"""

from __future__ import annotations

import re

from chipbench.core import Message, Usage

OPEN, CLOSE = "<think>", "</think>"
_BLOCK = re.compile(r"<think>(.*?)</think>", re.S)


def split_think(content: str) -> tuple[str, str]:
    """(answer, thinking) of a reply's text with `<think>` sections."""
    thoughts: list[str] = []
    if CLOSE in content and OPEN not in content.split(CLOSE, 1)[0]:
        head, content = content.split(CLOSE, 1)  # the template opened the tag in the prompt
        thoughts.append(head)

    def keep(m: re.Match) -> str:
        thoughts.append(m.group(1))
        return ""

    content = _BLOCK.sub(keep, content)
    if OPEN in content:  # cut off while thinking
        content, tail = content.split(OPEN, 1)
        thoughts.append(tail)
    return content.strip("\n"), "\n\n".join(t.strip("\n") for t in thoughts if t.strip())


def separate_reasoning(message: Message) -> Message:
    """The message with any `<think>` text of its content moved to `reasoning` (after what a
    reasoning field already held)."""
    if message.role != "assistant" or not message.content or (OPEN not in message.content
                                                             and CLOSE not in message.content):
        return message
    answer, thinking = split_think(message.content)
    reasoning = "\n\n".join(t for t in (message.reasoning, thinking) if t) or None
    return message.model_copy(update={"content": answer, "reasoning": reasoning})


def with_reasoning_tokens(usage: Usage, message: Message) -> Usage:
    """Usage with `reasoning_tokens` filled in where the provider did not count them: the
    completion tokens shared out by characters between thinking and answer (an estimate)."""
    if usage.reasoning_tokens or not message.reasoning or not usage.completion_tokens:
        return usage
    thinking, answer = len(message.reasoning), len(message.content or "")
    share = round(usage.completion_tokens * thinking / (thinking + answer))
    return usage.model_copy(update={"reasoning_tokens": min(share, usage.completion_tokens)})
