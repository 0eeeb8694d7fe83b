	.file	"reverse_i16.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	reverse_i16
	.type	reverse_i16, @function
reverse_i16:
	li	a5,2
	bleu	a1,a5,.L1
	slli	a5,a1,1
	add	a5,a0,a5
	addi	a1,a1,-1
	li	a4,0
.L3:
	lh	a2,-2(a5)
	lh	a3,0(a0)
	addi	a4,a4,1
	sh	a2,0(a0)
	sh	a3,-2(a5)
	sub	a3,a1,a4
	addi	a0,a0,2
	addi	a5,a5,-2
	bltu	a4,a3,.L3
.L1:
	ret
	.size	reverse_i16, .-reverse_i16
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
