"""The verilog evaluator: the verdict is earned by the testbench, never printed by the design."""

import asyncio

import pytest

from chipbench.core import Candidate, Status
from chipbench.evaluators.verilog import VerilogEvaluator, policy_violations
from chipbench.sandbox.local import LocalSandbox
from conftest import INVERTER_BUG, INVERTER_REF, requires_iverilog

pytestmark = requires_iverilog


def evaluate(task, source: str | None = None, candidate: Candidate | None = None):
    async def go():
        async with LocalSandbox(hide=[task.hidden_dir]) as sbx:
            cand = candidate or Candidate(files={"inv.v": source})
            return await VerilogEvaluator().evaluate(task, cand, sbx)

    return asyncio.run(go())


def test_reference_passes_with_all_checks(inverter_task):
    v = evaluate(inverter_task, INVERTER_REF)
    assert v.status is Status.PASS and v.correct
    assert v.checks[0].detail == "16/16 checks matched"


def test_buggy_design_fails_with_first_mismatch_in_feedback(inverter_task):
    v = evaluate(inverter_task, INVERTER_BUG)
    assert v.status is Status.FAIL
    assert "16 of 16 checks mismatched" in v.reason
    assert "signal=y" in v.feedback


def test_syntax_error_is_a_compile_error_naming_the_candidate_file(inverter_task):
    v = evaluate(inverter_task, "module inv(input [3:0] a, output [3:0] y)\n  assign y = ~a\nendmodule\n")
    assert v.status is Status.COMPILE_ERROR
    assert "inv.v" in v.feedback and "tb.v" not in v.feedback


def test_wrong_module_name_does_not_compile(inverter_task):
    v = evaluate(inverter_task, INVERTER_REF.replace("module inv", "module inverter"))
    assert v.status is Status.COMPILE_ERROR


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
