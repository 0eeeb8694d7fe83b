"""Building a candidate's `kernel.cpp` into the `kernel_ext` extension module, fast and safely.

Three levers, measured on a loaded 2-core machine (g++ 12, torch 2.13.0):
- `<torch/extension.h>` pulls in all of libtorch's C++ frontend (nn, optim, data, jit): about
  50 s a file. Candidates compile against a lighter `torch/extension.h` of ours (ATen, the
  torch:: tensor factories, TORCH_CHECK and pybind11 with torch's type casters: everything a
  kernel wrapper needs; libtorch's nn/optim, which a kernel must not call anyway, are left out).
- That header is precompiled once per (torch, compiler, flags), in a sandbox of the same
  environment before any candidate file is in it, and kept in the shared cache, which
  sandboxes see read-only: a candidate build then takes a few seconds.
- Built modules are cached by a hash of the source, the flags, the torch and compiler
  versions. The cache is written by the harness only and is not readable by the sandbox's
  uid (mode 0700; when chipbench runs as root the sandbox drops to an unprivileged uid), so a
  candidate can neither plant a module nor load another candidate's or a reference's.

The untrusted compile itself runs in the sandbox; the harness reads the module back and, on
a later hit, writes it into the next sandbox with `write_file`.

What a build compiles against is asked of the sandbox, not of the harness's own Python: a
probe run with the sandbox's interpreter names its torch, include and library folders and
compiler, once per sandbox environment (the local sandbox sees the harness's environment; a
docker image brings its own). Caches are keyed by that, so a module built in one environment
is never loaded in another.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
import os
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

from chipbench.core import ChipbenchError
from chipbench.evaluators.kernels import _nvcc
from chipbench.locks import exclusive
from chipbench.paths import cache_dir, replace_atomically
from chipbench.sandbox import Limits, Sandbox

MODULE = "kernel_ext"
CXX = "g++"
COMPILE_FLAGS = ("-O3", "-fopenmp", "-fPIC", "-std=c++17", "-w")
LINK_FLAGS = ("-fopenmp",)
LIGHT_HEADER = """\
#ifndef CHIPBENCH_TORCH_EXTENSION_H
#define CHIPBENCH_TORCH_EXTENSION_H
// chipbench's <torch/extension.h> for kernel candidates: tensors, factories, checks and the
// Python binding, without libtorch's C++ frontend (nn, optim, data, jit).
#include <torch/types.h>
#include <torch/csrc/utils/pybind.h>
#include <torch/csrc/Exceptions.h>
#endif
"""


class BuildSetupError(ChipbenchError):
    """The trusted part of the build (precompiled header) failed: a harness problem."""


def torch_missing_message() -> str:
    return ("the cuda-kernels suite needs PyTorch: pip install 'chipbench[kernels]' "
            "(or run scripts/setup.sh, which installs it)")


@dataclass(frozen=True)
class Toolchain:
    """Everything that decides what a build produces; its digest is part of every cache key."""

    torch_version: str
    cxx_version: str
    includes: tuple[str, ...]
    library_dirs: tuple[str, ...]
    defines: tuple[str, ...]
    nvcc: str | None = None
    """nvcc's path in the sandbox (None: none there)."""
    nvcc_version: str = ""
    """nvcc's own words, e.g. `Cuda compilation tools, release 13.0, V13.0.88`."""
    cuda_includes: tuple[str, ...] = ()
    """CUDA's header folders next to that nvcc (a wheel's nvcc is not told where they are)."""
    cudart: str | None = None
    """The shared CUDA runtime library that nvcc's CUDA ships, linked by file (wheels ship
    only `libcudart.so.N`, which `-lcudart` does not find)."""

    @property
    def nvcc_identity(self) -> str:
        """Which nvcc builds CUDA candidates, as verdicts and manifests name it."""
        return f"{self.nvcc} ({self.nvcc_version})" if self.nvcc else "none"

    @property
    def digest(self) -> str:
        blob = repr((self.torch_version, self.cxx_version, self.includes, self.library_dirs,
                     self.defines, COMPILE_FLAGS, LINK_FLAGS, LIGHT_HEADER))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def compile_args(self) -> list[str]:
        args = [*COMPILE_FLAGS, *self.defines]
        for inc in self.includes:
            args += ["-isystem", inc]
        return args

    def link_args(self) -> list[str]:
        args = ["-shared", *LINK_FLAGS]
        for lib in self.library_dirs:
            args += [f"-L{lib}", f"-Wl,-rpath,{lib}"]
        return args + ["-lc10", "-ltorch", "-ltorch_cpu", "-ltorch_python"]


PROBE = inspect.getsource(_nvcc) + f"""
import json, subprocess, sysconfig
try:
    import torch
    from torch.utils import cpp_extension
except ImportError as exc:
    print(json.dumps({{"missing": str(exc)}}))
    raise SystemExit(0)
cxx = subprocess.run([{CXX!r}, "--version"], capture_output=True, text=True).stdout.strip().splitlines()
nvcc, nvcc_version = find_nvcc()
print(json.dumps({{
    "torch": torch.__version__, "cxx": cxx[0][:120] if cxx else "missing", "nvcc": nvcc,
    "nvcc_version": nvcc_version, **cuda_layout(nvcc),
    "includes": [*cpp_extension.include_paths(), sysconfig.get_paths()["include"]],
    "library_dirs": list(cpp_extension.library_paths()), "abi": int(torch._C._GLIBCXX_USE_CXX11_ABI),
}}))
"""
_toolchains: dict[str, Toolchain] = {}
_probing: dict[tuple[str, int], asyncio.Lock] = {}
"""One probe at a time per (environment, event loop): a lock belongs to the loop it waited in."""


