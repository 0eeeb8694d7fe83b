"""The `verilogeval:PATH` adapter, on a tiny problem set written here in that layout."""

import asyncio
import shutil
import textwrap

import pytest

from chipbench.core import Candidate, ChipbenchError, Status
from chipbench.evaluators.verilog import VerilogEvaluator
from chipbench.runner import resolve_suites
from chipbench.sandbox.local import LocalSandbox
from conftest import chipbench_cmd, requires_iverilog

pytestmark = requires_iverilog

MAJORITY_TEST = textwrap.dedent("""\
    module tb;
      reg [2:0] v; wire y_ref, y_dut; integer i, errors, samples;
      RefModule ref_i(.a(v[0]), .b(v[1]), .c(v[2]), .y(y_ref));
      TopModule dut(.a(v[0]), .b(v[1]), .c(v[2]), .y(y_dut));
      initial begin
        errors = 0; samples = 0;
        for (i = 0; i < 8; i = i + 1) begin
          v = i; #1 samples = samples + 1;
          if (y_ref !== y_dut) errors = errors + 1;
        end
        $display("Mismatches: %0d in %0d samples", errors, samples);
        $finish;
      end
    endmodule
    """)


@pytest.fixture
def problem_set(tmp_path):
    root = tmp_path / "my_copy"
    root.mkdir()
    (root / "P01_majority_prompt.txt").write_text(
        "Implement a module named TopModule with inputs a, b, c and output y: y is 1 when at least two inputs are 1.\n")
    (root / "P01_majority_ref.sv").write_text(
        "module RefModule(input a, input b, input c, output y);\n  assign y = (a & b) | (a & c) | (b & c);\nendmodule\n")
    (root / "P01_majority_test.sv").write_text(MAJORITY_TEST)
    return root


TIED_LOW_TEST = textwrap.dedent("""\
    module tb;
      reg [1:0] v; wire [1:0] y_ref, y_dut; integer i, errors, samples;
      RefModule ref_i(.a(v[0]), .b(v[1]), .y(y_ref));
      TopModule dut(.a(v[0]), .b(v[1]), .y(y_dut));
      initial begin
        errors = 0; samples = 0;
        for (i = 0; i < 4; i = i + 1) begin
          v = i; #1 samples = samples + 1;
          if (y_ref !== y_dut) errors = errors + 1;
        end
        $display("Mismatches: %0d in %0d samples", errors, samples);
        $finish;
      end
    endmodule
    """)


@pytest.fixture
def tied_low_problem(problem_set):
    """A problem whose reference's outputs are constantly zero: tying outputs to zero is right."""
    (problem_set / "P02_tied_low_prompt.txt").write_text(
        "Implement TopModule with inputs a, b and a 2-bit output y that is always zero.\n")
    (problem_set / "P02_tied_low_ref.sv").write_text(
        "module RefModule(input a, input b, output [1:0] y);\n  assign y = 2'b00;\nendmodule\n")
    (problem_set / "P02_tied_low_test.sv").write_text(TIED_LOW_TEST)
    return problem_set


# A problem in VerilogEval's own testbench shape (stimulus module, sampling on both clock edges,
# the x-trick comparison `{R} === ({R} ^ {D} ^ {R})`, summary in a `final` block) whose
# reference drives `x` where the specification leaves outputs open: all of `y` for a > 2, and
# the top 6 bits of the 70-bit `w` (past the first 64-bit piece) for a = 7.
DONT_CARE_REF = textwrap.dedent("""\
    module RefModule(input clk, input [2:0] a, output logic [1:0] y, output logic [69:0] w);
      always @* begin
        case (a)
          3'd0: y = 2'd1;
          3'd1: y = 2'd2;
          3'd2: y = 2'd3;
          default: y = 2'bxx;
        endcase
        w = (a == 3'd7) ? {6'bxxxxxx, 64'd1} : {3'd0, a, 61'd0, a};
      end
    endmodule
    """)
