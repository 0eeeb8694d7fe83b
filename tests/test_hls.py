"""The hls suite: packaged data, the C-parser policy, the evaluator end to end (a sample of
tasks through `tasks check` and the runner), predicted points, the query budget through the
agents, suite tracks and QoR backends. The whole suite's check is in test_suites_full_slow.py."""

from __future__ import annotations

import asyncio
import gzip
import json
import shutil
import tomllib
from pathlib import Path

import pytest

from adversarial_support import load_case
from chipbench.core import Candidate, ChipbenchError, Status
from chipbench.evaluators.hls import HlsEvaluator, HlsTask, ToolQoR, kernel_source, space, strip_tunable
from chipbench.evaluators.hls._data import DATA, TOOLS, domains
from chipbench.evaluators.hls._design import DesignError, Placement, point_from_source, render_toml
from chipbench.evaluators.hls._qor import QorBackend, qor_backends, selected_backend
from chipbench.evaluators.hls.backends.bambu import BambuBackend
from chipbench.evaluators.hls.backends.vitis import VitisHlsBackend, parse_report
from chipbench.runner import evaluate_in_sandbox, hidden_roots, resolve_suites, select_tasks
from chipbench.task_check import cases_of, check_tasks
from chipbench.tasks.hls_suite import hls_tracks

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not installed (scripts/setup.sh installs it)")
SAMPLE = ["hls/gemm-p-v20", "hls/md-v18", "hls/stencil-v20-k8", "hls/gemm-p-v20-insert"]
"""One task per track and both tool versions: the default CI set checks these end to end."""


def load(task_id: str):
    return select_tasks(resolve_suites(["hls"]), [task_id])[0]


def score(task, files: dict[str, str], evaluator: HlsEvaluator | None = None, public: bool = False):
    return asyncio.run(evaluate_in_sandbox(evaluator or HlsEvaluator(), task, Candidate(files=files), "local",
                                           hidden_roots(resolve_suites(["hls"])), public=public))


# -- data ------------------------------------------------------------------------------------

def test_the_package_carries_all_41596_points_with_license_and_attribution():
    total = sum(len(space(v, k).rows) for v in TOOLS for k in domains()[v])
    assert total == 41_596
    assert "Attribution-ShareAlike 4.0 International" in (DATA / "LICENSE").read_text()
    readme = (DATA / "README.md").read_text()
    assert "CC BY-SA 4.0" in readme and "Bai" in readme and "NeurIPS 2023" in readme
    first = json.loads(gzip.open(DATA / "points" / "v18" / "md.jsonl.gz", "rt").readline())
    assert set(first) == {"point", "valid", "perf", "util", "total"}


def test_suite_has_80_tasks_with_20_insertion_and_difficulty_from_the_data():
    tasks = resolve_suites(["hls"])[0].load()
    assert len(tasks) >= 80
    assert sum(t.kind == "pragma-insertion" for t in tasks) >= 20
    assert sum(t.eval["queries"] > 0 for t in tasks) >= 20
    assert {t.difficulty for t in tasks} == {"easy", "medium", "hard"}


# -- reading candidates with the C parser ------------------------------------------------------

@pytest.fixture(scope="module")
def gemm():
    source = kernel_source("v20", "gemm-p")
    sp = space("v20", "gemm-p")
    return source, strip_tunable(source), Placement.of(source), sp


def insert_after(text: str, anchor: str, new: str) -> str:
    at = text.index(anchor) + len(anchor)
    return text[:at] + new + text[at:]


def test_pragmas_written_by_hand_map_to_the_design_point(gemm):
    source, given, placement, sp = gemm
    text = insert_after(given, "#pragma scop\n", "// the outer loop\n#pragma ACCEL PIPELINE flatten\n"
                                                 "#pragma ACCEL PARALLEL FACTOR = 2\n")
    text = insert_after(text, "for (k = 0; k < 80; k++) {\n", "#pragma ACCEL PARALLEL reduction=C FACTOR=4\n")
    point = point_from_source(text, given, placement, sp)
    assert point["__PIPE__L0"] == "flatten" and point["__PARA__L0"] == 2 and point["__PARA__L3"] == 4
    assert point["__TILE__L0"] == 1 and point["__PIPE__L2"] == "off"  # no pragma: the default


