"""The Verilog judge against hostile designs: rules hold on the expanded, elaborated design, and a
verdict is believed only when it matches the reference run and the simulator exited cleanly.

The folders under tests/adversarial/verilog/ are run here through the real evaluator, with
Icarus alone (the default set: a rule must not depend on a second simulator catching what the
first let through) and, in the slow set, with both simulators.
"""

import asyncio
import json
import tomllib
from pathlib import Path

import pytest

from adversarial_support import load_case
from chipbench.core import Candidate, Status
from chipbench.evaluators.verilog import VerilogEvaluator
from chipbench.evaluators.verilog._simulators import SimOutcome, _outcome
from chipbench.sandbox import ExecResult
from chipbench.sandbox.local import LocalSandbox
from conftest import INVERTER_REF, requires_iverilog

pytestmark = requires_iverilog

CASES = sorted((Path(__file__).parent / "adversarial" / "verilog").glob("*/case.toml"))


def _load(task_id: str):
    from chipbench.runner import resolve_suites, select_tasks

    return select_tasks(resolve_suites([task_id.split("/")[0]]), [task_id])[0]


def evaluate(task, files: dict[str, str], simulators=("icarus",), evaluator=None):
    async def go():
        async with LocalSandbox(hide=[task.hidden_dir]) as sbx:
            judge = evaluator or VerilogEvaluator(simulators=list(simulators), qor=False)
            return await judge.evaluate(task, Candidate(files=files), sbx)

    return asyncio.run(go())


def run_case(case: Path, simulators):
    spec = tomllib.loads(case.read_text())
    verdict = evaluate(_load(spec["task"]), load_case(case.parent).files, simulators)
    assert verdict.status is not Status.PASS and verdict.status.value in spec["expect"], (
        f"{case.parent.name}: {verdict.status.value} ({verdict.category}): {verdict.reason}")
    if "category" in spec:
        assert verdict.category == spec["category"], verdict.reason
    return verdict


def test_there_are_at_least_twelve_hostile_verilog_cases():
    assert len(CASES) >= 12


def _params(icarus_alone: bool) -> list:
    """The cases as test parameters: a case's `slow` keeps it out of the default set, and one
    that `needs_verilator` (wrong only in a Verilator run, right on Icarus) is left out of the
    Icarus-alone runs."""
    params = []
    for case in CASES:
        spec = tomllib.loads(case.read_text())
        if icarus_alone and spec.get("needs_verilator"):
            continue
        params.append(pytest.param(case, id=case.parent.name, marks=[pytest.mark.slow] if spec.get("slow") else []))
    return params


@pytest.mark.parametrize("case", _params(icarus_alone=True))
def test_hostile_case_gets_its_verdict_with_icarus_alone(case):
    run_case(case, ["icarus"])


@pytest.mark.slow
@pytest.mark.parametrize("case", _params(icarus_alone=False))
def test_hostile_case_gets_its_verdict_with_both_simulators(case):
    run_case(case, ["icarus", "verilator"])


# -- the policy on legitimate designs --------------------------------------------------------

def _policy(design: dict[str, str], context: dict[str, str], errors: bool = False) -> list[str]:
    from importlib.resources import files

    from chipbench.evaluators.verilog._policy import ALLOWED_SYSTEM_TASKS, SIMULATOR_DEFINES
    from chipbench.evaluators.verilog.support.policy_check import check

    found = check(design, context, ALLOWED_SYSTEM_TASKS, str(files("chipbench.evaluators.verilog") / "support"),
                  list(SIMULATOR_DEFINES.values()))
    return found["errors"] if errors else found["violations"]


def test_every_reference_and_known_wrong_design_meets_the_policy_with_its_testbenches():
    """No false alarms: what the suite's own designs do (downward names, functions, generate
    loops, parameters set by the testbench) stays allowed."""
    from chipbench.evaluators.verilog._policy import policy_violations
    from chipbench.runner import resolve_suites

    checked = 0
    for suite in resolve_suites(["verilog"]):
        for task in suite.load():
            benches = [(task.hidden_dir / "tb.v").read_text(), task.workspace.get("tb_public.v")]
            designs = [task.reference, *task.wrong_candidates().values()]
            for design in designs:
                text = [p for src in design.values() for p in policy_violations(src)]
                assert text == [], (task.id, text)
                for bench in filter(None, benches):
                    assert _policy(design, {"tb.v": bench}) == [], task.id
                    assert _policy(design, {"tb.v": bench}, errors=True) == [], task.id
                    checked += 1
    assert checked > 400


