"""A persistent response cache, so rerunning or resuming a run spends no tokens on replies
it already paid for.

The key is a hash of the whole request as the model would see it — model, endpoint,
messages, tools, sampling settings — plus the task and the sample index, so the n-th sample
of a task stays a separate draw at any temperature. One SQLite file, shared safely by
concurrent runs (WAL mode, a busy timeout); only successful replies are stored.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path

from chipbench.agents.models._base import ModelRequest, Reply

CACHE_FILE = "responses.sqlite"


def default_cache_dir() -> Path:
    """`$CHIPBENCH_CACHE_DIR`, else `$XDG_CACHE_HOME/chipbench`, else `~/.cache/chipbench`."""
    if env := os.environ.get("CHIPBENCH_CACHE_DIR"):
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "chipbench"


def request_key(model: str, request: ModelRequest) -> str:
    payload = {
        "model": model,
        "base_url": request.settings.base_url,
        "messages": [m.model_dump(exclude_none=True) for m in request.messages],
        "tools": request.tools,
        "sampling": request.settings.sampling(),
        "task": request.task.id,
        "sample": request.sample,
    }
    blob = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


class ResponseCache:
    def __init__(self, directory: Path | None = None) -> None:
        self.path = Path(directory or default_cache_dir()) / CACHE_FILE
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def _connect(self) -> sqlite3.Connection:
        if self._db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, model TEXT, "
                       "reply TEXT NOT NULL, created REAL NOT NULL)")
            db.commit()
            self._db = db
        return self._db

    def get(self, key: str) -> Reply | None:
        with self._lock:
            row = self._connect().execute("SELECT reply FROM replies WHERE key = ?", (key,)).fetchone()
        return Reply.model_validate_json(row[0]) if row else None

    def put(self, key: str, model: str, reply: Reply) -> None:
        stored = reply.model_copy(update={"cached": False, "attempts": 1})
        with self._lock:
            db = self._connect()
            db.execute("INSERT OR REPLACE INTO replies VALUES (?, ?, ?, ?)",
                       (key, model, stored.model_dump_json(), time.time()))
            db.commit()

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
