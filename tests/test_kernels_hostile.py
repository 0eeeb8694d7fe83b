"""Hostile kernel candidates against the cuda-kernels judge (issue #14, classes 3 to 6).

Two parts:
- every case of tests/adversarial/cuda-kernels/ (the battery's folder format) through the real
  runner path, each with the verdict its case.toml names; the count of accepted ones is printed
  (the target is 0);
- regression tests for the classes whose fix neutralises an attack rather than rejecting it
  (fresh inputs per timed call, a baseline in its own process, threads capped at what the
  baseline gets), and for the defences behind the source policy, with that policy switched off
  (`KernelEvaluator(source_policy=False)`), so each layer is shown to hold on its own.
"""

from __future__ import annotations

import asyncio
import tomllib
from pathlib import Path

import pytest

torch = pytest.importorskip("torch", reason="the cuda-kernels suite needs torch: pip install 'chipbench[kernels]'")

from adversarial_support import load_case  # noqa: E402
from chipbench.core import Candidate, Status  # noqa: E402
from chipbench.evaluators.kernels import KernelEvaluator  # noqa: E402
from chipbench.evaluators.kernels._policy import check_python, qualified_name, symbol_allowed  # noqa: E402
from chipbench.runner import evaluate_in_sandbox, hidden_roots, resolve_suites  # noqa: E402

BATTERY = Path(__file__).parent / "adversarial" / "cuda-kernels"
CASES = sorted(p for p in BATTERY.iterdir() if (p / "case.toml").is_file())


def _first_of_each_class(cases: list[Path]) -> set[Path]:
    """Each case is a full judge run (a build, the reference, timing): the default set judges
    the first case of each attack class, the slow set every case."""
    firsts: dict[str, Path] = {}
    for folder in cases:
        firsts.setdefault(tomllib.loads((folder / "case.toml").read_text())["class"], folder)
    return set(firsts.values())


_DEFAULT_CASES = _first_of_each_class(CASES)
_tasks: dict[tuple[str, str], object] = {}
_hide: dict[int, list[Path]] = {}


def load_task(suite_spec: str, task_id: str):
    """One task of a suite spec (`cuda-kernels:cpu`), as the runner would load it."""
    key = (suite_spec, task_id)
    if key not in _tasks:
        (suite,) = resolve_suites([suite_spec])
        (task,) = suite.load([task_id.split("/", 1)[1]])
        _tasks[key] = task
        _hide[id(task)] = hidden_roots([suite])
    return _tasks[key]


def judge(task, files: dict[str, str], evaluator: KernelEvaluator | None = None):
    return asyncio.run(evaluate_in_sandbox(evaluator or KernelEvaluator(), task, Candidate(files=files), "local",
                                           _hide[id(task)]))


def triton_runs() -> bool:
    try:
        import triton  # noqa: F401
    except ImportError:
        return False
    return True


_accepted: list[str] = []


@pytest.mark.parametrize("folder", [pytest.param(p, id=p.name, marks=() if p in _DEFAULT_CASES else pytest.mark.slow)
                                    for p in CASES])
def test_battery_case_gets_its_verdict(folder):
    case = load_case(folder)  # its files as the battery submits them (edits.toml applied)
    if case.suite.endswith(":triton") and not triton_runs():
        pytest.skip("triton is not installed here")
    task = load_task(case.suite, case.task)
    verdict = judge(task, case.files)
    if verdict.status is Status.PASS:
        _accepted.append(folder.name)
    print(f"{folder.name}: {verdict.status.value} {verdict.category} {verdict.reason[:160]}")
    assert verdict.status in case.expect, (verdict.status, verdict.reason, verdict.logs[-2000:])
    assert verdict.status not in (Status.PASS, Status.HARNESS_ERROR)
    if case.category:
        assert verdict.category == case.category, verdict.reason


def test_battery_count_accepted():
    """Runs after the cases (file order): prints the count the issue asks for."""
    print(f"cuda-kernels battery: {len(_accepted)} accepted of the cases judged ({len(CASES)} in all)")
    assert len(CASES) >= 12 and len(_DEFAULT_CASES) >= 10 and not _accepted


# --- regression tests for what is neutralised, not rejected ---------------------------------

ELU = "cuda-kernels/elu"
MATMUL = "cuda-kernels/matmul_square"


def elu_task():
    return load_task("cuda-kernels:cpu", ELU)


