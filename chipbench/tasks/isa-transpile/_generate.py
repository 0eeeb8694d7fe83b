"""Generate the isa-transpile task folders from the C functions in `_sources/`.

    .venv/bin/python chipbench/tasks/isa-transpile/_generate.py [--out DIR] [NAME ...]

For every `_sources/NAME.c` and every target (riscv64, aarch64) and source level (-O0, -O2)
this writes `NAME-O<n>-<target>/`: the x86-64 assembly the agent translates (prompt.md), the
hidden C, the expected output of every test case (computed natively from the hidden C), the
reference (the target gcc's own -O2 assembly, which is also the speed baseline) and three
known-wrong candidates derived mechanically from it. Everything is checked before it is
written: the target reference must reproduce the native output exactly, so must the target's
-O0 build, and every wrong candidate must fail.

Each source file holds a TOML front-matter comment (title, difficulty, tags), the interface
between `//@interface` and `//@end` (shown to the agent), the function (when CB_DRIVER is not
defined) and its tests (when it is; see the evaluator's support/harness.h). Test code must
draw random numbers in separate statements: C leaves the order of argument evaluation open,
and x86-64 and the targets really do differ.

Generation runs the toolchains on this machine; nothing here runs when chipbench is used.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from chipbench.core import Candidate, Status, Verdict
from chipbench.evaluators.isa import (
    PORTABLE_CFLAGS, TARGETS, IsaTranspileEvaluator, instruction_budget, support_dir,
)
from chipbench.sandbox.local import LocalSandbox
from chipbench.tasks import load_task

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _mutants import KINDS  # noqa: E402

SOURCES = HERE / "_sources"
LEVELS = ("O0", "O2")
X86_FLAGS = (*PORTABLE_CFLAGS, "-fcf-protection=none")
_FRONT = re.compile(r"/\*\s*chipbench-task\n(.*?)\*/", re.S)
_INTERFACE = re.compile(r"^//@interface\n(.*?)^//@end\n", re.S | re.M)


class GenerationError(Exception):
    pass


def run(cmd: list[str], cwd: Path | None = None, timeout: float = 120) -> str:
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    if out.returncode != 0:
        raise GenerationError(f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stdout}{out.stderr}")
    return out.stdout


def parse_source(path: Path) -> dict:
    text = path.read_text()
    front, interface = _FRONT.search(text), _INTERFACE.search(text)
    if not front or not interface:
        raise GenerationError(f"{path}: needs a /* chipbench-task ... */ header and an //@interface block")
    meta = tomllib.loads(front.group(1))
    return {"name": path.stem, "text": text, "interface": interface.group(1).strip(), **meta}


def clean_x86(asm: str) -> str:
    """gcc's x86-64 output minus lines that only name the file or the compiler."""
    keep = [ln for ln in asm.splitlines()
            if not re.match(r"\s*\.(file|ident)\b", ln) and ".note.GNU-stack" not in ln]
    return "\n".join(keep) + "\n"


def x86_assembly(src: Path, level: str, work: Path) -> str:
    asm = run(["gcc", "-S", f"-{level}", *X86_FLAGS, "-o", "-", str(src)])
    (work / f"x86-{level}.s").write_text(asm)
    run(["as", "-o", str(work / f"x86-{level}.o"), str(work / f"x86-{level}.s")])
    undefined = run(["nm", "-u", str(work / f"x86-{level}.o")]).split()
    if undefined:
        raise GenerationError(f"{src.name}: x86-64 -{level} code calls {undefined}: no library calls allowed")
    return clean_x86(asm)


def native_expected(src: Path, work: Path) -> str:
    """Run the hidden C natively, called directly by the tests: the expected output."""
    support = support_dir()
    flags = [*X86_FLAGS, "-O2", f"-I{support}", "-DCB_NATIVE"]
    run(["gcc", "-c", "-o", "crt.o", str(support / "crt-x86_64.S")], work)
    run(["gcc", *flags, "-c", "-o", "harness.o", str(support / "harness.c")], work)
    run(["gcc", *flags, "-DCB_DRIVER", "-c", "-o", "driver.o", str(src)], work)
    run(["gcc", *X86_FLAGS, "-O2", "-c", "-o", "function.o", str(src)], work)
    run(["ld", "-static", "-o", "native", "crt.o", "harness.o", "driver.o", "function.o"], work)
    expected = run(["./native"], work, timeout=60)
    if not expected.endswith(f"!end\t{expected.count(chr(10)) - 1}\n") or "!abi" in expected:
        raise GenerationError(f"{src.name}: the native run did not finish cleanly:\n{expected[-500:]}")
    return expected


def target_assembly(src: Path, target, level: str = "O2") -> str:
    return run([target.gcc, "-S", f"-{level}", *PORTABLE_CFLAGS, *target.cc_flags, "-o", "-", str(src)])


