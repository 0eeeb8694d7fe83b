"""isa-transpile tasks, generated from the C functions in the suite's `_sources/`.

For every `_sources/NAME.c`, every target (riscv64, aarch64) and source level (-O0, -O2) this
writes `NAME-O<n>-<target>/`: the x86-64 assembly the agent translates (prompt.md), the hidden
C (a copy of the source), the expected output of every test case (computed natively from the
hidden C), the reference (the target gcc's own -O2 assembly, which is also the speed baseline)
and three known-wrong candidates derived mechanically from it (`isa_mutants`). Everything is
checked before it is written: the target reference must reproduce the native output exactly,
so must the target's -O0 build, and every wrong candidate must fail.

The seed picks the test inputs: seed 0 keeps the harness's own input seed (the shipped set);
any other seed gives each function its own (`[eval] input_seed`, a `-DCB_INPUT_SEED` of the
tests' build), so the random cases, their expected outputs and the instruction baseline are new.

Each source file holds a TOML front-matter comment (title, difficulty, tags), the interface
between `//@interface` and `//@end` (shown to the agent), the function (when CB_DRIVER is not
defined) and its tests (when it is; see the evaluator's support/harness.h). Test code must
draw random numbers in separate statements: C leaves the order of argument evaluation open,
and x86-64 and the targets really do differ.

Generation runs the toolchains on this machine (gcc, the cross compilers, qemu-user).
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from chipbench.core import Candidate, ChipbenchError, Status, Verdict
from chipbench.evaluators.isa import (
    PORTABLE_CFLAGS, TARGETS, IsaTranspileEvaluator, input_seed_flags, instruction_budget, support_dir,
)
from chipbench.sandbox.local import LocalSandbox
from chipbench.tasks._loader import load_task
from chipbench.tasks._suite import Suite
from chipbench.tasks.generators import only_these, provenance, write_task
from chipbench.tasks.generators.isa_mutants import KINDS
from chipbench.tasks.provenance import Drift, task_provenance

SOURCES = "_sources"
LEVELS = ("O0", "O2")
X86_FLAGS = (*PORTABLE_CFLAGS, "-fcf-protection=none")
_FRONT = re.compile(r"/\*\s*chipbench-task\n(.*?)\*/", re.S)
_INTERFACE = re.compile(r"^//@interface\n(.*?)^//@end\n", re.S | re.M)


def input_seed(function: str, seed: int) -> int | None:
    """The tests' input seed for `function` in the task set of `seed` (None: the harness's
    default, seed 0); never 0, which would stop the generator."""
    if seed == 0:
        return None
    return int.from_bytes(hashlib.sha256(f"{function}:seed={seed}".encode()).digest()[:8], "little") | 1


class GenerationError(ChipbenchError):
    """A source cannot become tasks (it fails to build, or its tests do not catch a mistake)."""


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


def native_expected(src: Path, work: Path, seed: int | None = None) -> str:
    """Run the hidden C natively, called directly by the tests: the expected output.
    `seed`: the tests' input seed (see `input_seed`)."""
    support = support_dir()
    flags = [*X86_FLAGS, "-O2", f"-I{support}", "-DCB_NATIVE"]
    run(["gcc", "-c", "-o", "crt.o", str(support / "crt-x86_64.S")], work)
    run(["gcc", *flags, "-c", "-o", "harness.o", str(support / "harness.c")], work)
    run(["gcc", *flags, *input_seed_flags(seed), "-DCB_DRIVER", "-c", "-o", "driver.o", str(src)], work)
    run(["gcc", *X86_FLAGS, "-O2", "-c", "-o", "function.o", str(src)], work)
    run(["ld", "-static", "-o", "native", "crt.o", "harness.o", "driver.o", "function.o"], work)
    expected = run(["./native"], work, timeout=60)
    if not expected.endswith(f"!end\t{expected.count(chr(10)) - 1}\n") or "!abi" in expected:
        raise GenerationError(f"{src.name}: the native run did not finish cleanly:\n{expected[-500:]}")
    return expected


def expected_output(src: Path, seed: int | None = None) -> str:
    """The expected output of a source's tests, as a task's hidden/expected.txt holds it."""
    with tempfile.TemporaryDirectory() as tmp:
        return native_expected(src, Path(tmp), seed)


