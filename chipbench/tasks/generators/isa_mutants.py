"""Known-wrong candidates, derived mechanically from a reference assembly file.

Each kind of mistake yields a list of proposals, most plausible first; the generator keeps the
first proposal the tests actually catch (and, for a clobbered register, only one that nothing
but the calling-convention check catches), so every shipped wrong candidate is proven wrong.

Kinds:
- swapped-args: the first two argument registers trade places (a calling-convention mix-up);
- off-by-one: one immediate moved by one, one comparison made inclusive/exclusive, or (when
  neither exists) the result one too high, by one unit in the last place for floating point;
- clobbers-callee-saved: a scratch register renamed to an unused callee-saved one, which the
  function then overwrites without saving it (or, failing that, one write at entry).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# Register families: the names of one physical register (AArch64 has several views of each).
def _family(target: str, kind: str, n: int) -> tuple[str, ...]:
    if target == "riscv64":
        return ({"x": "a", "f": "fa"}[kind] + str(n),) if kind in "xf" and n < 8 else ()
    if kind == "x":
        return (f"x{n}", f"w{n}")
    return tuple(f"{p}{n}" for p in "vqdshb")


def _uses(text: str, family: tuple[str, ...]) -> bool:
    return any(re.search(rf"(?<![\w.%]){re.escape(r)}(?!\w)", text) for r in family)


def _split(line: str) -> tuple[str, str] | None:
    """(mnemonic, operands) of an instruction line; None for labels, directives, comments."""
    s = line.strip()
    if not s or line[:1] not in " \t" or s.startswith((".", "#", "//", "@")) or s.endswith(":"):
        return None
    mnemonic, _, ops = s.partition("\t") if "\t" in s else s.partition(" ")
    return mnemonic, ops.strip()


def _rename(text: str, mapping: dict[str, str]) -> str:
    """Rename registers in instruction operands only (directives and labels stay as they are)."""
    pattern = re.compile(r"(?<![\w.%])(" + "|".join(map(re.escape, mapping)) + r")(?!\w)")
    out = []
    for line in text.splitlines(keepends=True):
        if parts := _split(line):
            mnemonic, ops = parts
            renamed = pattern.sub(lambda m: mapping[m.group(1)], ops)
            line = f"\t{mnemonic}\t{renamed}\n" if renamed else f"\t{mnemonic}\n"
        out.append(line)
    return "".join(out)


def swapped_args(text: str, target: str, function: str) -> Iterator[str]:
    for kind in "xf":
        a, b = _family(target, kind, 0), _family(target, kind, 1)
        if _uses(text, a) or _uses(text, b):
            mapping = dict(zip(a, b)) | dict(zip(b, a))
            yield _rename(text, mapping)


_RISCV_IMM = re.compile(r"^(?P<head>.*,\s*)(?P<imm>-?\d+)$")
_AARCH64_IMM = re.compile(r"^(?P<head>[^\[\]]*,\s*#?)(?P<imm>-?(?:0x[0-9a-f]+|\d+))$")
_MEMORY = ("ld", "sd", "lw", "sw", "lb", "sb", "lh", "sh", "fl", "fs", "ldr", "str", "ldp", "stp")
_RELAX = {
    "riscv64": {"blt": "ble", "bltu": "bleu", "bge": "bgt", "bgeu": "bgtu", "bgt": "bge",
                "bgtu": "bgeu", "ble": "blt", "bleu": "bltu", "bltz": "blez", "bgez": "bgtz",
                "blez": "bltz", "bgtz": "bgez"},
    "aarch64": {"b.lt": "b.le", "b.le": "b.lt", "b.gt": "b.ge", "b.ge": "b.gt", "b.lo": "b.ls",
                "b.cc": "b.ls", "b.ls": "b.lo", "b.hi": "b.hs", "b.hs": "b.hi", "b.cs": "b.hi"},
}


def off_by_one(text: str, target: str, function: str) -> Iterator[str]:
    lines = text.splitlines(keepends=True)
    imm = _RISCV_IMM if target == "riscv64" else _AARCH64_IMM

    def replaced(i: int, new: str) -> str:
        return "".join(lines[:i] + [new] + lines[i + 1:])

    for i, line in enumerate(lines):
        parts = _split(line)
        m = imm.match(parts[1]) if parts else None
        if m is None or parts[0].startswith(_MEMORY):
            continue
        for delta in (1, -1):
            yield replaced(i, f"\t{parts[0]}\t{m['head']}{int(m['imm'], 0) + delta}\n")
    for i, line in enumerate(lines):
        parts = _split(line)
        if parts and parts[0] in _RELAX[target]:
            yield replaced(i, f"\t{_RELAX[target][parts[0]]}\t{parts[1]}\n")
    # Last resort, for code with no bound to miscount: the result comes back one too high
    # (one unit in the last place for a floating-point result).
    bumps = {
        "riscv64": ["\taddi\ta0,a0,1\n",
                    "\tfmv.x.d\tt0,fa0\n\taddi\tt0,t0,1\n\tfmv.d.x\tfa0,t0\n",
                    "\tfmv.x.w\tt0,fa0\n\taddi\tt0,t0,1\n\tfmv.w.x\tfa0,t0\n"],
        "aarch64": ["\tadd\tx0, x0, 1\n",
                    "\tfmov\tx9, d0\n\tadd\tx9, x9, 1\n\tfmov\td0, x9\n",
                    "\tfmov\tw9, s0\n\tadd\tw9, w9, 1\n\tfmov\ts0, w9\n"],
    }
    for bump in bumps[target]:
        yield "".join(bump + ln if (p := _split(ln)) and p[0] == "ret" else ln for ln in lines)


_SCRATCH = {
    "riscv64": [f"t{n}" for n in range(7)] + [f"a{n}" for n in range(7, 1, -1)]
    + [f"ft{n}" for n in range(12)],
    "aarch64": [f"x{n}" for n in range(9, 16)] + [f"x{n}" for n in range(7, 1, -1)]
    + [f"d{n}" for n in range(16, 32)],
}
_CALLEE_SAVED = {
    "riscv64": ([f"s{n}" for n in range(1, 12)], [f"fs{n}" for n in range(12)]),
    "aarch64": ([f"x{n}" for n in range(19, 29)], [f"d{n}" for n in range(8, 16)]),
}


def _aliases(target: str, reg: str) -> tuple[str, ...]:
    if target == "riscv64":
        return (reg,)
    n = int(reg[1:])
    return _family("aarch64", "x" if reg[0] == "x" else "f", n)


def clobbers_callee_saved(text: str, target: str, function: str) -> Iterator[str]:
    ints, floats = _CALLEE_SAVED[target]
    for scratch in _SCRATCH[target]:
        source = _aliases(target, scratch)
        if not _uses(text, source):
            continue
        pool = floats if scratch[0] in "fd" else ints
        free = next((r for r in pool if not _uses(text, _aliases(target, r))), None)
        if free is not None:
            yield _rename(text, dict(zip(source, _aliases(target, free))))
    # Fallback: overwrite on entry a callee-saved register the function never touches (an FP
    # one, if every integer one is in use), never restoring it.
    for reg in ints + floats:
        if _uses(text, _aliases(target, reg)):
            continue
        if target == "riscv64":
            write = f"\tli\t{reg},-1\n" if reg in ints else f"\tfmv.d.x\t{reg},zero\n"
        else:
            write = f"\tmov\t{reg}, -1\n" if reg in ints else f"\tfmov\t{reg}, xzr\n"
        yield re.sub(rf"^({re.escape(function)}:\n)", lambda m: m.group(1) + write,  # noqa: B023 (called here)
                     text, count=1, flags=re.M)
        return


KINDS = {
    "swapped-args": swapped_args,
    "off-by-one": off_by_one,
    "clobbers-callee-saved": clobbers_callee_saved,
}
