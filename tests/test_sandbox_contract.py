"""The sandbox contract, tested on every backend: local (bwrap and unshare) and docker.

Backend-specific promises (uid leases across processes, exposed paths under /tmp) are tested
on the backends that make them; the docker pool's own promises are in test_sandbox_docker.py.
"""

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from chipbench.sandbox import Limits, SandboxError
from chipbench.sandbox.local import LocalSandbox
from docker_support import docker_skip_reason

LOCAL = [b for b in ("bwrap", "unshare") if shutil.which("bwrap" if b == "bwrap" else "unshare")]
BACKENDS = LOCAL + [pytest.param("docker", marks=pytest.mark.docker)]
pytestmark = pytest.mark.parametrize("backend", BACKENDS)


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


def local_only(backend):
    if backend not in LOCAL:
        pytest.skip("a promise of the local backend only")


async def _exec(backend, cmd, limits=None, files=None, hide=()):
    async with make(backend, hide) as sbx:
        await sbx.write_files(files or {})
        return await sbx.exec(cmd, limits)


def test_command_runs_in_its_working_directory_and_sees_written_files(backend):
    r = run(_exec(backend, ["sh", "-c", "cat sub/in.txt; echo made > out.txt && cat out.txt"],
                  files={"sub/in.txt": "hello\n"}))
    assert r.ok and r.stdout == "hello\nmade\n"


def test_wall_timeout_kills_the_whole_process_group(backend):
    started = time.monotonic()
    r = run(_exec(backend, ["sh", "-c", "sleep 60 & sleep 60 & wait"], Limits(wall_s=1)))
    assert r.timed_out and not r.ok
    assert time.monotonic() - started < 15


def test_output_flood_is_capped_and_stopped(backend):
    r = run(_exec(backend, ["sh", "-c", "yes flood"], Limits(max_output_bytes=4096, wall_s=20)))
    assert r.output_limited and not r.timed_out
    assert len(r.stdout) <= 4096


def test_memory_limit_stops_a_memory_bomb(backend):
    r = run(_exec(backend, ["python3", "-c", "print('started', flush=True); x = bytearray(2 * 1024**3); print('allocated')"],
                  Limits(memory_mb=256)))
    assert r.stdout == "started\n" and "MemoryError" in r.stderr


def test_process_limit_contains_a_fork_bomb(backend):
    code = ("import os, time\nn = 0\ntry:\n    for _ in range(500):\n        if os.fork() == 0:\n"
            "            time.sleep(20); os._exit(0)\n        n += 1\nexcept OSError:\n    pass\nprint(n)")
    r = run(_exec(backend, ["python3", "-c", code], Limits(max_procs=24, wall_s=30)))
    assert r.stdout.strip() and int(r.stdout) < 24


def test_cpu_time_limit_stops_a_busy_loop(backend):
    r = run(_exec(backend, ["python3", "-c", "print('started', flush=True)\nwhile True: pass"], Limits(cpu_s=1, wall_s=30)))
    # It ran, and something other than the 30 s wall clock ended it (SIGXCPU after 1 s of CPU).
    assert r.stdout == "started\n" and not r.timed_out and r.returncode != 0
    assert r.wall_s < 20


def test_file_size_limit_stops_a_disk_filler(backend):
    r = run(_exec(backend, ["sh", "-c", "head -c 5000000 /dev/zero > big; echo rc=$?"],
                  Limits(max_file_mb=1)))
    assert "rc=0" not in r.stdout


def test_there_is_no_network(backend):
    code = ("import socket\ns = socket.socket()\ns.settimeout(3)\n"
            "try:\n    s.connect(('1.1.1.1', 80)); print('connected')\nexcept OSError as e:\n    print('blocked', e)")
    r = run(_exec(backend, ["python3", "-c", code]))
    assert "blocked" in r.stdout and "connected" not in r.stdout


