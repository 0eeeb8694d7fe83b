"""Verilator's runtime library and headers, compiled once per environment instead of per candidate.

A Verilator build compiles C++: its runtime library (`verilated.cpp`, `verilated_timing.cpp`,
`verilated_threads.cpp`), identical for every design, and the model it generated, which
spends most of its compile time parsing the same runtime headers. Measured on this 2-core
machine at -O0 (alu8): runtime about 5 s of CPU, the model 1.2 s, of which the headers 0.8 s.

So the harness builds both once per (Verilator version, compiler, flags, sandbox
environment): the runtime objects and a precompiled `verilated.h` + `verilated_timing.h`.
The build runs in a fresh sandbox of the candidate's backend with nothing but a trivial
testbench in it (no candidate file has ever been there), its outputs are read back and
installed in the shared cache by the harness, which sandboxes see read-only at the same path.
A candidate's build then links those objects (the make variables that list the runtime are
emptied) and compiles its model with the precompiled header loaded by `-include`, after
every flag of the model's own compile, so the header is compiled with exactly the macros
the model sees. A precompiled header GCC finds unusable is ignored and the text header read
instead: a wrong cache can cost speed, never a verdict. Anything failing here only means
the plain build (runtime compiled in the candidate's sandbox).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from chipbench.locks import exclusive
from chipbench.paths import cache_dir, shared_cache_folder
from chipbench.sandbox import Limits, Sandbox, SandboxError

RUNTIME = ("verilated", "verilated_timing", "verilated_threads")
HEADER = "chipbench_verilated.h"
HEADER_TEXT = '// chipbench: the runtime headers every Verilator model includes, precompiled once\n' \
              '#include "verilated.h"\n#include "verilated_timing.h"\n'
_STAGE = "_runtime"
_TRIVIAL_TB = "module tb;\n`include \"chipbench_tb.vh\"\ninitial begin #1 cb_check(\"x\", 1, 1); cb_done; end\nendmodule\n"
"""A testbench with a delay, as every testbench has: its build compiles the timing runtime
(`verilated_timing`) with `-fcoroutines`, as the candidates' builds do."""


@dataclass(frozen=True)
class Runtime:
    """A cache folder holding the runtime objects and the precompiled header."""

    root: Path

    def make_flags(self) -> str:
        """Make variables for Verilator's `-MAKEFLAGS`: link the prebuilt objects instead of
        compiling them, and load the precompiled header after the model's own flags."""
        objects = " ".join(str(self.root / f"{name}.o") for name in RUNTIME)
        # Verilator hands these to make through a shell: each assignment is one quoted word.
        return " ".join(["VM_GLOBAL_FAST=", "VM_GLOBAL_SLOW=", shlex.quote(f"USER_LDLIBS={objects}"),
                         shlex.quote(f"OPT_FAST=-O0 -include {self.root / HEADER}")])


_known: dict[str, Runtime | None] = {}
_MAKE_SAFE = re.compile(r"[\w./+=,@:-]+")
"""Paths that pass through make's variables and the compiler's command line unsplit."""


@functools.cache  # asked per candidate, on the event loop: the command once per process
def _compiler_version() -> str:
    try:
        return subprocess.run(["g++", "--version"], capture_output=True, text=True, timeout=30).stdout.split("\n")[0]
    except (OSError, subprocess.SubprocessError):
        return "missing"


def _key(verilator_version: str, flags: list[str], environment: str) -> str:
    identity = [verilator_version, _compiler_version(), flags, HEADER_TEXT, _TRIVIAL_TB, environment]
    return hashlib.sha256(json.dumps(identity).encode()).hexdigest()[:24]


def header_command(model_compile: str) -> list[str] | None:
    """The command precompiling HEADER with the flags of the model's compile (`g++ ... -c -o
    Vtb__ALL.o Vtb__ALL.cpp`, as make echoed it), dependency output dropped."""
    for line in model_compile.splitlines():
        words = shlex.split(line)
        if words[:1] == ["g++"] and words[-4:] == ["-c", "-o", "Vtb__ALL.o", "Vtb__ALL.cpp"]:
            flags = [w for w in words[1:-4] if w != "-MMD"]
            return ["g++", *flags, "-x", "c++-header", f"{_STAGE}/{HEADER}", "-o", f"{_STAGE}/{HEADER}.gch"]
    return None


async def prebuilt_runtime(like: Sandbox, verilator_version: str, flags: list[str], include: dict[str, str]) -> Runtime | None:
    """The prebuilt runtime for sandboxes like `like` (built now in a fresh one if missing),
    or None when it cannot be built (the candidate's build then compiles it itself).
    `flags`: the Verilator flags candidate builds use; `include`: files the trivial testbench
    needs (the support include)."""
    key = _key(verilator_version, flags, like.environment)
    root = cache_dir() / "verilator-runtime" / key
    memo = str(root)  # the cache folder can change within a process (CHIPBENCH_CACHE)
    if memo in _known:
        return _known[memo]
    if not _MAKE_SAFE.fullmatch(str(root)):  # make splits its variables at white space
        _known[memo] = None
        return None
    done = root / ".complete"
    try:
        if not done.exists():
            shared_cache_folder("verilator-runtime")
            async with exclusive(root.with_name(f"{key}.lock")):
                if not done.exists():
                    await _build(like, flags, include, root)
    except OSError:  # a read-only or full cache: the plain build, never a harness error
        pass
    _known[memo] = Runtime(root) if done.exists() else None
    return _known[memo]


async def _build(like: Sandbox, flags: list[str], include: dict[str, str], root: Path) -> None:
    try:
        made, command = await _compile(like, flags, include)
    except (SandboxError, OSError):
        return
    if made is None:
        return

    def install() -> None:
        shutil.rmtree(root, ignore_errors=True)
        root.mkdir(parents=True)
        (root / HEADER).write_text(HEADER_TEXT)
        for name, data in made.items():
            (root / name).write_bytes(data)
        for p in [root, *root.iterdir()]:
            p.chmod(0o755 if p.is_dir() else 0o644)
        (root / ".complete").write_text(shlex.join(command))

    await asyncio.to_thread(install)


async def _compile(like: Sandbox, flags: list[str], include: dict[str, str]) -> tuple[dict[str, bytes] | None, list[str]]:
    """The runtime objects and the precompiled header, built in a fresh sandbox."""
    async with type(like)(hide=[], toolchain="verilog") as sandbox:
        await sandbox.write_files({"tb.v": _TRIVIAL_TB, **include, f"{_STAGE}/{HEADER}": HEADER_TEXT})
        limits = Limits(wall_s=900, cpu_s=900, max_procs=256, max_file_mb=1024)
        build = await sandbox.exec(["verilator", *flags, "tb.v"], limits)
        command = header_command(build.stdout) if build.ok else None
        if command is None:
            return None, []
        header = await sandbox.exec(command, limits)
        if not header.ok:
            return None, command
        made = {f"{name}.o": await sandbox.read_file(f"obj_dir/{name}.o") for name in RUNTIME}
        made[f"{HEADER}.gch"] = await sandbox.read_file(f"{_STAGE}/{HEADER}.gch")
    return made, command
