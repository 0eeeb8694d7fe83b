"""Leaderboards: the results store, and reports and boards built from stored records only.

The store is imported at once (the runner and `chipbench.results` need it); the board, report
and site load on first use, since they build on `chipbench.results`, which reads through the
store."""

from importlib import import_module

from chipbench.leaderboards.store import RunStore, load_records, read_manifest  # noqa: F401 (in __all__)
from chipbench.leaderboards.usage import usage_totals  # noqa: F401 (in __all__)

_LAZY = {
    "Board": "_board", "PairedResult": "_board", "RunScores": "_board", "build_board": "_board",
    "Site": "_site", "build_site": "_site", "Summary": "_scores", "summarize": "_scores",
    "task_table": "_scores", "Report": "report", "build_report": "report", "write_markdown": "report",
}

__all__ = sorted([*_LAZY, "RunStore", "load_records", "read_manifest", "usage_totals"])


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(import_module(f"chipbench.leaderboards.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
