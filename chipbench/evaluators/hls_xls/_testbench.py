"""The Icarus testbench for an XLS pipeline: streams every vector in, one per clock, and checks
each output as `out_valid` brings it out, in order.

The generated module has `clk`, `rst` (synchronous, active high), `in_valid`, one port per
parameter, `out_valid` and `out`. Every output must arrive exactly once and equal the reference's
(`!==`: X or Z is a mismatch). The testbench also measures the latency: clock cycles from the
first `in_valid` to the first `out_valid`, printed as `CHIPBENCH_LATENCY n`. It reports through
the verilog suite's nonce protocol (`chipbench_tb.vh`).
"""

from __future__ import annotations

import re

from chipbench.evaluators.verilog._simulators import SUPPORT_INCLUDE

LATENCY = re.compile(r"^CHIPBENCH_LATENCY (-?\d+)\s*$", re.M)
DRAIN_CYCLES = 256
"""Cycles the testbench waits for the last output after the last input: far beyond any
pipeline a task's clock allows, short enough that a design that never answers ends quickly."""


def testbench(module: str, params: list[tuple[str, int]], out_bits: int,
              vectors: list[list[int]], expected: list[int]) -> str:
    """`params`: (name, width) in order; `vectors[i][j]`: parameter j of vector i as the integer
    on its port; `expected[i]`: the output for vector i."""
    n = len(vectors)
    lines = ["`timescale 1ns/1ps", "module tb;", f'`include "{SUPPORT_INCLUDE}"',
             "  reg clk = 1'b0;", "  reg rst = 1'b1;", "  reg in_valid = 1'b0;",
             "  wire out_valid;", f"  wire [{out_bits - 1}:0] out;"]
    for name, width in params:
        lines.append(f"  reg [{width - 1}:0] p_{name} = {width}'d0;")
        lines.append(f"  reg [{width - 1}:0] v_{name} [0:{n - 1}];")
    lines.append(f"  reg [{out_bits - 1}:0] expected [0:{n - 1}];")
    ports = ", ".join([".clk(clk)", ".rst(rst)", ".in_valid(in_valid)"]
                      + [f".{name}(p_{name})" for name, _ in params] + [".out_valid(out_valid)", ".out(out)"])
    lines.append(f"  {module} dut ({ports});")
    lines.append("  always #5 clk = ~clk;")
    lines.append("  initial begin")
    for i, vector in enumerate(vectors):
        for (name, width), value in zip(params, vector):
            lines.append(f"    v_{name}[{i}] = {width}'h{value:x};")
        lines.append(f"    expected[{i}] = {out_bits}'h{expected[i]:x};")
    lines.append("  end")
    drive = " ".join(f"p_{name} = v_{name}[sent];" for name, _ in params)
    lines += [
        "  integer sent, received, step, latency;",
        "  initial begin",
        "    sent = 0; received = 0; step = 0; latency = -1;",
        "    repeat (3) @(negedge clk);",
        "    rst = 1'b0;",
        f"    while (received < {n} && step < {n + DRAIN_CYCLES}) begin",
        "      if (out_valid === 1'b1) begin",
        "        if (latency < 0) latency = step;",
        "        cb_checks = cb_checks + 1;",
        "        if (out !== expected[received]) begin",
        "          cb_errors = cb_errors + 1;",
        "          if (cb_errors <= 3)",
        '            $display("CHIPBENCH_MISMATCH vector=%0d expected=%0h got=%0h", received, expected[received], out);',
        "        end",
        "        received = received + 1;",
        "      end else if (out_valid !== 1'b0) begin",
        "        cb_checks = cb_checks + 1;",
        "        cb_errors = cb_errors + 1;",
        '        $display("CHIPBENCH_MISMATCH out_valid is %b at step %0d", out_valid, step);',
        "      end",
        f"      if (sent < {n}) begin {drive} in_valid = 1'b1; sent = sent + 1; end",
        "      else in_valid = 1'b0;",
        "      step = step + 1;",
        "      @(negedge clk);",
        "    end",
        f"    if (received < {n}) begin",
        f"      cb_checks = cb_checks + {n} - received;",
        f"      cb_errors = cb_errors + {n} - received;",
        f'      $display("CHIPBENCH_MISMATCH %0d of {n} outputs never came (out_valid)", {n} - received);',
        "    end",
        '    $display("CHIPBENCH_LATENCY %0d", latency);',
        "    cb_done;",
        "  end",
        "endmodule",
    ]
    return "\n".join(lines) + "\n"


def latency_of(logs: str) -> int | None:
    found = LATENCY.findall(logs)
    return int(found[-1]) if found and int(found[-1]) >= 0 else None