def expected_drift(root: Path, functions: list[str] | None = None) -> list[Drift]:
    """Every task under `root` (an isa-transpile suite folder) whose hidden/expected.txt is not
    what its source's tests print natively (`functions`: only these); one native build per
    function and seed."""
    by_function: dict[tuple[str, int], list[Path]] = {}
    for folder in sorted(p for p in root.iterdir() if (p / "task.toml").is_file()):
        prov = task_provenance(folder)
        if prov is None or not prov.parent.startswith(f"{SOURCES}/"):
            continue
        function = Path(prov.parent).stem
        if functions is None or function in functions:
            by_function.setdefault((function, prov.seed or 0), []).append(folder)
    found = []
    for (function, seed), folders in by_function.items():
        expected = expected_output(root / SOURCES / f"{function}.c", input_seed(function, seed))
        for folder in folders:
            if (folder / "hidden" / "expected.txt").read_text() != expected:
                found.append(Drift(folder.name, "hidden/expected.txt", f"{SOURCES}/{function}.c",
                                   "differs from the native run of its source's tests"))
    return found


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


def task_spec(meta: dict, target, level: str, baseline: int, cases: int, seed: int,
              generator: "IsaGenerator") -> dict[str, Any]:
    """The task.toml of one task, as data."""
    name = meta["name"]
    tests_seed = input_seed(name, seed)
    return {
        "title": f"{meta['title']} (x86-64 -{level} to {target.name})",
        "kind": "transpile",
        "difficulty": meta["difficulty"],
        "tags": [*meta.get("tags", []), f"x86-64-{level}", target.name],
        "submit": [f"{name}.s"],
        "interface": {"function": name, "target": target.name, "source_isa": "x86-64", "source_opt": level},
        "eval": {"baseline_instructions": baseline, "max_instructions": instruction_budget(baseline),
                 "timeout_s": 20, "cases": cases, **({"input_seed": tests_seed} if tests_seed else {})},
        "provenance": provenance(generator, f"{SOURCES}/{name}.c", seed,
                                 copies={f"hidden/{name}.c": f"{SOURCES}/{name}.c"}),
    }


async def evaluate(folder: Path, files: dict[str, str]) -> Verdict:
    task = load_task(folder, "isa-transpile")
    async with LocalSandbox() as sandbox:
        return await IsaTranspileEvaluator().evaluate(task, Candidate(files=files), sandbox)


def _wrong_enough(kind: str, verdict: Verdict) -> bool:
    """A wrong candidate must fail for the reason its kind names, never by not building or by
    the static policy. Caught while the tests run counts: a wrong answer, a crash, no end, or
    the run-time monitor stopping a store outside the call's buffers (swapped pointer
    arguments write through the one that is read only: a rejection from the run, which carries
    no `policy` check)."""
    if kind == "clobbers-callee-saved":
        return verdict.reason.startswith("calling convention") and all(
            c.passed for c in verdict.checks if c.name == "cases")
    if verdict.status is Status.REJECTED:
        return not any(c.name == "policy" for c in verdict.checks)
    return verdict.status in (Status.FAIL, Status.RUNTIME_ERROR, Status.TIMEOUT)


class IsaGenerator:
    name = "isa-transpile"
    version = "1"

    async def generate(self, suite: Suite, seed: int, staging: Path, only: list[str], jobs: int = 2) -> list[str]:
        sources = only_these(sorted((suite.root / SOURCES).glob("*.c")), lambda s: s.stem, only,
                             f"source(s) in {suite.root / SOURCES}:")
        written: list[str] = []
        for src in sources:
            meta = parse_source(src)
            with tempfile.TemporaryDirectory() as tmp:
                work = Path(tmp)
                x86 = {level: x86_assembly(src, level, work) for level in LEVELS}
                expected = native_expected(src, work, input_seed(meta["name"], seed))
            for target in TARGETS.values():
                written += await self._target(meta, src, target, x86, expected, staging, seed)
        return written

    async def _target(self, meta: dict, src: Path, target, x86: dict[str, str], expected: str,
                      out_root: Path, seed: int) -> list[str]:
        name = meta["name"]
        file = f"{name}.s"
        reference = target_assembly(src, target)
        cases = expected.count("\n") - 1
        staging = out_root / f".staging-{name}-{target.name}"
        base = {f"hidden/{name}.c": meta["text"], "hidden/expected.txt": expected,
                f"hidden/reference/{file}": reference, "prompt.md": "staging\n"}

        def spec(level: str, baseline: int) -> dict[str, Any]:
            return task_spec(meta, target, level, baseline, cases, seed, self)

        write_task(staging, spec("O2", 1), base)
        try:
            ref = await evaluate(staging, {file: reference})
            if ref.status is not Status.PASS or ref.perf is None:
                raise GenerationError(f"{name}/{target.name}: the reference fails: {ref.reason}\n{ref.feedback}")
            baseline = int(ref.perf.candidate)
            write_task(staging, spec("O2", baseline), base)
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
            write_task(folder, spec(level, baseline), {
                **base,
                "prompt.md": prompt(meta, target, level, x86[level]),
                **{f"hidden/wrong/{kind}/{file}": text for kind, text in wrong.items()},
            })
            written.append(folder.name)
        return written
