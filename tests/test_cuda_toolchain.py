"""The cuda backend's toolchain: nvcc from PyPI (`chipbench[cuda]`) where no system CUDA is
there, named in every verdict; the suite's CUDA references and known-wrong candidates through
`tasks check`; and the opt-in docker image of the cuda and triton backends.

The system CUDA is hidden for real: the local sandbox masks every /usr/local/cuda* folder with
an empty tmpfs, so a wrapper on PATH that calls into it cannot run, and the probe must find
the wheel's nvcc on its own.
"""

from __future__ import annotations

import asyncio
import glob
import shutil
from pathlib import Path

import pytest

from chipbench.core import Status
from chipbench.evaluators.kernels import _cpp_build
from chipbench.evaluators.kernels._nvcc import find_nvcc
from chipbench.registry import evaluators
from chipbench.runner import hidden_roots, resolve_suites, select_tasks
from chipbench.sandbox.local import LocalSandbox
from chipbench.task_check import check_tasks
from conftest import chipbench_cmd

SYSTEM_CUDA = [Path(p) for p in glob.glob("/usr/local/cuda*")]


def _engine_problem() -> str | None:
    from chipbench.sandbox.docker import engine_problem

    return engine_problem()


def requires_docker(test):
    problem = _engine_problem()
    return pytest.mark.docker(pytest.mark.skipif(problem is not None, reason=f"no docker engine: {problem}")(test))


def packaged_nvcc() -> str | None:
    try:
        import nvidia
    except ImportError:
        return None
    found = [p for root in nvidia.__path__ for p in glob.glob(f"{root}/cu[0-9]*/bin/nvcc")]
    return found[0] if found else None


requires_packaged_nvcc = pytest.mark.skipif(
    packaged_nvcc() is None, reason="nvcc from PyPI is not installed (pip install 'chipbench[cuda]')")


def system_nvcc_is_hideable() -> bool:
    """Any nvcc on PATH lives in (or calls into) a /usr/local/cuda* folder the sandbox can mask."""
    on_path = shutil.which("nvcc")
    if on_path is None:
        return True
    real = Path(on_path).resolve()
    text = real.read_text(errors="ignore")[:500] if real.stat().st_size < 10_000 else ""
    return any(real.is_relative_to(c) for c in SYSTEM_CUDA) or "/usr/local/cuda" in text


@pytest.fixture
def fresh_probe(monkeypatch):
    """Forget toolchains probed earlier in this process: the hidden-CUDA sandbox must probe."""
    monkeypatch.setattr(_cpp_build, "_toolchains", {})


@requires_packaged_nvcc
@pytest.mark.skipif(not system_nvcc_is_hideable(), reason="the nvcc on PATH is not under /usr/local/cuda*")
def test_the_probe_finds_the_packaged_nvcc_when_no_system_cuda_runs(fresh_probe):
    async def probe():
        async with LocalSandbox(hide=SYSTEM_CUDA) as sandbox:
            check = await sandbox.exec(["sh", "-c", "nvcc --version || echo no-nvcc-runs"])
            return check.output, await _cpp_build.toolchain(sandbox)

    output, tc = asyncio.run(probe())
    assert "release" not in output or not SYSTEM_CUDA  # PATH offers no working nvcc in there
    assert tc.nvcc == str(Path(packaged_nvcc()).resolve())
    assert "release 13.0" in tc.nvcc_version and tc.nvcc_identity.startswith(tc.nvcc)
    assert tc.cuda_includes and all("nvidia" in inc for inc in tc.cuda_includes)


def test_the_nvcc_on_path_comes_first_when_it_runs():
    path, version = find_nvcc()
    if shutil.which("nvcc"):
        assert path == str(Path(shutil.which("nvcc")).resolve()) and "release" in version
    else:
        assert (path is None) == (packaged_nvcc() is None)