def with_model(task, model_new: str, kernel: str | None = None) -> dict[str, str]:
    files = dict(task.reference, **{"model_new.py": model_new})
    if kernel is not None:
        files["kernel.cpp"] = kernel
    return files


def test_caching_on_input_identity_and_contents_earns_nothing():
    """A result cache keyed on the input object and its first value: the old judge cycled the
    timed calls through a pool of four input sets, so every timed call was a hit (the product
    of two 512x512 matrices reported 100x faster than it is). Every timed call now gets fresh
    storage and contents, so the cache never hits and the speedup is the kernel's own."""
    task = load_task("cuda-kernels:cpu", MATMUL)
    honest = judge(task, task.reference)
    cached = judge(task, with_model(task, task.reference["model_new.py"].replace(
        "    def forward(self, a, b):\n",
        "    def forward(self, a, b):\n"
        "        key = (id(a), id(b), float(a[0, 0]), float(b[-1, -1]))\n"
        "        if key in self.memo:\n"
        "            return self.memo[key].clone()\n"
        "        self.memo[key] = self.real(a, b)\n"
        "        return self.memo[key]\n\n"
        "    def real(self, a, b):\n").replace(
        "super().__init__()\n", "super().__init__()\n        self.memo = {}\n", 1)))
    assert honest.status is Status.PASS and cached.status is Status.PASS, (honest.reason, cached.reason)
    assert cached.perf.speedup < 3 * honest.perf.speedup + 0.5, (cached.perf, honest.perf)


SLOW_BASELINE = '''
import time

import torch
import torch.nn as nn

import kernel_ext

LIB = torch.library.Library("aten", "IMPL")


def slow_elu(x, alpha=1.0, scale=1.0, input_scale=1.0):
    end = time.perf_counter() + 0.05  # busy: CPU time, not just wall time
    while time.perf_counter() < end:
        pass
    return kernel_ext.forward(x, float(alpha))


LIB.impl("elu", slow_elu, "CPU")


class ModelNew(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param

    def forward(self, x):
        return kernel_ext.forward(x, self.param)
'''


def test_a_reregistered_aten_kernel_cannot_slow_the_baseline():
    """With the source policy off, torch.library re-registers aten::elu with a kernel that
    spins for 50 ms; the old judge timed eager PyTorch in the candidate's process (about 10x
    unearned). The baseline now runs in a process that never imports candidate code."""
    task = elu_task()
    verdict = judge(task, with_model(task, SLOW_BASELINE), KernelEvaluator(source_policy=False))
    assert verdict.status is Status.PASS, verdict.reason + verdict.logs[-2000:]
    assert verdict.perf.baseline < 40, verdict.perf  # ms per call: none of the 50 ms busy loop in it
    assert verdict.perf.speedup < 4, verdict.perf


FORGED_TIMING = '''
import sys

import torch.nn as nn

import kernel_ext

JUDGE = sys.modules["__main__"]


def forged(*args, **kwargs):
    slow, fast = [2_000_000] * 30, [20_000] * 30
    report = {"times_ns": {"eager": slow, "candidate": fast}, "cpu_ns": {"eager": slow, "candidate": fast},
              "wall_ns": {"eager": slow, "candidate": fast}, "others_cpu_ns": 0, "window": 1, "calls": 1,
              "threads": 1}
    return report


for name in ("_time", "_perf", "_clock"):
    if hasattr(JUDGE, name):
        setattr(JUDGE, name, forged)
for value in list(vars(JUDGE).values()):
    if isinstance(value, type) and hasattr(value, "go"):
        value.go = lambda self: setattr(self, "outputs", [])


class ModelNew(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param

    def forward(self, x):
        return kernel_ext.forward(x, self.param)
'''


def test_a_forged_timing_report_is_not_believed():
    """With the source policy off, the candidate replaces the judge's functions in its own
    process (the old judge took its 100x report). The supervisor times the workers from outside
    and checks kept outputs of timed calls: replacing the worker's call loop yields no output,
    which is the candidate's failure, never a speedup."""
    task = elu_task()
    verdict = judge(task, with_model(task, FORGED_TIMING), KernelEvaluator(source_policy=False))
    if verdict.status is Status.PASS:
        assert verdict.perf.speedup < 4, verdict.perf
    else:
        assert verdict.status in (Status.REJECTED, Status.RUNTIME_ERROR), verdict.reason


