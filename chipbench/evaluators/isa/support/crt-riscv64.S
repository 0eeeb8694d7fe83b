/*
 * Start-up, system calls and the call trampoline of the chipbench test harness (RV64, LP64D).
 *
 * The harness is freestanding: no libc is linked, so candidate code has nothing to call but
 * itself. Every call to the function under test goes through cb_trampoline, which
 *   - loads fresh canary values into every callee-saved register (s0-s11, fs0-fs11),
 *   - calls cb_target with the argument registers exactly as its caller set them,
 *   - after the return compares those registers, sp, gp and tp with what they must be, ORs
 *     one bit per changed register into cb_abi_mask, and repairs them.
 *   - zeroes the CB_FRAME_BYTES below its stack pointer (all the callee may store into besides
 *     its output buffers, so nothing a call leaves there reaches the next) and tells the
 *     counting plugin that stack pointer (a CB_SYS_ARM message, see insn_counter.c),
 * Only t0-t6 are used before the call and after it, so a0-a7/fa0-fa7 pass through untouched
 * and a0/a1/fa0/fa1 come back untouched. cb_clear_registers, called by cb_enter before the
 * arguments are set, zeroes every other register a call could leave a value in, and ends any
 load reservation (the address of the last lr.d is state a call could read with sc.d).
 *
 * Mask bits: s0..s11 -> 0..11, fs0..fs11 -> 12..23, sp -> 24, gp -> 25, tp -> 26.
 */
    .option norelax            /* gp may be broken by the candidate: never address through it */
    .text

    .globl _start
_start:
    la gp, __global_pointer$
    andi sp, sp, -16
    call cb_main
    li a7, 94                  /* exit_group(status) */
    ecall

    .globl cb_sys_write
cb_sys_write:                  /* long cb_sys_write(int fd, const void *buf, unsigned long n) */
    li a7, 64
    ecall
    ret

    .globl cb_sys_exit
cb_sys_exit:                   /* void cb_sys_exit(int status) */
    li a7, 94
    ecall
    j cb_sys_exit

#define CB_SYS_ARM 0x7cb0
    .globl cb_sys_arm
cb_sys_arm:                    /* long cb_sys_arm(long kind, unsigned long a, unsigned long b) */
    li a7, CB_SYS_ARM
    ecall
    ret

    .globl cb_clear_registers
cb_clear_registers:            /* every caller-saved register and the FP status to zero */
    la t0, cb_scratch          /* and no load reservation: an sc always ends it, and one left */
    sc.d t0, zero, (t0)        /* by the last call would let this one's sc.d succeed */
#define Z(r) li r, 0
#define ZF(r) fmv.d.x r, zero
    Z(a0); Z(a1); Z(a2); Z(a3); Z(a4); Z(a5); Z(a6); Z(a7)
    Z(t0); Z(t1); Z(t2); Z(t3); Z(t4); Z(t5); Z(t6)
    ZF(fa0); ZF(fa1); ZF(fa2); ZF(fa3); ZF(fa4); ZF(fa5); ZF(fa6); ZF(fa7)
    ZF(ft0); ZF(ft1); ZF(ft2); ZF(ft3); ZF(ft4); ZF(ft5); ZF(ft6); ZF(ft7)
    ZF(ft8); ZF(ft9); ZF(ft10); ZF(ft11)
    fscsr zero
    ret

#define FRAME 208
    .globl cb_trampoline
    .type cb_trampoline, @function
cb_trampoline:                 /* void cb_trampoline(...): calls cb_target with the same arguments */
    addi sp, sp, -FRAME
    sd ra, 0(sp)
    sd s0, 8(sp)
    sd s1, 16(sp)
    sd s2, 24(sp)
    sd s3, 32(sp)
    sd s4, 40(sp)
    sd s5, 48(sp)
    sd s6, 56(sp)
    sd s7, 64(sp)
    sd s8, 72(sp)
    sd s9, 80(sp)
    sd s10, 88(sp)
    sd s11, 96(sp)
    fsd fs0, 104(sp)
    fsd fs1, 112(sp)
    fsd fs2, 120(sp)
    fsd fs3, 128(sp)
    fsd fs4, 136(sp)
    fsd fs5, 144(sp)
    fsd fs6, 152(sp)
    fsd fs7, 160(sp)
    fsd fs8, 168(sp)
    fsd fs9, 176(sp)
    fsd fs10, 184(sp)
    fsd fs11, 192(sp)
    la t0, cb_saved_sp
    sd sp, 0(t0)
    sd gp, 8(t0)
    sd tp, 16(t0)
    li t1, CB_FRAME_BYTES      /* zero the callee's frame area: no state between calls */
    sub t1, sp, t1
