	.file	"next_pow2_u64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	next_pow2_u64
	.type	next_pow2_u64, @function
next_pow2_u64:
	li	a5,1
	bleu	a1,a5,.L3
	addi	a1,a1,-1
	srli	a5,a1,1
	or	a5,a5,a1
	srli	a4,a5,2
	or	a4,a4,a5
	srli	a5,a4,4
	or	a5,a5,a4
	srli	a4,a5,8
	or	a4,a4,a5
	srli	a5,a4,16
	or	a5,a5,a4
	srli	a1,a5,32
	or	a1,a1,a5
	addi	a1,a1,1
	ret
.L3:
	li	a1,1
	ret
	.size	next_pow2_u64, .-next_pow2_u64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
