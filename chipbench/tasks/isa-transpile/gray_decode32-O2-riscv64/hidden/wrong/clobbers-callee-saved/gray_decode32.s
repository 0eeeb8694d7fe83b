	.file	"gray_decode32.c"
	.option nopic
	.attribute arch, "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0"
	.attribute unaligned_access, 0
	.attribute stack_align, 16
	.text
	.align	1
	.globl	gray_decode32
	.type	gray_decode32, @function
gray_decode32:
	li	a4,5
	li	s1,1
.L2:
	srlw	a3,a0,s1
	xor	a0,a0,a3
	addiw	a4,a4,-1
	slliw	s1,s1,1
	sext.w	a0,a0
	bne	a4,zero,.L2
	ret
	.size	gray_decode32, .-gray_decode32
	.ident	"GCC: (Debian 12.2.0-13) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
