"""What a candidate's object file may contain, judged from its ELF sections and symbols.

A submission must be the function itself, in assembly: it defines one global symbol (the
function), keeps helpers local, refers to no symbol it does not define (so it cannot call libc,
the harness, or a reference), keeps no writable state between calls, installs no start-up
hooks, and contains no system-call instruction. These are facts of the assembled object and
the linked program, read with pyelftools, never guessed from the source text. The emulator
plugin enforces the same boundary at run time (see support/insn_counter.c).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection

from chipbench.evaluators.isa._targets import Target
from chipbench.evaluators.isa._toolchain import CANDIDATE_BASE, RETURN_SITE, STATE_BASE, STATE_END

_HOOK_SECTIONS = (".init", ".fini", ".preinit_array", ".init_array", ".fini_array", ".ctors", ".dtors")
_HOOK_TYPES = {"SHT_INIT_ARRAY", "SHT_FINI_ARRAY", "SHT_PREINIT_ARRAY"}
DATA_ALLOWANCE = 32
"""Bytes of constant data any candidate may bring beyond its budget (a few constants)."""
CODE_ALLOWANCE = 256
"""Bytes of code any candidate may bring beyond its budget."""


@dataclass(frozen=True)
class Footprint:
    """What an object brings into memory: constant data (see
    `data_size`) and code (its executable sections), in bytes."""
    data: int
    code: int


@dataclass(frozen=True)
class Budget:
    data: int
    code: int


@dataclass
class ObjectReport:
    rejections: list[str]
    """Policy violations: the candidate is `rejected`."""
    missing: str | None
    """Why the function itself is not there as required (an ordinary build error), or None."""
    function_offset: int = 0
    footprint: Footprint = Footprint(0, 0)


def _elf(data: bytes) -> ELFFile:
    return ELFFile(io.BytesIO(data))


def _unreadable(exc: Exception) -> str:
    """pyelftools raises many kinds of error on malformed input (ELFError, struct and
    construct errors, KeyError, IndexError, UnicodeDecodeError, ...): all of them mean the same."""
    return f"{type(exc).__name__}: {exc}"[:300]


def inspect_object(data: bytes, function: str, target: Target) -> ObjectReport:
    """The policy verdict on the candidate's object. The object is the candidate's own product
    (its assembly, assembled), so anything malformed in it is the candidate's verdict, never
    an error of the harness: no exception leaves this function."""
    try:
        return _inspect(_elf(data), function, target)
    except Exception as exc:  # noqa: BLE001 - see the docstring
        return ObjectReport([], f"the assembler output is not a readable object file ({_unreadable(exc)})")


def _inspect(elf: ELFFile, function: str, target: Target) -> ObjectReport:
    sections = list(elf.iter_sections())
    if elf["e_machine"] != target.elf_machine:
        return ObjectReport([f"the object is for {elf['e_machine']}, not {target.name}"], None)

    rejections: list[str] = []
    text_index = None
    for index, sec in enumerate(sections):
        if index == 0:
            continue
        name, flags, size = sec.name, sec["sh_flags"], sec["sh_size"]
        if flags & SH_FLAGS.SHF_EXECINSTR:
            if name == ".text":
                text_index = index
            else:
                rejections.append(f"section {name} is executable: all code must be in .text")
        if sec["sh_type"] in _HOOK_TYPES or name in _HOOK_SECTIONS or name.startswith(
                tuple(f"{hook}." for hook in _HOOK_SECTIONS)):
            rejections.append(f"section {name} would run code at start-up or exit")
        elif flags & SH_FLAGS.SHF_TLS:
            rejections.append(f"section {name} is thread-local storage")
        elif flags & SH_FLAGS.SHF_ALLOC and flags & SH_FLAGS.SHF_WRITE and size > 0:
            rejections.append(f"section {name} holds writable data: the function may not keep state "
                              "between calls (constant tables belong in .rodata)")

    symtab = elf.get_section_by_name(".symtab")
    symbols = list(symtab.iter_symbols()) if isinstance(symtab, SymbolTableSection) else []
    entry = None
    for sym in symbols:
        name, shndx, bind = sym.name, sym["st_shndx"], sym["st_info"]["bind"]
        if not name:
            continue
        if shndx == "SHN_UNDEF":
            rejections.append(f"refers to `{name}`, which it does not define: calls into libc, the "
                              "harness or any code outside this file are not allowed")
        elif shndx == "SHN_COMMON":
            rejections.append(f"`{name}` is a common (writable) symbol: no state between calls")
        elif sym["st_info"]["type"] == "STT_GNU_IFUNC":
            rejections.append(f"`{name}` is an indirect function (ifunc)")
        elif name == function:
            entry = sym
        elif bind in ("STB_GLOBAL", "STB_WEAK"):
            rejections.append(f"defines the global symbol `{name}`: only `{function}` may be "
                              "global (drop .globl from helpers and labels)")

    brings = footprint(elf)
    if entry is None:
        return ObjectReport(rejections, f"the file does not define `{function}`")
    if entry["st_info"]["bind"] != "STB_GLOBAL":
        return ObjectReport(rejections, f"`{function}` is not global: add `.globl {function}`")
    if entry["st_shndx"] != text_index:
        return ObjectReport(rejections, f"`{function}` must be defined in the .text section")
    return ObjectReport(rejections, None, function_offset=entry["st_value"], footprint=brings)


def data_size(elf: ELFFile) -> int:
    """Bytes of data the object loads with its code: every allocated section that is not code,
    but `.eh_frame` (unwind tables the assembler makes from `.cfi_*` directives), which the
    linker script drops from the candidate's object."""
    total = 0
    for sec in elf.iter_sections():
        flags = sec["sh_flags"]
        if flags & SH_FLAGS.SHF_ALLOC and not flags & SH_FLAGS.SHF_EXECINSTR and sec.name != ".eh_frame":
            total += sec["sh_size"]
    return total


