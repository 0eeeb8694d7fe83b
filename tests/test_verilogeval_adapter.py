"""The `verilogeval:PATH` adapter, on a tiny problem set written here in that layout."""

import textwrap

import pytest

from chipbench.core import ChipbenchError
from chipbench.runner import resolve_suites
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
