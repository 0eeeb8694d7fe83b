"""The cuda-kernels suite as the runner and the CLI see it: backends chosen by `NAME:BACKEND`,
the Triton interpreter path, `tasks check`, and an oracle run down to the speed report."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the cuda-kernels suite needs torch: pip install 'chipbench[kernels]'")

from chipbench.core import Candidate, ChipbenchError, Status  # noqa: E402
from chipbench.evaluators.kernels import KernelEvaluator, kernel_backends  # noqa: E402
from chipbench.leaderboards.report import build_report  # noqa: E402
from chipbench.leaderboards.store import load_records  # noqa: E402
from chipbench.registry import suites  # noqa: E402
from chipbench.runner import RunConfig, evaluate_in_sandbox, resolve_suites, run, select_tasks  # noqa: E402
from chipbench.task_check import check_tasks  # noqa: E402
from chipbench.tasks.kernels import KernelSuite  # noqa: E402

TASKS = Path(__file__).parent / "kernel_fixtures" / "tasks"
FIXTURE = KernelSuite(name="cuda-kernels", root=TASKS, evaluator="cuda-kernels", version="test")
suites.register("kernel-fixture")(FIXTURE)


def test_backends_come_from_the_entry_point_registry():
    assert {"cpu", "triton", "cuda"} <= set(kernel_backends.names())


def test_suite_argument_selects_the_backend():
    (cpu,) = resolve_suites(["cuda-kernels"])
    (triton,) = resolve_suites(["cuda-kernels:triton"])
    assert cpu.backend == "cpu" and triton.backend == "triton" and triton.name == "cuda-kernels"
    with pytest.raises(ChipbenchError, match="no backend 'metal'"):
        resolve_suites(["cuda-kernels:metal"])


def test_backend_decides_submit_list_and_reference():
    (cpu_task,) = FIXTURE.load()
    (triton_task,) = FIXTURE.variant("triton").load()
    assert cpu_task.submit == ("model_new.py", "kernel.cpp") and "kernel.cpp" in cpu_task.reference
    assert triton_task.submit == ("model_new.py",) and "triton" in triton_task.reference["model_new.py"]
    assert triton_task.eval["backend"] == "triton"


OWN_WRONG_OF_ELU = {"cuda-kernels": ["alpha_dropped"], "cuda-kernels:cuda": ["cuda_alpha_dropped"],
                    "cuda-kernels:triton": ["triton_minus_one_dropped"]}


@pytest.mark.parametrize("spec", list(OWN_WRONG_OF_ELU))
def test_a_backend_checks_only_wrong_candidates_that_submit_its_files(spec):
    """A known-wrong candidate whose files are not exactly those the backend takes fails there
    whatever its code: without one (a CUDA twin on the C++ backend) as incomplete, with one it
    never builds (a C++ or CUDA candidate's model_new.py on the Triton backend imports an
    extension nobody built) on import. Either is a check that cannot fail. So each backend
    checks only its own, and every task it runs keeps at least one."""
    (suite,) = resolve_suites([spec])
    tasks = suite.load()
    for task in tasks:
        wrong = task.wrong_candidates()
        assert wrong, f"{task.id}: no known-wrong candidate of the {task.eval['backend']} backend"
        assert all(files.keys() == set(task.submit) for files in wrong.values()), task.id
    elu = next(t for t in tasks if t.name == "elu")
    assert list(elu.wrong_candidates()) == OWN_WRONG_OF_ELU[spec]


def test_the_triton_backend_runs_only_the_folders_with_a_triton_reference():
    """`accepts`: a task without `hidden/triton/model_new.py` is not a Triton task at all (it is
    left out of `cuda-kernels:triton`, not run against some other reference)."""
    (cpu,) = resolve_suites(["cuda-kernels"])
    (triton,) = resolve_suites(["cuda-kernels:triton"])
    with_triton = {f.name for f in cpu.task_folders() if (f / "hidden" / "triton" / "model_new.py").is_file()}
    assert {f.name for f in triton.task_folders()} == with_triton
    assert len(with_triton) >= 50 and "cumsum_rows" not in with_triton


def test_triton_reference_is_checked_in_the_interpreter_and_not_timed_without_gpu():
    (task,) = FIXTURE.variant("triton").load()
    verdict = asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=task.reference),
                                              "local", [TASKS]))
    assert verdict.status is Status.PASS, verdict.reason + verdict.logs
    if not torch.cuda.is_available():
        assert verdict.perf is None and "interpreter" in verdict.reason
    # Its own known-wrong candidate fails on the outputs; the cpu backend's is not checked here
    # (its model_new.py needs kernel_ext, which the triton backend never builds).
    assert list(task.wrong_candidates()) == ["triton_relu_dropped"]
    wrong = asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task,
                                            Candidate(files=task.wrong_candidates()["triton_relu_dropped"]),
                                            "local", [TASKS]))
    assert wrong.status is Status.FAIL and wrong.category == "mismatch", wrong.reason


def test_tasks_check_passes_the_reference_and_fails_the_wrong_candidate():
    tasks = FIXTURE.load()
    results = asyncio.run(check_tasks(tasks, {"cuda-kernels": KernelEvaluator()}, "local", [TASKS]))
    assert [(r.case, r.ok) for r in results] == [("reference", True), ("wrong/zeros", True)]


def test_oracle_run_produces_the_speed_report(tmp_path):
    asyncio.run(run(RunConfig(suites=["kernel-fixture"], run_dir=tmp_path / "run")))
    records = load_records(tmp_path / "run")
    (record,) = records
    assert record.verdict.status is Status.PASS and record.verdict.perf is not None
    report = build_report(records)
    text = report.markdown()
    assert "## Speed" in text and "fast_1.5" in text and "CPU" in text
    suite_row = report.suites.to_dict("records")[0]
    assert suite_row["fast_0"] == 1.0 and suite_row["pass@1"] == 1.0


CUDA_FIXTURE = """\
#include <torch/extension.h>