LAZY_WORKER = '''
import sys

import torch
import torch.nn as nn

import kernel_ext

JUDGE = sys.modules["__main__"]
REAL_CHECK = JUDGE.Server.check


def lazy_go(self):
    """Says `done` at once with empty outputs, and does the work only afterwards."""
    self.outputs = [torch.empty_like(inputs[0]) for inputs in self.inputs]
    return {"status": "ok", "outputs": [[JUDGE._layout(o)] for o in self.outputs]}


def lazy_check(self, sample, path):
    for inputs, out in zip(self.inputs, self.outputs):
        out.copy_(kernel_ext.forward(inputs[0], 1.7))
    return REAL_CHECK(self, sample, path)


JUDGE.Server.go = lazy_go
JUDGE.Server.check = lazy_check


class ModelNew(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param

    def forward(self, x):
        return kernel_ext.forward(x, self.param)
'''


@pytest.mark.slow  # two full timed judge runs (30-60 s on a cold cache); a CI-time cut
def test_work_deferred_past_done_is_caught():
    """A candidate that took over its worker's code (here with the source policy off; in
    principle native code could, through pybind11) says `done` before computing. The
    supervisor reads the kept outputs from the stopped worker's memory as they were at
    `done`, so they are wrong."""
    task = elu_task()
    verdict = judge(task, with_model(task, LAZY_WORKER), KernelEvaluator(source_policy=False))
    assert verdict.status is Status.REJECTED and verdict.checks[0].name == "timed_output_wrong", verdict.reason


OMP_PROBE = '''#include <ATen/core/Tensor.h>
#include <torch/csrc/utils/pybind.h>

#include <cmath>
#include <omp.h>

// Asks OpenMP for four threads. The output is right only if it got the one thread the baseline
// gets: more threads show as NaN, so the judge's answer says which the kernel got.
at::Tensor forward(const at::Tensor& x_in, double param_in) {
  const at::Tensor x = x_in.contiguous();
  at::Tensor out = x.new_empty(x.sizes());
  const float* src = x.data_ptr<float>();
  float* dst = out.data_ptr<float>();
  const int64_t n = x.numel();
  const float param = static_cast<float>(param_in);
  int team = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp single
    team = omp_get_num_threads();
#pragma omp for schedule(static)
    for (int64_t i = 0; i < n; ++i) {
      const float v = src[i];
      dst[i] = team > 1 ? NAN : (v > 0.f ? v : param * std::expm1(v));
    }
  }
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward, "ELU"); }
'''


@pytest.mark.slow  # full timed judge runs (about 60 s on a cold cache); a CI-time cut
def test_openmp_num_threads_gets_the_baselines_thread_count():
    """`num_threads(4)` overrode OMP_NUM_THREADS=1, and the judge then fell back to wall time:
    1.4-1.5x unearned on two cores. OMP_THREAD_LIMIT caps every team at the threads the
    baseline gets, and both workers are pinned to the same cores."""
    task = elu_task()
    verdict = judge(task, with_model(task, task.reference["model_new.py"], OMP_PROBE))
    assert verdict.status is Status.PASS, verdict.reason
    assert verdict.perf.measured_on.endswith("timed by process CPU time"), verdict.perf.measured_on


PY_THREAD = '''
import threading

import torch.nn as nn
import torch.nn.functional as F


class ModelNew(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param

    def forward(self, x):
        box = []
        worker = threading.Thread(target=lambda: box.append(F.elu(x, alpha=self.param)))
        worker.start()
        worker.join()
        return box[0]
'''


def test_threads_from_python_are_refused_without_the_source_policy():
    task = elu_task()
    verdict = judge(task, with_model(task, PY_THREAD), KernelEvaluator(source_policy=False))
    assert verdict.status is Status.REJECTED and verdict.checks[0].name == "forbidden_call", verdict.reason
    assert "thread" in verdict.reason


DELETES = '''
import os
import shutil

import torch.nn as nn

import kernel_ext

CALLS = []


class ModelNew(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param

    def forward(self, x):
        CALLS.append(1)
        if len(CALLS) > 12:  # the correctness trials are saved: remove their outputs while timed
            shutil.rmtree("cand", ignore_errors=True)
            if os.path.isfile("model.py"):
                os.unlink("model.py")
        return kernel_ext.forward(x, self.param)
'''