def test_names_inside_the_design_are_allowed_and_names_above_it_are_not():
    design = {"d.v": """
        package p; function automatic int inc(int x); return x + 1; endfunction endpackage
        function automatic int twice(int x); return 2 * x; endfunction
        `define OWN(x) u.x
        module top #(parameter W = 4) (input [W-1:0] a, output [W-1:0] y);
          sub #(.W(W)) u(.a(a));
          genvar i;
          for (i = 0; i < W; i = i + 1) begin : g
            assign y[i] = `OWN(q)[i] ^ p::inc(twice(0))[0];
          end
        endmodule
        module sub #(parameter W = 4) (input [W-1:0] a); wire [W-1:0] q = a; wire up = top.a[0]; endmodule
        """}
    bench = {"tb.v": "module tb; reg [7:0] a; wire [7:0] y; top #(.W(8)) dut(.a(a), .y(y)); endmodule\n"}
    found = _policy(design, bench)
    assert len(found) == 1 and "refers to `tb.dut.a`, outside the design's own instance `tb.dut.u`" in found[0]


def test_a_design_may_not_disable_a_block_or_task_of_the_testbench():
    bench = {"tb.v": "module tb; wire y; top dut(.y(y)); task t; #5; endtask initial t; endmodule\n"}
    found = _policy({"d.v": "module top(output y); assign y = 0; initial begin : b disable b; disable tb.t; end endmodule\n"},
                    bench)
    assert found == ["d.v:1: refers to `tb.t`, outside the design's own instance `tb.dut`"]


def test_a_design_may_not_instantiate_a_module_it_does_not_define():
    bench = {"tb.v": "module tb; wire y; top dut(.y(y)); secret s(); endmodule\nmodule secret; endmodule\n"}
    found = _policy({"d.v": "module top(output y); secret s(); assign y = 0; endmodule\n"}, bench)
    assert found and "instantiates `secret`, a module the design does not define" in found[0]


def test_conditional_compilation_only_on_names_the_design_defines():
    from chipbench.evaluators.verilog._policy import policy_violations

    own = "`define FAST\n`ifdef FAST\nmodule m; endmodule\n`endif\n"
    assert policy_violations(own) == []
    assert "tests `VERILATOR`" in policy_violations("`ifndef VERILATOR\nmodule m; endmodule\n`endif\n")[0]
    assert policy_violations("`ifdef (A && B)\n`endif\n")  # an expression is refused too
    # Defined only after the test (or in another file): the testbench, compiled first, or a
    # simulator may define it, while slang preprocesses the file apart (see the adapter test).
    later = "`ifdef OK\nmodule m; endmodule\n`endif\n`define OK 1\n"
    assert "tests `OK`, which this file does not define before" in policy_violations(later)[0]


def test_a_directive_built_by_a_macro_is_judged_as_each_simulator_reads_it():
    """`IF(ifdef) VERILATOR: no conditional in the text, yet Verilator's preprocessor makes one."""
    from chipbench.evaluators.verilog._policy import policy_violations

    design = ("`define IF(d) `d\n`IF(ifdef) VERILATOR\n"
              "module top(output y); assign y = tb.secret; endmodule\n`else\n"
              "module top(output y); assign y = 0; endmodule\n`endif\n")
    assert "builds a directive" in policy_violations(design)[0]
    bench = {"tb.v": "module tb; reg secret; wire y; top dut(.y(y)); endmodule\n"}
    assert any("refers to `tb.secret`" in f for f in _policy({"d.v": design}, bench))


def test_a_design_may_not_declare_a_unit_the_testbench_declares():
    bench = {"tb.v": "module tb; wire y; top dut(.y(y)); endmodule\n"}
    found = _policy({"d.v": "module top(output y); assign y = 0; endmodule\nmodule tb; endmodule\n"}, bench)
    assert found == ["d.v:2: declares `tb`, a name the testbench declares"]


# -- the verdict: matches the reference run, from a simulator that exited cleanly -----------

def _without_policy(monkeypatch):
    """Pretend a rule was evaded: the verdict channel must hold on its own."""
    from chipbench.evaluators.verilog import _evaluator

    slang_report = _evaluator.slang_report

    async def parse_only(*args, **kwargs):
        report = await slang_report(*args, **kwargs)
        report.violations, report.errors = [], []
        return report

    monkeypatch.setattr(_evaluator, "policy_violations", lambda *args, **kwargs: [])
    monkeypatch.setattr(_evaluator, "slang_report", parse_only)


STEAL_NONCE = ("module inv(input [3:0] a, output [3:0] y);\n  assign y = a;\n"
               "  function automatic integer deeper(input integer k); deeper = deeper(k + 1) + 1; endfunction\n"
               "  integer sink;\n"
               '  initial begin #1 $display("CHIPBENCH_RESULT %0s checks={checks} errors=0", tb.cb_nonce);\n'
               "    {then}\n  end\nendmodule\n")


