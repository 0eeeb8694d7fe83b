"""The shipped sandbox contract (chipbench.sandbox.conformance) on chipbench's own backends:
local (bwrap and unshare) and docker; then the promises only these backends make (uid leases
across processes, exposed paths under /tmp, device nodes, the host folder behind the work folder).
The docker pool's own promises are in test_sandbox_docker.py.
"""

import asyncio
import contextlib
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from chipbench.sandbox import SandboxError
from chipbench.sandbox.conformance.test_contract import *  # noqa: F403 (every contract test, on each backend below)
from chipbench.sandbox.local import LocalSandbox
from docker_support import docker_skip_reason

LOCAL = [b for b in ("bwrap", "unshare") if shutil.which(b)]
BACKENDS = LOCAL + [pytest.param("docker", marks=pytest.mark.docker)]


def run(coro):
    return asyncio.run(coro)


def make(backend, hide=()):
    """A sandbox of `backend`; docker tests skip with the reason where no engine can run."""
    if backend == "docker":
        if reason := docker_skip_reason("verilog"):
            pytest.skip(reason)
        from chipbench.sandbox.docker import DockerSandbox

        return DockerSandbox(hide=hide, toolchain="verilog")
    return LocalSandbox(hide=hide, backend=backend)


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


@pytest.fixture
def sandbox_factory(backend):
    """The contract tests' backend: each of chipbench's own in turn."""
    make(backend)  # skips here, with the reason, where docker cannot run
    return functools.partial(make, backend)


def local_only(backend):
    if backend not in LOCAL:
        pytest.skip("a promise of the local backend only")


async def _exec(backend, cmd, limits=None, files=None, hide=()):
    async with make(backend, hide) as sbx:
        await sbx.write_files(files or {})
        return await sbx.exec(cmd, limits)


@pytest.fixture
def outside_tmp():
    """A folder neither under /tmp nor the home, both of which bwrap masks."""
    import tempfile

    folder = tempfile.mkdtemp(dir="/var/tmp", prefix="chipbench-test-")
    os.chmod(folder, 0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_local_commands_find_the_users_tools_and_cuda_settings(backend, monkeypatch, outside_tmp):
    """The local sandbox runs this machine's own tools: a tool on the user's PATH outside the
    default directories (nvcc in /usr/local/cuda/bin) and the CUDA variables reach the command;
    nothing else of the environment does."""
    local_only(backend)
    tools = os.path.join(outside_tmp, "bin")
    os.mkdir(tools, 0o755)
    with open(os.path.join(tools, "fake-nvcc"), "w") as f:
        f.write("#!/bin/sh\necho fake nvcc 13.0\n")
    os.chmod(os.path.join(tools, "fake-nvcc"), 0o755)
    monkeypatch.setenv("PATH", f"{os.environ['PATH']}:{tools}")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "3")
    monkeypatch.setenv("SOME_TOKEN", "canary-value")
    r = run(_exec(backend, ["sh", "-c", "fake-nvcc; env"]))
    assert "fake nvcc 13.0" in r.stdout, r.output
    assert "CUDA_VISIBLE_DEVICES=3" in r.stdout and "canary-value" not in r.stdout


def test_close_removes_the_candidates_files_from_the_host(backend):
    """Local removes the folder; docker empties it for the next candidate (a warm container)."""
    async def go():
        sbx = make(backend)
        await sbx.start()
        root = sbx.root
        await sbx.write_file("f", "x")
        await sbx.close()
        return root

    assert not (run(go()) / "f").exists()


def test_the_sandbox_python_is_the_backends_own(backend):
    """Evaluators run helper scripts with `sandbox.python`: the harness's own interpreter in
    the local sandbox (even from a masked home), the image's own in docker."""

    async def go():
        async with make(backend) as sbx:
            return sbx.python, await sbx.exec([sbx.python, "-c", "import sys; print(sys.prefix)"])

    python, r = run(go())
    assert r.ok, r.stderr
    if backend == "docker":
        assert not python.startswith(sys.prefix) and r.stdout.strip() != sys.prefix
    else:
        assert python == sys.executable and r.stdout.strip() == sys.prefix


def test_hiding_the_python_runtime_is_refused_with_a_clear_error(backend):
    local_only(backend)  # docker does not bind the harness's Python: its image brings one
    with pytest.raises(SandboxError, match="Python installation"):
        make(backend, hide=[sys.prefix])


