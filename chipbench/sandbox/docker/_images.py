"""Images, one per toolchain, built from the recipes in `recipes/` and tagged by a hash of
their recipe (and of the image they start from): a changed recipe gets a new tag and is
built, an unchanged one is found by its tag and reused.

No registry is needed: the base image is made locally with debootstrap and `docker import`
(`recipes/base.conf`); each toolchain image is an ordinary Dockerfile `FROM` that base
(`recipes/<toolchain>.Dockerfile`). A toolchain is named by the evaluator that needs it
(`verilog`, `isa-transpile`, `cuda-kernels`), so suites scored by one evaluator share an image.

Python packages an image needs are pinned in `recipes/<toolchain>.requirements.txt`. The harness
fetches them as wheels with this machine's pip (which finds a local torch CPU build where there
is one, where pip inside the build would pull the multi-GB CUDA one) for the base's Python and
this machine's architecture, and puts them in the build context under `wheels/`. An image with
a Python environment names its interpreter in the label `chipbench.python`.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from importlib.resources import files as package_files
from pathlib import Path

from chipbench.sandbox._base import SandboxError
from chipbench.sandbox.docker._engine import client

REPOSITORY = "chipbench"
DEFAULT_MIRROR = "http://deb.debian.org/debian"
_BUILD_LOCK = Path(tempfile.gettempdir()) / "chipbench-docker-build.lock"


def recipes_dir() -> Path:
    return Path(str(package_files("chipbench.sandbox.docker") / "recipes"))


def toolchains() -> list[str]:
    return sorted(p.name.removesuffix(".Dockerfile") for p in recipes_dir().glob("*.Dockerfile"))


OPT_IN_MARK = "# chipbench: opt-in"
"""A recipe's first line that keeps its image out of default builds (`chipbench sandbox
build` with no names, scripts/setup.sh) and out of builds on first use: gigabytes, built only
when asked for by name."""
GPU_LABEL = "chipbench.gpu"
"""An image label: containers of this image get the host's GPUs where the engine can pass them."""


def opt_in(toolchain: str) -> bool:
    recipe = recipes_dir() / f"{toolchain}.Dockerfile"
    return recipe.is_file() and recipe.read_text().startswith(OPT_IN_MARK)


def default_toolchains() -> list[str]:
    """What a plain `chipbench sandbox build` builds: every recipe but the opt-in ones."""
    return [t for t in toolchains() if not opt_in(t)]


def build_command(toolchain: str) -> str:
    """The one command that builds a toolchain's image."""
    return "chipbench sandbox build --cuda" if toolchain == "cuda-kernels-gpu" else f"chipbench sandbox build {toolchain}"


def _digest(*parts: str) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode() + b"\0")
    return h.hexdigest()[:16]


def base_config() -> dict[str, str]:
    text = (recipes_dir() / "base.conf").read_text()
    pairs = (line.split("=", 1) for line in text.splitlines() if "=" in line and not line.lstrip().startswith("#"))
    return {k.strip(): v.strip() for k, v in pairs}


BASE_ENV = "CHIPBENCH_DOCKER_BASE"


def base_tag() -> str:
    """The image every recipe starts from: `$CHIPBENCH_DOCKER_BASE` where set (a Debian image
    of base.conf's suite, e.g. `debian:bookworm-slim`, where a registry is reachable), else
    the one debootstrap makes here. Set it for builds and runs alike: tags follow it."""
    if ref := os.environ.get(BASE_ENV):
        return ref
    return f"{REPOSITORY}:base-{_digest((recipes_dir() / 'base.conf').read_text())}"


def requirements(toolchain: str) -> str:
    """The pinned Python packages of a toolchain's image ('' when it needs none)."""
    path = recipes_dir() / f"{toolchain}.requirements.txt"
    return path.read_text() if path.is_file() else ""


def image_tag(toolchain: str) -> str:
    recipe = recipes_dir() / f"{toolchain}.Dockerfile"
    if not recipe.is_file():
        raise SandboxError(f"no docker recipe for toolchain {toolchain!r} (have: {', '.join(toolchains())})")
    return f"{REPOSITORY}:{toolchain}-{_digest(recipe.read_text(), requirements(toolchain), base_tag())}"


PYTHON_LABEL = "chipbench.python"
STAGE_LABEL = "chipbench.stage"


def python_of(tag: str) -> str | None:
    """The interpreter an image's recipe installed (its `chipbench.python` label), if any."""
    return (client().images.get(tag).labels or {}).get(PYTHON_LABEL)


def wants_gpu(tag: str) -> bool:
    return (client().images.get(tag).labels or {}).get(GPU_LABEL) == "1"


def debian_mirror() -> str:
    """`$CHIPBENCH_DEBIAN_MIRROR`, else the mirror this machine's apt uses, else deb.debian.org."""
    if env := os.environ.get("CHIPBENCH_DEBIAN_MIRROR"):
        return env
    for source in (Path("/etc/apt/sources.list.d/debian.sources"), Path("/etc/apt/sources.list")):
        with contextlib.suppress(OSError):
            text = source.read_text()
            found = re.search(r"^URIs:\s*(\S+/debian)\s*$", text, re.M) or \
                re.search(r"^deb\s+(?:\[[^]]*\]\s+)?(\S+/debian)\s", text, re.M)
            if found:
                return found.group(1)
    return DEFAULT_MIRROR


def exists(tag: str) -> bool:
    import docker.errors

    try:
        client().images.get(tag)
        return True
    except docker.errors.ImageNotFound:
        return False


@contextlib.contextmanager
def _build_lock():
    """One build at a time on this machine (two runs starting at once build once)."""
    with open(_BUILD_LOCK, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def build_base(log=print) -> str:
    tag = base_tag()
    if exists(tag):
        return tag
    if os.environ.get(BASE_ENV):
        import docker.errors

        log(f"pulling the base image {tag} (${BASE_ENV})")
        try:
            client().images.pull(tag)
        except docker.errors.APIError as exc:
            raise SandboxError(f"the base image {tag} (${BASE_ENV}) is not here and cannot be pulled ({exc}); "
                               f"unset {BASE_ENV} to make one with debootstrap") from None
        return tag
    if shutil.which("debootstrap") is None:
        raise SandboxError("building the base image needs debootstrap: apt-get install debootstrap")
    if os.geteuid() != 0:
        raise SandboxError("building the base image runs debootstrap, which needs root")
    conf = base_config()
    mirror = debian_mirror()
    log(f"building {tag}: debootstrap {conf['suite']} from {mirror}")
    with tempfile.TemporaryDirectory(prefix="chipbench-rootfs-") as d:
        rootfs = Path(d) / "rootfs"
        include = [f"--include={conf['include']}"] if conf.get("include") else []
        cmd = ["debootstrap", f"--variant={conf['variant']}", *include, conf["suite"], str(rootfs), mirror]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise SandboxError(f"debootstrap failed:\n{(done.stdout + done.stderr)[-3000:]}")
        tar = subprocess.Popen(["tar", "-C", str(rootfs), "-c", "."], stdout=subprocess.PIPE)
        assert tar.stdout is not None
        try:
            client().api.import_image_from_stream(tar.stdout, repository=REPOSITORY, tag=tag.split(":", 1)[1])
        finally:
            tar.stdout.close()
            tar.wait()
    if not exists(tag):
        raise SandboxError(f"importing the base image {tag} failed")
    return tag


def fetch_wheels(pins: str, dest: Path) -> None:
    """Wheels of `pins` and their dependencies for the base image's Python and this machine's
    architecture, fetched by this machine's pip (its indexes and local wheel folders)."""
    import platform
    import sys

    arch = platform.machine()
    python = base_config().get("python", "3.11")
    platforms = [f"manylinux_2_{n}_{arch}" for n in range(17, 40)] + [f"manylinux2014_{arch}", f"manylinux1_{arch}"]
    (dest / "requirements.txt").write_text(pins)
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
           "--only-binary=:all:", "--implementation", "cp", "--python-version", python,
           "--abi", f"cp{python.replace('.', '')}", *(a for p in platforms for a in ("--platform", p)),
           "--dest", str(dest), "-r", str(dest / "requirements.txt")]
    done = subprocess.run(cmd, capture_output=True, text=True)
    (dest / "requirements.txt").unlink()
    if done.returncode != 0:
        raise SandboxError(f"fetching the image's Python wheels failed ({' '.join(cmd[:4])} ...):\n"
                           f"{(done.stdout + done.stderr)[-3000:]}")


def build_image(toolchain: str, log=print) -> str:
    """The toolchain's image, built (with its base) unless an image of the same recipe exists."""
    tag = image_tag(toolchain)
    if exists(tag):
        return tag
    with _build_lock():
        if exists(tag):
            return tag
        base = build_base(log)
        log(f"building {tag}")
        with tempfile.TemporaryDirectory(prefix="chipbench-context-") as d:
            context = Path(d)
            shutil.copyfile(recipes_dir() / f"{toolchain}.Dockerfile", context / "Dockerfile")
            if pins := requirements(toolchain):
                (context / "wheels").mkdir()
                fetch_wheels(pins, context / "wheels")
            # network_mode host: apt inside the build reaches the same mirror the machine uses.
            import docker.errors

            try:
                client().images.build(path=str(context), tag=tag, buildargs={"BASE": base},
                                      network_mode="host", rm=True, forcerm=True)
            except docker.errors.BuildError as exc:
                lines = "".join(str(chunk.get("stream", chunk.get("error", ""))) for chunk in exc.build_log)
                raise SandboxError(f"building {tag} failed: {exc}\n{lines[-3000:]}") from None
            finally:
                # Stages that only install (wheels and all) are left untagged: gigabytes of disk.
                # A busy engine may not answer in time: the image is built all the same, and
                # the next build removes the stage.
                try:
                    client().images.prune(filters={"dangling": True, "label": f"{STAGE_LABEL}=install"})
                except Exception as exc:  # noqa: BLE001 - cleanup only
                    log(f"could not remove the install stage yet ({exc})")
    return tag


def current_tags() -> set[str]:
    return {base_tag(), *(image_tag(name) for name in toolchains())}


def prune_stale(log=print, among: list[str] | None = None) -> list[str]:
    """Remove chipbench's images that today's recipes no longer produce (each recipe change
    leaves its old image behind: gigabytes for cuda-kernels), of all of them or of `among`;
    images of toolchains these recipes do not name are another chipbench's and stay.
    An image a container still uses is kept and said so."""
    import docker.errors

    keep, removed = current_tags(), []
    # Only older versions of images this chipbench builds: an image of a toolchain it does not
    # know belongs to another chipbench on the machine (a newer one, with a suite this lacks).
    known = {"base", *toolchains()}
    tags = among if among is not None else [t for image in client().images.list(name=REPOSITORY) for t in image.tags]
    for tag in tags:
        name = tag.removeprefix(f"{REPOSITORY}:").rpartition("-")[0]
        if tag.startswith(f"{REPOSITORY}:") and tag not in keep and name in known:
            try:
                client().images.remove(tag)
                removed.append(tag)
            except docker.errors.APIError as exc:
                log(f"kept {tag}: {exc.explanation or exc}")
    return removed
