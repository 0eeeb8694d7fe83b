"""Merlin's `#pragma ACCEL` lines as a tool that reads its own dialect wants them.

The loop each pragma belongs to comes from the parse tree; the new pragma goes first in the
loop's body, where Vitis HLS and Bambu look for loop pragmas. Merlin's coarse-grained pipeline
and its tiling have no one-line equivalent in either tool: they are dropped, and the backend
says so in its version string, so no figure hides the approximation.
"""

from __future__ import annotations

from collections.abc import Callable

from chipbench.evaluators.hls._design import pragma_value
from chipbench.evaluators.hls._source import LOOPS, directive, c_parser, walk, parse


def translate(source: str, render: Callable[[str, str | int], str | None]) -> str:
    """`source` with every tunable ACCEL pragma removed and `render(kind, value)` (when not
    None) written at the top of the body of the loop it sat on."""
    parsed = parse(source)
    data = source.encode()
    root = c_parser().parse(data).root_node
    loops = [n for n in walk(root) if n.type in LOOPS]
    edits: list[tuple[int, int, bytes]] = []
    for pragma in parsed.pragmas:
        line = pragma.line - 1
        node = next(n for n in walk(root) if n.type == "preproc_call" and directive(n) == "#pragma"
                    and n.start_point[0] == line)
        edits.append((node.start_byte, node.end_byte, b""))
        text = render(pragma.kind, pragma_value(pragma.kind, pragma.argument, f"line {pragma.line}"))
        body = loops[pragma.loop].child_by_field_name("body") if pragma.loop is not None else None
        if text and body is not None and body.type == "compound_statement":
            edits.append((body.start_byte + 1, body.start_byte + 1, f"\n{text}\n".encode()))
    for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
        data = data[:start] + new + data[end:]
    return data.decode()
