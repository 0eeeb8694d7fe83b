"""The instruction-counting qemu plugin on its own, and the cache that builds it."""

from __future__ import annotations

import re
import subprocess
import textwrap

import pytest

from chipbench.core import Status
from chipbench.evaluators.isa import TARGETS, ToolchainError, counter_plugin
from isa_support import isa_task, requires_isa_tools, score

pytestmark = requires_isa_tools
RV = TARGETS["riscv64"]

PROGRAM = textwrap.dedent("""\
    .text
    .globl _start
_start:
    la ra, done             # the return site the plugin is told about
    j region
done:
    li a0, 0
    li a7, 93
    ecall
elsewhere:
    li a0, 9
    li a7, 93
    ecall
    .balign 64
region:
{body}
region_end:
""")


def run_region(tmp_path, body: str) -> tuple[subprocess.CompletedProcess, dict[str, str]]:
    """Build a tiny RV64 program and run its `region` under the plugin, outside any sandbox."""
    (tmp_path / "p.s").write_text(PROGRAM.format(body=textwrap.indent(textwrap.dedent(body), "    ")))
    (tmp_path / "plugin.so").write_bytes(counter_plugin())
    subprocess.run([RV.assembler, "-o", "p.o", "p.s"], cwd=tmp_path, check=True)
    subprocess.run([RV.linker, "-static", "--no-relax", "-o", "p", "p.o"], cwd=tmp_path, check=True)
    symbols = dict(line.split()[::-2] for line in
                   subprocess.run([f"{RV.triplet}-nm", "p"], cwd=tmp_path, capture_output=True,
                                  text=True, check=True).stdout.splitlines())
    args = (f"./plugin.so,lo=0x{symbols['region']},hi=0x{symbols['region_end']},"
            f"ret=0x{symbols['done']},nonce=N1")
    out = subprocess.run([RV.qemu, "-d", "plugin", "-plugin", args, "./p"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60)
    line = re.search(r"^CHIPBENCH_COUNT N1 (.*)$", out.stderr, re.M)
    assert line, out.stderr
    return out, dict(kv.split("=") for kv in line.group(1).split())


def test_counts_exactly_the_instructions_executed_in_the_range(tmp_path):
    body = """\
        li t0, 1000
    1:  addi t0, t0, -1
        bnez t0, 1b
        ret
    """
    out, report = run_region(tmp_path, body)
    assert out.returncode == 0 and report["end"] == "exit"
    assert report["insns"] == str(1 + 2 * 1000 + 1)
    _, again = run_region(tmp_path, body)
    assert again["insns"] == report["insns"]


def test_system_call_from_the_range_is_stopped_before_it_happens(tmp_path):
    out, report = run_region(tmp_path, "li a0, 7\nli a7, 93\necall\n")
    assert report["end"] == "syscall" and report["syscall_num"] == "93"
    assert out.returncode == 5          # the plugin's exit, not the guest's exit(7)


def test_leaving_the_range_other_than_by_return_is_stopped(tmp_path):
    out, report = run_region(tmp_path, "j elsewhere\n")
    assert report["end"] == "escape" and out.returncode == 4


def test_plugin_build_is_cached_by_content(tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path))
    first = counter_plugin()
    built = list((tmp_path / "isa").glob("plugin-*/insn_counter.so"))
    assert len(built) == 1 and built[0].read_bytes() == first
    mtime = built[0].stat().st_mtime_ns
    assert counter_plugin() == first and built[0].stat().st_mtime_ns == mtime


def test_missing_compiler_is_a_clear_error_and_a_harness_error_verdict(tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path))
    monkeypatch.setenv("CC", "no-such-cc")  # the default of the evaluator's host_cc option
    with pytest.raises(ToolchainError, match="apt-get install gcc"):
        counter_plugin("no-such-cc")
    task = isa_task("gcd_u64-O2-riscv64")
    verdict = score(task, task.reference["gcd_u64.s"])
    assert verdict.status is Status.HARNESS_ERROR and "no-such-cc" in verdict.reason


def test_qemu_runs_inside_the_local_sandbox():
    """The whole pipeline (assembler, linker, qemu with the plugin) works in the sandbox."""
    task = isa_task("gcd_u64-O2-aarch64")
    assert score(task, task.reference["gcd_u64.s"]).status is Status.PASS
