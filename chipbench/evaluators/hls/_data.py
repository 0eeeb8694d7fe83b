"""The HLSyn design points shipped in the package (`chipbench/tasks/hls/_data`, CC BY-SA 4.0):
one `Space` per (tool version, kernel), with its legal values, its measured points and the
figures every verdict is relative to (all-default point, best valid point).

Read from the installed package only: nothing here looks at the source tree or `../shared`."""

from __future__ import annotations

import gzip
import json
import math
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path

DATA = Path(str(files("chipbench.tasks"))) / "hls" / "_data"
TOOLS = {"v18": "SDx 2018.3", "v20": "Vitis 2020.2"}
"""The tool that measured each version's labels, as the data set's README says."""
RESOURCES = ("DSP", "BRAM", "LUT", "FF")
UTIL_LIMIT = 0.8
"""The data's validity rule: every resource at most 80% of the device."""
KINDS = {"PIPE": "PIPELINE", "PARA": "PARALLEL", "TILE": "TILE"}
DEFAULTS: dict[str, str | int] = {"PIPE": "off", "PARA": 1, "TILE": 1}
"""The value a placeholder takes when no pragma sets it: no pipelining, no parallelism, no tiling."""

Value = str | int


def kind_of(placeholder: str) -> str:
    """`__PARA__L1_0` -> `PARA`."""
    return placeholder.split("__")[1]


def point_key(point: dict[str, Value]) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in point.items()))


@dataclass(frozen=True)
class Measured:
    """One measured design point as the data set stores it."""

    valid: bool
    perf: int | None
    util: dict[str, float] | None
    total: dict[str, int] | None

    def invalid_reason(self) -> str | None:
        if self.valid:
            return None
        if self.util is None and self.perf is None:
            return "the HLS run gave no usable report for this point (failed synthesis in the data)"
        over = [f"{r} {self.util[r]:.0%}" for r in RESOURCES if self.util and self.util[r] > UTIL_LIMIT]
        if over:
            return f"over the resource limit (80% of the device): {', '.join(over)}"
        return "the HLS tool rejected this point (invalid in the data)"


@dataclass(frozen=True)
class Space:
    """A kernel's design space for one tool version, with every measured point of it."""

    version: str
    kernel: str
    domains: dict[str, list[Value]]
    points: dict[tuple, Measured] = field(repr=False)
    rows: tuple[tuple[dict[str, Value], Measured], ...] = field(repr=False)

    @property
    def source_label(self) -> str:
        return f"measured (HLSyn {self.version}, {TOOLS[self.version]})"

    @property
    def placeholders(self) -> list[str]:
        return list(self.domains)

    def default_point(self) -> dict[str, Value]:
        return {p: DEFAULTS[kind_of(p)] for p in self.domains}

    def lookup(self, point: dict[str, Value]) -> Measured | None:
        return self.points.get(point_key(point))

    def usable(self) -> list[tuple[dict[str, Value], Measured]]:
        """Valid points with a latency: the ones a QoR figure can come from."""
        return [(p, m) for p, m in self.rows if m.valid and m.perf]

    def best(self) -> tuple[dict[str, Value], Measured] | None:
        usable = self.usable()
        return min(usable, key=lambda pm: pm[1].perf or 0) if usable else None  # usable: perf is set

    def size(self) -> int:
        return math.prod(len(v) for v in self.domains.values())


@cache
def domains() -> dict[str, dict[str, dict[str, list[Value]]]]:
    return json.loads((DATA / "domains.json").read_text())


def kernels(version: str) -> list[str]:
    return sorted(domains()[version])


def kernel_source(version: str, kernel: str) -> str:
    return (DATA / "kernels" / version / f"{kernel}.c").read_text()


@cache
def space(version: str, kernel: str) -> Space:
    if kernel not in domains().get(version, {}):
        raise KeyError(f"HLSyn has no kernel {kernel!r} in version {version!r}")
    rows = []
    with gzip.open(DATA / "points" / version / f"{kernel}.jsonl.gz", "rt") as fh:
        for line in fh:
            obj = json.loads(line)
            rows.append((obj["point"], Measured(obj["valid"], obj["perf"], obj["util"], obj["total"])))
    return Space(version=version, kernel=kernel, domains=domains()[version][kernel],
                 points={point_key(p): m for p, m in rows}, rows=tuple(rows))