@pytest.mark.slow  # each nvcc build of a torch extension costs about a minute of CPU
@pytest.mark.timeout(3600)
@requires_packaged_nvcc
@pytest.mark.skipif(not system_nvcc_is_hideable(), reason="the nvcc on PATH is not under /usr/local/cuda*")
def test_tasks_check_builds_cuda_references_with_the_packaged_nvcc(fresh_probe):
    """The check of the cuda backend with the system CUDA hidden: references compile with the
    wheel's nvcc (on a machine without a GPU: built, not run, with the ptxas report); a
    candidate that does not compile fails with nvcc's own message in its feedback."""
    from chipbench.evaluators.kernels.backends.triton import gpu_name

    suite_list = resolve_suites(["cuda-kernels:cuda"])
    tasks = select_tasks(suite_list, ["elu", "leaky_relu"])
    evaluator_of = {s.name: evaluators.get(s.evaluator)() for s in suite_list}
    results = asyncio.run(check_tasks(tasks, evaluator_of, "local", [*hidden_roots(suite_list), *SYSTEM_CUDA]))
    by_case = {(r.task_id, r.case): r for r in results}
    wheel = str(Path(packaged_nvcc()).resolve())
    for task in ("cuda-kernels/elu", "cuda-kernels/leaky_relu"):
        ref = by_case[(task, "reference")]
        assert any(c.name == "nvcc" and wheel in c.detail for c in ref.verdict.checks), ref.verdict
        if gpu_name() is None:
            assert ref.unproven and ref.verdict.category == "no_gpu"
            assert "ptxas resource usage" in ref.verdict.feedback and "registers" in ref.verdict.feedback
        else:
            assert ref.ok and ref.verdict.status is Status.PASS
    broken = by_case[("cuda-kernels/leaky_relu", "wrong/cuda_does_not_compile")].verdict
    assert broken.status is Status.COMPILE_ERROR
    assert 'identifier "negative_slope" is undefined' in broken.feedback
    assert any(c.name == "nvcc" and wheel in c.detail for c in broken.checks)
    wrong = by_case[("cuda-kernels/elu", "wrong/cuda_alpha_dropped")]
    assert wrong.verdict.category == "no_gpu" if gpu_name() is None else wrong.ok
    # The C++ wrong candidates submit no kernel.cu: not cases of this backend (they would
    # fail as incomplete, proving nothing).
    assert ("cuda-kernels/elu", "wrong/alpha_dropped") not in by_case


# -- the opt-in docker image ---------------------------------------------------------------

def test_the_cuda_image_is_opt_in():
    from chipbench.sandbox.docker import _images

    assert _images.opt_in("cuda-kernels-gpu") and "cuda-kernels-gpu" not in _images.default_toolchains()
    assert set(_images.default_toolchains()) == set(_images.toolchains()) - {"cuda-kernels-gpu"}
    assert _images.build_command("cuda-kernels-gpu") == "chipbench sandbox build --cuda"


def test_gpu_execution_without_the_nvidia_runtime_is_a_clear_error(monkeypatch):
    """A host with a GPU whose engine cannot pass it in: the sandbox refuses, naming what is
    missing; a host without a GPU gets a container without one (compile-only verdicts)."""
    from chipbench.sandbox import SandboxError
    from chipbench.sandbox.docker import _engine, _gpu, sandbox

    class Engine:
        def info(self):
            return {"Runtimes": {"runc": {}}}

    monkeypatch.setattr(_engine, "client", lambda: Engine())
    monkeypatch.setattr(_gpu, "host_has_gpu", lambda: True)
    with pytest.raises(SandboxError, match="no NVIDIA runtime.*NVIDIA Container Toolkit"):
        sandbox._gpus_for_containers()
    monkeypatch.setattr(_gpu, "host_has_gpu", lambda: False)
    assert sandbox._gpus_for_containers() is False


def _gpu_image_built() -> bool:
    from chipbench.sandbox.docker import _images, engine_problem

    return engine_problem() is None and _images.exists(_images.image_tag("cuda-kernels-gpu"))


@requires_docker
def test_an_unbuilt_cuda_image_names_the_command_that_builds_it(tmp_path):
    if _gpu_image_built():
        pytest.skip("the cuda-kernels-gpu image is built here: nothing to refuse")
    ref = Path(str(resolve_suites(["cuda-kernels:cuda"])[0].root)) / "elu" / "hidden" / "cuda"
    out = chipbench_cmd("eval", "cuda-kernels/elu", str(ref / "model_new.py"), str(ref / "kernel.cu"),
                        "--backend", "cuda", "--sandbox", "docker")
    assert out.returncode == 1 and "run `chipbench sandbox build --cuda`" in " ".join(out.stdout.split())


@pytest.mark.slow  # nvcc inside the container: about a minute of CPU
@pytest.mark.timeout(3600)
@requires_docker
def test_eval_in_the_cuda_image_returns_the_ptxas_report(tmp_path):
    if not _gpu_image_built():
        pytest.skip("the cuda-kernels-gpu image is not built (chipbench sandbox build --cuda)")
    ref = Path(str(resolve_suites(["cuda-kernels:cuda"])[0].root)) / "elu" / "hidden" / "cuda"
    out = chipbench_cmd("eval", "cuda-kernels/elu", str(ref / "model_new.py"), str(ref / "kernel.cu"),
                        "--backend", "cuda", "--sandbox", "docker", timeout=1800)
    text = " ".join(out.stdout.split())
    if shutil.which("nvidia-smi") is None:
        assert "no GPU here" in text and "ptxas resource usage" in text and "registers" in text
        assert "built by /opt/chipbench/" in text  # the image's nvcc, from the wheels
    else:
        assert out.returncode == 0, out.stdout
