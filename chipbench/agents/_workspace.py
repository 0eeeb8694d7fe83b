"""A per-sample working copy of a task's workspace, kept in memory.

The tool-calling agent lists, reads and writes files here. Nothing touches the disk, so a
path cannot escape anywhere, and hidden task material is simply not in it: the copy starts
from `task.workspace` only.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from chipbench.core import ChipbenchError

MAX_FILE_CHARS = 1_000_000
MAX_FILES = 200


class WorkspaceError(ChipbenchError):
    """A file operation the agent asked for is not allowed; the message goes back to it."""


class Workspace:
    def __init__(self, files: dict[str, str] | None = None) -> None:
        self.files: dict[str, str] = dict(files or {})

    @staticmethod
    def normalise(path: str) -> str:
        p = PurePosixPath(str(path).strip())
        if not str(path).strip() or p.is_absolute() or ".." in p.parts or str(p) == ".":
            raise WorkspaceError(f"{path!r}: paths are relative to the workspace and stay inside it")
        return p.as_posix()

    def list(self) -> list[str]:
        return sorted(self.files)

    def read(self, path: str) -> str:
        key = self.normalise(path)
        if key not in self.files:
            raise WorkspaceError(f"{key}: no such file (files: {', '.join(self.list()) or 'none'})")
        return self.files[key]

    def write(self, path: str, content: str) -> str:
        key = self.normalise(path)
        if not isinstance(content, str):
            raise WorkspaceError("content must be text")
        if len(content) > MAX_FILE_CHARS:
            raise WorkspaceError(f"{key}: {len(content)} characters is more than the {MAX_FILE_CHARS} allowed")
        if key not in self.files and len(self.files) >= MAX_FILES:
            raise WorkspaceError(f"the workspace already holds {MAX_FILES} files")
        self.files[key] = content
        return key
