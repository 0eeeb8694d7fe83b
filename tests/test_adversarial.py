"""The adversarial battery: every hostile candidate (the case folders under tests/adversarial/
and every suite's generic cases) goes through `chipbench run` on the local sandbox and, where
an engine runs, on docker. Each must get a status it may get (never pass, never a harness
error), the runner must finish, nothing may leak (no process, container, mount or file left
behind, no connection made, the canary secret in no file of the run), and the test prints
`accepted: 0 of N`."""

from __future__ import annotations

import importlib.util
import shutil
import time

import pytest

from adversarial_support import (
    CaseError, Machine, case_folders, generic_cases, leaked_canary, load_case, run_cases,
)
from docker_support import docker_skip_reason

GENERIC_SUITES = ["verilog", "isa-transpile", "cuda-kernels:cpu", "hls-xls"]
BATTERY_SUITES = ["verilog", "isa-transpile", "cuda-kernels:cpu"]
"""The suites whose generic cases the battery runs. hls-xls is checked for coverage only: its
own tests leave two of its cases (memory and compile bombs built on the reference) out of the
never-pass check, so it joins once they are built to fail whatever XLS survives."""


def _available(spec: str) -> str | None:
    """Why the suite's tools are missing here, or None."""
    needs = {"verilog": "iverilog", "isa-transpile": "qemu-riscv64", "hls-xls": "iverilog"}
    tool = needs.get(spec.split(":")[0])
    if tool and shutil.which(tool) is None:
        return f"{tool} not installed"
    modules = {"cuda-kernels": ("torch", "kernels"), "hls-xls": ("xls", "xls")}
    if (need := modules.get(spec.split(":")[0])) and importlib.util.find_spec(need[0]) is None:
        return f"{need[0]} not installed (pip install '.[{need[1]}]')"
    return None


def all_cases(slow: bool, sandbox: str = "local"):
    """Every case of the chosen speed whose suite can run here; a malformed case folder is an error.

    The default (CI) set keeps one variant per generic attack and suite (the shell one where
    there is one: the same command whatever the language), and on the local sandbox the case
    folders of every suite but cuda-kernels, whose cases each cost a reference run of torch
    (tests/test_kernels_hostile.py runs them through the judge in the default set). The other
    variants and the kernel folders run in the slow set, and the docker default set keeps only
    the generic cases: what it adds is the container's containment. CI time stays a few
    minutes. On docker the kernel suite's generic cases are slow too: the shell attacks are the
    same commands in every suite, and the container holds them whatever evaluator runs them."""
    cases = [load_case(folder) for folder in case_folders()]
    suites = [s for s in BATTERY_SUITES if _available(s) is None]
    cases += generic_cases(suites)
    names = {c.name for c in cases}

    def is_slow(case) -> bool:
        if case.slow:
            return True
        if "/generic/" in case.name:
            variant = case.name.rsplit("/", 1)[1]
            if variant != "shell" and case.name.rsplit("/", 1)[0] + "/shell" in names:
                return True
            return sandbox == "docker" and case.suite.startswith("cuda-kernels")
        return sandbox == "docker" or case.suite.startswith("cuda-kernels")

    return [c for c in cases if is_slow(c) == slow and _available(c.suite) is None]


def _battery(sandbox: str, slow: bool, tmp_path, request) -> None:
    cases = all_cases(slow, sandbox)
    assert cases, "no adversarial case to run"
    machine = Machine().snapshot()
    started = time.monotonic()
    try:
        battery = run_cases(cases, sandbox, tmp_path)
    finally:
        leftovers = machine.problems()
    outcomes = battery.outcomes
    wall = time.monotonic() - started
    accepted = [o for o in outcomes if o.record is not None and o.record.verdict.correct]
    problems = [f"{o.case.name}: {o.problem}" for o in outcomes if o.problem]
    problems += [f"machine: {p}" for p in leftovers]
    problems += [f"canary secret leaked into {f}" for f in leaked_canary(machine.canary, battery.run_dirs)]
    if any(machine.canary in text for text in battery.in_memory):
        problems.append("canary secret reached a sandbox (it is in a verdict before redaction)")
    summary = f"adversarial battery on {sandbox}: accepted: {len(accepted)} of {len(outcomes)} ({wall:.0f} s)"
    reporter = request.config.pluginmanager.getplugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(summary)
    print(summary)
    for o in outcomes:
        print(f"  {o.case.name}: {o.record.verdict.status.value if o.record else 'missing'}")
    assert not problems, summary + "\n" + "\n".join(problems)


@pytest.mark.timeout(1800)
def test_battery_on_the_local_sandbox(tmp_path, request):
    _battery("local", False, tmp_path, request)


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_battery_slow_cases_on_the_local_sandbox(tmp_path, request):
    _battery("local", True, tmp_path, request)


def _docker_reason() -> str | None:
    for toolchain in ("verilog", "isa-transpile", "cuda-kernels"):
        if reason := docker_skip_reason(toolchain):
            return reason
    return None


