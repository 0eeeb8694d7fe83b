"""Malformed objects and programs never raise inside the isa-transpile judge.

The object file and the linked test program carry the candidate's bytes, so whatever is wrong
with them is the candidate's verdict (`compile_error`, `rejected`), never a `harness_error`
(which would take the task out of a score the candidate could not earn). Hypothesis mutates
real objects and programs byte by byte and field by field, and writes hostile assembly from
a grammar of the directives that shape an object (sections, flags, symbols, relocations)."""

from __future__ import annotations

import struct
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chipbench.core import Status
from chipbench.evaluators.isa import TARGETS, harness_objects, inspect_object
from chipbench.evaluators.isa._policy import ObjectReport, forbidden_instruction, layout_problem
from chipbench.evaluators.isa._toolchain import LINKER_SCRIPT
from isa_support import isa_task, requires_isa_tools, score

pytestmark = requires_isa_tools

RV = TARGETS["riscv64"]
SOURCE = "\t.text\n\t.globl fib_rec\nfib_rec:\n\taddi a0, a0, 1\n\tret\n\t.section .rodata\n\t.dword 7\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[bytes, bytes]:
    """A real candidate object and the real test program linked from it."""
    work = tmp_path_factory.mktemp("isa-fuzz")
    (work / "cand.s").write_text(SOURCE)
    subprocess.run([RV.assembler, *RV.as_flags, "-o", "cand.o", "cand.s"], cwd=work, check=True)
    task = isa_task("fib_rec-O2-riscv64")
    for name, data in harness_objects(RV, task.hidden_dir / "fib_rec.c").items():
        (work / name).write_bytes(data)
    subprocess.run([RV.linker, "-static", *RV.ld_flags, "-T", LINKER_SCRIPT, "-o", "test",
                    "crt.o", "harness.o", "driver.o", "cand.o"], cwd=work, check=True)
    return (work / "cand.o").read_bytes(), (work / "test").read_bytes()


def _mutate(data: bytes, edits: list[tuple[int, int]], cut: int | None) -> bytes:
    out = bytearray(data)
    for offset, value in edits:
        out[offset % len(out)] = value
    return bytes(out[:cut] if cut is not None else out)


def _judged(data: bytes) -> None:
    report = inspect_object(data, "fib_rec", RV)
    assert isinstance(report, ObjectReport)
    assert report.rejections or report.missing or report.function_offset >= 0


_edits = st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(0, 255)), max_size=24)
_cut = st.none() | st.integers(0, 4096)
_fuzz = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_the_unmutated_object_and_program_are_judged_sound(built):
    obj, program = built
    report = inspect_object(obj, "fib_rec", RV)
    assert report.rejections == [] and report.missing is None and report.footprint.data == 8
    assert layout_problem(program, "fib_rec", report) is None
    assert forbidden_instruction(program, RV) is None


@_fuzz
@given(edits=_edits, cut=_cut)
def test_a_mutated_object_gets_a_verdict_never_an_exception(built, edits, cut):
    _judged(_mutate(built[0], edits, cut))


@_fuzz
@given(edits=_edits, cut=st.none() | st.integers(0, 1 << 16))
def test_a_mutated_program_gets_a_verdict_never_an_exception(built, edits, cut):
    program = _mutate(built[1], edits, cut)
    report = inspect_object(built[0], "fib_rec", RV)
    problem = layout_problem(program, "fib_rec", report)
    assert problem is None or isinstance(problem, str)
    forbidden = forbidden_instruction(program, RV)
    assert forbidden is None or isinstance(forbidden, str)


# Header fields a crafted object would lie in: section table offset, entry size and count,
# string table index; and the fields of every section header.
_HEADER_FIELDS = {"e_shoff": (0x28, "<Q"), "e_shentsize": (0x3A, "<H"), "e_shnum": (0x3C, "<H"),
                  "e_shstrndx": (0x3E, "<H")}
