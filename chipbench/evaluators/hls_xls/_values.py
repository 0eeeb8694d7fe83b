"""XLS IR types and values as Python data: drawing test vectors, reading interpreter output,
and laying a value out on a Verilog port the way XLS's codegen does.

Types are IR type strings (`bits[16][8]`, `(bits[4], bits[8][2])`); values are ints (bits),
lists (arrays) and tuples (tuples). On a port, array element 0 sits in the least significant
bits and tuple element 0 in the most significant ones (XLS's codegen convention).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\s*(bits\[\d+\]:-?(?:0x[0-9a-fA-F_]+|0b[01_]+|\d+)|bits\[\d+\]|\[\d+\]|[()\[\],])")


@dataclass(frozen=True)
class Type:
    kind: str  # bits | array | tuple
    width: int = 0
    element: "Type | None" = None
    size: int = 0
    members: tuple["Type", ...] = ()

    @property
    def item(self) -> Type:
        """An array's element type."""
        assert self.element is not None, f"a {self.kind} type has no element type"
        return self.element

    @property
    def bits(self) -> int:
        if self.kind == "bits":
            return self.width
        if self.kind == "array":
            return self.size * self.item.bits
        return sum(m.bits for m in self.members)


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ValueError(f"cannot read {text!r} at {pos}")
        out.append(m.group(1))
        pos = m.end()
    return out


def parse_type(text: str) -> Type:
    tokens = _tokens(text)
    typ, rest = _type(tokens)
    if rest:
        raise ValueError(f"trailing text in type {text!r}")
    return typ


def _type(tokens: list[str]) -> tuple[Type, list[str]]:
    head, rest = tokens[0], tokens[1:]
    if head.startswith("bits["):
        typ = Type("bits", width=int(head[5:-1]))
    elif head == "(":
        members = []
        while rest[0] != ")":
            member, rest = _type(rest)
            members.append(member)
            if rest[0] == ",":
                rest = rest[1:]
        typ, rest = Type("tuple", members=tuple(members)), rest[1:]
    else:
        raise ValueError(f"unexpected {head!r} in a type")
    while rest and re.fullmatch(r"\[\d+\]", rest[0]):
        typ, rest = Type("array", element=typ, size=int(rest[0][1:-1])), rest[1:]
    return typ, rest


def parse_value(text: str):
    value, rest = _value(_tokens(text))
    if rest:
        raise ValueError(f"trailing text in value {text!r}")
    return value


def _value(tokens: list[str]):
    head, rest = tokens[0], tokens[1:]
    if head.startswith("bits["):
        width, number = head[5:].split("]:")
        return int(number.replace("_", ""), 0) % (1 << int(width)), rest
    close = {"[": "]", "(": ")"}.get(head)
    if close is None:
        raise ValueError(f"unexpected {head!r} in a value")
    items = []
    while rest[0] != close:
        item, rest = _value(rest)
        items.append(item)
        if rest[0] == ",":
            rest = rest[1:]
    return (items if head == "[" else tuple(items)), rest[1:]


def format_value(typ: Type, value) -> str:
    if typ.kind == "bits":
        return f"bits[{typ.width}]:{value:#x}"
    if typ.kind == "array":
        return "[" + ", ".join(format_value(typ.item, v) for v in value) + "]"
    return "(" + ", ".join(format_value(t, v) for t, v in zip(typ.members, value)) + ")"


def flatten(typ: Type, value) -> int:
    """The value as the integer on its Verilog port."""
    if typ.kind == "bits":
        return value
    if typ.kind == "array":
        return sum(flatten(typ.item, v) << (i * typ.item.bits) for i, v in enumerate(value))
    out = 0
    for member, v in zip(typ.members, value):
        out = (out << member.bits) | flatten(member, v)
    return out


def draw(typ: Type, rng: random.Random):
    """A random value, biased towards the corners where arithmetic goes wrong (0, 1, the
    largest value, the sign bit) a quarter of the time."""
    if typ.kind == "bits":
        top = (1 << typ.width) - 1
        if rng.random() < 0.25:
            return rng.choice([0, 1 & top, top, 1 << (typ.width - 1), top >> 1])
        return rng.getrandbits(typ.width)
    if typ.kind == "array":
        return [draw(typ.item, rng) for _ in range(typ.size)]
    return tuple(draw(m, rng) for m in typ.members)


TIE_CHANCE = 0.25


def draw_vector(params: list[Type], rng: random.Random) -> list:
    """Values for every parameter; in a quarter of the vectors two same-width fields (two
    parameters, array elements, tuple members) are made equal, at any value. Equal operands
    are where comparisons, sorts and medians go wrong, and independent draws rarely tie off
    the corners (about 1 in 450 for a pair of bytes)."""
    vector = [draw(t, rng) for t in params]
    if rng.random() < TIE_CHANCE:
        leaves = [leaf for t, v in zip(params, vector) for leaf in _leaves(t, v)]
        source = rng.randrange(len(leaves))
        width, value = leaves[source]
        others = [i for i, (w, _) in enumerate(leaves) if w == width and i != source]
        if others:
            leaves[rng.choice(others)] = (width, value)
            values = iter(v for _, v in leaves)
            vector = [_rebuild(t, values) for t in params]
    return vector


def _leaves(typ: Type, value) -> list[tuple[int, int]]:
    """(width, value) of every bits field, in order."""
    if typ.kind == "bits":
        return [(typ.width, value)]
    members = [typ.item] * typ.size if typ.kind == "array" else list(typ.members)
    return [leaf for t, v in zip(members, value) for leaf in _leaves(t, v)]


def _rebuild(typ: Type, values):
    if typ.kind == "bits":
        return next(values)
    if typ.kind == "array":
        return [_rebuild(typ.item, values) for _ in range(typ.size)]
    return tuple(_rebuild(m, values) for m in typ.members)


def unflatten(typ: Type, port: int):
    """The value whose Verilog port holds the integer `port` (the inverse of `flatten`)."""
    if typ.kind == "bits":
        return port & ((1 << typ.width) - 1)
    if typ.kind == "array":
        step = typ.item.bits
        return [unflatten(typ.item, port >> (i * step)) for i in range(typ.size)]
    out = []
    for member in reversed(typ.members):
        out.append(unflatten(member, port))
        port >>= member.bits
    return tuple(reversed(out))


def every_input(params: list[Type]) -> list[list]:
    """Every combination of parameter values, in order (for small input spaces only)."""
    total = sum(t.bits for t in params)
    vectors = []
    for n in range(1 << total):
        vector = []
        for t in params:
            vector.append(unflatten(t, n))
            n >>= t.bits
        vectors.append(vector)
    return vectors
