"""Where chipbench keeps data that outlives a run (build caches); one place, so the sandbox
can expose it read-only and evaluators can fill it."""

import os
from pathlib import Path


def cache_dir() -> Path:
    return Path(os.environ.get("CHIPBENCH_CACHE", Path.home() / ".cache" / "chipbench"))


def private_cache_dir() -> Path:
    """The part of the cache only the harness reads (stored verdicts, tool messages about
    hidden tests): `runner.hidden_roots` masks it in every sandbox, although sandboxes see the
    rest of the cache. `$CHIPBENCH_PRIVATE_CACHE` puts it elsewhere."""
    if override := os.environ.get("CHIPBENCH_PRIVATE_CACHE"):
        return Path(override)
    return cache_dir() / "private"
