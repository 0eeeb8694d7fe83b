"""The cuda-kernels suite's CUDA and Triton references and known-wrong CUDA candidates.

Three tiers. Without nvcc (always): every task ships a CUDA reference and a wrong CUDA
candidate whose Python side the judge can load, half the tasks a Triton reference, and the
compile-only build names every architecture. With nvcc, no GPU (default CI: one task; the
whole suite is slow): `tasks check --suite cuda-kernels:cuda` compiles each candidate for
sm_80 and sm_90, says nothing ran, and fails a candidate that does not compile with nvcc's
message. With a GPU (`-m gpu`, scripts/gpu-validate.sh): the same check runs and times every
case, and the cheats a CUDA candidate can try are refused.
"""

from __future__ import annotations

import asyncio
import inspect
import sys
import types
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from chipbench.core import Candidate, Status  # noqa: E402
from chipbench.evaluators.kernels import KernelEvaluator  # noqa: E402
from chipbench.evaluators.kernels._cpp_build import Toolchain  # noqa: E402
from chipbench.evaluators.kernels._nvcc import find_nvcc  # noqa: E402
from chipbench.evaluators.kernels._policy import check_python  # noqa: E402
from chipbench.evaluators.kernels.backends import cuda as cuda_backend  # noqa: E402
from chipbench.registry import evaluators  # noqa: E402
from chipbench.runner import evaluate_in_sandbox, hidden_roots, resolve_suites, select_tasks  # noqa: E402
from chipbench.task_check import check_tasks  # noqa: E402

ROOT = Path(str(resolve_suites(["cuda-kernels"])[0].root))
TASKS = sorted(p for p in ROOT.iterdir() if (p / "task.toml").is_file())
WITH_CUDA = [t for t in TASKS if (t / "hidden" / "cuda").is_dir()]
SHIPPED = 62
"""The float32 forward tasks, every one with a CUDA reference; tasks added since (other
precisions, backward passes) get theirs as they come, and are held to the same rules here."""
ARCHS = cuda_backend.COMPILE_ONLY_ARCHS

needs_nvcc = pytest.mark.skipif(find_nvcc()[0] is None,
                                reason="no nvcc here (a CUDA toolkit, or pip install 'chipbench[cuda]')")
needs_gpu = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA GPU (or a CPU-only torch build) here")


def _check(suite_spec: str, names: list[str], jobs: int = 2):
    suites = resolve_suites([suite_spec])
    tasks = select_tasks(suites, names)
    evaluator_of = {s.name: evaluators.get(s.evaluator)() for s in suites}
    return asyncio.run(check_tasks(tasks, evaluator_of, "local", hidden_roots(suites), jobs=jobs))