@pytest.mark.parametrize("edit, category", [
    # code hidden in a macro
    (lambda g: "#define beta 0.0\n" + g, "non_pragma_edit"),
    # a line continuation swallows the next line of code into a comment
    (lambda g: g.replace("C[i][j] *= beta;", "// scaled \\\nC[i][j] *= beta;"), "parse"),
    # a continuation that splices code onto a pragma line
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL PIPELINE \\\n"), "parse"),
    # a backslash, blanks, then a newline: g++ still splices, so the next line joins the comment
    (lambda g: g.replace("C[i][j] *= beta;", "// scaled \\ \t\nC[i][j] *= beta;"), "parse"),
    # a lone carriage return ends a // comment for g++ only: the code after it is hidden from the parser
    (lambda g: g.replace("C[i][j] *= beta;", "C[i][j] *= beta; // note\rC[i][j] = 0;"), "parse"),
    # ... and ends a pragma line for g++ only
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL PARALLEL FACTOR=2 reduction=\rbeta++;\n"),
     "parse"),
    # another control character the two readers may not agree on
    (lambda g: g.replace("C[i][j] *= beta;", "C[i][j] *= beta; /* \x00 */"), "parse"),
    # an #include of a hidden file
    (lambda g: '#include "../hidden/tb.cpp"\n' + g, "non_pragma_edit"),
    # a changed statement, with the old one left in a comment
    (lambda g: g.replace("C[i][j] *= beta;", "C[i][j] *= 0; /* C[i][j] *= beta; */"), "non_pragma_edit"),
    # a foreign pragma that g++ would obey
    (lambda g: "#pragma GCC optimize(\"Ofast\")\n" + g, "non_pragma_edit"),
    # a pragma on a statement that is no loop
    (lambda g: g.replace("      C[i][j] *= beta;", "#pragma ACCEL PIPELINE\n      C[i][j] *= beta;"),
     "misplaced_pragma"),
    # TILE on an inner loop whose design space has no TILE there
    (lambda g: insert_after(g, "for (k = 0; k < 80; k++) {\n", "#pragma ACCEL TILE FACTOR=2\n"), "misplaced_pragma"),
    # two PARALLEL pragmas on one loop
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL PARALLEL FACTOR=2\n"
                                            "#pragma ACCEL PARALLEL FACTOR=4\n"), "misplaced_pragma"),
    # a value outside the placeholder's domain, and a malformed one
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL PARALLEL FACTOR=7\n"), "illegal_value"),
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL PIPELINE fast\n"), "illegal_value"),
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL TILE FACTOR=x\n"), "illegal_value"),
    # FACTOR twice in one pragma (which one counts?), and digits no HLS tool reads the same way
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL PARALLEL FACTOR=2 FACTOR=4\n"),
     "illegal_value"),
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL PARALLEL FACTOR=\uff14\n"), "illegal_value"),
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL PARALLEL FACTOR=\u00b2\n"), "illegal_value"),
    (lambda g: g.replace("#pragma scop\n", "#pragma scop\n#pragma ACCEL PARALLEL FACTOR=04\n"), "illegal_value"),
])
def test_anything_but_legal_pragmas_on_their_loops_is_refused(gemm, edit, category):
    _, given, placement, sp = gemm
    with pytest.raises(DesignError) as info:
        point_from_source(edit(given), given, placement, sp)
    assert info.value.category == category


def test_comments_and_whitespace_are_not_code_changes(gemm):
    _, given, placement, sp = gemm
    text = given.replace("C[i][j] *= beta;", "C[i][j]   *=   beta;   // scale") + "\n/* trailing note */\n"
    assert point_from_source(text, given, placement, sp) == sp.default_point()


# -- the evaluator -----------------------------------------------------------------------------

def test_sample_tasks_check_end_to_end():
    """The same proofs the full `tasks check` makes, on one task per track: best point = 100%
    of best, all-default with its measured latency, non-pragma edit rejected, a mutant killed,
    an invalid point failed, the public check passing the reference."""
    suite_list = resolve_suites(["hls"])
    tasks = select_tasks(suite_list, SAMPLE)
    evaluator_of = {"hls": HlsEvaluator()}
    names = {c.name for t in tasks for c in cases_of(t, evaluator_of["hls"])}
    assert {"proof/testbench kills a mutant of the kernel", "proof/best known point scores 100% of best",
            "proof/all-default point passes with its measured latency", "proof/non-pragma edit is rejected",
            "proof/an invalid (over-budget or failed) point fails", "reference (public tests)"} <= names
    results = asyncio.run(check_tasks(tasks, evaluator_of, "local", hidden_roots(suite_list)))
    bad = [(r.task_id, r.case, r.verdict.status.value, r.verdict.reason) for r in results if not r.ok]
    assert not bad


