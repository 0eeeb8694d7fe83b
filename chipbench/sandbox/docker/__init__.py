"""The `docker` sandbox backend: one image per toolchain, warm containers, nothing leaked.

`DockerSandbox` is the backend (entry point `docker` in `chipbench.sandboxes`); `build_images`
builds every image from the recipes (`chipbench sandbox build`); `prune_stale` removes those
of older recipes (`chipbench sandbox prune`); `engine_problem` says why the backend cannot
run on this machine, or None.
"""

from chipbench.sandbox.docker._engine import INSTALL_HINT, EngineUnavailable, engine_problem
from chipbench.sandbox.docker._images import build_image, default_toolchains, image_tag, prune_stale, toolchains
from chipbench.sandbox.docker.sandbox import DockerSandbox


def build_images(names: list[str] | None = None, log=print) -> dict[str, str]:
    """Build (or find) the image of each toolchain named, or of every toolchain but the opt-in
    ones; returns toolchain -> tag."""
    return {name: build_image(name, log) for name in (names or default_toolchains())}


__all__ = ["DockerSandbox", "EngineUnavailable", "INSTALL_HINT", "build_image", "build_images",
           "engine_problem", "image_tag", "prune_stale", "toolchains"]
