"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions protocol, scripted
by a test. The openai SDK and litellm talk to it over a socket exactly as they would to a
provider, so nothing in the clients is replaced; the server counts every request it gets.

A script is a function from the request body (a dict) to what the server does: `Answer`
(a reply, optionally with tool calls), `Refuse` (an HTTP error such as 429), or `Hang`
(accept the request and never answer, until the server stops).
"""

from __future__ import annotations

import itertools
import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Answer:
    content: str | None = None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_content: str | None = None
    """Sent as the message's `reasoning_content` field (vLLM, SGLang, DeepSeek)."""
    reasoning_tokens: int | None = None
    """Sent as `usage.completion_tokens_details.reasoning_tokens` (OpenAI's count)."""


@dataclass
class Refuse:
    status: int = 429
    retry_after: float | None = 0


@dataclass
class Hang:
    pass


Action = Answer | Refuse | Hang
Script = Callable[[dict], Action]
_ids = itertools.count(1)


def call(name: str, arguments: dict | str | None = None) -> dict[str, Any]:
    """A tool call as a provider sends it; a string `arguments` is sent verbatim (malformed JSON)."""
    args = arguments if isinstance(arguments, str) else json.dumps(arguments or {})
    return {"id": f"call_{next(_ids)}", "type": "function", "function": {"name": name, "arguments": args}}


def conversation_turn(body: dict) -> int:
    """How many assistant replies the conversation already holds: the index of this reply."""
    return sum(1 for m in body["messages"] if m["role"] == "assistant")


def last_text(body: dict, role: str = "user") -> str:
    for m in reversed(body["messages"]):
        if m["role"] == role:
            return m.get("content") or ""
    return ""


class FakeChatServer:
    def __init__(self, script: Script) -> None:
        self.script = script
        self.requests: list[dict] = []
        self._lock = threading.Lock()
        self._release = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    @property
    def calls(self) -> int:
        with self._lock:
            return len(self.requests)

    def __enter__(self) -> "FakeChatServer":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._release.set()  # let hanging handlers go
        self._httpd.shutdown()
        self._httpd.server_close()

    def _respond(self, body: dict) -> tuple[int, dict[str, str], dict | None]:
        with self._lock:
            self.requests.append(body)
        action = self.script(body)
        if isinstance(action, Hang):
            self._release.wait(120)
            return 0, {}, None
        if isinstance(action, Refuse):
            headers = {} if action.retry_after is None else {"Retry-After": str(action.retry_after)}
            return action.status, headers, {"error": {"message": f"scripted {action.status}",
                                                      "type": "rate_limit_error", "code": str(action.status)}}
        prompt = action.prompt_tokens
        if prompt is None:
            prompt = sum(len(m.get("content") or "") for m in body["messages"]) // 4 + 1
        completion = action.completion_tokens
        if completion is None:
            completion = len(action.content or "") // 4 + 10 * len(action.tool_calls) + 1
        message: dict[str, Any] = {"role": "assistant", "content": action.content}
        if action.tool_calls:
            message["tool_calls"] = action.tool_calls
        if action.reasoning_content is not None:
            message["reasoning_content"] = action.reasoning_content
        usage: dict[str, Any] = {"prompt_tokens": prompt, "completion_tokens": completion,
                                 "total_tokens": prompt + completion}
        if action.reasoning_tokens is not None:
            usage["completion_tokens_details"] = {"reasoning_tokens": action.reasoning_tokens}
        return 200, {}, {
            "id": f"chatcmpl-{len(self.requests)}", "object": "chat.completion",
            "created": int(time.time()), "model": body.get("model", "scripted"),
            "choices": [{"index": 0, "message": message,
                         "finish_reason": "tool_calls" if action.tool_calls else "stop"}],
            "usage": usage,
        }


def _handler_for(server: FakeChatServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:  # keep test output quiet
            pass

        def setup(self) -> None:
            super().setup()
            # Headers and body go out as separate writes: without this, Nagle's algorithm
            # and delayed ACKs add ~40 ms to every reply.
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def do_POST(self) -> None:
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self.send_error(404)
                return
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            status, headers, payload = server._respond(body)
            if payload is None:  # hung: drop the connection without an answer
                self.close_connection = True
                return
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for k, v in headers.items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)

    return Handler