def test_a_measured_point_names_its_source_and_figures():
    task = load("hls/gemm-p-v20")
    sp = space("v20", "gemm-p")
    verdict = score(task, task.reference)
    assert verdict.status is Status.PASS and verdict.qor["pct_of_best"] == 100.0
    assert verdict.perf.measured_on == "measured (HLSyn v20, Vitis 2020.2)"
    assert verdict.perf.baseline == sp.lookup(sp.default_point()).perf
    assert "util_DSP" in verdict.qor and "measured (HLSyn v20, Vitis 2020.2)" in verdict.reason


def unmeasured_point(sp):
    import itertools

    for values in itertools.product(*sp.domains.values()):
        point = dict(zip(sp.domains, values))
        if sp.lookup(point) is None:
            return point
    raise AssertionError("every point measured")


def test_an_unmeasured_point_gets_a_labelled_prediction_kept_out_of_perf():
    task = load("hls/gemm-p-v20")
    point = unmeasured_point(space("v20", "gemm-p"))
    verdict = score(task, {"design.toml": render_toml(point)})
    assert verdict.status is Status.PASS and verdict.category == "predicted"
    assert verdict.perf is None and "latency_cycles" not in verdict.qor
    assert verdict.qor["predicted_latency_cycles"] > 0 and 0 <= verdict.qor["surrogate_cv_error"] < 1
    assert "predicted (surrogate, CV error" in verdict.reason


def test_measured_only_variant_fails_an_unmeasured_point():
    (suite,) = resolve_suites(["hls:pragma+measured"])
    task = suite.load(["gemm-p-v20"])[0]
    assert task.eval["measured_only"] is True
    verdict = score(task, {"design.toml": render_toml(unmeasured_point(space("v20", "gemm-p")))})
    assert verdict.status is Status.FAIL and verdict.category == "not_measured"
    assert score(task, task.reference).status is Status.PASS


def test_public_feedback_never_shows_qor_or_validity():
    task = load("hls/gemm-p-v20-k8")
    for case in ("reference", "invalid-point"):
        files = task.reference if case == "reference" else task.wrong_candidates()[case]
        verdict = score(task, files, public=True)
        assert verdict.status is Status.PASS and verdict.perf is None and not verdict.qor
        assert "cycles" not in verdict.feedback and "query_design" in verdict.feedback


def test_the_testbench_runs_in_the_sandbox_and_a_wrong_kernel_fails_c_simulation():
    from chipbench.evaluators.hls import simulate
    from chipbench.sandbox.local import LocalSandbox

    spec = HlsTask.of(load("hls/stencil-v20"))
    wrong = spec.original.replace("= temp;", "= temp + 1;", 1)
    broken = spec.original.replace("sol[", "nowhere[", 1)
    assert wrong != spec.original and broken != spec.original

    async def run(source):
        async with LocalSandbox(hide=[]) as box:
            return await simulate(spec, source, box, seed=7)

    good, bad, unbuilt = (asyncio.run(run(s)) for s in (spec.original, wrong, broken))
    assert good.status is Status.PASS and "seed 7: ok" in good.checks[0].detail
    assert bad.status is Status.FAIL and bad.category == "simulation_mismatch"
    assert unbuilt.status is Status.COMPILE_ERROR and "not declared" in unbuilt.feedback


def test_a_verdict_line_printed_besides_the_testbench_or_before_a_crash_is_no_pass():
    """Code run before the testbench (a constructor) prints a forged `ok`; a run printing the
    right line and then crashing is no result either."""
    from chipbench.evaluators.hls import simulate
    from chipbench.sandbox.local import LocalSandbox

    spec = HlsTask.of(load("hls/stencil-v20"))
    forged_first = ('__attribute__((constructor)) static void forged(int argc, char **argv, char **envp) '
                    '{ if (argc > 1) printf("CHIPBENCH_CSIM %s ok\\n", argv[1]); fflush(stdout); }\n'
                    + spec.original.replace("= temp;", "= temp + 1;", 1))
    crash_after = ('struct Crash { ~Crash() { fflush(stdout); abort(); } };\nstatic Crash crash_at_exit;\n'
                   + spec.original)

    async def run(source):
        async with LocalSandbox(hide=[]) as box:
            return await simulate(spec, source, box, seed=7)

    for source in (forged_first, crash_after):
        verdict = asyncio.run(run(source))
        assert verdict.status is Status.RUNTIME_ERROR, (verdict.status, verdict.reason)