1:  sd zero, 0(t1)
    sd zero, 8(t1)
    sd zero, 16(t1)
    sd zero, 24(t1)
    sd zero, 32(t1)
    sd zero, 40(t1)
    sd zero, 48(t1)
    sd zero, 56(t1)
    addi t1, t1, 64
    bltu t1, sp, 1b
    la t0, cb_scratch          /* tell the counting plugin the callee's entry sp */
    sd a0, 0(t0)
    sd a1, 8(t0)
    sd a7, 16(t0)
    li a7, CB_SYS_ARM
    li a0, 2                   /* CB_ARM_ENTER */
    mv a1, sp
    ecall
    ld a0, 0(t0)
    ld a1, 8(t0)
    ld a7, 16(t0)
    la t0, cb_canary
    ld s0, 0(t0)
    ld s1, 8(t0)
    ld s2, 16(t0)
    ld s3, 24(t0)
    ld s4, 32(t0)
    ld s5, 40(t0)
    ld s6, 48(t0)
    ld s7, 56(t0)
    ld s8, 64(t0)
    ld s9, 72(t0)
    ld s10, 80(t0)
    ld s11, 88(t0)
    fld fs0, 96(t0)
    fld fs1, 104(t0)
    fld fs2, 112(t0)
    fld fs3, 120(t0)
    fld fs4, 128(t0)
    fld fs5, 136(t0)
    fld fs6, 144(t0)
    fld fs7, 152(t0)
    fld fs8, 160(t0)
    fld fs9, 168(t0)
    fld fs10, 176(t0)
    fld fs11, 184(t0)
    la t0, cb_target
    ld t0, 0(t0)
    la ra, cb_trampoline_return    /* the callee returns to the one fixed address below */
    jr t0
    .size cb_trampoline, . - cb_trampoline

    /* Its own section, which harness.ld places at a fixed address: the counting plugin knows
       this is the one place candidate code may leave to. */
    .section .text.cb_return, "ax", @progbits
    .globl cb_trampoline_return
cb_trampoline_return:
    la t0, cb_canary
    li t1, 0                   /* mask of changed registers */
    li t2, 1                   /* the bit of the register being checked */
#define CHECK_X(reg, off) ld t3, off(t0); beq t3, reg, 1f; or t1, t1, t2; 1: slli t2, t2, 1
#define CHECK_F(reg, off) ld t3, off(t0); fmv.x.d t4, reg; beq t3, t4, 1f; or t1, t1, t2; 1: slli t2, t2, 1
    CHECK_X(s0, 0)
    CHECK_X(s1, 8)
    CHECK_X(s2, 16)
    CHECK_X(s3, 24)
    CHECK_X(s4, 32)
    CHECK_X(s5, 40)
    CHECK_X(s6, 48)
    CHECK_X(s7, 56)
    CHECK_X(s8, 64)
    CHECK_X(s9, 72)
    CHECK_X(s10, 80)
    CHECK_X(s11, 88)
    CHECK_F(fs0, 96)
    CHECK_F(fs1, 104)
    CHECK_F(fs2, 112)
    CHECK_F(fs3, 120)
    CHECK_F(fs4, 128)
    CHECK_F(fs5, 136)
    CHECK_F(fs6, 144)
    CHECK_F(fs7, 152)
    CHECK_F(fs8, 160)
    CHECK_F(fs9, 168)
    CHECK_F(fs10, 176)
    CHECK_F(fs11, 184)
    la t0, cb_saved_sp
    ld t3, 0(t0)
    beq t3, sp, 1f
    or t1, t1, t2
    mv sp, t3
1:  slli t2, t2, 1
    ld t3, 8(t0)
    beq t3, gp, 1f
    or t1, t1, t2
    mv gp, t3
1:  slli t2, t2, 1
    ld t3, 16(t0)
    beq t3, tp, 1f
    or t1, t1, t2
    mv tp, t3
1:  la t0, cb_abi_mask
    ld t3, 0(t0)
    or t3, t3, t1
    sd t3, 0(t0)
    ld ra, 0(sp)
    ld s0, 8(sp)
    ld s1, 16(sp)
    ld s2, 24(sp)
    ld s3, 32(sp)
    ld s4, 40(sp)
    ld s5, 48(sp)
    ld s6, 56(sp)
    ld s7, 64(sp)
    ld s8, 72(sp)
    ld s9, 80(sp)
    ld s10, 88(sp)
    ld s11, 96(sp)
    fld fs0, 104(sp)
    fld fs1, 112(sp)
    fld fs2, 120(sp)
    fld fs3, 128(sp)
    fld fs4, 136(sp)
    fld fs5, 144(sp)
    fld fs6, 152(sp)
    fld fs7, 160(sp)
    fld fs8, 168(sp)
    fld fs9, 176(sp)
    fld fs10, 184(sp)
    fld fs11, 192(sp)
    addi sp, sp, FRAME
    ret

    .section .cb_state, "aw", @progbits
    .align 3
    .globl cb_saved_sp
cb_saved_sp: .zero 24          /* sp, gp, tp at the call */
    .globl cb_scratch
cb_scratch: .zero 24           /* a0, a1, a7 while the trampoline messages the plugin */

    .section .note.GNU-stack,"",@progbits