def test_deleting_the_judges_files_is_the_candidates_verdict():
    """The old judge reported a harness error (left out of every score) when the candidate's
    outputs were gone; whatever candidate code removes is now its own failure."""
    task = elu_task()
    verdict = judge(task, with_model(task, DELETES), KernelEvaluator(source_policy=False))
    assert verdict.status in (Status.RUNTIME_ERROR, Status.REJECTED), (verdict.status, verdict.reason)


# --- on a GPU: the same supervisor, device synchronised inside each timed window -------------

needs_gpu = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA GPU (or a CPU-only torch build) here")
TRITON_CACHE = """
    def forward(self, x):
        key = (id(x), float(x[0, 0]), float(x[-1, -1]))
        if key in self.memo:
            return self.memo[key].clone()
        self.memo[key] = self.real(x)
        return self.memo[key]

    def real(self, x):
"""


@pytest.mark.gpu
@needs_gpu
def test_gpu_reference_is_timed_and_a_cache_on_input_identity_earns_nothing():
    """Triton on the GPU: the reference passes and is timed by the supervisor's wall clock
    (the worker synchronises the device before it answers); a cache keyed on the input object
    and its values never hits, because every timed call gets fresh inputs."""
    task = load_task("cuda-kernels:triton", ELU)
    honest = judge(task, task.reference)
    assert honest.status is Status.PASS, honest.reason + honest.logs[-2000:]
    assert honest.perf is not None and "GPU" in honest.perf.measured_on and "wall time" in honest.perf.measured_on
    source = task.reference["model_new.py"].replace("    def forward(self, x):\n", TRITON_CACHE.lstrip("\n"), 1)
    source = source.replace("super().__init__()\n", "super().__init__()\n        self.memo = {}\n", 1)
    cached = judge(task, {**task.reference, "model_new.py": source})
    assert cached.status is Status.PASS, cached.reason + cached.logs[-2000:]
    assert cached.perf.speedup < 3 * honest.perf.speedup + 0.5, (cached.perf, honest.perf)


@pytest.mark.gpu
@needs_gpu
@pytest.mark.parametrize("name", ["triton_numpy", "triton_thread"])
def test_gpu_battery_cases_are_rejected(name):
    task = load_task("cuda-kernels:triton", ELU)
    verdict = judge(task, load_case(BATTERY / name).files)
    assert verdict.status is Status.REJECTED, verdict.reason


# --- the supervisor's pieces (fast, no sandbox) --------------------------------------------

def test_outputs_are_read_from_a_process_memory_by_their_layout():
    import os

    from chipbench.evaluators.kernels._evaluator import _raw_tensors
    from chipbench.evaluators.kernels.worker import judge as worker
    from chipbench.evaluators.kernels.worker import supervisor

    plain = torch.randn(33, 17)
    transposed = torch.randn(8, 5).t()  # strided: read as the span its strides cover
    ints = torch.arange(10, dtype=torch.int64)[::3]
    outs = [plain, transposed, ints]
    done = {"outputs": [[worker._layout(o) for o in outs]]}
    data, layout = supervisor.read_outputs(os.getpid(), done, 0, 1)
    back = _raw_tensors(data, layout)
    assert all(torch.equal(a, b) and a.shape == b.shape for a, b in zip(outs, back))
    with pytest.raises(supervisor.CandidateFault):
        supervisor.read_outputs(os.getpid(), {"outputs": [[{"dtype": "object"}]]}, 0, 1)
    with pytest.raises(supervisor.CandidateFault):
        supervisor.read_outputs(os.getpid(), {"outputs": [[{**layout[0], "ptr": 8}]]}, 0, 1)


def test_a_process_cpu_clock_is_read_from_outside():
    import subprocess
    import sys
    import time

    from chipbench.evaluators.kernels.worker import supervisor

    child = subprocess.Popen([sys.executable, "-c", "import time\nt = time.process_time()\n"
                              "while time.process_time() - t < 0.3: pass\ntime.sleep(5)"])
    try:
        time.sleep(0.1)
        first = supervisor.cpu_clock_ns(child.pid)
        deadline = time.monotonic() + 30
        while supervisor.cpu_clock_ns(child.pid) - first < 100_000_000 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert supervisor.cpu_clock_ns(child.pid) - first >= 100_000_000
    finally:
        child.kill()
        child.wait()


