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
	li	s1,-1431654400
	slliw	a4,a0,1
	addi	s1,s1,-1366
	and	a4,a4,s1
	li	s1,1431654400
	srliw	a0,a0,1
	addi	s1,s1,1365
	and	s1,s1,a0
	sext.w	a4,a4
	or	s1,s1,a4
	srliw	a4,s1,2
	slliw	a3,s1,2
	li	s1,-858992640
	addi	s1,s1,-820
	and	a3,a3,s1
	li	s1,858992640
	addi	s1,s1,819
	and	s1,s1,a4
	sext.w	a4,a3
	or	s1,s1,a4
	li	a3,252645376
	srliw	a4,s1,4
	addi	a3,a3,-241
	and	a4,a4,a3
	li	a3,-252645376
	addi	a3,a3,240
	slliw	s1,s1,4
	and	s1,s1,a3
	sext.w	a4,a4
	sext.w	s1,s1
	or	s1,a4,s1
	srliw	a4,s1,8
	slliw	a3,s1,8
	li	s1,-16711680
	addi	s1,s1,-256
	and	a3,a3,s1
	li	s1,16711680
	addi	s1,s1,255
	and	s1,s1,a4
	sext.w	a4,a3
	or	s1,s1,a4
	slliw	a0,s1,16
	srliw	s1,s1,16
	or	a0,a0,s1
	sext.w	a0,a0
	ret
	.size	bitrev32, .-bitrev32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