def _module(source: str, name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(compile(source, name, "exec"), module.__dict__)
    return module


# -- always: what the suite ships ---------------------------------------------------------

def test_the_suite_keeps_its_cuda_references():
    assert len(WITH_CUDA) >= SHIPPED, [t.name for t in TASKS if t not in WITH_CUDA]


@pytest.mark.parametrize("task", WITH_CUDA, ids=lambda p: p.name)
def test_every_task_ships_a_cuda_reference_and_a_wrong_cuda_candidate(task, monkeypatch):
    """Both are whole candidates (model_new.py + kernel.cu); the reference's Python passes the
    source policy and holds the same parameters as the task's Model, so the judge can load the
    Model's weights into it (only kernel_ext, the built extension, is missing here)."""
    ref = task / "hidden" / "cuda"
    assert (ref / "kernel.cu").is_file() and (ref / "model_new.py").is_file()
    (loaded,) = resolve_suites(["cuda-kernels:cuda"])[0].load([task.name])
    wrong = {n: f for n, f in loaded.wrong_candidates().items() if n.startswith("cuda_")}
    assert wrong, f"{task.name}: no known-wrong CUDA candidate"
    for files in wrong.values():
        assert set(files) == {"kernel.cu", "model_new.py"}
        assert files["kernel.cu"] != (ref / "kernel.cu").read_text()
    source = (ref / "model_new.py").read_text()
    assert check_python(source) is None
    assert "PYBIND11_MODULE(TORCH_EXTENSION_NAME" in (ref / "kernel.cu").read_text()
    monkeypatch.setitem(sys.modules, "kernel_ext", types.ModuleType("kernel_ext"))
    model = _module((task / "workspace" / "model.py").read_text(), f"{task.name}_model")
    new = _module(source, f"{task.name}_model_new")
    args = model.get_init_inputs()
    torch.manual_seed(0)
    reference = model.Model(*args)
    candidate = new.ModelNew(*args)
    assert {k: v.shape for k, v in candidate.state_dict().items()} == \
        {k: v.shape for k, v in reference.state_dict().items()}
    assert list(inspect.signature(candidate.forward).parameters) == list(inspect.signature(reference.forward).parameters)


def test_at_least_half_of_the_tasks_have_a_triton_reference():
    with_triton = [t.name for t in TASKS if (t / "hidden" / "triton" / "model_new.py").is_file()]
    assert 2 * len(with_triton) >= SHIPPED, with_triton
    for name in with_triton:
        text = (ROOT / name / "hidden" / "shapes.toml").read_text()
        assert "[[triton]]" in text, f"{name}: no small [[triton]] shapes for the interpreter"


def _toolchain() -> Toolchain:
    return Toolchain(torch_version="t", cxx_version="g++", includes=("/inc",), library_dirs=("/lib",),
                     defines=("-DX",), nvcc="/opt/nvcc", nvcc_version="release 13.0")


def test_compile_only_build_is_the_device_pass_for_every_architecture(monkeypatch):
    monkeypatch.delenv("CHIPBENCH_CUDA_ARCHS", raising=False)
    cmd = cuda_backend.CudaBackend.command(_toolchain(), Path("/h"), link=False)
    assert "--fatbin" in cmd and "--gpu-architecture=compute_80" in cmd and "--gpu-code=sm_80,sm_90" in cmd
    assert "-c" not in cmd and "-shared" not in cmd  # no host compile, no link: nothing here could load it
    linked = cuda_backend.CudaBackend.command(_toolchain(), Path("/h"), link=True)
    assert "-shared" in linked and not any(a.startswith("--gpu-code") for a in linked)
    monkeypatch.setenv("CHIPBENCH_CUDA_ARCHS", "sm_100, sm_80,sm_90")
    assert cuda_backend.compile_only_archs() == ("sm_80", "sm_90", "sm_100")
    monkeypatch.setenv("CHIPBENCH_CUDA_ARCHS", "compute_80")
    with pytest.raises(ValueError, match="sm_80"):
        cuda_backend.compile_only_archs()


PTXAS = """\
ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function '_Z10elu_kernelPKfPflf' for 'sm_90'
ptxas info    : Function properties for _Z10elu_kernelPKfPflf
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 28 registers, used 0 barriers
ptxas info    : Compile time = 98.213 ms
ptxas info    : Compiling entry function '_Z10elu_kernelPKfPflf' for 'sm_80'
ptxas info    : Function properties for _Z10elu_kernelPKfPflf
    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads
ptxas info    : Used 255 registers, 1024 bytes smem, 380 bytes cmem[0]
"""


def test_the_ptxas_report_keeps_registers_spills_and_shared_memory_per_architecture():
    report = cuda_backend.ptxas_report(PTXAS).splitlines()
    assert report == [
        "ptxas info    : Compiling entry function '_Z10elu_kernelPKfPflf' for 'sm_90'",
        "0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads",
        "ptxas info    : Used 28 registers, used 0 barriers",
        "ptxas info    : Compiling entry function '_Z10elu_kernelPKfPflf' for 'sm_80'",
        "8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads",
        "ptxas info    : Used 255 registers, 1024 bytes smem, 380 bytes cmem[0]",
    ]


# -- with nvcc, without a GPU: compiled, never run ----------------------------------------

def _assert_compiled_not_run(result):
    verdict = result.verdict
    assert result.unproven and verdict.status is Status.HARNESS_ERROR and verdict.category == "no_gpu", verdict
    assert "nothing was run" in verdict.reason
    for arch in ARCHS:
        assert f"for '{arch}'" in verdict.feedback, (arch, verdict.feedback)
    assert "registers" in verdict.feedback and "spill stores" in verdict.feedback
    ptxas = next(c for c in verdict.checks if c.name == "ptxas")
    assert "registers" in ptxas.detail


@needs_nvcc
@pytest.mark.skipif(torch.cuda.is_available(), reason="a GPU is here: the gpu tests run these cases")
@pytest.mark.timeout(1800)
def test_cuda_check_on_one_task_compiles_for_every_architecture_and_reports_nvcc_errors():
    """The default CI's sample (leaky_relu: two nvcc runs; the whole suite is the slow test
    below). The reference compiles for sm_80 and sm_90 with its ptxas report and is counted as
    built, not run; the candidate that does not compile fails with nvcc's own message."""
    by_case = {r.case: r for r in _check("cuda-kernels:cuda", ["leaky_relu"])}
    _assert_compiled_not_run(by_case["reference"])
    broken = by_case["wrong/cuda_does_not_compile"].verdict
    assert broken.status is Status.COMPILE_ERROR and broken.category == "compile_error"
    assert 'identifier "negative_slope" is undefined' in broken.feedback
    assert any(c.name == "nvcc" and "release" in c.detail for c in broken.checks)
    assert by_case["wrong/cuda_does_not_compile"].ok


@pytest.mark.slow  # every CUDA reference and wrong candidate of the suite: ~2 x 62 device passes
@pytest.mark.timeout(14400)
@needs_nvcc
@pytest.mark.skipif(torch.cuda.is_available(), reason="a GPU is here: test_gpu_every_cuda_case_is_judged_right runs them")
def test_every_cuda_reference_and_wrong_candidate_compiles_for_every_architecture():
    results = _check("cuda-kernels:cuda", [])
    cuda_cases = [r for r in results if r.case == "reference" or r.case.startswith("wrong/cuda_")]
    assert len({r.task_id.split("@")[0] for r in cuda_cases}) == len(WITH_CUDA)  # folders; variants share one
    for result in cuda_cases:
        if result.case == "wrong/cuda_does_not_compile":
            assert result.verdict.status is Status.COMPILE_ERROR and result.ok
        else:
            _assert_compiled_not_run(result)
    # the C++ wrong candidates submit no kernel.cu: not cases of this backend
    assert not [r.case for r in results if r.case.startswith("wrong/") and not r.case.startswith("wrong/cuda_")]


# -- on a GPU: run, timed, and the cheats refused -----------------------------------------

@pytest.mark.gpu
@needs_gpu
@pytest.mark.timeout(7200)
def test_gpu_every_cuda_case_is_judged_right():
    """Every CUDA reference passes (checked against the task's Model on the GPU and timed) and
    every wrong CUDA candidate fails; nothing is left unproven."""
    results = _check("cuda-kernels:cuda", [], jobs=4)
    bad = [(r.task_id, r.case, r.verdict.status.value, r.verdict.reason[:200]) for r in results if not r.ok]
    assert not bad, bad
    assert not [r for r in results if r.unproven]
    for ref in (r for r in results if r.case == "reference"):
        assert ref.verdict.perf is not None and "GPU" in ref.verdict.perf.measured_on, ref.task_id


@pytest.mark.gpu
@needs_gpu
@pytest.mark.timeout(7200)
def test_gpu_every_triton_case_is_judged_right():
    results = _check("cuda-kernels:triton", [], jobs=4)
    bad = [(r.task_id, r.case, r.verdict.status.value, r.verdict.reason[:200]) for r in results if not r.ok]
    assert not bad, bad
    refs = [r for r in results if r.case == "reference"]
    assert 2 * len(refs) >= SHIPPED
    assert all(r.verdict.perf is not None and "GPU" in r.verdict.perf.measured_on for r in refs)


def _judge(task_name: str, files: dict[str, str]):
    (suite,) = resolve_suites(["cuda-kernels:cuda"])
    (task,) = suite.load([task_name])
    return asyncio.run(evaluate_in_sandbox(KernelEvaluator(), task, Candidate(files=files), "local",
                                           hidden_roots([suite])))


def _reference(task_name: str) -> dict[str, str]:
    folder = ROOT / task_name / "hidden" / "cuda"
    return {p.name: p.read_text() for p in folder.iterdir() if p.is_file()}


@pytest.mark.gpu
@needs_gpu
def test_gpu_cuda_reference_is_timed_by_the_supervisor():
    verdict = _judge("softmax_rows", _reference("softmax_rows"))
    assert verdict.status is Status.PASS, verdict.reason + verdict.logs[-2000:]
    perf = verdict.perf
    assert perf is not None and "GPU" in perf.measured_on and "wall time" in perf.measured_on
    assert perf.speedup > 0


@pytest.mark.gpu
@needs_gpu
def test_gpu_cuda_kernel_calling_an_aten_op_is_refused():
    """The build's symbols are checked: a kernel.cu that hands the work to at::softmax."""
    files = _reference("softmax_rows")
    files["kernel.cu"] = files["kernel.cu"].replace(
        "at::Tensor forward(const at::Tensor& x_in) {",
        "at::Tensor forward(const at::Tensor& x_in) {\n  if (x_in.numel() > 0) return at::softmax(x_in, 1);", 1)
    assert "at::softmax" in files["kernel.cu"]
    verdict = _judge("softmax_rows", files)
    assert verdict.status is Status.REJECTED and "forbidden_symbol" in (verdict.category or "") + verdict.reason


@pytest.mark.gpu
@needs_gpu
def test_gpu_cuda_output_written_into_the_input_is_refused():
    """A kernel that writes its answer over its input and returns the input tensor."""
    files = _reference("softmax_rows")
    files["kernel.cu"] = files["kernel.cu"].replace("at::Tensor y = at::empty_like(x);", "at::Tensor y = x;", 1)
    assert "at::Tensor y = x;" in files["kernel.cu"]
    verdict = _judge("softmax_rows", files)
    assert verdict.status in (Status.REJECTED, Status.FAIL) and not verdict.correct, verdict.reason


@pytest.mark.gpu
@needs_gpu
def test_gpu_cuda_candidate_replaying_an_earlier_answer_fails():
    """A ModelNew that computes once and returns that tensor's copy for every later call: the
    timed calls get fresh inputs, so the kept outputs do not match."""
    files = _reference("elu")
    files["model_new.py"] = files["model_new.py"].replace(
        "        return kernel_ext.forward(x, self.param)",
        "        if not self.memo:\n            self.memo.append(kernel_ext.forward(x, self.param))\n"
        "        return self.memo[0].clone()").replace(
        "        self.param = param", "        self.param = param\n        self.memo = []")
    assert "self.memo" in files["model_new.py"]
    verdict = _judge("elu", files)
    assert verdict.status in (Status.REJECTED, Status.FAIL) and not verdict.correct, verdict.reason
