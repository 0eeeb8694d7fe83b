"""The isa-transpile battery (tests/adversarial/isa-transpile/): every hostile candidate gets a
verdict it is allowed, never `pass` and never `harness_error`; and honest twins of the same
code still pass, so the defences are not simply rejecting everything.

Until the battery's generic runner lands, this file runs the isa cases itself, the way the
README of tests/adversarial/ describes (the task's suite, a fresh local sandbox per case)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from adversarial_support import load_case
from chipbench.core import Status
from isa_support import compiled_for_target, isa_task, requires_isa_tools, score

pytestmark = requires_isa_tools

CASES = Path(__file__).parent / "adversarial" / "isa-transpile"
NEVER = {"pass", "harness_error"}


def _cases() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if (p / "case.toml").is_file())


def _load(folder: Path) -> tuple[dict, dict[str, str]]:
    meta = tomllib.loads((folder / "case.toml").read_text())
    return meta, load_case(folder).files


def test_the_battery_has_at_least_ten_cases_over_both_targets_and_every_class():
    metas = [_load(c)[0] for c in _cases()]
    assert len(metas) >= 10
    assert {m["task"].rsplit("-", 1)[1] for m in metas} == {"riscv64", "aarch64"}
    assert {"state-between-calls", "write-outside-frame", "answer-table", "crafted-object",
            "read-hidden-tests", "forged-verdict", "early-exit", "fork"} <= {m["class"] for m in metas}
    for m in metas:
        assert m["expect"] and not NEVER & set(m["expect"]), m


@pytest.mark.parametrize("folder", _cases(), ids=lambda p: p.name)
def test_hostile_candidate_gets_its_expected_verdict(folder):
    meta, files = _load(folder)
    task = isa_task(meta["task"].split("/", 1)[1])
    verdict = score(task, files=files)
    assert verdict.status.value in meta["expect"], (verdict.status, verdict.reason, verdict.feedback)
    assert verdict.status not in (Status.PASS, Status.HARNESS_ERROR)


# --- honest twins and the state the harness clears -----------------------------------------

RV_ITERATIVE = """\
    .text
    .globl fib_rec
fib_rec:
    li t0, 2
    blt a0, t0, 2f
    li t1, 0
    li t2, 1
    li t3, 1
1:  add t4, t1, t2
    mv t1, t2
    mv t2, t4
    addi t3, t3, 1
    blt t3, a0, 1b
    mv a0, t2
    ret
2:  bgez a0, 3f
    li a0, 0
3:  ret
"""

A64_ITERATIVE = """\
    .text
    .globl fib_rec
fib_rec:
    cmp w0, #2
    b.lt 2f
    mov x9, #0
    mov x10, #1
    mov w11, #1
1:  add x12, x9, x10
    mov x9, x10
    mov x10, x12
    add w11, w11, #1
    cmp w11, w0
    b.lt 1b
    mov x0, x10
    ret
2:  cmp w0, #0
    csel w0, w0, wzr, ge
    sxtw x0, w0
    ret
"""


@pytest.mark.parametrize("target,source", [("riscv64", RV_ITERATIVE), ("aarch64", A64_ITERATIVE)])
def test_an_honest_faster_algorithm_passes_and_earns_its_speedup(target, source):
    """The speed figure rewards any correct code that computes the answer (docs/isa-judge.md):
    an iterative fib beats gcc's recursion, with no table and no state."""
    verdict = score(isa_task(f"fib_rec-O2-{target}"), source)
    assert verdict.status is Status.PASS, verdict.feedback
    assert verdict.perf.speedup > 20


def _entry_check_and_exit_mark(target: str) -> tuple[str, str]:
    """Code that sends the call to a wrong answer when any register a call could keep state in
    is not zero on entry, and code that leaves all of them non-zero on return."""
    if target == "riscv64":
        check = """\
    fmv.x.d t5, ft11
    bnez t5, 9f
    fmv.x.d t5, fa7
    bnez t5, 9f
    bnez a7, 9f
    bnez t6, 9f
    frflags t5
    bnez t5, 9f
"""
        mark = """\
    li t6, 1
    fmv.d.x ft11, t6
    fmv.d.x fa7, t6
    li a7, 1
    fsflags t6
"""
        wrong = "9:  li a0, 777\n    ret\n"
    else:
        check = """\
    fmov x15, d31
    cbnz x15, 9f
    mov x15, v7.d[1]
    cbnz x15, 9f
    cbnz x17, 9f
    cbnz x18, 9f
    mrs x15, tpidr_el0
    cbnz x15, 9f
    mrs x15, nzcv
    cbnz x15, 9f
"""
        mark = """\
    mov x15, #1
    fmov d31, x15
    mov v7.d[1], x15
    mov x17, #1
    mov x18, #1
    msr tpidr_el0, x15
    mov x15, #0x60000000
    msr nzcv, x15
"""
        wrong = "9:  mov x0, #777\n    ret\n"
    return check, mark, wrong


