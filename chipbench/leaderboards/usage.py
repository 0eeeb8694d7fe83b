"""What a run cost: tokens, dollars, model calls, cache hits and retries, from stored records.

`cost_usd` is what the trajectories' replies cost when they were made; `spent_usd` leaves
out replies served from the response cache, so it is what this run actually paid.
`reasoning_tokens` is the part of `completion_tokens` a reasoning model spent thinking.
Prices come from litellm's table where it knows the model; others count as free.
"""

from __future__ import annotations

from chipbench.core import RunRecord


def usage_totals(records: list[RunRecord]) -> dict[str, float | int]:
    totals: dict[str, float | int] = {
        "samples": len(records), "model_calls": 0, "cached_calls": 0, "retries": 0,
        "prompt_tokens": 0, "completion_tokens": 0, "reasoning_tokens": 0, "cost_usd": 0.0, "spent_usd": 0.0,
    }
    for r in records:
        t = r.candidate.trajectory
        totals["model_calls"] += t.model_calls
        totals["prompt_tokens"] += t.usage.prompt_tokens
        totals["completion_tokens"] += t.usage.completion_tokens
        totals["reasoning_tokens"] += t.usage.reasoning_tokens
        totals["cost_usd"] += t.usage.cost_usd
        for step in t.steps:
            if step.kind != "model":
                continue
            totals["cached_calls"] += int(step.cached)
            totals["retries"] += max(0, step.attempts - 1)
            if not step.cached:
                totals["spent_usd"] += step.usage.cost_usd
    return totals
