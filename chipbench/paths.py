"""Where chipbench keeps data that outlives a run (build caches); one place, so the sandbox
can expose it read-only and evaluators can fill it."""

import os
from pathlib import Path


def cache_dir() -> Path:
    return Path(os.environ.get("CHIPBENCH_CACHE", Path.home() / ".cache" / "chipbench"))
