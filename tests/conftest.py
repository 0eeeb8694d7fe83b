"""Shared fixtures: small task folders written on the fly, so tests never depend on suite data."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

# Verilator builds cost seconds each; the default test set simulates on Icarus only, and the
# tests of the two-simulator path ask for Verilator explicitly (see test_verilog_evaluator.py).
os.environ.setdefault("CHIPBENCH_VERILOG_SIMULATORS", "icarus")
# Stored verdicts of one test session must not answer the next one's evaluations (tests
# count evaluations, write marks from them, or time them): a fresh private cache per session.
os.environ["CHIPBENCH_PRIVATE_CACHE"] = tempfile.mkdtemp(prefix="chipbench-private-")

INVERTER_REF = "module inv(input [3:0] a, output [3:0] y);\n  assign y = ~a;\nendmodule\n"
INVERTER_BUG = "module inv(input [3:0] a, output [3:0] y);\n  assign y = a;\nendmodule\n"
INVERTER_TB = textwrap.dedent("""\
    module tb;
    `include "chipbench_tb.vh"
    reg [3:0] a; reg [3:0] exp; wire [3:0] y;
    integer i;
    inv dut(.a(a), .y(y));
    initial begin
      for (i = 0; i < 16; i = i + 1) begin
        a = i; exp = ~a; #1 cb_check("y", y, exp);
      end
      cb_done;
    end
    endmodule
    """)


INVERTER_PUBLIC_TB = textwrap.dedent("""\
    module tb;
    `include "chipbench_tb.vh"
    reg [3:0] a; reg [3:0] exp; wire [3:0] y;
    inv dut(.a(a), .y(y));
    initial begin
      a = 4'h0; exp = 4'hf; #1 cb_check("y", y, exp);
      a = 4'h5; exp = 4'ha; #1 cb_check("y", y, exp);
      cb_done;
    end
    endmodule
    """)


def write_task(root: Path, name: str = "inv", toml: str | None = None, files: dict[str, str] | None = None) -> Path:
    """Write a task folder; `files` overrides or adds paths relative to the task folder."""
    folder = root / name
    defaults = {
        "task.toml": toml if toml is not None else textwrap.dedent("""\
            title = "Inverter outputs its input"
            kind = "bug-repair"
            difficulty = "easy"
            tags = ["combinational"]
            submit = ["inv.v"]
            [interface]
            top = "inv"
            [eval]
            timeout_s = 10
            """),
        "prompt.md": "Fix the 4-bit inverter `inv`: y must be the bitwise NOT of a.\n",
        "workspace/inv.v": INVERTER_BUG,
        "workspace/tb_public.v": INVERTER_PUBLIC_TB,
        "hidden/reference/inv.v": INVERTER_REF,
        "hidden/wrong/passthrough/inv.v": INVERTER_BUG,
        "hidden/tb.v": INVERTER_TB,
    }
    for rel, text in {**defaults, **(files or {})}.items():
        if text is None:
            continue
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


@pytest.fixture
def task_root(tmp_path: Path) -> Path:
    root = tmp_path / "suite"
    root.mkdir()
    return root


@pytest.fixture
def inverter_task(task_root: Path):
    from chipbench.tasks import load_task

    return load_task(write_task(task_root), "verilog")


def chipbench_cmd(*args: str, cwd: Path | None = None, env: dict | None = None, timeout: float | None = None):
    """Run the installed `chipbench` CLI as a user would, in a subprocess. Without `timeout` the
    test's own limit (pyproject's 300 s, or its `timeout` mark) bounds it: pytest-timeout's
    signal interrupts the wait and `subprocess.run` kills the CLI on the way out. (A fixed
    300 s default here cut off a CLI call in a test marked for 1500 s.)"""
    import os

    return subprocess.run(
        [sys.executable, "-m", "chipbench.cli", *args], cwd=cwd, capture_output=True, text=True,
        timeout=timeout, env={**os.environ, **(env or {})},
    )


requires_iverilog = pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed (scripts/setup.sh installs it)")


def ray_workspace(root: Path, names: tuple[str, ...], mp: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """Inverter task folders under `root`/tasks and an empty `root`/marks, and the environment
    a Ray cluster started afterwards hands its workers: tests/ on PYTHONPATH (so they import
    `ray_fixture`) and RAY_FIXTURE_MARKS. Returns (marks, tasks)."""
    marks, tasks = root / "marks", root / "tasks"
    marks.mkdir()
    tasks.mkdir()
    for name in names:
        write_task(tasks, name=name)
    mp.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")])))
    mp.setenv("RAY_FIXTURE_MARKS", str(marks))
    return marks, tasks
