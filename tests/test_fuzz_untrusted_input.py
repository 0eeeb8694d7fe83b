"""Property-based tests of everything that reads text or bytes chipbench does not control: task
folders, model replies, stored records and manifests, replay files, and what tools and
candidates print (simulator logs, the emulator's output, Yosys statistics, ptxas reports, the
slang parser's output, ELF objects, the kernel judge's report). Malformed input must give a
clear error or a failing verdict, never an exception that would end a run."""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from chipbench.core import ChipbenchError, Status, Verdict
from chipbench.sandbox import ExecResult

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
FUZZ_FILES = settings(FUZZ, max_examples=60)
"""For properties that write a folder per example (a task, a run): fewer, slower examples."""

# Text that looks like what the parsers look for, mixed with anything.
NONCE = "0123abcd"
fragments = st.sampled_from([
    f"CHIPBENCH_RESULT {NONCE} checks=", "errors=", "CHIPBENCH_MISMATCH ", "Mismatches: ", " in ", " samples",
    f"CHIPBENCH_COUNT {NONCE} insns=", " escapes=0 escape_pc=0x", " syscalls=0 syscall_num=", " touched=0x",
    " end=", "ok", "limit", "escape", "syscall", "tamper", "!abi\t", "!end\t", "\t", "\n", "Number of cells:",
    "Estimated number of transistors:", "ptxas info", "Used 12 registers", "bytes stack frame", "entry function",
    "error", "999999999999999999999999", "-1", "0x", "```", "````", "~~~", "verilog", "file=", "name: ",
    "// top.v", "# x.py", "**a.v**", "\x00", "\ufeff", "é", "\r\n",
])
untrusted_text = st.lists(st.one_of(fragments, st.text(max_size=20), st.integers(-5, 10**20).map(str)),
                          max_size=40).map("".join)


def exec_results():
    return st.builds(
        ExecResult, returncode=st.one_of(st.none(), st.integers(-300, 300)), stdout=untrusted_text,
        stderr=untrusted_text, wall_s=st.floats(0, 1e6, allow_nan=False), timed_out=st.booleans(),
        output_limited=st.booleans())


# -- the reply extractor ---------------------------------------------------------------------------

@FUZZ
@given(reply=untrusted_text, expected=st.lists(st.sampled_from(["top.v", "a/b.v", "model_new.py", "kernel.cpp",
                                                                 "f.s"]), min_size=1, max_size=3, unique=True))
def test_extract_files_never_raises_and_names_what_is_missing(reply, expected):
    from chipbench.agents.extract import extract_files

    files, error = extract_files(reply, tuple(expected))
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in files.items())
    if error is None:
        assert set(expected) <= set(files)
    else:
        assert isinstance(error, str) and error


@FUZZ
@given(files=st.dictionaries(st.sampled_from(["top.v", "model_new.py", "kernel.cpp", "f.s"]),
                             st.text(max_size=200), min_size=1, max_size=3))
def test_render_then_extract_gives_the_files_back(files):
    from chipbench.agents.extract import extract_files, render_files

    assume(all("\n```" not in t and "\n````" not in t and not t.startswith(("```", "~~~")) for t in files.values()))
    got, error = extract_files(render_files(files), tuple(files))
    assert error is None
    assert {k: v.rstrip("\n") for k, v in got.items()} == {k: v.rstrip("\n") for k, v in files.items()}


# -- the task loader -----------------------------------------------------------------------------------

toml_values = st.one_of(st.text(max_size=10), st.integers(), st.booleans(), st.lists(st.text(max_size=5), max_size=3))


@FUZZ_FILES
@given(toml=untrusted_text, prompt=st.one_of(st.none(), st.text(max_size=20)), with_reference=st.booleans())
def test_a_malformed_task_folder_is_a_task_error(tmp_path_factory, toml, prompt, with_reference):
    from chipbench.tasks import load_task
    from chipbench.tasks._loader import TaskError

    folder = tmp_path_factory.mktemp("task")
    (folder / "task.toml").write_text(toml)
    if prompt is not None:
        (folder / "prompt.md").write_text(prompt)
    if with_reference:
        (folder / "hidden" / "reference").mkdir(parents=True)
        (folder / "hidden" / "reference" / "top.v").write_text("module top; endmodule\n")
    try:
        load_task(folder, "fuzz")
    except TaskError as exc:
        assert str(folder) in str(exc)


