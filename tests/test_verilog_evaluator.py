"""The verilog evaluator: the verdict is earned by the testbench, never printed by the design."""

import asyncio


from chipbench.core import Candidate, Status
from chipbench.evaluators.verilog import VerilogEvaluator, policy_violations
from chipbench.sandbox.local import LocalSandbox
from conftest import INVERTER_BUG, INVERTER_REF, requires_iverilog

pytestmark = requires_iverilog


BOTH = ["icarus", "verilator"]


def evaluate(task, source: str | None = None, candidate: Candidate | None = None, simulators=BOTH):
    async def go():
        async with LocalSandbox(hide=[task.hidden_dir]) as sbx:
            cand = candidate or Candidate(files={"inv.v": source})
            return await VerilogEvaluator(simulators=simulators).evaluate(task, cand, sbx)

    return asyncio.run(go())


def test_reference_passes_on_both_simulators_with_synthesis_figures(inverter_task):
    v = evaluate(inverter_task, INVERTER_REF)
    assert v.status is Status.PASS and v.correct
    assert [(c.name, c.passed, c.detail) for c in v.checks] == [
        ("icarus", True, "16/16 checks matched"), ("verilator", True, "16/16 checks matched")]
    assert v.qor["cells"] == v.qor["cells_reference"] and v.qor["cells_ratio"] == 1.0


def test_larger_design_reports_a_larger_cell_ratio(inverter_task):
    bloated = ("module inv(input [3:0] a, output [3:0] y);\n  wire [3:0] t = ~(a ^ 4'b0101);\n"
               "  assign y = t ^ 4'b0101;\nendmodule\n")
    v = evaluate(inverter_task, bloated)
    assert v.correct and v.qor["cells_ratio"] >= 1.0


def test_buggy_design_fails_with_first_mismatch_in_feedback(inverter_task):
    v = evaluate(inverter_task, INVERTER_BUG)
    assert v.status is Status.FAIL and v.category == "simulation_mismatch"
    assert [c.name for c in v.checks] == ["icarus"]  # Verilator cannot rescue a failing design
    assert "16 of 16 checks mismatched" in v.reason
    assert "signal=y" in v.feedback


def test_syntax_error_feedback_names_file_and_line(inverter_task):
    v = evaluate(inverter_task, "module inv(input [3:0] a, output [3:0] y);\n  assign y = ~a\nendmodule\n")
    assert v.status is Status.COMPILE_ERROR and v.category == "syntax_error"
    assert "inv.v:2:" in v.feedback and "tb.v" not in v.feedback


def test_wrong_module_name_is_an_interface_mismatch(inverter_task):
    v = evaluate(inverter_task, INVERTER_REF.replace("module inv", "module inverter"))
    assert v.category == "interface_mismatch" and "module `inv` not found" in v.feedback


def test_missing_port_is_named(inverter_task):
    v = evaluate(inverter_task, "module inv(input [3:0] a, output [3:0] z);\n  assign z = ~a;\nendmodule\n")
    assert v.status is Status.COMPILE_ERROR and v.category == "interface_mismatch"
    assert "missing port `y`" in v.feedback and "unexpected port `z`" in v.feedback


def test_wrong_port_width_is_named(inverter_task):
    v = evaluate(inverter_task, "module inv(input [3:0] a, output [7:0] y);\n  assign y = ~a;\nendmodule\n")
    assert "port `y` is 8 bit wide, expected 4" in v.feedback


def test_wrong_port_direction_is_named(inverter_task):
    v = evaluate(inverter_task, "module inv(output [3:0] a, output [3:0] y);\n  assign y = 0;\nendmodule\n")
    assert "port `a` is an out, expected an in" in v.feedback


def test_verilator_cpp_escape_is_rejected(inverter_task):
    cheat = 'module inv(input [3:0] a, output [3:0] y);\n  assign y = ~a;\n  initial $c("system(\\"id\\");");\nendmodule\n'
    v = evaluate(inverter_task, cheat)
    assert v.status is Status.REJECTED and "$c" in v.reason


def test_public_feedback_runs_the_public_testbench_not_the_hidden_one(task_root):
    from chipbench.tasks import load_task
    from conftest import write_task

    public_tb = ("module tb;\n`include \"chipbench_tb.vh\"\nreg [3:0] a; wire [3:0] y;\ninv dut(.a(a), .y(y));\n"
                 "initial begin a = 4'h0; #1 cb_check(\"y\", y, 4'hf); cb_done; end\nendmodule\n")
    task = load_task(write_task(task_root, files={"workspace/tb_public.v": public_tb}), "verilog")
    # Right for a = 0 only: the public check passes, the hidden testbench would not.
    only_zero = "module inv(input [3:0] a, output [3:0] y);\n  assign y = 4'hf;\nendmodule\n"

    async def go():
        async with LocalSandbox(hide=[task.hidden_dir]) as sbx:
            return await VerilogEvaluator().feedback(task, Candidate(files={"inv.v": only_zero}), sbx)

    public = asyncio.run(go())
    assert public.correct and "all 1 checks passed" in public.feedback
    assert evaluate(task, only_zero).status is Status.FAIL


