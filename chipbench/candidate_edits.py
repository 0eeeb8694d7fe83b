"""Hidden candidates declared as edits of another hidden folder (`edits.toml`).

A known-wrong candidate is most often its reference with one mistake. Kept as a full copy it
drifts: a fix to the reference leaves its wrong twins on the old code, and they then test the
old code's mistake, or none. So a candidate folder (`hidden/wrong/NAME`, `right/`, `worse/`)
may hold `edits.toml` instead of copies:

    why = "the bias gradient skips the last row"   # optional: what the candidate gets wrong
    base = "cuda"                                   # a folder under hidden/ to start from
    own = []                                        # files of the folder itself (optional)
    [[edit]]
    file = "kernel.cu"
    find = "for (int r = 0; r < rows; ++r)"         # must occur exactly once in the base file
    replace = "for (int r = 0; r + 1 < rows; ++r)"

The candidate is every file of `hidden/<base>/` with the edits applied in order, then the files
`own` names, which the folder holds (they replace the base's of the same name; a candidate
whose model_new.py is its own and whose kernel is the reference's has no edit at all). Other
files in the folder are not part of it: setuptools keeps files deleted from the source tree in
`build/lib`, so an install from a tree built before a copy became edits would otherwise carry
the old copy back in (tests/test_candidate_edits.py keeps the shipped folders free of them). An edit whose `find` text
is missing or ambiguous in the base, or that changes nothing, is an error when the task loads,
never a silent no-op, so a reference change that touches an edited line is noticed at once.

This module imports none of chipbench's parts (core.py uses it).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Collection

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

EDITS_FILE = "edits.toml"
CANDIDATE_KINDS = ("wrong", "right", "worse")


class CandidateEditError(ValueError):
    """An `edits.toml` that cannot be applied; the message names the file and the edit."""


class Edit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str
    find: str = Field(min_length=1)
    replace: str


class CandidateEdits(BaseModel):
    """The schema of `edits.toml`."""

    model_config = ConfigDict(extra="forbid")

    why: str = ""
    base: str
    own: list[str] = []
    edit: list[Edit] = []

    @field_validator("base")
    @classmethod
    def _base_is_a_plain_folder(cls, v: str) -> str:
        """A folder of hidden/ that is not itself a candidate (no chains of edits, no escape)."""
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", v) or v in (".", "..") or v in CANDIDATE_KINDS:
            raise ValueError(f"{v!r} must name one folder directly under hidden/ (e.g. reference, cuda)")
        return v


def _spec(text: str, path: str) -> CandidateEdits:
    try:
        return CandidateEdits.model_validate(tomllib.loads(text))
    except tomllib.TOMLDecodeError as e:
        raise CandidateEditError(f"{path}: not valid TOML: {e}") from None
    except ValidationError as e:
        first = e.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise CandidateEditError(f"{path}: field {field!r}: {first['msg']}") from None


def file_names(own: Collection[str], read_own: Callable[[str], str], list_base: Callable[[str], Collection[str]],
               where: str) -> frozenset[str]:
    """The names of the files `materialise` gives, without reading or editing any of them: a
    backend that only asks which files a candidate submits need not build every candidate of
    every task it loads. `own` names the candidate folder's files, `read_own` reads one of them
    (only `edits.toml` is read), `list_base(base)` names a base folder's files. The edits are
    not checked here (the task loader applies every one of them)."""
    if EDITS_FILE not in own:
        return frozenset(own)
    path = f"{where}/{EDITS_FILE}"
    spec = _spec(read_own(EDITS_FILE), path)
    missing = [f for f in spec.own if f not in own or f == EDITS_FILE]
    if missing:
        raise CandidateEditError(f"{path}: field 'own': {missing} not in the folder")
    base = list_base(spec.base)
    if not base:
        raise CandidateEditError(f"{path}: base {spec.base!r}: no such folder (or an empty one) under hidden/")
    return frozenset({*base, *spec.own})


def materialise(own: dict[str, str], read_base: Callable[[str], dict[str, str]], where: str) -> dict[str, str]:
    """The candidate's files: `own` (a candidate folder's files, keyed by relative path) as is
    when it holds no `edits.toml`; else the base folder's files (`read_base(base)`) edited, with
    the files its `own` list names over them. `where` names the folder in errors."""
    if EDITS_FILE not in own:
        return own
    own = dict(own)
    path = f"{where}/{EDITS_FILE}"
    spec = _spec(own.pop(EDITS_FILE), path)
    missing = [f for f in spec.own if f not in own]
    if missing:
        raise CandidateEditError(f"{path}: field 'own': {missing} not in the folder")
    own = {f: own[f] for f in spec.own}
    if not spec.edit and not own:
        raise CandidateEditError(f"{path}: no edit and no file of its own: the candidate would be its base")
    files = read_base(spec.base)
    if not files:
        raise CandidateEditError(f"{path}: base {spec.base!r}: no such folder (or an empty one) under hidden/")
    for i, edit in enumerate(spec.edit, 1):
        if edit.file not in files:
            raise CandidateEditError(f"{path}: edit {i}: {spec.base}/{edit.file} does not exist")
        count = files[edit.file].count(edit.find)
        if count != 1:
            raise CandidateEditError(f"{path}: edit {i}: its find text occurs {count} times in "
                                     f"{spec.base}/{edit.file} (must be exactly once)")
        if edit.find == edit.replace:
            raise CandidateEditError(f"{path}: edit {i} changes nothing")
        files[edit.file] = files[edit.file].replace(edit.find, edit.replace)
    return {**files, **own}
