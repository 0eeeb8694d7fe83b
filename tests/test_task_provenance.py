"""Task provenance: every shipped task says where it came from, and copies cannot drift."""

from __future__ import annotations

import shutil
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest
import tomli_w

from chipbench.registry import suites
from chipbench.runner import resolve_suites
from chipbench.tasks import TaskError, load_task
from chipbench.tasks.provenance import copy_drift, task_provenance
from conftest import write_task
from isa_support import requires_isa_tools

# The installed entry points only: other test modules register fixture suites at import
# (`kernel-fixture`), which would otherwise join this list when collected first.
SHIPPED = sorted(ep.name for ep in entry_points(group=suites.group) if not callable(suites.get(ep.name)))


@pytest.mark.parametrize("suite_name", SHIPPED)
def test_every_shipped_task_says_where_it_came_from(suite_name):
    suite = suites.get(suite_name)
    folders = [p for p in suite.root.iterdir() if (p / "task.toml").is_file()]
    assert folders
    unmarked = [f.name for f in folders if task_provenance(f) is None]
    assert not unmarked, f"{suite_name}: tasks without [provenance]: {unmarked[:10]}"
    generated = [task_provenance(f) for f in folders if task_provenance(f).origin == "generated"]
    assert all(p.seed == 0 for p in generated), "the shipped set is the seed-0 release"


@pytest.mark.parametrize("suite_name", SHIPPED)
def test_no_shipped_copy_has_drifted_from_its_parent(suite_name):
    assert copy_drift(suites.get(suite_name).root) == []


def test_verilog_bug_tasks_list_their_testbenches_as_copies():
    root = suites.get("verilog").root
    prov = task_provenance(root / "alu8_bug1")
    assert prov.origin == "generated" and prov.parent == "alu8" and prov.mutation.startswith("alu8.v:")
    assert prov.copies["hidden/tb.v"] == "alu8/hidden/tb.v"
    assert prov.copies["workspace/tb_public.v"] == "alu8/workspace/tb_public.v"
    assert task_provenance(root / "alu8_bug0").origin == "hand-written"


def _copy(root: Path, tmp: Path, *names: str) -> Path:
    for name in names:
        shutil.copytree(root / name, tmp / name)
    return tmp


def test_drift_is_found_when_a_copied_testbench_differs(tmp_path):
    root = _copy(suites.get("verilog").root, tmp_path, "alu8", "alu8_bug1", "alu8_bug2")
    assert copy_drift(root) == []
    tb = root / "alu8_bug1" / "hidden" / "tb.v"
    tb.write_text(tb.read_text().replace("cb_done;", "cb_done; // edited here only", 1))
    public = root / "alu8_bug2" / "workspace" / "tb_public.v"
    public.write_text(public.read_text() + "\n")
    drift = copy_drift(root)
    assert {(d.task, d.path, d.problem) for d in drift} == {
        ("alu8_bug1", "hidden/tb.v", "differs from its parent"),
        ("alu8_bug2", "workspace/tb_public.v", "differs from its parent")}
    # fixing the parent instead of the copies is drift too
    (root / "alu8_bug1" / "hidden" / "tb.v").write_bytes((root / "alu8" / "hidden" / "tb.v").read_bytes())
    (root / "alu8" / "hidden" / "reference" / "alu8.v").write_text("// rewritten\n")
    assert {(d.task, d.path) for d in copy_drift(root)} == {
        ("alu8_bug1", "hidden/reference/alu8.v"), ("alu8_bug2", "hidden/reference/alu8.v"),
        ("alu8_bug2", "workspace/tb_public.v")}


def test_drift_is_found_when_an_isa_tasks_hidden_source_differs(tmp_path):
    root = suites.get("isa-transpile").root
    shutil.copytree(root / "_sources", tmp_path / "_sources")
    _copy(root, tmp_path, "bitrev32-O2-riscv64")
    assert copy_drift(tmp_path) == []
    (tmp_path / "_sources" / "bitrev32.c").write_text("/* changed */\n")
    (drift,) = copy_drift(tmp_path)
    assert (drift.task, drift.path, drift.parent) == ("bitrev32-O2-riscv64", "hidden/bitrev32.c", "_sources/bitrev32.c")
    shutil.rmtree(tmp_path / "_sources")
    assert [d.problem for d in copy_drift(tmp_path)] == ["its parent is missing"]


@requires_isa_tools
@pytest.mark.parametrize("function", ["bitrev32", "bignum_add", "horner_f64"])
def test_isa_expected_outputs_are_what_the_hidden_source_computes(function):
    """expected.txt is derived (the native run of the hidden C): recomputed, it must be what
    all four tasks of the function hold."""
    from chipbench.tasks.generators.isa import expected_output, input_seed

    root = suites.get("isa-transpile").root
    tasks = sorted(root.glob(f"{function}-O*-*"))
    assert len(tasks) == 4
    seed = tomllib.loads((tasks[0] / "task.toml").read_text())["provenance"]["seed"]
    expected = expected_output(root / "_sources" / f"{function}.c", input_seed(function, seed))
    for task in tasks:
        assert (task / "hidden" / "expected.txt").read_text() == expected, task.name


