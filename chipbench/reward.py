"""A verdict as a reward: a scalar for RL and search loops, and the stages it is made of.

The mapping is versioned (`REWARD_VERSION`): a change to how a verdict becomes a number gets a
new version, so a trainer can tell rewards from two mappings apart. It only reads the verdict,
which always comes back in full beside it; nothing here measures or trusts anything else.

Stages, each 0 or 1 except speed:
- `format`:  the candidate was admitted for judging (files present and parseable, not
  refused by a suite's policy; a policy refusal is what reward hacking looks like, so it
  earns nothing at all);
- `builds`:  it compiled/elaborated/assembled and ran (a failing, crashing or looping
  candidate built; a compile error did not);
- `correct`: it passed every hidden test;
- `speed`:   only when correct: the speedup (or QoR ratio) against the suite's baseline,
  mapped to [0, 1] as log(min(s, cap)) / log(cap), 0 at or below the baseline.

scalar = sum(weight × stage) over the stages, so with the default weights a correct
candidate as fast as the baseline earns 0.8 and one `speed_cap` times faster earns 1.0.
A harness error is our fault, not the candidate's: its scalar is None (the caller decides
whether to drop or retry the sample), never a number a trainer could learn from.
"""

from __future__ import annotations

import math
from typing import Annotated

from pydantic import BaseModel, Field

from chipbench.core import Status, Verdict

REWARD_VERSION = 1

BUILT = frozenset({Status.PASS, Status.FAIL, Status.RUNTIME_ERROR, Status.TIMEOUT})
ADMITTED = BUILT | {Status.COMPILE_ERROR}


Weight = Annotated[float, Field(ge=0, le=100)]


class RewardConfig(BaseModel):
    """The caller's weights for each stage and the speedup that earns the full speed stage."""

    format: Weight = 0.1
    builds: Weight = 0.2
    correct: Weight = 0.5
    speed: Weight = 0.2
    speed_cap: Annotated[float, Field(gt=1, le=1e6)] = 4.0
    """The speedup (or QoR ratio) at which the speed stage is full."""


class Reward(BaseModel):
    version: int = REWARD_VERSION
    scalar: float | None
    """None for a harness error (not the candidate's doing)."""
    components: dict[str, float]
    """format, builds, correct, speed: each stage's value before weighting."""
    speedup: float | None = None
    """The figure the speed stage was computed from, where there was one."""


def figure_of_merit(verdict: Verdict) -> float | None:
    """The suite's speed figure: the measured speedup (kernels, isa instruction counts, HLS
    latency), else the QoR against the reference (verilog: reference cells / candidate cells)."""
    if verdict.perf is not None and verdict.perf.speedup > 0:
        return verdict.perf.speedup
    if (s := verdict.qor.get("speedup")) and s > 0:
        return s
    ratios = [v for k, v in verdict.qor.items() if k.endswith("_ratio") and v > 0]
    return 1.0 / ratios[0] if ratios else None


def reward(verdict: Verdict, config: RewardConfig | None = None) -> Reward:
    c = config or RewardConfig()
    status = verdict.status
    stages = {"format": float(status in ADMITTED), "builds": float(status in BUILT),
              "correct": float(status is Status.PASS), "speed": 0.0}
    speedup = figure_of_merit(verdict) if status is Status.PASS else None
    if speedup is not None and speedup > 1:
        stages["speed"] = min(1.0, math.log(speedup) / math.log(c.speed_cap))
    if status is Status.HARNESS_ERROR:
        return Reward(scalar=None, components=stages, speedup=speedup)
    scalar = sum(getattr(c, name) * value for name, value in stages.items())
    return Reward(scalar=scalar, components=stages, speedup=speedup)