def _toml_line(key, value) -> str:
    return f"{key} = {json.dumps(value)}\n"  # JSON scalars and lists of strings are valid TOML


@FUZZ_FILES
@given(fields=st.dictionaries(st.sampled_from(["title", "kind", "difficulty", "tags", "submit", "extra"]),
                              toml_values, max_size=6))
def test_wrong_field_values_in_task_toml_are_task_errors(tmp_path_factory, fields):
    from chipbench.tasks import load_task
    from chipbench.tasks._loader import TaskError

    folder = tmp_path_factory.mktemp("task")
    (folder / "task.toml").write_text("".join(_toml_line(k, v) for k, v in fields.items()))
    (folder / "prompt.md").write_text("Do it.\n")
    (folder / "hidden" / "reference").mkdir(parents=True)
    (folder / "hidden" / "reference" / "top.v").write_text("module top; endmodule\n")
    try:
        task = load_task(folder, "fuzz")
    except TaskError as exc:
        assert "task.toml" in str(exc)
    else:
        assert task.submit == ("top.v",)


# -- the results store, manifests and replay files -----------------------------------------------------

@FUZZ_FILES
@given(garbage=st.lists(st.one_of(st.binary(max_size=60), untrusted_text.map(str.encode)), min_size=1, max_size=4))
def test_a_damaged_records_file_is_read_or_refused_clearly(tmp_path_factory, garbage):
    from chipbench.leaderboards.store import RunStore, load_records
    from test_store_and_resume import record

    run_dir = tmp_path_factory.mktemp("run")
    with RunStore(run_dir) as store:
        store.append(record("s/a"))
    with open(run_dir / "records.jsonl", "ab") as f:
        f.write(b"\n".join(garbage))
    try:
        with RunStore(run_dir) as store:
            assert store.has("s/a", 0)
            store.append(record("s/new"))  # a store that opened can be written, and read back
        assert {r.task_id for r in load_records(run_dir)} >= {"s/a", "s/new"}
    except ChipbenchError as exc:
        assert "records.jsonl" in str(exc)


@FUZZ_FILES
@given(data=st.one_of(st.binary(max_size=200), untrusted_text.map(str.encode),
                      st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
                                   lambda c: st.one_of(st.lists(c, max_size=3),
                                                       st.dictionaries(st.text(max_size=5), c, max_size=3)),
                                   max_leaves=8).map(lambda v: json.dumps(v).encode())))
def test_a_damaged_manifest_is_refused_clearly(tmp_path_factory, data):
    from chipbench.leaderboards.store import read_manifest

    run_dir = tmp_path_factory.mktemp("run")
    (run_dir / "manifest.json").write_bytes(data)
    try:
        manifest = read_manifest(run_dir)
    except ChipbenchError as exc:
        assert "manifest.json" in str(exc)
    else:
        assert isinstance(manifest, dict)


@FUZZ_FILES
@given(lines=st.lists(st.one_of(untrusted_text, st.recursive(
    st.one_of(st.none(), st.integers(), st.text(max_size=5)),
    lambda c: st.one_of(st.lists(c, max_size=3), st.dictionaries(
        st.sampled_from(["task", "sample", "reply", "replies", "task_id", "candidate", "content"]), c, max_size=4)),
    max_leaves=10).map(json.dumps)), min_size=1, max_size=4))
def test_a_malformed_replay_file_is_refused_clearly(tmp_path_factory, lines):
    from chipbench.agents.models.replay import ReplayModel

    path = tmp_path_factory.mktemp("replay") / "replies.jsonl"
    path.write_text("\n".join(lines))
    try:
        ReplayModel(str(path))
    except ChipbenchError as exc:
        assert str(path) in str(exc)


# -- tool and simulator output ------------------------------------------------------------------

@FUZZ
@given(run=exec_results(), checks=st.integers(0, 10**6))
def test_simulator_logs_give_an_outcome(run, checks):
    from chipbench.evaluators.verilog._simulators import _outcome

    outcome = _outcome("icarus", run, NONCE)
    assert outcome.kind in {"pass", "mismatch", "timeout", "flood", "no_verdict"}
    assert outcome.expecting(checks).kind in {"pass", "mismatch", "timeout", "flood", "no_verdict"}
    assert outcome.kind != "pass" or run.returncode == 0