@pytest.mark.parametrize("target", ["riscv64", "aarch64"])
def test_no_register_carries_state_from_one_call_to_the_next(target):
    """A candidate correct only when every scratch register, unused argument register, FP status
    and (on AArch64) TPIDR_EL0 and NZCV is clear on entry, and that leaves them all set: it
    passes only because the harness clears them between calls."""
    check, mark, wrong = _entry_check_and_exit_mark(target)
    body = (RV_ITERATIVE if target == "riscv64" else A64_ITERATIVE).split("fib_rec:\n", 1)[1]
    body = body.replace("    ret\n", mark + "    ret\n")
    source = "\t.text\n\t.globl fib_rec\nfib_rec:\n" + check + body + wrong
    verdict = score(isa_task(f"fib_rec-O2-{target}"), source)
    assert verdict.status is Status.PASS, verdict.feedback


@pytest.mark.parametrize("target", ["riscv64", "aarch64"])
def test_the_frame_area_carries_nothing_from_one_call_to_the_next(target):
    """A candidate that keeps a mark deep in its own frame area (allowed: it may use its frame)
    and answers wrongly when a mark is already there: it passes only because the harness clears
    the frame area before every call."""
    if target == "riscv64":
        check = "    li t5, 8192\n    sub t5, sp, t5\n    ld t6, 0(t5)\n    bnez t6, 9f\n"
        mark = "    li t6, 1\n    sd t6, 0(t5)\n"
        wrong = "9:  li a0, 777\n    ret\n"
        body = RV_ITERATIVE
    else:
        check = "    mov x15, sp\n    sub x15, x15, #8192\n    ldr x14, [x15]\n    cbnz x14, 9f\n"
        mark = "    mov x14, #1\n    str x14, [x15]\n"
        wrong = "9:  mov x0, #777\n    ret\n"
        body = A64_ITERATIVE
    body = body.split("fib_rec:\n", 1)[1].replace("    ret\n", mark + "    ret\n")
    source = "\t.text\n\t.globl fib_rec\nfib_rec:\n" + check + body + wrong
    verdict = score(isa_task(f"fib_rec-O2-{target}"), source)
    assert verdict.status is Status.PASS, verdict.feedback


def test_a_local_label_named_like_a_harness_symbol_is_harmless():
    """A crafted object once made the harness report `harness_error`: a candidate's local label
    with the trampoline's name was taken for the harness's own symbol. A harness symbol is
    looked up among global symbols only; the candidate is judged on what it does."""
    body = RV_ITERATIVE.split("fib_rec:\n", 1)[1]
    source = "\t.text\n\t.globl fib_rec\nfib_rec:\ncb_trampoline_return:\ncb_canary:\ncb_scratch:\n" + body
    verdict = score(isa_task("fib_rec-O2-riscv64"), source)
    assert verdict.status is Status.PASS, (verdict.status, verdict.reason)


def test_a_candidate_that_pushes_the_harness_state_out_of_its_pages_is_not_a_harness_error():
    verdict = score(isa_task("fib_rec-O2-aarch64"), A64_ITERATIVE + '    .section .cb_state,"a"\n    .zero 65536\n')
    assert verdict.status in (Status.REJECTED, Status.COMPILE_ERROR), (verdict.status, verdict.reason)


@pytest.mark.parametrize("target", ["riscv64", "aarch64"])
def test_no_load_reservation_carries_state_from_one_call_to_the_next(target):
    """A load-reserved address is state too: a call that ends with `lr.d`/`ldxr` on a slot of
    its frame let the next call's `sc.d`/`stxr` on that slot succeed (found by attack-isa on
    riscv64: an address's worth of bits carried from call to call, seen by no store check).
    This candidate answers wrongly when its store-conditional succeeds on entry and leaves a
    reservation on return: it passes only because the harness clears reservations."""
    if target == "riscv64":
        check = "    li t5, 8192\n    sub t5, sp, t5\n    sc.d t6, zero, (t5)\n    beqz t6, 9f\n"
        mark = "    lr.d t6, (t5)\n"
        wrong = "9:  li a0, 777\n    ret\n"
        body = RV_ITERATIVE
    else:
        check = "    mov x15, sp\n    sub x15, x15, #8192\n    stxr w14, xzr, [x15]\n    cbz w14, 9f\n"
        mark = "    ldxr x14, [x15]\n"
        wrong = "9:  mov x0, #777\n    ret\n"
        body = A64_ITERATIVE
    body = body.split("fib_rec:\n", 1)[1].replace("    ret\n", mark + "    ret\n")
    source = "\t.text\n\t.globl fib_rec\nfib_rec:\n" + check + body + wrong
    verdict = score(isa_task(f"fib_rec-O2-{target}"), source)
    assert verdict.status is Status.PASS, verdict.feedback


@pytest.mark.parametrize("name", ["tree_height-O2-riscv64", "tree_height-O2-aarch64", "count_primes-O2-riscv64"])
def test_gccs_longest_code_fits_the_code_budget(name):
    """The code budget that stops answers tabulated as instructions (the `*-answer-table-as-code`
    cases) leaves room for honest long code: gcc's own unrolled -O3 code (for tree_height 16
    times the -O2 reference) and its -O0 code pass."""
    task = isa_task(name)
    for level, flags in (("O3", ("-funroll-loops",)), ("O0", ())):
        verdict = score(task, compiled_for_target(task, level, *flags))
        assert verdict.status is Status.PASS, (level, verdict.status, verdict.reason)