def footprint(elf: ELFFile) -> Footprint:
    code = sum(sec["sh_size"] for sec in elf.iter_sections()
               if sec["sh_flags"] & SH_FLAGS.SHF_ALLOC and sec["sh_flags"] & SH_FLAGS.SHF_EXECINSTR)
    return Footprint(data=data_size(elf), code=code)


def budget(*honest: Footprint) -> Budget:
    """What a candidate may bring, from the task's honest versions of the function (the
    target gcc's -O2 code, the x86-64 code it translates, the target gcc's -O0 and unrolled
    -O3 code), whichever is larger.

    Data: twice as much, plus room for a few constants. A table of precomputed answers does
    not fit; a faithful translation's constants do.
    Code: twice as much, plus CODE_ALLOWANCE. Answers can be tabulated in code as well as in
    data (a computed jump into a row of `li a0, ANSWER; ret`, or a tree of compares: it runs
    its table but never reads it, so the plugin's count of code read as data misses it):
    bounding the code bounds such a table to a few dozen entries more than honest code of
    that size would need, while code as long as gcc's longest fits twice over."""
    data = max(f.data for f in honest)
    code = max(f.code for f in honest)
    return Budget(data=2 * data + DATA_ALLOWANCE, code=2 * code + CODE_ALLOWANCE)


def _symbol_address(elf: ELFFile, name: str) -> int | None:
    """The address of the harness's global symbol `name`; a candidate's local label of the
    same name is not it."""
    symtab = elf.get_section_by_name(".symtab")
    matches = (symtab.get_symbol_by_name(name) if isinstance(symtab, SymbolTableSection) else None) or []
    for sym in matches:
        if sym["st_shndx"] != "SHN_UNDEF" and sym["st_info"]["bind"] == "STB_GLOBAL":
            return sym["st_value"]
    return None


def layout_problem(linked: bytes, function: str, report: ObjectReport) -> str | None:
    """Whether the linked program has the layout the plugin was told (support/harness.ld):
    the trampoline's return site, the candidate's code and the harness state where expected.
    Our own parts always link the same way, so only the candidate's sections can move them
    (a section of the harness's name, data that pushes the harness state out of its pages):
    the answer is the candidate's verdict."""
    try:
        elf = _elf(linked)
        if _symbol_address(elf, "cb_trampoline_return") != RETURN_SITE:
            return f"cb_trampoline_return is not at {RETURN_SITE:#x}"
        for name in ("cb_canary", "cb_abi_mask", "cb_saved_sp", "cb_target", "cb_scratch"):
            if not STATE_BASE <= (_symbol_address(elf, name) or 0) < STATE_END:
                return f"{name} is not in the protected harness state"
        if _symbol_address(elf, function) != CANDIDATE_BASE + report.function_offset:
            return f"the candidate's .text does not start at {CANDIDATE_BASE:#x}"
    except Exception as exc:  # noqa: BLE001 - the linked program holds the candidate's bytes
        return f"the linked program is not readable ({_unreadable(exc)})"
    return None


def forbidden_instruction(linked: bytes, target: Target) -> str | None:
    """The first instruction the candidate's code as linked may not contain (after relocation,
    so one assembled from relocated words is found too): a system call, or a store the plugin
    cannot see. None too when the program cannot be read (`layout_problem` judged that)."""
    try:
        section = _elf(linked).get_section_by_name(".candidate")
        code = section.data() if section is not None else b""
    except Exception:  # noqa: BLE001
        return None
    if sites := target.system_call_offsets(code):
        return f"contains a system-call instruction (at .text+{sites[0]:#x})"
    if sites := target.unseen_store_offsets(code):
        return (f"contains a store the emulator cannot check (at .text+{sites[0]:#x}; "
                "`dc zva` and `cbo.zero` are not allowed)")
    return None
