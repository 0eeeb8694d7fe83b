"""The mutation engine, the equivalence check, and the mutation-score report."""

import shutil

import pytest

from chipbench.evaluators.verilog._equivalence import equivalent
from chipbench.evaluators.verilog.mutation import mutants
from conftest import chipbench_cmd, requires_iverilog
from plugin_fixture import install_plugin

COUNTER = """\
// counts to 9 then wraps; `rst` wins over `en`
module counter(input clk, input rst, input en, output reg [3:0] q, output done);
  assign done = (q == 4'd9) & en;
  always @(posedge clk) begin
    if (rst) q <= 4'd0;
    else if (en) q <= (q == 4'd9) ? 4'd0 : q + 4'd1;
  end
endmodule
"""


def kinds(source):
    return {m.operator for m in mutants(source)}


def test_every_mutant_differs_from_the_original_in_one_place():
    for m in mutants(COUNTER):
        assert m.source != COUNTER
        changed = [i for i, (a, b) in enumerate(zip(COUNTER.splitlines(), m.source.splitlines())) if a != b]
        assert changed == [m.line - 1], m


def test_expected_mutation_kinds_appear():
    assert {"operator", "constant", "condition", "blocking"} <= kinds(COUNTER)


def test_comments_and_strings_are_never_mutated():
    for m in mutants(COUNTER):
        assert m.source.splitlines()[0] == COUNTER.splitlines()[0]


def test_nonblocking_assignment_is_not_mistaken_for_less_or_equal():
    assert not any(m.description == "`<=` replaced by `<`" for m in mutants(COUNTER))


def test_port_widths_in_the_header_stay_intact():
    assert all("output reg [3:0] q" in m.source for m in mutants(COUNTER))


def test_binary_constants_keep_their_width_in_digits():
    src = "module m(output [3:0] y);\n  assign y = 4'b0010;\nendmodule\n"
    assert any("4'b0011" in m.source for m in mutants(src))


def test_dropped_default_and_sensitivity_mutants():
    src = ("module m(input a, input b, input [1:0] s, output reg y);\n  always @(a or b or s) begin\n"
           "    case (s)\n      2'd0: y = a;\n      2'd1: y = b;\n      default: y = 1'b0;\n    endcase\n"
           "  end\nendmodule\n")
    assert {"missing_default", "sensitivity"} <= kinds(src)


RACES = """\
module m(input clk, input rst, input go, input a, input b, output reg [3:0] q, output reg [3:0] c,
         output reg [3:0] mirror, output reg [3:0] seen, output reg y, output reg [3:0] late);
  wire [3:0] n = c + 4'd1;
  reg [3:0] twice;
  always @* twice = q + q;
  always @(posedge clk) begin
    if (rst) begin
      q <= 4'd0;
      c <= 4'd0;
      seen <= 4'd0;
    end else if (go) begin
      seen <= n;
    end else begin
      q <= q + 4'd1;
      late <= twice;
      c <= n;
      seen <= n;
    end
  end
  always @(posedge clk) mirror <= q;
  always @(a or b) y = a & b;
endmodule
"""


def test_scheduling_races_are_left_to_the_testbench():
    """A blocking write is what synthesis (and so a proof) sees when nothing can read it in
    the same time step but later statements of its own block. A wire computed from it and
    read later in the block (Icarus updates wires at once), or another clocked process
    reading it, is a race no proof models; so is a dropped sensitivity entry."""
    provable = {(m.operator, m.line): m.provable for m in mutants(RACES)}
    assert provable[("blocking", 14)] is False   # q: another clocked process reads it
    assert provable[("blocking", 9)] is True     # c in reset: `n` is read only in other arms
    assert provable[("blocking", 16)] is False   # c = n; then `seen <= n` reads the new n
    assert provable[("blocking", 17)] is True    # seen: nobody else reads it
    assert provable[("blocking", 15)] is True    # late: read by no one
    assert provable[("sensitivity", 21)] is False


@requires_iverilog
def test_icarus_shows_the_race_a_proof_cannot(tmp_path):
    """The premise of the rule above, on the simulator the scores come from: `c = n` followed
    by `seen <= n` makes `seen` take the updated wire, where synthesis would not."""
    import subprocess

    tb = ("module tb; reg clk = 0, rst = 1, go = 0, a = 0, b = 0;\n"
          "wire [3:0] q, c, mirror, seen, late; wire y;\n"
          "m dut(.clk(clk), .rst(rst), .go(go), .a(a), .b(b), .q(q), .c(c), .mirror(mirror), .seen(seen), .y(y), .late(late));\n"
          "initial begin #1 clk = 1; #1 clk = 0; rst = 0; repeat (3) begin #1 clk = 1; #1 clk = 0; end\n"
          "$display(\"seen=%0d\", seen); end\nendmodule\n")
    racy = next(m for m in mutants(RACES) if (m.operator, m.line) == ("blocking", 16))
    seen = []
    for design in (RACES, racy.source):
        (tmp_path / "m.v").write_text(design)
        (tmp_path / "tb.v").write_text(tb)
        subprocess.run(["iverilog", "-o", "sim", "tb.v", "m.v"], cwd=tmp_path, check=True)
        seen.append(subprocess.run(["vvp", "-n", "sim"], cwd=tmp_path, capture_output=True, text=True).stdout.strip())
    assert seen == ["seen=3", "seen=4"]


