"""The isa-transpile evaluator: correctness, exact speed, calling convention, policy, feedback."""

from __future__ import annotations

import textwrap
import time

import pytest

from chipbench.core import Status
from isa_support import compiled_for_target, isa_task, requires_isa_tools, score

pytestmark = requires_isa_tools

RV = "gcd_u64-O2-riscv64"
A64 = "gcd_u64-O0-aarch64"


def asm(body: str, function: str = "gcd_u64") -> str:
    return f"\t.text\n\t.globl {function}\n{function}:\n" + textwrap.dedent(body)


# --- correctness and speed ------------------------------------------------------------------

@pytest.mark.parametrize("name", [RV, A64])
def test_reference_passes_at_exactly_the_baseline_count(name):
    task = isa_task(name)
    v = score(task, task.reference[task.submit[0]])
    assert v.status is Status.PASS, v.feedback
    assert v.perf.unit == "instructions"
    assert v.perf.candidate == v.perf.baseline == task.eval["baseline_instructions"]
    assert v.perf.speedup == 1.0
    assert {c.name: c.passed for c in v.checks} == {"cases": True, "calling convention": True}


def test_the_same_candidate_measured_twice_gives_the_same_count():
    task = isa_task("quicksort_i64-O2-aarch64")
    slower = compiled_for_target(task, "O0")
    counts = [score(task, slower).perf.candidate for _ in range(2)]
    assert counts[0] == counts[1] > task.eval["baseline_instructions"]


def test_correct_but_slower_candidate_passes_with_speedup_below_one():
    task = isa_task(RV)
    v = score(task, compiled_for_target(task, "O0"))
    assert v.status is Status.PASS
    assert v.perf.speedup == pytest.approx(task.eval["baseline_instructions"] / v.perf.candidate)
    assert v.perf.speedup < 0.6
    assert "speedup" in v.feedback


def test_hand_written_candidate_that_beats_gcc_gets_speedup_above_one():
    # gcc copies a0 before its loop; this version divides in place and saves one
    # instruction per call.
    fast = asm("""\
        beqz a1, 2f
    1:  remu a2, a0, a1
        mv a0, a1
        mv a1, a2
        bnez a1, 1b
    2:  ret
    """)
    task = isa_task(RV)
    v = score(task, fast)
    assert v.status is Status.PASS, v.feedback
    assert v.perf.candidate == task.eval["baseline_instructions"] - task.eval["cases"]
    assert v.perf.speedup > 1.0


def test_floating_point_results_are_compared_bit_for_bit():
    task = isa_task("horner_f64-O2-riscv64")
    separate = "\tfmul.d\tfa5,fa3,fa5\n\tfld\tfa4,0(a5)\n\taddi\ta5,a5,-8\n\tfadd.d\tfa5,fa5,fa4\n"
    fused = "\tfld\tfa4,0(a5)\n\taddi\ta5,a5,-8\n\tfmadd.d\tfa5,fa3,fa5,fa4\n"
    fused = task.reference["horner_f64.s"].replace(separate, fused)
    assert fused != task.reference["horner_f64.s"], "the reference no longer has this pair"
    v = score(task, fused)
    assert v.status is Status.FAIL and "expected:" in v.feedback


# --- known-wrong candidates -------------------------------------------------------------------

@pytest.mark.parametrize("name", [RV, A64, "stack_vm-O2-riscv64", "particle_step-O2-aarch64"])
def test_every_shipped_wrong_candidate_fails(name):
    task = isa_task(name)
    wrong = task.wrong_candidates()
    assert set(wrong) == {"swapped-args", "off-by-one", "clobbers-callee-saved"}
    for kind, files in wrong.items():
        v = score(task, files=files)
        assert not v.correct and v.status is not Status.HARNESS_ERROR, kind


@pytest.mark.parametrize("name,register", [(RV, "s1"), ("gcd_u64-O2-aarch64", "x19")])
def test_clobbered_callee_saved_register_fails_the_calling_convention_check(name, register):
    task = isa_task(name)
    v = score(task, files=task.wrong_candidates()["clobbers-callee-saved"])
    assert v.status is Status.FAIL
    assert v.reason.startswith("calling convention broken") and register in v.reason
    assert {c.name: c.passed for c in v.checks} == {"cases": True, "calling convention": False}


def test_clobbered_floating_point_callee_saved_register_is_caught():
    v = score(isa_task(RV), asm("""\
        fmv.d.x fs3, zero
        beqz a1, 2f
    1:  remu a2, a0, a1
        mv a0, a1
        mv a1, a2
        bnez a1, 1b
    2:  ret
    """))
    assert v.status is Status.FAIL and "fs3" in v.reason


def test_unbalanced_stack_pointer_is_caught():
    v = score(isa_task(A64), asm("""\
        sub sp, sp, #16
        cbz x1, 2f
    1:  udiv x2, x0, x1
        msub x2, x2, x1, x0
        mov x0, x1
        mov x1, x2
        cbnz x1, 1b
    2:  ret
    """))
    assert v.status is Status.FAIL and "sp" in v.reason


def test_swapped_argument_registers_fail_with_expected_and_got_in_feedback():
    task = isa_task(RV)
    v = score(task, files=task.wrong_candidates()["swapped-args"])
    assert v.status is Status.FAIL
    assert "first: case" in v.feedback and "gcd_u64(a=" in v.feedback
    assert "expected: ret=" in v.feedback and "got:      ret=" in v.feedback


# --- feedback an agent can act on ---------------------------------------------------------------

def test_assembler_error_is_a_compile_error_with_line_numbers():
    v = score(isa_task(RV), asm("""\
        beqz a1, 2f
        remu a2, a0
        ret
    2:  ret
    """))
    assert v.status is Status.COMPILE_ERROR
    assert "gcd_u64.s:5: Error" in v.feedback