# --- the policy itself (fast, no sandbox) ---------------------------------------------------

@pytest.mark.parametrize("source, category", [
    ("import numpy\n", "forbidden_import"),
    ("from os import path\n", "forbidden_import"),
    ("import torch\nx = torch._C\n", "forbidden_name"),
    ("import torch\nf = getattr(torch, 'relu')\n", "forbidden_name"),
    ("x = __builtins__\n", "forbidden_name"),
    ("import torch\nlib = torch.library.Library('aten', 'IMPL')\n", "forbidden_name"),
    ("import torch\ntorch.set_num_threads(4)\n", "forbidden_name"),
    ("import torch\ny = torch.compile(abs)\n", "forbidden_name"),
    ("def f(x):\n    return x.numpy()\n", "forbidden_name"),
    ("from . import kernel_ext\n", "forbidden_import"),
    ("import torch\nclass T(torch.Tensor):\n    def __torch_function__(cls, *a):\n        pass\n", "forbidden_name"),
    ("class M:\n    def __del__(self):\n        pass\n", "forbidden_name"),
])
def test_source_policy_refuses(source, category):
    violation = check_python(source)
    assert violation is not None and violation.category == category, violation


def test_source_policy_accepts_every_shipped_reference():
    root = Path(__file__).parents[1] / "chipbench" / "tasks" / "cuda-kernels"
    sources = [p for p in root.glob("*/hidden/*/model_new.py")]
    assert len(sources) > 60
    assert [(str(p), check_python(p.read_text())) for p in sources if check_python(p.read_text())] == []


@pytest.mark.parametrize("symbol, allowed", [
    ("at::_ops::new_empty::call(at::Tensor const&, c10::ArrayRef<c10::SymInt>, std::optional<c10::ScalarType>)", True),
    ("at::_ops::elu::call(at::Tensor const&, c10::Scalar const&, c10::Scalar const&, c10::Scalar const&)", False),
    ("at::_ops::elu::redispatch(c10::DispatchKeySet, at::Tensor const&)", False),
    ("at::cpu::elu(at::Tensor const&, c10::Scalar const&, c10::Scalar const&, c10::Scalar const&)", False),
    ("at::native::relu(at::Tensor const&)", False),
    ("float* at::TensorBase::data_ptr<float>() const", True),
    ("__fprintf_chk", True),  # glibc's fortified printing: the H200 machine's nvcc build of every CUDA reference calls it
    ("__memcpy_chk", True),
    ("fopen", False),
    ("pthread_create@GLIBC_2.34", False),
    ("std::thread::_M_start_thread(std::unique_ptr<std::thread::_State>, void (*)())@GLIBCXX_3.4.22", False),
    ("sgemm_", False),
    ("dlsym@GLIBC_2.34", False),
    ("sched_setaffinity@GLIBC_2.3.4", False),
    ("fork@GLIBC_2.2.5", False),
    ("remove@GLIBC_2.2.5", False),
    ("omp_set_num_threads@OMP_1.0", False),
    ("GOMP_parallel@GOMP_4.0", True),
    ("expm1f@GLIBC_2.2.5", True),
    ("PyRun_SimpleString", False),
    ("PyImport_ImportModule", False),
    ("PyObject_GetAttrString", True),
    ("c10::impl::tls_set_dispatch_key_excluded(c10::DispatchKey, bool)", False),
    ("c10::Dispatcher::singleton()", False),
    ("operator new(unsigned long)@GLIBCXX_3.4", True),
    ("typeinfo for std::bad_alloc@GLIBCXX_3.4", True),
])
def test_symbol_allow_list(symbol, allowed):
    assert symbol_allowed(symbol) is allowed, qualified_name(symbol)


def test_qualified_names():
    assert qualified_name("float* at::TensorBase::data_ptr<float>() const") == "at::TensorBase::data_ptr<float>"
    assert qualified_name("typeinfo for std::bad_alloc@GLIBCXX_3.4") == "std::bad_alloc"
    assert qualified_name("expf@GLIBC_2.27") == "expf"


@pytest.mark.parametrize("line", ["from torch import compile as build", "from torch import library",
                                  "from torch import _C", "from torch import *", "from torch.nn.functional import _in_projection",
                                  "from torch import manual_seed"])
