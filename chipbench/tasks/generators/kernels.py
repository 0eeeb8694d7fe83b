"""cuda-kernels variants: each task with new alternate shapes drawn from the seed.

A kernel task is checked on its main shape (the constants in `workspace/model.py`, also the
timed one) and on the alternates in `hidden/shapes.toml` (`[[alt]]`: odd sizes that catch
kernels hard-wired to the main shape). A seed other than 0 redraws every alternate's sizes
(each within half to one and a half times the shipped value, never below 1), so a kernel tuned
to the published alternates meets sizes nobody has seen; inputs and weights are drawn fresh
per evaluation anyway. Everything else is the hand-written task's, unchanged (its parent is
the shipped task of the same name, which the variant replaces in the set).

Sizes a task's Model needs to hold together (heads dividing the width, an even rotary
dimension, a length the pooling window fits in) are declared once, in the task's own
shapes.toml, as a `[draw]` table the judge does not read:

    [draw]
    multiple_of = { EMBED = "HEADS", DIM = 2 }   # a constant's name or a number
    min = { LENGTH = 2 }

An alternate is redrawn until its sizes keep every rule (a draw that breaks one is thrown away,
so the sizes stay within their bounds); a task without rules is drawn exactly as before. A
drawn shape the Model still cannot run fails the proof and the task keeps its shipped shapes
(reported as dropped). Seed 0 generates nothing: the shipped tasks are hand-written.
"""

from __future__ import annotations

import hashlib
import random
import shutil
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

from chipbench.core import ChipbenchError
from chipbench.tasks._suite import Suite
from chipbench.tasks.generators import only_these, provenance

SHAPES = "hidden/shapes.toml"


DRAWS_PER_SHAPE = 10_000
"""Draws tried for one alternate before its rules are taken as unsatisfiable within bounds."""


@dataclass(frozen=True)
class DrawRules:
    """What a redrawn alternate must keep: the `[draw]` table of shapes.toml."""

    multiple_of: dict[str, int | str] = field(default_factory=dict)
    """constant -> the number, or the name of the constant, it must be a multiple of."""
    min: dict[str, int] = field(default_factory=dict)
    """constant -> its least value."""

    @classmethod
    def of(cls, tables: dict, task: str) -> "DrawRules":
        draw = tables.get("draw", {})
        unknown = sorted(set(draw) - {"multiple_of", "min"})
        if unknown:
            raise ChipbenchError(f"{task}: hidden/shapes.toml [draw] has unknown rules {unknown} "
                                 "(known: multiple_of, min)")
        return cls(multiple_of=dict(draw.get("multiple_of", {})), min=dict(draw.get("min", {})))

    def broken(self, shape: dict) -> list[str]:
        """The rules `shape` breaks (those naming a constant it does not set do not apply)."""
        out = [f"{k} >= {least}" for k, least in self.min.items() if k in shape and shape[k] < least]
        for k, of in self.multiple_of.items():
            divisor = shape.get(of) if isinstance(of, str) else of
            if k in shape and divisor is not None and shape[k] % divisor:
                out.append(f"{k} a multiple of {of}")
        return out


def draw_shapes(tables: dict, task: str, seed: int) -> dict:
    """`tables` (shapes.toml) with every `[[alt]]` integer redrawn for `seed`, keeping the
    task's `[draw]` rules. Raises `ChipbenchError` when a shipped alternate breaks a rule, or
    when no draw within bounds keeps them."""
    rng = random.Random(int(hashlib.sha256(f"{task}:seed={seed}".encode()).hexdigest(), 16))
    rules = DrawRules.of(tables, task)

    def redraw(value):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            return value
        return rng.randint(max(1, value // 2), value + value // 2 + 1)

    def redraw_keeping_rules(alt: dict) -> dict:
        if broken := rules.broken(alt):
            raise ChipbenchError(f"{task}: the shipped alternate {alt} breaks its own [draw] rules: {broken}")
        for _ in range(DRAWS_PER_SHAPE):
            shape = {k: redraw(v) for k, v in alt.items()}
            if not rules.broken(shape):
                return shape
        raise ChipbenchError(f"{task}: no redraw of {alt} within bounds keeps its [draw] rules")

    return {**tables, "alt": [redraw_keeping_rules(alt) for alt in tables.get("alt", [])]}


class KernelShapeGenerator:
    name = "kernel-shapes"
    version = "2"  # 2: alternates keep the task's [draw] rules

    async def generate(self, suite: Suite, seed: int, staging: Path, only: list[str], jobs: int = 2) -> list[str]:
        folders = only_these(suite.task_folders(), lambda f: f.name, only, "task folder(s) in cuda-kernels:")
        if seed == 0:
            return []
        written = []
        for folder in folders:
            shapes = folder / SHAPES
            if not shapes.is_file():
                continue
            tables = tomllib.loads(shapes.read_text())
            if not tables.get("alt"):
                continue
            target = staging / folder.name
            shutil.copytree(folder, target, ignore=shutil.ignore_patterns("__pycache__"))
            (target / SHAPES).write_text(tomli_w.dumps(draw_shapes(tables, folder.name, seed)))
            spec = tomllib.loads((folder / "task.toml").read_text())
            spec["provenance"] = provenance(self, folder.name, seed, mutation="alternate shapes redrawn")
            (target / "task.toml").write_text(tomli_w.dumps(spec, multiline_strings=True))
            written.append(folder.name)
        return written
