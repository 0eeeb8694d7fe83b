"""A run directory: append-only JSONL records (the truth), a SQLite index, and a manifest.

Each record is written as one `write` of a whole line to a file opened for appending, so a
process killed at any instant leaves at most one partial last line; `open` cuts it off. The
SQLite index is derived data: when it disagrees with the JSONL (a kill between the two
writes), it is rebuilt from the JSONL.

A folder that cannot be written (a full disk, a read-only file system) is a `StoreError`
naming the folder and what is safe, never a traceback: a record that could not be written
whole is cut off again, so the file holds only complete records and `--resume` continues.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
from pathlib import Path

from typing import TypeVar

from pydantic import BaseModel, ValidationError

from chipbench import secrets
from chipbench.core import SCHEMA_VERSION, ChipbenchError, RunRecord, stored_schema
from chipbench.locks import try_lock

Model = TypeVar("Model", bound=BaseModel)

RECORDS = "records.jsonl"
INDEX = "index.sqlite"
MANIFEST = "manifest.json"
WRITER_LOCK = ".writer.lock"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    task_id TEXT NOT NULL, sample INTEGER NOT NULL, suite TEXT NOT NULL,
    status TEXT NOT NULL, correct INTEGER NOT NULL, line INTEGER NOT NULL,
    PRIMARY KEY (task_id, sample)
)"""


class StoreError(ChipbenchError):
    """The run folder cannot be written; everything recorded before is intact."""


def lock_writer(run_dir: Path) -> int:
    """The descriptor holding `run_dir`'s writer lock: one run or reeval writes a run folder at
    a time. Two at once (a resume started twice, a reeval during the run) would each score the
    same missing tasks and append them twice, or one would swap the records file from under
    the other's appends."""
    if not Path(run_dir).is_dir():
        raise ChipbenchError(f"{run_dir} is not a run folder")
    try:
        fd = try_lock(Path(run_dir) / WRITER_LOCK)
    except OSError as exc:
        raise _unwritable(Path(run_dir), exc, 0) from None
    if fd is None:
        raise StoreError(f"{run_dir} is being written by another chipbench process (a run or a reeval): "
                         "wait for it to end, or use another run folder")
    return fd


def _unwritable(where: Path, exc: Exception, kept: int) -> StoreError:
    why = getattr(exc, "strerror", None) or str(exc)
    return StoreError(f"{where}: cannot write ({why}); the {kept} record(s) written before are intact: "
                      "free space or make the folder writable, then continue with --resume")


