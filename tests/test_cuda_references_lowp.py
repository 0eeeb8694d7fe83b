"""CUDA and Triton references of the half-precision and backward folders (`*_lowp`,
`*_backward`, `gemm_fp32_accumulate`), whose instances are float32, float16 and bfloat16.

Three tiers, as in test_cuda_references.py. Always: each such folder's CUDA reference takes
every dtype its variants use, and its known-wrong CUDA candidate is the reference with a small
change. With g++ and CUDA's half-precision headers (slow): each reference runs on the CPU through
tests/cuda_emu (one thread per CUDA thread; barriers and warp shuffles emulated) on every
instance's hidden shapes and matches the task's Model within the judge's tolerances, and each
wrong candidate is caught on at least one instance — the check of index arithmetic and gradient
formulas a machine without a GPU can do. With a GPU (`-m gpu`): `tasks check` runs and times
every instance of these folders on the cuda and triton backends.
"""

from __future__ import annotations

import asyncio
import difflib
import importlib.util
import shutil
import sys
import tomllib
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from chipbench.candidate_edits import CandidateEdits  # noqa: E402
from chipbench.core import Status  # noqa: E402
from chipbench.registry import evaluators  # noqa: E402
from chipbench.runner import hidden_roots, resolve_suites, select_tasks  # noqa: E402
from chipbench.task_check import check_tasks  # noqa: E402

(SUITE,) = resolve_suites(["cuda-kernels"])
ROOT = Path(str(SUITE.root))
FOLDERS = sorted(p.name for p in ROOT.iterdir()
                 if p.name.endswith(("_lowp", "_backward", "_fp32_accumulate")) and (p / "task.toml").is_file())
WITH_TRITON = [f for f in FOLDERS if (ROOT / f / "hidden" / "triton" / "model_new.py").is_file()]
EMU = Path(__file__).parent / "cuda_emu"

needs_gpu = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA GPU (or a CPU-only torch build) here")


def _instances(folder: str) -> list[str]:
    return [n for n in SUITE.task_names() if n.split("@")[0] == folder]