def test_hidden_paths_are_empty_inside(backend, tmp_path):
    secret = tmp_path / "hidden_tests"
    secret.mkdir()
    (secret / "answer.txt").write_text("42")
    r = run(_exec(backend, ["sh", "-c", f"ls -A {secret}; cat {secret}/answer.txt"], hide=[secret]))
    assert "42" not in r.stdout and "answer.txt" not in r.stdout


def test_environment_is_cleared(backend, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    r = run(_exec(backend, ["env"]))
    assert "sk-secret" not in r.stdout


RESERVE = textwrap.dedent("""
    import mmap, sys
    reserve = mmap.mmap(-1, 8 << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, prot=0)  # PROT_NONE
    print("reserved")
    if sys.argv[1] == "use":
        data = bytearray(1 << 30)
        print("used")
""")


def test_gpu_commands_may_reserve_address_space_but_not_use_memory(backend):
    """A CUDA process reserves far more address space than it uses (seen on an H200: the judge
    could not allocate 8 MB under the address-space limit), so a GPU command's memory is bounded
    by its data segment: an 8 GB PROT_NONE reservation starts, a 1 GB heap still does not."""
    small = Limits(memory_mb=512)
    plain = run(_exec(backend, ["python3", "-c", RESERVE, "reserve"], small))
    assert "reserved" not in plain.stdout and "Cannot allocate memory" in plain.output, plain.output
    gpu = run(_exec(backend, ["python3", "-c", RESERVE, "reserve"], small.model_copy(update={"gpu": True})))
    assert gpu.ok and "reserved" in gpu.stdout, gpu.output
    heavy = run(_exec(backend, ["python3", "-c", RESERVE, "use"], small.model_copy(update={"gpu": True})))
    assert "reserved" in heavy.stdout and "used" not in heavy.stdout and not heavy.ok


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


def test_read_file_does_not_follow_symlinks_out(backend):
    async def go():
        async with make(backend) as sbx:
            await sbx.exec(["ln", "-s", "/etc/passwd", "leak"])
            with pytest.raises((SandboxError, OSError)):
                await sbx.read_file("leak")
            await sbx.write_file("ok.txt", "fine")
            assert await sbx.read_file("ok.txt") == b"fine"

    run(go())


def test_paths_outside_the_sandbox_are_refused(backend):
    async def go():
        async with make(backend) as sbx:
            for bad in ("/etc/x", "../x", "a/../../x"):
                with pytest.raises(SandboxError):
                    await sbx.write_file(bad, "x")

    run(go())


def test_close_removes_the_candidates_files(backend):
    """Local removes the folder; docker empties it for the next candidate (a warm container)."""
    async def go():
        sbx = make(backend)
        await sbx.start()
        root = sbx.root
        await sbx.write_file("f", "x")
        await sbx.close()
        return root

    assert not (run(go()) / "f").exists()


def test_the_sandbox_python_runs_inside(backend):
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


def test_home_directory_is_masked(backend, tmp_path):
    from pathlib import Path

    r = run(_exec(backend, ["sh", "-c", f"ls -A {Path.home()}"]))
    visible = set(r.stdout.split())
    assert visible <= {".pyenv", ".cache", ".local"}, visible


def test_tmp_is_writable_by_the_sandbox_user(backend):
    r = run(_exec(backend, ["sh", "-c", "f=$(mktemp /tmp/probe.XXXXXX) && echo x > $f && cat $f && rm $f"]))
    assert r.ok, r.stderr
    assert r.stdout.startswith("x\n")


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


def test_cancelling_a_command_stops_it_and_the_cancellation_goes_on(backend):
    """Ctrl-C cancels the run's tasks: the sandboxed command must die with them, and exec must
    not swallow the cancellation (the run would carry on and exit 0)."""
    async def go():
        async with make(backend) as sbx:
            task = asyncio.ensure_future(sbx.exec(["sh", "-c", "sleep 1.5; echo late > late.txt"], Limits(wall_s=30)))
            await asyncio.sleep(0.5)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            await asyncio.sleep(2.5)
            return (sbx.root / "late.txt").exists()
    assert run(go()) is False


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
