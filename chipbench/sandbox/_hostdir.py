"""Files of a sandbox whose working directory is a folder on this machine.

Both backends keep the working directory as a host folder (the local one binds it under
bubblewrap, the docker one bind-mounts it into a container), so both write and read
candidate files the same way, here: no symlink a candidate made can redirect a harness
write or make a harness read leave the folder.
"""

from __future__ import annotations

import os
from pathlib import Path

from chipbench.sandbox._base import SandboxError, checked_relative


def chown_to(path: Path, uid: int | None) -> None:
    if uid is not None:
        os.chown(path, uid, uid)


def write_into(root: Path, path: str, content: str | bytes, uid: int | None) -> None:
    """Write `path` (relative) under `root`, parents included, owned by `uid` when given."""
    target = root / checked_relative(path)
    for parent in reversed(target.relative_to(root).parents[:-1]):
        d = root / parent
        if d.is_symlink():
            raise SandboxError(f"{path!r}: {parent} is a symlink")
        if not d.is_dir():
            d.mkdir()
            chown_to(d, uid)
    data = content.encode() if isinstance(content, str) else content
    # O_NOFOLLOW: a candidate-made symlink must not redirect a harness write.
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    chown_to(target, uid)


def read_from(root: Path, path: str) -> bytes:
    target = root / checked_relative(path)
    if not target.resolve().is_relative_to(root.resolve()):
        raise SandboxError(f"{path!r} points outside the sandbox")
    fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, "rb") as f:
        return f.read()


def empty_folder(root: Path) -> None:
    """Remove everything inside `root`, keeping `root` itself (a mount point in a container)."""
    import shutil

    for entry in os.scandir(root):
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            try:
                os.unlink(entry.path)
            except FileNotFoundError:
                pass
