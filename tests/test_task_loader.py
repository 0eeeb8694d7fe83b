
import pytest

from chipbench.tasks import TaskError, load_task
from conftest import chipbench_cmd, write_task


def test_valid_task_loads_with_id_workspace_and_reference(task_root):
    task = load_task(write_task(task_root), "verilog")
    assert task.id == "verilog/inv"
    assert task.submit == ("inv.v",)
    assert "assign y = a;" in task.workspace["inv.v"]
    assert "~a" in task.reference["inv.v"]
    assert list(task.wrong_candidates()) == ["passthrough"]
    assert len(task.digest) == 16


def test_hidden_files_are_not_part_of_the_workspace(task_root):
    task = load_task(write_task(task_root), "verilog")
    assert set(task.workspace) == {"inv.v", "tb_public.v"}
    assert "tb.v" not in task.prompt


def test_missing_task_toml_names_the_file(task_root):
    folder = write_task(task_root, files={"task.toml": None})
    (folder / "task.toml").unlink(missing_ok=True)
    with pytest.raises(TaskError, match=r"inv/task.toml: missing"):
        load_task(folder, "verilog")


def test_invalid_toml_names_the_file(task_root):
    folder = write_task(task_root, toml="title = 'unterminated\n")
    with pytest.raises(TaskError, match=r"task.toml: not valid TOML"):
        load_task(folder, "verilog")


def test_bad_difficulty_names_the_field(task_root):
    folder = write_task(task_root, toml='title="t"\nkind="bug-repair"\ndifficulty="trivial"\nsubmit=["inv.v"]\n')
    with pytest.raises(TaskError, match=r"field 'difficulty'"):
        load_task(folder, "verilog")


def test_unknown_key_is_an_error_not_ignored(task_root):
    folder = write_task(task_root, toml='title="t"\nkind="k"\ndifficulty="easy"\nsubmit=["inv.v"]\ndifficulyt="x"\n')
    with pytest.raises(TaskError, match=r"field 'difficulyt'"):
        load_task(folder, "verilog")


def test_missing_required_field_is_named(task_root):
    folder = write_task(task_root, toml='kind="k"\ndifficulty="easy"\nsubmit=["inv.v"]\n')
    with pytest.raises(TaskError, match=r"field 'title'"):
        load_task(folder, "verilog")


def test_submit_file_must_exist_in_reference(task_root):
    folder = write_task(task_root, toml='title="t"\nkind="k"\ndifficulty="easy"\nsubmit=["other.v"]\n')
    with pytest.raises(TaskError, match=r"field 'submit'.*other.v"):
        load_task(folder, "verilog")


def test_submit_path_may_not_escape(task_root):
    folder = write_task(task_root, toml='title="t"\nkind="k"\ndifficulty="easy"\nsubmit=["../x.v"]\n')
    with pytest.raises(TaskError, match=r"field 'submit'"):
        load_task(folder, "verilog")


def test_empty_prompt_is_an_error(task_root):
    folder = write_task(task_root, files={"prompt.md": "  \n"})
    with pytest.raises(TaskError, match=r"prompt.md: missing or empty"):
        load_task(folder, "verilog")


def test_missing_reference_is_an_error(task_root, tmp_path):
    folder = write_task(task_root)
    import shutil

    shutil.rmtree(folder / "hidden" / "reference")
    with pytest.raises(TaskError, match=r"reference.*missing"):
        load_task(folder, "verilog")


def test_cli_reports_malformed_task_without_traceback(task_root, tmp_path):
    write_task(task_root, toml='title="t"\nkind="k"\ndifficulty="impossible"\nsubmit=["inv.v"]\n')
    plugin = tmp_path / "plug"
    plugin.mkdir()
    (plugin / "broken_suite.py").write_text(
        "from pathlib import Path\nfrom chipbench.tasks import Suite\n"
        f"suite = Suite(name='broken', root=Path({str(task_root)!r}), evaluator='verilog', version='0')\n"
    )
    dist = plugin / "broken_suite-0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-suite\nVersion: 0\n")
    (dist / "entry_points.txt").write_text("[chipbench.suites]\nbroken = broken_suite:suite\n")
    out = chipbench_cmd("tasks", "list", "--suite", "broken", env={"PYTHONPATH": str(plugin)})
    assert out.returncode == 2
    assert "field 'difficulty'" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr


def test_a_worse_case_must_pass_with_a_worse_figure_than_the_reference():
    """`hidden/worse/` candidates: correct, and scored below the reference on some figure."""
    from chipbench.core import Perf, Status, Verdict
    from chipbench.task_check import CaseResult

    def case(status, qor=None, perf=None):
        verdict = Verdict(status=status, qor=qor or {}, perf=perf)
        return CaseResult("s/t", "worse/x", True, verdict, expect_worse=True)

    assert case(Status.PASS, {"stages_ratio": 1.4, "cells_ratio": 1.0}).ok
    assert case(Status.PASS, perf=Perf(unit="ms", candidate=2, baseline=1, speedup=0.5)).ok
    assert not case(Status.PASS, {"stages_ratio": 1.0, "cells_ratio": 0.9}).ok  # as good: not told apart
    assert not case(Status.PASS).ok
    assert not case(Status.FAIL, {"cells_ratio": 2.0}).ok
