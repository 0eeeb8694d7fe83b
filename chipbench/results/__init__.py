"""Results API: stored runs as a pandas DataFrame, and exports of it.

    import chipbench.results
    df = chipbench.results.load("runs/*")          # one row per (run, task, sample)
    chipbench.results.export(df, "results.parquet")
"""

from chipbench.results._export import FORMATS, export
from chipbench.results._load import BASE_COLUMNS, Run, find_runs, load, run_frame

__all__ = ["BASE_COLUMNS", "FORMATS", "Run", "export", "find_runs", "load", "run_frame"]