@requires_isa_tools
def test_isa_expected_output_drift_is_found(tmp_path):
    from chipbench.tasks.generators.isa import expected_drift

    root = suites.get("isa-transpile").root
    shutil.copytree(root / "_sources", tmp_path / "_sources")
    _copy(root, tmp_path, "bitrev32-O2-riscv64", "bitrev32-O0-aarch64")
    assert expected_drift(tmp_path, ["bitrev32"]) == []
    expected = tmp_path / "bitrev32-O0-aarch64" / "hidden" / "expected.txt"
    lines = expected.read_text().splitlines(keepends=True)
    expected.write_text("".join(lines[:3] + [lines[3].replace("ret=0x", "ret=0x1", 1)] + lines[4:]))
    (drift,) = expected_drift(tmp_path, ["bitrev32"])
    assert (drift.task, drift.path) == ("bitrev32-O0-aarch64", "hidden/expected.txt")


@pytest.mark.slow
@requires_isa_tools
def test_every_isa_expected_output_is_what_its_hidden_source_computes():
    from chipbench.tasks.generators.isa import expected_drift

    assert expected_drift(suites.get("isa-transpile").root) == []


def _with_provenance(root: Path, table: dict) -> Path:
    folder = write_task(root, "inv")
    toml = folder / "task.toml"
    toml.write_text(toml.read_text() + "\n" + tomli_w.dumps({"provenance": table}))
    return folder


@pytest.mark.parametrize("table, message", [
    ({"origin": "generated", "parent": "x", "seed": 1}, "must name its generator, generator_version"),
    ({"origin": "generated", "generator": "g", "generator_version": "1", "parent": "x"}, "must name its seed"),
    ({"origin": "hand-written", "seed": 3}, "names no generator, seed or mutation"),
    ({"origin": "found-on-the-web"}, "origin"),
    ({"origin": "hand-written", "author": "me"}, "author"),
    ({"origin": "generated", "generator": "g", "generator_version": "1", "parent": "x", "seed": 0,
      "copies": {"hidden/tb.v": "../other/tb.v"}}, "relative path inside the suite"),
])
def test_the_loader_refuses_malformed_provenance(task_root, table, message):
    folder = _with_provenance(task_root, table)
    with pytest.raises(TaskError, match=message):
        load_task(folder, "toy")


def test_a_generated_tasks_seed_reaches_its_record_metadata(task_root):
    folder = _with_provenance(task_root, {"origin": "generated", "generator": "g", "generator_version": "1",
                                          "parent": "x", "seed": 7})
    task = load_task(folder, "verilog")
    assert suites.get("verilog").info(task).seed == 7
    assert suites.get("verilog").info(load_task(suites.get("verilog").root / "alu8", "verilog")).seed is None


def test_a_generated_set_is_a_suite_with_its_seed_in_the_version(tmp_path):
    root = _copy(suites.get("verilog").root, tmp_path, "alu8")
    with pytest.raises(Exception, match="suite.toml"):
        resolve_suites([f"verilog@{root}"])
    (root / "suite.toml").write_text(tomli_w.dumps({"suite": "verilog", "seed": 7, "generator": "g",
                                                    "generator_version": "1"}))
    (suite,) = resolve_suites([f"verilog@{root}"])
    assert suite.root == root and suite.version.endswith("+seed7")
    assert [t.name for t in suite.load()] == ["alu8"]
    with pytest.raises(Exception, match="not 'isa-transpile'"):
        resolve_suites([f"isa-transpile@{root}"])


def test_tasks_check_fails_on_a_drifted_copy(tmp_path):
    """`chipbench tasks check` reports drift even when every candidate behaves."""
    from conftest import chipbench_cmd
    from plugin_fixture import install_plugin

    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed (scripts/setup.sh installs it)")
    root, env = install_plugin(tmp_path, n_tasks=2)
    toml = root / "inv1" / "task.toml"
    toml.write_text(toml.read_text() + "\n" + tomli_w.dumps({"provenance": {
        "origin": "generated", "generator": "g", "generator_version": "1", "parent": "inv0", "seed": 0,
        "copies": {"hidden/tb.v": "inv0/hidden/tb.v"}}}))
    ok = chipbench_cmd("tasks", "check", "--suite", "toy", "--hostile", "off", env=env)
    assert ok.returncode == 0, ok.stdout
    tb = root / "inv1" / "hidden" / "tb.v"
    tb.write_text(tb.read_text() + "// drifted\n")
    out = chipbench_cmd("tasks", "check", "--suite", "toy", "--hostile", "off", env=env)
    assert out.returncode == 1 and "drift" in out.stdout and "inv1/hidden/tb.v" in out.stdout, out.stdout