def _emu():
    spec = importlib.util.spec_from_file_location("cuda_emu_run", EMU / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- always ---------------------------------------------------------------------------------

def test_every_new_folder_has_a_cuda_reference_and_half_have_triton():
    assert len(FOLDERS) >= 17, FOLDERS
    missing = [f for f in FOLDERS if not (ROOT / f / "hidden" / "cuda" / "kernel.cu").is_file()]
    assert not missing, missing
    assert 2 * len(WITH_TRITON) >= len(FOLDERS), WITH_TRITON


@pytest.mark.parametrize("folder", FOLDERS)
def test_cuda_reference_takes_every_dtype_of_its_variants(folder):
    """The instances are float32, float16 and bfloat16: the reference dispatches on all three
    (a kernel written for float alone would fail two thirds of them on a GPU)."""
    dtypes = {t.eval.get("dtype", "float32") for t in SUITE.load(_instances(folder))}
    source = (ROOT / folder / "hidden" / "cuda" / "kernel.cu").read_text()
    cases = {"float32": "case at::kFloat:", "float16": "case at::kHalf:", "bfloat16": "case at::kBFloat16:"}
    assert dtypes <= set(cases), dtypes
    assert all(cases[d] in source for d in dtypes), (folder, dtypes)


@pytest.mark.parametrize("folder", FOLDERS)
def test_wrong_cuda_candidates_are_named_edits_of_the_reference(folder):
    """Each wrong CUDA candidate is declared as edits of the CUDA reference (edits.toml, no
    copy), says what it gets wrong, and changes a few lines of kernel.cu only."""
    wrong = sorted((ROOT / folder / "hidden" / "wrong").glob("cuda_*"))
    assert wrong
    (task,) = resolve_suites(["cuda-kernels:cuda"])[0].load([folder])
    reference = task.hidden_files("cuda")
    for case in wrong:
        assert sorted(p.name for p in case.iterdir()) == ["edits.toml"], case.name
        spec = CandidateEdits.model_validate(tomllib.loads((case / "edits.toml").read_text()))
        assert spec.base == "cuda" and len(spec.why) > 10, case.name
        files = task.wrong_candidates()[case.name]
        assert files["model_new.py"] == reference["model_new.py"]
        changed = [d for d in difflib.unified_diff(reference["kernel.cu"].splitlines(), files["kernel.cu"].splitlines(),
                                                   lineterm="", n=0)
                   if d[:1] in "+-" and not d.startswith(("+++", "---"))]
        assert 0 < len(changed) <= 6, (case.name, changed)


def test_the_emulator_rewrites_every_launch():
    emu = _emu()
    src = "#include <cuda_runtime.h>\nk<T, 4><<<grid, 256>>>(a, b);\nk2<<<(unsigned)n, row_threads(D)>>>(x);\n"
    out = emu.emulated_source(src)
    assert "<<<" not in out and "cuda_runtime" not in out
    assert "emu::launch(k<T, 4>, grid, 256)(a, b);" in out
    assert "emu::launch(k2, (unsigned)n, row_threads(D))(x);" in out


# -- with g++ and CUDA's headers: the kernels run on the CPU --------------------------------

def _needs_emulation():
    if shutil.which("c++") is None and shutil.which("g++") is None:
        pytest.skip("no C++ compiler here")
    if _emu().cuda_include() is None:
        pytest.skip("no cuda_fp16.h here (a CUDA toolkit, or pip install 'chipbench[cuda]')")


@pytest.mark.slow  # one g++ build of torch's headers per kernel (about a minute each), then emulated threads
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("folder", FOLDERS)
def test_cuda_reference_matches_the_model_on_every_instance_when_emulated(folder):
    _needs_emulation()
    emu = _emu()
    tasks = SUITE.load(_instances(folder))
    files = emu.cuda_cases(tasks[0], wrong=False)["cuda"]
    ext = emu.build(files["kernel.cu"])
    for task in tasks:
        assert emu.check(task, files, ext) == [], task.name


@pytest.mark.slow  # one g++ build of torch's headers per kernel (a minute unloaded, 12 at load 100), then emulation
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("folder", FOLDERS)
def test_wrong_cuda_candidates_are_caught_when_emulated(folder):
    """Each wrong candidate, edited from the reference as the judge gets it, fails the judge's
    comparison against the Model (elementwise or accuracy against float64, with the judge's
    tolerances) on every instance: its mistake is in the arithmetic every dtype shares."""
    _needs_emulation()
    emu = _emu()
    tasks = SUITE.load(_instances(folder))
    cases = emu.cuda_cases(tasks[0], wrong=True)
    assert cases
    for case, files in cases.items():
        ext = emu.build(files["kernel.cu"])
        for task in tasks:
            problems = emu.check(task, files, ext)
            assert problems and problems[0].startswith(("mismatch", "inaccurate")), (case, task.name, problems)


# -- on a GPU: judged and timed -------------------------------------------------------------

def _check(suite_spec: str, names: list[str]):
    suites = resolve_suites([suite_spec])
    tasks = select_tasks(suites, names)
    evaluator_of = {s.name: evaluators.get(s.evaluator)() for s in suites}
    return asyncio.run(check_tasks(tasks, evaluator_of, "local", hidden_roots(suites), jobs=2))


@pytest.mark.gpu
@needs_gpu
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("folder", FOLDERS)
def test_gpu_cuda_reference_passes_every_instance_and_wrong_candidates_fail(folder):
    results = _check("cuda-kernels:cuda", _instances(folder))
    assert not [r for r in results if r.unproven], "a GPU is here: every case must be run"
    bad = [(r.task_id, r.case, r.verdict.status.value, r.verdict.reason[:300]) for r in results if not r.ok]
    assert not bad, bad
    refs = [r for r in results if r.case == "reference"]
    assert len(refs) == len(_instances(folder))
    for ref in refs:
        assert ref.verdict.status is Status.PASS and ref.verdict.perf is not None, ref.task_id
        assert "GPU" in ref.verdict.perf.measured_on, ref.task_id
    for wrong in (r for r in results if r.case.startswith("wrong/cuda_")):
        assert wrong.verdict.status is Status.FAIL and wrong.verdict.category == "mismatch", \
            (wrong.task_id, wrong.case, wrong.verdict.category, wrong.verdict.reason[:300])


@pytest.mark.gpu
@needs_gpu
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("folder", WITH_TRITON)
def test_gpu_triton_reference_passes_every_instance(folder):
    results = _check("cuda-kernels:triton", _instances(folder))
    bad = [(r.task_id, r.case, r.verdict.status.value, r.verdict.reason[:300]) for r in results if not r.ok]
    assert not bad, bad
    refs = [r for r in results if r.case == "reference"]
    assert len(refs) == len(_instances(folder))
    assert all(r.verdict.status is Status.PASS and r.verdict.perf is not None
               and "GPU" in r.verdict.perf.measured_on for r in refs)


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