_SECTION_FIELDS = {"sh_name": (0, "<I"), "sh_type": (4, "<I"), "sh_flags": (8, "<Q"), "sh_offset": (24, "<Q"),
                   "sh_size": (32, "<Q"), "sh_link": (40, "<I"), "sh_info": (44, "<I"), "sh_entsize": (56, "<Q")}


@_fuzz
@given(header=st.dictionaries(st.sampled_from(sorted(_HEADER_FIELDS)), st.integers(0, 1 << 16), max_size=2),
       section=st.integers(0, 12), fields=st.dictionaries(st.sampled_from(sorted(_SECTION_FIELDS)),
                                                          st.integers(0, (1 << 32) - 1), max_size=3))
def test_lying_header_and_section_fields_get_a_verdict_never_an_exception(built, header, section, fields):
    data = bytearray(built[0])
    shoff, shnum = struct.unpack_from("<Q", data, 0x28)[0], struct.unpack_from("<H", data, 0x3C)[0]
    for name, value in fields.items():
        offset, fmt = _SECTION_FIELDS[name]
        struct.pack_into(fmt, data, shoff + 64 * (section % shnum) + offset, value % (1 << (8 * struct.calcsize(fmt))))
    for name, value in header.items():
        offset, fmt = _HEADER_FIELDS[name]
        struct.pack_into(fmt, data, offset, value % (1 << (8 * struct.calcsize(fmt))))
    _judged(bytes(data))


# --- hostile assembly, judged end to end ------------------------------------------------------

_names = st.sampled_from([".text", ".rodata", ".sdata.x", ".cb_state", ".text.cb_return", ".candidate",
                          ".init_array", ".eh_frame", ".note.GNU-stack", ".tbss", ".bss.x", ".data.rel.ro",
                          '"\\377\\001"', ".debug_info", ".symtab", ".strtab", ".rela.text", ".comment"])
_flags = st.sampled_from(['"a"', '"ax"', '"aw"', '""', '"ao"', '"aG",@progbits,grp,comdat', '"a",@nobits',
                          '"a",@init_array', '"a",@note', '"aM",@progbits,8', '"aS",@progbits,1'])
_labels = st.sampled_from(["cb_trampoline_return", "cb_canary", "cb_target", "cb_scratch", "_start",
                           "fib_rec", "memcpy", '"\\377x"', ".Lx", "cb_main"])
_directive = st.one_of(
    st.tuples(_names, _flags).map(lambda p: f"\t.section {p[0]},{p[1]}\n\t.dword 1\n"),
    _labels.map(lambda name: f"{name}:\n"),
    _labels.map(lambda name: f"\t.globl {name}\n"),
    _labels.map(lambda name: f"\t.weak {name}\n"),
    _labels.map(lambda name: f"\t.type {name}, @gnu_indirect_function\n"),
    st.sampled_from(["\t.reloc ., R_RISCV_64, fib_rec\n", "\t.reloc ., R_RISCV_JUMP_SLOT, fib_rec\n",
                     "\t.reloc ., R_RISCV_NONE\n", "\t.reloc 0, R_RISCV_32, cb_canary\n",
                     "\t.set fib_rec, 0x1234\n", "\t.zero 70000\n", "\t.p2align 12\n",
                     "\t.dword fib_rec\n", "\t.word 0x00000073\n", "\t.comm memo, 8\n",
                     "\t.cfi_startproc\n\tnop\n\t.cfi_endproc\n", "\t.size fib_rec, -5\n"]),
)


@pytest.mark.slow  # 25 assemble-and-judge rounds; the default set keeps the cheaper fuzzers of this file
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(directives=st.lists(_directive, min_size=1, max_size=6))
def test_hostile_object_shapes_never_cause_a_harness_error(directives):
    source = "\t.text\n\t.globl fib_rec\nfib_rec:\n\tli a0, 1\n\tret\n" + "".join(directives)
    verdict = score(isa_task("fib_rec-O2-riscv64"), source)
    assert verdict.status is not Status.HARNESS_ERROR, (verdict.reason, source)
