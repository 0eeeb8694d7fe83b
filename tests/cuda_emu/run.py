"""Run a task's CUDA candidate (kernel.cu + model_new.py) on the CPU through `emu.h`.

A test tool, not a backend: it checks what compiling alone cannot (index arithmetic, barriers,
shuffles, gradient formulas) by running each instance's shapes against the task's `Model` on
the CPU, with the judge's own comparisons (`_compare.compare` and `accuracy`) and tolerances
(`KernelSpec`).
It says nothing about speed or about faults only a GPU shows (see emu.h).

    python tests/cuda_emu/run.py softmax_lowp [more folders] [--wrong] [--main]

Without `--main` only the hidden alternate shapes run (the main shapes of some tasks take
minutes of emulated threads); with it the main shape too.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
import tempfile
import types
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
CUDA_INCLUDE = next((str(p) for p in (Path("/usr/local/cuda/include"), Path("/usr/local/cuda-13.0/include"))
                     if (p / "cuda_fp16.h").is_file()), None)
LAUNCH = re.compile(r"(\b[\w:]+(?:<[^;<>]*>)?)\s*<<<(.*?)>>>\s*\(", re.S)
LIGHT_INCLUDES = ("#include <torch/types.h>\n#include <torch/csrc/utils/pybind.h>\n"
                  "#include <torch/csrc/Exceptions.h>\n")


def cuda_include() -> str | None:
    """Where cuda_fp16.h is (a system CUDA's, or the nvcc wheel's include folder)."""
    if CUDA_INCLUDE:
        return CUDA_INCLUDE
    try:
        import nvidia.cu13 as cu13  # chipbench[cuda]'s wheels

        inc = Path(next(iter(cu13.__path__))) / "include"
        return str(inc) if (inc / "cuda_fp16.h").is_file() else None
    except ImportError:
        return None


def emulated_source(cuda: str) -> str:
    """kernel.cu as host C++: launches through emu::launch, CPU tensors stand for CUDA ones."""
    src = cuda.replace("#include <cuda_runtime.h>\n", "")
    src = src.replace("#include <torch/extension.h>\n", LIGHT_INCLUDES)
    src = src.replace(".is_cuda()", ".is_cpu()")
    src, launches = LAUNCH.subn(lambda m: f"emu::launch({m.group(1)}, {m.group(2)})(", src)
    if "<<<" in src or not launches:
        raise ValueError("a kernel launch the emulator's rewrite did not understand")
    return src


def build(kernel_cu: str, build_root: Path | None = None) -> types.ModuleType:
    """The emulated kernel_ext of a kernel.cu's text, built with g++ through torch's
    cpp_extension (cached by content)."""
    from torch.utils import cpp_extension

    inc = cuda_include()
    if inc is None:
        raise RuntimeError("no cuda_fp16.h here (a CUDA toolkit, or pip install 'chipbench[cuda]')")
    src = emulated_source(kernel_cu)
    digest = hashlib.sha256((src + (HERE / "emu.h").read_text()).encode()).hexdigest()[:16]
    root = build_root or Path(tempfile.gettempdir()) / f"chipbench-cuda-emu-{os.getuid()}"
    folder = root / digest
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "kernel_emu.cpp").write_text(src)
    return cpp_extension.load(
        name=f"kernel_emu_{digest}", sources=[str(folder / "kernel_emu.cpp")], build_directory=str(folder),
        extra_cflags=["-std=c++20", "-O1", "-w", "-include", str(HERE / "emu.h"), "-isystem", inc],
        extra_ldflags=["-pthread"], verbose=False)


def _module(source: str, name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(compile(source, name, "exec"), module.__dict__)
    return module


def cuda_cases(task, wrong: bool) -> dict[str, dict[str, str]]:
    """The task's CUDA reference (`cuda`), or its known-wrong CUDA candidates (`wrong/cuda_*`),
    as the judge gets them (a candidate declared as edits of the reference comes edited)."""
    if not wrong:
        return {"cuda": task.hidden_files("cuda")}
    # `task` comes as the C++ backend presents it, which leaves the CUDA twins out (no kernel.cpp);
    # no variant skips a CUDA twin, so every one of them is the CUDA backend's.
    as_cuda = task.model_copy(update={"excluded": tuple(e for e in task.excluded if not e.startswith("wrong/cuda_"))})
    return {f"wrong/{n}": files for n, files in as_cuda.wrong_candidates().items() if n.startswith("cuda_")}


def check(task, files: dict[str, str], ext: types.ModuleType | None, with_main: bool = False,
          shape_table: str | None = None) -> list[str]:
    """Mismatches of the candidate (`files`: its model_new.py) on `task`'s shapes (empty: all
    matched), by the judge's two tests: elementwise (`compare`), then accuracy against the Model
    run in float64 (`accuracy`).
    `shape_table` (e.g. "triton"): that table of shapes.toml, every entry, instead."""
    import torch

    from chipbench.evaluators.kernels._compare import accuracy, compare
    from chipbench.evaluators.kernels._spec import ACCURACY_FACTOR, KernelSpec
    from chipbench.evaluators.kernels.worker.wide import float64_outputs, widened

    spec = KernelSpec.of(task, shape_table)
    problems = []
    if ext is not None:
        sys.modules["kernel_ext"] = ext
    try:
        new = _module(files["model_new.py"], "model_new")
    finally:
        sys.modules.pop("kernel_ext", None)
    for i, shape in enumerate(spec.shapes):
        if i == 0 and not with_main and shape_table is None:
            continue
        model = _module(task.workspace["model.py"], "model")
        for k, v in shape.items():
            setattr(model, k, v)
        new.__dict__.update({k: getattr(model, k) for k in shape})
        torch.manual_seed(1)
        ref_model = model.Model(*model.get_init_inputs())
        torch.manual_seed(1)
        cand_model = new.ModelNew(*model.get_init_inputs())
        torch.manual_seed(2)
        inputs = model.get_inputs()
        truth = float64_outputs(widened(ref_model), inputs)
        with torch.no_grad():
            ref = ref_model(*[x.clone() for x in inputs])
            out = cand_model(*[x.clone() for x in inputs])
        ref = list(ref) if isinstance(ref, (tuple, list)) else [ref]
        out = list(out) if isinstance(out, (tuple, list)) else [out]
        where = f"{task.name} shape {i} {shape}"
        if bad := compare(ref, out, spec.atol, spec.rtol, where) or accuracy(
                truth, ref, out, ACCURACY_FACTOR, spec.accuracy_floor, where):
            problems.append(f"{bad.category}: {bad.detail}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--wrong", action="store_true", help="every wrong/cuda_* of each folder instead of the reference")
    parser.add_argument("--main", action="store_true", help="also the main shape (slow for large tasks)")
    args = parser.parse_args()
    from chipbench.runner import resolve_suites

    (suite,) = resolve_suites(["cuda-kernels"])
    source_tree = HERE.parent.parent / "chipbench" / "tasks" / "cuda-kernels"
    if source_tree.is_dir():  # this checkout's tasks, not the installed copy's
        suite = replace(suite, root=source_tree)
    failed = 0
    for folder in args.folders:
        tasks = suite.load([n for n in suite.task_names() if n.split("@")[0] == folder])
        for case, files in cuda_cases(tasks[0], args.wrong).items():
            ext = build(files["kernel.cu"])
            for task in tasks:
                problems = check(task, files, ext, args.main)
                failed += bool(problems) != args.wrong
                print(f"{task.name} {case}: {'ok' if not problems else 'MISMATCH ' + problems[0]}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
