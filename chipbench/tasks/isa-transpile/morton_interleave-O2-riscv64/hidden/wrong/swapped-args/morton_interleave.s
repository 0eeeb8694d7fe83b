	.file	"morton_interleave.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	morton_interleave
	.type	morton_interleave, @function
morton_interleave:
	slli	a4,a0,8
	slli	a5,a1,8
	li	a3,16711680
	addi	a3,a3,255
	or	a0,a4,a0
	or	a1,a5,a1
	and	a0,a0,a3
	and	a1,a1,a3
	slli	a2,a0,4
	slli	a3,a1,4
	li	a5,252645376
	addi	a5,a5,-241
	or	a2,a2,a0
	or	a3,a3,a1
	and	a3,a3,a5
	and	a2,a2,a5
	slli	a5,a2,2
	slli	a4,a3,2
	li	a0,858992640
	addi	a0,a0,819
	or	a5,a5,a2
	or	a4,a4,a3
	and	a5,a5,a0
	and	a4,a4,a0
	slliw	a2,a5,1
	slli	a3,a4,1
	or	a1,a5,a2
	or	a5,a3,a4
	li	a4,-1431654400
	addi	a4,a4,-1366
	slliw	a1,a1,1
	and	a1,a1,a4
	li	a4,1431654400
	addi	a4,a4,1365
	and	a5,a5,a4
	or	a1,a1,a5
	sext.w	a1,a1
	ret
	.size	morton_interleave, .-morton_interleave
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
