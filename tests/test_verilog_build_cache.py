"""What the verilog judge builds once and keeps: Verilator's runtime (objects and precompiled
headers) per environment, and the reference's run per testbench. A change of anything that
decides the result builds again (another key, another folder); a candidate can neither write
nor choose what is kept (built in a sandbox that never held a candidate file, installed by the
harness, read-only in every sandbox)."""

import asyncio
import os
import shutil

import pytest

from chipbench.core import Candidate, Status
from chipbench.evaluators.verilog import VerilogEvaluator
from chipbench.evaluators.verilog import _reference_run, _verilator_runtime
from chipbench.evaluators.verilog._simulators import (
    SUPPORT_INCLUDE, VERILATOR_FLAGS, support_include, verilator_build_command,
)
from chipbench.sandbox import Limits
from chipbench.sandbox.local import LocalSandbox
from conftest import INVERTER_BUG, INVERTER_REF, requires_iverilog

requires_verilator = pytest.mark.skipif(shutil.which("verilator") is None, reason="verilator not installed")


def test_the_runtime_key_follows_tool_flags_and_environment():
    base = _verilator_runtime._key("Verilator 5.006", VERILATOR_FLAGS, "local")
    assert base == _verilator_runtime._key("Verilator 5.006", VERILATOR_FLAGS, "local")
    assert base != _verilator_runtime._key("Verilator 5.008", VERILATOR_FLAGS, "local")
    assert base != _verilator_runtime._key("Verilator 5.006", [*VERILATOR_FLAGS, "-O3"], "local")
    assert base != _verilator_runtime._key("Verilator 5.006", VERILATOR_FLAGS, "docker:image@sha256:1")


def test_the_header_is_precompiled_with_the_model_compile_flags():
    echoed = ("make: Entering directory '/tmp/sandbox/obj_dir'\n"
              "g++  -I.  -MMD -I/usr/share/verilator/include -DVL_TIME_CONTEXT   -fcoroutines -O0 -c -o Vtb__ALL.o Vtb__ALL.cpp\n")
    command = _verilator_runtime.header_command(echoed)
    assert command == ["g++", "-I.", "-I/usr/share/verilator/include", "-DVL_TIME_CONTEXT", "-fcoroutines", "-O0",
                       "-x", "c++-header", "_runtime/chipbench_verilated.h", "-o", "_runtime/chipbench_verilated.h.gch"]
    assert _verilator_runtime.header_command("g++ -c -o verilated.o verilated.cpp\n") is None


def test_a_candidate_build_links_the_prebuilt_runtime(tmp_path):
    runtime = _verilator_runtime.Runtime(tmp_path / "rt dir")
    command = verilator_build_command(["a.v"], runtime)
    makeflags = command[command.index("-MAKEFLAGS") + 1]
    assert "VM_GLOBAL_FAST= VM_GLOBAL_SLOW=" in makeflags  # nothing of the runtime compiled again
    assert f"'OPT_FAST=-O0 -include {tmp_path}/rt dir/chipbench_verilated.h'" in makeflags  # quoted for make's shell
    assert verilator_build_command(["a.v"]) == ["verilator", *VERILATOR_FLAGS, "tb.v", "a.v"]


@pytest.mark.slow  # a runtime build of its own: minutes on a loaded 2-core machine
@requires_verilator
def test_the_runtime_is_built_apart_and_kept_read_only(tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(_verilator_runtime, "_known", {})
    include = {SUPPORT_INCLUDE: support_include()}

    async def go():
        like = LocalSandbox(hide=[], toolchain="verilog")
        first = await _verilator_runtime.prebuilt_runtime(like, "Verilator X", VERILATOR_FLAGS, include)
        again = await _verilator_runtime.prebuilt_runtime(like, "Verilator X", VERILATOR_FLAGS, include)
        async with LocalSandbox(hide=[], toolchain="verilog") as candidate:
            poke = await candidate.exec(["sh", "-c", f"echo planted > '{first.root}/verilated.o'"], Limits(wall_s=30))
        return first, again, poke

    first, again, poke = asyncio.run(go())
    assert first is not None and again == first
    names = {p.name for p in first.root.iterdir()}
    assert {"verilated.o", "verilated_timing.o", "verilated_threads.o", "chipbench_verilated.h.gch", ".complete"} <= names
    assert all(p.stat().st_uid == os.geteuid() and p.stat().st_mode & 0o022 == 0 for p in first.root.iterdir())
    assert not poke.ok and (first.root / "verilated.o").read_bytes()[:4] == b"\x7fELF"  # a sandbox cannot write it


def test_the_reference_run_key_follows_testbench_reference_and_tool(inverter_task, monkeypatch):
    key = _reference_run._key(inverter_task, "module tb; endmodule", "icarus", "local")
    assert key == _reference_run._key(inverter_task, "module tb; endmodule", "icarus", "local")
    assert key != _reference_run._key(inverter_task, "module tb; initial; endmodule", "icarus", "local")
    assert key != _reference_run._key(inverter_task, "module tb; endmodule", "verilator", "local")
    assert key != _reference_run._key(inverter_task, "module tb; endmodule", "icarus", "docker:x")
    monkeypatch.setattr(_reference_run, "simulator_version", lambda simulator: "Icarus Verilog 99")
    assert key != _reference_run._key(inverter_task, "module tb; endmodule", "icarus", "local")
    # The run's private module names do not change it.
    assert (_reference_run._key(inverter_task, "module m_0123456789abcdef; endmodule", "icarus", "local")
            == _reference_run._key(inverter_task, "module m_fedcba9876543210; endmodule", "icarus", "local"))


@requires_iverilog
def test_one_reference_run_serves_every_candidate_and_later_judges(inverter_task, tmp_path, monkeypatch):
    """A failing and a passing candidate, then a new judge (a later run), ask one recorded run."""
    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("CHIPBENCH_PRIVATE_CACHE", str(tmp_path / "private"))
    simulated = []
    real = _reference_run.ReferenceRuns._simulate

    async def counted(*args, **kwargs):
        simulated.append(1)
        return await real(*args, **kwargs)

    monkeypatch.setattr(_reference_run.ReferenceRuns, "_simulate", staticmethod(counted))
    async def go(files, judge=VerilogEvaluator(simulators=["icarus"], qor=False)):
        async with LocalSandbox(hide=[inverter_task.hidden_dir]) as sbx:
            return await judge.evaluate(inverter_task, Candidate(files=files), sbx)

    wrong = asyncio.run(go({"inv.v": INVERTER_BUG}))
    assert wrong.status is Status.FAIL and wrong.category == "simulation_mismatch", wrong.reason
    right = asyncio.run(go({"inv.v": INVERTER_REF}))
    assert right.status is Status.PASS, right.reason
    later = asyncio.run(go({"inv.v": INVERTER_REF}, VerilogEvaluator(simulators=["icarus"], qor=False)))
    assert later.status is Status.PASS and len(simulated) == 1
