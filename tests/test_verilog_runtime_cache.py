"""Attacks on the caches the verilog judge keeps between candidates: the prebuilt Verilator
runtime (`_verilator_runtime`) and the reference's outcome (`_reference_run`).

These do not build Verilator: the build step is replaced by one that returns fixed bytes, so
what is tested is where the harness installs them and who can read them, and what it keeps."""

import asyncio
import os

import pytest

from chipbench.core import Task
from chipbench.evaluators.verilog import _reference_run, _verilator_runtime
from chipbench.evaluators.verilog._simulators import SimOutcome
from chipbench.sandbox.local import LocalSandbox


def _fake_compile(made: dict[str, bytes]):
    async def compile_(like, flags, include):
        return made, ["g++", "-x", "c++-header", "fake"]
    return compile_


@pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox drops to a borrowed uid only when chipbench runs as root")
def test_prebuilt_runtime_is_readable_by_the_sandbox_uid_under_a_strict_umask(tmp_path, monkeypatch):
    """A user with `umask 077` (common on shared machines): the folders the harness makes for
    the runtime must still be enterable by the sandbox's borrowed uid, or every Verilator
    build (candidates' and the reference's alike) fails on `-include`, and every Verilator
    task is reported unscorable."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("CHIPBENCH_CACHE", str(cache))
    made = {f"{name}.o": b"object" for name in _verilator_runtime.RUNTIME}
    made[f"{_verilator_runtime.HEADER}.gch"] = b"pch"
    monkeypatch.setattr(_verilator_runtime, "_compile", _fake_compile(made))
    monkeypatch.setattr(_verilator_runtime, "_known", {})
    old = os.umask(0o077)
    try:
        async def go():
            async with LocalSandbox() as like:
                runtime = await _verilator_runtime.prebuilt_runtime(like, "verilator-test", ["--binary"], {})
                assert runtime is not None
                header = runtime.root / _verilator_runtime.HEADER
                return await like.exec(["cat", str(header), str(runtime.root / "verilated.o")])
        seen = asyncio.run(go())
    finally:
        os.umask(old)
    assert seen.ok, f"the sandbox cannot read the prebuilt runtime: {seen.stderr}"
    assert "precompiled once" in seen.stdout and "object" in seen.stdout


def test_an_unwritable_cache_costs_speed_not_a_verdict(tmp_path, monkeypatch):
    """The runtime's folder cannot be made (a read-only or full cache; here a file stands where
    the folder goes): the candidate's build compiles the runtime itself (None), rather than the
    evaluator raising, which turned every Verilator candidate into a harness error."""
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "verilator-runtime").write_text("not a folder")
    monkeypatch.setenv("CHIPBENCH_CACHE", str(cache))
    monkeypatch.setattr(_verilator_runtime, "_known", {})
    monkeypatch.setattr(_verilator_runtime, "_compile", _fake_compile({"verilated.o": b"o"}))

    async def go():
        async with LocalSandbox() as like:
            return await _verilator_runtime.prebuilt_runtime(like, "verilator-test", ["--binary"], {})
    assert asyncio.run(go()) is None


def test_a_cache_path_make_would_split_is_not_used(tmp_path, monkeypatch):
    """The runtime's objects and header reach the compiler through make variables, which make
    splits at white space: under a cache path with a space (`/home/Jane Doe/.cache`), every
    model compile read `-include /home/Jane` and failed (`cannot specify -o with multiple
    files`), the reference's as well, so every Verilator task was reported unscorable. Such a
    path gets the plain build."""
    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "Jane Doe" / "cache"))
    monkeypatch.setattr(_verilator_runtime, "_known", {})
    made = {f"{name}.o": b"object" for name in _verilator_runtime.RUNTIME}
    made[f"{_verilator_runtime.HEADER}.gch"] = b"pch"
    monkeypatch.setattr(_verilator_runtime, "_compile", _fake_compile(made))

    async def go():
        async with LocalSandbox() as like:
            return await _verilator_runtime.prebuilt_runtime(like, "verilator-test", ["--binary"], {})
    assert asyncio.run(go()) is None


def test_candidates_waiting_for_the_runtime_build_do_not_starve_it(tmp_path, monkeypatch):
    """`--jobs` candidates reach their first Verilator build together: one builds the runtime,
    the others wait for its lock. Waiting in the default thread pool (2 cores: 6 threads) took
    every thread, and the builder's own last step (installing the files, also in that pool)
    never ran: the whole run hung. Here the pool has two threads and four candidates wait."""
    from concurrent.futures import ThreadPoolExecutor

    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(_verilator_runtime, "_known", {})
    made = {f"{name}.o": b"object" for name in _verilator_runtime.RUNTIME}
    made[f"{_verilator_runtime.HEADER}.gch"] = b"pch"

    async def slow_compile(like, flags, include):
        await asyncio.sleep(1.0)  # the build: the others arrive meanwhile
        return made, ["g++"]
    monkeypatch.setattr(_verilator_runtime, "_compile", slow_compile)

    async def go():
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(2))
        like = LocalSandbox()

        async def candidate(delay):
            await asyncio.sleep(delay)
            return await _verilator_runtime.prebuilt_runtime(like, "verilator-test", ["--binary"], {})
        return await asyncio.wait_for(asyncio.gather(*(candidate(0.1 * i) for i in range(5))), 60)
    found = asyncio.run(go())
    assert all(r is not None and r == found[0] for r in found)


def _task(tmp_path) -> Task:
    (tmp_path / "hidden" / "reference").mkdir(parents=True)
    (tmp_path / "hidden" / "reference" / "d.v").write_text("module d; endmodule\n")
    return Task(id="verilog/fake", suite="verilog", name="fake", title="t", kind="spec-to-rtl", difficulty="easy",
                prompt="p", submit=("d.v",), interface={"top": "d"}, hidden_dir=tmp_path / "hidden")


def test_a_transient_reference_failure_is_not_kept(tmp_path, monkeypatch):
    """The reference's run is kept in the private cache for every later candidate, task check
    and run. A run that ended without the testbench's verdict (a crash, a kill: the machine's
    doing as often as the task's) must be asked again, not kept: kept, it marks the task
    unscorable for good, and every candidate after it with it."""
    monkeypatch.setenv("CHIPBENCH_PRIVATE_CACHE", str(tmp_path / "private"))
    monkeypatch.setattr(_reference_run, "simulator_version", lambda simulator: "v1")
    task = _task(tmp_path)
    runs = []

    async def flaky(sandbox, sources, timeout):
        runs.append(1)
        if len(runs) == 1:
            return SimOutcome("icarus", "no_verdict", logs="[the simulator exited with status -9]")
        return SimOutcome("icarus", "pass", checks=7)

    async def go(store):
        async with LocalSandbox() as like:
            return await store.outcome(task, "module tb; endmodule\n", "icarus", flaky, like, 5.0)

    store = _reference_run.ReferenceRuns()
    first = asyncio.run(go(store))
    assert first.kind == "no_verdict"
    again = asyncio.run(go(store))  # the next candidate of the same run
    assert again.kind == "pass" and again.checks == 7, "a transient failure of the reference was kept"
    later = asyncio.run(go(_reference_run.ReferenceRuns()))  # a later run (or `tasks check`)
    assert later.kind == "pass" and len(runs) == 2, "a passing reference run was not kept"