DONT_CARE_TEST = textwrap.dedent("""\
    `timescale 1 ps/1 ps

    module stimulus_gen(input clk, output logic [2:0] a);
      initial begin
        repeat (60) @(posedge clk, negedge clk) a <= $random;
        #1 $finish;
      end
    endmodule

    module tb();
      typedef struct packed { int errors; int clocks; } stats;
      stats stats1;
      reg clk = 0;
      initial forever #5 clk = ~clk;
      logic [2:0] a;
      logic [1:0] y_ref, y_dut;
      logic [69:0] w_ref, w_dut;
      wire tb_match;
      stimulus_gen stim1(.clk, .a);
      RefModule good1(.clk, .a, .y(y_ref), .w(w_ref));
      TopModule top_module1(.clk, .a, .y(y_dut), .w(w_dut));
      final begin
        $display("Mismatches: %1d in %1d samples", stats1.errors, stats1.clocks);
      end
      assign tb_match = ( { y_ref, w_ref } === ( { y_ref, w_ref } ^ { y_dut, w_dut } ^ { y_ref, w_ref } ) );
      always @(posedge clk, negedge clk) begin
        stats1.clocks++;
        if (!tb_match) begin
          stats1.errors++;
        end
      end
    endmodule
    """)


def decoder(default_y: str, top_w: str, low_w: str = "64'd1", two: str = "2'd3") -> str:
    """A TopModule for the don't-care problem: `default_y` for a > 2, `{top_w, low_w}` for a = 7."""
    return (f"module TopModule(input clk, input [2:0] a, output logic [1:0] y, output logic [69:0] w);\n"
            f"  always @* begin\n"
            f"    case (a) 3'd0: y = 2'd1; 3'd1: y = 2'd2; 3'd2: y = {two}; default: y = {default_y}; endcase\n"
            f"    w = (a == 3'd7) ? {{{top_w}, {low_w}}} : {{3'd0, a, 61'd0, a}};\n"
            f"  end\nendmodule\n")


DONT_CARE_RIGHT = {"y_from_a": decoder("a[1:0]", "6'b101010"), "all_ones": decoder("2'b11", "6'b111111"),
                   "all_zero": decoder("2'b00", "6'b000000"), "x_where_the_reference_has_x": decoder("2'bxx", "6'bxxxxxx")}
DONT_CARE_WRONG = {"low_w_zero_at_7": decoder("a[1:0]", "6'b101010", low_w="64'd0"),
                   "y_wrong_at_2": decoder("a[1:0]", "6'b101010", two="2'd1"),
                   "x_on_cared_bit": decoder("a[1:0]", "6'b101010", low_w="{63'd0, 1'bx}")}


@pytest.fixture(scope="module")
def module_cache(tmp_path_factory):
    """One cache for the module's tests: Verilator's runtime is built once per cache."""
    return tmp_path_factory.mktemp("adapter_cache")


@pytest.fixture(scope="module")
def dont_care_task(tmp_path_factory, module_cache):
    """The converted task (with the module's cache)."""
    root = tmp_path_factory.mktemp("dc_copy")
    (root / "P03_decode_dc_prompt.txt").write_text(
        "Implement TopModule: y is 1, 2, 3 for a = 0, 1, 2 and don't-care otherwise; w is "
        "{3'd0, a, 61'd0, a}, except for a = 7: low 64 bits 1, top 6 bits don't-care.\n")
    (root / "P03_decode_dc_ref.sv").write_text(DONT_CARE_REF)
    (root / "P03_decode_dc_test.sv").write_text(DONT_CARE_TEST)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CHIPBENCH_CACHE", str(module_cache))
        (suite,) = resolve_suites([f"verilogeval:{root}"])
        (task,) = suite.load()
        yield task


