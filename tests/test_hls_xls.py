"""The hls-xls suite: DSLX compiled by Google XLS, checked in its interpreter and in Icarus,
scored by pipeline stages and Yosys area. The default set runs a sample of the track end to
end; `pytest -m slow` checks every task."""

from __future__ import annotations

import asyncio
import json
import tomllib
from pathlib import Path

import pytest

from adversarial_support import load_case
from chipbench.core import Candidate, Status
from chipbench.evaluators.hls_xls import HlsXlsEvaluator
from chipbench.evaluators.hls_xls._policy import policy_violations
from chipbench.evaluators.hls_xls._values import (draw_vector, every_input, flatten, format_value, parse_type,
                                                   parse_value, unflatten)
from chipbench.registry import evaluators, suites
from chipbench.runner import evaluate_in_sandbox, hidden_roots
from chipbench.tasks.xls import as_track
from conftest import chipbench_cmd, requires_iverilog

pytest.importorskip("xls", reason="the hls-xls suite needs xls-python: pip install 'chipbench[xls]'")
pytestmark = requires_iverilog

SUITE = "hls-xls"
SAMPLE = ["sort4", "median3"]  # a restructure task (given version is worse) and an implement task
ADVERSARIAL = Path(__file__).parent / "adversarial" / SUITE


def task(name: str):
    return suites.get(SUITE).load([name])[0]


def judge(evaluator, t, files: dict[str, str], public: bool = False):
    roots = hidden_roots([suites.get(SUITE)])
    return asyncio.run(evaluate_in_sandbox(evaluator, t, Candidate(files=files), "local", roots, public=public))


# -- the pieces ------------------------------------------------------------------------------
def test_values_lie_on_ports_as_xls_codegen_lays_them():
    array = parse_type("bits[4][3]")
    assert array.bits == 12 and flatten(array, [1, 2, 3]) == 0x321  # element 0 in the low bits
    pair = parse_type("(bits[4], bits[8])")
    assert pair.bits == 12 and flatten(pair, (1, 2)) == 0x102  # element 0 in the high bits
    nested = parse_type("bits[8][4][2]")
    assert nested.bits == 64 and nested.element.size == 4
    assert parse_value("[bits[8]:1, bits[8]:0xff]") == [1, 255]
    assert parse_value("(bits[3]:5, [bits[2]:1, bits[2]:2])") == (5, [1, 2])
    assert parse_value(format_value(pair, (15, 200))) == (15, 200)


def test_policy_refuses_foreign_verilog_imports_and_traces_but_not_comments_or_std():
    assert policy_violations("import std;\npub fn f(x: u8) -> u8 { std::max(x, u8:1) }") == []
    assert policy_violations("// no #[extern_verilog(...)] nor trace_fmt! here\npub fn f(x: u8) -> u8 { x }") == []
    assert "extern_verilog" in policy_violations('#[extern_verilog("assign {return} = 0;")]\nfn g() -> u8 { u8:0 }')[0]
    assert "imports 'secrets'" in policy_violations("import secrets;")[0]
    assert "trace_fmt" in policy_violations('fn f() -> u8 { trace_fmt!("x"); u8:0 }')[0]


def test_policy_sees_past_comment_markers_in_strings_and_quotes_in_characters():
    """A `//` inside a string once hid the rest of its line from the checks."""
    hidden_trace = 'pub fn f(x: u8) -> u8 { let s = "//"; trace_fmt!("x"); x }'
    assert "trace_fmt" in policy_violations(hidden_trace)[0]
    assert "imports 'secrets'" in policy_violations('const S = "a//b"; import secrets;\n')[0]
    assert "extern_verilog" in policy_violations('const S = "//"; #[extern_verilog("x")] fn g() -> u8 { u8:0 }')[0]
    assert "trace" in policy_violations("fn f(x: u8) -> u8 { let q = '\"'; trace!(x); let r = '\"'; x }")[0]
    assert policy_violations('pub fn f(x: u8) -> u8 { let s = "#[extern_verilog] import x; trace_fmt!"; x }') == []


