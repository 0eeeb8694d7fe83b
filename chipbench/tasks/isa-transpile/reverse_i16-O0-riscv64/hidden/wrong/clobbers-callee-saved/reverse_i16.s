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
	li	s1,1
	bleu	a1,s1,.L1
	slli	s1,a1,1
	add	s1,a0,s1
	addi	a1,a1,-1
	li	a4,0
.L3:
	lh	a2,-2(s1)
	lh	a3,0(a0)
	addi	a4,a4,1
	sh	a2,0(a0)
	sh	a3,-2(s1)
	sub	a3,a1,a4
	addi	a0,a0,2
	addi	s1,s1,-2
	bltu	a4,a3,.L3
.L1:
	ret
	.size	reverse_i16, .-reverse_i16
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
