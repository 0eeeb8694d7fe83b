"""Turning a model's free-text reply into named files.

Models name files in many ways: an info string (```verilog file=top.v), a heading or bold
line just above the block, or a comment on the block's first line. When nothing names a
block and the task wants exactly one file, the last block in that file's language is taken:
models often show a draft first and the final version last.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n`]*)$", re.M)
_NAME_IN_INFO = re.compile(r"""(?:file|filename|path|name|title)\s*[=:]\s*["']?([\w./-]+)["']?""")
_PATHLIKE = re.compile(r"^[\w./-]*\w\.[A-Za-z0-9]{1,6}$")
_NAME_ABOVE = re.compile(r"""^\s*(?:#+\s*|\*\*|__|`|(?:file(?:name)?|path)\s*[:=]\s*)*[`*_"']*([\w./-]+\.[A-Za-z0-9]{1,6})[`*_"':]*\s*$""", re.I)
_NAME_IN_COMMENT = re.compile(r"""^\s*(?://|#|--|/\*|;)\s*(?:file(?:name)?\s*[:=]\s*)?([\w./-]+\.[A-Za-z0-9]{1,6})\s*(?:\*/)?\s*$""", re.I)

LANGUAGES = {
    ".v": {"verilog", "v", "systemverilog", "sv"},
    ".sv": {"systemverilog", "sv", "verilog"},
    ".s": {"asm", "assembly", "s", "gas", "riscv", "aarch64", "arm"},
    ".py": {"python", "py"},
    ".c": {"c"},
    ".cpp": {"cpp", "c++", "cxx"},
    ".cu": {"cuda", "cu", "cpp", "c++"},
    ".toml": {"toml"},
}


@dataclass
class Block:
    info: str
    body: str
    name: str | None


def code_blocks(text: str) -> list[Block]:
    """Every fenced block in order; an unterminated last block runs to the end of the text."""
    blocks: list[Block] = []
    pos = 0
    while m := _FENCE.search(text, pos):
        fence, info = m["fence"], m["info"].strip()
        closer = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", re.M)
        end = closer.search(text, m.end())
        body_end = end.start() if end else len(text)
        body = text[m.end() + 1 : body_end] if m.end() < len(text) else ""
        preceding = text[:m.start()].rstrip("\n").splitlines()[-2:]
        blocks.append(Block(info=info, body=body, name=_block_name(info, body, preceding)))
        pos = end.end() if end else len(text)
    return blocks


def _block_name(info: str, body: str, preceding: list[str]) -> str | None:
    if m := _NAME_IN_INFO.search(info):
        return m.group(1)
    for token in info.split()[1:] if len(info.split()) > 1 else info.split():
        if _PATHLIKE.match(token):
            return token
    for line in reversed(preceding):
        if m := _NAME_ABOVE.match(line):
            return m.group(1)
    first = body.split("\n", 1)[0]
    if m := _NAME_IN_COMMENT.match(first):
        return m.group(1)
    return None


def extract_files(reply: str, expected: tuple[str, ...] | list[str]) -> tuple[dict[str, str], str | None]:
    """Files named in `reply`, and an error message when none of `expected` could be found.

    A named block counts for an expected file when its name equals that path or its basename.
    Later blocks for the same file replace earlier ones.
    """
    blocks = code_blocks(reply or "")
    if not blocks:
        return {}, "the reply contains no fenced code block"
    by_base = {PurePosixPath(e).name: e for e in expected}
    files: dict[str, str] = {}
    for b in blocks:
        if b.name is None:
            continue
        target = b.name if b.name in expected else by_base.get(PurePosixPath(b.name).name, b.name)
        files[target] = b.body
    if len(expected) == 1 and expected[0] not in files:
        want = expected[0]
        langs = LANGUAGES.get(PurePosixPath(want).suffix, set())
        unnamed = [b for b in blocks if b.name is None]
        matching = [b for b in unnamed if b.info.split()[:1] and b.info.split()[0].lower() in langs]
        pick = (matching or unnamed)[-1] if (matching or unnamed) else None
        if pick is not None:
            files[want] = pick.body
    missing = [e for e in expected if e not in files]
    if missing:
        return files, f"the reply has no code block for {', '.join(missing)}"
    return files, None


def render_files(files: dict[str, str]) -> str:
    """The inverse of `extract_files`, used by the oracle so it goes through the same path."""
    parts = []
    for path, text in files.items():
        lang = next(iter(sorted(LANGUAGES.get(PurePosixPath(path).suffix, {""}))), "")
        fence = "````" if "```" in text else "```"
        parts.append(f"{fence}{lang} file={path}\n{text.rstrip(chr(10))}\n{fence}")
    return "\n\n".join(parts)