__global__ void scale_shift_relu(const float* x, const float* w, const float* b, float* y, int64_t n, int64_t cols) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) { float v = x[i] * w[i % cols] + b[i % cols]; y[i] = v > 0.f ? v : 0.f; }
}

torch::Tensor forward(torch::Tensor x, torch::Tensor w, torch::Tensor b) {
  x = x.contiguous(); w = w.contiguous(); b = b.contiguous();
  auto y = torch::empty_like(x);
  const int64_t n = x.numel();
  scale_shift_relu<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(),
                                             y.data_ptr<float>(), n, x.size(1));
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward); }
"""


def _cuda_task():
    (task,) = FIXTURE.load()
    return kernel_backends.get("cuda")().adapt(task)


def _cuda_files(task, source: str) -> dict[str, str]:
    return {"model_new.py": (TASKS / "scale_shift_relu/hidden/reference/model_new.py").read_text(), "kernel.cu": source}


@pytest.mark.slow  # nvcc through torch's headers takes minutes on the 2-core machine
@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not installed")
@pytest.mark.skipif(torch.cuda.is_available(), reason="a GPU is present: the gpu test covers this machine")
def test_cuda_without_gpu_gives_compile_only_feedback():
    task = _cuda_task()
    ok = asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=_cuda_files(task, CUDA_FIXTURE)),
                                         "local", [TASKS], public=True))
    assert ok.status is Status.HARNESS_ERROR and ok.category == "no_gpu", ok.reason + ok.logs
    assert "registers" in ok.feedback and "scale_shift_relu" in ok.feedback
    broken = CUDA_FIXTURE.replace("y[i] = v", "y[i] = undefined_name")
    bad = asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=_cuda_files(task, broken)),
                                          "local", [TASKS]))
    assert bad.status is Status.COMPILE_ERROR and "undefined_name" in bad.feedback


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA GPU (or a CPU-only torch build) on this machine")
def test_cuda_kernel_is_checked_and_timed_on_the_gpu():
    task = _cuda_task()
    verdict = asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=_cuda_files(task, CUDA_FIXTURE)),
                                              "local", [TASKS]))
    assert verdict.status is Status.PASS, verdict.reason + verdict.logs
    assert verdict.perf is not None and "GPU" in verdict.perf.measured_on


@pytest.mark.skipif(shutil.which("unshare") is None or shutil.which("setpriv") is None, reason="no util-linux unshare")
def test_cpu_reference_builds_and_passes_under_the_unshare_sandbox():
    """Machines without bubblewrap (the lent GPU machine is one) use the unshare sandbox. Its
    borrowed uid could not enter root's 0700 home, where chipbench's cache (and here the Python
    runtime) lives: every build on that machine failed on the precompiled header, until the
    unshare sandbox masked the home and bound back what commands need, as bwrap does."""
    from chipbench.sandbox.local import LocalSandbox

    (task,) = FIXTURE.load()

    async def go():
        async with LocalSandbox(hide=[TASKS], backend="unshare") as sandbox:
            return await KernelEvaluator().evaluate(task, Candidate(files=task.reference), sandbox)

    verdict = asyncio.run(go())
    assert verdict.status is Status.PASS, verdict.reason + verdict.logs


def test_every_reference_model_runs_on_another_device():
    """The judge runs each task's `Model` on the GPU backends' device. A model that makes a
    tensor on the CPU inside `forward` (a causal mask without `device=`) failed every case of its
    task on an H200; the meta device finds such a model on any machine."""
    import types

    stuck = {}
    for task in select_tasks(resolve_suites(["cuda-kernels"]), []):
        module = types.ModuleType("model")
        exec(compile(task.workspace["model.py"], f"{task.id}/model.py", "exec"), module.__dict__)
        try:
            with torch.device("meta"):
                model = module.Model(*module.get_init_inputs())
            model(*[x.to("meta") if isinstance(x, torch.Tensor) else x for x in module.get_inputs()])
        except RuntimeError as exc:
            stuck[task.id] = str(exc).splitlines()[0]
    assert not stuck, stuck