def test_a_forged_verdict_with_another_check_count_is_no_verdict(inverter_task, monkeypatch):
    _without_policy(monkeypatch)
    forged = STEAL_NONCE.format(checks=999, then="$finish;")
    v = evaluate(inverter_task, {"inv.v": forged})
    assert v.status is Status.RUNTIME_ERROR and v.category == "no_verdict", v.reason
    assert "reports 999 checks; with the reference the testbench performs 16" in v.logs


def test_a_forged_verdict_followed_by_a_crash_is_no_verdict(inverter_task, monkeypatch):
    _without_policy(monkeypatch)
    forged = STEAL_NONCE.format(checks=16, then="$fflush; sink = deeper(0);")
    v = evaluate(inverter_task, {"inv.v": forged})
    assert v.status is Status.RUNTIME_ERROR and v.category == "no_verdict", v.reason
    assert "exited with status" in v.logs


def test_an_unclean_exit_is_never_a_pass_whatever_was_printed():
    run = ExecResult(returncode=134, stdout="CHIPBENCH_RESULT abc checks=16 errors=0\n", stderr="", wall_s=0.1)
    assert _outcome("verilator", run, "abc").kind == "no_verdict"
    clean = run.model_copy(update={"returncode": 0})
    assert _outcome("verilator", clean, "abc").passed
    assert not SimOutcome("icarus", "pass", 16, 0).expecting(17).passed


