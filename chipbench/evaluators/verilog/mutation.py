"""A mutation engine for Verilog: one small, realistic bug at a time.

Mutants serve twice: as generated bugs for bug-repair tasks, and as a measure of how good a
testbench is (the share of non-equivalent mutants it kills). The engine works on tokens of
the source with comments and strings masked, so it never edits text inside them, and every
mutant differs from the original in exactly one place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chipbench.evaluators.verilog._races import blocking_write_is_private, statement_end

_MASK = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"', re.S)

# Binary operators and their realistic confusions. Longest tokens first for the scanner.
_SWAPS = {
    "&&": "||", "||": "&&", "==": "!=", "!=": "==", "<<": ">>", ">>": "<<",
    ">=": ">", "<=": "<", ">": ">=", "<": "<=", "+": "-", "-": "+", "&": "|", "|": "&", "^": "&",
}
_OPERATOR = re.compile(r"<<<|>>>|&&|\|\||==|!=|<<|>>|>=|<=|[-+&|^<>]")
_SIZED = re.compile(r"\b(\d+)'([sS]?)([bodhBODH])([0-9a-fA-FxXzZ_]+)")
_DECIMAL = re.compile(r"(?<![\w'.$])(\d+)(?![\w'.])")
_IF = re.compile(r"\bif\s*\(")
_DEFAULT = re.compile(r"^[ \t]*default\s*:.*?;[ \t]*\n", re.M)
_CLOCKED = re.compile(r"always(?:_ff)?\s*@\s*\(\s*(?:posedge|negedge)")
_SENSITIVITY = re.compile(r"@\s*\(([^)]*)\)")
_NOT = re.compile(r"[~!](?!=)")


@dataclass(frozen=True)
class Mutant:
    operator: str
    line: int
    description: str
    source: str
    provable: bool = True
    """Whether a proof over the design's logic (as synthesis reads it) speaks for this mutant;
    see `_races`."""


def _masked(source: str) -> str:
    """The source with comments and strings blanked (same length), for searching code only."""
    return _MASK.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), source)


def _depth_map(code: str) -> list[int]:
    depth, out = 0, []
    for ch in code:
        if ch in "([{":
            depth += 1
        out.append(depth)
        if ch in ")]}":
            depth = max(0, depth - 1)
    return out


def _line(source: str, pos: int) -> int:
    return source.count("\n", 0, pos) + 1


def _splice(source: str, start: int, end: int, text: str) -> str:
    return source[:start] + text + source[end:]


def _body_start(code: str) -> int:
    """Position after the module header, so port declarations and widths stay intact."""
    m = re.search(r"\bmodule\b[^;]*;", code, re.S)
    return m.end() if m else 0


def mutants(source: str) -> list[Mutant]:
    code = _masked(source)
    depth = _depth_map(code)
    body = _body_start(code)
    out: list[Mutant] = []

    def add(op: str, start: int, end: int, text: str, what: str, provable: bool = True) -> None:
        mutated = _splice(source, start, end, text)
        if mutated != source:
            out.append(Mutant(op, _line(source, start), what, mutated, provable))

    for m in _OPERATOR.finditer(code, body):
        tok = m.group()
        if tok not in _SWAPS:
            continue
        if tok == "<=" and depth[m.start()] == 0:
            continue  # a non-blocking assignment, not a comparison
        prev = code[:m.start()].rstrip()[-1:]
        if tok in "+-" and (prev in "([{=,?:;" or prev == ""):
            continue  # unary sign
        if tok in "&|^" and prev in "([{=,?:;~!":
            continue  # reduction operator
        add("operator", m.start(), m.end(), _SWAPS[tok], f"`{tok}` replaced by `{_SWAPS[tok]}`")

    for m in _SIZED.finditer(code, body):
        width, signed, base, digits = m.groups()
        radix = {"b": 2, "o": 8, "d": 10, "h": 16}[base.lower()]
        try:
            value = int(digits.replace("_", ""), radix)
        except ValueError:
            continue  # x/z digits
        for delta in (1, -1):
            new = (value + delta) % (1 << int(width)) if int(width) < 64 else value + delta
            digits_out = format(new, {2: "b", 8: "o", 10: "d", 16: "x"}[radix])
            if radix == 2:
                digits_out = digits_out.zfill(int(width))  # 4'b0010 stays four digits
            text = f"{width}'{signed}{base}{digits_out}"
            add("constant", m.start(), m.end(), text, f"constant {m.group()} changed to {text}")

    for m in _DECIMAL.finditer(code, body):
        value = int(m.group(1))
        if code[max(0, m.start() - 1)] == "#":
            continue  # a delay, not logic
        inside_range = code.rfind("[", 0, m.start()) > code.rfind("]", 0, m.start())
        op = "slice" if inside_range else "constant"
        for new in ({value + 1, value - 1} - {-1}):
            add(op, m.start(), m.end(), str(new), f"{'bit index' if inside_range else 'constant'} {value} changed to {new}")

    for m in _IF.finditer(code, body):
        close = _matching_paren(code, m.end() - 1)
        if close is not None:
            cond = source[m.end():close]
            add("condition", m.end(), close, f"!({cond})", f"condition `{cond.strip()}` inverted")

    for m in _DEFAULT.finditer(code, body):
        add("missing_default", m.start(), m.end(), "", "`default` branch of a case removed")

    for m in _CLOCKED.finditer(code, body):
        end = statement_end(code, m.end())
        for nb in re.finditer(r"<=", code[m.end():end]):
            pos = m.end() + nb.start()
            if depth[pos] == 0:
                add("blocking", pos, pos + 2, "=", "non-blocking assignment made blocking",
                    blocking_write_is_private(code, body, (m.start(), end), pos))

    for m in _SENSITIVITY.finditer(code, body):
        items = [s for s in re.split(r"\s*(?:,|\bor\b)\s*", m.group(1).strip()) if s]
        if len(items) > 1:
            for drop in items:
                kept = " or ".join(i for i in items if i != drop)
                # synthesis ignores sensitivity lists: no proof can see this change
                add("sensitivity", m.start(1), m.end(1), kept, f"`{drop}` dropped from a sensitivity list",
                    provable=False)

    for m in _NOT.finditer(code, body):
        add("negation", m.start(), m.end(), "", f"`{m.group()}` removed")

    unique: dict[str, Mutant] = {}
    for mutant in out:
        unique.setdefault(mutant.source, mutant)
    return list(unique.values())


def _matching_paren(code: str, open_pos: int) -> int | None:
    depth = 0
    for i in range(open_pos, len(code)):
        if code[i] == "(":
            depth += 1
        elif code[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return None
