"""The hls suite: pragma design points of HLSyn kernels, scored on measured synthesis results.

`--suite hls` is the pragma track (design-space, query-budget and pragma-insertion tasks).
`--suite hls:pragma+measured` scores measured design points only: a point nobody synthesised
fails instead of getting a predicted figure. Further tracks (`hls:xls`: kernels written in
DSLX and compiled by Google XLS) are found by name in the entry-point group
`chipbench.hls_tracks`, the way `cuda-kernels:BACKEND` finds its backends: each entry is a
function that gives its tasks as a track of this suite (`as_track(parent) -> Suite`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib.resources import files
from pathlib import Path

from chipbench.core import ChipbenchError, Task
from chipbench.registry import Registry
from chipbench.tasks._suite import Suite

ROOT = Path(str(files("chipbench.tasks"))) / "hls"
PRAGMA_TRACK = "pragma"
hls_tracks: Registry = Registry("hls_tracks")
"""Other tracks of the suite: `hls:NAME` resolves to `entry(hls_suite)`, the Suite the entry
point NAME of this group makes of its tasks (declared in pyproject.toml, by chipbench or a
plug-in)."""


@dataclass(frozen=True)
class HlsSuite(Suite):
    measured_only: bool = False

    def variant(self, arg: str) -> Suite:
        track, _, option = arg.partition("+")
        if track != PRAGMA_TRACK:
            if track not in hls_tracks.names():
                known = ", ".join([PRAGMA_TRACK, *hls_tracks.names()])
                raise ChipbenchError(f"suite {self.name!r} has no track {track!r} (known: {known})")
            other = hls_tracks.get(track)(self)
            return other.variant(option) if option else other
        if option not in ("", "measured"):
            raise ChipbenchError(f"suite {self.name!r}: unknown option {option!r} after {track!r} (known: measured)")
        return replace(self, measured_only=option == "measured", version=f"{self.version.split('+')[0]}+{arg}")

    def load(self, names: list[str] | None = None) -> list[Task]:
        tasks = super().load(names)
        if self.measured_only:
            tasks = [t.model_copy(update={"eval": {**t.eval, "measured_only": True}}) for t in tasks]
        return tasks


suite = HlsSuite(
    name="hls", root=ROOT, evaluator="hls", version="0.1", track="interface.track",
    description="HLS pragma design points of HLSyn kernels (design space, query budget, pragma "
                "insertion), checked in C simulation, scored on measured synthesis results",
)
