"""Secrets in the environment (API keys, tokens): which variables hold them, and keeping their
values out of every sandbox and everything chipbench writes.

Two defences, because either alone can fail: a sandbox's commands get a fresh environment
and, on top of that, any secret variable an evaluator might pass on is dropped
(`without_secrets`); and every record, manifest and report is redacted before it is written
(`redact`), so a value that reached text some other way (a model echoing a key, a tool
printing its environment) is replaced by `[secret NAME]`.

A variable is a secret when its name matches `PATTERNS` (`OPENAI_API_KEY`, `HF_TOKEN`,
`AWS_SECRET_ACCESS_KEY`, ...) or the user marks it: `chipbench run --secret-env NAME`, or
`CHIPBENCH_SECRET_ENV=NAME,NAME` in the environment (which also carries the marks to worker
processes, e.g. on a Ray cluster).
"""

from __future__ import annotations

import fnmatch
import json
import os
import re

PATTERNS = ("*API_KEY*", "*APIKEY*", "*_TOKEN", "*_TOKEN_*", "*SECRET*", "*PASSWORD*", "*PASSWD*",
            "*ACCESS_KEY*", "*PRIVATE_KEY*", "*CREDENTIAL*", "*_AUTH", "*AUTH_TOKEN*", "*_PAT")
USER_ENV = "CHIPBENCH_SECRET_ENV"
MIN_LENGTH = 8
"""Values shorter than this are not redacted from text (replacing every `1` would ruin a
record); they are still kept out of sandboxes."""


def marked() -> set[str]:
    return {n.strip() for n in os.environ.get(USER_ENV, "").split(",") if n.strip()}


def mark(names: list[str] | tuple[str, ...]) -> None:
    """Mark more variables secret for this process and the workers it starts."""
    bad = [n for n in names if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n)]
    if bad:
        from chipbench.core import ChipbenchError

        raise ChipbenchError(f"--secret-env: {bad} is not an environment variable name")
    os.environ[USER_ENV] = ",".join(sorted(marked() | set(names)))


def is_secret(name: str) -> bool:
    if name == USER_ENV:
        return False
    upper = name.upper()
    return name in marked() or any(fnmatch.fnmatchcase(upper, p) for p in PATTERNS)


def without_secrets(env: dict[str, str]) -> dict[str, str]:
    """`env` less every secret variable (what a sandboxed command may be given)."""
    return {k: v for k, v in env.items() if not is_secret(k)}


def values() -> list[tuple[str, str]]:
    """(name, value) of every secret in this process's environment worth redacting, longest
    value first (so a value containing another is replaced whole)."""
    found = [(k, v) for k, v in os.environ.items() if is_secret(k) and len(v) >= MIN_LENGTH]
    return sorted(found, key=lambda kv: -len(kv[1]))


def redact(text: str) -> str:
    """`text` with every secret's value replaced by `[secret NAME]`."""
    for name, value in values():
        for form in {value, json.dumps(value)[1:-1]}:  # as written, and inside a JSON string
            if form in text:
                text = text.replace(form, f"[secret {name}]")
    return text
