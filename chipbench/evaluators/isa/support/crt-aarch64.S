/*
 * Start-up, system calls and the call trampoline of the chipbench test harness (AArch64, LP64).
 *
 * The harness is freestanding: no libc is linked, so candidate code has nothing to call but
 * itself. Every call to the function under test goes through cb_trampoline, which
 *   - loads fresh canary values into every callee-saved register (x19-x29, d8-d15),
 *   - calls cb_target with the argument registers (x0-x8, v0-v7) exactly as its caller set them,
 *   - after the return compares those registers and sp with what they must be, ORs one bit
 *     per changed register into cb_abi_mask, and repairs them.
 *   - zeroes the CB_FRAME_BYTES below its stack pointer (all the callee may store into besides
 *     its output buffers, so nothing a call leaves there reaches the next) and tells the
 *     counting plugin that stack pointer (a CB_SYS_ARM message, see insn_counter.c),
 * Only x9-x17 are used around the call, so arguments pass through and x0/x1/v0-v3 come back
 * untouched. cb_clear_registers, called by cb_enter before the arguments are set, zeroes every
 * other register a call could leave a value in (and NZCV, FPSR, FPCR, TPIDR_EL0, and the
 exclusive monitor). d8-d15 are callee-saved only in their low 64 bits, which is all that is checked.
 *
 * Mask bits: x19..x29 -> 0..10, d8..d15 -> 12..19, sp -> 24.
 */
    .text

    .globl _start
_start:
    mov x29, #0
    mov x30, #0
    bl cb_main
    mov x8, #94                /* exit_group(status) */
    svc #0

    .globl cb_sys_write
cb_sys_write:                  /* long cb_sys_write(int fd, const void *buf, unsigned long n) */
    mov x8, #64
    svc #0
    ret

    .globl cb_sys_exit
cb_sys_exit:                   /* void cb_sys_exit(int status) */
    mov x8, #94
    svc #0
    b cb_sys_exit

#define CB_SYS_ARM 0x7cb0
    .globl cb_sys_arm
cb_sys_arm:                    /* long cb_sys_arm(long kind, unsigned long a, unsigned long b) */
    mov x8, #CB_SYS_ARM
    svc #0
    ret

    .globl cb_clear_registers
cb_clear_registers:            /* every caller-saved register and the FP/flag state to zero */
    mov x0, #0
    mov x1, #0
    mov x2, #0
    mov x3, #0
    mov x4, #0
    mov x5, #0
    mov x6, #0
    mov x7, #0
    mov x8, #0
    mov x9, #0
    mov x10, #0
    mov x11, #0
    mov x12, #0
    mov x13, #0
    mov x14, #0
    mov x15, #0
    mov x16, #0
    mov x17, #0
    mov x18, #0
#define ZV(n) movi v##n.2d, #0
    ZV(0); ZV(1); ZV(2); ZV(3); ZV(4); ZV(5); ZV(6); ZV(7)
    ZV(16); ZV(17); ZV(18); ZV(19); ZV(20); ZV(21); ZV(22); ZV(23)
    ZV(24); ZV(25); ZV(26); ZV(27); ZV(28); ZV(29); ZV(30); ZV(31)
#define ZHI(n) mov v##n.d[1], xzr  /* d8-d15 are callee-saved: only their upper halves */
    ZHI(8); ZHI(9); ZHI(10); ZHI(11); ZHI(12); ZHI(13); ZHI(14); ZHI(15)
    msr nzcv, xzr
    msr fpsr, xzr
    msr fpcr, xzr
    msr tpidr_el0, xzr
    clrex                      /* no exclusive monitor left armed by the last call's ldxr */
    ret

    .globl cb_trampoline
    .type cb_trampoline, %function
