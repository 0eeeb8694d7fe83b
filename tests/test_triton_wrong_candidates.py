"""Known-wrong Triton candidates (`hidden/wrong/triton_*`): the Triton backend's own.

The Triton backend takes `model_new.py` alone and checks only the known-wrong candidates whose
files are exactly that (`KernelBackend.adapt`), so without these `tasks check --suite
cuda-kernels:triton` would prove nothing about its judge. Each is the folder's Triton reference
with one kernel bug, declared as edits of it. Always: every folder with a Triton reference has
one, it edits the Triton reference and nothing else, and one folder's runs in Triton's
interpreter. Slow: in the interpreter, every instance of every such folder, each `[[triton]]`
shape apart, with the judge's two tests (tests/cuda_emu/run.py `check`): the reference passes
every shape and every wrong candidate fails every shape (not just one of an instance's).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("triton")

from chipbench.candidate_edits import CandidateEdits  # noqa: E402
from chipbench.evaluators.kernels._spec import KernelSpec  # noqa: E402
from chipbench.runner import resolve_suites  # noqa: E402

(SUITE,) = resolve_suites(["cuda-kernels:triton"])
ROOT = Path(str(SUITE.root))
FOLDERS = sorted(f.name for f in SUITE.task_folders())
EMU = Path(__file__).parent / "cuda_emu" / "run.py"


def _wrong(folder: str) -> list[Path]:
    return sorted((ROOT / folder / "hidden" / "wrong").glob("triton_*"))


def _emu():
    spec = importlib.util.spec_from_file_location("cuda_emu_run", EMU)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _instances(folder: str):
    return SUITE.load([n for n in SUITE.task_names() if n.split("@")[0] == folder])


def test_every_folder_with_a_triton_reference_has_a_wrong_triton_candidate():
    assert len(FOLDERS) >= 50
    assert not [f for f in FOLDERS if not _wrong(f)]


@pytest.mark.parametrize("folder", FOLDERS)
def test_wrong_triton_candidates_are_named_edits_of_the_triton_reference(folder):
    """Edits of `hidden/triton/model_new.py` that say why they are wrong, so a fix to the
    reference reaches them; loaded, each is model_new.py alone and differs from the reference."""
    (task, *_) = _instances(folder)
    reference = task.reference["model_new.py"]
    wrong = task.wrong_candidates()
    for case in _wrong(folder):
        spec = CandidateEdits.model_validate(tomllib.loads((case / "edits.toml").read_text()))
        assert spec.base == "triton" and spec.why and not spec.own, case
        assert {e.file for e in spec.edit} == {"model_new.py"}, case
        assert wrong[case.name].keys() == {"model_new.py"}
        assert wrong[case.name]["model_new.py"] != reference


def _unproven(folder: str) -> list[str]:
    """What went unproven for `folder`: a reference shape that failed, or a wrong candidate's
    shape that passed, on any instance. Run in a fresh Python with TRITON_INTERPRET=1 set before
    triton is imported: only then are triton's own @jit helpers (tl.max, tl.sigmoid, ...) bound
    to the interpreter, and the variable stays out of this process's other tests."""
    run = subprocess.run([sys.executable, __file__, folder], env={**os.environ, "TRITON_INTERPRET": "1"},
                         capture_output=True, text=True, timeout=1700)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.splitlines()[-1])


def _caught_on_every_shape(folder: str) -> list[str]:
    emu = _emu()
    unproven = []
    for task in _instances(folder):
        shapes = len(KernelSpec.of(task, "triton").shapes)
        unproven += [f"{task.name} reference: {p}" for p in emu.check(task, task.reference, None, shape_table="triton")]
        for name, files in task.wrong_candidates().items():
            problems = emu.check(task, files, None, shape_table="triton")
            if len(problems) != shapes:
                unproven.append(f"{task.name} {name}: caught on {len(problems)} of {shapes} shapes")
            unproven += [f"{task.name} {name}: {p}" for p in problems
                         if not p.startswith(("mismatch", "inaccurate", "nan_inf"))]
    return unproven


def test_a_wrong_triton_candidate_fails_every_shape_in_the_interpreter():
    """One folder in the default set (seconds): softmax_rows's reference passes both Triton
    shapes and its wrong candidate fails both."""
    assert not _unproven("softmax_rows")


@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("folder", FOLDERS)
def test_every_wrong_triton_candidate_fails_every_shape_of_every_instance(folder):
    assert not _unproven(folder)


if __name__ == "__main__":  # one folder's check, run by _unproven
    print(json.dumps(_caught_on_every_shape(sys.argv[1])))