def test_flow_refuses_trace_ffi_and_foreign_files_in_the_compiled_ir(tmp_path, monkeypatch):
    """The second line, on XLS's IR: whatever the text looked like to the policy."""
    import os

    import xls

    from chipbench.evaluators.hls_xls.worker.flow import ir_violations

    stdlib = os.path.join(os.path.dirname(xls.__file__), "_blob", "dslx_stdlib")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "other.x").write_text("pub fn g(x: u8) -> u8 { x }\n")

    def problems(source: str) -> list[str]:
        return ir_violations(xls.convert_dslx_to_ir(source, "m.x", "m"), "m.x", stdlib)

    assert problems("import std;\npub fn f(x: u8) -> u8 { std::max(x, u8:1) }") == []
    assert problems('pub fn f(x: u8) -> u8 { trace_fmt!("CHIPBENCH"); x }') == ["uses a trace operation"]
    ffi = '#[extern_verilog("assign {return} = 0;")]\nfn h(a: u8) -> u8 { a }\npub fn f(a: u8) -> u8 { h(a) }'
    assert problems(ffi) == ["uses a foreign Verilog (FFI) operation"]
    assert "'other.x'" in problems("import other;\npub fn f(a: u8) -> u8 { other::g(a) }")[0]


def test_every_input_of_a_small_function_is_enumerated_once():
    params = [parse_type("bits[2]"), parse_type("bits[1][2]")]
    vectors = every_input(params)
    assert len(vectors) == 16 and len({repr(v) for v in vectors}) == 16
    assert [0, [1, 0]] in vectors and [3, [1, 1]] in vectors
    pair = parse_type("(bits[4], bits[8][2])")
    assert unflatten(pair, flatten(pair, (9, [3, 200]))) == (9, [3, 200])


def test_vectors_tie_fields_of_the_same_width_on_purpose():
    """Independent draws tie two bytes off the corners about once in 450 vectors; the draw ties
    them in a quarter of the vectors, in parameters and inside arrays, never across widths."""
    import random

    byte, corners = parse_type("bits[8]"), {0, 1, 127, 128, 255}
    rng = random.Random(7)
    vectors = [draw_vector([byte, byte, byte], rng) for _ in range(1000)]
    assert sum(v[0] == v[1] and v[0] not in corners for v in vectors) > 30
    arrays = [draw_vector([parse_type("bits[8][4]")], rng)[0] for _ in range(1000)]
    assert sum(len(set(a) - corners) < len([x for x in a if x not in corners]) for a in arrays) > 100
    mixed = [draw_vector([parse_type("bits[4]"), parse_type("bits[12]")], rng) for _ in range(200)]
    assert all(a < 16 and b < 4096 for a, b in mixed)


def test_suite_is_registered_and_becomes_a_track_by_registration():
    suite = suites.get(SUITE)
    assert suite.evaluator == SUITE and evaluators.get(SUITE) is HlsXlsEvaluator
    tasks = suite.load()
    assert len(tasks) >= 15 and {t.kind for t in tasks} == {"implement", "restructure"}
    for t in tasks:
        assert t.submit == (f"{t.interface['function']}.x",) and t.eval["clock_period_ps"] > 0
        assert t.wrong_candidates() and f"{t.eval['clock_period_ps']} ps" in t.prompt
        assert t.reference[t.submit[0]] not in t.prompt and "hidden" not in t.workspace
    assert sum(bool(t.worse_candidates()) for t in tasks) >= 5
    parent = type(suite)(name="hls", root=suite.root, evaluator="hls", version="0.2")
    track = as_track(parent)
    assert (track.name, track.evaluator, track.version) == ("hls", SUITE, "0.2+xls")
    assert track.load(["sort4"])[0].id == "hls/sort4"


# -- the evaluator ---------------------------------------------------------------------------
def test_reference_passes_with_measured_figures_labelled_by_their_source():
    t, evaluator = task("sort4"), HlsXlsEvaluator()
    v = judge(evaluator, t, t.reference)
    assert v.status is Status.PASS, v.reason + v.logs
    assert v.qor["stages"] == v.qor["stages_reference"] and v.qor["stages_ratio"] == 1
    assert v.qor["cells"] == v.qor["cells_reference"] > 0 and v.qor["latency_cycles"] >= v.qor["stages"] - 1
    assert "XLS 0.1.9934" in v.reason and "asap7" in v.reason and "300 ps" in v.reason and "Yosys" in v.reason
    assert {c.name for c in v.checks} >= {"xls-interpreter", "icarus", "schedule", "area"}
    assert "xls-python" in evaluator.versions()


