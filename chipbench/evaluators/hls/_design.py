"""From a candidate's answer to a design point, and from a design point to C source.

Two answer formats, one per task kind:
- `design.toml` (design-space tasks): one `NAME = value` line per placeholder, e.g.
  `__PIPE__L0 = "flatten"`, `__PARA__L1 = 4`; every placeholder, nothing else;
- `kernel.c` (pragma-insertion tasks): the kernel without tunable pragmas, with the agent's own
  `#pragma ACCEL PIPELINE|PARALLEL|TILE` lines added. It must have exactly the given code
  otherwise (token for token, comments aside) and each pragma must sit on a loop that has a
  placeholder of its kind; a loop without a pragma of a kind takes that kind's default.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

import tomli_w

from chipbench.evaluators.hls._data import DEFAULTS, KINDS, Space, Value, kind_of
from chipbench.evaluators.hls._source import SourceError, parse

DESIGN_FILE = "design.toml"
KERNEL_FILE = "kernel.c"
PIPE_VALUES = ("off", "", "flatten")
MAX_ANSWER_CHARS = 256_000
"""Far above any real answer (the largest kernel is 22 kB); a bigger file is refused unread."""


class DesignError(ValueError):
    """The answer does not name a legal design point; `category` classes the failure."""

    def __init__(self, message: str, category: str) -> None:
        super().__init__(message)
        self.category = category


def _legal(space: Space, name: str, value: object) -> Value:
    kind = kind_of(name)
    if kind == "PIPE":
        ok = isinstance(value, str) and value in PIPE_VALUES
    else:
        ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok:
        expected = "one of \"off\", \"\", \"flatten\"" if kind == "PIPE" else "an integer"
        raise DesignError(f"{name}: {value!r} is not a legal {KINDS[kind]} value ({expected})", "illegal_value")
    if value not in space.domains[name]:
        raise DesignError(f"{name}: {value!r} is outside this placeholder's design space "
                          f"(legal: {', '.join(map(repr, space.domains[name]))})", "illegal_value")
    return value  # type: ignore[return-value]


def _size_checked(text: str, name: str) -> str:
    if len(text) > MAX_ANSWER_CHARS:
        raise DesignError(f"{name} is {len(text):,} characters long; answers are limited to "
                          f"{MAX_ANSWER_CHARS:,}", "format")
    return text


def point_from_toml(text: str, space: Space) -> dict[str, Value]:
    try:
        answer = tomllib.loads(_size_checked(text, DESIGN_FILE))
    except tomllib.TOMLDecodeError as exc:
        raise DesignError(f"{DESIGN_FILE} is not valid TOML: {exc}", "format") from None
    except RecursionError:  # tomllib recurses once per nesting level
        raise DesignError(f"{DESIGN_FILE} nests too deeply to be a design", "format") from None
    unknown = sorted(set(answer) - set(space.domains))
    missing = [p for p in space.domains if p not in answer]
    if unknown:
        raise DesignError(f"{DESIGN_FILE} names unknown placeholder(s): {', '.join(unknown)}", "format")
    if missing:
        raise DesignError(f"{DESIGN_FILE} gives no value for: {', '.join(missing)}", "incomplete")
    return {name: _legal(space, name, answer[name]) for name in space.domains}


def render_toml(point: dict[str, Value]) -> str:
    """A design point as a `design.toml` answer: one `NAME = value` line per placeholder."""
    return tomli_w.dumps(point)


def instantiate(placeholder_source: str, point: dict[str, Value]) -> str:
    """The data set's own rule: `auto{NAME}` becomes the value (an empty PIPE value leaves a
    bare `#pragma ACCEL PIPELINE`)."""
    text = placeholder_source
    for name, value in point.items():
        text = text.replace(f"auto{{{name}}}", str(value))
    return text


def strip_tunable(placeholder_source: str) -> str:
    """The kernel with every tunable pragma line removed (what a pragma-insertion task shows)."""
    drop = {p.line for p in parse(placeholder_source).pragmas}
    return "".join(line for i, line in enumerate(placeholder_source.splitlines(keepends=True), 1)
                   if i not in drop)


@dataclass(frozen=True)
class Placement:
    """Which placeholder each (loop index, kind) of a kernel stands for."""

    names: dict[tuple[int, str], str]

    @classmethod
    def of(cls, placeholder_source: str) -> "Placement":
        names: dict = {}
        for p in parse(placeholder_source).pragmas:
            names[(p.loop, p.kind)] = p.argument.split("auto{", 1)[1].rstrip("}").strip()
        return cls(names)


def point_from_source(candidate: str, given: str, placement: Placement, space: Space) -> dict[str, Value]:
    """The design point a pragma-insertion answer describes; raises DesignError (category
    `non_pragma_edit`, `misplaced_pragma`, `illegal_value`, `parse`) otherwise."""
    try:
        got, want = parse(_size_checked(candidate, KERNEL_FILE)), parse(given)
    except SourceError as exc:
        raise DesignError(str(exc), "parse") from None
    if got.tokens != want.tokens:
        i = next((i for i, (a, b) in enumerate(zip(got.tokens, want.tokens)) if a != b),
                 min(len(got.tokens), len(want.tokens)))
        line = got.token_lines[i] if i < len(got.token_lines) else (got.token_lines or (0,))[-1]
        raise DesignError(f"line {line}: the code differs from the given kernel; only "
                          "`#pragma ACCEL PIPELINE/PARALLEL/TILE` lines may be added", "non_pragma_edit")
    point: dict[str, Value] = {name: DEFAULTS[kind_of(name)] for name in space.domains}
    seen: set[tuple[int, str]] = set()
    for pragma in got.pragmas:
        where = f"line {pragma.line}"
        if pragma.loop is None:
            raise DesignError(f"{where}: `{KINDS[pragma.kind]}` must sit directly above a loop", "misplaced_pragma")
        name = placement.names.get((pragma.loop, pragma.kind))
        if name is None:
            raise DesignError(f"{where}: the loop at line {pragma.loop_line} takes no {KINDS[pragma.kind]} "
                              "pragma in this design space", "misplaced_pragma")
        if (pragma.loop, pragma.kind) in seen:
            raise DesignError(f"{where}: a second {KINDS[pragma.kind]} pragma on the loop at line "
                              f"{pragma.loop_line}", "misplaced_pragma")
        seen.add((pragma.loop, pragma.kind))
        point[name] = _legal(space, name, pragma_value(pragma.kind, pragma.argument, where))
    return point


def pragma_value(kind: str, argument: str, where: str) -> Value:
    """The value a pragma's argument sets: PIPELINE `[off|flatten]`; PARALLEL
    `[reduction[=VAR]] FACTOR=N`; TILE `FACTOR=N` (spaces around `=` allowed)."""
    words = argument.replace("=", " = ").split()
    if kind == "PIPE":
        if len(words) <= 1 and (not words or words[0] in ("off", "flatten")):
            return words[0] if words else ""
        raise DesignError(f"{where}: PIPELINE takes nothing, `off` or `flatten` (got {argument!r})", "illegal_value")
    factor = None
    i = 0
    while i < len(words):
        if words[i] == "FACTOR" and i + 2 < len(words) and words[i + 1] == "=":
            if factor is not None:  # which one a tool would take is anyone's guess
                raise DesignError(f"{where}: FACTOR given twice in one pragma", "illegal_value")
            factor = words[i + 2]
            i += 3
        elif kind == "PARA" and words[i] == "reduction":
            i += 3 if i + 1 < len(words) and words[i + 1] == "=" else 1
        else:
            raise DesignError(f"{where}: cannot read {argument!r} ({KINDS[kind]} takes "
                              f"{'[reduction=VAR] ' if kind == 'PARA' else ''}FACTOR=N)", "illegal_value")
    if factor is None or not re.fullmatch(r"[1-9][0-9]*", factor):  # ASCII decimal, as tools read it
        raise DesignError(f"{where}: {KINDS[kind]} needs FACTOR=N with a positive integer N", "illegal_value")
    return int(factor)