def test_policy_refuses_forbidden_names_imported_by_name(line):
    """`from torch import compile` reaches what `torch.compile` reaches: the attribute rule
    must hold for names an import brings in too."""
    violation = check_python(line + "\n")
    assert violation is not None and violation.category == "forbidden_name", violation


def test_policy_allows_plain_names_imported_by_name():
    assert check_python("from torch.nn.functional import elu\nfrom torch import nn\n") is None


def test_seed_hook_cannot_precompute_answers_in_the_untimed_input_step():
    """The judge made each timed call's inputs with torch.manual_seed, which calls
    torch.cuda.manual_seed_all (looked up at call time) with the seed: a candidate that replaced
    it drew the same inputs itself and computed every answer there, before the timed window,
    and passed with a speedup of its own making. With the source policy off, the judge now
    seeds through the generator's C method and its identity snapshot covers every torch module,
    checked after each timed window."""
    task = elu_task()
    verdict = judge(task, load_case(BATTERY / "seed_hook_precompute").files, KernelEvaluator(source_policy=False))
    assert verdict.status is not Status.PASS, (verdict.perf, verdict.reason)
    assert verdict.status is not Status.HARNESS_ERROR, verdict.reason


TENSOR_METHOD_HOOK = '''
import torch
import torch.nn as nn
import torch.nn.functional as F

import kernel_ext

ready = []
plain_mul = torch.Tensor.mul


def mul(self, other):
    # get_inputs() ends with `torch.randn(...) * 2.0`: the judge's untimed input step runs this
    y = plain_mul(self, other)
    if y.shape == (1024, 4096):
        ready.append(F.elu(y, alpha=1.7))
    return y


torch.Tensor.__mul__ = mul  # added: torch.Tensor inherits __mul__, it has none of its own


class ModelNew(nn.Module):
    def __init__(self, param):
        super().__init__()
        self.param = param
        ready.clear()

    def forward(self, x):
        if ready:
            y = ready.pop(0)
            if y.shape == x.shape:
                return y
        return kernel_ext.forward(x, self.param)
'''


def test_method_added_to_tensor_cannot_precompute_answers():
    """An operator added to torch.Tensor (it inherits `__mul__` from its C base, so the
    identity snapshot saw no replacement) ran in the judge's untimed input step on the very
    inputs of the next timed call. With the source policy off, an attribute added to
    torch.Tensor or torch.nn.Module now counts as one replaced."""
    task = elu_task()
    verdict = judge(task, with_model(task, TENSOR_METHOD_HOOK), KernelEvaluator(source_policy=False))
    assert verdict.status is not Status.PASS, (verdict.perf, verdict.reason)
    assert verdict.status is not Status.HARNESS_ERROR, verdict.reason


def test_a_trusted_toolchain_may_run_its_compiler_but_the_candidate_may_not(tmp_path):
    """Triton's JIT runs ptxas in a subprocess when a kernel is first launched on a GPU: every
    Triton reference was refused on an H200 until a trusted toolchain's own calls were let
    through. The candidate's direct calls, and its callbacks run by the toolchain, stay refused."""
    import subprocess
    import sys

    import chipbench.evaluators.kernels.worker as worker

    (tmp_path / "faketool").mkdir()
    (tmp_path / "faketool" / "__init__.py").write_text(
        "import subprocess\n"
        "def compile():\n    return subprocess.run(['true']).returncode\n"
        "def call(f):\n    return f()\n")
    candidate = tmp_path / "model_new.py"
    candidate.write_text(
        "import subprocess\nimport faketool\n"
        "def via_tool():\n    return faketool.compile()\n"
        "def direct():\n    return subprocess.run(['true']).returncode\n"
        "def via_callback():\n    return faketool.call(direct)\n")
    script = (
        f"import sys; sys.path[:0] = [{str(tmp_path)!r}, {str(Path(worker.__file__).parent)!r}]\n"
        "from audit import AuditGuard\n"
        f"guard = AuditGuard({str(candidate)!r}, trusted=('faketool',))\n"
        "import model_new\nguard.arm()\n"
        "for name in ('via_tool', 'direct', 'via_callback'):\n"
        "    try:\n        getattr(model_new, name)(); print(name, 'allowed')\n"
        "    except PermissionError:\n        print(name, 'refused')\n")
    out = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True, timeout=60)
    assert out.stdout.split("\n")[:3] == ["via_tool allowed", "direct refused", "via_callback refused"], out