cb_trampoline:                 /* void cb_trampoline(...): calls cb_target with the same arguments */
    stp x29, x30, [sp, #-176]!
    stp x19, x20, [sp, #16]
    stp x21, x22, [sp, #32]
    stp x23, x24, [sp, #48]
    stp x25, x26, [sp, #64]
    stp x27, x28, [sp, #80]
    stp d8, d9, [sp, #96]
    stp d10, d11, [sp, #112]
    stp d12, d13, [sp, #128]
    stp d14, d15, [sp, #144]
    adrp x9, cb_saved_sp
    add x9, x9, :lo12:cb_saved_sp
    mov x10, sp
    str x10, [x9]
    sub x10, x10, #(CB_FRAME_BYTES >> 12), lsl #12   /* zero the callee's frame area */
    mov x11, sp
1:  stp xzr, xzr, [x10]
    stp xzr, xzr, [x10, #16]
    stp xzr, xzr, [x10, #32]
    stp xzr, xzr, [x10, #48]
    add x10, x10, #64
    cmp x10, x11
    b.lo 1b
    adrp x9, cb_scratch        /* tell the counting plugin the callee's entry sp */
    add x9, x9, :lo12:cb_scratch
    stp x0, x1, [x9]
    str x8, [x9, #16]
    mov x8, #CB_SYS_ARM
    mov x0, #2                 /* CB_ARM_ENTER */
    mov x1, sp
    svc #0
    ldp x0, x1, [x9]
    ldr x8, [x9, #16]
    adrp x9, cb_canary
    add x9, x9, :lo12:cb_canary
    ldp x19, x20, [x9, #0]
    ldp x21, x22, [x9, #16]
    ldp x23, x24, [x9, #32]
    ldp x25, x26, [x9, #48]
    ldp x27, x28, [x9, #64]
    ldr x29, [x9, #80]
    ldp d8, d9, [x9, #96]
    ldp d10, d11, [x9, #112]
    ldp d12, d13, [x9, #128]
    ldp d14, d15, [x9, #144]
    adrp x16, cb_target
    ldr x16, [x16, :lo12:cb_target]
    adrp x30, cb_trampoline_return /* the callee returns to the one fixed address below */
    add x30, x30, :lo12:cb_trampoline_return
    msr nzcv, xzr              /* the flags, too, start the same on every call */
    br x16
    .size cb_trampoline, . - cb_trampoline

    /* Its own section, which harness.ld places at a fixed address: the counting plugin knows
       this is the one place candidate code may leave to. */
    .section .text.cb_return, "ax", %progbits
    .globl cb_trampoline_return
cb_trampoline_return:
    adrp x9, cb_canary
    add x9, x9, :lo12:cb_canary
    mov x10, #0                /* mask of changed registers */
    mov x11, #1                /* the bit of the register being checked */
#define CHECK_X(reg, off) ldr x12, [x9, off]; cmp x12, reg; orr x13, x10, x11; csel x10, x10, x13, eq; lsl x11, x11, #1
#define CHECK_D(reg, off) ldr x12, [x9, off]; fmov x14, reg; cmp x12, x14; orr x13, x10, x11; csel x10, x10, x13, eq; lsl x11, x11, #1
    CHECK_X(x19, 0)
    CHECK_X(x20, 8)
    CHECK_X(x21, 16)
    CHECK_X(x22, 24)
    CHECK_X(x23, 32)
    CHECK_X(x24, 40)
    CHECK_X(x25, 48)
    CHECK_X(x26, 56)
    CHECK_X(x27, 64)
    CHECK_X(x28, 72)
    CHECK_X(x29, 80)
    lsl x11, x11, #1           /* bit 11 unused */
    CHECK_D(d8, 96)
    CHECK_D(d9, 104)
    CHECK_D(d10, 112)
    CHECK_D(d11, 120)
    CHECK_D(d12, 128)
    CHECK_D(d13, 136)
    CHECK_D(d14, 144)
    CHECK_D(d15, 152)
    adrp x9, cb_saved_sp
    add x9, x9, :lo12:cb_saved_sp
    ldr x12, [x9]
    mov x14, sp
    cmp x12, x14
    b.eq 1f
    orr x10, x10, #(1 << 24)
    mov sp, x12
1:  adrp x9, cb_abi_mask
    add x9, x9, :lo12:cb_abi_mask
    ldr x12, [x9]
    orr x12, x12, x10
    str x12, [x9]
    ldp x19, x20, [sp, #16]
    ldp x21, x22, [sp, #32]
    ldp x23, x24, [sp, #48]
    ldp x25, x26, [sp, #64]
    ldp x27, x28, [sp, #80]
    ldp d8, d9, [sp, #96]
    ldp d10, d11, [sp, #112]
    ldp d12, d13, [sp, #128]
    ldp d14, d15, [sp, #144]
    ldp x29, x30, [sp], #176
    ret

    .section .cb_state, "aw", %progbits
    .align 3
    .globl cb_saved_sp
cb_saved_sp: .zero 8
    .globl cb_scratch
cb_scratch: .zero 24           /* x0, x1, x8 while the trampoline messages the plugin */

    .section .note.GNU-stack,"",%progbits