@pytest.mark.skipif(shutil.which("yosys") is None, reason="yosys not installed")
def test_equivalence_proves_a_harmless_mutant_and_refutes_a_real_bug():
    reset_blocking = COUNTER.replace("if (rst) q <= 4'd0;", "if (rst) q = 4'd0;")
    wrong_wrap = COUNTER.replace("(q == 4'd9) ? 4'd0", "(q == 4'd8) ? 4'd0")
    assert equivalent({"c.v": COUNTER}, {"c.v": reset_blocking}, "counter") is True
    assert equivalent({"c.v": COUNTER}, {"c.v": wrong_wrap}, "counter") is False


REGISTER_FILE = """\
module regs(input clk, input we, input [1:0] wa, input [3:0] wd, input [1:0] ra, output [3:0] rd);
  reg [3:0] mem [0:3];
  always @(posedge clk) if (we) mem[wa] <= wd;
  assign rd = mem[ra];
endmodule
"""


@pytest.mark.skipif(shutil.which("yosys") is None, reason="yosys not installed")
def test_equivalence_sees_through_memories():
    """A word nobody has read yet is hidden state that output-only induction cannot get past;
    pairing the two designs' memory words by name can."""
    blocking_write = REGISTER_FILE.replace("mem[wa] <= wd", "mem[wa] = wd")
    deeper = REGISTER_FILE.replace("mem [0:3]", "mem [0:4]")
    inverted_write = REGISTER_FILE.replace("mem[wa] <= wd", "mem[wa] <= ~wd")
    assert equivalent({"r.v": REGISTER_FILE}, {"r.v": blocking_write}, "regs") is True
    assert equivalent({"r.v": REGISTER_FILE}, {"r.v": deeper}, "regs") is True
    assert equivalent({"r.v": REGISTER_FILE}, {"r.v": inverted_write}, "regs") is False


@pytest.mark.skipif(shutil.which("yosys") is None, reason="yosys not installed")
def test_equivalence_handles_asynchronous_reset():
    async_counter = COUNTER.replace("always @(posedge clk)", "always @(posedge clk or posedge rst)")
    reset_blocking = async_counter.replace("if (rst) q <= 4'd0;", "if (rst) q = 4'd0;")
    wrong_wrap = async_counter.replace("(q == 4'd9) ? 4'd0", "(q == 4'd8) ? 4'd0")
    assert equivalent({"c.v": async_counter}, {"c.v": reset_blocking}, "counter") is True
    assert equivalent({"c.v": async_counter}, {"c.v": wrong_wrap}, "counter") is False


SERIALISER = """\\
// loads a byte on `load`, then shifts it out LSB first, one bit every 40 cycles; `busy` while shifting
module ser(input clk, input rst, input load, input [7:0] d, output out, output busy);
  localparam IDLE = 1'd0, SHIFT = 1'd1;
  reg state;
  reg [7:0] sh;
  reg [2:0] n;
  reg [5:0] tick;
  assign out = state == SHIFT ? sh[0] : 1'b1;
  assign busy = state == SHIFT;
  always @(posedge clk) begin
    if (rst) begin state <= IDLE; sh <= 8'd0; n <= 3'd0; tick <= 6'd0; end
    else if (state == IDLE) begin if (load) begin state <= SHIFT; sh <= d; n <= 3'd0; tick <= 6'd0; end end
    else if (tick != 6'd39) tick <= tick + 6'd1;
    else begin tick <= 6'd0; sh <= sh >> 1; n <= n + 3'd1; if (n == 3'd7) state <= IDLE; end
  end
endmodule
"""
SER_PORTS = [{"name": "clk", "dir": "input", "width": 1}, {"name": "rst", "dir": "input", "width": 1},
             {"name": "load", "dir": "input", "width": 1}, {"name": "d", "dir": "input", "width": 8},
             {"name": "out", "dir": "output", "width": 1}, {"name": "busy", "dir": "output", "width": 1}]


