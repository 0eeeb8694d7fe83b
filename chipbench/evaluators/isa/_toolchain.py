"""Builds of our own trusted code: the instruction-counting plugin and the test harness.

Both are built on the host (they are our code, not a candidate's) at first use and kept in a
cache folder keyed by a hash of everything that goes into them, so a second evaluation of the
same task costs nothing and a changed source or compiler is never served a stale build.
Builds write to a temporary name and rename, so concurrent runs never see half a file.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
from importlib.resources import files as package_files
from pathlib import Path
from typing import TYPE_CHECKING

from chipbench.core import ChipbenchError
from chipbench.evaluators._base import tool_version
from chipbench.evaluators.isa._targets import PORTABLE_CFLAGS, Target

if TYPE_CHECKING:
    from chipbench.evaluators.isa._policy import Footprint

PLUGIN_SOURCE = "insn_counter.c"
LINKER_SCRIPT = "harness.ld"

# The fixed layout support/harness.ld gives every test program (the plugin is told these).
RETURN_SITE = 0x400000
CANDIDATE_BASE = 0x800000
CANDIDATE_END = 0x1800000
STATE_BASE = 0x1C00000       # harness state the candidate's code may not read or write
STATE_END = 0x1C10000
# The stack the function under test may use (and store into) below the stack pointer it is
# called with; the trampoline zeroes it before every call (support/crt-<arch>.S). 256 KiB is
# 20 times what the deepest recursion among the tasks needs when translated from -O0 code.
FRAME_BYTES = 0x40000
_lock = threading.Lock()
_memo: dict[str, dict[str, bytes]] = {}


class ToolchainError(ChipbenchError):
    """A tool the suite needs is missing or failed on our own code: a harness problem."""


def support_dir() -> Path:
    return Path(str(package_files("chipbench.evaluators.isa") / "support"))


def cache_root() -> Path:
    """`$CHIPBENCH_CACHE`, else `$XDG_CACHE_HOME/chipbench`, else `~/.cache/chipbench`."""
    if env := os.environ.get("CHIPBENCH_CACHE"):
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "chipbench"


def _require(tool: str, package: str) -> str:
    path = shutil.which(tool)
    if path is None:
        raise ToolchainError(f"{tool} not found: the isa-transpile suite needs it "
                             f"(apt-get install {package}; scripts/setup.sh installs it)")
    return path


def _run(cmd: list[str], cwd: Path) -> None:
    try:
        out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ToolchainError(f"{cmd[0]} failed to run: {exc}") from None
    if out.returncode != 0:
        raise ToolchainError(f"building chipbench's own code failed: {' '.join(cmd)}\n"
                             f"{(out.stdout + out.stderr)[-3000:]}")


def _cached(key: str, build) -> dict[str, bytes]:
    """The files `build(folder)` writes into a fresh folder, kept under the cache by `key`."""
    final = cache_root() / "isa" / key
    with _lock:
        if str(final) in _memo:
            return _memo[str(final)]
    if not final.is_dir():
        final.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{key}-", dir=final.parent))
        try:
            build(work)
            try:
                work.rename(final)
            except OSError:  # another process finished the same build first
                pass
        finally:
            shutil.rmtree(work, ignore_errors=True)
    result = {p.name: p.read_bytes() for p in sorted(final.iterdir()) if p.is_file()}
    with _lock:
        _memo[str(final)] = result
    return result


def _digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode() if isinstance(part, str) else part)
        h.update(b"\0")
    return h.hexdigest()[:20]


def counter_plugin(cc: str = "gcc") -> bytes:
    """The qemu TCG plugin (a host shared object) that counts and guards candidate code,
    built by the host compiler `cc` (the evaluator's `host_cc` option)."""
    _require(cc, "gcc")
    source = (support_dir() / PLUGIN_SOURCE).read_bytes()
    key = "plugin-" + _digest(source, tool_version(cc))

    def build(work: Path) -> None:
        (work / PLUGIN_SOURCE).write_bytes(source)
        _run([cc, "-O2", "-shared", "-fPIC", "-fvisibility=hidden", "-o", "insn_counter.so",
              PLUGIN_SOURCE], work)
        (work / PLUGIN_SOURCE).unlink()

    return _cached(key, build)["insn_counter.so"]


def target_packages(target: Target) -> dict[str, str]:
    """The tools a target needs, with the Debian package that brings each."""
    return {target.gcc: f"gcc-{target.triplet}", target.qemu: "qemu-user"}


def input_seed_flags(input_seed: int | None) -> list[str]:
    """The compiler flag that gives a task's tests their own random inputs (see harness.h)."""
    if input_seed is None:
        return []
    if not 0 < input_seed < 2**64:
        raise ValueError(f"input_seed must be a nonzero 64-bit value, not {input_seed}")
    return [f"-DCB_INPUT_SEED={input_seed:#x}ull"]


def harness_objects(target: Target, task_source: Path, input_seed: int | None = None) -> dict[str, bytes]:
    """Everything linked with a candidate for `target`: the task's tests (driver.o), built per
    task, and the runtime every task shares (crt.o, harness.o, the linker script), built once.
    `input_seed`: the task's seed of random inputs (`[eval] input_seed`), None for the default."""
    for tool, package in target_packages(target).items():
        _require(tool, package)
    support = support_dir()
    flags = [*PORTABLE_CFLAGS, *target.cc_flags, "-O2", f"-I{support}"]
    toolchain = tool_version(target.gcc)
    crt_name = f"crt-{target.name}.S"
    runtime_inputs = [support / crt_name, support / LINKER_SCRIPT, support / "harness.c", support / "harness.h"]

    def build_runtime(work: Path) -> None:
        _run([target.gcc, *target.cc_flags, f"-DCB_FRAME_BYTES={FRAME_BYTES:#x}", "-c", "-o", "crt.o",
              str(support / crt_name)], work)
        _run([target.gcc, *flags, "-c", "-o", "harness.o", str(support / "harness.c")], work)
        shutil.copyfile(support / LINKER_SCRIPT, work / LINKER_SCRIPT)

    source = task_source.read_bytes()
    seed_flags = input_seed_flags(input_seed)

    def build_driver(work: Path) -> None:
        (work / "task.c").write_bytes(source)
        _run([target.gcc, *flags, *seed_flags, "-DCB_DRIVER", "-c", "-o", "driver.o", "task.c"], work)
        (work / "task.c").unlink()

    runtime_key = f"{target.name}-runtime-" + _digest(*(p.read_bytes() for p in runtime_inputs),
                                                       " ".join(flags), toolchain, str(FRAME_BYTES))
    driver_key = f"{target.name}-driver-" + _digest(source, (support / "harness.h").read_bytes(),
                                                     " ".join([*flags, *seed_flags]), toolchain)
    return {**_cached(runtime_key, build_runtime), **_cached(driver_key, build_driver)}


def baseline_footprints(target: Target, reference: Path, source: Path, source_opt: str,
                        cc: str = "gcc") -> list[Footprint]:
    """The data and code the task's honest versions of the function bring: the target gcc's
    -O2 code (the reference, assembled), the x86-64 code the agent translates (the hidden C
    built as the prompt's assembly was), and the target gcc's own -O0 and unrolled -O3 code
    (the longest code an honest translation is likely to be). The candidate's budgets derive
    from them."""
    from chipbench.evaluators.isa._policy import Footprint, _elf, footprint

    gcc = _require(cc, "gcc")
    _require(target.assembler, f"binutils-{target.triplet}")
    _require(target.gcc, f"gcc-{target.triplet}")
    ref_text, src_text = reference.read_bytes(), source.read_bytes()
    flags = [*PORTABLE_CFLAGS, "-fcf-protection=none", f"-{source_opt}"]
    target_flags = [*PORTABLE_CFLAGS, *target.cc_flags]
    levels = {"o0.o": ["-O0"], "o3.o": ["-O3", "-funroll-loops"]}
    key = f"{target.name}-footprint-" + _digest(ref_text, src_text, " ".join(flags), " ".join(target.as_flags),
                                                " ".join(target_flags), repr(levels), tool_version(gcc),
                                                tool_version(target.assembler), tool_version(target.gcc))

    def build(work: Path) -> None:
        (work / "ref.s").write_bytes(ref_text)
        (work / "src.c").write_bytes(src_text)
        _run([target.assembler, *target.as_flags, "-o", "ref.o", "ref.s"], work)
        _run([gcc, *flags, "-c", "-o", "src.o", "src.c"], work)
        for name, level in levels.items():
            _run([target.gcc, *target_flags, *level, "-c", "-o", name, "src.c"], work)
        objects = ["ref.o", "src.o", *levels]
        sizes = [footprint(_elf((work / name).read_bytes())) for name in objects]
        (work / "footprints").write_text(" ".join(f"{s.data} {s.code}" for s in sizes))
        for name in ("ref.s", "src.c", *objects):
            (work / name).unlink()

    numbers = list(map(int, _cached(key, build)["footprints"].decode().split()))
    return [Footprint(data, code) for data, code in zip(numbers[::2], numbers[1::2])]
