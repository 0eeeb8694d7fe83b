"""`tool-calling`: an agent loop with function calling over a working copy of the workspace.

Tools: `list_files`, `read_file`, `write_file` (this sample's in-memory working copy, which
starts from the task's workspace and holds nothing hidden), `run_checks` (the evaluator's
public feedback from a fresh sandbox), `submit`, and any measurement the task offers
(`AgentTools.queries`, e.g. `query_design` on HLS tasks with a query budget), each a function
without arguments that measures the working copy as it stands. The loop ends when the model submits, when
a budget (turns, tokens, cost, wall time) runs out, or when the model stops calling tools;
in every case the working copy as it stands is the candidate.

Malformed calls — arguments that are not JSON, an unknown tool, a missing argument — are
answered with an error the model can read and correct; they never end the loop early.
"""

from __future__ import annotations

import json
from typing import Any

from chipbench.agents._base import Agent, AgentTools, Budget
from chipbench.agents._prompts import initial_messages, render_prompt
from chipbench.agents._session import BudgetExhausted, Session
from chipbench.agents._workspace import Workspace, WorkspaceError
from chipbench.agents.models import Model
from chipbench.core import Candidate, Task

DEFAULT_MAX_TURNS = 30
MAX_RESULT_CHARS = 20_000
PATIENCE = 2
"""Replies in a row without a tool call before the agent concludes the model has finished."""


def _function(name: str, description: str, properties: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": properties or {},
                       "required": sorted(properties or {})},
    }}


_PATH = {"type": "string", "description": "path relative to the workspace, e.g. top.v"}
TOOLS = [
    _function("list_files", "List the files in your workspace."),
    _function("read_file", "Return the content of a workspace file.", {"path": _PATH}),
    _function("write_file", "Create or replace a workspace file with the given complete content.",
              {"path": _PATH, "content": {"type": "string", "description": "the whole file"}}),
    _function("run_checks", "Compile the workspace files and run the task's public checks "
              "(and timing, where measured); returns their report."),
    _function("submit", "Hand in the workspace files as they are now. Ends the session."),
]
TOOL_NAMES = [t["function"]["name"] for t in TOOLS]


class ToolCallingAgent(Agent):
    name = "tool-calling"

    async def solve(self, task: Task, model: Model, tools: AgentTools, budget: Budget, sample: int = 0) -> Candidate:
        workspace = tools.workspace if tools.workspace.files else Workspace(task.workspace)
        max_turns = budget.max_turns if budget.max_turns is not None else DEFAULT_MAX_TURNS
        messages = initial_messages(task, prompt="tool_use", templates=self.options.prompts, max_turns=max_turns)
        specs = TOOLS + [_function(q.name, q.description) for q in tools.queries]
        names = [s["function"]["name"] for s in specs]
        session = Session(task, model, budget, sample, messages, default_turns=DEFAULT_MAX_TURNS)
        idle = 0
        while True:
            try:
                reply = await session.ask(tools=specs)
            except BudgetExhausted as exc:
                session.stop_reason = str(exc)
                break
            if not reply.tool_calls:
                idle += 1
                if idle >= PATIENCE:
                    session.stop_reason = f"the model stopped calling tools ({PATIENCE} replies without one)"
                    break
                session.say(render_prompt("tool_reminder", task, self.options.prompts))
                continue
            idle = 0
            submitted = False
            for i, call in enumerate(reply.tool_calls):
                call["id"] = call.get("id") or f"call_{session.model_calls}_{i}"  # every call gets an answer
                name, args, problem = _parse_call(call, names)
                if name == "submit" and problem is None:
                    submitted = True
                await session.run_tool(name or "?", lambda: self._run(name, args, problem, workspace, tools),  # noqa: B023 (awaited here)
                                       call_id=call["id"])
            if submitted:
                session.stop_reason = "submitted"
                break
        return Candidate(files=dict(workspace.files), trajectory=session.trajectory())

    async def _run(self, name: str, args: dict[str, Any], problem: str | None,
                   workspace: Workspace, tools: AgentTools) -> str:
        if problem:
            raise WorkspaceError(problem)
        if name == "list_files":
            listing = [f"{p} ({len(workspace.files[p])} characters)" for p in workspace.list()]
            return "\n".join(listing) or "(the workspace is empty)"
        if name == "read_file":
            return _clip(workspace.read(_text_arg(args, "path")))
        if name == "write_file":
            path = workspace.write(_text_arg(args, "path"), _text_arg(args, "content", allow_empty=True))
            return f"wrote {path} ({len(workspace.files[path])} characters)"
        if name == "run_checks":
            if tools.check is None:
                return "no checks are available for this task"
            return _clip(await tools.check(dict(workspace.files)))
        for query in tools.queries:
            if name == query.name:
                return _clip(await query.run(dict(workspace.files)))
        return "submitted"


def _parse_call(call: dict[str, Any], names: list[str]) -> tuple[str, dict[str, Any], str | None]:
    """Tool name, arguments, and what is wrong with the call (None if nothing)."""
    fn = call.get("function") or {}
    name = fn.get("name") or ""
    if name not in names:
        return name, {}, f"there is no tool {name!r}; the tools are {', '.join(names)}"
    raw = fn.get("arguments") or "{}"
    try:
        args = json.loads(raw) if isinstance(raw, str) else raw
    except json.JSONDecodeError as exc:
        return name, {}, f"the arguments of {name} are not valid JSON ({exc.msg}); send a JSON object"
    if not isinstance(args, dict):
        return name, {}, f"the arguments of {name} must be a JSON object"
    return name, args, None


def _text_arg(args: dict[str, Any], key: str, allow_empty: bool = False) -> str:
    value = args.get(key)
    if not isinstance(value, str) or (not value and not allow_empty):
        raise WorkspaceError(f"argument {key!r} is missing or not a string")
    return value


def _clip(text: str) -> str:
    if len(text) <= MAX_RESULT_CHARS:
        return text
    return text[:MAX_RESULT_CHARS] + f"\n[... {len(text) - MAX_RESULT_CHARS} more characters not shown]"
