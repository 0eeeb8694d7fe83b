"""Verdicts by content: a candidate handed in again, unchanged, is not judged again.

RL and search loops resubmit identical candidates often; judging one costs seconds (compiles,
simulations), looking it up costs a file read. One mechanism for every suite, wired where
evaluations run (`runner.evaluate_in_sandbox`), so no evaluator keeps its own.

The key holds everything that decides a verdict: the task's content digest and what a suite
variant changes in memory (its eval settings, submit list, reference: `hls:pragma+measured`
got the plain variant's stored pass for a point it must fail), chipbench's own code (a judge
fixed since must judge again), the candidate's files, the evaluator's name, its verdict-changing settings (`Evaluator.settings()`), the
versions of the tools it runs, the sandbox environment the commands see, and whether only the
public checks ran. Left out on purpose: timeouts and harness errors (they depend on the
machine's load or on our own bugs, not on the candidate), and what the evaluator marks as not
reproducible (`Evaluator.cacheable`). A hit comes back with `cached = True`, so a record
says it was looked up, not measured.

Entries live under the user cache folder (`$CHIPBENCH_CACHE/private/verdicts`), one JSON file each,
written to a temporary name and renamed into place, so concurrent writers (jobs of one run,
several runs, Ray workers on one machine) never leave a torn entry; the folder is the
harness's own (mode 0700) and masked in every sandbox (`paths.private_cache_dir`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path

import chipbench

from chipbench.core import Status, Task, Verdict
from chipbench.paths import private_cache_dir

UNCACHED = frozenset({Status.HARNESS_ERROR, Status.TIMEOUT})


@functools.cache
def code_digest() -> str:
    """Every Python file of the installed chipbench's harness: the judges, their workers and
    harnesses. The suites' folders (`tasks/<suite>/...`: task data, generators, adapters) are
    left out: what they make reaches the key as the task's digest."""
    h = hashlib.sha256()
    root = Path(chipbench.__file__).parent
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if parts[0] == "tasks" and len(parts) > 2:
            continue
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def verdict_key(task: Task, files: dict[str, str], evaluator_name: str, settings: dict,
                versions: dict[str, str], environment: str, public: bool) -> str:
    h = hashlib.sha256()
    identity = {"task": task.id, "digest": task.digest, "suite": task.suite, "eval": task.eval,
                "submit": list(task.submit), "reference_dir": task.reference_dir, "code": code_digest(),
                "evaluator": evaluator_name, "settings": settings,
                "versions": versions, "environment": environment, "public": public}
    h.update(json.dumps(identity, sort_keys=True, default=str).encode())
    # Each name and text after its length: a text can hold any character, so separators alone
    # would let a candidate that folds one file into another collide with the two-file one.
    for name in sorted(files):
        for part in (name.encode(), files[name].encode()):
            h.update(b"%d:" % len(part) + part)
    return h.hexdigest()


class VerdictCache:
    def __init__(self, root: Path | None = None) -> None:
        self.root = root or private_cache_dir() / "verdicts"

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> Verdict | None:
        try:
            data = self._path(key).read_text()
            verdict = Verdict.model_validate_json(data)
        except (OSError, ValueError):
            return None  # absent, or written by another version: judge again
        return verdict.model_copy(update={"cached": True})

    def put(self, key: str, verdict: Verdict) -> None:
        if verdict.status in UNCACHED or verdict.cached:
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{id(verdict)}.tmp")
        tmp.write_text(verdict.model_dump_json(exclude={"correct"}))
        os.replace(tmp, path)