def test_x86_assembly_for_a_riscv_task_does_not_assemble():
    task = isa_task(RV)
    x86 = task.prompt.split("```asm\n", 1)[1].split("```", 1)[0]
    assert score(task, x86).status is Status.COMPILE_ERROR


def test_file_without_the_function_is_a_compile_error():
    v = score(isa_task(RV), "\t.text\ngcd:\n\tret\n")
    assert v.status is Status.COMPILE_ERROR and "does not define `gcd_u64`" in v.feedback


def test_function_that_is_not_global_is_a_compile_error_saying_so():
    v = score(isa_task(RV), "\t.text\ngcd_u64:\n\tret\n")
    assert v.status is Status.COMPILE_ERROR and ".globl gcd_u64" in v.feedback


def test_crash_reports_the_signal_and_the_case():
    v = score(isa_task(RV), asm("    ld a0, 0(zero)\n    ret\n"))
    assert v.status is Status.RUNTIME_ERROR
    assert "SIGSEGV" in v.feedback and "case 0: gcd_u64(a=0, b=0)" in v.feedback


def test_instruction_outside_the_target_isa_is_an_illegal_instruction():
    # Zbb's cpop: the assembler accepts it when asked, the emulated RV64GC CPU does not.
    v = score(isa_task(RV), "\t.option arch, +zbb\n" + asm("    cpop a0, a0\n    ret\n"))
    assert v.status is Status.RUNTIME_ERROR and "SIGILL" in v.feedback


def test_endless_loop_stops_at_the_instruction_budget_quickly():
    task = isa_task(A64)
    started = time.monotonic()
    v = score(task, asm("1:  b 1b\n"))
    assert v.status is Status.TIMEOUT
    assert "endless loop" in v.feedback and str(task.eval["max_instructions"]) in v.reason
    assert time.monotonic() - started < task.eval["timeout_s"]


def test_wall_clock_limit_applies_too():
    task = isa_task(RV)
    tight = task.model_copy(update={"eval": {**task.eval, "max_instructions": 10**15, "timeout_s": 2}})
    v = score(tight, asm("1:  j 1b\n"))
    assert v.status is Status.TIMEOUT


# --- policy: the submission must be the function itself -------------------------------------

def test_calling_a_libc_function_is_rejected():
    v = score(isa_task(RV), asm("""\
        addi sp, sp, -16
        sd ra, 8(sp)
        call labs
        ld ra, 8(sp)
        addi sp, sp, 16
        ret
    """))
    assert v.status is Status.REJECTED and "`labs`" in v.reason


def test_calling_a_reference_copy_or_the_harness_is_rejected():
    for target in ("gcd_u64_reference", "cb_sys_write", "cb_main"):
        v = score(isa_task(RV), asm(f"    tail {target}\n"))
        assert v.status is Status.REJECTED and f"`{target}`" in v.reason, target


def test_reading_harness_data_by_name_is_rejected():
    v = score(isa_task(A64), asm("""\
        adrp x2, cb_canary
        ldr x0, [x2, :lo12:cb_canary]
        ret
    """))
    assert v.status is Status.REJECTED and "`cb_canary`" in v.reason


def test_extra_global_symbol_is_rejected():
    v = score(isa_task(RV), "\t.globl helper\nhelper:\n" + asm("    ret\n"))
    assert v.status is Status.REJECTED and "`helper`" in v.reason


@pytest.mark.parametrize("data", [
    "\t.data\ncounter:\t.dword 0\n",
    "\t.bss\nscratch:\t.zero 64\n",
    "\t.comm shared, 8, 8\n",
])
def test_writable_state_is_rejected(data):
    v = score(isa_task(RV), data + asm("    ret\n"))
    assert v.status is Status.REJECTED and ("writable" in v.reason)


def test_start_up_hook_is_rejected():
    v = score(isa_task(RV), "\t.section .init_array,\"aw\"\n\t.dword gcd_u64\n" + asm("    ret\n"))
    assert v.status is Status.REJECTED and "start-up" in v.reason


def test_code_outside_text_is_rejected():
    v = score(isa_task(RV), "\t.section .text.hot,\"ax\",@progbits\nfast:\n\tret\n" + asm("    ret\n"))
    assert v.status is Status.REJECTED and ".text.hot" in v.reason


@pytest.mark.parametrize("name,code", [
    (RV, "    li a7, 56\n    ecall\n    ret\n"),                    # openat, never mind the args
    (RV, "    ret\n    .word 0x00000073\n"),                       # an ecall nobody executes
    (A64, "    mov x8, #64\n    svc #0\n    ret\n"),
])
def test_system_call_instructions_are_rejected(name, code):
    v = score(isa_task(name), asm(code))
    assert v.status is Status.REJECTED and "system-call" in v.reason


def test_jumping_into_harness_code_is_stopped_as_an_escape():
    # 0x10000 is the harness's own code (support/harness.ld): no symbol needed to go there.
    v = score(isa_task(RV), asm("    li t0, 0x10000\n    jr t0\n"))
    assert v.status is Status.REJECTED and "left the function" in v.reason


def test_touching_harness_state_by_address_is_stopped():
    # 0x1c00000 holds the register canaries and the calling-convention verdict.
    v = score(isa_task(A64), asm("    mov x2, #0x1c00000\n    str xzr, [x2]\n    ret\n"))
    assert v.status is Status.REJECTED and "harness's own memory" in v.reason


def test_candidate_reading_its_own_constant_table_is_fine():
    table = isa_task("opcode_cost-O2-riscv64")
    v = score(table, table.reference["opcode_cost.s"])
    assert ".rodata" in table.reference["opcode_cost.s"] and v.status is Status.PASS