async def toolchain(sandbox: Sandbox) -> Toolchain:
    """What builds in `sandbox` compile against, probed with its interpreter once per
    environment. Call it before any candidate file is in the sandbox."""
    env = sandbox.environment
    if env in _toolchains:
        return _toolchains[env]
    async with _probing.setdefault((env, id(asyncio.get_running_loop())), asyncio.Lock()):
        if env not in _toolchains:
            run = await sandbox.exec([sandbox.python, "-I", "-c", PROBE], Limits(wall_s=300, cpu_s=300, memory_mb=16384))
            try:
                found = json.loads(run.stdout.strip().splitlines()[-1])
            except (ValueError, IndexError):
                raise BuildSetupError(f"probing the sandbox's torch failed:\n{run.output[-3000:]}") from None
            if "missing" in found:
                raise ChipbenchError(f"{torch_missing_message()} ({env}: {found['missing']})")
            _toolchains[env] = Toolchain(
                torch_version=found["torch"], cxx_version=found["cxx"], nvcc=found["nvcc"],
                nvcc_version=found.get("nvcc_version", ""), cuda_includes=tuple(found.get("cuda_includes", ())),
                cudart=found.get("cudart"),
                includes=tuple(found["includes"]), library_dirs=tuple(found["library_dirs"]),
                defines=(f"-DTORCH_EXTENSION_NAME={MODULE}", "-DTORCH_API_INCLUDE_EXTENSION_H",
                         f"-D_GLIBCXX_USE_CXX11_ABI={found['abi']}"),
            )
    return _toolchains[env]


def build_root() -> Path:
    return cache_dir() / "kernels"


PCH_DIR = "_pch"


async def precompiled_header(tc: Toolchain, sandbox: Sandbox) -> Path:
    """The light header, precompiled: built once per toolchain, under a lock, in `sandbox`
    (which must not hold candidate files yet) and installed in the cache by the harness.
    Returns the cache folder holding `torch/extension.h`, `chipbench_pch.h` and its `.gch`,
    which sandboxes see read-only at the same path."""
    root = build_root() / "pch" / tc.digest
    done = root / ".complete"
    if done.exists():
        return root
    async with exclusive(build_root() / "pch" / f"{tc.digest}.lock"):
        if done.exists():
            return root
        await sandbox.write_files({f"{PCH_DIR}/torch/extension.h": LIGHT_HEADER, f"{PCH_DIR}/chipbench_pch.h": LIGHT_HEADER})
        cmd = [CXX, *tc.compile_args(), "-x", "c++-header", f"{PCH_DIR}/chipbench_pch.h",
               "-o", f"{PCH_DIR}/chipbench_pch.h.gch"]
        run = await sandbox.exec(cmd, Limits(wall_s=900, cpu_s=900, memory_mb=8192, max_file_mb=2048))
        if not run.ok:
            raise BuildSetupError(f"precompiling the torch extension header failed:\n{run.output[-3000:]}")
        gch = await sandbox.read_file(f"{PCH_DIR}/chipbench_pch.h.gch")
        await sandbox.exec(["rm", "-rf", PCH_DIR], Limits(wall_s=60))

        def install() -> None:
            shutil.rmtree(root, ignore_errors=True)
            (root / "torch").mkdir(parents=True)
            (root / "torch" / "extension.h").write_text(LIGHT_HEADER)
            (root / "chipbench_pch.h").write_text(LIGHT_HEADER)
            (root / "chipbench_pch.h.gch").write_bytes(gch)
            for p in [root, *root.rglob("*")]:
                p.chmod(0o755 if p.is_dir() else 0o644)
            done.write_text(shlex.join(cmd))

        await asyncio.to_thread(install)
    return root


def light_header() -> Path:
    """The light `torch/extension.h` alone, for nvcc: it cannot use g++'s precompiled form, so
    the cuda backend never waits for one (building it cost more CPU than a CUDA candidate's
    whole compile-only build). Written by the harness, read-only to sandboxes."""
    root = build_root() / "light-header" / hashlib.sha256(LIGHT_HEADER.encode()).hexdigest()[:16]
    header = root / "torch" / "extension.h"
    if not header.is_file() or header.read_text() != LIGHT_HEADER:
        header.parent.mkdir(parents=True, exist_ok=True)
        replace_atomically(header, LIGHT_HEADER, mode=0o644)
        for q in (root, header.parent):
            q.chmod(0o755)
    return root


def compile_command(tc: Toolchain, header_dir: Path, source: str, output: str) -> list[str]:
    """The sandboxed compile: our header folder first, so `#include <torch/extension.h>` finds
    the light header, whose precompiled form `-include` loads before anything else."""
    return [CXX, *tc.compile_args(), "-I", str(header_dir), "-include", str(header_dir / "chipbench_pch.h"),
            source, "-o", output, *tc.link_args()]


class ArtefactCache:
    """Built modules by content hash, readable and writable by the harness only."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or build_root() / "artefacts"

    def key(self, tc: Toolchain, sources: dict[str, str], extra: str = "") -> str:
        h = hashlib.sha256(tc.digest.encode() + extra.encode())
        for name in sorted(sources):
            h.update(name.encode() + b"\0" + sources[name].encode() + b"\0")
        return h.hexdigest()[:32]

    def _ensure_root(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)

    def get(self, key: str) -> bytes | None:
        path = self.root / f"{key}.so"
        return path.read_bytes() if path.is_file() else None

    def put(self, key: str, data: bytes) -> None:
        self._ensure_root()
        replace_atomically(self.root / f"{key}.so", data)
