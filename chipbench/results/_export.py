"""Writing the results table for other tools: CSV, JSON (an array, or one object a line) and
Parquet, chosen by the file's suffix."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from chipbench.core import ChipbenchError

FORMATS = ("csv", "json", "jsonl", "parquet")


def export(frame: pd.DataFrame, path: str | Path, fmt: str | None = None) -> Path:
    """Write `frame` to `path` in `fmt` (default: the file's suffix). In CSV, a row's tags are
    one cell joined with `;`; JSON and Parquet keep them a list."""
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".")).lower()
    if fmt not in FORMATS:
        raise ChipbenchError(f"{path}: unknown export format {fmt!r} (choose from {', '.join(FORMATS)})")
    path.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "csv":
        flat = frame.copy()
        flat["tags"] = [";".join(t) if isinstance(t, (list, tuple)) else t for t in flat["tags"]]
        flat.to_csv(path, index=False)
    elif fmt in ("json", "jsonl"):
        frame.to_json(path, orient="records", lines=fmt == "jsonl", indent=None if fmt == "jsonl" else 1)
    else:
        try:
            frame.to_parquet(path, index=False)
        except ImportError as exc:
            raise ChipbenchError(f"Parquet needs pyarrow: pip install pyarrow ({exc})") from None
    return path