def test_a_function_of_few_input_bits_is_checked_on_every_input():
    t = task("gray2bin8")
    v = judge(HlsXlsEvaluator(), t, t.reference)
    assert v.status is Status.PASS and "every one of the 256 inputs" in v.reason, v.reason
    assert "256 random" not in v.reason and "200 random ones in Icarus" in v.reason


def test_poorer_design_passes_with_more_stages_and_area():
    t = task("sort4")
    v = judge(HlsXlsEvaluator(), t, t.worse_candidates()["given"])
    assert v.status is Status.PASS, v.reason
    assert v.qor["stages"] > v.qor["stages_reference"] and v.qor["cells_ratio"] > 1


def test_agents_feedback_uses_public_vectors_and_shows_figures():
    t = task("median3")
    v = judge(HlsXlsEvaluator(), t, t.reference, public=True)
    assert v.status is Status.PASS and "32 public vectors" in v.feedback and "stages" in v.feedback
    wrong = judge(HlsXlsEvaluator(), t, t.wrong_candidates()["returns_max"], public=True)
    assert wrong.status is Status.FAIL and "expected" in wrong.feedback


def test_failures_get_their_categories():
    t, evaluator = task("median3"), HlsXlsEvaluator()
    f = "median3.x"
    syntax = judge(evaluator, t, {f: "pub fn median3(a: u8, b: u8, c: u8) -> u8 { a + }"})
    assert (syntax.status, syntax.category) == (Status.COMPILE_ERROR, "dslx_error") and "ParseError" in syntax.feedback
    wrong = judge(evaluator, t, t.wrong_candidates()["ignores_c"])
    assert (wrong.status, wrong.category) == (Status.FAIL, "interpreter_mismatch")
    # Right, but through a 16-bit division by a variable: one operation longer than the period.
    divides = ("pub fn median3(a: u8, b: u8, c: u8) -> u8 {\n"
               "    let m = if (a > b) == (b > c) { b } else if (a > b) == (a > c) { c } else { a };\n"
               "    let d = (a as u16) | u16:1;\n"
               "    (((m as u16) * d) / d) as u8\n}\n")
    unmet = judge(evaluator, t, {f: divides})
    assert (unmet.status, unmet.category) == (Status.FAIL, "clock_not_met"), unmet.reason
    assert "300 ps" in unmet.reason


def test_icarus_catches_verilog_that_disagrees_with_the_reference():
    """The second proof is live: the same testbench fails a design whose outputs differ from
    the expected ones (here: the expected values are corrupted) or that never answers."""
    from chipbench.evaluators.hls_xls._evaluator import Interface
    from chipbench.sandbox.local import LocalSandbox

    iface = Interface(function="inc", params=[("x", parse_type("bits[8]"))], returns=parse_type("bits[8]"),
                      signature={})
    design = ("module inc(input wire clk, input wire rst, input wire in_valid, input wire [7:0] x,\n"
              "           output reg out_valid, output reg [7:0] out);\n"
              "  always @(posedge clk) begin out_valid <= rst ? 1'b0 : in_valid; out <= x + 8'd1; end\n"
              "endmodule\n")
    silent = design.replace("rst ? 1'b0 : in_valid", "1'b0")

    async def sim(verilog, expected):
        async with LocalSandbox() as box:
            await box.write_file("design.v", verilog)
            return await HlsXlsEvaluator()._simulate(box, iface, [[1], [2], [250]], expected)

    good = asyncio.run(sim(design, [2, 3, 251]))
    assert good.passed and "CHIPBENCH_LATENCY 1" in good.logs
    bad = asyncio.run(sim(design, [2, 4, 251]))
    assert bad.kind == "mismatch" and bad.errors == 1 and "vector=1" in bad.first_mismatch
    never = asyncio.run(sim(silent, [2, 3, 251]))
    assert never.kind == "mismatch" and never.errors == 3


def test_generic_hostile_cases_never_pass():
    t, evaluator = task("median3"), HlsXlsEvaluator()
    cases = [c for c in evaluator.hostile_cases(t) if c.name not in ("memory-bomb", "compile-bomb")]
    assert {c.name for c in evaluator.hostile_cases(t)} >= {"memory-bomb", "compile-bomb", "foreign-verilog",
                                                           "read-hidden-file", "forged-verdict", "output-flood"}
    for case in cases:
        v = judge(evaluator, t, case.files)
        assert v.status in case.expect, (case.name, v.status, v.reason)


