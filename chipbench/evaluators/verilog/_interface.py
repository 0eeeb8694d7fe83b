"""Syntax and interface checks: does the candidate parse, and does its top module have exactly
the reference's ports (names, directions, widths)? Done before simulation so that an agent
gets "port `y` is 4 bits, expected 8" rather than a wall of elaboration errors."""

from __future__ import annotations

import json

from pydantic import BaseModel, ValidationError

class Port(BaseModel):
    name: str
    dir: str
    width: int


class Parsed(BaseModel):
    errors: list[str] = []
    modules: dict[str, list[Port]] = {}


def parsed_ports(stdout: str) -> Parsed | str:
    """The parser script's report, or why it is not one (a string, like a parser failure):
    its output is read back from the sandbox, so it is checked, never trusted."""
    try:
        return Parsed.model_validate(json.loads(stdout))
    except (ValueError, ValidationError) as exc:
        return f"the parser's output is not a report ({type(exc).__name__}): {stdout[:500]}"


def interface_problems(top: str, got: dict[str, list[Port]], expected: list[Port]) -> list[str]:
    if top not in got:
        found = ", ".join(sorted(got)) or "none"
        return [f"module `{top}` not found (top-level modules found: {found})"]
    have = {p.name: p for p in got[top]}
    want = {p.name: p for p in expected}
    problems = [f"missing port `{n}` ({want[n].dir}, {want[n].width} bit)" for n in want if n not in have]
    problems += [f"unexpected port `{n}`" for n in have if n not in want]
    for name in want.keys() & have.keys():
        w, h = want[name], have[name]
        if w.dir != h.dir:
            problems.append(f"port `{name}` is an {h.dir}, expected an {w.dir}")
        if w.width != h.width:
            problems.append(f"port `{name}` is {h.width} bit wide, expected {w.width}")
    return sorted(problems)