class RunStore:
    def __init__(self, run_dir: Path) -> None:
        self.dir = Path(run_dir)
        self.records_path = self.dir / RECORDS
        self._keys: set[tuple[str, int]] = set()
        self._lines = 0
        self._db: sqlite3.Connection | None = None
        self._lock: int | None = None

    # -- lifecycle -------------------------------------------------------------------------
    def open(self) -> "RunStore":
        records: list[RunRecord] = []
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            if self._lock is None:
                self._lock = lock_writer(self.dir)
            records = self._recover()
            self._keys = {r.key for r in records}
            self._lines = len(records)
            # Fail now, not after the first evaluation, when records could not be appended.
            os.close(os.open(self.records_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644))
            self._db = sqlite3.connect(self.dir / INDEX)
            self._db.execute(_SCHEMA)
            (count,) = self._db.execute("SELECT COUNT(*) FROM records").fetchone()
            if count != len(records):
                self._db.execute("DELETE FROM records")
                for line, rec in enumerate(records):
                    self._index(rec, line)
            self._db.commit()
        except (OSError, sqlite3.Error) as exc:
            self.close()
            raise _unwritable(self.dir, exc, len(records)) from None
        except BaseException:
            self.close()  # the writer lock too: the folder stays usable by whoever fixes it
            raise
        return self

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def __enter__(self) -> "RunStore":
        return self.open()

    def __exit__(self, *exc) -> None:
        self.close()

    # -- manifest --------------------------------------------------------------------------
    def read_manifest(self) -> dict | None:
        return read_manifest(self.dir)

    def write_manifest(self, manifest: dict) -> None:
        tmp = self.dir / (MANIFEST + ".tmp")
        try:
            tmp.write_text(secrets.redact(json.dumps({**manifest, "schema_version": SCHEMA_VERSION}, indent=2, sort_keys=True)))
            os.replace(tmp, self.dir / MANIFEST)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise _unwritable(self.dir / MANIFEST, exc, self._lines) from None

    # -- records ---------------------------------------------------------------------------
    def has(self, task_id: str, sample: int) -> bool:
        return (task_id, sample) in self._keys

    def __len__(self) -> int:
        return self._lines

    def append(self, record: RunRecord) -> None:
        if record.key in self._keys:
            raise ChipbenchError(f"{self.records_path}: {record.key} is already recorded")
        # Secrets' values never reach the disk, wherever in the record they turned up.
        data = (secrets.redact(record.model_dump_json()) + "\n").encode()
        try:
            fd = os.open(self.records_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            raise _unwritable(self.records_path, exc, self._lines) from None
        try:
            size = os.fstat(fd).st_size
            try:
                written = os.write(fd, data)
                if written != len(data):
                    raise OSError(errno.ENOSPC, f"{os.strerror(errno.ENOSPC)}: short write "
                                                f"({written} of {len(data)} bytes)")
                os.fsync(fd)
            except OSError as exc:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, size)  # no torn line left behind (open would cut it anyway)
                raise _unwritable(self.records_path, exc, self._lines) from None
        finally:
            os.close(fd)
        self._keys.add(record.key)
        self._lines += 1
        try:
            self._index(record, self._lines - 1)
            self._connection().commit()
        except sqlite3.Error:
            # The index is derived data: the record is safe in the JSONL, and the next open
            # rebuilds the index from it.
            with contextlib.suppress(sqlite3.Error):
                self._connection().rollback()

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise ChipbenchError(f"{self.dir}: the run store is not open")
        return self._db

    def _index(self, rec: RunRecord, line: int) -> None:
        self._connection().execute(
            "INSERT OR REPLACE INTO records VALUES (?, ?, ?, ?, ?, ?)",
            (rec.task_id, rec.sample, rec.suite, rec.verdict.status.value, int(rec.verdict.correct), line),
        )

    def _recover(self) -> list[RunRecord]:
        """Read every complete record and cut off a torn last line left by a killed writer."""
        records, good_end = _read_records(self.records_path, RunRecord)
        if self.records_path.exists() and good_end != self.records_path.stat().st_size:
            with open(self.records_path, "r+b") as f:
                f.truncate(good_end)
        return records


def read_manifest(run_dir: Path) -> dict | None:
    """A run's manifest (None where there is none), with its `schema_version` (1 when absent);
    one written by a newer chipbench is refused with a message saying so."""
    path = Path(run_dir) / MANIFEST
    if not path.is_file():
        return None
    try:
        manifest = json.loads(path.read_bytes())
    except ValueError as exc:  # not JSON, or not UTF-8 text
        raise ChipbenchError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(manifest, dict):
        raise ChipbenchError(f"{path}: expected a JSON object")
    manifest["schema_version"] = stored_schema(manifest.get("schema_version"), str(path))
    return manifest


def _read_records(path: Path, model: type[Model] = RunRecord) -> tuple[list[Model], int]:  # type: ignore[assignment]
    """Complete records and the byte offset where they end; a torn final line is skipped.

    `model` is what each line is validated as: the whole `RunRecord`, or a narrower view of it
    (the results table reads only the fields it shows, which is much faster)."""
    if not path.exists():
        return [], 0
    records: list[Model] = []
    good_end = 0
    # Line by line from the file (no copy of the whole file in memory), so 100,000 records
    # read in seconds; a run may be appending meanwhile, which only adds lines at the end.
    with open(path, "rb") as f:
        for line in f:
            if not line.endswith(b"\n"):
                break
            try:
                records.append(model.model_validate_json(line, context={"stored": True, "where": f"{path} at byte {good_end}"}))
            except ValidationError:
                if not f.read(1):  # the last line: torn by a killed writer
                    break
                raise ChipbenchError(f"{path}: corrupt record at byte {good_end}") from None
            good_end += len(line)
    return records, good_end


def load_records(run_dir: Path) -> list[RunRecord]:
    """Read a run's records without modifying anything (safe while a run is writing)."""
    path = Path(run_dir) / RECORDS
    if not path.is_file():
        raise ChipbenchError(f"{run_dir}: no {RECORDS} here (is this a run directory?)")
    return _read_records(path)[0]