def prompt(meta: dict, target, level: str, x86: str) -> str:
    name = meta["name"]
    return f"""# Translate `{name}` from x86-64 to {target.title}

Below is the x86-64 assembly (GNU as, AT&T syntax) that `gcc -{level}` produced for one C
function. Write the same function for **{target.name}** in GNU assembler syntax, as the file
`{name}.s`. The C source is not given; the interface is:

```c
{meta['interface']}
```

## x86-64 assembly (gcc -{level})

```asm
{x86.rstrip()}
```

## What is checked

- Target: {target.isa}.
- Your file is assembled for that target, linked with a hidden test harness, and run under
  `{target.qemu}` on many inputs (edge cases and seeded random values). Every result, and
  every output written through a pointer, must equal what the original function gives.
- It must follow the standard C calling convention of {target.name}: arguments, return value,
  and the callee-saved registers ({target.callee_saved}), which the harness checks after
  every call.
- Define exactly one global symbol, `{name}`; helpers and labels stay local. Put constant
  tables in `.rodata`. Not allowed: calls to any other code (libc included), system calls,
  writable data (no state between calls), memory other than what the arguments point to,
  your own stack and your constant tables, and instructions outside the target above.
- Floating-point results are compared bit for bit: keep the x86-64 code's rounding (for
  example, do not fuse a multiply and an add that it keeps separate).
- Once correct, speed counts: the dynamic instruction count of your function over all test
  cases, against `gcc -O2` for {target.name} (speedup = gcc's count / yours).
"""


def task_toml(meta: dict, target, level: str, baseline: int, cases: int) -> str:
    tags = ", ".join(f'"{t}"' for t in [*meta.get("tags", []), f"x86-64-{level}", target.name])
    title = f"{meta['title']} (x86-64 -{level} to {target.name})"
    return f"""# Generated by _generate.py from _sources/{meta['name']}.c; edit the source, not this file.
title = "{title}"
kind = "transpile"
difficulty = "{meta['difficulty']}"
tags = [{tags}]
submit = ["{meta['name']}.s"]

[interface]
function = "{meta['name']}"
target = "{target.name}"
source_isa = "x86-64"
source_opt = "{level}"

[eval]
baseline_instructions = {baseline}
max_instructions = {instruction_budget(baseline)}
timeout_s = 20
cases = {cases}
"""


def write_folder(folder: Path, files: dict[str, str]) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


async def evaluate(folder: Path, files: dict[str, str]) -> Verdict:
    task = load_task(folder, "isa-transpile")
    async with LocalSandbox() as sandbox:
        return await IsaTranspileEvaluator().evaluate(task, Candidate(files=files), sandbox)


def _wrong_enough(kind: str, verdict: Verdict) -> bool:
    """A wrong candidate must fail for the reason its kind names, never by not building."""
    if kind == "clobbers-callee-saved":
        return verdict.reason.startswith("calling convention") and all(
            c.passed for c in verdict.checks if c.name == "cases")
    return verdict.status in (Status.FAIL, Status.RUNTIME_ERROR, Status.TIMEOUT)


async def generate_target(meta: dict, src: Path, target, x86: dict[str, str], expected: str,
                          out_root: Path) -> list[str]:
    name = meta["name"]
    file = f"{name}.s"
    reference = target_assembly(src, target)
    cases = expected.count("\n") - 1
    staging = out_root / f".staging-{name}-{target.name}"
    base = {f"hidden/{name}.c": meta["text"], "hidden/expected.txt": expected,
            f"hidden/reference/{file}": reference, "prompt.md": "staging\n"}
    write_folder(staging, {**base, "task.toml": task_toml(meta, target, "O2", 1, cases)})
    try:
        ref = await evaluate(staging, {file: reference})
        if ref.status is not Status.PASS:
            raise GenerationError(f"{name}/{target.name}: the reference fails: {ref.reason}\n{ref.feedback}")
        baseline = int(ref.perf.candidate)
        write_folder(staging, {**base, "task.toml": task_toml(meta, target, "O2", baseline, cases)})
        o0 = await evaluate(staging, {file: target_assembly(src, target, "O0")})
        if o0.status is not Status.PASS:
            raise GenerationError(f"{name}/{target.name}: the -O0 build disagrees with the native "
                                  f"run (undefined behaviour in the C?): {o0.feedback}")
        wrong = {}
        for kind, propose in KINDS.items():
            for mutant in propose(reference, target.name, name):
                if mutant == reference:
                    continue
                verdict = await evaluate(staging, {file: mutant})
                if _wrong_enough(kind, verdict):
                    wrong[kind] = mutant
                    break
            else:
                raise GenerationError(f"{name}/{target.name}: no {kind} mutant is caught by the tests")
    finally:
        shutil.rmtree(staging, ignore_errors=True)

    written = []
    for level in LEVELS:
        folder = out_root / f"{name}-{level}-{target.name}"
        write_folder(folder, {
            **base,
            "task.toml": task_toml(meta, target, level, baseline, cases),
            "prompt.md": prompt(meta, target, level, x86[level]),
            **{f"hidden/wrong/{kind}/{file}": text for kind, text in wrong.items()},
        })
        written.append(f"{folder.name}: baseline {baseline} instructions, {cases} cases, o0 "
                       f"{int(o0.perf.candidate)}")
    return written


async def generate(names: list[str], out_root: Path = HERE) -> None:
    sources = sorted(SOURCES.glob("*.c"))
    if names:
        sources = [s for s in sources if s.stem in names]
    for src in sources:
        meta = parse_source(src)
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            x86 = {level: x86_assembly(src, level, work) for level in LEVELS}
            expected = native_expected(src, work)
        for target in TARGETS.values():
            for line in await generate_target(meta, src, target, x86, expected, out_root):
                print(line, flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="functions to generate (default: all in _sources/)")
    parser.add_argument("--out", type=Path, default=HERE, help="where task folders go (default: here)")
    args = parser.parse_args()
    asyncio.run(generate(args.names, args.out))
