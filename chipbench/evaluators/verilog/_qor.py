"""Quality of results: Yosys synthesis of a correct design, compared with the reference.

Generic `synth` maps to Yosys's internal gate library, so cell counts compare designs, not
technologies; `stat -tech cmos` adds a transistor estimate as an area figure.

Synthesis costs more than the simulations of a small design, and it never changes a verdict:
it runs for correct candidates only, after the verdict, and its figures are cached by the
content of the design (with Yosys's version and the script), so a design seen before costs a
file read.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import tempfile
from pathlib import Path

from chipbench.evaluators._base import tool_version
from chipbench.paths import cache_dir, replace_atomically
from chipbench.sandbox import Limits, Sandbox

_CELLS = re.compile(r"Number of cells:\s+(\d+)")
_TRANSISTORS = re.compile(r"Estimated number of transistors:\s+(\d+)")
STAT_FILE = "synth.stat"


def _command(sources: list[str], top: str) -> list[str]:
    reads = "; ".join(f"read_verilog -sv {s}" for s in sources)
    return ["yosys", "-q", "-p", f"{reads}; synth -top {top}; tee -q -o {STAT_FILE} stat -tech cmos"]


def _figures(stat: str) -> dict[str, float] | None:
    cells, transistors = _CELLS.findall(stat), _TRANSISTORS.findall(stat)
    if not cells:
        return None
    figures = {"cells": float(cells[-1])}
    if transistors:
        figures["transistors"] = float(transistors[-1])
    return figures


async def synthesize(sandbox: Sandbox, sources: list[str], top: str) -> dict[str, float] | None:
    """Figures for candidate code (already in the sandbox), or None if Yosys cannot synthesize it."""
    result = await sandbox.exec(_command(sources, top), Limits(wall_s=120, cpu_s=120))
    if not result.ok:
        return None
    try:
        return _figures((await sandbox.read_file(STAT_FILE)).decode())
    except OSError:
        return None


def _store(files: dict[str, str], top: str) -> Path:
    identity = {"files": files, "top": top, "command": _command(sorted(files), top), "yosys": tool_version("yosys", "-V")}
    key = hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:32]
    return cache_dir() / "verilog" / "qor" / f"{key}.json"


def _lookup(path: Path) -> tuple[bool, dict[str, float] | None]:
    try:
        return True, json.loads(path.read_text())["figures"]
    except (OSError, ValueError, KeyError):
        return False, None


def _keep(path: Path, figures: dict[str, float] | None) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_atomically(path, json.dumps({"figures": figures}))
    except OSError:
        pass  # only costs time next time


async def synthesize_cached(sandbox: Sandbox, files: dict[str, str], top: str) -> dict[str, float] | None:
    """`synthesize`, looked up first by the content of `files` (already in the sandbox)."""
    path = _store(files, top)
    found, figures = _lookup(path)
    if not found:
        figures = await synthesize(sandbox, sorted(files), top)
        _keep(path, figures)
    return figures


def synthesize_trusted(files: dict[str, str], top: str) -> dict[str, float] | None:
    """The same, for our own reference designs, without a sandbox (cached the same way)."""
    path = _store(files, top)
    found, figures = _lookup(path)
    if not found:
        figures = _synthesize_here(files, top)
        _keep(path, figures)
    return figures


def _synthesize_here(files: dict[str, str], top: str) -> dict[str, float] | None:
    with tempfile.TemporaryDirectory() as d:
        for name, text in files.items():
            (Path(d) / name).write_text(text)
        done = subprocess.run(_command(list(files), top), cwd=d, capture_output=True, timeout=300)
        stat = Path(d) / STAT_FILE
        return _figures(stat.read_text()) if done.returncode == 0 and stat.exists() else None
