"""The hls-xls suite: DSLX functions compiled by Google XLS for a clock target.

A standalone suite until the `hls` suite lands; then it becomes that suite's `xls` track by
registration alone: the `hls` suite's `variant("xls")` returns `as_track(self)`, which is this
suite under the parent's name, so `--suite hls:xls` selects these tasks with this evaluator
(as `cuda-kernels:BACKEND` selects a kernel backend). Nothing in the tasks or the evaluator
depends on the suite's name.
"""

from __future__ import annotations

from dataclasses import replace
from importlib.resources import files
from pathlib import Path

from chipbench.tasks._suite import Suite

ROOT = Path(str(files("chipbench.tasks"))) / "hls-xls"

suite = Suite(
    name="hls-xls", root=ROOT, evaluator="hls-xls", version="0.1", track="kind",
    description="DSLX functions compiled by Google XLS for a clock target: checked in XLS's "
                "interpreter and in Icarus, scored by pipeline stages and Yosys area against the reference",
)


def as_track(parent: Suite) -> Suite:
    """These tasks as the `xls` track of `parent` (the `hls` suite)."""
    return replace(suite, name=parent.name, version=f"{parent.version}+xls")
