"""The sandbox contract: what every backend must do, whoever wrote it (see the package docstring).

Each test takes the `sandbox_factory` fixture, `factory(hide=PATHS) -> Sandbox`, and holds the
backend to one promise of `chipbench.sandbox.Sandbox`. Promises only some backends make (a
borrowed uid per sandbox, bound GPU device nodes, the host folder behind the working directory)
are tested with those backends, in chipbench's own tests.
"""

from __future__ import annotations

import asyncio
import textwrap
import time
from pathlib import Path

import pytest

from chipbench.sandbox import ExecResult, Limits, Sandbox, SandboxError


def run(coro):
    return asyncio.run(coro)


async def _exec(factory, cmd, limits=None, files=None, hide=()) -> ExecResult:
    """`cmd` in a fresh sandbox holding `files`; a leading "python" is the sandbox's own."""
    sbx: Sandbox
    async with factory(hide=list(hide)) as sbx:
        await sbx.write_files(files or {})
        if cmd[0] == "python":
            cmd = [sbx.python, *cmd[1:]]
        return await sbx.exec(cmd, limits)


def test_command_runs_in_its_working_directory_and_sees_written_files(sandbox_factory):
    r = run(_exec(sandbox_factory, ["sh", "-c", "cat sub/in.txt; echo made > out.txt && cat out.txt"],
                  files={"sub/in.txt": "hello\n"}))
    assert r.ok and r.stdout == "hello\nmade\n", r.output


def test_read_file_returns_what_a_command_wrote_byte_for_byte(sandbox_factory):
    async def go():
        async with sandbox_factory(hide=[]) as sbx:
            await sbx.write_file("in.bin", b"\x00\r\xff")
            r = await sbx.exec(["sh", "-c", "cat in.bin > out.bin; printf 'a\\r\\n' >> out.bin"])
            return r, await sbx.read_file("out.bin")

    r, data = run(go())
    assert r.ok and data == b"\x00\r\xffa\r\n", r.output


def test_wall_timeout_kills_the_whole_process_group(sandbox_factory):
    started = time.monotonic()
    r = run(_exec(sandbox_factory, ["sh", "-c", "sleep 60 & sleep 60 & wait"], Limits(wall_s=1)))
    assert r.timed_out and not r.ok and r.returncode is None
    assert time.monotonic() - started < 15


def test_output_flood_is_capped_and_stopped(sandbox_factory):
    r = run(_exec(sandbox_factory, ["sh", "-c", "yes flood"], Limits(max_output_bytes=4096, wall_s=20)))
    assert r.output_limited and not r.timed_out and not r.ok
    assert len(r.stdout) <= 4096


def test_memory_limit_stops_a_memory_bomb(sandbox_factory):
    r = run(_exec(sandbox_factory,
                  ["python", "-c", "print('started', flush=True); x = bytearray(2 * 1024**3); print('allocated')"],
                  Limits(memory_mb=256)))
    assert r.stdout == "started\n" and "MemoryError" in r.stderr, r.output


def test_process_limit_contains_a_fork_bomb(sandbox_factory):
    code = ("import os, time\nn = 0\ntry:\n    for _ in range(500):\n        if os.fork() == 0:\n"
            "            time.sleep(20); os._exit(0)\n        n += 1\nexcept OSError:\n    pass\nprint(n)")
    r = run(_exec(sandbox_factory, ["python", "-c", code], Limits(max_procs=24, wall_s=30)))
    assert r.stdout.strip() and int(r.stdout) < 24, r.output


def test_cpu_time_limit_stops_a_busy_loop(sandbox_factory):
    r = run(_exec(sandbox_factory, ["python", "-c", "print('started', flush=True)\nwhile True: pass"],
                  Limits(cpu_s=1, wall_s=30)))
    # It ran, and something other than the 30 s wall clock ended it (SIGXCPU after 1 s of CPU).
    assert r.stdout == "started\n" and not r.timed_out and r.returncode != 0, r.output
    assert r.wall_s < 20


def test_file_size_limit_stops_a_disk_filler(sandbox_factory):
    r = run(_exec(sandbox_factory, ["sh", "-c", "head -c 5000000 /dev/zero > big; echo rc=$?"],
                  Limits(max_file_mb=1)))
    assert "rc=0" not in r.stdout


def test_there_is_no_network(sandbox_factory):
    code = ("import socket\ns = socket.socket()\ns.settimeout(3)\n"
            "try:\n    s.connect(('1.1.1.1', 80)); print('connected')\nexcept OSError as e:\n    print('blocked', e)")
    r = run(_exec(sandbox_factory, ["python", "-c", code]))
    assert "blocked" in r.stdout and "connected" not in r.stdout, r.output


def test_hidden_paths_are_empty_inside(sandbox_factory, tmp_path):
    secret = tmp_path / "hidden_tests"
    secret.mkdir()
    (secret / "answer.txt").write_text("42")
    r = run(_exec(sandbox_factory, ["sh", "-c", f"ls -A {secret}; cat {secret}/answer.txt"], hide=[secret]))
    assert "42" not in r.stdout and "answer.txt" not in r.stdout