def test_the_reference_run_is_recorded_once(inverter_task, tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("CHIPBENCH_PRIVATE_CACHE", str(tmp_path / "private"))
    judge = VerilogEvaluator(simulators=["icarus"], qor=False)
    assert evaluate(inverter_task, {"inv.v": INVERTER_REF}, evaluator=judge).status is Status.PASS
    (record,) = (tmp_path / "private" / "verilog-reference-runs").iterdir()
    assert json.loads(record.read_text()) == {"kind": "pass", "checks": 16, "message": ""}


# -- tasks read through the verilogeval:PATH adapter get the same protections ----------------

# A small problem in the VerilogEval layout, written here: a stimulus module, the reference and
# the design side by side, the summary printed from a `final` block once the stimulus ends.
AND_TEST = """\
`timescale 1 ps/1 ps
`define OK 12
module stimulus_gen(input clk, output reg a, output reg b);
  initial begin
    {a, b} = 0;
    repeat (40) @(posedge clk) {a, b} <= $random;
    #1 $finish;
  end
endmodule
module tb();
  integer errors = 0, clocks = 0;
  reg clk = 0;
  initial forever #5 clk = ~clk;
  wire a, b, q_ref, q_dut;
  stimulus_gen stim1(.clk(clk), .a(a), .b(b));
  RefModule good1(.clk(clk), .a(a), .b(b), .q(q_ref));
  TopModule top_module1(.clk(clk), .a(a), .b(b), .q(q_dut));
  final begin
    $display("Hint: %1d mismatched samples", errors);
    $display("Mismatches: %1d in %1d samples", errors, clocks);
  end
  always @(posedge clk, negedge clk) begin
    clocks = clocks + 1;
    if (q_ref !== q_dut) errors = errors + 1;
  end
endmodule
"""
AND_REF = "module RefModule(input clk, input a, input b, output reg q);\n  always @(posedge clk) q <= a & b;\nendmodule\n"
AND_HEADER = "module TopModule(input clk, input a, input b, output reg q);\n"


@pytest.fixture
def and_task(tmp_path, monkeypatch):
    from chipbench.runner import resolve_suites

    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "copy"
    root.mkdir()
    (root / "P02_and_prompt.txt").write_text("TopModule registers a AND b on each rising clock edge.\n")
    (root / "P02_and_ref.sv").write_text(AND_REF)
    (root / "P02_and_test.sv").write_text(AND_TEST)
    (suite,) = resolve_suites([f"verilogeval:{root}"])
    (task,) = suite.load()
    return task


def test_adapter_reference_passes_and_the_summary_becomes_a_nonce_verdict(and_task):
    v = evaluate(and_task, and_task.reference)
    assert v.status is Status.PASS, v.feedback
    assert v.checks[0].detail == "79/79 checks matched"  # both edges of 40 clocks, less the last fall


def test_adapter_design_printing_the_summary_then_crashing_gets_no_verdict(and_task, monkeypatch):
    _without_policy(monkeypatch)
    forged = (AND_HEADER + "  always @(posedge clk) q <= 0;\n"
              "  function automatic integer deeper(input integer k); deeper = deeper(k + 1) + 1; endfunction\n"
              "  integer sink;\n"
              '  initial begin #300 $display("Mismatches: 0 in 79 samples"); $fflush; sink = deeper(0); end\n'
              "endmodule\n")
    v = evaluate(and_task, {"TopModule.sv": forged})
    assert v.status is Status.RUNTIME_ERROR and v.category == "no_verdict", v.reason


def test_adapter_design_printing_the_summary_line_itself_fails(and_task):
    forged = (AND_HEADER + "  always @(posedge clk) q <= 0;\n"
              '  always @(posedge clk) $display("Mismatches: 0 in 79 samples");\nendmodule\n')
    assert evaluate(and_task, {"TopModule.sv": forged}).status is Status.FAIL


def test_adapter_design_reading_the_reference_instance_is_rejected(and_task):
    copy = "`define REF(x) t``b.good``x\n" + AND_HEADER + "  always @* q = `REF(1).q;\nendmodule\n"
    v = evaluate(and_task, {"TopModule.sv": copy})
    assert v.status is Status.REJECTED and "tb.good1" in v.reason, v.reason


def test_adapter_design_instantiating_the_reference_is_rejected(and_task):
    wrapper = AND_HEADER.replace("output reg q", "output q") + "  RefModule r(.clk(clk), .a(a), .b(b), .q(q));\nendmodule\n"
    v = evaluate(and_task, {"TopModule.sv": wrapper})
    assert v.status is Status.REJECTED and "RefModule" in v.reason, v.reason


# A design that drives its own input port drives the testbench's net (Icarus coerces the port
# to inout), which here also feeds the reference: both then see the design's constant.
HOLD_INPUTS = {
    "a supply-strength assignment": AND_HEADER + "  assign (supply0, supply1) a = 1'b0;\n",
    "a pull gate": AND_HEADER + "  pulldown (supply0) p1(a);\n",
    "a submodule's output": AND_HEADER + "  zero z(.o(a));\n",
    "a submodule driving its own input": AND_HEADER + "  pass_on p(.i(a));\n",
    "a supply0 port": AND_HEADER.replace("input a", "input supply0 a"),
}
HOLD_HELPERS = ("module zero(output o); assign (supply0, supply1) o = 1'b0; endmodule\n"
                "module pass_on(input i); pulldown (supply0) p(i); endmodule\n")


@pytest.mark.parametrize("how", sorted(HOLD_INPUTS))
def test_adapter_design_driving_its_input_ports_is_rejected(and_task, how):
    design = HOLD_INPUTS[how] + "  always @(posedge clk) q <= 0;\nendmodule\n" + HOLD_HELPERS
    v = evaluate(and_task, {"TopModule.sv": design})
    assert v.status is Status.REJECTED and "input port `" in v.reason, f"{how}: {v.status} {v.reason}"


# Wrong (q is never 1), but it mirrors the generator the stimulus draws from ($random without a
# seed, shared in Icarus) and discards every draw that would set both inputs.
STEER_STIMULUS = AND_HEADER + """\
  integer mirror = 0, probe, next, sink;
  task steer;
    begin
      probe = mirror; next = $random(probe);
      while (next[1:0] == 2'b11) begin
        sink = $random; mirror = probe; probe = mirror; next = $random(probe);
      end
    end
  endtask
  initial steer;
  always @(negedge clk) steer;
  always @(posedge clk) begin q <= 0; sink = $random(mirror); end
endmodule
"""


def test_adapter_design_drawing_from_the_stimulus_generator_is_rejected(and_task):
    v = evaluate(and_task, {"TopModule.sv": STEER_STIMULUS})
    assert v.status is Status.REJECTED and "uses $random" in v.reason, v.reason


def test_adapter_design_testing_a_macro_of_the_testbench_is_rejected(and_task):
    """The testbench (compiled first) defines `OK`; slang preprocesses the design apart, so
    without the define-before-test rule it would check only the `else` branch."""
    design = ("`ifdef OK\n" + AND_HEADER + "  always @* q = tb.good1.q;\nendmodule\n`else\n"
              + AND_HEADER + "  always @(posedge clk) q <= 0;\nendmodule\n`endif\n`define OK 1\n")
    v = evaluate(and_task, {"TopModule.sv": design})
    assert v.status is Status.REJECTED and "tests `OK`" in v.reason, v.reason


def test_adapter_reference_name_changes_every_run_so_even_an_unpoliced_wrapper_fails(and_task, monkeypatch):
    _without_policy(monkeypatch)
    wrapper = AND_HEADER.replace("output reg q", "output q") + "  RefModule r(.clk(clk), .a(a), .b(b), .q(q));\nendmodule\n"
    v = evaluate(and_task, {"TopModule.sv": wrapper})
    assert v.status is Status.COMPILE_ERROR and v.category == "elaboration_error", v.reason
