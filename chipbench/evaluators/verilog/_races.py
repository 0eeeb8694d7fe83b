"""Can anything see a blocking write in a clocked block within the same time step?

Turning `v <= e` into `v = e` changes, for synthesis and so for a proof, only what later
statements of the same block read from `v`. A simulator shows more: other processes woken by
the same edge may read the new value or the old one (a race), and Icarus updates a
continuous assignment computed from `v` at once, so a later statement of the same block that
reads such a wire sees the new value where synthesis reads the register. A proof speaks for
the mutant only when neither can happen; this module decides that conservatively (anything
it cannot parse counts as a possible race).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_IDENT = re.compile(r"\b[A-Za-z_]\w*\b")
_PLAIN_DECLARATION = re.compile(r"^\s*(?:reg|logic|integer|genvar|input|output|inout|localparam|parameter)\b[^;]*;", re.M)
_CONTINUOUS = re.compile(r"\b(?:assign|wire)\b([^;=]*?)=([^;]*);")
_PROCESS = re.compile(r"\b(always(?:_ff|_comb|_latch)?|initial)\b\s*(@\s*(?:\([^)]*\)|\*))?")
_ASSIGNED = re.compile(r"([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*(?:<=|(?<![=!<>])=(?!=))")
_TOKEN = re.compile(r"\b(?:begin|end|if|else|case[xz]?|endcase|default|for|while|repeat)\b|[()\[\]{};:]|[^\s()\[\]{};:]+")


def blocking_write_is_private(code: str, body: int, block: tuple[int, int], pos: int) -> bool:
    """`code`: the module with comments masked; `block`: the clocked block's span; `pos`: where
    its `<=` becomes `=`. True when no reader can tell the blocking write from the original."""
    variable = _target(code, pos)
    if variable is None:  # a concatenation or something stranger on the left
        return False
    processes = _processes(code, body)
    if block not in [(s, e) for s, e, _ in processes]:
        return False
    wires = [(set(_IDENT.findall(lhs)), set(_IDENT.findall(rhs))) for lhs, rhs in _CONTINUOUS.findall(code, body)]
    combinational = [(set(_ASSIGNED.findall(code, s, e)), set(_IDENT.findall(code, s, e)))
                     for s, e, kind in processes if kind == "comb"]
    through_wires = _closure({variable}, wires)
    through_anything = _closure({variable}, wires + combinational)

    other_edges = [code[s:e] for s, e, kind in processes if kind != "comb" and (s, e) != block]
    rest = code[body:]
    for s, e, _ in sorted(processes, reverse=True):
        rest = rest[:s - body] + " " * (e - s) + rest[e - body:]
    rest = _PLAIN_DECLARATION.sub(" ", _CONTINUOUS.sub(" ", rest))
    if any(set(_IDENT.findall(text)) & through_anything for text in [*other_edges, rest]):
        return False

    watched = through_wires - {variable}
    reads = [m.start() for m in _IDENT.finditer(code, block[0], block[1]) if m.group() in watched]
    if not reads:
        return True
    tree = _parse_block(code, block)
    if tree is None:
        return False
    return not any(_runs_after(tree, pos, r) for r in reads)


def _target(code: str, pos: int) -> str | None:
    """The variable written by the assignment whose operator is at `pos`: step back over
    spaces and (nested) index brackets, then read the name."""
    i = pos
    while True:
        while i > 0 and code[i - 1].isspace():
            i -= 1
        if i == 0 or code[i - 1] != "]":
            break
        depth = 0
        while i > 0:
            i -= 1
            depth += {"]": 1, "[": -1}.get(code[i], 0)
            if depth == 0:
                break
    name = re.search(r"[A-Za-z_]\w*$", code[:i])
    return name.group() if name else None


def _closure(start: set[str], edges: list[tuple[set[str], set[str]]]) -> set[str]:
    found = set(start)
    while more := set().union(*(lhs for lhs, rhs in edges if rhs & found)) - found:
        found |= more
    return found


def _processes(code: str, body: int) -> list[tuple[int, int, str]]:
    out = []
    for m in _PROCESS.finditer(code, body):
        control = m.group(2) or ""
        if m.group(1) == "initial":
            kind = "initial"
        elif m.group(1) == "always_ff" or re.search(r"\b(?:posedge|negedge)\b", control):
            kind = "edge"
        else:
            kind = "comb"
        out.append((m.start(), statement_end(code, m.end()), kind))
    return out


def statement_end(code: str, start: int) -> int:
    """End of the statement after an event control: a begin/end block or one statement."""
    m = re.compile(r"\bbegin\b|;").search(code, start)
    if m is None:
        return len(code)
    if m.group() == ";":
        return m.end()
    depth = 0
    for tok in re.finditer(r"\bbegin\b|\bend\b", code[m.start():]):
        depth += 1 if tok.group() == "begin" else -1
        if depth == 0:
            return m.start() + tok.end()
    return len(code)


# -- a small statement parser: enough to tell sequence from alternatives -----------------

@dataclass
class _Node:
    kind: str  # seq, if, case, loop, leaf
    start: int
    end: int
    children: list[_Node] = field(default_factory=list)


class _Unparsed(Exception):
    pass


def _parse_block(code: str, block: tuple[int, int]) -> _Node | None:
    header = _PROCESS.match(code, block[0])
    assert header is not None, "a block starts where _PROCESS matched it"
    tokens = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(code, header.end(), block[1])]
    try:
        node, rest = _statement(tokens, 0)
    except (_Unparsed, IndexError):
        return None
    return node if rest == len(tokens) else None


def _group(tokens, i: int) -> int:
    """Index after the parenthesised group starting at `i`."""
    if tokens[i][0] != "(":
        raise _Unparsed
    depth = 0
    while True:
        depth += {"(": 1, ")": -1}.get(tokens[i][0], 0)
        i += 1
        if depth == 0:
            return i


def _statement(tokens, i: int) -> tuple[_Node, int]:
    word, start, _ = tokens[i]
    if word == "begin":
        i += 1
        if tokens[i][0] == ":":
            i += 2
        node = _Node("seq", start, start)
        while tokens[i][0] != "end":
            child, i = _statement(tokens, i)
            node.children.append(child)
        node.end = tokens[i][2]
        return node, i + 1
    if word == "if":
        after = _group(tokens, i + 1)
        cond = _Node("leaf", tokens[i + 1][1], tokens[after - 1][2])
        then, i = _statement(tokens, after)
        node = _Node("if", start, then.end, [cond, then])
        if i < len(tokens) and tokens[i][0] == "else":
            other, i = _statement(tokens, i + 1)
            node.children.append(other)
            node.end = other.end
        return node, i
    if word in ("case", "casex", "casez"):
        after = _group(tokens, i + 1)
        node = _Node("case", start, start, [_Node("leaf", tokens[i + 1][1], tokens[after - 1][2])])
        i = after
        while tokens[i][0] != "endcase":
            label_start, depth = tokens[i][1], 0
            while depth or tokens[i][0] != ":":
                if tokens[i][0] == "default" and tokens[i + 1][0] != ":":
                    break
                depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(tokens[i][0], 0)
                i += 1
            label_end = tokens[i][2]
            i += 1
            arm, i = _statement(tokens, i)
            node.children.append(_Node("seq", label_start, arm.end, [_Node("leaf", label_start, label_end), arm]))
        node.end = tokens[i][2]
        return node, i + 1
    if word in ("for", "while", "repeat"):
        body, i = _statement(tokens, _group(tokens, i + 1))
        return _Node("loop", start, body.end, [body]), i
    if word in ("end", "else", "endcase", ")", "]", "}", ":"):
        raise _Unparsed
    depth = 0
    while depth or tokens[i][0] != ";":
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(tokens[i][0], 0)
        i += 1
    return _Node("leaf", start, tokens[i][2]), i + 1


def _path(node: _Node, pos: int) -> list[tuple[_Node, int]]:
    path = []
    while node.children:
        index = next((k for k, c in enumerate(node.children) if c.start <= pos < c.end), None)
        if index is None:
            break
        path.append((node, index))
        node = node.children[index]
    return path


def _runs_after(tree: _Node, write: int, read: int) -> bool:
    """Whether the statement reading at `read` can run after the write at `write` in one
    activation of the block: later in a sequence, or anywhere in a loop around both."""
    for (node, a), (_, b) in zip(_path(tree, write), _path(tree, read)):
        if node.kind == "loop":
            return True
        if a != b:
            # in a sequence, order decides; in an if or case, different arms exclude each
            # other and the condition or labels run before any arm
            return node.kind == "seq" and b > a
    return False
