"""Leaderboards: the results store, and reports and boards built from stored records only."""

from chipbench.leaderboards._board import Board, PairedResult, RunScores, build_board
from chipbench.leaderboards._site import Site, build_site
from chipbench.leaderboards._scores import Summary, summarize, task_table
from chipbench.leaderboards.report import Report, build_report, write_markdown
from chipbench.leaderboards.store import RunStore, load_records, read_manifest
from chipbench.leaderboards.usage import usage_totals

__all__ = ["Board", "PairedResult", "Site", "build_site", "Report", "RunScores", "RunStore", "Summary", "build_board", "build_report",
           "load_records", "read_manifest", "summarize", "task_table", "usage_totals", "write_markdown"]