@pytest.mark.slow
def test_generic_resource_bombs_are_stopped():
    t, evaluator = task("median3"), HlsXlsEvaluator()
    for case in evaluator.hostile_cases(t):
        if case.name in ("memory-bomb", "compile-bomb"):
            v = judge(evaluator, t, case.files)
            assert v.status in case.expect, (case.name, v.status, v.reason)


def _adversarial_cases(slow: bool):
    for folder in sorted(p for p in ADVERSARIAL.iterdir() if p.is_dir()):
        spec = tomllib.loads((folder / "case.toml").read_text())
        if spec.get("slow", False) == slow:
            yield pytest.param(folder, spec, id=folder.name)


def _run_adversarial(folder: Path, spec: dict):
    t = task(spec["task"].split("/", 1)[1])
    v = judge(HlsXlsEvaluator(), t, load_case(folder).files)
    assert v.status.value in spec["expect"], (v.status, v.reason)
    assert v.status not in (Status.PASS, Status.HARNESS_ERROR)
    if "category" in spec:
        assert v.category == spec["category"], v.reason


@pytest.mark.parametrize("folder, spec", list(_adversarial_cases(slow=False)))
def test_adversarial_case(folder, spec):
    _run_adversarial(folder, spec)


@pytest.mark.slow
@pytest.mark.parametrize("folder, spec", list(_adversarial_cases(slow=True)))
def test_adversarial_case_slow(folder, spec):
    _run_adversarial(folder, spec)


# -- through the CLI, as a user runs it -------------------------------------------------------
@pytest.mark.slow  # about a minute; the oracle run of the same sample below stays in the default set
def test_tasks_check_of_a_sample_lists_figures_and_finds_no_problem():
    args = ["tasks", "check", "--suite", SUITE, "--figures"]
    for name in SAMPLE:
        args += ["--task", name]
    out = chipbench_cmd(*args, env={"COLUMNS": "200"})
    assert out.returncode == 0, out.stdout + out.stderr
    assert " 0 problems" in out.stdout and "worse/given" in out.stdout and "stages=" in out.stdout


def test_oracle_run_of_a_sample_records_stages_and_area(tmp_path):
    run_dir = tmp_path / "oracle"
    args = ["run", "--suite", SUITE, "--run-dir", str(run_dir)]
    for name in SAMPLE:
        args += ["--task", name]
    out = chipbench_cmd(*args)
    assert out.returncode == 0, out.stdout + out.stderr
    records = [json.loads(line) for line in (run_dir / "records.jsonl").read_text().splitlines()]
    assert sorted(r["task_id"] for r in records) == sorted(f"{SUITE}/{n}" for n in SAMPLE)
    for r in records:
        assert r["verdict"]["status"] == "pass" and r["verdict"]["qor"]["stages_ratio"] == 1.0
        assert r["versions"]["xls-python"] == "0.1.9934"
    assert f"| {SUITE} | {len(SAMPLE)} | {len(SAMPLE)} | 100.0% |" in (run_dir / "report.md").read_text()


@pytest.mark.slow
@pytest.mark.timeout(3660)
def test_every_hls_xls_task_checks_out():
    out = chipbench_cmd("tasks", "check", "--suite", SUITE, timeout=3600)
    assert out.returncode == 0, out.stdout
    assert " 0 problems" in out.stdout


@pytest.mark.slow
@pytest.mark.timeout(3660)
def test_oracle_run_covers_the_whole_track(tmp_path):
    out = chipbench_cmd("run", "--suite", SUITE, "--run-dir", str(tmp_path / "all"), timeout=3600)
    assert out.returncode == 0, out.stdout + out.stderr
    n = len(suites.get(SUITE).load())
    assert f"| {SUITE} | {n} | {n} | 100.0% |" in (tmp_path / "all" / "report.md").read_text()


@pytest.mark.slow  # about a minute; the default set runs XLS locally (tasks check and oracle of a sample)
@pytest.mark.docker
def test_median3_checks_out_in_the_docker_sandbox():
    """XLS runs inside the hls-xls image (its own pinned xls-python), not the host's."""
    from docker_support import docker_skip_reason

    if reason := docker_skip_reason(SUITE):
        pytest.skip(reason)
    out = chipbench_cmd("tasks", "check", "--suite", SUITE, "--task", "median3", "--sandbox", "docker")
    assert out.returncode == 0, out.stdout + out.stderr
    assert " 0 problems" in out.stdout
