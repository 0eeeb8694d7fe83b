"""The docker backend's own promises: images follow their recipes, the warm pool resets a
container completely between candidates, no container outlives the process that made it,
and where no engine runs, chipbench says how to get one."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from chipbench.sandbox import Limits
from docker_support import docker_skip_reason

pytestmark = pytest.mark.docker


def run(coro):
    return asyncio.run(coro)


@pytest.fixture
def engine():
    if reason := docker_skip_reason("verilog"):
        pytest.skip(reason)
    from chipbench.sandbox.docker._engine import client

    return client()


def _container_gone(client, cid: str, within_s: float) -> bool:
    import docker.errors

    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            client.containers.get(cid)
        except docker.errors.NotFound:
            return True
        time.sleep(0.2)
    return False


def test_image_tags_follow_the_recipe(tmp_path, monkeypatch):
    """A changed recipe (or base) gets a new tag, so it is rebuilt; an unchanged one keeps its tag."""
    import shutil

    from chipbench.sandbox.docker import _images

    recipes = tmp_path / "recipes"
    shutil.copytree(_images.recipes_dir(), recipes)
    monkeypatch.setattr(_images, "recipes_dir", lambda: recipes)
    before = {name: _images.image_tag(name) for name in _images.toolchains()}
    assert set(before) >= {"verilog", "isa-transpile", "cuda-kernels"}
    assert before == {name: _images.image_tag(name) for name in _images.toolchains()}
    (recipes / "verilog.Dockerfile").write_text((recipes / "verilog.Dockerfile").read_text() + "RUN true\n")
    assert _images.image_tag("verilog") != before["verilog"]
    assert _images.image_tag("isa-transpile") == before["isa-transpile"]
    (recipes / "cuda-kernels.requirements.txt").write_text("torch==2.12.0\n")
    assert _images.image_tag("cuda-kernels") != before["cuda-kernels"]
    assert _images.image_tag("isa-transpile") == before["isa-transpile"]
    (recipes / "base.conf").write_text((recipes / "base.conf").read_text() + "# changed\n")
    assert all(_images.image_tag(n) != t for n, t in before.items() if n not in ("verilog", "cuda-kernels"))


def test_a_base_image_named_in_the_environment_replaces_debootstrap(engine, monkeypatch):
    """Where a registry is reachable, a Debian image from it can be the base: no debootstrap
    is run, and every tag changes with it (here a local image stands in for the registry's)."""
    from chipbench.sandbox.docker import _images

    default_base, default_tag = _images.base_tag(), _images.image_tag("verilog")
    engine.images.get(default_base).tag("chipbench-test/debian", "bookworm")
    try:
        monkeypatch.setenv(_images.BASE_ENV, "chipbench-test/debian:bookworm")
        monkeypatch.setattr(_images.shutil, "which", lambda _tool: None)  # debootstrap would fail
        assert _images.build_base(log=lambda _m: None) == "chipbench-test/debian:bookworm"
        assert _images.image_tag("verilog") != default_tag
    finally:
        engine.images.remove("chipbench-test/debian:bookworm")


def test_prune_removes_images_of_older_recipes_and_keeps_the_current_ones(engine):
    from chipbench.sandbox.docker import _images

    current = _images.image_tag("isa-transpile")
    engine.images.get(current).tag("chipbench", "isa-transpile-0000000000000000")  # an "older recipe"
    # Only these two are considered: a test must not remove another checkout's images.
    removed = _images.prune_stale(log=lambda _m: None, among=["chipbench:isa-transpile-0000000000000000", current])
    assert "chipbench:isa-transpile-0000000000000000" in removed
    assert current not in removed and _images.exists(current)
    assert not _images.exists("chipbench:isa-transpile-0000000000000000")


def test_prune_keeps_images_of_toolchains_it_does_not_know(engine):
    """Another chipbench on the machine (a newer checkout with another suite) owns those."""
    from chipbench.sandbox.docker import _images

    current = _images.image_tag("isa-transpile")
    engine.images.get(current).tag("chipbench", "some-new-suite-0000000000000000")
    try:
        removed = _images.prune_stale(log=lambda _m: None, among=["chipbench:some-new-suite-0000000000000000"])
        assert removed == [] and _images.exists("chipbench:some-new-suite-0000000000000000")
    finally:
        engine.images.remove("chipbench:some-new-suite-0000000000000000")


def test_without_an_engine_chipbench_says_how_to_install_one(tmp_path):
    env = {**os.environ, "DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock", "COLUMNS": "400"}
    cli = Path(sys.executable).parent / "chipbench"
    done = subprocess.run([str(cli), "eval", "verilog/x", "x.v", "--sandbox", "docker"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "apt-get install docker.io" in done.stdout


def test_warm_container_is_reused_and_reset_between_candidates(engine):
    """The second candidate gets the same container, with nothing of the first left: files,
    temp files and processes are gone."""
    from chipbench.sandbox.docker import DockerSandbox

    async def go():
        async with DockerSandbox(toolchain="verilog") as first:
            cid = first.warm.id
            await first.write_file("secret.txt", "first candidate")
            r = await first.exec(["sh", "-c", "echo t > /tmp/left; nohup sleep 300 >/dev/null 2>&1 & echo started"])
            assert r.ok and "started" in r.stdout
        async with DockerSandbox(toolchain="verilog") as second:
            assert second.warm.id == cid
            r = await second.exec(["sh", "-c", "ls -A; ls -A /tmp; for p in /proc/[0-9]*; do cat $p/cmdline; echo; done"])
            return r

    r = run(go())
    assert r.ok, r.output
    assert "secret.txt" not in r.stdout and "left" not in r.stdout
    assert "sleep" not in r.stdout


def test_escape_attempts_are_contained_and_the_container_stays_usable(engine):
    """Writing outside the work folder, the network, a fork bomb, a memory bomb and a command
    that sleeps forever: each is stopped and reported, and the next command runs normally."""
    from chipbench.sandbox.docker import DockerSandbox

    bomb = ("import os, time\nn = 0\ntry:\n    for _ in range(500):\n        if os.fork() == 0:\n"
            "            time.sleep(20); os._exit(0)\n        n += 1\nexcept OSError:\n    pass\nprint(n)")

    async def go():
        async with DockerSandbox(toolchain="verilog") as sbx:
            writes = await sbx.exec(["sh", "-c", "for d in / /etc /usr /root /tmp/..; do touch $d/x 2>&1; done; "
                                     "touch /tmp/ok && echo tmp-ok"])
            net = await sbx.exec(["python3", "-c", "import socket\ntry:\n socket.create_connection(('1.1.1.1', 80), 3)"
                                  "; print('connected')\nexcept OSError as e: print('blocked', e)"])
            forks = await sbx.exec(["python3", "-c", bomb], Limits(max_procs=24, wall_s=30))
            memory = await sbx.exec(["python3", "-c", "x = bytearray(3 * 1024**3); print('allocated')"],
                                    Limits(memory_mb=256))
            started = time.monotonic()
            sleeper = await sbx.exec(["sh", "-c", "sleep infinity"], Limits(wall_s=1))
            elapsed = time.monotonic() - started
            after = await sbx.exec(["sh", "-c", "echo alive"])
            return writes, net, forks, memory, sleeper, elapsed, after

    writes, net, forks, memory, sleeper, elapsed, after = run(go())
    # Refused by the read-only root, or (the image's /root, where nothing is bound under it) by
    # its permissions: every one of the five writes fails, the one into /tmp succeeds.
    refusals = [line for line in writes.stdout.splitlines() if line.startswith("touch: cannot touch")]
    assert len(refusals) == 5 and all(r.endswith(("Read-only file system", "Permission denied")) for r in refusals)
    assert "tmp-ok" in writes.stdout, writes.output
    assert "blocked" in net.stdout and "connected" not in net.stdout
    assert forks.stdout.strip() and int(forks.stdout) < 24
    assert "MemoryError" in memory.stderr and "allocated" not in memory.stdout
    assert sleeper.timed_out and elapsed < 10
    assert after.ok and after.stdout == "alive\n"


def test_the_kernel_image_brings_its_own_torch_and_the_host_python_stays_outside():
    """The judge's torch comes from the image's recipe (pinned in its requirements), not from
    the harness's environment, which the container cannot see at all."""
    if reason := docker_skip_reason("cuda-kernels"):
        pytest.skip(reason)
    from chipbench.sandbox.docker import DockerSandbox
    from chipbench.sandbox.docker._images import requirements

    async def go():
        async with DockerSandbox(toolchain="cuda-kernels") as sbx:
            probe = await sbx.exec([sbx.python, "-c", "import torch; print(torch.__version__, torch.__file__)"])
            host = await sbx.exec(["sh", "-c", f"ls {sys.prefix} 2>&1 || echo absent"])
            return sbx.python, probe, host

    python, probe, host = run(go())
    assert probe.ok, probe.output
    version, location = probe.stdout.split()
    pinned = next(line.split("==")[1] for line in requirements("cuda-kernels").splitlines() if line.startswith("torch=="))
    assert version.split("+")[0] == pinned
    assert location.startswith(str(Path(python).parent.parent)) and not location.startswith(sys.prefix)
    assert "absent" in host.stdout


@pytest.mark.skipif(os.geteuid() != 0, reason="the work folder gets a tmpfs of its own only when chipbench is root")
def test_a_candidate_filling_its_work_folder_hits_the_cap_and_the_next_one_starts_empty(engine):
    """The work folder and /tmp share one capped tmpfs: filling it stops at the cap (not at the
    host's memory), and the reset frees it for the next candidate."""
    from chipbench.sandbox.docker import DockerSandbox

    fill = "for i in 1 2 3 4; do dd if=/dev/zero of=$1$i bs=1M count=20 2>&1; done; du -sm /sandbox /tmp"

    async def go():
        async with DockerSandbox(toolchain="verilog", disk_mb=48) as sbx:
            cid = sbx.warm.id
            full = await sbx.exec(["sh", "-c", fill, "sh", "/tmp/blob"], Limits(max_file_mb=64))
        async with DockerSandbox(toolchain="verilog", disk_mb=48) as sbx:
            assert sbx.warm.id == cid
            again = await sbx.exec(["sh", "-c", "dd if=/dev/zero of=blob bs=1M count=30 2>&1; df -m ."])
        return full, again

    full, again = run(go())
    assert "No space left on device" in full.output, full.output
    assert "No space left on device" not in again.output and "31457280 bytes" in again.output, again.output


def test_a_candidate_reaching_the_spawner_gains_nothing(engine):
    """Commands start through a spawner in the container (root, able only to change uid). A
    candidate that connects to its socket itself still gets commands run as its own uid, and
    cannot replace the spawner's socket or script."""
    from chipbench.sandbox.docker import DockerSandbox

    client = textwrap.dedent("""\
        import json, os, socket
        s = socket.socket(socket.AF_UNIX)
        s.connect("/control/spawn.sock")
        s.sendall(json.dumps({"argv": ["id", "-u"], "env": {"PATH": "/usr/bin:/bin"}, "cwd": "/", "uid": 0}).encode() + b"\\n")
        data = b""
        while chunk := s.recv(4096):
            data += chunk
        print("own uid", os.getuid(), "spawned", data[5:5 + int.from_bytes(data[1:5], "big")].decode().strip())
        attempts = {"unlink spawn.sock": lambda: os.unlink("/control/spawn.sock"),
                    "append to spawner.py": lambda: open("/control/spawner.py", "a"),
                    "create a file": lambda: open("/control/new", "w")}
        for what, attempt in attempts.items():
            try:
                attempt()
                print("managed to", what)
            except PermissionError:
                print("refused:", what)
        """)

    async def go():
        async with DockerSandbox(toolchain="verilog") as sbx:
            await sbx.write_file("client.py", client)
            return await sbx.exec([sbx.python, "client.py"])

    r = run(go())
    assert r.ok, r.output
    own = r.stdout.split("own uid ")[1].split()[0]
    assert f"spawned {own}" in r.stdout and own != "0"
    assert "managed" not in r.stdout and r.stdout.count("refused:") == 3, r.stdout


def test_hidden_paths_inside_the_bound_runtime_are_masked(engine, tmp_path, monkeypatch):
    """Task folders live inside the installed package (in the bound Python environment):
    hidden ones are masked inside the container, the rest of the environment stays visible."""
    from chipbench.paths import cache_dir
    from chipbench.sandbox.docker import DockerSandbox

    secret = cache_dir() / "test-hidden-tasks"
    secret.mkdir(parents=True, exist_ok=True)
    (secret / "answer.txt").write_text("42")
    try:
        async def go():
            async with DockerSandbox(hide=[secret], toolchain="verilog") as sbx:
                return await sbx.exec(["sh", "-c", f"ls -A {secret}; cat {secret}/answer.txt; ls {cache_dir()}"])
        r = run(go())
    finally:
        import shutil

        shutil.rmtree(secret, ignore_errors=True)
    assert "42" not in r.stdout and "answer.txt" not in r.stdout
    assert "test-hidden-tasks" in r.stdout  # the cache itself is visible, only the hidden folder is empty


OWNER = textwrap.dedent("""\
    import asyncio, sys
    from chipbench.sandbox.docker import DockerSandbox
    async def main():
        sandboxes = [DockerSandbox(toolchain="verilog") for _ in range(2)]
        for s in sandboxes:
            await s.start()
        await sandboxes[0].exec(["sh", "-c", "sleep 300 &"])
        print(" ".join(s.warm.id for s in sandboxes), flush=True)
        await asyncio.sleep(600)
    asyncio.run(main())
    """)


def test_a_runner_killed_mid_run_leaves_no_container_behind(engine):
    owner = subprocess.Popen([sys.executable, "-c", OWNER], stdout=subprocess.PIPE, text=True)
    try:
        ids = owner.stdout.readline().split()
        assert len(ids) == 2
        assert all(engine.containers.get(cid).status == "running" for cid in ids)
    finally:
        owner.send_signal(signal.SIGKILL)
        owner.wait()
    assert all(_container_gone(engine, cid, within_s=30) for cid in ids)
    # Its host folders are left to the next pool that starts, which removes them.
    from chipbench.sandbox.docker._pool import BOX_PREFIX, POOL, _work_parent

    assert [b for b in _work_parent().glob(f"{BOX_PREFIX}*_{owner.pid}_*")]
    POOL.reap_orphans()
    assert not [b for b in _work_parent().glob(f"{BOX_PREFIX}*_{owner.pid}_*")]


def test_containers_of_dead_owners_are_reaped(engine):
    """The second guard: a container labelled with an owner that no longer exists is removed
    when a pool starts (e.g. after the engine itself was restarted while the owner died)."""
    from chipbench.sandbox.docker import image_tag
    from chipbench.sandbox.docker._pool import OWNER_LABEL, POOL, owner_id

    gone = subprocess.Popen(["true"])
    gone.wait()
    dead_owner = owner_id(os.getpid()).rsplit(":", 2)[0] + f":{gone.pid}:0"
    orphan = engine.containers.run(image_tag("verilog"), ["sleep", "300"], detach=True, network_mode="none",
                                   labels={OWNER_LABEL: dead_owner})
    mine = engine.containers.run(image_tag("verilog"), ["sleep", "300"], detach=True, network_mode="none",
                                 labels={OWNER_LABEL: owner_id()})
    try:
        POOL.reap_orphans()
        assert _container_gone(engine, orphan.id, within_s=10)
        assert engine.containers.get(mine.id).status == "running"
    finally:
        mine.remove(force=True)