@pytest.mark.docker
@pytest.mark.timeout(1800)
def test_battery_on_the_docker_sandbox(tmp_path, request):
    if reason := _docker_reason():
        pytest.skip(reason)
    _battery("docker", False, tmp_path, request)


@pytest.mark.docker
@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_battery_slow_cases_on_the_docker_sandbox(tmp_path, request):
    if reason := _docker_reason():
        pytest.skip(reason)
    _battery("docker", True, tmp_path, request)


def test_every_case_folder_is_well_formed():
    for folder in case_folders():
        load_case(folder)  # raises CaseError naming the folder and field


@pytest.mark.parametrize("toml, message", [
    ('task = "verilog/alu8"\nclass = "x"\ndescription = "d"\nexpect = ["pass"]\n', "can never be an acceptable"),
    ('task = "verilog/alu8"\nclass = "x"\ndescription = "d"\nexpect = ["harness_error", "fail"]\n', "can never be"),
    ('task = "verilog/alu8"\nclass = "x"\ndescription = "d"\nexpect = []\n', "at least one status"),
    ('task = "alu8"\nclass = "x"\ndescription = "d"\nexpect = ["fail"]\n', "suite/name"),
    ('task = "verilog/alu8"\nclass = "x"\ndescription = "d"\nexpect = ["fail"]\ntypo = 1\n', "typo"),
    ('task = "verilog/alu8"\ndescription = "d"\nexpect = ["fail"]\n', "class"),
    ('task = "verilog/alu8"\nclass = "x"\ndescription = "d"\nexpect = ["won"]\n', "expect"),
    ('task = "verilog/alu8\n', "not valid TOML"),
])
def test_a_malformed_case_is_a_clear_error(tmp_path, toml, message):
    folder = tmp_path / "verilog" / "bad"
    (folder / "files").mkdir(parents=True)
    (folder / "files" / "alu8.v").write_text("module alu8; endmodule\n")
    (folder / "case.toml").write_text(toml)
    with pytest.raises(CaseError, match=message) as info:
        load_case(folder)
    assert str(folder / "case.toml") in str(info.value)


def test_a_case_without_files_is_a_clear_error(tmp_path):
    folder = tmp_path / "verilog" / "empty"
    folder.mkdir(parents=True)
    (folder / "case.toml").write_text('task = "verilog/alu8"\nclass = "x"\ndescription = "d"\nexpect = ["fail"]\n')
    with pytest.raises(CaseError, match="files"):
        load_case(folder)


CASE = 'task = "verilog/alu8"\nclass = "x"\ndescription = "d"\nexpect = ["fail"]\n'
SUM = "wire [8:0] sum  = {1'b0, a} + {1'b0, b};"


def _edited_case(tmp_path, edits: str, **own: str):
    folder = tmp_path / "verilog" / "edited"
    (folder / "files").mkdir(parents=True)
    (folder / "case.toml").write_text(CASE)
    (folder / "files" / "edits.toml").write_text(edits)
    for name, text in own.items():
        (folder / "files" / name).write_text(text)
    return folder


def test_a_case_declared_as_edits_of_its_task_gets_the_edited_files(tmp_path):
    """`files/edits.toml` (the hidden candidates' format, chipbench.candidate_edits): the case
    is a folder of its task's hidden/ with the edits applied and its `own` files over it."""
    from chipbench.api import resolve

    task, _, _ = resolve("verilog/alu8")
    edits = f'base = "reference"\nown = ["notes.txt"]\n[[edit]]\nfile = "alu8.v"\nfind = "{SUM}"\nreplace = "{SUM.replace("+", "-")}"\n'
    case = load_case(_edited_case(tmp_path, edits, **{"notes.txt": "mine\n"}))
    assert case.files == {"alu8.v": task.reference["alu8.v"].replace(SUM, SUM.replace("+", "-")), "notes.txt": "mine\n"}


@pytest.mark.parametrize("edits, own, message", [
    ('base = "reference"\n[[edit]]\nfile = "alu8.v"\nfind = "no such line"\nreplace = "x"\n', {},
     "occurs 0 times"),
    ('base = "reference"\n[[edit]]\nfile = "alu8.v"\nfind = "wire"\nreplace = "x"\n', {}, "occurs [0-9]+ times"),
    ('base = "no_such_folder"\nown = ["alu8.v"]\n', {"alu8.v": "module alu8; endmodule\n"}, "no such folder"),
    ('base = "reference"\nown = ["alu8.v"]\n', {"alu8.v": "x\n", "stray.v": "y\n"}, "stray.v"),
    ('base = "reference"\n', {}, "would be its base"),
])
def test_an_edit_that_no_longer_applies_is_a_clear_error(tmp_path, edits, own, message):
    """As a hidden candidate's edits are a load error: a case whose base changed under an
    edited line is refused, never run as something else."""
    folder = _edited_case(tmp_path, edits, **own)
    with pytest.raises(CaseError, match=message) as info:
        load_case(folder)
    assert str(folder / "files" / "edits.toml") in str(info.value)


