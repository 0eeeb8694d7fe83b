"""When the docker tests can run: an engine answers and the images are built."""

from __future__ import annotations

import functools


@functools.cache
def docker_skip_reason(toolchain: str = "verilog") -> str | None:
    """None when the docker sandbox can run `toolchain`'s commands here, else why not."""
    from chipbench.sandbox.docker import engine_problem, image_tag
    from chipbench.sandbox.docker._images import exists

    if problem := engine_problem():
        return f"docker sandbox unavailable: {problem}"
    tag = image_tag(toolchain)
    if not exists(tag):
        return f"docker image {tag} is not built: run `chipbench sandbox build` (scripts/setup.sh does)"
    return None