def judge(task, source: str, simulators: list[str]):
    async def go():
        async with LocalSandbox(hide=[task.hidden_dir]) as sbx:
            evaluator = VerilogEvaluator(simulators=simulators, qor=False)
            return await evaluator.evaluate(task, Candidate(files={"TopModule.sv": source}), sbx)

    return asyncio.run(go())


requires_verilator = pytest.mark.skipif(shutil.which("verilator") is None, reason="verilator not installed")


@requires_verilator
@pytest.mark.parametrize("simulators", [["icarus", "verilator"], ["verilator"]], ids=["both", "verilator-alone"])
def test_designs_differing_only_on_dont_care_points_pass_every_simulator(dont_care_task, simulators):
    task = dont_care_task
    for name, source in DONT_CARE_RIGHT.items():
        v = judge(task, source, simulators)
        assert v.status is Status.PASS, (name, v.reason)
        assert [c.name for c in v.checks] == simulators
    for name, source in DONT_CARE_WRONG.items():
        # x_on_cared_bit: Verilator alone catches it too, the bit changing between its two runs
        v = judge(task, source, simulators)
        assert v.status is Status.FAIL and v.category == "simulation_mismatch", (name, v.reason)


def test_wrong_on_a_cared_for_point_fails_on_icarus_too(dont_care_task):
    task = dont_care_task
    assert "cb_sample_match" in (task.hidden_dir / "tb.v").read_text()  # the two-state check is in place
    for name, source in DONT_CARE_WRONG.items():
        v = judge(task, source, ["icarus"])
        assert v.status is Status.FAIL and v.category == "simulation_mismatch", (name, v.reason)
    assert judge(task, DONT_CARE_RIGHT["y_from_a"], ["icarus"]).status is Status.PASS


# A problem in VerilogEval's shape whose reference is an FSM with a 2-bit state and
# `z = (state == B)`: the first sample, taken on the reset edge before the update, sees the
# state unwritten, so `z` is `x` (don't-care) there. With every `x` made 0 and then 1 (state 00,
# then 11) `z` is 0 both times, so Verilator's two runs alone call that sample cared-for, and a
# correct design that decodes the unreachable state 11 otherwise, or encodes its states
# one-hot, was refused as `simulator_disagreement`. The samples after reset draw `$random`,
# which Icarus and Verilator draw differently: the four-state trace lines up only before that.
FSM_REF = textwrap.dedent("""\
    module RefModule(input clk, input reset, input in, output z);
      localparam A = 2'd0, B = 2'd1, C = 2'd2;
      reg [1:0] state, next;
      always @* case (state) A: next = in ? B : A; B: next = in ? C : A; C: next = in ? C : A; default: next = A; endcase
      always @(posedge clk) if (reset) state <= A; else state <= next;
      assign z = (state == B);
    endmodule
    """)
FSM_TEST = textwrap.dedent("""\
    `timescale 1 ps/1 ps
    module stimulus_gen(input clk, output logic reset, output logic in);
      initial begin
        reset <= 1; in <= 0;
        @(posedge clk) reset <= 0;
        repeat (40) @(posedge clk, negedge clk) in <= $random;
        #1 $finish;
      end
    endmodule

    module tb();
      typedef struct packed { int errors; int clocks; } stats;
      stats stats1;
      reg clk = 0;
      initial forever #5 clk = ~clk;
      logic reset, in, z_ref, z_dut;
      wire tb_match;
      stimulus_gen stim1(.clk, .reset, .in);
      RefModule good1(.clk, .reset, .in, .z(z_ref));
      TopModule top_module1(.clk, .reset, .in, .z(z_dut));
      final begin
        $display("Mismatches: %1d in %1d samples", stats1.errors, stats1.clocks);
      end
      assign tb_match = ( { z_ref } === ( { z_ref } ^ { z_dut } ^ { z_ref } ) );
      always @(posedge clk, negedge clk) begin
        stats1.clocks++;
        if (!tb_match) begin
          stats1.errors++;
        end
      end
    endmodule
    """)