def test_environment_is_cleared(sandbox_factory, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    r = run(_exec(sandbox_factory, ["env"]))
    assert r.ok and "PATH=" in r.stdout, r.output
    assert "sk-secret" not in r.stdout


def test_secrets_passed_in_env_never_reach_the_command(sandbox_factory):
    """`exec(env=...)` adds variables for one command, secrets excepted: an evaluator that
    forwards its own environment must not hand a candidate an API key."""
    async def go():
        async with sandbox_factory(hide=[]) as sbx:
            return await sbx.exec(["env"], env={"CHIPBENCH_SEED": "7", "OPENAI_API_KEY": "sk-secret"})

    r = run(go())
    assert "CHIPBENCH_SEED=7" in r.stdout and "sk-secret" not in r.stdout, r.output


RESERVE = textwrap.dedent("""
    import mmap, sys
    reserve = mmap.mmap(-1, 8 << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS, prot=0)  # PROT_NONE
    print("reserved")
    if sys.argv[1] == "use":
        data = bytearray(1 << 30)
        print("used")
""")


def test_gpu_commands_may_reserve_address_space_but_not_use_memory(sandbox_factory):
    """A CUDA process reserves far more address space than it uses (seen on an H200: the judge
    could not allocate 8 MB under the address-space limit), so a GPU command's memory is bounded
    by its data segment: an 8 GB PROT_NONE reservation starts, a 1 GB heap still does not."""
    small = Limits(memory_mb=512)
    plain = run(_exec(sandbox_factory, ["python", "-c", RESERVE, "reserve"], small))
    assert "reserved" not in plain.stdout and "Cannot allocate memory" in plain.output, plain.output
    gpu = small.model_copy(update={"gpu": True})
    reserved = run(_exec(sandbox_factory, ["python", "-c", RESERVE, "reserve"], gpu))
    assert reserved.ok and "reserved" in reserved.stdout, reserved.output
    heavy = run(_exec(sandbox_factory, ["python", "-c", RESERVE, "use"], gpu))
    assert "reserved" in heavy.stdout and "used" not in heavy.stdout and not heavy.ok


def test_read_file_does_not_follow_symlinks_out(sandbox_factory):
    async def go():
        async with sandbox_factory(hide=[]) as sbx:
            await sbx.exec(["ln", "-s", "/etc/passwd", "leak"])
            with pytest.raises((SandboxError, OSError)):
                await sbx.read_file("leak")
            await sbx.write_file("ok.txt", "fine")
            assert await sbx.read_file("ok.txt") == b"fine"

    run(go())


def test_write_file_does_not_follow_symlinks_out(sandbox_factory, tmp_path):
    """A candidate's symlink must not turn a harness write into a write on the host."""
    target = tmp_path / "host.txt"
    target.write_text("host\n")

    async def go():
        async with sandbox_factory(hide=[]) as sbx:
            await sbx.exec(["ln", "-s", str(target), "planted"])
            try:
                await sbx.write_file("planted", "overwritten\n")
            except (SandboxError, OSError):
                pass

    run(go())
    assert target.read_text() == "host\n"


def test_paths_outside_the_sandbox_are_refused(sandbox_factory):
    async def go():
        async with sandbox_factory(hide=[]) as sbx:
            for bad in ("/etc/x", "../x", "a/../../x"):
                with pytest.raises(SandboxError):
                    await sbx.write_file(bad, "x")
                with pytest.raises(SandboxError):
                    await sbx.read_file(bad)

    run(go())


def test_use_before_start_is_a_sandbox_error(sandbox_factory):
    async def go():
        sbx = sandbox_factory(hide=[])
        with pytest.raises(SandboxError):
            await sbx.exec(["true"])
        with pytest.raises(SandboxError):
            await sbx.write_file("f", "x")

    run(go())


def test_close_removes_the_candidates_files(sandbox_factory):
    """A closed sandbox started again (as a pool reuses one) holds nothing of the last
    candidate; close may be called twice."""
    async def go():
        sbx = sandbox_factory(hide=[])
        await sbx.start()
        await sbx.write_file("f", "x")
        await sbx.exec(["sh", "-c", "echo y > made_by_command"])
        await sbx.close()
        await sbx.close()
        await sbx.start()
        try:
            return await sbx.exec(["sh", "-c", "ls -A"])
        finally:
            await sbx.close()

    r = run(go())
    assert r.ok and "f" not in r.stdout.split() and "made_by_command" not in r.stdout, r.output


def test_the_sandbox_python_runs_inside(sandbox_factory):
    """Evaluators run helper scripts with `sandbox.python`."""
    r = run(_exec(sandbox_factory, ["python", "-c", "import sys; print(sys.version_info >= (3,))"]))
    assert r.ok and r.stdout == "True\n", r.output


def test_home_directory_is_masked(sandbox_factory):
    r = run(_exec(sandbox_factory, ["sh", "-c", f"ls -A {Path.home()}"]))
    visible = set(r.stdout.split())
    assert visible <= {".pyenv", ".cache", ".local"}, visible


def test_tmp_is_writable_by_the_sandbox_user(sandbox_factory):
    r = run(_exec(sandbox_factory, ["sh", "-c", "f=$(mktemp /tmp/probe.XXXXXX) && echo x > $f && cat $f && rm $f"]))
    assert r.ok, r.stderr
    assert r.stdout.startswith("x\n")


def test_cancelling_a_command_stops_it_and_the_cancellation_goes_on(sandbox_factory):
    """Ctrl-C cancels the run's tasks: the sandboxed command must die with them, and exec must
    not swallow the cancellation (the run would carry on and exit 0)."""
    async def go():
        async with sandbox_factory(hide=[]) as sbx:
            task = asyncio.ensure_future(sbx.exec(["sh", "-c", "sleep 1.5; echo late > late.txt"], Limits(wall_s=30)))
            await asyncio.sleep(0.5)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            await asyncio.sleep(2.5)
            return await sbx.exec(["sh", "-c", "ls -A"])

    r = run(go())
    assert r.ok and "late.txt" not in r.stdout, r.output
