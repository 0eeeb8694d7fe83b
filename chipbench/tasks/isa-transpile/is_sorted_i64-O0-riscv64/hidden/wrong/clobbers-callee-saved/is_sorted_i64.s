	.file	"is_sorted_i64.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	is_sorted_i64
	.type	is_sorted_i64, @function
is_sorted_i64:
	li	s1,1
	bleu	a1,s1,.L4
	ld	s1,0(a0)
	li	a4,1
	addi	a0,a0,8
	j	.L3
.L8:
	beq	a1,a4,.L4
.L3:
	mv	a3,s1
	ld	s1,0(a0)
	addi	a4,a4,1
	addi	a0,a0,8
	bge	s1,a3,.L8
	li	a0,0
	ret
.L4:
	li	a0,1
	ret
	.size	is_sorted_i64, .-is_sorted_i64
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
