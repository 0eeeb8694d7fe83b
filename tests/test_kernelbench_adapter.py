"""The `kernelbench:PATH` adapter, on tiny problems written here in that layout (level folders,
one file per problem with `Model`, `get_inputs`, `get_init_inputs`)."""

from __future__ import annotations

import asyncio
import textwrap

import pytest

pytest.importorskip("torch", reason="the cuda-kernels suite needs torch")

from chipbench.core import ChipbenchError, Status  # noqa: E402
from chipbench.evaluators.kernels import KernelEvaluator  # noqa: E402
from chipbench.runner import resolve_suites  # noqa: E402
from chipbench.task_check import _prove, check_tasks  # noqa: E402

SCALE_SHIFT = textwrap.dedent('''\
    import torch
    import torch.nn as nn

    rows = 64
    cols = 96


    class Model(nn.Module):
        def __init__(self, scale):
            super().__init__()
            self.scale = scale
            self.shift = nn.Parameter(torch.randn(cols))

        def forward(self, x):
            y = x * self.scale + self.shift
            return y, y.sum(dim=1)


    def get_inputs():
        return [torch.randn(rows, cols)]


    def get_init_inputs():
        return [1.5]
    ''')

UNSEEDED = textwrap.dedent('''\
    import os

    import torch
    import torch.nn as nn


    class Model(nn.Module):
        def forward(self, x):
            return x + os.urandom(1)[0]


    def get_inputs():
        return [torch.randn(32, 32)]


    def get_init_inputs():
        return []
    ''')


@pytest.fixture
def problems(tmp_path, monkeypatch):
    monkeypatch.setenv("CHIPBENCH_CACHE", str(tmp_path / "cache"))
    root = tmp_path / "my_copy"
    (root / "level1").mkdir(parents=True)
    (root / "level2").mkdir()
    (root / "level1" / "1_Scale_and_shift.py").write_text(SCALE_SHIFT)
    (root / "level2" / "7_Unseeded_noise.py").write_text(UNSEEDED)
    return root


def test_problems_become_tasks_without_a_reference(problems):
    (suite,) = resolve_suites([f"kernelbench:{problems}"])
    assert suite.evaluator == "cuda-kernels"
    shift, noise = suite.load()
    assert shift.id == "kernelbench/level1_1_Scale_and_shift" and shift.difficulty == "easy"
    assert "level2" in noise.tags and noise.difficulty == "medium"
    assert not shift.has_reference and shift.workspace["model.py"] == SCALE_SHIFT
    assert set(shift.wrong_candidates()) == {"all_zero", "constant"}
    assert shift.submit == ("model_new.py", "kernel.cpp") and shift.eval["dtype"] == "float32"


@pytest.mark.slow  # five judge runs (about a minute); the adapter's loading tests stay in the default set
@pytest.mark.timeout(900)  # five judge runs; minutes on a loaded 2-core machine
def test_tasks_check_proves_what_it_can_and_says_what_it_cannot(problems):
    (suite,) = resolve_suites([f"kernelbench:{problems}"])
    tasks = suite.load(["level1_1_Scale_and_shift"])
    results = asyncio.run(check_tasks(tasks, {"kernelbench": KernelEvaluator()}, "local", [suite.root]))
    by_case = {r.case: r for r in results}
    assert set(by_case) == {"reference", "wrong/all_zero", "wrong/constant", "proof/reference_deterministic"}
    assert by_case["reference"].unproven and "not proven" in by_case["reference"].verdict.reason
    for case in ("wrong/all_zero", "wrong/constant", "proof/reference_deterministic"):
        assert by_case[case].ok, (case, by_case[case].verdict.reason, by_case[case].verdict.logs[-800:])
    assert by_case["wrong/all_zero"].verdict.status is Status.FAIL


def test_a_model_with_unseeded_randomness_fails_the_determinism_proof(problems):
    (suite,) = resolve_suites([f"kernelbench:{problems}"])
    (task,) = suite.load(["level2_7_Unseeded_noise"])
    (proof,) = KernelEvaluator().proofs(task)
    verdict = asyncio.run(_prove(KernelEvaluator(), proof, "local", [suite.root]))
    assert verdict.status is Status.FAIL and "differ" in verdict.reason


def test_a_folder_without_levels_is_refused(tmp_path):
    with pytest.raises(ChipbenchError, match="no level"):
        resolve_suites([f"kernelbench:{tmp_path}"])