@pytest.mark.skipif(os.geteuid() != 0, reason="uids are borrowed only when chipbench runs as root")
def test_sandboxes_in_different_processes_never_share_a_uid(backend):
    """Two runs on one machine sharing a uid would share its process-count limit: one run's
    fork bomb could starve the other's sandboxes."""
    local_only(backend)
    holder = textwrap.dedent(f"""\
        import asyncio, sys
        from chipbench.sandbox.local import LocalSandbox
        async def main():
            async with LocalSandbox(backend={backend!r}) as s:
                print(s.uid, flush=True)
                sys.stdin.readline()
        asyncio.run(main())
        """)
    other = subprocess.Popen([sys.executable, "-c", holder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        other_uid = int(other.stdout.readline())

        async def two():
            async with LocalSandbox(backend=backend) as a, LocalSandbox(backend=backend) as b:
                return {a.uid, b.uid}
        mine = run(two())
        assert len(mine) == 2 and other_uid not in mine
    finally:
        other.communicate("done\n", timeout=30)

    async def borrowed_until_found():  # the lease ended with the other process
        async with contextlib.AsyncExitStack() as stack:
            seen = set()
            while other_uid not in seen:
                seen.add((await stack.enter_async_context(LocalSandbox(backend=backend))).uid)
            return seen
    assert other_uid in run(borrowed_until_found())


def test_exposed_paths_under_tmp_stay_readable(backend, tmp_path):
    """/tmp is private inside, but a cache or a virtual environment kept under /tmp (as CI
    jobs often do) must still be visible: exposed paths come back read-only."""
    if backend != "bwrap":
        pytest.skip("only bwrap masks /tmp (docker binds the runtime and the cache only)")
    shared = tmp_path / "cache" / "pch"
    shared.mkdir(parents=True)
    (shared / "header.h").write_text("shared\n")

    async def go():
        async with LocalSandbox(backend=backend, expose=[shared]) as sbx:
            return await sbx.exec(["sh", "-c", f"cat {shared}/header.h; touch {shared}/x || echo read-only"])
    r = run(go())
    assert r.stdout == "shared\nread-only\n", r.output


def test_a_private_cache_folder_is_entered_by_the_sandbox_user(backend, monkeypatch):
    """A `$CHIPBENCH_CACHE` of mode 0700 (as `mktemp -d` makes) kept the borrowed uid out of
    the prebuilt headers: every C++ kernel build failed with 'Permission denied'. Made as
    `mktemp -d` makes it, straight under /tmp (pytest's own folders are 0700 all the way)."""
    local_only(backend)
    cache = Path(tempfile.mkdtemp(prefix="chipbench-cache-"))
    request_cleanup = contextlib.ExitStack()
    request_cleanup.callback(shutil.rmtree, cache, True)
    (cache / "kernels").mkdir()
    (cache / "kernels" / "header.h").write_text("prebuilt\n")
    monkeypatch.setenv("CHIPBENCH_CACHE", str(cache))

    async def go():
        async with LocalSandbox(backend=backend) as sbx:
            return await sbx.exec(["cat", f"{cache}/kernels/header.h"])
    with request_cleanup:
        r = run(go())
        assert r.ok and r.stdout == "prebuilt\n", r.output
        assert os.stat(cache).st_mode & 0o777 == 0o711  # the search bit only: no listing


def test_gpu_device_nodes_are_bound_into_the_bwrap_sandbox(backend, monkeypatch):
    """bwrap gives commands a fresh /dev without GPUs; NVIDIA's nodes are bound back so a CUDA
    judge can run (on a machine without a GPU, another character device of the host that the
    fresh /dev lacks stands in for one)."""
    if backend != "bwrap":
        pytest.skip("only bwrap replaces /dev")
    from pathlib import Path

    from chipbench.sandbox import local

    plain = set(run(_exec(backend, ["ls", "/dev"])).stdout.split())
    stand_in = next((str(p) for p in sorted(Path("/dev").iterdir())
                     if p.is_char_device() and p.name not in plain and p.name != "console"), None)
    if stand_in is None:
        pytest.skip("no host device node outside bwrap's /dev to stand in for a GPU")
    monkeypatch.setattr(local, "gpu_device_nodes", lambda: [stand_in])
    r = run(_exec(backend, ["ls", "/dev"]))
    assert r.ok and Path(stand_in).name in r.stdout.split()