FSM_ONE_HOT = textwrap.dedent("""\
    module TopModule(input clk, input reset, input in, output z);
      reg [2:0] s;  // A = 001, B = 010, C = 100
      always @(posedge clk) if (reset) s <= 3'b001; else s <= {(s[1] | s[2]) & in, s[0] & in, ~in};
      assign z = s[1];
    endmodule
    """)
FSM_RIGHT = {"one_hot": FSM_ONE_HOT,
             "unreachable_state_decoded_high": FSM_REF.replace("RefModule", "TopModule").replace(
                 "assign z = (state == B);", "assign z = (state != A) && (state != C);")}
FSM_WRONG = FSM_REF.replace("RefModule", "TopModule").replace("C: next = in ? C : A;", "C: next = in ? B : A;")


@pytest.fixture(scope="module")
def fsm_task(tmp_path_factory, module_cache):
    root = tmp_path_factory.mktemp("fsm_copy")
    (root / "P05_fsm_prompt.txt").write_text(
        "Implement TopModule, a Moore FSM with synchronous active-high reset to A: in=1 moves A to B, B to C, "
        "C stays; in=0 moves to A; z is 1 in state B.\n")
    (root / "P05_fsm_ref.sv").write_text(FSM_REF)
    (root / "P05_fsm_test.sv").write_text(FSM_TEST)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CHIPBENCH_CACHE", str(module_cache))
        (suite,) = resolve_suites([f"verilogeval:{root}"])
        (task,) = suite.load()
        yield task


@requires_verilator
@pytest.mark.parametrize("name", ["one_hot", pytest.param("unreachable_state_decoded_high", marks=pytest.mark.slow)])
def test_a_correct_fsm_that_differs_only_before_reset_passes_both_simulators(fsm_task, name):
    v = judge(fsm_task, FSM_RIGHT[name], ["icarus", "verilator"])
    assert v.status is Status.PASS, (name, v.reason)
    assert [c.name for c in v.checks] == ["icarus", "verilator"]


def test_a_wrong_fsm_still_fails(fsm_task):
    v = judge(fsm_task, FSM_WRONG, ["icarus"])
    assert v.status is Status.FAIL and v.category == "simulation_mismatch", v.reason


@requires_verilator
@pytest.mark.slow
@pytest.mark.xfail(strict=True, raises=AssertionError, reason="hole: Verilator alone tries every x at 0 and at 1 only; the reference's "
                   "`state == B` is 0 at both, so the pre-reset sample is compared, and a one-hot design differs there")
def test_verilator_alone_passes_a_correct_fsm_that_differs_only_before_reset(fsm_task):
    v = judge(fsm_task, FSM_ONE_HOT, ["verilator"])
    assert v.status is Status.PASS, v.reason


@requires_verilator
@pytest.mark.slow
@pytest.mark.xfail(strict=True, raises=AssertionError, reason="hole: Verilator resolves `z` to 0 in both runs, so a design driving `z` on "
                   "cared-for bits expected 0 passes Verilator alone (Icarus, which runs first by default, fails it)")
def test_verilator_alone_fails_a_design_driving_z_on_cared_for_bits(dont_care_task):
    source = decoder("a[1:0]", "6'b101010").replace("{3'd0, a, 61'd0, a}", "{3'bzzz, a, 61'd0, a}")
    assert judge(dont_care_task, source, ["icarus"]).status is Status.FAIL
    v = judge(dont_care_task, source, ["verilator"])
    assert v.status is Status.FAIL, v.reason


def write_candidate(tmp_path, text):
    path = tmp_path / "TopModule.sv"
    path.write_text(text)
    return str(path)