# -- the query budget through the agent interface -----------------------------------------------

def test_query_tool_answers_at_most_k_distinct_points():
    task = load("hls/gemm-p-v20-k8")
    (tool,) = HlsEvaluator().query_tools(task)
    sp = space("v20", "gemm-p")
    measured = [p for p, m in sp.rows][:12]

    async def ask():
        answers = [await tool.run({"design.toml": render_toml(p)}) for p in measured]
        again = await tool.run({"design.toml": render_toml(measured[0])})
        broken = await tool.run({"design.toml": "__PIPE__L0 = 3\n"})
        return answers, again, broken

    answers, again, broken = asyncio.run(ask())
    assert all("query" in a and "of 8" in a for a in answers[:8])
    assert all(a.startswith("query budget used up") for a in answers[8:])
    assert "asked before; no query used" in again and "no query used" in broken
    assert HlsEvaluator().query_tools(load("hls/gemm-p-v20")) == []
    assert HlsEvaluator().query_tools(task)[0] is not tool  # fresh per sample


def test_tool_calling_agent_offers_the_query_tool_and_it_stops_at_k(tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from fake_openai import Answer, FakeChatServer, call, conversation_turn

    from chipbench.core import ModelSettings
    from chipbench.leaderboards import load_records
    from chipbench.runner import RunConfig, run

    sp = space("v20", "gemm-p")
    points = [p for p, m in sp.rows if m.valid][:10]

    def script(body):
        turn = conversation_turn(body)
        if turn < 20:
            p = points[turn // 2]
            if turn % 2 == 0:
                return Answer(tool_calls=[call("write_file", {"path": "design.toml", "content": render_toml(p)})])
            return Answer(tool_calls=[call("query_design")])
        return Answer(tool_calls=[call("submit")])

    with FakeChatServer(script) as server:
        config = RunConfig(suites=["hls"], tasks=["hls/gemm-p-v20-k8"], agent="tool-calling", model="local/x",
                           run_dir=tmp_path / "run", cache=False,
                           settings=ModelSettings(base_url=server.base_url, timeout_s=10, retries=0))
        asyncio.run(run(config))
        offered = {t["function"]["name"] for t in server.requests[0]["tools"]}
    (record,) = load_records(tmp_path / "run")
    answers = [m.content for m in record.candidate.trajectory.messages if m.role == "tool" and "query" in m.content]
    assert "query_design" in offered
    assert sum("(query " in a for a in answers) == 8
    assert sum(a.startswith("query budget used up") for a in answers) == 2
    assert record.verdict.status is Status.PASS


# -- suite tracks and QoR backends -------------------------------------------------------------

def test_tracks_come_from_the_entry_point_group_like_kernel_backends(tmp_path):
    (xls,) = resolve_suites(["hls:xls"])
    assert xls.name == "hls" and xls.evaluator == "hls-xls" and xls.root.name == "hls-xls"
    with pytest.raises(ChipbenchError, match="no track 'nope'"):
        resolve_suites(["hls:nope"])
    with pytest.raises(ChipbenchError, match="unknown option"):
        resolve_suites(["hls:pragma+fast"])
    other = resolve_suites(["verilog"])[0]
    hls_tracks.register("toy")(lambda parent: other)
    try:
        assert resolve_suites(["hls:toy"]) == [other]
    finally:
        hls_tracks._items.pop("toy")


class FakeTool(QorBackend):
    name = "fake-hls"

    def available(self):
        return None

    def version(self):
        return "1.0"

    async def measure(self, source, spec, sandbox):
        flatten = "PIPELINE flatten" in source
        return ToolQoR(latency=100 if flatten else 400, util={"DSP": 0.1, "BRAM": 0.0, "LUT": 0.2, "FF": 0.1})


def test_a_real_tools_figure_wins_and_names_the_tool():
    task = load("hls/gemm-p-v20")
    point = space("v20", "gemm-p").default_point() | {"__PIPE__L0": "flatten"}
    verdict = score(task, {"design.toml": render_toml(point)}, evaluator=HlsEvaluator(backend=FakeTool()))
    assert verdict.status is Status.PASS
    assert verdict.perf.candidate == 100 and verdict.perf.baseline == 400 and verdict.perf.speedup == 4
    assert verdict.perf.measured_on == "measured (fake-hls 1.0)" and "pct_of_best" not in verdict.qor


def test_backend_selection_by_option_with_environment_default(monkeypatch):
    monkeypatch.delenv("CHIPBENCH_HLS_QOR", raising=False)
    assert selected_backend("data") is None and HlsEvaluator().backend is None
    assert HlsEvaluator().settings()["qor_backend"] == "data"
    with pytest.raises(ChipbenchError, match="unknown hls_qor_backend"):
        selected_backend("no-such-tool")
    monkeypatch.setenv("CHIPBENCH_HLS_QOR", "no-such-tool")
    with pytest.raises(ChipbenchError, match="unknown hls_qor_backend"):
        HlsEvaluator()
    assert HlsEvaluator(qor_backend="data").backend is None  # the option wins over the variable
    assert set(qor_backends.names()) >= {"vitis-hls", "bambu"}


def test_vitis_report_parsing():
    xml = ("<profile><PerformanceEstimates><SummaryOfOverallLatency><Worst-caseLatency>1234"
           "</Worst-caseLatency></SummaryOfOverallLatency></PerformanceEstimates><AreaEstimates><Resources>"
           "<BRAM_18K>10</BRAM_18K><DSP>684</DSP><FF>100</FF><LUT>50</LUT></Resources><AvailableResources>"
           "<BRAM_18K>4320</BRAM_18K><DSP>6840</DSP><FF>2364480</FF><LUT>1182240</LUT></AvailableResources>"
           "</AreaEstimates></profile>")
    qor = parse_report(xml)
    assert qor.latency == 1234 and qor.util["DSP"] == pytest.approx(0.1)


@pytest.mark.parametrize("backend", [VitisHlsBackend, BambuBackend])
def test_real_tool_measures_the_reference(backend):
    why = backend().available()
    if why:
        pytest.skip(f"no {backend.name} here: {why}")
    task = load("hls/gemm-p-v20")
    verdict = score(task, task.reference, evaluator=HlsEvaluator(backend=backend()))
    assert verdict.status is Status.PASS and verdict.perf.measured_on.startswith(f"measured ({backend.name}")


# -- hostile candidates ----------------------------------------------------------------------

@pytest.mark.parametrize("task_id", ["hls/gemm-p-v20-insert", "hls/gemm-p-v20"])
def test_generic_hostile_cases_never_pass(task_id):
    task = load(task_id)
    cases = HlsEvaluator().hostile_cases(task)
    assert len(cases) >= 3
    for case in cases:
        verdict = score(task, case.files)
        assert verdict.status in case.expect, (case.name, verdict.status, verdict.reason)
    assert not Path("/tmp/chipbench-hls-escape").exists()


ADVERSARIAL = Path(__file__).parent / "adversarial" / "hls"


@pytest.mark.parametrize("case", sorted(p.name for p in ADVERSARIAL.iterdir()) if ADVERSARIAL.is_dir() else [])
def test_adversarial_cases(case):
    folder = ADVERSARIAL / case
    spec = tomllib.loads((folder / "case.toml").read_text())
    verdict = score(load(spec["task"]), load_case(folder).files)  # byte for byte: keeps a lone \r
    assert verdict.status.value in spec["expect"], (verdict.status, verdict.reason)
    if "category" in spec:
        assert verdict.category == spec["category"]


def test_refine_runs_every_query_tool_on_the_answer_it_checks():
    from chipbench.agents import AgentTools
    from chipbench.agents.refine import _check
    from chipbench.core import QueryTool

    task = load("hls/gemm-p-v20-k8")
    (query,) = HlsEvaluator().query_tools(task)

    async def public(files):
        return "checks passed"

    tools = AgentTools(check=public, queries=[query, QueryTool("echo", "says hi", lambda files: _hi())])
    report = asyncio.run(_check(tools, dict(task.reference)))
    assert report.startswith("checks passed")
    assert "query_design: valid; latency 15189 cycles" in report and "(query 1 of 8)" in report
    assert report.endswith("echo: hi")


async def _hi():
    return "hi"