@FUZZ
@given(stat=untrusted_text)
def test_yosys_statistics_give_figures_or_none(stat):
    from chipbench.evaluators.verilog._qor import _figures

    figures = _figures(stat)
    assert figures is None or all(isinstance(v, float) for v in figures.values())


@FUZZ
@given(stdout=untrusted_text)
def test_slang_port_output_gives_ports_or_an_error_message(stdout):
    from chipbench.evaluators.verilog._interface import Parsed, parsed_ports

    got = parsed_ports(stdout)
    assert isinstance(got, (Parsed, str))


@FUZZ
@given(output=untrusted_text)
def test_ptxas_reports_are_filtered_lines(output):
    from chipbench.evaluators.kernels.backends.cuda import ptxas_report

    assert all(line.strip() for line in ptxas_report(output).splitlines()) or ptxas_report(output) == ""


@FUZZ
@given(run=exec_results())
def test_a_failed_kernel_build_is_a_verdict(run):
    from chipbench.evaluators.kernels.backends import build_failure

    assert build_failure(run, "kernel.cpp", "the compiler").status is not Status.PASS


@functools.cache
def _isa_spec():
    from chipbench.evaluators.isa import IsaTask
    from chipbench.tasks.suites import isa_transpile

    return IsaTask.of(sorted(isa_transpile.load(), key=lambda t: t.id)[0])


@FUZZ
@given(run=exec_results())
def test_emulator_output_gives_a_verdict(run):
    from chipbench.evaluators.isa._evaluator import _judge

    verdict = _judge(_isa_spec(), run, NONCE)
    assert isinstance(verdict, Verdict)
    assert verdict.status is not Status.PASS or run.returncode == 0


@FUZZ
@given(data=st.binary(max_size=400))
def test_any_bytes_as_an_object_file_give_a_report(data):
    from chipbench.evaluators.isa import TARGETS, inspect_object

    for target in TARGETS.values():
        report = inspect_object(data, "f", target)
        assert report.rejections or report.missing


def test_a_real_object_file_with_random_damage_gives_a_report_or_a_rejection(tmp_path):
    """Flip bytes of a genuine object (headers included): the inspection never raises."""
    import random
    import shutil
    import subprocess

    from chipbench.evaluators.isa import TARGETS, inspect_object

    target = TARGETS["riscv64"]
    if shutil.which(target.assembler) is None:
        pytest.skip(f"{target.assembler} not installed")
    (tmp_path / "f.s").write_text("\t.text\n\t.globl f\nf:\n\tret\n\t.section .rodata\nt: .dword 1, 2, 3\n")
    subprocess.run([target.assembler, *target.as_flags, "-o", str(tmp_path / "f.o"), str(tmp_path / "f.s")], check=True)
    genuine = (tmp_path / "f.o").read_bytes()
    rng = random.Random(1)
    for _ in range(1000):
        damaged = bytearray(genuine)
        for _ in range(rng.randint(1, 8)):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        inspect_object(bytes(damaged), "f", target)


timing_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10, 10**12), st.floats(allow_nan=True), st.text(max_size=4)),
    lambda c: st.one_of(st.lists(c, max_size=4), st.dictionaries(
        st.sampled_from(["candidate", "eager", "torch.compile", "x"]), c, max_size=3)), max_leaves=12)


@FUZZ
@given(timing=st.dictionaries(st.sampled_from(["wall_ns", "cpu_ns", "others_cpu_ns", "calls", "threads",
                                               "compile_error"]), timing_values, max_size=6),
       wall=st.floats(0, 1e4, allow_nan=False))
def test_a_forged_or_broken_kernel_timing_report_is_refused_not_a_crash(timing, wall):
    from chipbench.evaluators.kernels._evaluator import _perf
    from chipbench.evaluators.kernels.backends.cpu import CpuBackend

    run = ExecResult(returncode=0, stdout="", stderr="", wall_s=wall)
    perf, problem = _perf(timing, run, CpuBackend(), 1)
    assert (perf is None) != (problem is None)


@FUZZ
@given(category=timing_values, detail=timing_values)
def test_a_forged_kernel_failure_report_is_a_verdict(category, detail):
    from chipbench.evaluators.kernels._evaluator import _failure

    verdict = _failure(category, detail, "logs")
    assert verdict.status not in (Status.PASS, Status.HARNESS_ERROR)