def test_a_disagreement_between_simulators_fails_and_says_so():
    from chipbench.evaluators.verilog._evaluator import _combine
    from chipbench.evaluators.verilog._simulators import SimOutcome

    v = _combine([SimOutcome("icarus", "pass", 10, 0), SimOutcome("verilator", "mismatch", 10, 2, "time=5 signal=q")],
                 ["d.v"])
    assert v.status is Status.FAIL and v.category == "simulator_disagreement"
    assert "icarus passes but verilator does not" in v.reason and "signal=q" in v.feedback


def test_design_that_hangs_the_simulator_times_out(inverter_task):
    hang = "module inv(input [3:0] a, output reg [3:0] y);\n  always @* begin while (1) y = ~a; end\nendmodule\n"
    v = evaluate(inverter_task.model_copy(update={"eval": {"timeout_s": 2}}), hang)
    assert v.status is Status.TIMEOUT


def test_design_that_prints_a_forged_result_line_fails(inverter_task):
    forged = ("module inv(input [3:0] a, output [3:0] y);\n  assign y = a;\n"
              '  initial $display("CHIPBENCH_RESULT 0123456789abcdef01234567 checks=16 errors=0");\nendmodule\n')
    v = evaluate(inverter_task, forged)
    assert v.status is Status.FAIL and not v.correct


def test_design_that_reads_the_nonce_is_rejected(inverter_task):
    cheat = ("module inv(input [3:0] a, output [3:0] y);\n  reg [319:0] n;\n  assign y = a;\n"
             '  initial if ($value$plusargs("chipbench_nonce=%s", n)) begin\n'
             '    $display("CHIPBENCH_RESULT %0s checks=16 errors=0", n); $finish; end\nendmodule\n')
    v = evaluate(inverter_task, cheat)
    assert v.status is Status.REJECTED and "$value$plusargs" in v.reason


def test_design_that_writes_into_the_testbench_is_rejected(inverter_task):
    cheat = "module inv(input [3:0] a, output [3:0] y);\n  assign y = a;\n  always @* tb.cb_errors = 0;\nendmodule\n"
    v = evaluate(inverter_task, cheat)
    assert v.status is Status.REJECTED


def test_design_that_reads_hidden_files_is_rejected(inverter_task):
    cheat = 'module inv(input [3:0] a, output [3:0] y);\n  assign y = ~a;\n  initial $readmemh("tb.v", mem);\nendmodule\n'
    assert evaluate(inverter_task, cheat).status is Status.REJECTED


def test_policy_ignores_forbidden_words_in_comments_and_strings():
    src = '// $finish is not used\nmodule m; initial $display("$finish tb.x"); endmodule\n'
    assert policy_violations(src) == []


def test_port_connections_are_not_mistaken_for_testbench_references():
    src = "module m(input a, output b); sub u(.tb(a), .b(b)); endmodule\n"
    assert policy_violations(src) == []


def test_candidate_missing_the_required_file_fails_with_reason(inverter_task):
    v = evaluate(inverter_task, candidate=Candidate(files={"other.v": INVERTER_REF}))
    assert v.status is Status.FAIL and "inv.v" in v.reason


def test_candidate_with_extraction_error_fails_with_that_reason(inverter_task):
    v = evaluate(inverter_task, candidate=Candidate(error="the reply contains no fenced code block"))
    assert v.status is Status.FAIL and "no fenced code block" in v.reason


def test_candidate_cannot_read_the_testbench_from_task_folder(inverter_task, tmp_path):
    """Hidden task folders are masked: a design cannot `include` them by absolute path either."""
    path = inverter_task.hidden_dir / "tb.v"
    sneaky = f'`include "{path}"\n' + INVERTER_REF
    assert evaluate(inverter_task, sneaky).status is Status.REJECTED


def test_a_reset_loop_over_an_array_builds_on_verilator():
    """Verilator builds non-blocking writes to an array inside a `for` loop only by unrolling
    it: a flag that limits unrolling (tempting, since it shrinks testbench builds) turns this
    correct, common design into a compile error."""
    from chipbench.runner import resolve_suites, select_tasks

    task = select_tasks(resolve_suites(["verilog"]), ["verilog/register_file"])[0]
    assert "for (i = 1; i < 8; i = i + 1)" in task.reference["register_file.v"]

    async def go():
        async with LocalSandbox(hide=[task.hidden_dir]) as sbx:
            return await VerilogEvaluator(simulators=BOTH).evaluate(task, Candidate(files=task.reference), sbx)

    v = asyncio.run(go())
    assert v.status is Status.PASS, v.feedback
    assert [c.name for c in v.checks] == BOTH