def test_problems_become_tasks_with_reference_renamed(problem_set, tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "cache"))
    (suite,) = resolve_suites([f"verilogeval:{problem_set}"])
    (task,) = suite.load()
    assert task.id == "verilogeval/P01_majority" and task.submit == ("TopModule.sv",)
    assert "module TopModule" in task.reference["TopModule.sv"]
    assert "at least two inputs" in task.prompt
    wrong = task.wrong_candidates()
    assert "outputs_zero" in wrong and len(wrong) == 3  # all zero, then two mutants the testbench kills
    assert all(name.startswith("mutant_") for name in wrong if name != "outputs_zero")


def test_generated_wrong_candidates_are_proven_wrong_also_where_zero_is_right(tied_low_problem, tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "cache"))
    (suite,) = resolve_suites([f"verilogeval:{tied_low_problem}"])
    tasks = {t.name: t for t in suite.load()}
    tied = tasks["P02_tied_low"].wrong_candidates()
    assert "outputs_zero" not in tied and tied  # zero is the right answer there; mutants are not
    out = chipbench_cmd("tasks", "check", "--suite", f"verilogeval:{tied_low_problem}", "--hostile", "off",
                        env={"CHIPBENCH_CACHE": str(tmp_path / "cache")})
    cases = 2 * 1 + 3 + len(tied)  # two references, then every generated wrong candidate
    assert out.returncode == 0 and f"2 tasks, {cases} cases: {cases} as expected" in out.stdout, out.stdout


def test_tasks_check_passes_reference_and_fails_every_generated_wrong_candidate(problem_set, tmp_path):
    env = {"CHIPBENCH_CACHE": str(tmp_path / "cache")}
    out = chipbench_cmd("tasks", "check", "--suite", f"verilogeval:{problem_set}", "--hostile", "off", env=env)
    assert out.returncode == 0, out.stdout
    assert "4 cases: 4 as expected" in out.stdout


def test_adapter_tasks_resist_the_generic_hostile_battery(problem_set, tmp_path):
    env = {"CHIPBENCH_CACHE": str(tmp_path / "cache")}
    out = chipbench_cmd("tasks", "check", "--suite", f"verilogeval:{problem_set}", env=env)
    assert out.returncode == 0, out.stdout
    import re

    cases = re.search(r"(\d+) cases", out.stdout)
    assert cases and int(cases.group(1)) >= 2 + 10, out.stdout  # the reference, the wrong one, the battery
    assert " 0 problems" in out.stdout


def test_candidate_printing_a_forged_verdict_early_still_fails(problem_set, tmp_path):
    env = {"CHIPBENCH_CACHE": str(tmp_path / "cache")}
    forged = ('module TopModule(input a, input b, input c, output y);\n  assign y = a;\n'
              '  initial $display("Mismatches: 0 in 8 samples");\nendmodule\n')
    out = chipbench_cmd("eval", "verilogeval/P01_majority", write_candidate(tmp_path, forged),
                        "--suite", f"verilogeval:{problem_set}", env=env)
    assert "fail" in out.stdout and out.returncode == 1


def test_candidate_with_a_final_block_is_rejected(problem_set, tmp_path):
    env = {"CHIPBENCH_CACHE": str(tmp_path / "cache")}
    forged = ('module TopModule(input a, input b, input c, output y);\n  assign y = a;\n'
              '  final $display("Mismatches: 0 in 8 samples");\nendmodule\n')
    out = chipbench_cmd("eval", "verilogeval/P01_majority", write_candidate(tmp_path, forged),
                        "--suite", f"verilogeval:{problem_set}", env=env)
    assert "rejected" in out.stdout and out.returncode == 1


def test_missing_testbench_is_named(problem_set):
    (problem_set / "P01_majority_test.sv").unlink()
    with pytest.raises(ChipbenchError, match="P01_majority_test.sv: missing"):
        resolve_suites([f"verilogeval:{problem_set}"])


def test_adapter_without_path_explains_itself():
    with pytest.raises(ChipbenchError, match="--suite verilogeval:PATH"):
        resolve_suites(["verilogeval"])
