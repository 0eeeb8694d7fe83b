"""Finding nvcc: a system CUDA's on PATH if it runs, else the one `chipbench[cuda]` installs
from PyPI (the nvidia-cuda-nvcc wheel: `nvidia/cuNN/bin/nvcc` from CUDA 13 on,
`nvidia/cuda_nvcc/bin/nvcc` for CUDA 12).

This module imports only the standard library and is self-contained, because its source is
also run inside sandboxes by the toolchain probe (`_cpp_build.PROBE`), with the sandbox's own
interpreter, where chipbench itself may not be installed (a docker image).
"""

import glob
import importlib.util
import os
import shutil
import subprocess


def nvcc_candidates() -> list:
    """Where an nvcc may be, in order of preference."""
    found = [shutil.which("nvcc")]
    spec = importlib.util.find_spec("nvidia")
    for root in (spec.submodule_search_locations or []) if spec else []:
        found += sorted(glob.glob(os.path.join(root, "cu[0-9]*", "bin", "nvcc")), reverse=True)
        found += glob.glob(os.path.join(root, "cuda_nvcc", "bin", "nvcc"))
    return [p for p in found if p]


def find_nvcc() -> tuple:
    """(path, version line) of the first nvcc that runs; (None, "") when none does. A wrapper
    on PATH whose CUDA is gone (hidden, uninstalled) does not run and is passed over."""
    for path in nvcc_candidates():
        try:
            out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.SubprocessError):
            continue
        if out.returncode == 0:
            said = [ln.strip() for ln in out.stdout.splitlines() if "release" in ln]
            said = said or out.stdout.strip().splitlines()[-1:]
            return os.path.realpath(path), said[0] if said else "unknown"
    return None, ""


def cuda_layout(nvcc) -> dict:
    """The headers and shared runtime library of the CUDA that `nvcc` belongs to."""
    home = os.path.dirname(os.path.dirname(nvcc)) if nvcc else ""
    if not home:
        return {"cuda_includes": [], "cudart": None}
    includes = [d for d in (os.path.join(home, "include"), os.path.join(home, "include", "cccl"))
                if os.path.isfile(os.path.join(home, "include", "cuda_runtime.h")) and os.path.isdir(d)]
    cudart = sorted(glob.glob(os.path.join(home, "lib*", "libcudart.so*")), key=len)
    return {"cuda_includes": includes, "cudart": cudart[0] if cudart else None}