def test_every_suite_covers_every_generic_attack_or_says_why_not():
    from chipbench.evaluators.hostile import ATTACKS, MIN_CASES
    from chipbench.registry import evaluators
    from chipbench.runner import resolve_suites

    for spec in [s for s in GENERIC_SUITES if _available(s) is None]:
        (suite,) = resolve_suites([spec])
        task = sorted(suite.load(), key=lambda t: t.id)[0]
        evaluator = evaluators.get(suite.evaluator)()
        cases, waived = evaluator.hostile_cases(task), evaluator.hostile_not_applicable(task)
        assert all(reason.strip() for reason in waived.values()), spec
        covered = {c.attack for c in cases}
        assert {a.name for a in ATTACKS} <= covered | set(waived), (spec, {a.name for a in ATTACKS} - covered)
        assert len(cases) >= min(MIN_CASES, len(ATTACKS) - len(waived)), spec
    for spec in ("verilog", "isa-transpile", "cuda-kernels:cpu"):  # languages that can do anything
        (suite,) = resolve_suites([spec])
        task = sorted(suite.load(), key=lambda t: t.id)[0]
        assert len(evaluators.get(suite.evaluator)().hostile_cases(task)) >= MIN_CASES, spec


def _inverter(tmp_path):
    from conftest import write_task
    from chipbench.tasks import load_task

    root = tmp_path / "suite"
    root.mkdir()
    return load_task(write_task(root), "verilog")


def test_tasks_check_refuses_a_suite_without_a_generic_battery(tmp_path):
    """A new suite whose evaluator ships no generic hostile cases fails `tasks check`."""
    import asyncio

    from chipbench.evaluators.verilog import VerilogEvaluator
    from chipbench.task_check import check_tasks

    class Weak(VerilogEvaluator):
        def hostile_cases(self, task):
            return []

    task = _inverter(tmp_path)
    results = asyncio.run(check_tasks([task], {"verilog": Weak(simulators=["icarus"])}, "local", [tmp_path],
                                      hostile="quick"))
    gap = [r for r in results if r.case == "hostile/*"]
    assert len(gap) == 1 and not gap[0].ok and "at least 10" in gap[0].verdict.reason


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_tasks_check_runs_the_generic_battery_on_one_task_per_suite(tmp_path):
    import asyncio

    from chipbench.evaluators.verilog import VerilogEvaluator
    from chipbench.task_check import check_tasks

    task = _inverter(tmp_path)
    evaluator = VerilogEvaluator(simulators=["icarus"])
    quick = [h for h in evaluator.hostile_cases(task) if not h.slow]
    results = asyncio.run(check_tasks([task], {"verilog": evaluator}, "local", [tmp_path], hostile="quick"))
    hostile = [r for r in results if r.case.startswith("hostile/")]
    assert len(hostile) == len(quick) >= 10
    assert all(r.ok for r in hostile), [(r.case, r.verdict.status, r.verdict.reason) for r in hostile if not r.ok]
    assert all(r.ok for r in results)


def test_a_missing_attack_must_be_waived_with_a_reason(tmp_path):
    from chipbench.evaluators.verilog import VerilogEvaluator
    from chipbench.task_check import hostile_cases_of

    task = _inverter(tmp_path)

    class NoNetwork(VerilogEvaluator):
        def hostile_cases(self, task):
            return [h for h in super().hostile_cases(task) if h.attack != "network"]

    class Waived(NoNetwork):
        def hostile_not_applicable(self, task):
            return {"network": "this language has no sockets"}

    _, gaps = hostile_cases_of([task], {"verilog": NoNetwork(simulators=["icarus"])})
    assert len(gaps) == 1 and "none for network" in gaps[0].verdict.reason
    _, gaps = hostile_cases_of([task], {"verilog": Waived(simulators=["icarus"])})
    assert gaps == []


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_tasks_check_builds_each_case_once(tmp_path, monkeypatch):
    """`tasks check` builds a suite's hostile battery and each task's proofs once: the
    progress bar's total comes from the cases it then runs, not from building them again."""
    from typer.testing import CliRunner

    from chipbench.cli import app
    from chipbench.evaluators.verilog import VerilogEvaluator

    _inverter(tmp_path)
    (tmp_path / "suite" / "suite.toml").write_text('suite = "verilog"\nseed = 0\n')
    builds = {"hostile": 0, "proofs": 0}
    real_hostile, real_proofs = VerilogEvaluator.hostile_cases, VerilogEvaluator.proofs

    def hostile_cases(self, t):
        builds["hostile"] += 1
        return [h for h in real_hostile(self, t) if h.attack == "fork-bomb"]  # one case keeps it quick

    def proofs(self, t):
        builds["proofs"] += 1
        return real_proofs(self, t)

    monkeypatch.setattr(VerilogEvaluator, "hostile_cases", hostile_cases)
    monkeypatch.setattr(VerilogEvaluator, "proofs", proofs)
    result = CliRunner().invoke(app, ["tasks", "check", "--suite", f"verilog@{tmp_path / 'suite'}", "--hostile", "quick",
                                      "-E", "simulators=icarus"])
    assert "problems" in result.output and "hostile/*" in result.output, result.output  # the gap: one case of 10
    assert builds == {"hostile": 1, "proofs": 1}, builds
