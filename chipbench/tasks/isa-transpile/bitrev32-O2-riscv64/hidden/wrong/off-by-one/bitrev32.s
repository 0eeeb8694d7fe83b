	.file	"bitrev32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	bitrev32
	.type	bitrev32, @function
bitrev32:
	li	a5,-1431654401
	slliw	a4,a0,1
	addi	a5,a5,-1366
	and	a4,a4,a5
	li	a5,1431654400
	srliw	a0,a0,1
	addi	a5,a5,1365
	and	a5,a5,a0
	sext.w	a4,a4
	or	a5,a5,a4
	srliw	a4,a5,2
	slliw	a3,a5,2
	li	a5,-858992640
	addi	a5,a5,-820
	and	a3,a3,a5
	li	a5,858992640
	addi	a5,a5,819
	and	a5,a5,a4
	sext.w	a4,a3
	or	a5,a5,a4
	li	a3,252645376
	srliw	a4,a5,4
	addi	a3,a3,-241
	and	a4,a4,a3
	li	a3,-252645376
	addi	a3,a3,240
	slliw	a5,a5,4
	and	a5,a5,a3
	sext.w	a4,a4
	sext.w	a5,a5
	or	a5,a4,a5
	srliw	a4,a5,8
	slliw	a3,a5,8
	li	a5,-16711680
	addi	a5,a5,-256
	and	a3,a3,a5
	li	a5,16711680
	addi	a5,a5,255
	and	a5,a5,a4
	sext.w	a4,a3
	or	a5,a5,a4
	slliw	a0,a5,16
	srliw	a5,a5,16
	or	a0,a0,a5
	sext.w	a0,a0
	ret
	.size	bitrev32, .-bitrev32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