@pytest.mark.skipif(shutil.which("yosys-abc") is None, reason="yosys-abc not installed")
def test_reachability_proves_what_induction_cannot():
    """Hidden state that no input sequence makes visible: a reset value overwritten before it is
    read, a counter wider than the range it reaches, FSM states renumbered. Induction fails on
    all three (an unreachable state tells the designs apart, and the 40-cycle prescaler outruns
    its step limit); reachability from reset proves them."""
    reset_value = SERIALISER.replace("sh <= 8'd0; n", "sh <= 8'd255; n")
    wider = SERIALISER.replace("reg [5:0] tick;", "reg [6:0] tick;").replace("6'd", "7'd")
    renumbered = SERIALISER.replace("IDLE = 1'd0, SHIFT = 1'd1", "IDLE = 1'd1, SHIFT = 1'd0")
    for harmless in (reset_value, wider, renumbered):
        assert equivalent({"s.v": SERIALISER}, {"s.v": harmless}, "ser", SER_PORTS) is True


@pytest.mark.skipif(shutil.which("yosys-abc") is None, reason="yosys-abc not installed")
def test_reachability_refutes_real_bugs_and_undefined_outputs():
    short = SERIALISER.replace("tick != 6'd39", "tick != 6'd38")
    idle_low = SERIALISER.replace(": 1'b1;", ": 1'b0;")
    undefined_idle = SERIALISER.replace(": 1'b1;", ": 1'bx;")
    assert equivalent({"s.v": SERIALISER}, {"s.v": short}, "ser", SER_PORTS) is False
    assert equivalent({"s.v": SERIALISER}, {"s.v": idle_low}, "ser", SER_PORTS) is False
    # an `x` is a free value, never a wildcard: it matches neither 1 nor 0 in every case
    assert not equivalent({"s.v": undefined_idle}, {"s.v": SERIALISER}, "ser", SER_PORTS)
    assert not equivalent({"s.v": SERIALISER}, {"s.v": undefined_idle}, "ser", SER_PORTS)


@pytest.mark.skipif(shutil.which("yosys-abc") is None, reason="yosys-abc not installed")
def test_behaviour_before_the_first_reset_does_not_count():
    """Every testbench resets first; a difference only a never-reset design shows is no bug.
    Without a reset port the designs are compared from power-up, and the difference counts."""
    renumbered = SERIALISER.replace("IDLE = 1'd0, SHIFT = 1'd1", "IDLE = 1'd1, SHIFT = 1'd0")
    no_reset_ports = [p for p in SER_PORTS if p["name"] != "rst"] + [{"name": "rst_unused", "dir": "input", "width": 1}]
    unnamed = SERIALISER.replace("input rst", "input rst_unused").replace("if (rst)", "if (rst_unused)")
    unnamed_renumbered = renumbered.replace("input rst", "input rst_unused").replace("if (rst)", "if (rst_unused)")
    assert equivalent({"s.v": SERIALISER}, {"s.v": renumbered}, "ser", SER_PORTS) is True
    assert not equivalent({"s.v": unnamed}, {"s.v": unnamed_renumbered}, "ser", no_reset_ports)


WEAK_COUNTER_TB = """\
module tb;
`include "chipbench_tb.vh"
reg clk = 0, rst = 1, en = 0; wire [3:0] q; wire done; reg [3:0] zero = 0;
counter dut(.clk(clk), .rst(rst), .en(en), .q(q), .done(done));
always #5 clk = ~clk;
initial begin @(posedge clk); #1 cb_check("q", q, zero); cb_done; end
endmodule
"""


@requires_iverilog
def test_mutation_report_lists_survivors_of_a_weak_testbench(tmp_path):
    from conftest import write_task

    root, env = install_plugin(tmp_path, n_tasks=0)
    toml = 'title = "counter"\nkind = "spec-to-rtl"\ndifficulty = "easy"\nsubmit = ["counter.v"]\n[interface]\ntop = "counter"\n'
    write_task(root, "counter", toml=toml, files={
        "workspace/inv.v": None, "workspace/tb_public.v": None, "hidden/reference/inv.v": None,
        "hidden/wrong/passthrough/inv.v": None, "hidden/reference/counter.v": COUNTER,
        "hidden/wrong/stuck/counter.v": COUNTER.replace("q + 4'd1", "q"), "hidden/tb.v": WEAK_COUNTER_TB})
    report = tmp_path / "mutants.md"
    weak = chipbench_cmd("tasks", "mutants", "--suite", "toy", "--min-score", "0.9", "--out", str(report), env=env)
    assert weak.returncode == 1, weak.stdout
    assert "below 90%" in weak.stdout
    survivors = report.read_text().split("## Survivors")[1]
    assert "toy/counter" in survivors and "replaced by" in survivors
