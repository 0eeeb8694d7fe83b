"""Leaderboards: the results store, and reports built from stored records only."""

from chipbench.leaderboards.report import Report, build_report, write_markdown
from chipbench.leaderboards.store import RunStore, load_records
from chipbench.leaderboards.usage import usage_totals

__all__ = ["Report", "RunStore", "build_report", "load_records", "usage_totals", "write_markdown"]
