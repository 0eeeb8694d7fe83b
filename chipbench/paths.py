"""Where chipbench keeps data that outlives a run (build caches); one place, so the sandbox
can expose it read-only and evaluators can fill it."""

import os
import stat
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


def shared_cache_folder(*parts: str) -> Path:
    """`cache_dir()/parts`, made if missing, each folder on the way enterable by a sandbox's
    borrowed uid whatever the user's umask: a 0700 cache (`mktemp -d`, umask 077) kept every
    sandbox from the prebuilt headers and runtimes in it, and each build failed with
    'Permission denied'. Only search bits are added, and only to this user's own folders; the
    private part is masked in every sandbox regardless."""
    folder = cache_dir().joinpath(*parts)
    folder.mkdir(parents=True, exist_ok=True)
    for path in [cache_dir(), *(cache_dir().joinpath(*parts[:i + 1]) for i in range(len(parts)))]:
        st = path.stat()
        if st.st_uid == os.geteuid() and not st.st_mode & stat.S_IXOTH:
            os.chmod(path, stat.S_IMODE(st.st_mode) | stat.S_IXGRP | stat.S_IXOTH)
    return folder


def replace_atomically(path: Path, data: bytes | str, mode: int = 0o600) -> None:
    """Write `path` whole or not at all, readers never seeing a part: a temporary file of its
    own in the same folder, then a rename. The temporary name is unique per call, not per
    process: two threads of one harness (`asyncio.to_thread`) writing the same path under one
    pid-named temporary file moved it from under each other, and the second rename failed
    (a cold cache's first two CUDA builds, `[Errno 2] No such file`)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data.encode() if isinstance(data, str) else data)
            os.fchmod(out.fileno(), mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
