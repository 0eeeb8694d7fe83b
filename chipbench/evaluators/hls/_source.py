"""Reading HLS kernels with a real C parser (tree-sitter's C grammar), never regexes over text.

What the evaluator needs from a source: its tunable pragmas (`#pragma ACCEL PIPELINE /
PARALLEL / TILE`) and the loop each one sits on, its code with those pragmas left out (to
prove a candidate changed nothing else), and the top function's parameters (for the
testbench). tree-sitter parses C without running the preprocessor, so directives, comments
and pragmas stay in the tree where a candidate put them: nothing is expanded or included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import tree_sitter_c
from tree_sitter import Language, Node, Parser

from chipbench.evaluators.hls._data import KINDS

LOOPS = ("for_statement", "while_statement", "do_statement")
_PRAGMA_KIND = {word: kind for kind, word in KINDS.items()}  # PIPELINE -> PIPE


class SourceError(ValueError):
    """The source is not one the evaluator can accept; the message says why, for the agent."""


@cache
def c_parser() -> Parser:
    return Parser(Language(tree_sitter_c.language()))


@dataclass(frozen=True)
class Pragma:
    """One tunable pragma: its kind (`PIPE`, `PARA`, `TILE`), its argument text after the
    kind word, the source line, and the index of the loop it sits on (None: not on a loop)."""

    kind: str
    argument: str
    line: int
    loop: int | None
    loop_line: int | None


@dataclass(frozen=True)
class Param:
    """A top-function parameter: base type text, name, array dimensions ([] for a scalar),
    and whether it is a pointer (to one object of the base type)."""

    type: str
    name: str
    dims: tuple[int, ...]
    pointer: bool


@dataclass(frozen=True)
class Parsed:
    tokens: tuple[tuple[str, str], ...]
    """Every token of the source except comments and tunable pragmas, as (node type, text)."""
    token_lines: tuple[int, ...]
    pragmas: tuple[Pragma, ...]
    loops: int
    top: str
    params: tuple[Param, ...]


_LINE_SPLITTERS = re.compile(r"\\[ \t]*(?:\r\n|\r|\n)|\r(?!\n)|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Characters g++ reads as line structure where tree-sitter does not: a backslash before a line
end, even with blanks between (g++ still splices the lines), a carriage return not followed by a
newline (g++ ends the line there, tree-sitter does not), and any other control character. Either
could hide code from the token comparison in a comment or a pragma, or hide code from g++."""


def parse(text: str) -> Parsed:
    if found := _LINE_SPLITTERS.search(text):
        # The parser and the compiler must see the same lines, or code tree-sitter reads as a
        # comment or a pragma is code to g++ (or the reverse).
        line = text[: found.start()].count("\n") + 1
        what = "a backslash line continuation" if found.group().startswith("\\") else \
            f"the control character {found.group()!r}"
        raise SourceError(f"line {line}: {what} is not allowed")
    tree = c_parser().parse(text.encode())
    root = tree.root_node
    if root.has_error:
        bad = _first_error(root)
        raise SourceError(f"line {bad.start_point[0] + 1}: the C parser cannot read the source here")
    loops = [n for n in walk(root) if n.type in LOOPS]
    loop_index = {n.id: i for i, n in enumerate(loops)}
    pragmas, skip = [], set()
    for node in walk(root):
        if node.type == "preproc_call" and directive(node) == "#pragma":
            words = _argument(node).split(None, 2)
            if len(words) >= 2 and words[0] == "ACCEL" and words[1] in _PRAGMA_KIND:
                target = _attached_loop(node)
                pragmas.append(Pragma(kind=_PRAGMA_KIND[words[1]], argument=words[2] if len(words) > 2 else "",
                                      line=node.start_point[0] + 1,
                                      loop=None if target is None else loop_index[target.id],
                                      loop_line=None if target is None else target.start_point[0] + 1))
                skip.add(node.id)
    tokens, lines = [], []
    for node in _leaves(root, skip):
        tokens.append((node.type, node.text.decode(errors="replace").strip()))
        lines.append(node.start_point[0] + 1)
    top, params = _top_function(root)
    return Parsed(tuple(tokens), tuple(lines), tuple(pragmas), len(loops), top, tuple(params))


def walk(node: Node):
    yield node
    for child in node.children:
        yield from walk(child)


def _first_error(node: Node) -> Node:
    for n in walk(node):
        if n.type == "ERROR" or n.is_missing:
            return n
    return node


def directive(node: Node) -> str:
    d = node.child_by_field_name("directive")
    return d.text.decode().strip() if d is not None else ""


def _argument(node: Node) -> str:
    a = node.child_by_field_name("argument")
    return a.text.decode(errors="replace").strip() if a is not None else ""


def _leaves(node: Node, skip: set[int]):
    """Tokens: leaves, and preprocessor lines whole (their argument is one opaque token)."""
    if node.id in skip or node.type == "comment":
        return
    if node.child_count == 0 or node.type.startswith("preproc_arg"):
        yield node
        return
    for child in node.children:
        yield from _leaves(child, skip)


def _attached_loop(pragma: Node) -> Node | None:
    """The loop a pragma applies to: the next statement after it, skipping other pragmas and
    comments, through a loop label (`L1: for (...)`). None when that statement is no loop."""
    nxt = pragma.next_named_sibling
    while nxt is not None and (nxt.type == "comment" or
                               (nxt.type == "preproc_call" and directive(nxt) == "#pragma")):
        nxt = nxt.next_named_sibling
    while nxt is not None and nxt.type == "labeled_statement":
        nxt = next((c for c in nxt.named_children if c.type not in ("statement_identifier", "comment")), None)
    return nxt if nxt is not None and nxt.type in LOOPS else None


def _top_function(root: Node) -> tuple[str, list[Param]]:
    """The function after `#pragma ACCEL kernel`, and its parameters."""
    marked = False
    for child in root.named_children:
        if child.type == "preproc_call" and _argument(child) == "ACCEL kernel":
            marked = True
        elif child.type == "function_definition" and marked:
            declarator = child.child_by_field_name("declarator")
            name = declarator.child_by_field_name("declarator").text.decode()
            plist = declarator.child_by_field_name("parameters")
            return name, [_param(p) for p in plist.named_children if p.type == "parameter_declaration"]
    raise SourceError("no function follows `#pragma ACCEL kernel`")


def _param(node: Node) -> Param:
    type_text = " ".join(c.text.decode() for c in node.children
                         if c.type in ("primitive_type", "sized_type_specifier", "type_identifier",
                                       "type_qualifier", "struct_specifier"))
    decl = node.child_by_field_name("declarator")
    dims: list[int] = []
    pointer = False
    while decl is not None and decl.type != "identifier":
        if decl.type == "array_declarator":
            size = decl.child_by_field_name("size")
            dims.insert(0, int(size.text.decode()))
        elif decl.type == "pointer_declarator":
            pointer = True
        decl = decl.child_by_field_name("declarator")
    if decl is None:
        raise SourceError(f"parameter {node.text.decode()!r} has no name")
    return Param(type=type_text, name=decl.text.decode(), dims=tuple(dims), pointer=pointer)
