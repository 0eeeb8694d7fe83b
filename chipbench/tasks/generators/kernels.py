"""cuda-kernels variants: each task with new alternate shapes drawn from the seed.

A kernel task is checked on its main shape (the constants in `workspace/model.py`, also the
timed one) and on the alternates in `hidden/shapes.toml` (`[[alt]]`: odd sizes that catch
kernels hard-wired to the main shape). A seed other than 0 redraws every alternate's sizes
(each within half to one and a half times the shipped value, never below 1), so a kernel tuned
to the published alternates meets sizes nobody has seen; inputs and weights are drawn fresh
per evaluation anyway. Everything else is the hand-written task's, unchanged (its parent is
the shipped task of the same name, which the variant replaces in the set). A drawn shape the task's own Model cannot run fails the proof and the
task keeps its shipped shapes (reported as dropped). Seed 0 generates nothing: the shipped
tasks are hand-written.
"""

from __future__ import annotations

import hashlib
import random
import shutil
import tomllib
from pathlib import Path

import tomli_w

from chipbench.tasks._suite import Suite
from chipbench.tasks.generators import provenance

SHAPES = "hidden/shapes.toml"


def draw_shapes(tables: dict, task: str, seed: int) -> dict:
    """`tables` (shapes.toml) with every `[[alt]]` integer redrawn for `seed`."""
    rng = random.Random(int(hashlib.sha256(f"{task}:seed={seed}".encode()).hexdigest(), 16))

    def redraw(value):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            return value
        return rng.randint(max(1, value // 2), value + value // 2 + 1)

    return {**tables, "alt": [{k: redraw(v) for k, v in alt.items()} for alt in tables.get("alt", [])]}


class KernelShapeGenerator:
    name = "kernel-shapes"
    version = "1"

    async def generate(self, suite: Suite, seed: int, staging: Path, only: list[str]) -> list[str]:
        if seed == 0:
            return []
        written = []
        for folder in suite.task_folders():
            shapes = folder / SHAPES
            if (only and folder.name not in only) or not shapes.is_file():
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
